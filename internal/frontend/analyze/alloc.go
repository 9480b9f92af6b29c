package analyze

import "modernc.org/cc/v4"

// Allocations: the size of what a pointer was given tells at which
// memory level accesses through it that the analysis cannot follow
// (x[col[k]]) are priced, and how many fresh pages its first writes
// fault in. Programs seldom call malloc directly: benchmark suites wrap
// it (a function that checks for NULL and returns malloc's pointer, or
// one that calls posix_memalign and returns the pointer it set). Any
// function of the program that returns what an allocation returned is an
// allocator, through any number of wrappers.

// allocFuncs is the walker's part for the program's own allocators: the
// functions that return allocated memory (alloc.go), the size a call
// of one allocates, and whose faults a team shares (firsttouch.go).
type allocFuncs struct {
	w *walker
	// allocators are the program's functions that return allocated
	// memory; binding marks those whose size is being read.
	allocators map[string]allocator
	binding    map[string]bool
}

// allocator is a function of the program that returns memory it
// allocates: the allocation inside it, whose size is an expression of
// the function's parameters.
type allocator struct {
	call   *cc.PostfixExpression
	params []*cc.Declarator
}

// findAllocators lists the program's allocators: functions with a
// return of an allocation's result, directly (return malloc(n)) or
// through a local pointer set by one (p = malloc(n); ... return p;
// posix_memalign(&p, a, n); return p;). A wrapper of a wrapper is one
// too: the search repeats until no new allocator appears.
func (ap *allocFuncs) findAllocators(defs []*cc.FunctionDefinition) {
	ap.allocators = map[string]allocator{}
	for changed := true; changed; {
		changed = false
		for _, fd := range defs {
			name := fd.Declarator.Name()
			if _, ok := ap.allocators[name]; ok || fd.CompoundStatement == nil {
				continue
			}
			if call := ap.returnedAllocation(fd); call != nil {
				ap.allocators[name] = allocator{call: call, params: paramDecls(fd)}
				changed = true
			}
		}
	}
}

// returnedAllocation is the allocation whose result fd returns, nil when
// none.
func (ap *allocFuncs) returnedAllocation(fd *cc.FunctionDefinition) *cc.PostfixExpression {
	var found *cc.PostfixExpression
	visit(fd.CompoundStatement, func(n cc.Node) bool {
		j, ok := n.(*cc.JumpStatement)
		if !ok || j.Case != cc.JumpStatementReturn || j.ExpressionList == nil || found != nil {
			return found == nil
		}
		if c := allocationCall(j.ExpressionList); c != nil && ap.allocates(c) {
			found = c
			return false
		}
		if d := declOf(stripCasts(j.ExpressionList)); d != nil {
			found = ap.allocationOf(fd.CompoundStatement, d)
		}
		return found == nil
	})
	return found
}

// allocationOf is the allocation that sets the local pointer d in body:
// d = malloc(...), a declaration with such an initialiser, or
// posix_memalign(&d, ...).
func (ap *allocFuncs) allocationOf(body cc.Node, d *cc.Declarator) *cc.PostfixExpression {
	var found *cc.PostfixExpression
	visit(body, func(n cc.Node) bool {
		switch x := n.(type) {
		case *cc.AssignmentExpression:
			if x.Case == cc.AssignmentExpressionAssign && declOf(x.UnaryExpression) == d {
				if c := allocationCall(x.AssignmentExpression); c != nil && ap.allocates(c) {
					found = c
				}
			}
		case *cc.InitDeclarator:
			if x.Declarator == d && x.Initializer != nil && x.Initializer.Case == cc.InitializerExpr {
				if c := allocationCall(x.Initializer.AssignmentExpression); c != nil && ap.allocates(c) {
					found = c
				}
			}
		case *cc.PostfixExpression:
			if x.Case == cc.PostfixExpressionCall && calleeName(x) == "posix_memalign" {
				if args := callArgs(x); len(args) == 3 && addressOf(args[0]) == d {
					found = x
				}
			}
		}
		return found == nil
	})
	return found
}

// addressOf is the variable whose address e takes, under casts:
// (void **)&p.
func addressOf(e cc.ExpressionNode) *cc.Declarator {
	u, ok := unparen(stripCasts(e)).(*cc.UnaryExpression)
	if !ok || u.Case != cc.UnaryExpressionAddrof {
		return nil
	}
	return declOf(u.CastExpression)
}

// stripCasts removes casts and parentheses around e.
func stripCasts(e cc.Node) cc.Node {
	e = unparen(e)
	for {
		c, ok := e.(*cc.CastExpression)
		if !ok || c.Case != cc.CastExpressionCast {
			return e
		}
		e = unparen(c.CastExpression)
	}
}

// allocates tells whether a call allocates memory: one of C's and
// POSIX's allocation functions, or an allocator of the program.
func (ap *allocFuncs) allocates(c *cc.PostfixExpression) bool {
	switch calleeName(c) {
	case "malloc", "calloc", "realloc", "aligned_alloc", "memalign", "valloc", "posix_memalign":
		return true
	}
	_, ok := ap.allocators[calleeName(c)]
	return ok
}

// allocSize is the size in bytes a call allocates, in the model's terms
// at the call site: malloc(n), calloc(k, n), realloc(p, n),
// aligned_alloc(a, n), posix_memalign(&p, a, n), or an allocator's own
// allocation with its parameters bound to the call's arguments.
func (ap *allocFuncs) allocSize(c *cc.PostfixExpression) (Expr, bool) {
	if c == nil {
		return nil, false
	}
	args := callArgs(c)
	arg := func(i int) (Expr, bool) {
		if i >= len(args) {
			return nil, false
		}
		return ap.w.sym(args[i])
	}
	switch calleeName(c) {
	case "malloc", "valloc":
		return arg(0)
	case "calloc":
		a, ok1 := arg(0)
		b, ok2 := arg(1)
		return mul(a, b), ok1 && ok2
	case "realloc", "aligned_alloc", "memalign":
		return arg(1)
	case "posix_memalign":
		return arg(2)
	}
	al, ok := ap.allocators[calleeName(c)]
	if !ok || ap.binding[calleeName(c)] {
		return nil, false
	}
	// The allocator's parameters take the arguments' values while its
	// allocation's size is read.
	saved := map[*cc.Declarator]Expr{}
	had := map[*cc.Declarator]bool{}
	for i, p := range al.params {
		saved[p], had[p] = ap.w.vals[p]
		if v, ok := arg(i); ok {
			ap.w.vals[p] = v
		} else {
			delete(ap.w.vals, p)
		}
	}
	ap.binding[calleeName(c)] = true
	size, ok := ap.allocSize(al.call)
	delete(ap.binding, calleeName(c))
	for _, p := range al.params {
		if had[p] {
			ap.w.vals[p] = saved[p]
		} else {
			delete(ap.w.vals, p)
		}
	}
	return size, ok
}

// allocatedBy notes the size of memory a statement-level
// posix_memalign(&p, a, n) gives p.
func (ap *allocFuncs) allocatedBy(c *cc.PostfixExpression) {
	if calleeName(c) != "posix_memalign" {
		return
	}
	args := callArgs(c)
	if len(args) != 3 {
		return
	}
	d := addressOf(args[0])
	size, ok := ap.allocSize(c)
	if d == nil || !ok {
		return
	}
	ap.w.allocated[d.Name()] = size
	ap.w.allocSites[siteOf(c)] = d.Name()
}
