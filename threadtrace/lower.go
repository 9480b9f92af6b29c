package threadtrace

import (
	"fmt"

	"augur/ir"
)

// Lowered is a Program in the instruction form the engine runs: thread 0
// is the process, every other thread a thread of it started by the Fork
// its creation becomes (with the thread's index as its thread id).
type Lowered struct {
	// Elements: one per op of the trace, named as Describe names it, then
	// one per thread for its computation ("work of P1") and one per
	// thread for its waits between Client-Server lists.
	Elements []ir.Element
	// Sync: the program's objects (Objs), with the matching of the model.
	Sync    []ir.SyncObject
	threads []loweredThread
}

// loweredThread is one thread's operations: start, then (Client-Server)
// its lists in the order their activations come, then exit.
type loweredThread struct {
	start []ir.Op
	lists []csList
	exit  []ir.Op
	// wait is the element of the waits between lists.
	wait int32
}

// csList is a Client-Server list after the start list: the take that
// heads it, then its operations.
type csList struct {
	head ir.Token
	ops  []ir.Op
}

// Matching names one of VPPB's simulation models, which says which
// objects are matched by recorded token (ir.MatchToken) and whether a
// thread's lists run in the order their activations come.
type Matching uint8

// The models.
const (
	// MatchDirect: every object matches any token.
	MatchDirect Matching = iota
	// MatchClientServer: a thread is a start list plus one list per wait
	// that took a particular activation in the recording (every object
	// but mutexes and barriers matches by token), and the lists run in
	// the order their activations come.
	MatchClientServer
	// MatchStrict: every object but barriers matches by token, and each
	// thread runs its operations in the recorded order.
	MatchStrict
)

// Lower turns p into ir operations under model m: computation into
// Compute, creation into Fork, every wait into a Take of the object's
// token, every activation into a Post, a send into a Handoff (it waits
// until its message is taken), the start of a Client-Server list into a
// TakeFirst of the activations heading the lists not yet run. prio (nil:
// all 0) and bind (nil: unbound) give each thread a priority
// (ir.Priority) and a CPU (ir.Bind) before its first operation.
func (p *Program) Lower(m Matching, prio, bind []int32) *Lowered {
	l := &Lowered{}
	byToken := make([]bool, len(p.Objs))
	for i, o := range p.Objs {
		s := ir.SyncObject{Name: o.Name, Init: o.Init}
		switch {
		case m == MatchStrict && o.Class != Barrier,
			m == MatchClientServer && o.Class != Barrier && o.Class != Mutex:
			s.Match = ir.MatchToken
			byToken[i] = true
		}
		l.Sync = append(l.Sync, s)
	}
	first := make([]int32, len(p.Threads))
	for i := range p.Threads {
		first[i] = int32(len(l.Elements))
		for k := range p.Threads[i].Ops {
			op := &p.Threads[i].Ops[k]
			l.Elements = append(l.Elements, ir.Element{Name: p.Describe(int32(i), op), Kind: op.Kind.String(), Where: fmt.Sprintf("line %d", op.Line)})
		}
	}
	work := int32(len(l.Elements))
	for i := range p.Threads {
		l.Elements = append(l.Elements, ir.Element{Name: "work of " + p.Threads[i].Name, Kind: "work"})
	}
	for i := range p.Threads {
		l.Elements = append(l.Elements, ir.Element{Name: "next list of " + p.Threads[i].Name, Kind: "activation"})
	}
	for i := range p.Threads {
		th := &p.Threads[i]
		lt := loweredThread{wait: work + int32(len(p.Threads)+i)}
		var pre []ir.Op
		if prio != nil && prio[i] != 0 {
			pre = append(pre, ir.Op{Kind: ir.Priority, Elem: -1, Count: prio[i]})
		}
		if bind != nil {
			pre = append(pre, ir.Op{Kind: ir.Bind, Elem: -1, Count: bind[i]})
		}
		pre = compute(pre, work+int32(i), th.Work0)
		lower := func(ops []ir.Op, from, to int) []ir.Op {
			return p.lowerOps(ops, th, first[i], work+int32(i), from, to)
		}
		if m != MatchClientServer {
			lt.start = lower(pre, 0, len(th.Ops))
			l.threads = append(l.threads, lt)
			continue
		}
		// The lists (VPPB §3): cut before every wait that took a
		// particular activation; the exit comes after all of them.
		exit := len(th.Ops)
		if exit > 0 && th.Ops[exit-1].Kind == OpExit {
			exit--
		}
		from, head := 0, -1
		for k := 0; k <= exit; k++ {
			if k < exit {
				op := &th.Ops[k]
				if !op.Kind.Takes() || op.Tok < 0 || op.Final || !byToken[op.Obj] {
					continue
				}
			}
			if head < 0 {
				lt.start = lower(pre, from, k)
			} else {
				h := &th.Ops[head]
				ops := compute(nil, work+int32(i), h.Work)
				lt.lists = append(lt.lists, csList{head: ir.Token{Obj: h.Obj, Tag: h.Tok}, ops: lower(ops, from, k)})
			}
			from, head = k+1, k
		}
		lt.exit = lower(nil, exit, len(th.Ops))
		l.threads = append(l.threads, lt)
	}
	return l
}

