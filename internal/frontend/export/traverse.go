// Package export writes a model in other forms: a Graphviz or PlantUML
// activity diagram, or JSON. It follows the design of Pllana et al.'s model transformation paper (§3,
// Fig. 3.4): a Traverser walks the model, a Navigator tells it which
// declarations and statements to visit, and a ContentHandler receives what
// it finds. The three are independent, so a new output is a new
// ContentHandler and nothing else.
package export

import "augur/internal/frontend/model"

// Branch is one branch of an `if` or a `choose`.
type Branch struct {
	Index int        // 0, 1, ... in source order; the else branch comes last
	Guard model.Expr // the condition or the probability; nil for else
	Else  bool
	Body  *model.Block // may be nil in a partial tree
}

// ContentHandler receives the model from a Traverser, in order. Start and
// End calls nest properly. Parameters are never nil.
type ContentHandler interface {
	StartModel(f *model.File)
	EndModel(f *model.File)

	Var(d *model.VarDecl)
	Cost(d *model.CostDecl)
	StartActivity(a *model.ActivityDecl)
	EndActivity(a *model.ActivityDecl)

	Assign(s *model.Assign)
	Action(s *model.Action)
	Delay(s *model.Delay)
	Priority(s *model.Priority)
	Comm(s *model.Comm)
	Call(s *model.Call)

	// StartDecision begins an `if`; each branch, the else included, comes
	// between StartBranch and EndBranch.
	StartDecision(s *model.If)
	EndDecision(s *model.If)
	// StartChoose begins a probabilistic branch; Branch.Guard is the
	// probability.
	StartChoose(s *model.Choose)
	EndChoose(s *model.Choose)
	StartBranch(b Branch)
	EndBranch(b Branch)

	// StartLoop begins a *model.Loop or a *model.For.
	StartLoop(s model.Stmt)
	EndLoop(s model.Stmt)
	// StartParallel begins a *model.Parallel or a *model.ParallelFor.
	StartParallel(s model.Stmt)
	EndParallel(s model.Stmt)
	StartCritical(s *model.Critical)
	EndCritical(s *model.Critical)
}

// BaseHandler implements ContentHandler with methods that do nothing, for
// embedding in handlers that only need some events.
type BaseHandler struct{}

func (BaseHandler) StartModel(*model.File)            {}
func (BaseHandler) EndModel(*model.File)              {}
func (BaseHandler) Var(*model.VarDecl)                {}
func (BaseHandler) Cost(*model.CostDecl)              {}
func (BaseHandler) StartActivity(*model.ActivityDecl) {}
func (BaseHandler) EndActivity(*model.ActivityDecl)   {}
func (BaseHandler) Assign(*model.Assign)              {}
func (BaseHandler) Action(*model.Action)              {}
func (BaseHandler) Delay(*model.Delay)                {}
func (BaseHandler) Priority(*model.Priority)          {}
func (BaseHandler) Comm(*model.Comm)                  {}
func (BaseHandler) Call(*model.Call)                  {}
func (BaseHandler) StartDecision(*model.If)           {}
func (BaseHandler) EndDecision(*model.If)             {}
func (BaseHandler) StartChoose(*model.Choose)         {}
func (BaseHandler) EndChoose(*model.Choose)           {}
func (BaseHandler) StartBranch(Branch)                {}
func (BaseHandler) EndBranch(Branch)                  {}
func (BaseHandler) StartLoop(model.Stmt)              {}
func (BaseHandler) EndLoop(model.Stmt)                {}
func (BaseHandler) StartParallel(model.Stmt)          {}
func (BaseHandler) EndParallel(model.Stmt)            {}
func (BaseHandler) StartCritical(*model.Critical)     {}
func (BaseHandler) EndCritical(*model.Critical)       {}

// Navigator chooses what a Traverser visits and in which order.
type Navigator interface {
	// Decls returns the declarations of f to visit.
	Decls(f *model.File) []model.Decl
	// Stmts returns the statements of b to visit.
	Stmts(b *model.Block) []model.Stmt
}

// SourceOrder visits everything in the order of the source.
type SourceOrder struct{}

func (SourceOrder) Decls(f *model.File) []model.Decl { return f.Decls }

func (SourceOrder) Stmts(b *model.Block) []model.Stmt { return b.Stmts }

// Reachable visits the variables and cost functions, then main and the
// activities it calls directly or indirectly, in the order they are first
// called (breadth first). Activities that never run are left out.
type Reachable struct{}

func (Reachable) Stmts(b *model.Block) []model.Stmt { return b.Stmts }

func (Reachable) Decls(f *model.File) []model.Decl {
	acts := map[string]*model.ActivityDecl{}
	var out []model.Decl
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *model.ActivityDecl:
			if d != nil && d.Name != nil {
				if _, dup := acts[d.Name.Name]; !dup {
					acts[d.Name.Name] = d
				}
			}
		case nil:
		default:
			out = append(out, d)
		}
	}
	main := acts["main"]
	if main == nil {
		return out
	}
	seen := map[string]bool{"main": true}
	queue := []*model.ActivityDecl{main}
	for len(queue) > 0 {
		a := queue[0]
		queue = queue[1:]
		out = append(out, a)
		var calls []string
		collectCalls(a.Body, &calls)
		for _, name := range calls {
			if callee := acts[name]; callee != nil && !seen[name] {
				seen[name] = true
				queue = append(queue, callee)
			}
		}
	}
	return out
}

