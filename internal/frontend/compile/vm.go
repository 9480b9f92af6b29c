package compile

import (
	"math"

	"augur/internal/base/diag"
	"augur/internal/frontend/model"
	"augur/internal/ir"
)

// maxCallDepth bounds nested activity calls; the checker refuses
// recursion, this only keeps an unchecked model from growing without end.
const maxCallDepth = 10_000

// vm runs a Program for one unit. It is the unit's resumable state: the
// engine calls Next when the previous operation has completed.
type vm struct {
	p        *Program
	stack    []int32    // return addresses of activity calls
	stack0   [4]int32   // stack's first entries: no allocation per unit for shallow calls
	slots    []float64  // loop variables and loop state
	locals   []float64  // the process's locals, shared by its threads
	share    *pforShare // the parallel loop this thread takes part in
	team     *team      // what the threads of the enclosing region share
	rng      uint64
	spare    float64 // second normal variate of the last Box–Muller pair
	pc       int32
	pid, tid int32
	uid, nid int32
	nthreads int32
	sub      int32 // progress within a multi-operation instruction (wait on A, B)
	shared   int32 // worksharing loops and single sections this thread has met in its region
	child    bool  // a thread of a parallel region: ends at the region's end
	ws       bool  // in a worksharing loop: its end is a barrier of the region's threads
	hasSpare bool
	batches  bool // loops may be evaluated in closed form (AllowBatches)
	// cold counts this process's calls of each collective whose first
	// calls fault in fresh temporaries (cold.go).
	cold map[coldKey]int
}

// pforShare is the state the threads of one parallel loop share.
type pforShare struct {
	from, to, chunk float64
	next            float64 // dynamic and guided: first iteration not yet handed out
	threads         int32
	dynamic         bool
	guided          bool // dynamic, chunks of the iterations left over the threads (at least chunk)
}

// team is what the threads of one parallel region share: the worksharing
// loops and single sections they meet, in the order each thread meets
// them (OpenMP: every thread of a team meets the same ones in the same
// order). The first thread to meet the k-th makes its state.
type team struct {
	loops   map[int32]*pforShare
	singles map[int32]bool // taken by a thread
}

// Stream makes the stream of process pid on node nid.
func (p *Program) Stream(pid, nid int32) (ir.Stream, error) {
	v := p.newVM()
	*v = vm{p: p, pc: p.entry, pid: pid, uid: pid, nid: nid, nthreads: 1}
	v.stack = v.stack0[:0]
	if n := p.nslots + len(p.locals); n > 0 {
		buf := p.newFloats(n)
		v.slots = buf[:p.nslots:p.nslots]
		v.locals = buf[p.nslots:n:n]
	}
	if p.nslots == 0 {
		v.slots = nil
	}
	if len(p.locals) == 0 {
		v.locals = nil
	}
	v.seed()
	if len(p.locals) > 0 {
		for i, l := range p.locals {
			if l.init != nil {
				v.locals[i] = l.init(v)
			}
		}
	}
	return v, nil
}

// maxSlab is how many processes' streams one allocation holds at most: a
// million processes make a few thousand objects instead of two million
// (malloc and the garbage collector's work per object dominate otherwise).
// Slabs start small and double, so that a few processes cost little.
const maxSlab = 256

// newVM returns a zeroed vm from the program's slab.
func (p *Program) newVM() *vm {
	if len(p.vms) == 0 {
		p.slab = min(max(2*p.slab, 4), maxSlab)
		p.vms = make([]vm, p.slab)
	}
	v := &p.vms[0]
	p.vms = p.vms[1:]
	return v
}

// newFloats returns n zeroed float64s from the program's slab.
func (p *Program) newFloats(n int) []float64 {
	if len(p.floats) < n {
		p.floats = make([]float64, p.slab*n)
	}
	buf := p.floats[:n:n]
	p.floats = p.floats[n:]
	return buf
}

// Bind is called by the engine for threads: it learns its uid and node.
// The thread's random stream was derived from its parent's at the fork, so
// that every region instance draws fresh variates.
func (v *vm) Bind(uid, nid int32) {
	v.uid, v.nid = uid, nid
}

// seed derives the unit's random stream from the run seed and its uid.
func (v *vm) seed() {
	v.rng = splitmix(v.p.opts.Seed ^ splitmix(uint64(v.uid)+0x9e3779b97f4a7c15))
	v.hasSpare = false
}