// compute appends w seconds of computation, if any, charged to elem.
func compute(ops []ir.Op, elem int32, w float64) []ir.Op {
	if w > 0 {
		ops = append(ops, ir.Op{Kind: ir.Compute, Elem: elem, Cost: w})
	}
	return ops
}

// lowerOps appends the operations of th.Ops[from:to], each followed by
// its computation; a wait the recording ended in, or an exit, ends the
// thread (ir.End).
func (p *Program) lowerOps(ops []ir.Op, th *Thread, first, work int32, from, to int) []ir.Op {
	for k := from; k < to; k++ {
		op := &th.Ops[k]
		el := first + int32(k)
		if op.Final {
			return append(ops, ir.Op{Kind: ir.End, Elem: -1})
		}
		take := ir.Op{Kind: ir.Take, Elem: el, Obj: op.Obj, Tag: op.Tok}
		post := ir.Op{Kind: ir.Post, Elem: el, Obj: op.Obj, Tag: op.Tok, Count: 1}
		switch op.Kind {
		case OpCreate:
			ops = append(ops, ir.Op{Kind: ir.Fork, Elem: el, Count: op.Thread})
		case OpSend:
			post.Kind = ir.Handoff
			ops = append(ops, post)
		case OpLock, OpWait, OpSemWait, OpJoin:
			ops = append(ops, take)
		case OpCondWait:
			if op.Tok >= 0 { // else the recorded wait ended without a signal
				ops = append(ops, take)
			}
		case OpUnlock, OpSemPost:
			ops = append(ops, post)
		case OpExit:
			return append(ops, post, ir.Op{Kind: ir.End, Elem: -1})
		case OpSignal:
			if op.N > 0 {
				post.Count = op.N
				ops = append(ops, post)
			}
		case OpBarrier:
			ops = append(ops, ir.Op{Kind: ir.ThreadBarrier, Elem: el, Peer: op.Obj, Count: op.N})
		}
		ops = compute(ops, work, op.Work)
	}
	return ops
}

// Stream is thread i's operations as an ir.Stream (an ir.Chooser, for
// Client-Server's lists); the Fork of a creation starts the created
// thread's stream.
func (l *Lowered) Stream(i int32) ir.Stream {
	t := &l.threads[i]
	return &loweredStream{l: l, t: t, cur: t.start, done: make([]bool, len(t.lists)), left: len(t.lists)}
}

type loweredStream struct {
	l    *Lowered
	t    *loweredThread
	cur  []ir.Op
	pc   int
	done []bool // per list, run already
	left int    // lists not run yet
	alts []int  // the lists a TakeFirst chose from, by alternative
	exit bool   // at the exit part
}

func (s *loweredStream) Next(op *ir.Op) error {
	if s.pc == len(s.cur) {
		if s.left == 0 || s.exit {
			if s.exit {
				*op = ir.Op{Kind: ir.End, Elem: -1}
				return nil
			}
			s.cur, s.pc, s.exit = s.t.exit, 0, true
			return s.Next(op)
		}
		// The end of a list: take the activation that came first of
		// those heading the lists left.
		s.alts = s.alts[:0]
		var toks []ir.Token
		for j, li := range s.t.lists {
			if !s.done[j] {
				s.alts = append(s.alts, j)
				toks = append(toks, li.head)
			}
		}
		*op = ir.Op{Kind: ir.TakeFirst, Elem: s.t.wait, Alts: toks}
		return nil
	}
	*op = s.cur[s.pc]
	s.pc++
	if op.Kind == ir.Fork {
		op.Spawn = []ir.Stream{s.l.Stream(op.Count)}
	}
	return nil
}

// Chose starts the list whose activation the TakeFirst took.
func (s *loweredStream) Chose(alt int) {
	j := s.alts[alt]
	s.done[j] = true
	s.left--
	s.cur, s.pc = s.t.lists[j].ops, 0
}
