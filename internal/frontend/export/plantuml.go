package export

import (
	"fmt"
	"strings"

	"augur/internal/frontend/model"
)

// PlantUMLWriter is a ContentHandler that writes a PlantUML activity
// diagram: one partition per activity (named "activity NAME"), a
// partition around each parallel region and critical section.
type PlantUMLWriter struct {
	BaseHandler
	b      strings.Builder
	indent int
	choose []bool // open branchings: true for a choose, false for an if
}

// NewPlantUMLWriter returns a writer; Traverse a model with it, then call
// String.
func NewPlantUMLWriter() *PlantUMLWriter { return &PlantUMLWriter{} }

// String returns the diagram.
func (p *PlantUMLWriter) String() string { return p.b.String() }

func (p *PlantUMLWriter) line(format string, args ...any) {
	p.b.WriteString(strings.Repeat("  ", p.indent))
	fmt.Fprintf(&p.b, format, args...)
	p.b.WriteByte('\n')
}

// pumlText makes s safe inside a PlantUML label on one line: line breaks
// become \n, and characters PlantUML would take for markup or the end of
// the label are avoided.
func pumlText(s string) string {
	return strings.NewReplacer("\n", `\n`, "\r", "", "\\", "\\\\").Replace(s)
}

// activity writes `:label;` with terminator `;`, or end (one of > < for
// SDL send/receive shapes).
func (p *PlantUMLWriter) activity(label, end string) {
	p.line(":%s%s", pumlText(label), end)
}

func (p *PlantUMLWriter) StartModel(f *model.File) {
	p.line("@startuml")
	if f.Name != "" {
		p.line("title model %s", pumlText(f.Name))
	}
}

func (p *PlantUMLWriter) EndModel(*model.File) { p.line("@enduml") }

func (p *PlantUMLWriter) StartActivity(a *model.ActivityDecl) {
	p.line("partition %q {", "activity "+identName(a.Name))
	p.indent++
	p.line("start")
}

func (p *PlantUMLWriter) EndActivity(*model.ActivityDecl) {
	p.line("stop")
	p.indent--
	p.line("}")
}

func (p *PlantUMLWriter) Assign(s *model.Assign) { p.activity(assignText(s), ";") }

func (p *PlantUMLWriter) Priority(s *model.Priority) {
	p.activity("priority "+ExprString(s.Value), ";")
}

func (p *PlantUMLWriter) Action(s *model.Action) {
	label := "«action+» " + identName(s.Name)
	if s.Cost != nil {
		label += "\n" + ExprString(s.Cost)
	}
	if len(s.Code) > 0 {
		label += "\n{ " + codeText(s.Code) + " }"
	}
	p.activity(label, ";")
}

func (p *PlantUMLWriter) Delay(s *model.Delay) {
	label := "«delay» " + identName(s.Name)
	if s.Cost != nil {
		label += "\n" + ExprString(s.Cost)
	}
	p.activity(label, ";")
}

func (p *PlantUMLWriter) Comm(s *model.Comm) {
	label := "«" + kindWord(s.Kind) + "» " + identName(s.Name)
	if cl := commClauses(s); cl != "" {
		label += "\n" + cl
	}
	end := ";"
	switch s.Kind {
	case model.SendComm, model.IsendComm:
		end = ">"
	case model.RecvComm, model.IrecvComm:
		end = "<"
	}
	p.activity(label, end)
}

func (p *PlantUMLWriter) Call(s *model.Call) {
	p.activity("«activity+» "+identName(s.Name), ";")
}

func (p *PlantUMLWriter) StartDecision(*model.If) { p.choose = append(p.choose, false) }

func (p *PlantUMLWriter) EndDecision(*model.If) {
	p.pop()
	p.line("endif")
}

func (p *PlantUMLWriter) StartChoose(*model.Choose) {
	p.choose = append(p.choose, true)
	p.line("switch (choose)")
}

func (p *PlantUMLWriter) EndChoose(s *model.Choose) {
	p.pop()
	if s.Else == nil {
		p.line("case (else)")
	}
	p.line("endswitch")
}

func (p *PlantUMLWriter) pop() {
	if len(p.choose) > 0 {
		p.choose = p.choose[:len(p.choose)-1]
	}
}

// inChoose tells the branches of a choose from those of an if.
func (p *PlantUMLWriter) inChoose() bool {
	return len(p.choose) > 0 && p.choose[len(p.choose)-1]
}

func (p *PlantUMLWriter) StartBranch(b Branch) {
	guard := pumlText(exprOr(b.Guard))
	if guard == "" {
		guard = "?"
	}
	// A choose's branches are switch cases; an if's are if/elseif/else.
	if p.inChoose() {
		if b.Else {
			p.line("case (else)")
		} else {
			p.line("case (%s)", guard)
		}
		p.indent++
		return
	}
	switch {
	case b.Else:
		p.line("else (no)")
	case b.Index == 0:
		p.line("if (%s) then (yes)", guard)
	default:
		p.line("elseif (%s) then (yes)", guard)
	}
	p.indent++
}

func (p *PlantUMLWriter) EndBranch(Branch) { p.indent-- }

func (p *PlantUMLWriter) StartLoop(s model.Stmt) {
	p.line("while (%s) is (next)", pumlText(loopGuard(s)))
	p.indent++
}

func (p *PlantUMLWriter) EndLoop(model.Stmt) {
	p.indent--
	p.line("endwhile (done)")
}

func (p *PlantUMLWriter) StartParallel(s model.Stmt) {
	// PlantUML rejects guillemets in partition names.
	head, detail := parallelText(s)
	head = strings.NewReplacer("«", "", "»", "").Replace(head)
	if detail != "" {
		head += " " + detail
	}
	p.line("partition %q {", head)
	p.indent++
	p.line("fork")
	p.indent++
}

func (p *PlantUMLWriter) EndParallel(model.Stmt) {
	p.indent--
	p.line("end fork")
	p.indent--
	p.line("}")
}

func (p *PlantUMLWriter) StartCritical(s *model.Critical) {
	p.line("partition %q {", s.Kind.Keyword()+" "+identName(s.Name))
	p.indent++
}

func (p *PlantUMLWriter) EndCritical(*model.Critical) {
	p.indent--
	p.line("}")
}
