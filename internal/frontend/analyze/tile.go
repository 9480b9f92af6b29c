package analyze

import (
	"math"
	"slices"
	"strconv"
	"strings"

	"modernc.org/cc/v4"
)

// Accesses that do not stream but whose cache lines are used again a
// little later: a column of a tile, a[jt*n + it] inside for (it ...) for
// (jt ...) in a tiled (blocked) transpose. Each iteration of jt goes to
// another line, but the next iteration of it reads the next element of
// the same lines: between two uses of a line lies one iteration of the it
// loop, the tile's few kilobytes, so the access is a load from the level
// those fit, not a load from wherever the whole matrix lives. The lines
// themselves come from the level of the whole nest once, as a stream's
// do: the reuse distance of the layer condition (Kerncraft, the ECM
// model) taken to the line. The same holds for a transpose that is not
// tiled when a column's lines fit a cache (n lines, one per row).

// lineSize is the bytes of a cache line.
const lineSize = 64

// lineReuse finds, for an access with indices idx whose last index moves
// by a line or more an iteration of the innermost loop, the innermost
// loop along which it moves by less than a line (so that the iteration
// after uses the same line again): that loop, and the bytes of line each
// access brings in (the stride along that loop). The earlier indices
// must not move along that loop or any inside it (the address is then
// the last index's, scaled).
func (mo *memOps) lineReuse(idx []cc.ExpressionNode, size float64) (*LoopInfo, float64, bool) {
	if len(idx) == 0 || len(mo.w.loops) == 0 {
		return nil, 0, false
	}
	// The strides at the parameters' values: a[jt*n + it] moves n
	// elements an iteration of jt, a line or more when n is 8 or more.
	vals := mo.strideValues()
	syms := make([]Expr, len(idx))
	// An offset the analysis cannot know (ParRes's istart, set in the
	// loop around the nest) does not change the strides.
	mo.opaque = map[*cc.Declarator]bool{}
	defer func() { mo.opaque = nil }()
	for i, ix := range idx {
		v, ok := mo.w.sym(ix)
		if !ok {
			return nil, 0, false
		}
		for _, n := range names(v) {
			if x, isParam := vals[n]; isParam {
				v = subst(v, n, Num{x})
			}
		}
		syms[i] = v
	}
	last := syms[len(syms)-1]
	for k := len(mo.w.loops) - 1; k >= 0; k-- {
		l := mo.w.loops[k].info
		if l.Var == "" {
			return nil, 0, false
		}
		for d := range mo.opaque {
			if assigns(mo.w.loops[k].stmt, d) {
				return nil, 0, false // it changes along this loop
			}
		}
		for _, v := range syms[:len(syms)-1] {
			if mentionsName(v, l.Var) {
				return nil, 0, false
			}
		}
		c, ok := slope(last, l.Var)
		step, okStep := constOf(l.Step)
		if !ok || !okStep {
			return nil, 0, false
		}
		stride := math.Abs(c * step * size)
		switch {
		case stride == 0 && k == len(mo.w.loops)-1:
			return nil, 0, false // the same element every iteration: not this case
		case stride == 0:
			continue // the loops inside walk the lines; this one repeats them
		case stride < lineSize && k < len(mo.w.loops)-1:
			return l, stride, true
		case stride < lineSize:
			return nil, 0, false // a stream or a short stride: priced as such
		}
	}
	return nil, 0, false
}

// tileKey is the placeholder that stands for the working set of one
// iteration of l in an access's load@ or store@ key, until the whole
// nest is known (Analysis.tiles).
func (mo *memOps) tileKey(l *LoopInfo) string {
	for i, x := range mo.w.a.tileLoops {
		if x == l {
			return "~tile" + strconv.Itoa(i)
		}
	}
	mo.w.a.tileLoops = append(mo.w.a.tileLoops, l)
	return "~tile" + strconv.Itoa(len(mo.w.a.tileLoops)-1)
}