func splitmix(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9
	x = (x ^ (x >> 27)) * 0x94d049bb133111eb
	return x ^ (x >> 31)
}

// rand returns a uniform variate in [0, 1).
func (v *vm) rand() float64 {
	v.rng += 0x9e3779b97f4a7c15
	z := v.rng
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	z ^= z >> 31
	return float64(z>>11) / (1 << 53)
}

// normal returns a standard normal variate (Box–Muller).
func (v *vm) normal() float64 {
	if v.hasSpare {
		v.hasSpare = false
		return v.spare
	}
	u1 := 1 - v.rand() // (0, 1]
	u2 := v.rand()
	r := math.Sqrt(-2 * math.Log(u1))
	v.spare = r * math.Sin(2*math.Pi*u2)
	v.hasSpare = true
	return r * math.Cos(2*math.Pi*u2)
}

func (v *vm) errf(in *instr, format string, args ...any) error {
	return diag.At(v.p.filename, int(in.pos.Line), int(in.pos.Col), format, args...)
}

// iterErrf is errf for a loop past the limit of iterations, which the
// message names as option max-iterations (a command, its flag).
func (v *vm) iterErrf(in *instr, format string, args ...any) error {
	e := diag.At(v.p.filename, int(in.pos.Line), int(in.pos.Col), format, args...)
	e.Given = &diag.Given{What: diag.Option, Name: "max-iterations"}
	return e
}

func (v *vm) runAssigns(as []assignInstr) {
	for _, a := range as {
		x := a.val(v)
		if a.global {
			v.p.globals[a.idx] = x
		} else {
			v.locals[a.idx] = x
		}
	}
}

