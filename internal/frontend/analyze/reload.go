package analyze

import (
	"slices"

	"modernc.org/cc/v4"
)

// Locals that an optimising compiler must load again every iteration. A
// local whose address the program gave away (MPI_Comm_rank(..., &me))
// may be written through that address by any store the compiler cannot
// tell apart from it: a store through a character pointer, which C lets
// alias any object, or, with -fno-strict-aliasing, through any pointer;
// under the strict aliasing rule gcc assumes at -O2, also one of the
// local's own type. A loop that so stores reads the local from memory at
// every use: in ParRes's Synch_global, iterstring[i] =
// catstring[my_ID + i*Num_procs] loads my_ID and Num_procs each
// iteration besides the character, three loads on two load ports, which
// set the loop's pace (checked with gcc 12 -O3 -S). Such a load hits the
// first level; it is priced as a streamed load is, at the load ports'
// throughput, with no bytes from memory.

// reloaded reports whether a read of d inside the loops walked is a load
// at every iteration of the innermost: d is a scalar local whose address
// is taken, and that loop stores through an lvalue that may alias it.
func (w *walker) reloaded(d *cc.Declarator) bool {
	if len(w.loops) == 0 || !w.optimised(1) || d.StorageDuration() == cc.Static || !d.AddressTaken() {
		return false
	}
	t := d.Type()
	if t == nil || !cc.IsScalarType(t) {
		return false
	}
	loop := w.loops[len(w.loops)-1].stmt
	if w.aliasStores == nil {
		w.aliasStores = map[cc.Node][]cc.Type{}
	}
	stored, ok := w.aliasStores[loop]
	if !ok {
		stored = indirectStores(loop)
		w.aliasStores[loop] = stored
	}
	strict := w.optimised(2) && !w.noStrictAliasing()
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

// noStrictAliasing tells whether the compile line turns the strict
// aliasing rule off (the last of -fno-strict-aliasing and
// -fstrict-aliasing wins).
func (w *walker) noStrictAliasing() bool {
	i := slices.Index(w.o.Compiled.Flags, "-fno-strict-aliasing")
	return i >= 0 && slices.Index(w.o.Compiled.Flags[i:], "-fstrict-aliasing") < 0
}

// indirectStores are the types of the lvalues that n stores to through a
// pointer or an array (a[i] = ..., *p = ..., p->f++): the stores that may
// write a local whose address was taken.
func indirectStores(n cc.Node) []cc.Type {
	var out []cc.Type
	visit(n, func(m cc.Node) bool {
		lv, ok := written(m, false).(cc.ExpressionNode)
		if !ok || !indirect(lv) {
			return true
		}
		if t := lv.Type(); t != nil {
			out = append(out, t)
		}
		return true
	})
	return out
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
