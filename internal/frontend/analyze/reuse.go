package analyze

import (
	"math/big"
	"strings"
)

// Where a streamed array's data comes from: the working set between two
// uses of the same element (its reuse distance, the layer condition of
// Kerncraft and of the ECM model), not the working set of the whole nest.
// In matmul's c[i][j] += a[i][k] * b[k][j], the row of c is used again at
// the next k, a few kilobytes later, so it stays in the first level;
// all of b is used again at the next i, a whole matrix later, so b comes
// from the level that matrix fits. Jacobi's u[i][j] is used again only
// at the next sweep: the level its whole grid fits.

// reuse fills in, for every block that streams through an array, the
// working set between two uses of each of the array's elements
// (Block.streamWS): one iteration of the innermost enclosing loop whose
// index the array's accesses do not use. An array that every enclosing
// loop indexes is used again only after the whole nest; it is priced at
// the nest's working set (streamWS has no entry for it).
func (a *Analysis) reuse() {
	loopBlocks := map[*LoopInfo]*Block{}
	var index func([]*Block)
	index = func(bs []*Block) {
		for _, b := range bs {
			if b.Kind == Loop && b.Loop != nil {
				loopBlocks[b.Loop] = b
			}
			index(b.Body)
			index(b.Then)
			index(b.Else)
		}
	}
	for _, f := range a.Funcs {
		index(f.Body)
	}
	iterWS := map[*LoopInfo]Expr{}
	var visit func([]*Block)
	visit = func(bs []*Block) {
		for _, b := range bs {
			for base := range b.streams {
				l := reuseLoop(b, base)
				if l == nil {
					// Used again only after the whole nest: what all of
					// it touches, where the nest is cut into pieces that
					// are priced one by one (the tiles of a tiled nest,
					// whose loops' bounds move with the tile loops).
					if ws, ok := nestWorkingSet(b, base, loopBlocks); ok {
						if b.streamWS == nil {
							b.streamWS = map[string]Expr{}
						}
						b.streamWS[base] = ws
					}
					continue
				}
				if loopBlocks[l] == nil {
					continue
				}
				ws, ok := iterWS[l]
				if !ok {
					ws = simplify(iterationWorkingSet(loopBlocks[l]))
					iterWS[l] = ws
				}
				if b.streamWS == nil {
					b.streamWS = map[string]Expr{}
				}
				b.streamWS[base] = ws
			}
			visit(b.Body)
			visit(b.Then)
			visit(b.Else)
		}
	}
	for _, f := range a.Funcs {
		visit(f.Body)
	}
}

// reuseLoop is the innermost loop around b whose index none of b's
// accesses of base use, directly or through the bounds of the loops
// they use: its next iteration uses the same elements again.
// It is nil when every enclosing loop indexes the array, or when an index
// cannot be read.
func reuseLoop(b *Block, base string) *LoopInfo {
	used := map[string]bool{}
	found := false
	var along *LoopInfo // the loop the stream moves along, when not the innermost
	for _, x := range b.accesses {
		if x.base != base {
			continue
		}
		if x.unknown {
			return nil
		}
		found = true
		for _, v := range x.vars {
			used[v] = true
		}
		if x.along != nil {
			along = x.along
		}
	}
	if !found {
		return nil
	}
	for i := len(b.frames) - 1; i >= 0; i-- {
		l := b.frames[i].loop
		if l == nil {
			continue
		}
		if along != nil {
			// The short loops inside the stream's own loop (a stencil's
			// radius) reuse within one of its steps, not between them.
			if l == along {
				along = nil
			}
			continue
		}
		if l.Var == "" {
			return nil // a while loop: what one iteration touches is unknown
		}
		if !used[l.Var] {
			return l
		}
		// A loop whose bounds are outer indices (a tile's it from i to
		// i + T) reaches other elements at each of their values: the
		// tile loops index the array too.
		for _, e := range []Expr{l.From, l.To} {
			if e != nil {
				for _, n := range names(e) {
					used[n] = true
				}
			}
		}
	}
	return nil
}

