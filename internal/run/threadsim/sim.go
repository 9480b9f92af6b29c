// Package threadsim simulates a recorded multithreaded program (a
// threadtrace.Program) on any number of processors, with thread bindings,
// priorities and preemptive priority scheduling, under VPPB's three
// simulation models: Direct, Client-Server and Strict Sequence. It runs on
// augur's discrete-event kernel (package des): one event queue, and the
// processors as des facilities with the priority discipline.
package threadsim

import (
	"context"
	"fmt"

	"augur/internal/engine/des"
	"augur/internal/frontend/threadtrace"
)

// Model is how a recorded wait is matched to an activation (VPPB §2-4).
type Model uint8

const (
	// Direct: a wait is satisfied by an activation of its event from any
	// thread; locks go to whoever comes first.
	Direct Model = iota
	// ClientServer: a thread is a start list plus one list per wait;
	// each wait accepts only the activation that triggered it in the
	// recording, and the lists run in whatever order their activations
	// come. Mutexes and barriers behave as in Direct.
	ClientServer
	// Strict: one list per thread; each wait accepts only the activation
	// that satisfied it in the recording, so every object is taken in the
	// recorded order (mutexes too).
	Strict
)

var modelNames = [...]string{"direct", "client-server", "strict"}

func (m Model) String() string { return modelNames[m] }

// ParseModel reads a model name: direct, client-server (or cs), strict.
func ParseModel(s string) (Model, bool) {
	switch s {
	case "direct":
		return Direct, true
	case "client-server", "clientserver", "cs":
		return ClientServer, true
	case "strict", "strict-sequence":
		return Strict, true
	}
	return 0, false
}

// Config is a simulation set-up.
type Config struct {
	CPUs  int
	Bind  []int32 // per thread: its processor; nil: threads run on any processor
	Prio  []int32 // per thread: priority, higher runs first; nil: all equal
	Model Model
	// Timeline records every run and block interval for Gantt charts.
	Timeline bool
	// MaxEvents stops a run after this many events (0: no limit).
	MaxEvents int64
	// Context, if set, stops the run when it is done: Run then returns
	// the context's error, wrapped, with the partial result (Partial
	// set) of what was simulated. It is looked at every 2^14 events.
	Context context.Context
	// Progress, if set, is called every 2^14 events with the simulated
	// time, the events so far and the share of the trace's operations
	// done (0..1). It never changes the run.
	Progress func(simTime float64, events int64, done float64)
}

// pollMask sets how often Config.Context and Config.Progress are served:
// rarely enough to cost nothing measurable.
const pollMask = 1<<14 - 1

// ThreadStats is one thread's account. Busy + Blocked + Ready is the time
// from its creation to its end (or to the deadlock).
type ThreadStats struct {
	Name    string  `json:"name"`
	Start   float64 `json:"start_s"`
	End     float64 `json:"end_s"`
	Busy    float64 `json:"busy_s"`
	Blocked float64 `json:"blocked_s"`
	Ready   float64 `json:"ready_waiting_s"`
	Done    bool    `json:"done"`
	// Elements split Busy, Blocked and Ready by step (elements.go).
	Elements []ThreadElement `json:"elements"`
}

// Slice is an interval a thread ran on a processor.
type Slice struct {
	Thread, CPU int32
	Start, End  float64
}

// Block is an interval a thread was blocked, at the op on trace line Line.
type Block struct {
	Thread     int32
	Line       int32
	Start, End float64
}

// Wait is one thread of a deadlock: what it is blocked in and why nothing
// will release it.
type Wait struct {
	Thread string `json:"thread"`
	Line   int    `json:"line"`
	Op     string `json:"op"`
	Reason string `json:"waits_for"`
}

// Deadlock says who waits for what when no thread can go on.
type Deadlock struct {
	Time  float64 `json:"time_s"`
	Waits []Wait  `json:"waits"`
}

