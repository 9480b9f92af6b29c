package threadtrace

import (
	"context"
	"fmt"
	"io"

	"augur/internal/base/infile"
)

// OpKind is one synchronisation step of a thread's list.
type OpKind uint8

// The operations a thread's list is made of. Every synchronisation is an
// activation that makes tokens or a wait that takes one: VPPB's send
// and wait, a mutex's unlock and lock, a condition's signal and wait, a
// semaphore's post and wait, a thread's exit and the join of it. Tokens of
// an object are numbered in the order the recording made them; each wait
// records the number of the token it took in the recording, which is what
// the Client-Server and Strict Sequence models hold it to.
const (
	OpCreate   OpKind = iota // start Thread
	OpSend                   // make token Tok of mailbox Obj and block until it is taken (VPPB's synchronous Activate)
	OpWait                   // take a token of mailbox Obj (VPPB's Wait_for)
	OpLock                   // take mutex Obj's token
	OpUnlock                 // give mutex Obj's token back
	OpCondWait               // take a token of condition Obj (Tok -1: the recorded wait ended without a signal)
	OpSignal                 // make N tokens of condition Obj (those waiters the recorded signal or broadcast woke)
	OpSemWait                // take a token of semaphore Obj
	OpSemPost                // make a token of semaphore Obj
	OpBarrier                // arrive at barrier Obj; N threads arriving release each other
	OpJoin                   // take Thread's end token (Obj)
	OpExit                   // make the thread's end token (Obj) and stop
)

var opNames = [...]string{"create", "send", "wait", "lock", "unlock", "cond_wait", "cond_signal", "sem_wait", "sem_post", "barrier_wait", "join", "exit"}

func (k OpKind) String() string {
	if int(k) < len(opNames) {
		return opNames[k]
	}
	return fmt.Sprintf("op(%d)", k)
}

// Takes reports whether the op waits for a token.
func (k OpKind) Takes() bool {
	switch k {
	case OpWait, OpLock, OpCondWait, OpSemWait, OpJoin:
		return true
	}
	return false
}

// Op is one step of a thread: the synchronisation, then Work seconds of
// computation before the thread's next step.
type Op struct {
	Work   float64
	Line   int32 // line of the trace that recorded it
	Obj    int32 // object (index in Program.Objs); -1 for create
	Thread int32 // create's, send's and join's thread; -1 otherwise
	Tok    int32 // the token taken (waits) or the first one made (activations); -1 if none
	N      int32 // tokens made by cond_signal/cond_broadcast; the count of a barrier
	Kind   OpKind
	// Final marks a wait that was still blocked when the recording ended:
	// the thread stops there.
	Final bool
}

// ObjClass is the class of a simulated synchronisation object.
type ObjClass uint8

// Object classes of a program. A mailbox is one thread's event X: seed
// 004's "send X T" goes to T's mailbox X.
const (
	Mailbox ObjClass = iota
	Mutex
	Cond
	Sem
	Barrier
	ThreadEnd
)

// Ref names the op that made or took a token.
type Ref struct {
	Thread int32 // -1 for a token an object starts with
	Op     int32 // index in the thread's Ops
	Line   int32
}

// Obj is a synchronisation object of a program.
type Obj struct {
	Name  string
	Class ObjClass
	Owner int32 // the mailbox's or thread end's thread; -1 otherwise
	Init  int32 // tokens it starts with: 1 for a mutex, a semaphore's value
	// Producer and Consumer give, per token in the order the recording
	// made them, who made it and who took it (Thread -1: nobody).
	Producer []Ref
	Consumer []Ref
}

// Thread is one thread's list: Work0 seconds of computation, then its ops.
type Thread struct {
	Name  string
	Work0 float64
	Ops   []Op
}

// Program is a recording turned into per-thread lists (VPPB §2, Fig. 1).
type Program struct {
	Name     string
	Threads  []Thread // index 0 starts the program
	Objs     []Obj
	Priority []int32 // the trace header's priority order (highest first), thread indices; nil without
	Events   int     // events in the trace
	Recorded float64 // time of the last event: the recorded run's length
	HasCPU   bool    // work came from per-thread CPU times rather than timestamps
}

