package analyze

import (
	"fmt"
	"sort"
	"strings"

	"modernc.org/cc/v4"
)

// Calls through function pointers. Programs pick a kernel at
// initialisation and call it through a pointer (CoMD: pot->force =
// ljForce; ... sim->pot->force(sim)). When the program stores exactly one
// of its functions in the place a call goes through, the call is a call
// of that function, followed like any other; with several (or a value the
// analysis cannot name), it stays one call, with a warning.

// funcPointers is the walker's part for calls through function pointers:
// which of the program's functions each place holding a pointer may
// call (fptr.go), and the tests that choose among them (fptrguard.go).
type funcPointers struct {
	w *walker
	// fptrs are the program's functions stored in each place that holds
	// a function pointer.
	fptrs map[string][]string
}

// read finds the functions stored in each place holding a pointer.
func (fp *funcPointers) read(srcs []Source, defs []*cc.FunctionDefinition) {
	fp.fptrs = fp.pointees(srcs, defs)
}

// pointees lists, by place (rankKey; for a field also memberKey, its name
// and place whatever struct it is in, since C programs emulate
// inheritance with structs that begin the same way), the program's
// functions stored there.
// A place that is also given anything else maps to nil.
func (fp *funcPointers) pointees(srcs []Source, defs []*cc.FunctionDefinition) map[string][]string {
	sets := map[string]map[string]bool{}
	other := map[string]bool{}
	note := func(place cc.Node, val cc.Node) {
		key, ok := rankKey(place)
		if !ok {
			return
		}
		keys := []string{key}
		if m := memberKey(place); m != "" {
			keys = append(keys, m)
		}
		fns := fp.functionsNamed(val)
		for _, k := range keys {
			if fns == nil {
				other[k] = true
				continue
			}
			if sets[k] == nil {
				sets[k] = map[string]bool{}
			}
			for _, fn := range fns {
				sets[k][fn] = true
			}
		}
	}
	// An initialised pointer, void (*fp)(void) = f;, in a function or at
	// file scope.
	initialised := func(n cc.Node) bool {
		x, ok := n.(*cc.InitDeclarator)
		if !ok || x.Case != cc.InitDeclaratorInit || x.Declarator == nil || x.Initializer == nil || !isFuncPointerType(x.Declarator.Type()) {
			return true
		}
		key := declKey(x.Declarator)
		fn := ""
		if x.Initializer.Case == cc.InitializerExpr {
			fn = fp.functionNamed(x.Initializer.AssignmentExpression)
		}
		if fn == "" {
			other[key] = true
		} else {
			if sets[key] == nil {
				sets[key] = map[string]bool{}
			}
			sets[key][fn] = true
		}
		return true
	}
	for _, s := range srcs {
		if s.AST == nil {
			continue
		}
		for l := s.AST.TranslationUnit; l != nil; l = l.TranslationUnit {
			if ed := l.ExternalDeclaration; ed != nil && ed.Case == cc.ExternalDeclarationDecl {
				visit(ed.Declaration, initialised)
			}
		}
	}
	for _, fd := range defs {
		visit(fd.CompoundStatement, func(n cc.Node) bool {
			if x, ok := n.(*cc.AssignmentExpression); ok && x.Case == cc.AssignmentExpressionAssign && isFuncPointer(x.UnaryExpression) {
				note(x.UnaryExpression, x.AssignmentExpression)
			}
			return initialised(n)
		})
	}
	out := map[string][]string{}
	for k, set := range sets {
		if other[k] {
			out[k] = nil
			continue
		}
		for fn := range set {
			out[k] = append(out[k], fn)
		}
		sort.Strings(out[k])
	}
	for k := range other {
		out[k] = nil
	}
	return out
}

// declKey is the key rankKey gives the variable d declares.
func declKey(d *cc.Declarator) string {
	if s := d.LexicalScope(); s != nil && s.Parent == nil && !d.IsStatic() {
		return "global " + d.Name()
	}
	return fmt.Sprintf("local %p", d)
}

// functionsNamed are the program's functions that e names (f, &f, (T)f,
// c ? f : g), nil when it may be anything else.
func (fp *funcPointers) functionsNamed(e cc.Node) []string {
	if c, ok := uncast(e).(*cc.ConditionalExpression); ok && c.Case == cc.ConditionalExpressionCond {
		a, b := fp.functionsNamed(c.ExpressionList), fp.functionsNamed(c.ConditionalExpression)
		if a == nil || b == nil {
			return nil
		}
		return append(a, b...)
	}
	if fn := fp.functionNamed(e); fn != "" {
		return []string{fn}
	}
	return nil
}

// functionNamed is the program's function that e names (f, &f, (T)f), or
// "".
func (fp *funcPointers) functionNamed(e cc.Node) string {
	e = uncast(e)
	if u, ok := e.(*cc.UnaryExpression); ok && u.Case == cc.UnaryExpressionAddrof {
		e = uncast(u.CastExpression)
	}
	pe, ok := e.(*cc.PrimaryExpression)
	if !ok || pe.Case != cc.PrimaryExpressionIdent {
		return ""
	}
	name := pe.Token.SrcStr()
	if _, ok := fp.w.funcs[name]; ok {
		return name
	}
	return ""
}

