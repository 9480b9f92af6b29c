package analyze

import (
	"fmt"
	"strings"

	"modernc.org/cc/v4"
)

// Accesses whose stride is known only when the program runs. ParRes's
// Synch_global picks every procs-th character of a string,
// iterstring[i] = catstring[my_ID + i*Num_procs]: the stride is the
// number of ranks, one byte at one rank, two at two. Priced as a load
// at a random place of the nest's level (what an access the analysis
// cannot follow costs), that loop was predicted 72-94 % too slow at one
// rank. A stride below a cache line touches every line in turn: the
// hardware prefetches it like a unit stride, and its lines move once,
// stride bytes an iteration. From a line on, each access is a line of
// its own, priced as before. The model decides when it knows the
// stride (strided() in memoryCosts; the report the same in
// blockSeconds).

// stridedCosts are the cost functions of accesses with a stride s_ in
// bytes known at run time, n_ of them an execution, in a nest of
// working set ws_.
const stridedCosts = `// An access whose stride (s_ bytes an iteration) is known only at run
// time (a[pid + i*procs]): under a cache line it is one of the
// prefetched streams (lanes, counted with the unit-stride loads and
// stores) whose lines move once; from a line on it is a load at a random
// place of the level (a store first reads its line).
cost lanes(s_, n_) = s_ < 64 ? n_ : 0
cost strided(s_, ws_, n_) = s_ < 64 ? 0 : load(ws_, n_)
cost strided_store(s_, ws_, n_) = s_ < 64 ? 0 : store(ws_, n_)
`

// stridedKinds are the operation kinds (before "@") of such accesses.
var stridedKinds = map[string]string{"strided": "load", "strided_store": "store"}

// stridedStream adds a block's accesses of run-time stride to the
// arguments of its stream() (loads, stores, far: model text), as the
// lanes they are under a line; more tells whether it has any.
func stridedStream(ops map[string]float64, ws, loads, stores, far string) (string, string, string, bool) {
	more := false
	for _, k := range sortedKeys(ops) {
		kind, s, ok := strings.Cut(k, "@")
		if !ok || ops[k] == 0 {
			continue
		}
		dir, ok := stridedKinds[kind]
		if !ok {
			continue
		}
		more = true
		lanes := fmt.Sprintf("lanes(%s, %s)", s, numText(ops[k]))
		if dir == "store" {
			stores += " + " + lanes
			far += fmt.Sprintf(" + far(%s, 2 * %s * %s)", ws, lanes, s)
		} else {
			loads += " + " + lanes
			far += fmt.Sprintf(" + far(%s, %s * %s)", ws, lanes, s)
		}
	}
	return loads, stores, far, more
}

// symbolicStride is the bytes an access with indices idx of elements of
// size bytes moves from one iteration of the innermost loop to the next,
// when that is a model expression but not a number (procs, a size from
// the command line): the last index affine in the loop's index with a
// coefficient that no enclosing loop changes, the earlier indices not
// moving along the loop.
func (mo *memOps) symbolicStride(idx []cc.ExpressionNode, size float64) (Expr, bool) {
	if len(idx) == 0 || len(mo.w.loops) == 0 {
		return nil, false
	}
	in := mo.w.loops[len(mo.w.loops)-1].info
	step, ok := constOf(in.Step)
	if in.Var == "" || !ok {
		return nil, false
	}
	syms := make([]Expr, len(idx))
	for i, ix := range idx {
		v, ok := mo.w.sym(ix)
		if !ok {
			return nil, false
		}
		syms[i] = v
	}
	for _, v := range syms[:len(syms)-1] {
		if mentionsName(v, in.Var) {
			return nil, false
		}
	}
	if _, constant := slope(syms[len(syms)-1], in.Var); constant {
		return nil, false // a number: streamLoop, lineReuse and the levels price it
	}
	c, ok := symSlope(syms[len(syms)-1], in.Var)
	if !ok {
		return nil, false
	}
	for _, f := range mo.w.loops {
		if f.info.Var != "" && mentionsName(c, f.info.Var) {
			return nil, false
		}
	}
	return simplify(Call{"abs", []Expr{mul(c, Num{step * size})}}), true
}

// symSlope is how much e changes when v grows by one, as an expression
// of the other names, when e is affine in v (pid + i * procs: procs).
func symSlope(e Expr, v string) (Expr, bool) {
	if !mentionsName(e, v) {
		return Num{0}, true
	}
	switch x := e.(type) {
	case Name:
		return Num{1}, true // x.N == v: mentionsName said so
	case Bin:
		switch x.Op {
		case "+", "-":
			a, okA := symSlope(x.A, v)
			b, okB := symSlope(x.B, v)
			if !okA || !okB {
				return nil, false
			}
			if x.Op == "+" {
				return add(a, b), true
			}
			return sub(a, b), true
		case "*":
			switch {
			case !mentionsName(x.A, v):
				b, ok := symSlope(x.B, v)
				return mul(x.A, b), ok
			case !mentionsName(x.B, v):
				a, ok := symSlope(x.A, v)
				return mul(a, x.B), ok
			}
		}
	}
	return nil, false
}

// stridedSeconds prices n accesses of kind (strided, strided_store) of
// stride bytes in a nest of working set ws, as the model's lanes() and
// strided(): under a line with the streams' loads or stores and their
// bytes from memory (by machine key; transfer prices those), from a line
// on into mem.
func stridedSeconds(kind string, n, stride, ws, share float64, lv [4]float64, price func(string, float64) float64, transfer func(float64) float64, mem, loads, stores, far map[string]float64) {
	store := stridedKinds[kind] == "store"
	if stride < lineSize {
		moved := n * stride
		if store {
			stores["store_tp"] += price("store_tp", n)
			moved *= 2
		} else {
			loads["load_tp"] += price("load_tp", n)
		}
		if f := moved * streamShare(ws, share, lv, func(k string) float64 { return price(k, 1) }); f > 0 {
			far["mem_byte"] += transfer(f)
		}
		return
	}
	prefix := "load_rand_"
	if store {
		prefix = "store_"
	}
	for l, f := range levelShares(ws, share, lv) {
		if f > 0 {
			mem[prefix+levelNames[l]] += price(prefix+levelNames[l], n*f)
		}
	}
}