// nestWorkingSet is what the whole of the outermost loop around b
// touches, when b's accesses of base follow their indices and the loops
// are those of a tiled nest (a loop inside runs from the index of one
// that steps by a tile: for (it = i; it < MIN(n, i + T); it++)): the nest is then priced
// tile by tile, and what a tile touches is not where base's lines come
// from. Other nests keep the working set they are priced at.
func nestWorkingSet(b *Block, base string, loopBlocks map[*LoopInfo]*Block) (Expr, bool) {
	loops := b.frameLoops()
	if len(loops) == 0 || loopBlocks[loops[0]] == nil {
		return nil, false
	}
	// A tile loop steps by more than one (i += T) and a loop inside it
	// starts at its index (it = i): a triangle (i = k + 1 with k++) is
	// no tile.
	tiled := false
	for _, l := range loops[1:] {
		for _, o := range loops {
			step, unit := constOf(o.Step)
			unit = unit && (step == 1 || step == -1)
			if o != l && o.Var != "" && !unit && l.From != nil && mentionsName(l.From, o.Var) {
				tiled = true
			}
		}
	}
	for _, x := range b.accesses {
		if x.base == base && x.unknown {
			return nil, false
		}
	}
	if !tiled {
		return nil, false
	}
	lb := loopBlocks[loops[0]]
	var per footprints
	var walk func([]*Block)
	walk = func(bs []*Block) {
		for _, c := range bs {
			loops := c.frameLoops()
			for _, x := range c.accesses {
				if x.base == "" {
					continue
				}
				// The tile loops index the array through the bounds of
				// the loops inside them.
				used := map[string]bool{}
				for _, v := range x.vars {
					used[v] = true
				}
				fp := Expr(Num{x.size})
				for i := len(loops) - 1; i >= 0; i-- {
					l := loops[i]
					if !x.unknown && !used[l.Var] {
						continue
					}
					fp = mul(fp, extent(l, loops))
					for _, e := range []Expr{l.From, l.To} {
						if e != nil {
							for _, n := range names(e) {
								used[n] = true
							}
						}
					}
				}
				per.add(x.base, fp)
			}
			walk(c.Body)
			walk(c.Then)
			walk(c.Else)
		}
	}
	walk([]*Block{lb})
	return simplify(per.sum()), true
}

// iterationWorkingSet is what one iteration of the loop block lb touches:
// for each array accessed in its body, the element size times the extents
// of the loops inside lb that its indices run over (the largest such
// footprint of each array), summed over the arrays.
func iterationWorkingSet(lb *Block) Expr {
	depth := len(lb.frames) // lb's frames end with lb's own loop
	var per footprints
	var walk func([]*Block)
	walk = func(bs []*Block) {
		for _, b := range bs {
			var inner []*LoopInfo
			for _, f := range b.frames[min(depth, len(b.frames)):] {
				if f.loop != nil {
					inner = append(inner, f.loop)
				}
			}
			for _, x := range b.accesses {
				if x.base != "" {
					per.add(x.base, x.footprint(inner))
				}
			}
			walk(b.Body)
			walk(b.Then)
			walk(b.Else)
		}
	}
	walk([]*Block{lb})
	return per.sum()
}

// footprint is the bytes an access reaches over the loops given: its
// element size times the extents of those its indices run over (of all of
// them for an index the analysis cannot read).
func (x access) footprint(loops []*LoopInfo) Expr {
	fp := Expr(Num{x.size})
	for _, l := range loops {
		use := x.unknown
		for _, v := range x.vars {
			if v == l.Var {
				use = true
			}
		}
		if use {
			fp = mul(fp, extent(l, loops))
		}
	}
	return fp
}

// footprints keeps the largest footprint of each array, in the order the
// arrays came. The footprints of one array are kept once each: a function
// of many branches accesses an array under the same bounds again and
// again (miniAMR's pack_face, 96 cases), and a max over every access
// repeated each of them, a model of 16 MB.
type footprints struct {
	per   map[string]Expr
	seen  map[string]map[string]bool
	order []string
}