func collectCalls(b *model.Block, out *[]string) {
	if b == nil {
		return
	}
	for _, s := range b.Stmts {
		switch s := s.(type) {
		case *model.Call:
			if s != nil && s.Name != nil {
				*out = append(*out, s.Name.Name)
			}
		default:
			for _, child := range children(s) {
				collectCalls(child, out)
			}
		}
	}
}

// children returns the blocks nested directly in s.
func children(s model.Stmt) []*model.Block {
	switch s := s.(type) {
	case *model.If:
		if s == nil {
			return nil
		}
		return append(append([]*model.Block(nil), s.Thens...), s.Else)
	case *model.Choose:
		if s == nil {
			return nil
		}
		return append(append([]*model.Block(nil), s.Alts...), s.Else)
	case *model.Loop:
		if s != nil {
			return []*model.Block{s.Body}
		}
	case *model.For:
		if s != nil {
			return []*model.Block{s.Body}
		}
	case *model.Parallel:
		if s != nil {
			return []*model.Block{s.Body}
		}
	case *model.ParallelFor:
		if s != nil {
			return []*model.Block{s.Body}
		}
	case *model.Critical:
		if s != nil {
			return []*model.Block{s.Body}
		}
	}
	return nil
}

// Traverser walks a model and reports it to Handler. Nav defaults to
// SourceOrder. It tolerates the partial trees the parser returns after
// syntax errors: nil declarations, statements and blocks are skipped.
type Traverser struct {
	Nav     Navigator
	Handler ContentHandler
}

// Traverse walks f.
func (t *Traverser) Traverse(f *model.File) {
	if f == nil || t.Handler == nil {
		return
	}
	if t.Nav == nil {
		t.Nav = SourceOrder{}
	}
	h := t.Handler
	h.StartModel(f)
	for _, d := range t.Nav.Decls(f) {
		switch d := d.(type) {
		case *model.VarDecl:
			if d != nil {
				h.Var(d)
			}
		case *model.CostDecl:
			if d != nil {
				h.Cost(d)
			}
		case *model.ActivityDecl:
			if d != nil {
				h.StartActivity(d)
				t.block(d.Body)
				h.EndActivity(d)
			}
		}
	}
	h.EndModel(f)
}

func (t *Traverser) block(b *model.Block) {
	if b == nil {
		return
	}
	for _, s := range t.Nav.Stmts(b) {
		t.stmt(s)
	}
}

func (t *Traverser) branches(guards []model.Expr, bodies []*model.Block, els *model.Block) {
	h := t.Handler
	n := max(len(guards), len(bodies))
	for i := 0; i < n; i++ {
		b := Branch{Index: i}
		if i < len(guards) {
			b.Guard = guards[i]
		}
		if i < len(bodies) {
			b.Body = bodies[i]
		}
		h.StartBranch(b)
		t.block(b.Body)
		h.EndBranch(b)
	}
	if els != nil {
		b := Branch{Index: n, Else: true, Body: els}
		h.StartBranch(b)
		t.block(els)
		h.EndBranch(b)
	}
}

func (t *Traverser) stmt(s model.Stmt) {
	h := t.Handler
	switch s := s.(type) {
	case *model.Assign:
		if s != nil {
			h.Assign(s)
		}
	case *model.Action:
		if s != nil {
			h.Action(s)
		}
	case *model.Delay:
		if s != nil {
			h.Delay(s)
		}
	case *model.Priority:
		if s != nil {
			h.Priority(s)
		}
	case *model.Comm:
		if s != nil {
			h.Comm(s)
		}
	case *model.Call:
		if s != nil {
			h.Call(s)
		}
	case *model.If:
		if s != nil {
			h.StartDecision(s)
			t.branches(s.Conds, s.Thens, s.Else)
			h.EndDecision(s)
		}
	case *model.Choose:
		if s != nil {
			h.StartChoose(s)
			t.branches(s.Probs, s.Alts, s.Else)
			h.EndChoose(s)
		}
	case *model.Loop:
		if s != nil {
			h.StartLoop(s)
			t.block(s.Body)
			h.EndLoop(s)
		}
	case *model.For:
		if s != nil {
			h.StartLoop(s)
			t.block(s.Body)
			h.EndLoop(s)
		}
	case *model.Parallel:
		if s != nil {
			h.StartParallel(s)
			t.block(s.Body)
			h.EndParallel(s)
		}
	case *model.ParallelFor:
		if s != nil {
			h.StartParallel(s)
			t.block(s.Body)
			h.EndParallel(s)
		}
	case *model.Critical:
		if s != nil {
			h.StartCritical(s)
			t.block(s.Body)
			h.EndCritical(s)
		}
	}
}