func (d *Deadlock) String() string {
	s := fmt.Sprintf("deadlock at %s:", fmtTime(d.Time))
	for _, w := range d.Waits {
		s += fmt.Sprintf("\n  %s: %s: %s", w.Thread, w.Op, w.Reason)
	}
	return s
}

func fmtTime(t float64) string { return fmt.Sprintf("%g", t) }

// Result is a simulation's outcome.
type Result struct {
	Model      Model
	CPUs       int
	Completion float64   // when the last thread ended (or the deadlock time)
	Deadlock   *Deadlock // nil if every thread ended
	Threads    []ThreadStats
	Slices     []Slice // with Config.Timeline
	Blocks     []Block // with Config.Timeline
	Events     int64   // events the simulation processed
	// Partial marks a run the Context stopped: Completion is the
	// simulated time reached, the threads' accounts are closed there and
	// threads still running have Done false.
	Partial bool
}

// Thread states.
const (
	notStarted uint8 = iota
	ready
	running
	blocked
	done
)

// Event kinds on the queue.
const (
	evRun  uint8 = iota // the thread got a processor: go on
	evWork              // the thread's computation is over
)

type thread struct {
	ops       []threadtrace.Op
	pc        int32
	rem       float64 // computation left before op pc
	segStart  float64
	seg       bool // a computation is under way (an evWork is pending)
	state     uint8
	prio      int32
	fac       int32
	cpu       int32
	gen       int32
	since     float64
	acct      [5]float64 // time per state
	start     float64
	end       float64
	blockAt   float64
	blockLine int32
	blockOp   string
	runStart  float64
	elems     []*elemAcc // time per step (elements.go)
	stateAt   float64    // when the thread entered its state
	// Client-Server lists.
	listEnd    int32   // end of the list being run (op index)
	cur        int32   // the list being run
	exitIdx    int32   // index of the exit op, or len(ops)
	listOf     []int32 // op index -> list number (heads only), -1
	lists      []csList
	listsLeft  int32
	atBoundary bool
	avail      seqHeap // lists whose activation has come, by arrival
}

type csList struct {
	head, end int32
	done      bool
}

type object struct {
	inst    bool
	avail   int64
	waiters []int32 // count mode: blocked takers, by priority then arrival
	senders []int32 // count-mode mailbox: blocked senders, by arrival
	made    []int64 // instance mode: per token, arrival order (0: not yet made)
	arrived []int32 // barrier
	holder  int32   // mutex: the thread that holds it, -1
}

type sim struct {
	p      *threadtrace.Program
	cfg    Config
	cs     bool
	q      des.Queue
	now    float64
	th     []thread
	obj    []object
	facs   []des.Facility
	cpuRun []int32 // per processor: the thread running, -1
	seq    int64
	// cur is the thread step is running; a higher-priority thread it
	// wakes preempts it only once its op is over (deferred).
	cur      int32
	deferred bool
	res      *Result
	events   int64
	stopped  error
	// interrupted is the Context's error, wrapped, once it stopped the run.
	interrupted error
	totalOps    int // the trace's operations, for Config.Progress
}