// Next executes instructions until the next operation for the engine.
func (v *vm) Next(op *ir.Op) error {
	code := v.p.code
	for {
		in := &code[v.pc]
		switch in.op {
		case opEnd:
			*op = ir.Op{Kind: ir.End, Elem: -1}
			return nil
		case opAction:
			v.runAssigns(in.code)
			c := 0.0
			if in.f[0] != nil {
				c = in.f[0](v)
			}
			*op = ir.Op{Kind: ir.Compute, Elem: in.elem, Cost: c}
			v.pc++
			return nil
		case opDelay:
			*op = ir.Op{Kind: ir.Delay, Elem: in.elem, Cost: in.f[0](v)}
			v.pc++
			return nil
		case opPriority:
			p := in.f[0](v)
			if p != math.Trunc(p) || math.Abs(p) > math.MaxInt32 {
				return v.errf(in, "priority %g is not a whole number in ±%d", p, math.MaxInt32)
			}
			*op = ir.Op{Kind: ir.Priority, Elem: -1, Count: int32(p)}
			v.pc++
			return nil
		case opAssign:
			v.runAssigns(in.code)
			v.pc++
		case opJump:
			v.pc = in.a
		case opJumpIfNot:
			if in.f[0](v) == 0 {
				v.pc = in.a
			} else {
				v.pc++
			}
		case opNest:
			if v.batches {
				emitted, ok := v.runNest(v.p.nests[in.a], op)
				if ok {
					v.pc = in.b
					if emitted {
						return nil
					}
					continue
				}
			}
			v.pc++
		case opCall:
			if len(v.stack) >= maxCallDepth {
				return v.errf(in, "activity calls nested deeper than %d (recursion?)", maxCallDepth)
			}
			v.stack = append(v.stack, v.pc+1)
			v.pc = in.a
		case opReturn:
			n := len(v.stack) - 1
			v.pc = v.stack[n]
			v.stack = v.stack[:n]
		case opLoopInit:
			n := math.Floor(in.f[0](v))
			if math.IsNaN(n) {
				return v.errf(in, "loop count is not a number")
			}
			if n > v.p.opts.MaxIterations {
				return v.iterErrf(in, "loop count %g exceeds the limit of %g iterations (option max-iterations)", n, v.p.opts.MaxIterations)
			}
			v.slots[in.a] = n
			v.pc++
		case opLoopNext:
			if v.slots[in.a] <= 0 {
				v.pc = in.b
			} else {
				v.slots[in.a]--
				v.pc++
			}
		case opForInit:
			from, to, step := in.f[0](v), in.f[1](v), 1.0
			if in.f[2] != nil {
				step = in.f[2](v)
			}
			if step == 0 || math.IsNaN(step) || math.IsNaN(from) || math.IsNaN(to) {
				return v.errf(in, "for loop from %g to %g step %g never ends", from, to, step)
			}
			if trips := (to - from) / step; trips > v.p.opts.MaxIterations {
				return v.iterErrf(in, "for loop of %g iterations exceeds the limit of %g (option max-iterations)", math.Ceil(trips), v.p.opts.MaxIterations)
			}
			v.slots[in.a], v.slots[in.a+1], v.slots[in.a+2] = from, to, step
			v.pc++
		case opForNext:
			x, to, step := v.slots[in.a], v.slots[in.a+1], v.slots[in.a+2]
			if (step > 0 && x < to) || (step < 0 && x > to) {
				v.pc++
			} else {
				v.pc = in.b
			}
		case opForStep:
			v.slots[in.a] += v.slots[in.a+2]
			v.pc = in.b
		case opChoose:
			u := v.rand()
			acc := 0.0
			target := in.tgts[len(in.tgts)-1]
			for i, pf := range in.probs {
				p := pf(v)
				if p < 0 || math.IsNaN(p) {
					return v.errf(in, "probability %g of alternative %d is not in [0, 1]", p, i+1)
				}
				acc += p
				if u < acc {
					target = in.tgts[i]
					break
				}
			}
			v.pc = target
		case opComm:
			return v.comm(in, op)
		case opCombine:
			v.pc++
			if c := v.combine(in); c > 0 {
				*op = ir.Op{Kind: ir.Compute, Elem: in.elem, Cost: c}
				return nil
			}
		case opWait:
			if len(in.tgts) == 0 {
				*op = ir.Op{Kind: ir.Wait, Elem: in.elem, Request: ir.AllRequests}
				v.pc++
				return nil
			}
			*op = ir.Op{Kind: ir.Wait, Elem: in.elem, Request: in.tgts[v.sub]}
			v.sub++
			if int(v.sub) >= len(in.tgts) {
				v.sub = 0
				v.pc++
			}
			return nil
		case opThreadBarrier:
			*op = ir.Op{Kind: ir.ThreadBarrier, Elem: in.elem, Region: in.elem, Count: v.nthreads}
			v.pc++
			return nil
		case opParallel:
			t, err := v.threadCount(in, in.f[0])
			if err != nil {
				return err
			}
			v.team, v.shared = &team{}, 0
			*op = ir.Op{Kind: ir.Fork, Elem: -1, Spawn: v.spawn(t, v.pc+1, nil)}
			v.nthreads = t
			v.pc++
			return nil
		case opPfor:
			if v.child || v.nthreads > 1 {
				// Inside a region: the region's threads share the loop.
				sh, err := v.teamLoop(in)
				if err != nil {
					return err
				}
				v.share, v.ws = sh, true
				v.pforStart(in.a)
				v.pc++
				continue
			}
			t, err := v.threadCount(in, in.f[2])
			if err != nil {
				return err
			}
			sh, err := v.newShare(in, t)
			if err != nil {
				return err
			}
			v.team, v.shared = &team{}, 0
			*op = ir.Op{Kind: ir.Fork, Elem: -1, Spawn: v.spawn(t, v.pc+1, sh)}
			v.nthreads = t
			v.share = sh
			v.pforStart(in.a)
			v.pc++
			return nil
		case opMaster:
			if v.tid == 0 {
				v.pc++
			} else {
				v.pc = in.b
			}
		case opSingle:
			k := v.shared
			v.shared++
			if v.team == nil || !v.team.singles[k] {
				if v.team != nil {
					if v.team.singles == nil {
						v.team.singles = map[int32]bool{}
					}
					v.team.singles[k] = true
				}
				v.pc++
			} else {
				v.pc = in.b
			}
		case opPforNext:
			if v.pforNext(in.a) {
				v.pc++
			} else {
				v.pc = in.b
			}
		case opRegionEnd:
			if v.ws {
				// The end of a worksharing loop: the region goes on once
				// all its threads are here.
				v.ws, v.share = false, nil
				*op = ir.Op{Kind: ir.ThreadBarrier, Elem: in.elem, Region: in.elem, Count: v.nthreads}
				v.pc++
				return nil
			}
			if v.child {
				*op = ir.Op{Kind: ir.End, Elem: -1}
				return nil
			}
			*op = ir.Op{Kind: ir.Join, Elem: in.elem}
			v.nthreads = 1
			v.share, v.team = nil, nil
			v.pc++
			return nil
		case opLock:
			*op = ir.Op{Kind: ir.Lock, Elem: in.elem, Lock: in.elem}
			v.pc++
			return nil
		case opUnlock:
			*op = ir.Op{Kind: ir.Unlock, Elem: -1, Lock: in.elem}
			v.pc++
			return nil
		default:
			return v.errf(in, "internal error: bad instruction %d", in.op)
		}
	}
}

