package threadtrace

import "augur/internal/ir"

// Lowered is a Program in the instruction form the engine runs: thread 0
// is the process, every other thread a thread of it started by the Fork
// its creation becomes (with the thread's index as its thread id). The
// operations are made as the engine asks for them, from the Program's
// lists: a 350,000-event trace costs no second copy.
type Lowered struct {
	// Elements: per thread, one per kind of op ("P1 lock"), then one for
	// its computation ("work of P1") and one for its waits between
	// Client-Server lists ("next list of P1"); see Elem.
	Elements []ir.Element
	// Sync: the program's objects (Objs), with the matching of the model.
	Sync []ir.SyncObject
	// Semantics: VPPB's thread model (HoldCPU: a thread was recorded
	// running on its CPU between its calls); its results are the
	// threads' accounts, so no one reads the engine's budgets
	// (NoBudgets).
	Semantics ir.Semantics
	p         *Program
	threads   []loweredThread
	// streams holds each thread's stream once made (Position).
	streams []*loweredStream
}

// elemsPerThread is the elements of each thread: a kind of op each, its
// work and its waits between lists.
const elemsPerThread = int32(len(opNames)) + 2

// Elem is the element of thread th's ops of kind k; k = -1 is its work,
// -2 its waits between Client-Server lists.
func (l *Lowered) Elem(th int32, k OpKind) int32 {
	return th*elemsPerThread + int32(k)
}

func (l *Lowered) work(th int32) int32  { return th*elemsPerThread + elemsPerThread - 2 }
func (l *Lowered) lists(th int32) int32 { return th*elemsPerThread + elemsPerThread - 1 }

// span is a range of a thread's Ops.
type span struct{ from, to int32 }

// loweredThread is one thread: the operations before its first
// (priority, binding, first computation), then its start, then
// (Client-Server) its lists in the order their activations come, then
// its exit.
type loweredThread struct {
	pre   []ir.Op
	start span
	lists []csList
	exit  span
}

// csList is a Client-Server list after the start list: the take that
// heads it, the head's work, then its operations.
type csList struct {
	head ir.Token
	work float64
	ops  span
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
	l := &Lowered{p: p, streams: make([]*loweredStream, len(p.Threads)),
		Semantics: ir.Semantics{HoldCPU: true, NoBudgets: true}}
	byToken := make([]bool, len(p.Objs))
	for i, o := range p.Objs {
		s := ir.SyncObject{Name: o.Name, Init: o.Init, Tokens: int32(len(o.Producer))}
		switch {
		case m == MatchStrict && o.Class != Barrier:
			s.Match = ir.MatchToken
			byToken[i] = true
		case m == MatchClientServer && o.Class != Barrier && o.Class != Mutex:
			// Ordered: a thread's next list is the one whose head's
			// token was made first (a TakeFirst).
			s.Match, s.Ordered = ir.MatchToken, true
			byToken[i] = true
		}
		l.Sync = append(l.Sync, s)
	}
	for i := range p.Threads {
		name := p.Threads[i].Name
		for _, k := range opNames {
			l.Elements = append(l.Elements, ir.Element{Name: name + " " + k, Kind: k})
		}
		l.Elements = append(l.Elements, ir.Element{Name: "work of " + name, Kind: "work"},
			ir.Element{Name: "next list of " + name, Kind: "activation"})
	}
	for i := range p.Threads {
		th := &p.Threads[i]
		var lt loweredThread
		if prio != nil && prio[i] != 0 {
			lt.pre = append(lt.pre, ir.Op{Kind: ir.Priority, Elem: -1, Count: prio[i]})
		}
		if bind != nil {
			lt.pre = append(lt.pre, ir.Op{Kind: ir.Bind, Elem: -1, Count: bind[i]})
		}
		if th.Work0 > 0 {
			lt.pre = append(lt.pre, ir.Op{Kind: ir.Compute, Elem: l.work(int32(i)), Cost: th.Work0})
		}
		n := int32(len(th.Ops))
		if m != MatchClientServer {
			lt.start = span{0, n}
			l.threads = append(l.threads, lt)
			continue
		}
		// The lists (VPPB §3): cut before every wait that took a
		// particular activation; the exit comes after all of them.
		exit := n
		if exit > 0 && th.Ops[exit-1].Kind == OpExit {
			exit--
		}
		from, head := int32(0), int32(-1)
		for k := int32(0); k <= exit; k++ {
			if k < exit {
				op := &th.Ops[k]
				if !op.Kind.Takes() || op.Tok < 0 || op.Final || !byToken[op.Obj] {
					continue
				}
			}
			if head < 0 {
				lt.start = span{from, k}
			} else {
				h := &th.Ops[head]
				lt.lists = append(lt.lists, csList{head: ir.Token{Obj: h.Obj, Tag: h.Tok}, work: h.Work, ops: span{from, k}})
			}
			from, head = k+1, k
		}
		lt.exit = span{exit, n}
		l.threads = append(l.threads, lt)
	}
	return l
}