// Run simulates p under cfg.
func Run(p *threadtrace.Program, cfg Config) (*Result, error) {
	if cfg.CPUs < 1 {
		return nil, fmt.Errorf("need at least one processor, got %d", cfg.CPUs)
	}
	n := len(p.Threads)
	if cfg.Bind != nil && len(cfg.Bind) != n {
		return nil, fmt.Errorf("binding gives %d threads, the program has %d", len(cfg.Bind), n)
	}
	if cfg.Prio != nil && len(cfg.Prio) != n {
		return nil, fmt.Errorf("priorities give %d threads, the program has %d", len(cfg.Prio), n)
	}
	s := &sim{p: p, cfg: cfg, cs: cfg.Model == ClientServer, cur: -1, th: make([]thread, n), obj: make([]object, len(p.Objs)),
		cpuRun: make([]int32, cfg.CPUs), res: &Result{Model: cfg.Model, CPUs: cfg.CPUs}}
	for i := range s.cpuRun {
		s.cpuRun[i] = -1
	}
	if cfg.Bind != nil {
		s.facs = make([]des.Facility, cfg.CPUs)
		for i := range s.facs {
			s.facs[i] = des.NewFacility(1, des.Priority)
		}
	} else {
		s.facs = []des.Facility{des.NewFacility(cfg.CPUs, des.Priority)}
	}
	for i := range s.th {
		t := &s.th[i]
		t.ops = p.Threads[i].Ops
		t.cpu = -1
		t.listEnd = -1
		if cfg.Prio != nil {
			t.prio = cfg.Prio[i]
		}
		if cfg.Bind != nil {
			if b := cfg.Bind[i]; b < 0 || int(b) >= cfg.CPUs {
				return nil, fmt.Errorf("thread %s is bound to processor %d; there are %d (0..%d)", p.Threads[i].Name, b, cfg.CPUs, cfg.CPUs-1)
			}
			t.fac = cfg.Bind[i]
		}
	}
	for i := range s.obj {
		o := &s.obj[i]
		po := &p.Objs[i]
		o.holder = -1
		switch cfg.Model {
		case Strict:
			o.inst = po.Class != threadtrace.Barrier
		case ClientServer:
			o.inst = po.Class != threadtrace.Barrier && po.Class != threadtrace.Mutex
		}
		if o.inst {
			o.made = make([]int64, len(po.Producer))
			for k, pr := range po.Producer {
				if pr.Thread < 0 && pr.Op < 0 && k < int(po.Init) {
					s.seq++
					o.made[k] = s.seq
				}
			}
		} else {
			o.avail = int64(po.Init)
		}
	}
	if s.cs {
		for i := range s.th {
			s.splitLists(int32(i))
		}
		// Lists headed by a token an object starts with (a semaphore's
		// initial value) can start at once.
		for ob := range s.obj {
			for k, m := range s.obj[ob].made {
				if m > 0 {
					s.offer(int32(ob), int32(k))
				}
			}
		}
	}
	if n == 0 {
		return s.res, nil
	}
	s.startThread(0)
	s.loop()
	if s.interrupted != nil {
		s.finish()
		return s.res, s.interrupted
	}
	if s.stopped != nil {
		return nil, s.stopped
	}
	s.finish()
	return s.res, nil
}

// splitLists cuts a thread into VPPB's Client-Server lists: a start
// list, then one list from each wait that took a particular activation in
// the recording to the next such wait. The exit comes after all lists.
func (s *sim) splitLists(i int32) {
	t := &s.th[i]
	t.exitIdx = int32(len(t.ops))
	if n := len(t.ops); n > 0 && t.ops[n-1].Kind == threadtrace.OpExit {
		t.exitIdx = int32(n - 1)
	}
	t.listOf = make([]int32, len(t.ops))
	t.lists = append(t.lists[:0], csList{head: -1})
	for k := int32(0); k < t.exitIdx; k++ {
		t.listOf[k] = -1
		op := &t.ops[k]
		if op.Kind.Takes() && op.Tok >= 0 && !op.Final && s.obj[op.Obj].inst {
			t.lists[len(t.lists)-1].end = k
			t.listOf[k] = int32(len(t.lists))
			t.lists = append(t.lists, csList{head: k})
		}
	}
	if t.exitIdx < int32(len(t.ops)) {
		t.listOf[t.exitIdx] = -1
	}
	t.lists[len(t.lists)-1].end = t.exitIdx
	t.listsLeft = int32(len(t.lists))
	t.listEnd = t.lists[0].end
}

