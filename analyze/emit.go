package analyze

import (
	"fmt"
	"sort"
	"strings"
)

// The working sets at which `augur bench machine` measures loads and
// stores: a nest whose working set is at most one of them is charged that
// level's times.
const (
	wsL1 = "16KiB"
	wsL2 = "256KiB"
	wsL3 = "4MiB"
)

// memoryCosts are the cost functions generated models use to charge
// loads and stores at the level their working set reaches. Streamed
// accesses (unit stride) beyond the last cache level cost the bytes they
// move at the memory's bandwidth, not one latency each: the hardware
// prefetches them.
const memoryCosts = `// Loads and stores at the cache level a working set of ws bytes reaches
// (the working sets augur bench machine measures).
cost load(ws_, n_) = ws_ <= ` + wsL1 + ` ? ops(load_l1: n_) : ws_ <= ` + wsL2 + ` ? ops(load_l2: n_) : ws_ <= ` + wsL3 + ` ? ops(load_l3: n_) : ops(load_mem: n_)
cost store(ws_, n_) = ws_ <= ` + wsL1 + ` ? ops(store_l1: n_) : ws_ <= ` + wsL2 + ` ? ops(store_l2: n_) : ws_ <= ` + wsL3 + ` ? ops(store_l3: n_) : ops(store_mem: n_)
// Unit-stride loads and stores: the hardware prefetches them into the
// first level within the caches, and beyond them they cost the bytes they
// move at the memory's bandwidth.
cost stream(ws_, loads_, stores_, bytes_) = ws_ <= ` + wsL3 + ` ? ops(load_l1: loads_, store_l1: stores_) : ops(mem_byte: bytes_)
`

// cost is a block's or a nest's cost, by operation key, as sums of
// constant multiples of counts (expressions of the model's names).
type cost struct {
	ops      map[string]*terms
	accesses []weighted
	// stepped is set when a count has no closed form relative to where
	// the cost is collected: the blocks cannot be one action.
	stepped bool
}

// terms is a sum Σ coef·count with like counts collected.
type terms struct {
	order []string
	count map[string]Expr
	coef  map[string]float64
}

func (t *terms) expr() Expr {
	var out Expr = Num{0}
	for _, k := range t.order {
		out = add(out, mul(Num{t.coef[k]}, t.count[k]))
	}
	return out
}

// weighted is an access with the loop nest around it.
type weighted struct {
	access
	loops []*LoopInfo
}

// add adds coef × n of an operation.
func (c *cost) add(key string, n Expr, coef float64) {
	if coef == 0 {
		return
	}
	if c.ops == nil {
		c.ops = map[string]*terms{}
	}
	t := c.ops[key]
	if t == nil {
		t = &terms{count: map[string]Expr{}, coef: map[string]float64{}}
		c.ops[key] = t
	}
	n = simplify(n)
	if v, ok := constOf(n); ok {
		n, coef = Num{1}, coef*v
	}
	s := String(n)
	if _, ok := t.count[s]; !ok {
		t.order = append(t.order, s)
		t.count[s] = n
	}
	t.coef[s] += coef
}

// total is the sum for a key, nil when there is none.
func (c *cost) total(key string) (Expr, bool) {
	t, ok := c.ops[key]
	if !ok {
		return nil, false
	}
	return t.expr(), true
}

// collect adds the operations of bs, run in the frames given, to c.
func (c *cost) collect(bs []*Block, frames []countFrame) {
	for _, b := range bs {
		n, how := nestCount(frames)
		inner := frames
		if b.Kind == Loop {
			inner = append(append([]countFrame(nil), frames...), countFrame{loop: b.Loop, how: b.Loop.TripsHow})
			n, how = nestCount(inner)
		}
		if how == Stepped {
			c.stepped = true
		}
		for _, k := range sortedKeys(b.Ops) {
			c.add(k, n, b.Ops[k])
		}
		var loops []*LoopInfo
		for _, f := range inner {
			if f.loop != nil {
				loops = append(loops, f.loop)
			}
		}
		for _, a := range b.accesses {
			c.accesses = append(c.accesses, weighted{a, loops})
		}
		switch b.Kind {
		case Loop:
			c.collect(b.Body, inner)
		case Branch:
			then, els := branchFactors(b)
			c.collect(b.Then, append(append([]countFrame(nil), frames...), countFrame{f: then}))
			c.collect(b.Else, append(append([]countFrame(nil), frames...), countFrame{f: els}))
		}
	}
}