// memberKey names the field e selects by its name and place in its
// struct, "" when e selects none: structs that begin the same way (C's
// inheritance) have it at the same place.
func memberKey(e cc.Node) string {
	if p, ok := uncast(e).(*cc.PostfixExpression); ok && (p.Case == cc.PostfixExpressionSelect || p.Case == cc.PostfixExpressionPSelect) {
		if f := p.Field(); f != nil {
			return fmt.Sprintf("member %s #%d @%d", f.Name(), f.Index(), f.Offset())
		}
	}
	return ""
}

// fieldName is the name of the field e selects, or "".
func fieldName(e cc.Node) string {
	if p, ok := uncast(e).(*cc.PostfixExpression); ok && (p.Case == cc.PostfixExpressionSelect || p.Case == cc.PostfixExpressionPSelect) {
		if f := p.Field(); f != nil {
			return f.Name()
		}
	}
	return ""
}

// isFuncPointer reports whether e is a place that holds a function
// pointer.
func isFuncPointer(e cc.ExpressionNode) bool {
	return isFuncPointerType(e.Type())
}

func isFuncPointerType(t cc.Type) bool {
	if t == nil || t.Kind() != cc.Ptr {
		return false
	}
	p, ok := t.(*cc.PointerType)
	return ok && p.Elem() != nil && p.Elem().Kind() == cc.Function
}

// callee is the program's function a call calls: by its name, or through
// a pointer that the program sets to that one function only; "" for a
// library function or a pointer the analysis cannot resolve.
func (fp *funcPointers) callee(p *cc.PostfixExpression) string {
	target := p.PostfixExpression
	if name := calleeName(p); name != "" && !pointerVar(target) {
		return name // a function, the program's or a library's
	}
	if u, ok := uncast(target).(*cc.UnaryExpression); ok && u.Case == cc.UnaryExpressionDeref {
		target = u.CastExpression // (*fp)(x)
	}
	key, ok := rankKey(target)
	if !ok {
		return ""
	}
	if fns := fp.targets(target, key); len(fns) == 1 {
		return fns[0]
	}
	return ""
}

// targets are the functions stored in the place with key that target
// reads.
func (fp *funcPointers) targets(target cc.Node, key string) []string {
	fns, known := fp.fptrs[key]
	if !known {
		if m := memberKey(target); m != "" {
			fns = fp.fptrs[m]
		}
	}
	return fns
}

// candidates are the functions a call through a pointer may call, when
// the program stores only its own functions in the pointer.
func (fp *funcPointers) candidates(p *cc.PostfixExpression) []string {
	target := p.PostfixExpression
	if u, ok := uncast(target).(*cc.UnaryExpression); ok && u.Case == cc.UnaryExpressionDeref {
		target = u.CastExpression
	}
	if calleeName(p) != "" && !pointerVar(target) {
		return nil
	}
	key, ok := rankKey(target)
	if !ok {
		return nil
	}
	return fp.targets(target, key)
}

// choice makes the blocks of a call through a pointer that the program
// sets to several of its functions: which one it calls is a parameter,
// the same on every process (the functions may communicate), 0 for the
// first in fns; each is a branch that calls one.
func (fp *funcPointers) choice(c *cc.PostfixExpression, fns []string, out *[]*Block) {
	at := pos(c)
	name := fp.w.fresh(fmt.Sprintf("%s_L%d_callee", fp.w.fn.Name, at.Line))
	var list []string
	for i, fn := range fns {
		list = append(list, fmt.Sprintf("%d %s", i, fn))
	}
	p := fp.w.a.param(name, 0, at, "unknown", "which function the call through a pointer at "+at.String()+" calls: "+strings.Join(list, ", "))
	chosen := ""
	if v, ok := fp.calleeChoice(fns); ok {
		env := map[string]float64{}
		for _, q := range fp.w.a.Params {
			env[q.Name] = q.Default
		}
		if d, ok := eval(v, env); ok {
			p.Default, p.Value = d, v
			chosen = ", as the tests that lead to its stores choose: " + String(v)
		}
	}
	if set, ok := fp.w.o.Set[p.Name]; ok {
		p.Default, p.Value = set, nil
	}
	fp.w.a.Unknowns = append(fp.w.a.Unknowns, Unknown{Pos: at, What: "callee of a call through a function pointer", Param: name, How: Default, Value: numText(p.Default)})
	fp.w.a.warnParam(name, at, "call through a function pointer that the program sets to %d of its functions (%s): which one it calls is the parameter %s (default %s%s); give it with --set %s=K",
		len(fns), strings.Join(list, ", "), name, numText(p.Default), chosen, name)
	for i, fn := range fns {
		call := fp.w.userCall(c, fn)
		if call == nil {
			continue
		}
		b := &Block{Name: fp.w.blockName(c), Kind: Branch, Func: fp.w.fn.Name, Pos: at, End: at, Ops: map[string]float64{},
			Cond: Bin{"==", Name{name}, Num{float64(i)}}, Then: []*Block{call}}
		*out = append(*out, b)
	}
}

// pointerVar reports whether e names a variable (not a function, whose
// name also reads as a pointer to it).
func pointerVar(e cc.Node) bool {
	pe, ok := unparen(e).(*cc.PrimaryExpression)
	if !ok || pe.Case != cc.PrimaryExpressionIdent {
		return false
	}
	d, ok := pe.ResolvedTo().(*cc.Declarator)
	return ok && d != nil && d.Type() != nil && d.Type().Kind() != cc.Function
}
