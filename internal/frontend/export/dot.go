package export

import (
	"fmt"
	"strings"

	"augur/internal/frontend/model"
)

// tail is an open end of the flow: the next node gets an edge from node,
// labelled with guard.
type tail struct {
	node  string
	guard string
}

// dotFrame is an open decision, choose, loop or parallel region.
type dotFrame struct {
	node    string // the decision diamond, loop diamond or fork bar
	out     []tail // ends of the finished branches
	hasElse bool
}

// DotWriter is a ContentHandler that draws a UML activity diagram in the
// Graphviz dot language: one cluster per activity.
type DotWriter struct {
	BaseHandler
	b      strings.Builder
	edges  []string
	indent int
	n      int
	tails  []tail
	frames []*dotFrame
	// Activities drawn so far: name → cluster and initial node.
	clusters map[string][2]string
	calls    []tail // call node → called activity name (in guard)
	nacts    int
	ncrit    int
}

// NewDotWriter returns a writer; Traverse a model with it, then call
// String or WriteTo.
func NewDotWriter() *DotWriter { return &DotWriter{clusters: map[string][2]string{}} }

// String returns the graph.
func (d *DotWriter) String() string { return d.b.String() }

func dotQuote(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\n`)
	return `"` + r.Replace(s) + `"`
}

func (d *DotWriter) line(format string, args ...any) {
	d.b.WriteString(strings.Repeat("  ", d.indent))
	fmt.Fprintf(&d.b, format, args...)
	d.b.WriteByte('\n')
}

// node declares a node with the given attributes and returns its id.
func (d *DotWriter) node(attrs string) string {
	d.n++
	id := fmt.Sprintf("n%d", d.n)
	d.line("%s [%s];", id, attrs)
	return id
}

func (d *DotWriter) edge(from, to, guard, extra string) {
	attrs := []string{}
	if guard != "" {
		attrs = append(attrs, "label="+dotQuote("["+guard+"]"))
	}
	if extra != "" {
		attrs = append(attrs, extra)
	}
	e := from + " -> " + to
	if len(attrs) > 0 {
		e += " [" + strings.Join(attrs, ", ") + "]"
	}
	d.edges = append(d.edges, e+";")
}

// flow connects every open end to the node id, which becomes the only
// open end.
func (d *DotWriter) flow(id string) {
	for _, t := range d.tails {
		d.edge(t.node, id, t.guard, "")
	}
	d.tails = []tail{{node: id}}
}

func (d *DotWriter) box(label string) string {
	return d.node("shape=box, style=rounded, label=" + dotQuote(label))
}

func (d *DotWriter) diamond() string {
	return d.node(`shape=diamond, label="", width=0.3, height=0.3`)
}

func (d *DotWriter) bar(xlabel string) string {
	return d.node(`shape=box, style=filled, fillcolor=black, label="", width=1.5, height=0.06, xlabel=` + dotQuote(xlabel))
}

func (d *DotWriter) StartModel(f *model.File) {
	name := f.Name
	if name == "" {
		name = "model"
	}
	d.line("digraph %s {", dotQuote(name))
	d.indent++
	d.line("compound=true;")
	d.line("newrank=true;")
	d.line("label=%s;", dotQuote("model "+name))
	d.line("labelloc=t;")
	d.line(`node [fontname="Helvetica", fontsize=10];`)
	d.line(`edge [fontname="Helvetica", fontsize=9];`)
}

func (d *DotWriter) EndModel(*model.File) {
	for _, c := range d.calls {
		if cl, ok := d.clusters[c.guard]; ok {
			d.edges = append(d.edges, fmt.Sprintf("%s -> %s [style=dashed, arrowhead=open, lhead=%s, constraint=false];", c.node, cl[1], cl[0]))
		}
	}
	for _, e := range d.edges {
		d.line("%s", e)
	}
	d.indent--
	d.line("}")
}

func (d *DotWriter) StartActivity(a *model.ActivityDecl) {
	d.nacts++
	cluster := fmt.Sprintf("cluster_%d", d.nacts)
	d.line("subgraph %s {", cluster)
	d.indent++
	d.line("label=%s;", dotQuote("«activity» "+identName(a.Name)))
	d.line("style=rounded;")
	init := d.node(`shape=circle, style=filled, fillcolor=black, label="", width=0.2`)
	if name := identName(a.Name); name != "" {
		if _, dup := d.clusters[name]; !dup {
			d.clusters[name] = [2]string{cluster, init}
		}
	}
	d.tails = []tail{{node: init}}
	d.frames = nil
}

func (d *DotWriter) EndActivity(*model.ActivityDecl) {
	final := d.node(`shape=doublecircle, style=filled, fillcolor=black, label="", width=0.12`)
	d.flow(final)
	d.tails = nil
	d.indent--
	d.line("}")
}

func (d *DotWriter) Assign(s *model.Assign) {
	d.flow(d.node("shape=box, label=" + dotQuote(assignText(s))))
}

func (d *DotWriter) Priority(s *model.Priority) {
	d.flow(d.node("shape=box, label=" + dotQuote("priority "+ExprString(s.Value))))
}

func (d *DotWriter) Action(s *model.Action) {
	label := "«action+» " + identName(s.Name)
	if s.Cost != nil {
		label += "\n" + ExprString(s.Cost)
	}
	if len(s.Code) > 0 {
		label += "\n{ " + codeText(s.Code) + " }"
	}
	d.flow(d.box(label))
}

func (d *DotWriter) Delay(s *model.Delay) {
	label := "«delay» " + identName(s.Name)
	if s.Cost != nil {
		label += "\n" + ExprString(s.Cost)
	}
	d.flow(d.box(label))
}

func (d *DotWriter) Comm(s *model.Comm) {
	label := "«" + kindWord(s.Kind) + "» " + identName(s.Name)
	if cl := commClauses(s); cl != "" {
		label += "\n" + cl
	}
	shape := "box, style=rounded"
	switch s.Kind {
	case model.SendComm, model.IsendComm:
		shape = "cds" // UML send signal
	}
	d.flow(d.node("shape=" + shape + ", label=" + dotQuote(label)))
}

func (d *DotWriter) Call(s *model.Call) {
	id := d.node("shape=box, style=\"rounded,bold\", label=" + dotQuote("«activity+» "+identName(s.Name)))
	d.flow(id)
	d.calls = append(d.calls, tail{node: id, guard: identName(s.Name)})
}

func (d *DotWriter) push(node string) {
	d.frames = append(d.frames, &dotFrame{node: node})
}

func (d *DotWriter) top() *dotFrame {
	if len(d.frames) == 0 {
		return &dotFrame{}
	}
	return d.frames[len(d.frames)-1]
}

func (d *DotWriter) pop() *dotFrame {
	f := d.top()
	if len(d.frames) > 0 {
		d.frames = d.frames[:len(d.frames)-1]
	}
	return f
}

func (d *DotWriter) startBranching() {
	id := d.diamond()
	d.flow(id)
	d.push(id)
}

func (d *DotWriter) endBranching() {
	f := d.pop()
	if !f.hasElse {
		f.out = append(f.out, tail{node: f.node, guard: "else"})
	}
	d.tails = f.out
	d.flow(d.diamond())
}

func (d *DotWriter) StartDecision(*model.If)   { d.startBranching() }
func (d *DotWriter) EndDecision(*model.If)     { d.endBranching() }
func (d *DotWriter) StartChoose(*model.Choose) { d.startBranching() }
func (d *DotWriter) EndChoose(*model.Choose)   { d.endBranching() }

func (d *DotWriter) StartBranch(b Branch) {
	f := d.top()
	guard := "else"
	if !b.Else {
		guard = exprOr(b.Guard)
		if guard == "" {
			guard = "?"
		}
	} else {
		f.hasElse = true
	}
	d.tails = []tail{{node: f.node, guard: guard}}
}

func (d *DotWriter) EndBranch(Branch) {
	f := d.top()
	f.out = append(f.out, d.tails...)
}

// A loop is a diamond that is both merge and decision: the guard with the
// count leads into the body, whose end returns to the diamond.
func (d *DotWriter) StartLoop(s model.Stmt) {
	id := d.diamond()
	d.flow(id)
	d.push(id)
	d.tails = []tail{{node: id, guard: loopGuard(s)}}
}

func (d *DotWriter) EndLoop(model.Stmt) {
	f := d.pop()
	for _, t := range d.tails {
		d.edge(t.node, f.node, t.guard, "")
	}
	d.tails = []tail{{node: f.node, guard: "done"}}
}

func (d *DotWriter) StartParallel(s model.Stmt) {
	head, detail := parallelText(s)
	if detail != "" {
		head += "\n" + detail
	}
	d.flow(d.bar(head))
}

func (d *DotWriter) EndParallel(model.Stmt) {
	d.flow(d.bar(""))
}

func (d *DotWriter) StartCritical(s *model.Critical) {
	d.ncrit++
	d.line("subgraph cluster_critical_%d {", d.ncrit)
	d.indent++
	d.line("label=%s;", dotQuote("«"+s.Kind.Keyword()+"» "+identName(s.Name)))
	d.line("style=dashed;")
}

func (d *DotWriter) EndCritical(*model.Critical) {
	d.indent--
	d.line("}")
}