func (s *sim) loop() {
	for s.q.Len() > 0 {
		ev := s.q.Pop()
		s.now = ev.Time
		s.events++
		if s.cfg.MaxEvents > 0 && s.events > s.cfg.MaxEvents {
			s.stopped = fmt.Errorf("stopped after %d events (the limit)", s.cfg.MaxEvents)
			return
		}
		if s.events&pollMask == 0 && s.poll() {
			return
		}
		t := &s.th[ev.Target]
		if ev.Arg != t.gen || t.state != running {
			continue // the thread was preempted since
		}
		if ev.Kind == evWork {
			t.rem, t.seg = 0, false
		}
		s.step(ev.Target)
	}
}

// poll reports progress and whether the Context stopped the run.
func (s *sim) poll() bool {
	if s.cfg.Progress != nil {
		if s.totalOps == 0 {
			for i := range s.th {
				s.totalOps += len(s.th[i].ops)
			}
		}
		var pcs int
		for i := range s.th {
			pcs += int(s.th[i].pc)
		}
		s.cfg.Progress(s.now, s.events, float64(pcs)/float64(max(s.totalOps, 1)))
	}
	if s.cfg.Context == nil {
		return false
	}
	if err := s.cfg.Context.Err(); err != nil {
		s.interrupted = fmt.Errorf("stopped at simulated time %g: %w", s.now, err)
		return true
	}
	return false
}

func (s *sim) setState(i int32, st uint8) {
	t := &s.th[i]
	t.acct[t.state] += s.now - t.since
	t.since = s.now
	if st != t.state {
		t.interval(t.state, t.blockOp, t.blockLine, t.stateAt, s.now)
		t.stateAt = s.now
	}
	if s.cfg.Timeline && t.state == blocked && st != blocked {
		s.res.Blocks = append(s.res.Blocks, Block{Thread: i, Line: t.blockLine, Start: t.blockAt, End: s.now})
	}
	if st == blocked {
		t.blockAt, t.blockLine, t.blockOp = s.now, 0, "activation"
		if int(t.pc) < len(t.ops) && !t.atBoundary {
			t.blockLine = t.ops[t.pc].Line
			t.blockOp = t.ops[t.pc].Kind.String()
		}
	}
	t.state = st
}

func (s *sim) startThread(i int32) {
	t := &s.th[i]
	t.start, t.since, t.stateAt = s.now, s.now, s.now
	t.rem = s.p.Threads[i].Work0
	s.makeReady(i)
}

// makeReady gives thread i a processor, preempting a lower-priority thread
// if all its processors are taken, or queues it.
func (s *sim) makeReady(i int32) {
	t := &s.th[i]
	s.setState(i, ready)
	f := &s.facs[t.fac]
	if f.Acquire(i, t.prio) {
		s.run(i, s.freeCPU(t.fac))
		return
	}
	victim := int32(-1)
	if s.cfg.Bind != nil {
		victim = s.cpuRun[t.fac]
		if victim == s.cur && s.deferred {
			return
		}
	} else {
		for _, r := range s.cpuRun {
			if r >= 0 && !(r == s.cur && s.deferred) && (victim < 0 || s.th[r].prio <= s.th[victim].prio) {
				victim = r
			}
		}
	}
	if victim < 0 || s.th[victim].prio >= t.prio {
		return // queued: a processor will come free
	}
	if victim == s.cur {
		s.deferred = true // preempt it when its op is over
		return
	}
	v := &s.th[victim]
	cpu := v.cpu
	s.stopRunning(victim)
	s.setState(victim, ready)
	next := f.Preempt(victim, v.prio)
	s.run(next, cpu)
}

// freeCPU is the processor a facility just granted.
func (s *sim) freeCPU(fac int32) int32 {
	if s.cfg.Bind != nil {
		return fac
	}
	for c, r := range s.cpuRun {
		if r < 0 {
			return int32(c)
		}
	}
	panic("threadsim: facility granted a processor but none is free")
}