// Describe says what an op is, for reports: "send X to P1 (line 9)".
func (p *Program) Describe(th int32, op *Op) string {
	var s string
	switch op.Kind {
	case OpCreate:
		s = "create " + p.Threads[op.Thread].Name
	case OpSend:
		s = fmt.Sprintf("send %s to %s", p.Objs[op.Obj].Name, p.Threads[op.Thread].Name)
	case OpJoin:
		s = "join " + p.Threads[op.Thread].Name
	case OpExit:
		s = "exit"
	case OpSignal:
		s = fmt.Sprintf("cond_signal %s", p.Objs[op.Obj].Name)
	default:
		s = op.Kind.String() + " " + p.Objs[op.Obj].Name
	}
	return fmt.Sprintf("%s (line %d)", s, op.Line)
}

// blockage is why a thread of the recording cannot record its next event.
type blockage struct {
	line int
	what string
}

type mutexState struct {
	holder int32
	depth  int32
	line   int
}

// builder holds the recording's state while events are turned into lists.
type builder struct {
	tr         *Trace
	p          *Program
	acc        []float64 // per thread: work not yet attached to an op
	lastCPU    []float64
	blocked    []blockage
	mailbox    map[[2]int32]int32 // (event, receiver) -> object
	objOf      []int32            // trace object -> program object (mutex, cond, sem, barrier)
	endObj     []int32            // thread -> its end object
	taken      []int32            // per program object: tokens taken so far
	made       []int32            // per program object: tokens made so far
	mutex      map[int32]*mutexState
	condWait   map[int32][]int32 // cond -> threads inside cond_wait, not yet returned
	condPend   map[int32]int32   // cond -> tokens made by signals, not yet claimed by a returning waiter
	awaiting   []int32           // per thread: op index of its cond_wait until the relock, -1
	awaitMutex []int32           // per thread: the mutex that relock takes
	barrier    map[int32]*barrierState
	joined     []int // per thread: line it was joined on
}

type barrierState struct {
	n       int32
	arrived []int32
}