// Stream is thread i's operations as an ir.Stream (an ir.Chooser, for
// Client-Server's lists); the Fork of a creation starts the created
// thread's stream.
func (l *Lowered) Stream(i int32) ir.Stream {
	t := &l.threads[i]
	s := &loweredStream{l: l, th: i, t: t, ops: l.p.Threads[i].Ops, cur: t.start,
		done: make([]bool, len(t.lists)), left: len(t.lists), at: -1, due: len(t.pre) > 0}
	l.streams[i] = s
	return s
}

// Position says where thread th's stream (the last made) is, for reports
// after a run: whether it was made, the index in the thread's Ops of the
// op it gave last (-1: none yet), and whether it gave a TakeFirst after
// it (it waits between Client-Server lists).
func (l *Lowered) Position(th int32) (started bool, at int32, between bool) {
	s := l.streams[th]
	if s == nil {
		return false, -1, false
	}
	return true, s.at, s.between
}

// ListsLeft gives the indices in thread th's Ops of the waits heading
// the Client-Server lists its stream (the last made) has not run.
func (l *Lowered) ListsLeft(th int32) []int32 {
	s := l.streams[th]
	var heads []int32
	for j, li := range l.threads[th].lists {
		if s == nil || !s.done[j] {
			heads = append(heads, li.ops.from-1)
		}
	}
	return heads
}

type loweredStream struct {
	l    *Lowered
	th   int32
	t    *loweredThread
	ops  []Op
	pre  int        // operations of t.pre given
	cur  span       // what is left of the span being run
	work bool       // the computation of op cur.from-1 is due
	end  bool       // the thread has ended (an exit, or the wait the recording ended in)
	due  bool       // a leading op, head work or work is due, or the thread has ended: Next takes the general way
	exit bool       // at the exit span
	done []bool     // per list, run already
	left int        // lists not run yet
	alts []int      // the lists a TakeFirst chose from, by alternative
	toks []ir.Token // and the tokens heading them
	// headWork is the computation of the head of the list just chosen.
	headWork float64
	at       int32 // the index of the op last lowered
	between  bool  // the last operation given is a TakeFirst
}

// Line is the trace line of the operation last given (ir.Liner); 0 for
// a TakeFirst or before the first.
func (s *loweredStream) Line() int32 {
	if s.between || s.at < 0 {
		return 0
	}
	return s.ops[s.at].Line
}

// Next gives the thread's next operation. Most are a post or take of the
// span being run, lowered by sync; the rest take the general way.
func (s *loweredStream) Next(op *ir.Op) error {
	if !s.due && s.cur.from < s.cur.to && s.sync(&s.ops[s.cur.from], op) {
		s.cur.from++
		return nil
	}
	err := s.next(op)
	s.due = s.pre < len(s.t.pre) || s.headWork > 0 || s.work || s.end
	return err
}

// sync lowers trace op o, the span's next, if it is a mutex's or
// semaphore's, a mailbox wait or a join that the recording saw complete:
// what lower would make of it, with the computation that follows it
// carried (carry). False for any other op, which lower takes.
func (s *loweredStream) sync(o *Op, op *ir.Op) bool {
	switch o.Kind {
	case OpLock, OpWait, OpSemWait, OpJoin:
		if o.Final {
			return false
		}
		op.Kind = ir.Take
	case OpUnlock, OpSemPost:
		op.Kind, op.Count = ir.Post, 1
	default:
		return false
	}
	s.between, s.at = false, s.cur.from
	op.Elem, op.Obj, op.Tag, op.Cost = s.l.Elem(s.th, o.Kind), o.Obj, o.Tok, o.Work
	return true
}