func (s *sim) run(i, cpu int32) {
	t := &s.th[i]
	t.cpu = cpu
	s.cpuRun[cpu] = i
	s.setState(i, running)
	t.runStart = s.now
	t.gen++
	s.q.Push(s.now, i, evRun, t.gen)
}

// stopRunning takes thread i off its processor, keeping the computation it
// has left.
func (s *sim) stopRunning(i int32) {
	t := &s.th[i]
	if t.seg {
		t.rem -= s.now - t.segStart
		if t.rem < 0 {
			t.rem = 0
		}
		t.seg = false
	}
	if s.cfg.Timeline && s.now > t.runStart {
		s.res.Slices = append(s.res.Slices, Slice{Thread: i, CPU: t.cpu, Start: t.runStart, End: s.now})
	}
	t.gen++
	s.cpuRun[t.cpu] = -1
	t.cpu = -1
}

// release gives thread i's processor to the next thread waiting for it.
func (s *sim) release(i int32) {
	t := &s.th[i]
	cpu := t.cpu
	s.stopRunning(i)
	if next, ok := s.facs[t.fac].Release(); ok {
		s.run(next, cpu)
	}
}

// step runs thread i, which holds a processor, until it computes, blocks
// or ends.
func (s *sim) step(i int32) {
	t := &s.th[i]
	s.cur, s.deferred = i, false
	defer func() { s.cur, s.deferred = -1, false }()
	for {
		if s.deferred {
			// A thread this one woke has a higher priority: give it the
			// processor now that the op is over.
			s.deferred = false
			cpu := t.cpu
			s.stopRunning(i)
			s.setState(i, ready)
			next := s.facs[t.fac].Preempt(i, t.prio)
			s.run(next, cpu)
			return
		}
		if t.rem > 0 {
			t.seg = true
			t.segStart = s.now
			s.q.Push(s.now+t.rem, i, evWork, t.gen)
			return
		}
		if s.cs && t.pc == t.listEnd {
			if !s.boundary(i) {
				return
			}
			continue
		}
		if int(t.pc) >= len(t.ops) || t.ops[t.pc].Final {
			s.end(i) // the recording ended here
			return
		}
		op := &t.ops[t.pc]
		if !s.exec(i, op) {
			s.deferred = false // its processor goes to the queue's head
			if t.state == running {
				s.setState(i, blocked)
				s.release(i)
			}
			return
		}
		t.pc++
		t.rem = op.Work
	}
}

// boundary is the end of a Client-Server list: start the list whose
// activation came first, or wait for one; false if the thread blocks.
func (s *sim) boundary(i int32) bool {
	t := &s.th[i]
	t.lists[t.cur].done = true
	t.listsLeft--
	if t.listsLeft == 0 {
		t.pc, t.listEnd = t.exitIdx, -1
		return true
	}
	for t.avail.Len() > 0 {
		k := t.avail.pop()
		if !t.lists[k].done {
			s.beginList(i, k, true)
			return true
		}
	}
	t.atBoundary = true
	t.listEnd = -2
	s.setState(i, blocked)
	s.release(i)
	return false
}

// beginList starts list k, whose head's activation has come; a sender
// blocked on it goes on if wakeSender (it is not the running thread).
func (s *sim) beginList(i, k int32, wakeSender bool) {
	t := &s.th[i]
	head := t.lists[k].head
	t.atBoundary = false
	t.cur = k
	if wakeSender {
		s.takeMade(&t.ops[head])
	}
	t.pc = head + 1
	t.rem = t.ops[head].Work
	t.listEnd = t.lists[k].end
}

// takeMade takes an instance token that has been made; a sender blocked on
// it goes on.
func (s *sim) takeMade(op *threadtrace.Op) {
	if op.Kind == threadtrace.OpWait {
		pr := s.p.Objs[op.Obj].Producer[op.Tok]
		s.wake(pr.Thread)
	}
}