// Build turns a trace into per-thread lists (VPPB §2): the work
// between two events of a thread is the difference of its CPU times when
// the trace has them; otherwise, on a uni-processor recording, the time
// between an event and the one before it belongs to the thread recording
// the event (only the running thread records; under priority scheduling it
// is the highest-priority ready thread). Each wait is paired with the
// activation that satisfied it in the recording, first come first paired.
// Errors name the trace line.
func Build(tr *Trace) (*Program, error) {
	n := len(tr.Threads)
	p := &Program{Name: tr.Name, Threads: make([]Thread, n), Priority: tr.Priority, Events: len(tr.Events), HasCPU: tr.HasCPU}
	b := &builder{tr: tr, p: p, acc: make([]float64, n), lastCPU: make([]float64, n), blocked: make([]blockage, n),
		mailbox: map[[2]int32]int32{}, objOf: make([]int32, len(tr.Objects)), endObj: make([]int32, n),
		mutex: map[int32]*mutexState{}, condWait: map[int32][]int32{}, condPend: map[int32]int32{},
		awaiting: make([]int32, n), awaitMutex: make([]int32, n), barrier: map[int32]*barrierState{}, joined: make([]int, n)}
	perThread := make([]int, n) // events per thread: room for about the ops it makes (a cond_wait makes three)
	for i := range tr.Events {
		perThread[tr.Events[i].Thread]++
	}
	for i, name := range tr.Threads {
		p.Threads[i].Name = name
		p.Threads[i].Ops = make([]Op, 0, perThread[i])
		b.awaiting[i] = -1
		b.endObj[i] = b.newObj(Obj{Name: "end of " + name, Class: ThreadEnd, Owner: int32(i)})
	}
	for i, o := range tr.Objects {
		b.objOf[i] = -1
		switch o.Class {
		case ClassMutex:
			b.objOf[i] = b.newObj(Obj{Name: o.Name, Class: Mutex, Owner: -1, Init: 1})
		case ClassCond:
			b.objOf[i] = b.newObj(Obj{Name: o.Name, Class: Cond, Owner: -1})
		case ClassSem:
			b.objOf[i] = b.newObj(Obj{Name: o.Name, Class: Sem, Owner: -1})
		case ClassBarrier:
			b.objOf[i] = b.newObj(Obj{Name: o.Name, Class: Barrier, Owner: -1})
		}
	}
	for i := range p.Objs {
		if p.Objs[i].Class == Mutex {
			b.produce(int32(i), -1, -1, 0, 1) // a mutex starts unlocked: one token
		}
	}
	prev := 0.0
	for i := range tr.Events {
		e := &tr.Events[i]
		if tr.HasCPU {
			b.acc[e.Thread] += e.CPU - b.lastCPU[e.Thread]
			b.lastCPU[e.Thread] = e.CPU
		} else {
			b.acc[e.Thread] += e.Time - prev
		}
		prev = e.Time
		if err := b.event(e); err != nil {
			return nil, err
		}
	}
	if len(tr.Events) > 0 {
		p.Recorded = tr.Events[len(tr.Events)-1].Time
	}
	for t := range p.Threads {
		th := &p.Threads[t]
		if len(th.Ops) == 0 {
			th.Work0 += b.acc[t]
		} else {
			th.Ops[len(th.Ops)-1].Work += b.acc[t]
		}
		// A thread still blocked when the recording ended stops at that
		// wait in every simulation.
		if b.blocked[t].line != 0 && len(th.Ops) > 0 {
			th.Ops[len(th.Ops)-1].Final = true
		}
		if w := b.awaiting[t]; w >= 0 {
			th.Ops[w].Final = true
		}
	}
	return p, nil
}

func (b *builder) errAt(line int, format string, args ...any) error {
	return &Error{File: b.tr.Name, Line: line, Msg: fmt.Sprintf(format, args...)}
}

func (b *builder) newObj(o Obj) int32 {
	b.p.Objs = append(b.p.Objs, o)
	b.taken = append(b.taken, 0)
	b.made = append(b.made, 0)
	b.made = append(b.made, 0)
	return int32(len(b.p.Objs) - 1)
}

// emit appends an op to thread t, attaching the work done since its
// previous op, and returns the op's index.
func (b *builder) emit(t int32, op Op) int32 {
	th := &b.p.Threads[t]
	if len(th.Ops) == 0 {
		th.Work0 += b.acc[t]
	} else {
		th.Ops[len(th.Ops)-1].Work += b.acc[t]
	}
	b.acc[t] = 0
	th.Ops = append(th.Ops, op)
	return int32(len(th.Ops) - 1)
}

// produce makes n tokens of object o by op (t, idx) and returns the first.
func (b *builder) produce(o, t, idx int32, line int, n int32) int32 {
	first := b.made[o]
	for i := int32(0); i < n; i++ {
		b.grow(o, first+i)
		b.p.Objs[o].Producer[first+i] = Ref{Thread: t, Op: idx, Line: int32(line)}
	}
	b.made[o] += n
	return first
}

// take gives op (t, idx) the next token of o, first made first taken; the
// token may be made later (a wait that blocks in the recording).
func (b *builder) take(o, t, idx int32, line int) int32 {
	tok := b.taken[o]
	b.taken[o]++
	b.grow(o, tok)
	b.p.Objs[o].Consumer[tok] = Ref{Thread: t, Op: idx, Line: int32(line)}
	return tok
}

// grow makes room for token tok of object o.
func (b *builder) grow(o, tok int32) {
	ob := &b.p.Objs[o]
	for int32(len(ob.Producer)) <= tok {
		ob.Producer = append(ob.Producer, Ref{Thread: -1, Op: -1})
		ob.Consumer = append(ob.Consumer, Ref{Thread: -1, Op: -1})
	}
}

