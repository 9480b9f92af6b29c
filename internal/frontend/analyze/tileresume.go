package analyze

// Rows of a tile resume where they stopped. In a tiled nest (for (j = 0;
// j < n; j += T) ... for (it ...) for (jt = j; jt < MIN(n, j + T); jt++)),
// each entry of the innermost loop starts a row a row's length away from
// where the previous row stopped (a restart, reuse.go), but that row goes
// on at the next tile exactly where it stopped in this one: the tile's
// rows are streams the processor follows side by side, interrupted by
// one another, not streams found anew. Nor is the first access of a row
// on the way of anything else: its address is the indices', so the
// out-of-order core issues the next rows' first loads while it finishes
// this one and they overlap as independent loads do. The first line of
// each row segment is priced as a load at a random place of its level
// (load(), the random loads' throughput), not as a whole latency
// (ParRes's tiled transpose, tiles of 32: the latencies priced it at
// 0.58 s against 0.29 s measured).

// resumesNextTile tells whether the inner loop in, inside the loops
// outer (outermost first), runs at the next iteration of a tile loop
// (one that steps by other than 1 and whose index in's start reads) from
// where it ends at this one: its end is, or is bounded by a min of,
// its start at the tile loop's next index.
func (a *Analysis) resumesNextTile(in *LoopInfo, outer []*LoopInfo) bool {
	if in.From == nil || in.To == nil {
		return false
	}
	for _, t := range outer {
		if t.Var == "" || t.Step == nil || !mentionsName(in.From, t.Var) {
			continue
		}
		if step, ok := constOf(t.Step); ok && (step == 1 || step == -1) {
			continue
		}
		// A step written max(1, T) (a tile size the program reads) is T
		// wherever the loop runs.
		next := subst(in.From, t.Var, add(Name{t.Var}, unclamped(t.Step)))
		ends := []Expr{in.To}
		if c, ok := in.To.(Call); ok && c.Fn == "min" {
			ends = c.Args
		}
		for _, end := range ends {
			if samePoly(a.macrosIn(end), a.macrosIn(next)) {
				return true
			}
		}
	}
	return false
}

// macrosIn is e with the macros' values: the compiler folds a tile
// size #defined as 32 into the step (j += 32) but the bound keeps its
// name (MIN(N, j + T)).
func (a *Analysis) macrosIn(e Expr) Expr {
	for _, p := range a.Params {
		if p.From == "macro" && mentionsName(e, p.Name) {
			e = subst(e, p.Name, Num{p.Default})
		}
	}
	return e
}

// unclamped is e without a max(1, ·) around it.
func unclamped(e Expr) Expr {
	if c, ok := e.(Call); ok && c.Fn == "max" && len(c.Args) == 2 {
		if v, ok := constOf(c.Args[0]); ok && v == 1 {
			return c.Args[1]
		}
	}
	return e
}

// samePoly tells whether a and b are the same polynomial, expanded (the
// parts it cannot expand taken as atoms).
func samePoly(a, b Expr) bool {
	at := &atoms{byText: map[string]string{}, expr: map[string]Expr{}}
	return polyOf(sub(a, b), at).isZero()
}