// exec performs op for thread i; false if the thread blocks (or ended).
func (s *sim) exec(i int32, op *threadtrace.Op) bool {
	o := &s.obj[max(op.Obj, 0)]
	switch op.Kind {
	case threadtrace.OpCreate:
		if s.th[op.Thread].state == notStarted {
			s.startThread(op.Thread)
		}
		return true
	case threadtrace.OpExit:
		s.produce(op.Obj, op.Tok, 1)
		s.end(i)
		return false
	case threadtrace.OpSend:
		if o.inst {
			if s.consumerWaiting(op.Obj, op.Tok) {
				return true
			}
			s.seq++
			o.made[op.Tok] = s.seq
			s.offer(op.Obj, op.Tok)
			return false
		}
		r := op.Thread
		if rt := &s.th[r]; rt.state == blocked && !rt.atBoundary && int(rt.pc) < len(rt.ops) && rt.ops[rt.pc].Kind == threadtrace.OpWait && rt.ops[rt.pc].Obj == op.Obj {
			o.waiters = o.waiters[:0]
			s.wake(r)
			return true
		}
		o.senders = append(o.senders, i)
		return false
	case threadtrace.OpWait, threadtrace.OpLock, threadtrace.OpCondWait, threadtrace.OpSemWait, threadtrace.OpJoin:
		if op.Tok < 0 {
			return true // the recorded cond_wait ended without a signal
		}
		if o.inst {
			if o.made[op.Tok] > 0 {
				s.takeMade(op)
				if op.Kind == threadtrace.OpLock {
					o.holder = i
				}
				return true
			}
			return false
		}
		if op.Kind == threadtrace.OpWait {
			if len(o.senders) > 0 {
				snd := o.senders[0]
				o.senders = o.senders[1:]
				s.wake(snd)
				return true
			}
			o.waiters = append(o.waiters[:0], i)
			return false
		}
		if o.avail > 0 {
			o.avail--
			if op.Kind == threadtrace.OpLock {
				o.holder = i
			}
			return true
		}
		s.enqueue(o, i)
		return false
	case threadtrace.OpUnlock, threadtrace.OpSemPost:
		if op.Kind == threadtrace.OpUnlock {
			o.holder = -1
		}
		s.produce(op.Obj, op.Tok, 1)
		return true
	case threadtrace.OpSignal:
		s.produce(op.Obj, op.Tok, op.N)
		return true
	case threadtrace.OpBarrier:
		o.arrived = append(o.arrived, i)
		if int32(len(o.arrived)) < op.N {
			return false
		}
		for _, w := range o.arrived {
			if w != i {
				s.wake(w)
			}
		}
		o.arrived = o.arrived[:0]
		return true
	}
	s.stopped = fmt.Errorf("threadsim: unknown op %v", op.Kind)
	return false
}

// enqueue queues a blocked taker by priority, then arrival.
func (s *sim) enqueue(o *object, i int32) {
	p := s.th[i].prio
	k := len(o.waiters)
	o.waiters = append(o.waiters, i)
	for k > 0 && s.th[o.waiters[k-1]].prio < p {
		o.waiters[k] = o.waiters[k-1]
		k--
	}
	o.waiters[k] = i
}

// produce makes n tokens of object ob (instance tokens tok..tok+n-1).
func (s *sim) produce(ob, tok, n int32) {
	o := &s.obj[ob]
	if o.inst {
		for k := tok; k < tok+n; k++ {
			s.seq++
			o.made[k] = s.seq
			if !s.consumerWaiting(ob, k) {
				s.offer(ob, k)
			}
		}
		return
	}
	o.avail += int64(n)
	for o.avail > 0 && len(o.waiters) > 0 {
		w := o.waiters[0]
		o.waiters = o.waiters[1:]
		o.avail--
		if s.p.Objs[ob].Class == threadtrace.Mutex {
			o.holder = w
		}
		s.wake(w)
	}
}