func (b *builder) available(o int32) int32 { return b.made[o] - b.taken[o] }

func (b *builder) mailboxOf(ev, receiver int32) int32 {
	k := [2]int32{ev, receiver}
	if o, ok := b.mailbox[k]; ok {
		return o
	}
	o := b.newObj(Obj{Name: b.tr.Objects[ev].Name, Class: Mailbox, Owner: receiver})
	b.mailbox[k] = o
	return o
}

func (b *builder) event(e *Event) error {
	t := e.Thread
	name := b.tr.Threads[t]
	line := e.Line
	if bl := b.blocked[t]; bl.line != 0 {
		return b.errAt(line, "%s records an event while it is blocked in %s since line %d: this is not a possible recording", name, bl.what, bl.line)
	}
	if w := b.awaiting[t]; w >= 0 && !(e.Kind == Lock && b.objOf[e.Obj] == b.mutexOfWait(t, w)) {
		op := &b.p.Threads[t].Ops[w]
		return b.errAt(line, "%s's cond_wait on line %d must be followed by its `lock %s` (the relock when the wait returns), not %s",
			name, op.Line, b.p.Objs[b.mutexOfWait(t, w)].Name, e.Kind)
	}
	switch e.Kind {
	case Create:
		b.emit(t, Op{Kind: OpCreate, Line: int32(line), Obj: -1, Thread: e.Target, Tok: -1})
	case Send:
		o := b.mailboxOf(e.Obj, e.Target)
		idx := b.emit(t, Op{Kind: OpSend, Line: int32(line), Obj: o, Thread: e.Target})
		tok := b.produce(o, t, idx, line, 1)
		b.p.Threads[t].Ops[idx].Tok = tok
		if c := b.p.Objs[o].Consumer[tok]; c.Thread >= 0 {
			b.blocked[c.Thread] = blockage{} // the receiver was waiting: both go on
		} else {
			b.blocked[t] = blockage{line, fmt.Sprintf("send %s to %s", b.tr.Objects[e.Obj].Name, b.tr.Threads[e.Target])}
		}
	case Wait:
		o := b.mailboxOf(e.Obj, t)
		idx := b.emit(t, Op{Kind: OpWait, Line: int32(line), Obj: o, Thread: -1})
		tok := b.take(o, t, idx, line)
		b.p.Threads[t].Ops[idx].Tok = tok
		if pr := b.p.Objs[o].Producer[tok]; pr.Thread >= 0 {
			b.blocked[pr.Thread] = blockage{} // a sender was blocked on this wait
		} else {
			b.blocked[t] = blockage{line, "wait " + b.tr.Objects[e.Obj].Name}
		}
	case Exit:
		o := b.endObj[t]
		idx := b.emit(t, Op{Kind: OpExit, Line: int32(line), Obj: o, Thread: -1})
		b.p.Threads[t].Ops[idx].Tok = b.produce(o, t, idx, line, 1)
	case Join:
		if b.joined[e.Target] != 0 {
			return b.errAt(line, "%s is joined a second time (first on line %d)", b.tr.Threads[e.Target], b.joined[e.Target])
		}
		b.joined[e.Target] = line
		o := b.endObj[e.Target]
		idx := b.emit(t, Op{Kind: OpJoin, Line: int32(line), Obj: o, Thread: e.Target})
		b.p.Threads[t].Ops[idx].Tok = b.take(o, t, idx, line)
	case Lock, TryLock:
		if e.Kind == TryLock && !e.OK {
			return nil // a failed trylock changes nothing
		}
		return b.lock(e, t, line)
	case Unlock:
		return b.unlock(e, t, line, b.objOf[e.Obj])
	case CondWait, CondTimedWait:
		m := b.objOf[e.Obj2]
		ms := b.mutex[m]
		if ms == nil || ms.holder != t {
			return b.errAt(line, "%s waits on %s with mutex %s, which it does not hold", name, b.tr.Objects[e.Obj].Name, b.tr.Objects[e.Obj2].Name)
		}
		if ms.depth > 1 {
			return b.errAt(line, "%s waits on %s with mutex %s locked %d times (a recursive lock held more than once)", name, b.tr.Objects[e.Obj].Name, b.tr.Objects[e.Obj2].Name, ms.depth)
		}
		if err := b.unlock(e, t, line, m); err != nil {
			return err
		}
		c := b.objOf[e.Obj]
		idx := b.emit(t, Op{Kind: OpCondWait, Line: int32(line), Obj: c, Thread: -1, Tok: -1})
		b.condWait[c] = append(b.condWait[c], t)
		b.awaiting[t], b.awaitMutex[t] = idx, m
	case CondSignal, CondBroadcast:
		c := b.objOf[e.Obj]
		free := int32(len(b.condWait[c])) - b.condPend[c]
		if free <= 0 {
			return nil // nobody waits: the signal is lost, in the recording and so in every simulation
		}
		n := int32(1)
		if e.Kind == CondBroadcast {
			n = free
		}
		idx := b.emit(t, Op{Kind: OpSignal, Line: int32(line), Obj: c, Thread: -1, N: n})
		b.p.Threads[t].Ops[idx].Tok = b.produce(c, t, idx, line, n)
		b.condPend[c] += n
	case SemInit:
		o := b.objOf[e.Obj]
		ob := &b.p.Objs[o]
		if b.made[o] > 0 || b.taken[o] > 0 {
			return b.errAt(line, "sem_init %s after the semaphore was used", b.tr.Objects[e.Obj].Name)
		}
		ob.Init = int32(e.N)
		b.produce(o, -1, -1, line, int32(e.N))
	case SemPost:
		o := b.objOf[e.Obj]
		idx := b.emit(t, Op{Kind: OpSemPost, Line: int32(line), Obj: o, Thread: -1})
		b.p.Threads[t].Ops[idx].Tok = b.produce(o, t, idx, line, 1)
	case SemWait, SemTryWait, SemTimedWait:
		if e.Kind != SemWait && !e.OK {
			return nil
		}
		o := b.objOf[e.Obj]
		if b.available(o) <= 0 {
			return b.errAt(line, "%s takes semaphore %s, which has no token: no sem_post or sem_init gave one before (the recorder writes sem_wait when it returns)", name, b.tr.Objects[e.Obj].Name)
		}
		idx := b.emit(t, Op{Kind: OpSemWait, Line: int32(line), Obj: o, Thread: -1})
		b.p.Threads[t].Ops[idx].Tok = b.take(o, t, idx, line)
	case BarrierInit:
		o := b.objOf[e.Obj]
		bs := b.barrierOf(o)
		if len(bs.arrived) > 0 {
			return b.errAt(line, "barrier_init %s while %d thread(s) wait at it", b.tr.Objects[e.Obj].Name, len(bs.arrived))
		}
		bs.n = int32(e.N)
	case BarrierWait:
		o := b.objOf[e.Obj]
		bs := b.barrierOf(o)
		if bs.n == 0 {
			return b.errAt(line, "barrier_wait %s before barrier_init %s (the count is unknown)", b.tr.Objects[e.Obj].Name, b.tr.Objects[e.Obj].Name)
		}
		b.emit(t, Op{Kind: OpBarrier, Line: int32(line), Obj: o, Thread: -1, Tok: -1, N: bs.n})
		bs.arrived = append(bs.arrived, t)
		if int32(len(bs.arrived)) == bs.n {
			for _, w := range bs.arrived {
				b.blocked[w] = blockage{}
			}
			bs.arrived = bs.arrived[:0]
		} else {
			b.blocked[t] = blockage{line, "barrier_wait " + b.tr.Objects[e.Obj].Name}
		}
	}
	return nil
}

