package export

import (
	"encoding/json"

	"augur/internal/frontend/model"
)

// JSONSchema names the version of the JSON form; it changes only when a
// field changes meaning or disappears (new optional fields may be added).
const JSONSchema = "augur.model/1"

// JSONModel is the root of the JSON form, see docs/export.md.
type JSONModel struct {
	Schema string      `json:"schema"`
	File   string      `json:"file"`
	Model  string      `json:"model"`
	Line   int32       `json:"line"`
	Col    int32       `json:"col"`
	Decls  []*JSONNode `json:"decls"`
}

// JSONNode is a declaration, statement or branch. Kind says which fields
// are present; expressions are source text.
type JSONNode struct {
	Kind string `json:"kind"`
	Name string `json:"name,omitempty"`
	Line int32  `json:"line"`
	Col  int32  `json:"col"`

	// param, global, local, assign
	Value string `json:"value,omitempty"`
	// param: the program argument it is bound to, "arg 2" or "arg count"
	Arg string `json:"arg,omitempty"`
	// cost
	Params *[]string `json:"params,omitempty"`
	// cost: the body expression; action, delay, communication: the cost
	Cost string `json:"cost,omitempty"`

	// action: the code fragment, present (maybe empty) when written
	Code *[]*JSONNode `json:"code,omitempty"`

	// branch of an if (cond) or choose (prob); else branches have neither
	Cond string `json:"cond,omitempty"`
	Prob string `json:"prob,omitempty"`

	// loop
	Count string `json:"count,omitempty"`
	// for, pfor
	Var  string `json:"var,omitempty"`
	From string `json:"from,omitempty"`
	To   string `json:"to,omitempty"`
	Step string `json:"step,omitempty"`
	// parallel, pfor ("" means the threads system parameter)
	Threads  string `json:"threads,omitempty"`
	Schedule string `json:"schedule,omitempty"`
	Chunk    string `json:"chunk,omitempty"`

	// communication
	Peer       string   `json:"peer,omitempty"` // "any" for recv from any
	Root       string   `json:"root,omitempty"`
	Size       string   `json:"size,omitempty"`
	Tag        string   `json:"tag,omitempty"` // "any" for any tag
	Algorithm  string   `json:"algorithm,omitempty"`
	On         []string `json:"on,omitempty"`
	ThreadSync bool     `json:"thread_barrier,omitempty"`

	// if, choose: the branches in order, the else branch last
	Branches []*JSONNode `json:"branches,omitempty"`
	// activity, branch, loop, for, parallel, pfor, critical
	Body *[]*JSONNode `json:"body,omitempty"`
}

// JSONWriter is a ContentHandler that builds the JSON form of a model.
type JSONWriter struct {
	BaseHandler
	Model *JSONModel
	// stack of the bodies being filled
	stack []*[]*JSONNode
	open  []*JSONNode
}

// NewJSONWriter returns a writer; Traverse a model with it, then marshal
// its Model.
func NewJSONWriter() *JSONWriter { return &JSONWriter{} }

func at(kind, name string, pos model.Pos) *JSONNode {
	return &JSONNode{Kind: kind, Name: name, Line: pos.Line, Col: pos.Col}
}

func newBody() *[]*JSONNode {
	b := []*JSONNode{}
	return &b
}

func (j *JSONWriter) add(n *JSONNode) {
	if len(j.stack) == 0 {
		j.Model.Decls = append(j.Model.Decls, n)
		return
	}
	if b := j.stack[len(j.stack)-1]; b != nil {
		*b = append(*b, n)
	}
}

// enter adds n and makes its body the current one.
func (j *JSONWriter) enter(n *JSONNode) {
	j.add(n)
	if n.Body == nil {
		n.Body = newBody()
	}
	j.stack = append(j.stack, n.Body)
	j.open = append(j.open, n)
}

func (j *JSONWriter) leave() {
	if len(j.stack) > 0 {
		j.stack = j.stack[:len(j.stack)-1]
		j.open = j.open[:len(j.open)-1]
	}
}

func (j *JSONWriter) StartModel(f *model.File) {
	j.Model = &JSONModel{Schema: JSONSchema, File: f.Filename, Model: f.Name,
		Line: f.NamePos.Line, Col: f.NamePos.Col, Decls: []*JSONNode{}}
}

func (j *JSONWriter) Var(d *model.VarDecl) {
	n := at(d.Kind.String(), identName(d.Name), d.Pos)
	n.Value = exprOr(d.Value)
	if d.Arg != nil {
		n.Arg = d.Arg.String()
	}
	j.add(n)
}

func (j *JSONWriter) Cost(d *model.CostDecl) {
	n := at("cost", identName(d.Name), d.Pos)
	ps := make([]string, len(d.Params))
	for i, p := range d.Params {
		ps[i] = identName(p)
	}
	n.Params = &ps
	n.Cost = exprOr(d.Body)
	j.add(n)
}

func (j *JSONWriter) StartActivity(a *model.ActivityDecl) {
	j.enter(at("activity", identName(a.Name), a.Pos))
}

func (j *JSONWriter) EndActivity(*model.ActivityDecl) { j.leave() }

