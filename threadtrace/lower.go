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
	// one per thread for its computation ("work of P1").
	Elements []ir.Element
	// Sync: the program's objects (Objs).
	Sync []ir.SyncObject
	// Threads holds each thread's operations, ending with ir.End.
	Threads [][]ir.Op
}

// Matching says which objects a simulation model matches by recorded
// token (ir.MatchToken): Strict Sequence every object but barriers;
// Client-Server every object but mutexes and barriers; Direct none.
type Matching uint8

// The models' matchings.
const (
	MatchDirect Matching = iota
	MatchClientServer
	MatchStrict
)

// Lower turns p into ir operations: computation into Compute, creation
// into Fork, every wait into a Take of the object's token and every
// activation into a Post, a send into a Handoff (it waits until its
// message is taken). prio (nil: all 0) and bind (nil: unbound) give each
// thread a priority (ir.Priority) and a CPU (ir.Bind) before its first
// operation. Client-Server's reordering of a thread's lists is not
// expressed: only its matching.
func (p *Program) Lower(m Matching, prio, bind []int32) *Lowered {
	l := &Lowered{}
	for _, o := range p.Objs {
		s := ir.SyncObject{Name: o.Name, Init: o.Init}
		switch {
		case m == MatchStrict && o.Class != Barrier,
			m == MatchClientServer && o.Class != Barrier && o.Class != Mutex:
			s.Match = ir.MatchToken
		}
		l.Sync = append(l.Sync, s)
	}
	for i := range p.Threads {
		th := &p.Threads[i]
		for k := range th.Ops {
			op := &th.Ops[k]
			l.Elements = append(l.Elements, ir.Element{Name: p.Describe(int32(i), op), Kind: op.Kind.String(), Where: fmt.Sprintf("line %d", op.Line)})
		}
	}
	work := int32(len(l.Elements))
	for i := range p.Threads {
		l.Elements = append(l.Elements, ir.Element{Name: "work of " + p.Threads[i].Name, Kind: "work"})
	}
	first := int32(0)
	for i := range p.Threads {
		th := &p.Threads[i]
		var ops []ir.Op
		if prio != nil && prio[i] != 0 {
			ops = append(ops, ir.Op{Kind: ir.Priority, Elem: -1, Count: prio[i]})
		}
		if bind != nil {
			ops = append(ops, ir.Op{Kind: ir.Bind, Elem: -1, Count: bind[i]})
		}
		compute := func(w float64) {
			if w > 0 {
				ops = append(ops, ir.Op{Kind: ir.Compute, Elem: work + int32(i), Cost: w})
			}
		}
		compute(th.Work0)
		for k := range th.Ops {
			op := &th.Ops[k]
			el := first + int32(k)
			if op.Final {
				break // the recording ended in this wait: so does the thread
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
			case OpUnlock, OpSemPost, OpExit:
				ops = append(ops, post)
			case OpSignal:
				if op.N > 0 {
					post.Count = op.N
					ops = append(ops, post)
				}
			case OpBarrier:
				ops = append(ops, ir.Op{Kind: ir.ThreadBarrier, Elem: el, Peer: op.Obj, Count: op.N})
			}
			if op.Kind == OpExit {
				break
			}
			compute(op.Work)
		}
		ops = append(ops, ir.Op{Kind: ir.End, Elem: -1})
		l.Threads = append(l.Threads, ops)
		first += int32(len(th.Ops))
	}
	return l
}

// Stream is thread i's operations as an ir.Stream; the Fork of a
// creation starts the created thread's stream.
func (l *Lowered) Stream(i int32) ir.Stream { return &loweredStream{l: l, ops: l.Threads[i]} }

type loweredStream struct {
	l   *Lowered
	ops []ir.Op
	pc  int
}

func (s *loweredStream) Next(op *ir.Op) error {
	if s.pc >= len(s.ops) {
		*op = ir.Op{Kind: ir.End, Elem: -1}
		return nil
	}
	*op = s.ops[s.pc]
	s.pc++
	if op.Kind == ir.Fork {
		op.Spawn = []ir.Stream{s.l.Stream(op.Count)}
	}
	return nil
}