// consumerWaiting hands instance token (ob, tok) to the thread that took it
// in the recording if that thread waits for it now; true if it did.
func (s *sim) consumerWaiting(ob, tok int32) bool {
	c := s.p.Objs[ob].Consumer[tok]
	if c.Thread < 0 {
		return false
	}
	t := &s.th[c.Thread]
	if t.state != blocked {
		return false
	}
	if t.atBoundary {
		k := t.listOf[c.Op]
		if k < 0 || t.lists[k].done {
			return false
		}
		s.beginList(c.Thread, k, false)
		s.makeReady(c.Thread)
		return true
	}
	if t.pc != c.Op {
		return false
	}
	if t.ops[c.Op].Kind == threadtrace.OpLock {
		s.obj[ob].holder = c.Thread
	}
	s.wake(c.Thread)
	return true
}

// offer tells a Client-Server thread that the activation heading one of
// its lists has come, for when it next finishes a list.
func (s *sim) offer(ob, tok int32) {
	if !s.cs {
		return
	}
	c := s.p.Objs[ob].Consumer[tok]
	if c.Thread < 0 {
		return
	}
	t := &s.th[c.Thread]
	if k := t.listOf[c.Op]; k >= 0 {
		t.avail.push(s.obj[ob].made[tok], k)
	}
}

// wake completes the op thread i is blocked in and makes it ready.
func (s *sim) wake(i int32) {
	t := &s.th[i]
	if t.state != blocked {
		s.stopped = fmt.Errorf("threadsim: woke %s, which is not blocked", s.p.Threads[i].Name)
		return
	}
	op := &t.ops[t.pc]
	t.pc++
	t.rem = op.Work
	s.makeReady(i)
}

// end finishes thread i.
func (s *sim) end(i int32) {
	t := &s.th[i]
	if t.state == running {
		s.release(i)
	}
	s.setState(i, done)
	t.end = s.now
}

func (s *sim) finish() {
	r := s.res
	r.Events = s.events
	r.Threads = make([]ThreadStats, len(s.th))
	stuck := false
	for i := range s.th {
		t := &s.th[i]
		if t.state != done && t.state != notStarted {
			stuck = true
		}
	}
	for i := range s.th {
		t := &s.th[i]
		if t.state != notStarted && t.state != done {
			s.setState(int32(i), t.state) // close the account at the deadlock
			t.interval(t.state, t.blockOp, t.blockLine, t.stateAt, s.now)
			t.end = s.now
		}
		r.Threads[i] = ThreadStats{Name: s.p.Threads[i].Name, Start: t.start, End: t.end,
			Busy: t.acct[running], Blocked: t.acct[blocked], Ready: t.acct[ready], Done: t.state == done,
			Elements: t.elements()}
		if t.state == done && t.end > r.Completion {
			r.Completion = t.end
		}
	}
	switch {
	case s.interrupted != nil:
		// Still running, not stuck: no deadlock to explain.
		r.Completion, r.Partial = s.now, true
	case stuck:
		r.Completion = s.now
		r.Deadlock = s.explain()
	}
}