// branchFactors are the weights of a branch's arms: 1/0 by its condition,
// or its probability.
func branchFactors(b *Block) (Expr, Expr) {
	if b.Cond != nil {
		return Cond{b.Cond, Num{1}, Num{0}}, Cond{b.Cond, Num{0}, Num{1}}
	}
	return b.Prob, sub(Num{1}, orNum(b.Prob))
}

// workingSet estimates the bytes a nest touches: for each array, its
// largest access's element size times the extents of the loops its
// indices run over; an index the analysis cannot read counts the whole
// nest.
func (c *cost) workingSet() Expr {
	per := map[string]Expr{}
	var order []string
	for _, a := range c.accesses {
		ext := Expr(Num{a.size})
		for _, l := range a.loops {
			use := a.unknown
			for _, v := range a.vars {
				if v == l.Var {
					use = true
				}
			}
			if use {
				ext = mul(ext, extent(l, a.loops))
			}
		}
		key := a.base
		if _, ok := per[key]; !ok {
			order = append(order, key)
			per[key] = ext
			continue
		}
		if String(per[key]) != String(ext) {
			per[key] = Call{"max", []Expr{per[key], ext}}
		}
	}
	var ws Expr = Num{0}
	for _, k := range order {
		ws = add(ws, per[k])
	}
	return ws
}

// extent is how many values a loop's index takes at most, with the
// indices of the loops around it at their own extremes.
func extent(l *LoopInfo, around []*LoopInfo) Expr {
	t := l.Trips
	for i := 0; i < len(around); i++ {
		for _, o := range around {
			if o != l && o.Var != "" && mentionsName(t, o.Var) {
				t = subst(t, o.Var, o.To)
			}
		}
	}
	return t
}

func mentionsName(e Expr, n string) bool {
	for _, x := range names(e) {
		if x == n {
			return true
		}
	}
	return false
}

// subst replaces the name n by v in e.
func subst(e Expr, n string, v Expr) Expr {
	switch x := e.(type) {
	case Name:
		if x.N == n {
			return v
		}
	case Bin:
		return Bin{x.Op, subst(x.A, n, v), subst(x.B, n, v)}
	case Call:
		args := make([]Expr, len(x.Args))
		for i, a := range x.Args {
			args[i] = subst(a, n, v)
		}
		return Call{x.Fn, args}
	case Cond:
		return Cond{subst(x.C, n, v), subst(x.A, n, v), subst(x.B, n, v)}
	case Not:
		return Not{subst(x.X, n, v)}
	}
	return e
}

// expr writes the cost as a model expression: ChronosMix's formula (1),
// Σ count × time of the operation on the node, with loads and stores at
// the level of the working set, never below the bytes moved at the
// memory's bandwidth once the working set is beyond the caches.
func (c *cost) expr() (Expr, bool) {
	var keys []string
	for k := range c.ops {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var terms []string
	for _, k := range keys {
		switch k {
		case "load_l1", "store_l1", "load_seq", "store_seq", "seq_bytes", "bytes":
			continue
		}
		e, _ := c.total(k)
		terms = append(terms, k+": "+String(e))
	}
	var parts []string
	if len(terms) > 0 {
		parts = append(parts, "ops("+strings.Join(terms, ", ")+")")
	}
	usesMemory := false
	ws := c.workingSet()
	wsText := String(ws)
	if n, ok := c.total("load_l1"); ok {
		parts = append(parts, fmt.Sprintf("load(%s, %s)", wsText, String(n)))
		usesMemory = true
	}
	if n, ok := c.total("store_l1"); ok {
		parts = append(parts, fmt.Sprintf("store(%s, %s)", wsText, String(n)))
		usesMemory = true
	}
	nl, okl := c.total("load_seq")
	ns, oks := c.total("store_seq")
	if okl || oks {
		if !okl {
			nl = Num{0}
		}
		if !oks {
			ns = Num{0}
		}
		parts = append(parts, fmt.Sprintf("stream(%s, %s, %s, %s)", wsText, String(nl), String(ns), String(orNum(c.totalOrNil("seq_bytes")))))
		usesMemory = true
	}
	if len(parts) == 0 {
		return nil, false
	}
	return raw(strings.Join(parts, " + ")), usesMemory
}

// raw is model text used as an expression.
type raw string

func (raw) prec() int { return 0 }

// Model writes the analysis as an augur model named name.
func (a *Analysis) Model(name string, sources []string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "// Written by augur analyze from %s: ChronosMix-style static analysis.\n", strings.Join(sources, ", "))
	b.WriteString("// Costs are operation counts priced by the machine file's ops (formula (1)).\n")
	fmt.Fprintf(&b, "model %s\n\n", sanitize(name))
	for _, p := range a.Params {
		fmt.Fprintf(&b, "param %s = %s // %s: %s\n", p.Name, numText(p.Default), p.Pos, p.Doc)
	}
	for _, f := range a.Funcs {
		for _, p := range f.Params {
			fmt.Fprintf(&b, "local %s = 0 // a parameter of %s, set by its callers\n", p, f.Name)
		}
	}
	var body strings.Builder
	usesMemory := false
	for _, f := range a.orderedFuncs() {
		fmt.Fprintf(&body, "\n// %s at %s\nactivity %s {\n", f.Name, f.Pos, activityName(f.Name))
		if a.emit(&body, f.Body, 1) {
			usesMemory = true
		}
		body.WriteString("}\n")
	}
	if usesMemory {
		b.WriteString("\n" + memoryCosts)
	}
	b.WriteString(body.String())
	return b.String()
}