func (b *builder) mutexOfWait(t, w int32) int32 { return b.awaitMutex[t] }

func (b *builder) barrierOf(o int32) *barrierState {
	bs := b.barrier[o]
	if bs == nil {
		bs = &barrierState{}
		b.barrier[o] = bs
	}
	return bs
}

func (b *builder) lock(e *Event, t int32, line int) error {
	m := b.objOf[e.Obj]
	ms := b.mutex[m]
	if ms == nil {
		ms = &mutexState{holder: -1}
		b.mutex[m] = ms
	}
	if ms.holder == t {
		ms.depth++ // a recursive mutex: only the outermost lock and unlock synchronise
		return nil
	}
	if ms.holder >= 0 {
		return b.errAt(line, "%s locks %s, but %s holds it since line %d (the recorder writes lock when the mutex is acquired)",
			b.tr.Threads[t], b.tr.Objects[e.Obj].Name, b.tr.Threads[ms.holder], ms.line)
	}
	if w := b.awaiting[t]; w >= 0 {
		// The relock of a cond_wait: the wait is over; it took a signal's
		// token if one was left for a returning waiter, or else it timed out.
		c := b.p.Threads[t].Ops[w].Obj
		if b.condPend[c] > 0 {
			b.condPend[c]--
			b.p.Threads[t].Ops[w].Tok = b.take(c, t, w, int(b.p.Threads[t].Ops[w].Line))
		}
		ws := b.condWait[c]
		for i, x := range ws {
			if x == t {
				b.condWait[c] = append(ws[:i], ws[i+1:]...)
				break
			}
		}
		b.awaiting[t] = -1
	}
	ms.holder, ms.depth, ms.line = t, 1, line
	idx := b.emit(t, Op{Kind: OpLock, Line: int32(line), Obj: m, Thread: -1})
	b.p.Threads[t].Ops[idx].Tok = b.take(m, t, idx, line)
	return nil
}

