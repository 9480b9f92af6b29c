package analyze

import (
	"fmt"
	"strings"
)

// First touch by a team of threads. The pages of a large allocation
// (touch) are faulted in where the program first writes them, not where
// malloc returns: the kernel maps a page when a thread first stores to
// it, and the threads of a team fault their own pages at the same time,
// each on its own CPU. An OpenMP program commonly fills its arrays in a
// parallel loop (ParRes's `#pragma omp parallel for` that sets a, b and c
// before the timed loop; the first-touch policy that places pages near
// their thread on a NUMA machine): its faults then take the team's share
// of the time, as they take each rank's share when MPI ranks fill their
// own arrays. The faults stay priced at the allocation (where the model
// knows the size), divided among the threads that will fault them: the
// team of the parallel region whose shared loop is the first code after
// the allocation, in the same function, that accesses the pointer. A
// pointer first reached elsewhere (a function it is passed to, a
// sequential loop, or after an MPI call of the same function, which may
// receive into it) keeps the whole time on the allocating thread.
//
// An allocator of the program (a malloc wrapper, alloc.go) allocates for
// every caller: its faults are divided by a local of the model,
// NAME_touchers, that each call sets to the team its pointer is first
// touched by (1 when none), so that one call's buffer can be filled by
// the threads and another's by one.

// touchInfo is what the first touches decided, read when the model is
// written.
type touchInfo struct {
	// set is, per call block of an allocator whose faults are shared,
	// the value of the callee's touchers local at that call.
	set map[*Block]Expr
	// local names each such allocator's touchers local.
	local map[string]string
	order []string // the allocators of local, in the order they were found
}

// touchOrder is a block of a function in program order, with the team of
// the shared loop it runs in (nil: not in one).
type touchOrder struct {
	b    *Block
	team Expr
}

// firstTouches decides who first touches each large allocation.
func (ap *allocFuncs) firstTouches() {
	if !ap.w.o.Compiled.OpenMP {
		return // no team ever shares a fault
	}
	ti := &touchInfo{set: map[*Block]Expr{}, local: map[string]string{}}
	// div is, per allocation site (the #site of a touch@ key), the threads
	// that share its faults.
	div := map[string]Expr{}
	// calls[f] are the call blocks of allocator f with the team their
	// pointer is first touched by.
	calls := map[string][]*Block{}
	team := map[*Block]Expr{}
	for _, f := range ap.w.a.Funcs {
		order := flatten(f.Body, nil, nil)
		for i, o := range order {
			b := o.b
			if b.Kind == CallK {
				if _, ok := ap.allocators[b.Callee]; ok {
					calls[b.Callee] = append(calls[b.Callee], b)
					if p, ok := f.allocSites[siteAt(b.Pos)]; ok {
						if t := firstTeam(order[i+1:], p); t != nil {
							team[b] = t
						}
					}
				}
				continue
			}
			for k := range b.Ops {
				rest, ok := strings.CutPrefix(k, "touch@")
				if !ok {
					continue
				}
				_, site, _ := strings.Cut(rest, "#")
				if p, ok := f.allocSites[site]; ok {
					if t := firstTeam(order[i+1:], p); t != nil {
						div[site] = t
					}
				}
			}
		}
	}
	// An allocator whose calls share faults gets its local, and so do
	// the allocators it calls for its own allocation (a wrapper's
	// wrapper), each call passing its caller's value on.
	shared := map[string]bool{}
	for _, name := range sortedKeys(calls) {
		for _, b := range calls[name] {
			if team[b] != nil {
				shared[name] = true
			}
		}
	}
	for changed := true; changed; {
		changed = false
		for _, name := range sortedKeys(shared) {
			if inner := calleeName(ap.allocators[name].call); ap.allocators[inner].call != nil && !shared[inner] {
				shared[inner], changed = true, true
			}
		}
	}
	for _, name := range sortedKeys(shared) {
		ti.local[name] = ap.w.fresh(name + "_touchers")
		ti.order = append(ti.order, name)
	}
	for _, name := range ti.order {
		al := ap.allocators[name]
		own := Name{ti.local[name]}
		inner := calleeName(al.call)
		if _, ok := shared[inner]; !ok {
			div[siteOf(al.call)] = Call{"max", []Expr{Num{1}, own}}
		}
		for _, b := range calls[name] {
			switch {
			case team[b] != nil:
				ti.set[b] = team[b]
			case b.Func != "" && shared[b.Func] && siteAt(b.Pos) == siteOf(ap.allocators[b.Func].call):
				ti.set[b] = Name{ti.local[b.Func]} // the wrapper's own allocation
			default:
				ti.set[b] = Num{1}
			}
		}
	}
	if len(ti.set) > 0 {
		ap.w.a.firstTouch = ti
	}
	ap.w.a.shareTouches(div)
}

