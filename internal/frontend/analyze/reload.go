package analyze

import (
	"slices"

	"modernc.org/cc/v4"
)

// Locals that an optimising compiler must load again every iteration. A
// local whose address the program gave away (MPI_Comm_rank(..., &me))
// may be written through a pointer whose target the compiler cannot
// know: one a function returned that it did not inline (ParRes's
// prk_malloc, called at four places, is kept out of line by gcc), or a
// global. A store through such a pointer that C lets alias the local (a
// character, or, under the strict aliasing rule gcc assumes from -O2, the
// local's own type; any type with -fno-strict-aliasing) makes every read
// of the local in that loop a load: in ParRes's Synch_global,
// iterstring[i] = catstring[my_ID + i*Num_procs] loads my_ID and
// Num_procs each iteration besides the character, three loads on two
// load ports, which set the loop's pace (gcc 12 -O3 -S; with malloc in
// place of prk_malloc the two are kept in registers). A pointer from the
// C library's allocators, copies of those, and the function's parameters
// (which cannot point to its own locals) are known not to. Such a load
// hits the first level: it is priced as a streamed load is, at the load
// ports' throughput, with no bytes from memory.

// reloaded reports whether a read of d inside the loops walked is a load
// at every iteration of the innermost: d is a scalar local whose address
// is taken, and that loop stores through an lvalue that may alias it.
func (mo *memOps) reloaded(d *cc.Declarator) bool {
	if len(mo.w.loops) == 0 || !mo.w.optimised(1) || d.StorageDuration() == cc.Static || !d.AddressTaken() {
		return false
	}
	t := d.Type()
	if t == nil || !cc.IsScalarType(t) {
		return false
	}
	loop := mo.w.loops[len(mo.w.loops)-1].stmt
	if mo.aliasStores == nil {
		mo.aliasStores = map[cc.Node][]cc.Type{}
	}
	stored, ok := mo.aliasStores[loop]
	if !ok {
		stored = mo.opaqueStores(loop)
		mo.aliasStores[loop] = stored
	}
	strict := mo.w.optimised(2) && !mo.noStrictAliasing()
	for _, s := range stored {
		switch {
		case isCharType(s), !strict:
			return true
		case s.Kind() == t.Kind() && s.Size() == t.Size():
			return true
		}
	}
	return false
}

// opaquePointers are the pointer variables of a function that some
// assignment gives the result of a call other than the C library's
// allocators: what they point to is unknown to the compiler unless it
// inlined the callee.
func opaquePointers(fd *cc.FunctionDefinition) map[*cc.Declarator]bool {
	out := map[*cc.Declarator]bool{}
	if fd == nil || fd.CompoundStatement == nil {
		return out
	}
	note := func(d *cc.Declarator, rhs cc.Node) {
		if d == nil || d.Type() == nil || d.Type().Kind() != cc.Ptr {
			return
		}
		c, ok := stripCasts(rhs).(*cc.PostfixExpression)
		if ok && c.Case == cc.PostfixExpressionCall && !libcAllocators[calleeName(c)] {
			out[d] = true
		}
	}
	visit(fd.CompoundStatement, func(n cc.Node) bool {
		switch x := n.(type) {
		case *cc.InitDeclarator:
			if x.Case == cc.InitDeclaratorInit && x.Initializer != nil {
				note(x.Declarator, x.Initializer.AssignmentExpression)
			}
		case *cc.AssignmentExpression:
			if x.Case == cc.AssignmentExpressionAssign {
				note(declOf(x.UnaryExpression), x.AssignmentExpression)
			}
		}
		return true
	})
	return out
}

// libcAllocators are the C library's functions whose result the
// compiler knows to be fresh memory, no variable's.
var libcAllocators = map[string]bool{"malloc": true, "calloc": true, "realloc": true, "aligned_alloc": true,
	"memalign": true, "valloc": true, "strdup": true, "strndup": true}

// noStrictAliasing tells whether the compile line turns the strict
// aliasing rule off (the last of -fno-strict-aliasing and
// -fstrict-aliasing wins).
func (mo *memOps) noStrictAliasing() bool {
	i := slices.Index(mo.w.o.Compiled.Flags, "-fno-strict-aliasing")
	return i >= 0 && slices.Index(mo.w.o.Compiled.Flags[i:], "-fstrict-aliasing") < 0
}

// opaqueStores are the types of the lvalues that n stores to through a
// pointer the compiler cannot follow (a[i] = ..., *p = ..., p->f++ with
// p from a call it did not inline, or a global): the stores that may
// write a local whose address was taken.
func (mo *memOps) opaqueStores(n cc.Node) []cc.Type {
	var out []cc.Type
	visit(n, func(m cc.Node) bool {
		lv, ok := written(m, false).(cc.ExpressionNode)
		if !ok || !indirect(lv) || !mo.opaqueBase(lv) {
			return true
		}
		if t := lv.Type(); t != nil {
			out = append(out, t)
		}
		return true
	})
	return out
}

// opaqueBase reports whether the pointer or array an lvalue goes
// through may point to a local whose address was taken: a global, a
// pointer from a call (opaquePointers), or one the analysis cannot name;
// not a parameter, a local array or a local pointer from the allocators.
func (mo *memOps) opaqueBase(lv cc.Node) bool {
	var d *cc.Declarator
	if pe := baseIdent(lv); pe != nil {
		d, _ = pe.ResolvedTo().(*cc.Declarator)
	}
	switch {
	case d == nil, d.StorageDuration() == cc.Static:
		return true
	case d.IsParam():
		return false
	}
	return mo.opaquePtrs[d]
}

// indirect reports whether an lvalue is reached through a pointer or an
// array element rather than named.
func indirect(e cc.Node) bool {
	switch x := unparen(e).(type) {
	case *cc.PostfixExpression:
		return x.Case == cc.PostfixExpressionIndex || x.Case == cc.PostfixExpressionPSelect ||
			x.Case == cc.PostfixExpressionSelect && indirect(x.PostfixExpression)
	case *cc.UnaryExpression:
		return x.Case == cc.UnaryExpressionDeref
	}
	return false
}

// isCharType reports whether t is char, signed char or unsigned char,
// the types C lets alias any object.
func isCharType(t cc.Type) bool {
	switch t.Kind() {
	case cc.Char, cc.SChar, cc.UChar:
		return true
	}
	return false
}