func (f *footprints) add(base string, fp Expr) {
	if f.per == nil {
		f.per, f.seen = map[string]Expr{}, map[string]map[string]bool{}
	}
	text := String(fp)
	old, ok := f.per[base]
	switch {
	case !ok:
		f.order = append(f.order, base)
		f.per[base] = fp
		f.seen[base] = map[string]bool{text: true}
	case !f.seen[base][text]:
		f.per[base] = Call{"max", []Expr{old, fp}}
		f.seen[base][text] = true
	}
}

// sum is the working set of all the arrays.
func (f *footprints) sum() Expr {
	var ws Expr = Num{0}
	for _, k := range f.order {
		ws = add(ws, f.per[k])
	}
	return ws
}

// touches bounds the first touches charged at a large allocation
// (opsCounter.touch) by what the program's accesses of the pointer reach:
// a buffer allocated for every key but filled with a rank's share
// faults in the pages of that share only. The bound is the largest
// footprint of its accesses: the element size times the extents of the
// loops the index runs over, or of every enclosing loop for an index the
// analysis cannot read (an execution reaches one element). A pointer the
// program only hands to functions (an MPI buffer) keeps its whole
// allocation.
func (a *Analysis) touches() {
	elsewhere := a.reachedElsewhere()
	for _, f := range a.Funcs {
		if len(f.allocated) == 0 {
			continue
		}
		var reach footprints
		var visit func([]*Block)
		visit = func(bs []*Block) {
			for _, b := range bs {
				loops := b.frameLoops()
				for _, x := range b.accesses {
					// An index the analysis cannot read reaches at most
					// one element an execution: the extents of every loop.
					if f.allocated[x.base] != nil && !x.own {
						reach.add(x.base, x.footprint(loops))
					}
				}
				visit(b.Body)
				visit(b.Then)
				visit(b.Else)
			}
		}
		visit(f.Body)
		var retouch func([]*Block)
		retouch = func(bs []*Block) {
			for _, b := range bs {
				for _, k := range sortedKeys(b.Ops) { // not ranging over a map it changes
					n := b.Ops[k]
					rest, ok := strings.CutPrefix(k, "touch@")
					if !ok {
						continue
					}
					_, site, _ := strings.Cut(rest, "#")
					base := f.allocSites[site]
					bound, ok := reach.per[base]
					size := b.footprints[rest]
					if !ok || size == nil || elsewhere[base][f] {
						continue
					}
					reached := simplify(Call{"min", []Expr{size, bound}})
					nk := String(reached) + "#" + site
					delete(b.Ops, k)
					b.Ops["touch@"+nk] += n
					b.footprints[nk] = reached
				}
				retouch(b.Body)
				retouch(b.Then)
				retouch(b.Else)
			}
		}
		retouch(f.Body)
	}
}

// frameLoops lists the loops around b, outermost first (b's own loop last
// when b is a loop).
func (b *Block) frameLoops() []*LoopInfo {
	var out []*LoopInfo
	for _, f := range b.frames {
		if f.loop != nil {
			out = append(out, f.loop)
		}
	}
	return out
}