func (v *vm) threadCount(in *instr, f expr) (int32, error) {
	t := float64(v.p.opts.Threads)
	if f != nil {
		t = math.Floor(f(v))
	}
	if !(t >= 1) || t > float64(v.p.opts.MaxThreads) {
		return 0, v.errf(in, "a parallel region of %g threads: need 1 to %d", t, v.p.opts.MaxThreads)
	}
	if v.child || v.nthreads > 1 {
		return 0, v.errf(in, "nested parallel regions are not supported")
	}
	return int32(t), nil
}

// spawn makes the streams of threads 1..t-1 of a region starting at pc.
func (v *vm) spawn(t int32, pc int32, sh *pforShare) []ir.Stream {
	if t <= 1 {
		return nil
	}
	out := make([]ir.Stream, t-1)
	v.rand() // advance: the next region's threads get other streams
	base := v.rng
	for i := int32(1); i < t; i++ {
		c := &vm{p: v.p, pc: pc, locals: v.locals, pid: v.pid, tid: i, uid: v.uid, nid: v.nid,
			nthreads: t, child: true, share: sh, team: v.team, rng: splitmix(base + uint64(i))}
		if len(v.slots) > 0 {
			c.slots = append([]float64(nil), v.slots...)
		}
		if sh != nil {
			c.pforStart(v.p.code[pc-1].a)
		}
		out[i-1] = c
	}
	return out
}

// newShare evaluates a parallel loop's range and chunk for t threads.
func (v *vm) newShare(in *instr, t int32) (*pforShare, error) {
	sh := &pforShare{from: in.f[0](v), to: in.f[1](v), threads: t, dynamic: in.sched != model.Static, guided: in.sched == model.Guided}
	if math.IsNaN(sh.from) || math.IsNaN(sh.to) {
		return nil, v.errf(in, "parallel loop bounds are not numbers")
	}
	if sh.to-sh.from > v.p.opts.MaxIterations {
		return nil, v.iterErrf(in, "parallel loop of %g iterations exceeds the limit of %g (option max-iterations)", sh.to-sh.from, v.p.opts.MaxIterations)
	}
	if in.f[3] != nil {
		sh.chunk = math.Floor(in.f[3](v))
		if !(sh.chunk >= 1) {
			return nil, v.errf(in, "chunk %g must be at least 1", sh.chunk)
		}
	} else if sh.dynamic {
		sh.chunk = 1
	}
	sh.next = sh.from
	return sh, nil
}

// teamLoop is the state of the worksharing loop in that the thread meets
// next in its region, made by the first of the region's threads to meet
// it.
func (v *vm) teamLoop(in *instr) (*pforShare, error) {
	if in.f[2] != nil {
		return nil, v.errf(in, "a pfor inside a parallel region shares the region's threads: it takes no threads clause")
	}
	k := v.shared
	v.shared++
	if v.team == nil {
		v.team = &team{}
	}
	if sh := v.team.loops[k]; sh != nil {
		return sh, nil
	}
	sh, err := v.newShare(in, v.nthreads)
	if err != nil {
		return nil, err
	}
	if v.team.loops == nil {
		v.team.loops = map[int32]*pforShare{}
	}
	v.team.loops[k] = sh
	return sh, nil
}

// pforStart prepares the thread's first static chunk; slot s is the loop
// variable, s+1 the end of the current chunk, s+2 the static chunk index.
func (v *vm) pforStart(s int32) {
	v.slots[s], v.slots[s+1], v.slots[s+2] = 0, 0, -1
}