// orderedFuncs lists main first, then the functions it reaches in source
// order; unreachable functions are left out of the model.
func (a *Analysis) orderedFuncs() []*Func {
	var out []*Func
	if m := a.Func("main"); m != nil {
		out = append(out, m)
	}
	for _, f := range a.Funcs {
		if f.Name != "main" && f.Calls != nil {
			if v, ok := constOf(f.Calls); !ok || v > 0 {
				out = append(out, f)
			}
		}
	}
	return out
}

func activityName(fn string) string {
	if fn == "main" {
		return fn
	}
	return sanitize(fn)
}

func sanitize(s string) string {
	if modelKeywords[s] && s != "main" {
		return s + "_"
	}
	return s
}

// pure reports whether blocks only compute: no communication, no calls
// of the program's functions. Such a subtree becomes one action whose
// cost is the sum over its iterations, so that evaluating it costs the
// simulator nothing per iteration.
func pure(bs []*Block) bool {
	for _, b := range bs {
		if b.Kind == MPI || b.Kind == CallK || !pure(b.Body) || !pure(b.Then) || !pure(b.Else) {
			return false
		}
	}
	var c cost
	c.collect(bs, nil)
	return !c.stepped
}

// emit writes blocks as model statements; it reports whether they use
// the memory cost functions.
func (a *Analysis) emit(b *strings.Builder, bs []*Block, depth int) bool {
	ind := strings.Repeat("  ", depth)
	usesMemory := false
	for _, blk := range bs {
		switch blk.Kind {
		case Compute:
			var c cost
			c.collect([]*Block{blk}, nil)
			if e, mem := c.expr(); e != nil {
				usesMemory = usesMemory || mem
				fmt.Fprintf(b, "%saction %s cost %s // %s\n", ind, blk.Name, String(e), span(blk))
			}
		case Loop:
			if pure([]*Block{blk}) {
				var c cost
				c.collect([]*Block{blk}, nil)
				e, mem := c.expr()
				usesMemory = usesMemory || mem
				fmt.Fprintf(b, "%saction %s cost %s // loop nest %s\n", ind, blk.Name, String(orNum(e)), span(blk))
				continue
			}
			l := blk.Loop
			if l.Canonical || (l.Var != "" && l.From != nil) {
				step := ""
				if s, ok := constOf(l.Step); !ok || s != 1 {
					step = " step " + String(l.Step)
				}
				fmt.Fprintf(b, "%sfor %s in %s .. %s%s { // %s\n", ind, l.Var, String(l.From), String(l.To), step, span(blk))
			} else {
				fmt.Fprintf(b, "%sloop %s { // %s\n", ind, String(l.Trips), span(blk))
			}
			var c cost
			for _, k := range sortedKeys(blk.Ops) {
				c.add(k, Num{1}, blk.Ops[k])
			}
			if e, mem := c.expr(); e != nil {
				usesMemory = usesMemory || mem
				fmt.Fprintf(b, "%s  action %s cost %s // the loop's test and step\n", ind, blk.Name, String(e))
			}
			if a.emit(b, blk.Body, depth+1) {
				usesMemory = true
			}
			fmt.Fprintf(b, "%s}\n", ind)
		case Branch:
			if pure([]*Block{blk}) {
				var c cost
				c.collect([]*Block{blk}, nil)
				e, mem := c.expr()
				usesMemory = usesMemory || mem
				fmt.Fprintf(b, "%saction %s cost %s // branch %s\n", ind, blk.Name, String(orNum(e)), span(blk))
				continue
			}
			fmt.Fprintf(b, "%saction %s cost ops(branch: 1) // the test at %s\n", ind, blk.Name, blk.Pos)
			if blk.Cond != nil {
				fmt.Fprintf(b, "%sif %s {\n", ind, String(blk.Cond))
			} else {
				fmt.Fprintf(b, "%schoose {\n%s  %s {\n", ind, ind, String(blk.Prob))
				ind += "  "
			}
			if a.emit(b, blk.Then, strings.Count(ind, "  ")+1) {
				usesMemory = true
			}
			if len(blk.Else) > 0 {
				fmt.Fprintf(b, "%s} else {\n", ind)
				if a.emit(b, blk.Else, strings.Count(ind, "  ")+1) {
					usesMemory = true
				}
			}
			fmt.Fprintf(b, "%s}\n", ind)
			if blk.Cond == nil {
				ind = ind[:len(ind)-2]
				fmt.Fprintf(b, "%s}\n", ind)
			}
		case CallK:
			callee := a.Func(blk.Callee)
			for i, v := range blk.Args {
				if callee != nil && i < len(callee.Params) && v != nil {
					fmt.Fprintf(b, "%s%s = %s\n", ind, callee.Params[i], String(v))
				}
			}
			fmt.Fprintf(b, "%scall %s // %s\n", ind, activityName(blk.Callee), blk.Pos)
		case MPI:
			a.emitComm(b, ind, blk.Name, blk.Comm, blk.Pos)
		}
	}
	return usesMemory
}