// explain says, for every thread that cannot go on, what it waits for.
func (s *sim) explain() *Deadlock {
	d := &Deadlock{Time: s.now}
	for i := range s.th {
		t := &s.th[i]
		name := s.p.Threads[i].Name
		switch t.state {
		case done:
			continue
		case notStarted:
			continue
		}
		w := Wait{Thread: name}
		if t.atBoundary {
			w.Op = "between Client-Server lists"
			var heads []string
			for _, l := range t.lists {
				if !l.done && l.head >= 0 {
					heads = append(heads, s.activation(&t.ops[l.head]))
				}
			}
			w.Reason = "a list to start: " + joinMax(heads, 4)
			d.Waits = append(d.Waits, w)
			continue
		}
		op := &t.ops[t.pc]
		w.Line = int(op.Line)
		w.Op = s.p.Describe(int32(i), op)
		o := &s.obj[max(op.Obj, 0)]
		switch op.Kind {
		case threadtrace.OpSend:
			r := op.Thread
			w.Reason = fmt.Sprintf("%s to wait for it; %s", s.p.Threads[r].Name, s.doing(r))
		case threadtrace.OpBarrier:
			w.Reason = fmt.Sprintf("%d more thread(s) at the barrier (%d of %d arrived)", int(op.N)-len(o.arrived), len(o.arrived), op.N)
		default:
			if o.inst {
				w.Reason = s.activation(op)
			} else if op.Kind == threadtrace.OpLock && o.holder >= 0 {
				w.Reason = fmt.Sprintf("%s to unlock it; %s", s.p.Threads[o.holder].Name, s.doing(o.holder))
			} else if op.Kind == threadtrace.OpWait {
				w.Reason = "a send of " + s.p.Objs[op.Obj].Name + " to " + name + " from any thread"
			} else if op.Kind == threadtrace.OpJoin {
				w.Reason = fmt.Sprintf("%s to exit; %s", s.p.Threads[op.Thread].Name, s.doing(op.Thread))
			} else {
				w.Reason = "an activation of " + s.p.Objs[op.Obj].Name + " from any thread"
			}
		}
		d.Waits = append(d.Waits, w)
	}
	return d
}

// activation names the recorded activation an instance wait holds out for.
func (s *sim) activation(op *threadtrace.Op) string {
	pr := s.p.Objs[op.Obj].Producer[op.Tok]
	if pr.Thread < 0 {
		if op.Tok < s.p.Objs[op.Obj].Init {
			return s.p.Objs[op.Obj].Name + "'s initial value"
		}
		return "an activation of " + s.p.Objs[op.Obj].Name + " the recording never made"
	}
	pop := &s.th[pr.Thread].ops[pr.Op]
	return fmt.Sprintf("%s's %s, as in the recording (%s)", s.p.Threads[pr.Thread].Name, s.p.Describe(pr.Thread, pop), s.doing(pr.Thread))
}

// doing says where thread i is.
func (s *sim) doing(i int32) string {
	t := &s.th[i]
	name := s.p.Threads[i].Name
	switch t.state {
	case notStarted:
		return name + " never started"
	case done:
		return name + " has ended"
	case blocked:
		if t.atBoundary {
			return name + " waits between lists"
		}
		return name + " is blocked in " + s.p.Describe(i, &t.ops[t.pc])
	}
	return name + " is running"
}

func joinMax(xs []string, n int) string {
	s := ""
	for k, x := range xs {
		if k == n {
			return s + fmt.Sprintf(" or %d more", len(xs)-n)
		}
		if k > 0 {
			s += " or "
		}
		s += x
	}
	return s
}

// seqHeap is a min-heap of (arrival, list) pairs.
type seqHeap struct{ h []seqItem }

type seqItem struct {
	seq  int64
	list int32
}

func (h *seqHeap) Len() int { return len(h.h) }

func (h *seqHeap) push(seq int64, list int32) {
	h.h = append(h.h, seqItem{seq, list})
	k := len(h.h) - 1
	for k > 0 {
		p := (k - 1) / 2
		if h.h[p].seq <= h.h[k].seq {
			break
		}
		h.h[p], h.h[k] = h.h[k], h.h[p]
		k = p
	}
}

func (h *seqHeap) pop() int32 {
	top := h.h[0].list
	n := len(h.h) - 1
	h.h[0] = h.h[n]
	h.h = h.h[:n]
	k := 0
	for {
		l := 2*k + 1
		if l >= n {
			break
		}
		m := l
		if r := l + 1; r < n && h.h[r].seq < h.h[l].seq {
			m = r
		}
		if h.h[k].seq <= h.h[m].seq {
			break
		}
		h.h[k], h.h[m] = h.h[m], h.h[k]
		k = m
	}
	return top
}