// pforNext moves the thread to its next iteration; false when it has none.
func (v *vm) pforNext(s int32) bool {
	sh := v.share
	if sh == nil {
		return false
	}
	if v.slots[s+2] >= 0 || sh.dynamic {
		// Within a chunk: advance.
		if v.slots[s]+1 < v.slots[s+1] {
			v.slots[s]++
			return true
		}
	}
	n := sh.to - sh.from
	if n <= 0 {
		return false
	}
	var lo, hi float64
	switch {
	case sh.dynamic:
		if sh.next >= sh.to {
			return false
		}
		lo = sh.next
		size := sh.chunk
		if sh.guided {
			// libgomp's guided: the iterations left over the threads,
			// rounded up, and never less than the chunk.
			size = math.Max(math.Ceil((sh.to-lo)/float64(sh.threads)), sh.chunk)
		}
		hi = math.Min(lo+size, sh.to)
		sh.next = hi
		v.slots[s+2] = 0
	case sh.chunk > 0:
		var k float64
		if v.slots[s+2] < 0 {
			k = float64(v.tid)
		} else {
			k = v.slots[s+2] + float64(sh.threads)
		}
		lo = sh.from + k*sh.chunk
		if lo >= sh.to {
			return false
		}
		hi = math.Min(lo+sh.chunk, sh.to)
		v.slots[s+2] = k
	default:
		if v.slots[s+2] >= 0 {
			return false // the one block is done
		}
		per := math.Ceil(n / float64(sh.threads))
		lo = sh.from + float64(v.tid)*per
		hi = math.Min(lo+per, sh.to)
		if lo >= sh.to {
			return false
		}
		v.slots[s+2] = 0
	}
	v.slots[s], v.slots[s+1] = lo, hi
	return true
}

func (v *vm) comm(in *instr, op *ir.Op) error {
	*op = ir.Op{Kind: in.kind, Algo: in.algo, Elem: in.elem, Cost: ir.NoCost}
	v.pc++
	if in.f[0] != nil {
		x := in.f[0](v)
		if x != math.Floor(x) || math.IsNaN(x) || x < -1 || x > math.MaxInt32 {
			return v.errf(in, "%s %s: process id %g is not a whole number in range", in.kind, v.p.Elements[in.elem].Name, x)
		}
		if in.kind.HasRoot() {
			op.Root = int32(x)
		} else {
			op.Peer = int32(x)
		}
	}
	if in.any {
		op.Peer = ir.AnySource
	}
	if in.f[1] != nil {
		op.Bytes = in.f[1](v)
	}
	if in.f[2] != nil {
		t := in.f[2](v)
		if t != math.Floor(t) || t < 0 || t > math.MaxInt32 {
			return v.errf(in, "tag %g must be a whole number ≥ 0", t)
		}
		op.Tag = int32(t)
	}
	if in.b == 1 {
		op.Tag = ir.AnyTag
	}
	if in.f[3] != nil {
		c := in.f[3](v)
		if !(c >= 0) || math.IsInf(c, 0) {
			return v.errf(in, "cost %g of %s is not a finite time ≥ 0", c, v.p.Elements[in.elem].Name)
		}
		op.Cost = c
	} else if ct := v.p.opts.CollectiveTime; ct != nil && in.kind.IsCollective() && !in.kind.IsVector() && in.algo == ir.AlgoDefault {
		if t, ok := ct(in.kind, in.inPlace, op.Bytes); ok {
			op.Cost = t + v.coldCost(ct, in.kind, in.inPlace, op.Bytes)
		}
	}
	return nil
}

// combine is the Cost of the combining of the reduction in (a reduce or
// an allreduce just issued) on this unit: ceil(log2 procs) vectors of its
// size on every rank of an allreduce and on a reduce's root (a binomial
// tree's path, recursive doubling: Open MPI's algorithms for few ranks,
// as augur record --mpi and replay charge them), none elsewhere; none
// when the node's measured collectives timed it. Its size and root are
// evaluated again: pure expressions give what the collective had.
func (v *vm) combine(in *instr) float64 {
	bytes := 0.0
	if in.f[1] != nil {
		bytes = in.f[1](v)
	}
	if !(bytes > 0) || math.IsInf(bytes, 0) {
		return 0
	}
	if ct := v.p.opts.CollectiveTime; ct != nil && in.algo == ir.AlgoDefault {
		if _, timed := ct(in.kind, in.inPlace, bytes); timed {
			return 0
		}
	}
	if in.kind == ir.Reduce {
		root := 0.0
		if in.f[0] != nil {
			root = in.f[0](v)
		}
		if root != float64(v.pid) {
			return 0
		}
	}
	steps := 0
	for 1<<steps < v.p.opts.Procs {
		steps++
	}
	return bytes * float64(steps) * v.p.opts.CombineCost(v.nid)
}