// sharedBy separates an allocation's size from the threads that share
// its faults in a touch@ key: SIZE÷THREADS#site.
const sharedBy = "÷"

// shareTouches writes the threads that share an allocation's faults into
// its touch@ key, which the model writes as the touches' time divided by
// them.
func (a *Analysis) shareTouches(div map[string]Expr) {
	if len(div) == 0 {
		return
	}
	for _, b := range a.Blocks() {
		for _, k := range sortedKeys(b.Ops) { // not ranging over a map it changes
			rest, ok := strings.CutPrefix(k, "touch@")
			if !ok {
				continue
			}
			size, site, _ := strings.Cut(rest, "#") // a size has no #, a file name may
			d, ok := div[site]
			if !ok {
				continue
			}
			nk := size + sharedBy + String(d) + "#" + site
			b.Ops["touch@"+nk] += b.Ops[k]
			delete(b.Ops, k)
			if b.footprints == nil {
				b.footprints = map[string]Expr{}
			}
			b.footprints[nk] = b.footprints[rest]
		}
	}
}

// touchersAt is the value a call block sets its allocator's touchers
// local to, with the local's name; "" when the call sets none.
func (mw *modelWriter) touchersAt(b *Block) (string, Expr) {
	if mw.a.firstTouch == nil || mw.a.firstTouch.set[b] == nil {
		return "", nil
	}
	return mw.a.firstTouch.local[b.Callee], mw.a.firstTouch.set[b]
}

// touchersLocals declares the allocators' touchers locals.
func (mw *modelWriter) touchersLocals(b *strings.Builder) {
	if mw.a.firstTouch == nil {
		return
	}
	for _, name := range mw.a.firstTouch.order {
		fmt.Fprintf(b, "local %s = 1 // the threads that first write what %s allocates (their faults are shared), set by its callers\n", mw.a.firstTouch.local[name], name)
	}
}

// flatten lists blocks in program order, each with the team of the shared
// loop around it: a worksharing loop of a region runs on the region's
// threads (its num_threads, or the model's threads).
func flatten(bs []*Block, region, team Expr) []touchOrder {
	var out []touchOrder
	for _, b := range bs {
		out = append(out, touchOrder{b, team})
		r, t := region, team
		if c := b.omp; c != nil && !c.inline {
			switch c.kind {
			case ompRegion:
				r = Name{"threads"}
				if c.threads != nil {
					r = Call{"max", []Expr{Num{1}, c.threads}}
				}
			case ompLoop:
				if r != nil {
					t = r
				}
			}
		}
		out = append(out, flatten(b.Body, r, t)...)
		out = append(out, flatten(b.Then, r, t)...)
		out = append(out, flatten(b.Else, r, t)...)
	}
	return out
}

// firstTeam is the team of the shared loop whose block is the first of
// order to access memory through pointer p, nil when that block is not
// in one, when an MPI call that may receive comes first, or when no block accesses p.
func firstTeam(order []touchOrder, p string) Expr {
	for _, o := range order {
		if o.b.Kind == MPI && receives(o.b.Comm) {
			// Its buffer may be the memory: the analysis does not know,
			// and keeps the faults whole.
			return nil
		}
		for _, x := range o.b.accesses {
			// Through the pointer (p[i], an index unknown), not the
			// pointer's own value (q = p + n; if (!p)).
			if x.base == p && (x.index != nil || x.unknown) {
				return o.team
			}
		}
	}
	return nil
}

// receives tells whether an MPI call may write a buffer of the program:
// anything but a barrier, a send or a wait for one.
func receives(c *Comm) bool {
	if c == nil {
		return false
	}
	switch c.Elem {
	case "barrier", "send", "isend":
		return false
	}
	return true
}

// siteAt names a call site by its position, as siteOf does.
func siteAt(p Position) string {
	return fmt.Sprintf("%s:%d:%d", p.File, p.Line, p.Col)
}