// next is Next's general way.
func (s *loweredStream) next(op *ir.Op) error {
	if s.pre < len(s.t.pre) {
		*op = s.t.pre[s.pre]
		s.pre++
		return nil
	}
	if s.headWork > 0 {
		s.compute(op, s.headWork)
		s.headWork = 0
		return nil
	}
	if s.work {
		s.work = false
		if w := s.ops[s.cur.from-1].Work; w > 0 {
			s.compute(op, w)
			return nil
		}
	}
	for !s.end && s.cur.from < s.cur.to {
		o := &s.ops[s.cur.from]
		s.cur.from++
		if s.lower(o, op) {
			return nil
		}
	}
	if s.end || s.exit || (s.left == 0 && s.t.exit.from == s.t.exit.to) {
		op.Kind, op.Elem = ir.End, -1
		return nil
	}
	if s.left == 0 {
		s.cur, s.exit = s.t.exit, true
		return s.next(op)
	}
	// The end of a list: take the activation that came first of those
	// heading the lists left.
	s.alts = s.alts[:0]
	var toks []ir.Token
	for j, li := range s.t.lists {
		if !s.done[j] {
			s.alts = append(s.alts, j)
			toks = append(toks, li.head)
		}
	}
	s.toks = toks
	op.Kind, op.Elem = ir.TakeFirst, s.l.lists(s.th)
	s.between = true
	return nil
}

// lower fills op with trace op o (whose computation follows, s.work);
// false if o becomes no operation (a signal that woke no one, a wait the
// recording saw end without a signal), then only its computation is due
// (if it has one, op is that).
// It sets only the fields the kind uses (ir.Stream): this runs once per
// operation of traces of hundreds of thousands.
func (s *loweredStream) lower(o *Op, op *ir.Op) bool {
	s.work = true
	s.between = false
	s.at = s.cur.from - 1
	if (o.Kind == OpCondWait && o.Tok < 0) || (o.Kind == OpSignal && o.N <= 0) {
		return s.skip(op)
	}
	if o.Final {
		// The recording ended in this wait: so does the thread.
		s.end, s.work = true, false
		op.Kind, op.Elem = ir.End, -1
		return true
	}
	op.Elem = s.l.Elem(s.th, o.Kind)
	switch o.Kind {
	case OpCreate:
		op.Kind, op.Count, op.Spawn = ir.Fork, o.Thread, []ir.Stream{s.l.Stream(o.Thread)}
	case OpSend:
		op.Kind, op.Obj, op.Tag = ir.Handoff, o.Obj, o.Tok
		s.carry(o, op)
	case OpLock, OpWait, OpSemWait, OpJoin, OpCondWait:
		op.Kind, op.Obj, op.Tag = ir.Take, o.Obj, o.Tok
		s.carry(o, op)
	case OpUnlock, OpSemPost:
		op.Kind, op.Obj, op.Tag, op.Count = ir.Post, o.Obj, o.Tok, 1
		s.carry(o, op)
	case OpSignal:
		op.Kind, op.Obj, op.Tag, op.Count = ir.Post, o.Obj, o.Tok, o.N
		s.carry(o, op)
	case OpExit:
		s.end, s.work = true, false
		op.Kind, op.Obj, op.Tag, op.Count, op.Cost = ir.Post, o.Obj, o.Tok, 1, 0
	case OpBarrier:
		op.Kind, op.Region, op.Count = ir.ThreadBarrier, o.Obj, o.N
	}
	return true
}

// carry gives the synchronisation op the computation that follows it in
// the trace (ir.Op.Cost of a Post, Take or Handoff): one operation for
// the engine to fetch and dispatch where two would be.
func (s *loweredStream) carry(o *Op, op *ir.Op) {
	op.Cost, s.work = o.Work, false
}

// compute fills op with a computation of thread s.th taking w.
func (s *loweredStream) compute(op *ir.Op, w float64) {
	op.Kind, op.Elem, op.Cost = ir.Compute, s.l.work(s.th), w
}

// skip gives the computation of an op that becomes no operation, if it
// has any.
func (s *loweredStream) skip(op *ir.Op) bool {
	s.work = false
	if w := s.ops[s.cur.from-1].Work; w > 0 {
		s.compute(op, w)
		return true
	}
	return false
}

// Alternatives are the tokens of the TakeFirst just given.
func (s *loweredStream) Alternatives() []ir.Token { return s.toks }

// Chose starts the list whose activation the TakeFirst took.
func (s *loweredStream) Chose(alt int) {
	j := s.alts[alt]
	s.done[j] = true
	s.left--
	s.cur, s.headWork = s.t.lists[j].ops, s.t.lists[j].work
	s.due = s.headWork > 0 || s.due
}