func assignNode(s *model.Assign) *JSONNode {
	n := at("assign", identName(s.Name), identPos(s.Name))
	n.Value = exprOr(s.Value)
	return n
}

func (j *JSONWriter) Assign(s *model.Assign) { j.add(assignNode(s)) }

func (j *JSONWriter) Action(s *model.Action) {
	n := at("action", identName(s.Name), s.Pos)
	n.Cost = exprOr(s.Cost)
	if s.HasCode || len(s.Code) > 0 {
		code := []*JSONNode{}
		for _, a := range s.Code {
			if a != nil {
				code = append(code, assignNode(a))
			}
		}
		n.Code = &code
	}
	j.add(n)
}

func (j *JSONWriter) Delay(s *model.Delay) {
	n := at("delay", identName(s.Name), s.Pos)
	n.Cost = exprOr(s.Cost)
	j.add(n)
}

func (j *JSONWriter) Priority(s *model.Priority) {
	n := at("priority", "", s.Pos)
	n.Value = exprOr(s.Value)
	j.add(n)
}

func (j *JSONWriter) Comm(s *model.Comm) {
	n := at(kindWord(s.Kind), identName(s.Name), s.Pos)
	if s.AnyPeer {
		n.Peer = "any"
	} else {
		n.Peer = exprOr(s.Peer)
	}
	n.Root = exprOr(s.Root)
	n.Size = exprOr(s.Size)
	if s.AnyTag {
		n.Tag = "any"
	} else {
		n.Tag = exprOr(s.Tag)
	}
	n.Cost = exprOr(s.Cost)
	if s.Algo != nil {
		n.Algorithm = s.Algo.Name
	}
	for _, id := range s.On {
		n.On = append(n.On, identName(id))
	}
	n.ThreadSync = s.Threads
	j.add(n)
}

func (j *JSONWriter) Call(s *model.Call) {
	j.add(at("call", identName(s.Name), s.Pos))
}

func (j *JSONWriter) StartDecision(s *model.If) {
	n := at("if", "", s.Pos)
	n.Branches = []*JSONNode{}
	j.add(n)
	j.open = append(j.open, n)
	j.stack = append(j.stack, nil)
}

func (j *JSONWriter) EndDecision(*model.If) { j.leave() }

func (j *JSONWriter) StartChoose(s *model.Choose) {
	n := at("choose", "", s.Pos)
	n.Branches = []*JSONNode{}
	j.add(n)
	j.open = append(j.open, n)
	j.stack = append(j.stack, nil)
}

func (j *JSONWriter) EndChoose(*model.Choose) { j.leave() }

func (j *JSONWriter) StartBranch(b Branch) {
	var parent *JSONNode
	if len(j.open) > 0 {
		parent = j.open[len(j.open)-1]
	}
	n := &JSONNode{Kind: "branch", Body: newBody()}
	if b.Else {
		n.Kind = "else"
	}
	// A branch is where its guard is, or its `{` for an else.
	pos := safePos(b.Guard)
	if !pos.IsValid() && b.Body != nil {
		pos = b.Body.Lbrace
	}
	n.Line, n.Col = pos.Line, pos.Col
	if !b.Else {
		g := exprOr(b.Guard)
		if g == "" {
			g = "?"
		}
		if parent != nil && parent.Kind == "choose" {
			n.Prob = g
		} else {
			n.Cond = g
		}
	}
	if parent != nil {
		parent.Branches = append(parent.Branches, n)
	}
	j.stack = append(j.stack, n.Body)
	j.open = append(j.open, n)
}

func (j *JSONWriter) EndBranch(Branch) { j.leave() }

func (j *JSONWriter) StartLoop(s model.Stmt) {
	switch s := s.(type) {
	case *model.Loop:
		n := at("loop", "", s.Pos)
		n.Count = exprOr(s.Count)
		j.enter(n)
	case *model.For:
		n := at("for", "", s.Pos)
		n.Var = identName(s.Var)
		n.From, n.To, n.Step = exprOr(s.From), exprOr(s.To), exprOr(s.Step)
		j.enter(n)
	}
}

func (j *JSONWriter) EndLoop(model.Stmt) { j.leave() }

func (j *JSONWriter) StartParallel(s model.Stmt) {
	switch s := s.(type) {
	case *model.Parallel:
		n := at("parallel", identName(s.Name), s.Pos)
		n.Threads = exprOr(s.Threads)
		j.enter(n)
	case *model.ParallelFor:
		n := at("pfor", identName(s.Name), s.Pos)
		n.Var = identName(s.Var)
		n.From, n.To = exprOr(s.From), exprOr(s.To)
		n.Threads = exprOr(s.Threads)
		n.Schedule = s.Schedule.String()
		n.Chunk = exprOr(s.Chunk)
		j.enter(n)
	}
}

func (j *JSONWriter) EndParallel(model.Stmt) { j.leave() }

func (j *JSONWriter) StartCritical(s *model.Critical) {
	j.enter(at(s.Kind.Keyword(), identName(s.Name), s.Pos))
}

func (j *JSONWriter) EndCritical(*model.Critical) { j.leave() }

// MarshalIndent returns the JSON text of the model.
func (j *JSONWriter) MarshalIndent() ([]byte, error) {
	return json.MarshalIndent(j.Model, "", "  ")
}