// restarts notes, on every innermost loop, the streams of its body that
// do not continue where they stopped when the loop is entered again: a
// row of a[i*n + j] for j from k+1 to n starts, at the next i, (k+1)
// elements after the last one ended, and the prefetcher, which follows a
// stream from line to line, has to find it anew. Jacobi's rows and a
// matrix walked row after row continue within a cache line. The gap must
// not change from one entry to the next (an affine index), or the stream
// is left alone.
func (a *Analysis) restarts() {
	var visit func(bs []*Block, parent *Block)
	visit = func(bs []*Block, parent *Block) {
		for _, b := range bs {
			if b.Kind == Loop {
				visit(b.Body, b)
			} else {
				visit(b.Body, parent)
			}
			visit(b.Then, parent)
			visit(b.Else, parent)
			loops := b.frameLoops()
			if b.Kind == Loop || parent == nil || len(loops) < 2 || parent.Loop != loops[len(loops)-1] {
				continue
			}
			in, out := loops[len(loops)-1], loops[len(loops)-2]
			if step, ok := constOf(in.Step); !ok || step != 1 || in.Var == "" || out.Var == "" || in.To == nil || out.Step == nil {
				continue
			}
			for _, base := range sortedKeys(b.streams) {
				ix, ok := b.streamIdx[base]
				if !ok || parent.restartOf(base) {
					continue
				}
				end := subst(ix, in.Var, sub(in.To, Num{1}))
				nextOut := add(Name{out.Var}, out.Step)
				next := subst(subst(ix, out.Var, nextOut), in.Var, subst(orNum(in.From), out.Var, nextOut))
				// Expanded as a polynomial, so that (i + s)·n − i·n is s·n.
				at := &atoms{byText: map[string]string{}, expr: map[string]Expr{}}
				gp := polyOf(sub(sub(next, end), Num{1}), at)
				if gp.mentions(in.Var) || gp.mentions(out.Var) {
					continue
				}
				gap := gp.expr()
				for n, e := range at.expr {
					gap = subst(gap, n, e)
				}
				if mentionsName(gap, in.Var) || mentionsName(gap, out.Var) {
					continue
				}
				parent.restarts = append(parent.restarts, restart{base: base, gap: simplify(mul(gap, Num{elemSize(b, base)})), ws: b.streamWS[base],
					resumed: a.resumesNextTile(in, loops[:len(loops)-2])})
			}
		}
	}
	for _, f := range a.Funcs {
		visit(f.Body, nil)
	}
}

// restartOf tells whether the loop already notes base's stream.
func (b *Block) restartOf(base string) bool {
	for _, r := range b.restarts {
		if r.base == base {
			return true
		}
	}
	return false
}

// elemSize is the size of the elements b accesses through base.
func elemSize(b *Block, base string) float64 {
	for _, x := range b.accesses {
		if x.base == base {
			return x.size
		}
	}
	return 8
}

// polyOf reads e as a polynomial, its parts that are not (a division,
// a call) as atoms.
func polyOf(e Expr, at *atoms) poly {
	switch x := e.(type) {
	case Num:
		c := new(big.Rat)
		if c.SetFloat64(x.V) == nil {
			return polyVar(at.name(e))
		}
		p := poly{}
		p.addTerm("", c)
		return p
	case Name:
		return polyVar(x.N)
	case Bin:
		switch x.Op {
		case "+":
			return polyOf(x.A, at).add(polyOf(x.B, at))
		case "-":
			return polyOf(x.A, at).sub(polyOf(x.B, at))
		case "*":
			return polyOf(x.A, at).mul(polyOf(x.B, at))
		}
	}
	return polyVar(at.name(e))
}

// reachedElsewhere lists, for each global or static variable accessed
// through (p[i], *p) in more than one function, those functions: a
// global pointer malloc'ed in one function (NAS IS's alloc_space) and
// filled in others is not bounded by the first one's accesses, whose
// loops say nothing of the others' (the names of one function's loops
// mean nothing in another's cost): it keeps its whole allocation.
func (a *Analysis) reachedElsewhere() map[string]map[*Func]bool {
	in := map[string]map[*Func]bool{}
	for _, f := range a.Funcs {
		var visit func([]*Block)
		visit = func(bs []*Block) {
			for _, b := range bs {
				for _, x := range b.accesses {
					if x.static == nil || x.own {
						continue
					}
					if in[x.base] == nil {
						in[x.base] = map[*Func]bool{}
					}
					in[x.base][f] = true
				}
				visit(b.Body)
				visit(b.Then)
				visit(b.Else)
			}
		}
		visit(f.Body)
	}
	out := map[string]map[*Func]bool{}
	for base, fs := range in {
		for f := range fs {
			if len(fs) > 1 {
				if out[base] == nil {
					out[base] = map[*Func]bool{}
				}
				out[base][f] = true
			}
		}
	}
	return out
}