// tiles replaces each tile placeholder by the working set of one
// iteration of its loop, counted in lines (tileWorkingSet).
func (a *Analysis) tiles() {
	if len(a.tileLoops) == 0 {
		return
	}
	loopBlocks := map[*LoopInfo]*Block{}
	for _, b := range a.Blocks() {
		if b.Kind == Loop && b.Loop != nil {
			loopBlocks[b.Loop] = b
		}
	}
	ws := make([]Expr, len(a.tileLoops))
	for i, l := range a.tileLoops {
		if lb := loopBlocks[l]; lb != nil {
			ws[i] = simplify(tileWorkingSet(lb))
			if v, ok := eval(ws[i], nil); ok {
				ws[i] = Num{v} // a tile of constant size: min(n, 32) folded
			}
		}
	}
	for _, b := range a.Blocks() {
		for _, k := range sortedKeys(b.Ops) { // not ranging over a map it changes
			kind, fp, ok := strings.Cut(k, "@~tile")
			if !ok {
				continue
			}
			i, _ := strconv.Atoi(fp)
			set := ws[i]
			if set == nil {
				set = Num{lineSize} // not reached: every loop around a block has its block
			}
			n := b.Ops[k]
			delete(b.Ops, k)
			key := String(set)
			b.Ops[kind+"@"+key] += n
			if b.footprints == nil {
				b.footprints = map[string]Expr{}
			}
			b.footprints[key] = set
		}
	}
}

// tileWorkingSet is what one iteration of the loop block lb touches, in
// whole lines: as iterationWorkingSet, but an access that no loop inside
// lb moves along by one element at a time touches a line per element.
func tileWorkingSet(lb *Block) Expr {
	depth := len(lb.frames)
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
				if x.base == "" {
					continue
				}
				// Each loop's extent at the outer indices' extremes: a
				// tile's, not one that depends on where the tile is.
				fp := Expr(Num{x.size})
				for _, l := range inner {
					if x.unknown || slices.Contains(x.vars, l.Var) {
						fp = mul(fp, extent(l, b.frameLoops()))
					}
				}
				if !x.contiguous(inner) {
					fp = mul(fp, Num{math.Max(1, lineSize/x.size)})
				}
				per.add(x.base, fp)
			}
			walk(b.Body)
			walk(b.Then)
			walk(b.Else)
		}
	}
	walk([]*Block{lb})
	return per.sum()
}

// contiguous tells whether one of the loops moves the access by one
// element an iteration, so that its elements share lines; an access
// that none of them moves is one element, also contiguous.
func (x access) contiguous(loops []*LoopInfo) bool {
	if x.unknown {
		return false
	}
	if x.index == nil {
		return true // no index: one element
	}
	moved := false
	for _, l := range loops {
		c, ok := slope(x.index, l.Var)
		if !ok {
			return false
		}
		step, _ := constOf(l.Step)
		if c*step == 1 || c*step == -1 {
			return true
		}
		moved = moved || c != 0
	}
	return !moved
}

// bigDimension stands for a parameter whose value the analysis does not
// have yet (an argument, given with --args after the analysis; a value
// it cannot know) where a stride needs one: such a parameter is a
// program's size, an order of a matrix, and a multiple of it is a
// stride of many lines.
const bigDimension = 1 << 20

// strideValues are the parameters' values for strides: a macro's, or a
// value the source or --set gives; bigDimension for the others.
func (mo *memOps) strideValues() map[string]float64 {
	vals := map[string]float64{}
	for _, p := range mo.w.a.Params {
		_, set := mo.w.o.Set[p.Name]
		if p.From == "macro" || p.argDefault || set {
			vals[p.Name] = p.Default
		} else {
			vals[p.Name] = bigDimension
		}
	}
	return vals
}

// opaqueStream is streamLoop with the variables the analysis cannot know
// read as names of their own (ParRes's B(jt, it), B_p[(jt + istart) +
// order*it], streams along jt whatever istart is), when no loop from the
// innermost out to the stream's assigns them.
func (mo *memOps) opaqueStream(idx []cc.ExpressionNode) (*LoopInfo, float64, bool) {
	mo.opaque = map[*cc.Declarator]bool{}
	defer func() { mo.opaque = nil }()
	along, per, seq := mo.streamLoop(idx)
	if !seq || len(mo.opaque) == 0 {
		return along, per, seq
	}
	for k := len(mo.w.loops) - 1; k >= 0; k-- {
		for d := range mo.opaque {
			if assigns(mo.w.loops[k].stmt, d) {
				return nil, 1, false
			}
		}
		if mo.w.loops[k].info == along {
			break
		}
	}
	return along, per, seq
}