// span is a block's source range for comments.
func span(b *Block) string {
	if b.End.Line > b.Pos.Line {
		return fmt.Sprintf("%s-%d", b.Pos, b.End.Line)
	}
	return b.Pos.String()
}

// emitComm writes a communication element; a peer that may be negative
// (MPI_PROC_NULL at a boundary) guards it with an if.
func (a *Analysis) emitComm(b *strings.Builder, ind, name string, c *Comm, at Position) {
	if c == nil {
		return
	}
	if len(c.Parts) > 0 {
		for i, p := range c.Parts {
			a.emitComm(b, ind, fmt.Sprintf("%s_%c", name, 'a'+i), p, at)
		}
		return
	}
	size := func() string {
		if c.Size == nil {
			return "0"
		}
		return String(c.Size)
	}
	var line string
	switch c.Elem {
	case "send", "isend":
		line = fmt.Sprintf("%s %s to %s size %s tag %s", c.Elem, name, String(c.Peer), size(), String(orNum(c.Tag)))
	case "recv", "irecv":
		from, tag := "any", "any"
		if c.Peer != nil {
			from = String(c.Peer)
		}
		if c.Tag != nil {
			tag = String(c.Tag)
		}
		line = fmt.Sprintf("%s %s from %s size %s tag %s", c.Elem, name, from, size(), tag)
	case "wait":
		line = "wait " + name
	case "barrier":
		line = "barrier " + name
	case "bcast", "reduce", "gather", "scatter":
		line = fmt.Sprintf("%s %s root %s size %s", c.Elem, name, String(orNum(c.Root)), size())
	default:
		line = fmt.Sprintf("%s %s size %s", c.Elem, name, size())
	}
	if c.Peer != nil && mayBeNegative(c.Peer) {
		fmt.Fprintf(b, "%sif %s { // %s at %s (no message to MPI_PROC_NULL)\n%s  %s\n%s}\n", ind, String(Bin{">=", c.Peer, Num{0}}), c.Call, at, ind, line, ind)
		return
	}
	fmt.Fprintf(b, "%s%s // %s at %s\n", ind, line, c.Call, at)
}

// mayBeNegative reports whether a peer expression holds a negative
// constant (MPI_PROC_NULL) in one of its arms.
func mayBeNegative(e Expr) bool {
	switch x := e.(type) {
	case Num:
		return x.V < 0
	case Cond:
		return mayBeNegative(x.A) || mayBeNegative(x.B)
	}
	return false
}

func (c *cost) totalOrNil(key string) Expr {
	e, _ := c.total(key)
	return e
}

func sortedKeys(m map[string]float64) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
