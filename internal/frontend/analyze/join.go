package analyze

import "modernc.org/cc/v4"

// Values through branches. A variable assigned in the straight-line code
// of an if's arm holds, after the if, the value of the arm that ran:
// c ? then : else when both arms leave it known and the test is known
// (if (rank < leftover) start = ...; else start = ...;), the one value
// when both agree. Programs compute per-rank block bounds and clamp
// arguments this way; forgetting such a variable made every loop bounded
// by it an unknown parameter of default 1.

// maxJoinSize bounds the size of a value made by joining arms: a chain
// of ifs that each refine a variable would otherwise grow it without end.
const maxJoinSize = 400

// copyVals is a copy of the variables' values, taken before an arm.
func copyVals(v map[*cc.Declarator]Expr) map[*cc.Declarator]Expr {
	out := make(map[*cc.Declarator]Expr, len(v))
	for d, e := range v {
		out[d] = e
	}
	return out
}

// join is the values after an if whose test is cond (nil when it is not
// known statically), from those its two arms left (an if without else
// leaves the values from before it as its second arm's).
func (cf *control) join(cond Expr, then, els map[*cc.Declarator]Expr) map[*cc.Declarator]Expr {
	out := map[*cc.Declarator]Expr{}
	for _, side := range []map[*cc.Declarator]Expr{then, els} {
		for d := range side {
			if _, done := out[d]; done {
				continue
			}
			if v, ok := cf.joined(cond, d, then, els); ok {
				out[d] = v
			}
		}
	}
	return out
}

// joined is d's value after the if, when it is known.
func (cf *control) joined(cond Expr, d *cc.Declarator, then, els map[*cc.Declarator]Expr) (Expr, bool) {
	t, okT := then[d]
	e, okE := els[d]
	switch {
	case okT && okE && String(t) == String(e):
		return t, true
	case okT && okE && cond != nil:
		v := minMax(Cond{cond, numOf(t), numOf(e)})
		if exprSize(v) > maxJoinSize {
			return nil, false
		}
		return v, true
	case okT && cf.fromArgv(t) && (!okE || cond == nil):
		// if (argc > 1) n = atoi(argv[1]): the parameter bound to the
		// argument, whose default is n's value before (args.go).
		return t, true
	case okE && cf.fromArgv(e) && (!okT || cond == nil):
		return e, true
	}
	return nil, false
}

// fromArgv reports whether v is a parameter read from the program's
// arguments.
func (cf *control) fromArgv(v Expr) bool {
	n, ok := v.(Name)
	if !ok {
		return false
	}
	for _, p := range cf.w.a.Params {
		if p.Name == n.N {
			return p.From == "argv"
		}
	}
	return false
}

// exprSize counts the nodes of e.
func exprSize(e Expr) int {
	switch x := e.(type) {
	case Bin:
		return 1 + exprSize(x.A) + exprSize(x.B)
	case Cond:
		return 1 + exprSize(x.C) + exprSize(x.A) + exprSize(x.B)
	case Not:
		return 1 + exprSize(x.X)
	case Call:
		n := 1
		for _, a := range x.Args {
			n += exprSize(a)
		}
		return n
	}
	return 1
}