func (b *builder) unlock(e *Event, t int32, line int, m int32) error {
	ms := b.mutex[m]
	if ms == nil || ms.holder != t {
		holder := "nobody"
		if ms != nil && ms.holder >= 0 {
			holder = b.tr.Threads[ms.holder]
		}
		return b.errAt(line, "%s unlocks %s, which it does not hold (held by %s)", b.tr.Threads[t], b.p.Objs[m].Name, holder)
	}
	if ms.depth > 1 {
		ms.depth--
		return nil
	}
	ms.holder, ms.depth = -1, 0
	idx := b.emit(t, Op{Kind: OpUnlock, Line: int32(line), Obj: m, Thread: -1})
	b.p.Threads[t].Ops[idx].Tok = b.produce(m, t, idx, line, 1)
	return nil
}

// Load reads the thread trace at path and builds its program.
func Load(path string) (*Program, error) {
	return LoadContext(context.Background(), path, nil)
}

// LoadContext is Load that stops when ctx is done (its error, wrapped)
// and tells read, if not nil, how many of the file's bytes it has read:
// a trace of hundreds of megabytes takes seconds to read.
func LoadContext(ctx context.Context, path string, read func(done, total int64)) (*Program, error) {
	f, err := infile.Open(path, infile.ThreadTrace)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var size int64
	if st, err := f.Stat(); err == nil && st.Mode().IsRegular() {
		size = st.Size()
	}
	tr, err := parse(&progressReader{r: f, ctx: ctx, total: size, read: read}, path, size)
	if err != nil {
		return nil, err
	}
	return Build(tr)
}

// progressReader reads from r, reporting to read (if not nil) after each
// read and failing once ctx is done.
type progressReader struct {
	r           io.Reader
	ctx         context.Context
	done, total int64
	read        func(done, total int64)
}

func (p *progressReader) Read(b []byte) (int, error) {
	select {
	case <-p.ctx.Done():
		return 0, p.ctx.Err()
	default:
	}
	n, err := p.r.Read(b)
	p.done += int64(n)
	if p.read != nil {
		p.read(p.done, p.total)
	}
	return n, err
}
