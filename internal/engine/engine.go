// Package engine runs ir streams on a machine: the hybrid simulation of
// Performance Prophet (Pllana et al.). Action states (Compute, Delay) take the time their stream
// gives them, scaled by the node's speed, while holding a CPU; wait states
// (communication, collectives, joins, locks, waiting for a CPU) are resolved
// by discrete events on one queue.
//
// Each simulated unit (a process or a thread) is a small state machine: the
// engine asks its stream for the next operation when the previous one has
// completed. No goroutine per unit, so a million units fit in memory, and
// with one queue ordered by (time, insertion) the run is deterministic.
package engine

import (
	"context"
	"errors"
	"fmt"
	"math"
	"time"

	"augur/internal/base/des"
	"augur/internal/base/diag"
	"augur/internal/ir"
	"augur/internal/machine"
	"augur/internal/machine/netmodel"
)

// Config is what a run needs besides the program.
type Config struct {
	Machine *machine.Machine
	Procs   int
	// NodeOf gives the node of every process (len Procs); see machine.Map.
	NodeOf []int32
	// MaxEvents bounds the run: both the events processed and the
	// operations the units perform; 0 means DefaultMaxEvents.
	MaxEvents int64
	// Progress, if set, is called every 2^14 events or operations with
	// the simulated time reached, so that long runs can show progress.
	// It must be cheap (look at the wall clock and return, mostly): a
	// fast run calls it a few hundred times a second. It never changes
	// the run.
	Progress func(simTime float64, events, ops int64)
	// Tracer, if set, receives every element execution.
	Tracer Tracer
	// UnitElements keeps every unit's own element statistics
	// (Result.UnitElements), for the per-process tables of reports: a
	// slice of ElemStats per unit that executes an element, so it costs
	// units × elements × 56 bytes, and runs of more than
	// MaxUnitElementProcs processes do without.
	UnitElements bool
	// Context, if set, stops the run when it is done (cancelled or past
	// its deadline): Run then returns the context's error, wrapped. It is
	// looked at every 2^14 events or operations, so a cancel takes effect
	// within a millisecond or so of simulation.
	Context context.Context
	// Starting, if set, hears how many of the processes have been set
	// up (their streams made), every 2^12 of them: with millions of
	// processes the set-up takes a while, and the Context is looked at
	// as often.
	Starting func(done, total int)
	// Net, if set, is the network model and its parameters (see
	// machine.Machine.NetConfig, which applies --cfg keys); nil uses the
	// machine's own. A flow model (CM02, LV08, SMPI) shares links by
	// max-min fairness and follows SMPI's point-to-point protocol; the
	// constant model keeps the semantics of docs/semantics.md.
	Net *netmodel.Config

	// noFastColl makes collectives always run on events (tests compare
	// the two evaluations).
	noFastColl bool
	// noArrayColl makes the event-free evaluation always use the general
	// dataflow, never the array passes of regular algorithms (tests
	// compare the two).
	noArrayColl bool
	// Timeline, under ir.Semantics.HoldCPU, records every run on a CPU and
	// every wait of the units (Result.Runs, Result.Waits).
	Timeline bool

	// plainEvents turns off what saves queue events without changing the
	// run (nowList, issue batches, ending ahead): tests compare the two.
	plainEvents bool
}

// stopMask sets how often Config.Context is looked at and
// Config.Progress called: rarely enough to cost nothing measurable,
// often enough that a run of slow events (large flow networks) still
// answers a cancel and reports progress within a fraction of a second.
const stopMask = 1<<14 - 1

// DefaultMaxEvents is the event limit when Config.MaxEvents is 0.
const DefaultMaxEvents = 20_000_000_000

// LimitError is a run stopped by its event limit (Config.MaxEvents): at
// simulated time At, after Ops operations when those (not the events)
// went past it. It names no way to raise the limit: a command says its
// flag, the workbench its own bound.
type LimitError struct {
	Limit int64
	At    float64
	Ops   int64
}

func (e *LimitError) Error() string {
	if e.Ops > 0 {
		return fmt.Sprintf("event limit of %d reached at simulated time %.6gs after %d operations", e.Limit, e.At, e.Ops)
	}
	return fmt.Sprintf("event limit of %d reached at simulated time %.6gs", e.Limit, e.At)
}

// Tracer receives the timeline of a run.
type Tracer interface {
	// Slice reports that unit (pid, tid) spent [start, end) in element elem.
	Slice(pid, tid, elem int32, start, end float64)
}

// MessageTracer is a Tracer that also receives every point-to-point
// message once its receive has completed, and every collective once all
// have arrived, for message arrows and communication records. The engine looks for it once, at the start, so a
// run without one pays nothing.
type MessageTracer interface {
	Tracer
	Message(m Message)
	// Collective reports a collective once every process has arrived.
	Collective(c Collective)
}

// Collective is one collective operation: the element and every
// process's arrival (not necessarily in time order: a process may run
// ahead of the others when nothing can delay it).
type Collective struct {
	Seq      uint32 // the collective's number, from 0, in every process's order
	Elem     int32
	Arrivals []Arrival
}

// Arrival is when a process (or thread) entered a collective.
type Arrival struct {
	Pid, Tid int32
	At       float64
}

// Message is one point-to-point message between processes (messages
// internal to collectives are not reported). Times are seconds.
type Message struct {
	Src, SrcTid, Dst, DstTid int32
	Tag                      int32
	SendElem, RecvElem       int32
	Bytes                    float64
	SendPost                 float64 // the send was posted (logical send)
	SendStart                float64 // its data started to move (physical send)
	RecvPost                 float64 // the receive was posted (logical receive)
	RecvEnd                  float64 // the data had arrived: the receive completed (physical receive)
}

// Program is what the engine runs: the element table and a stream per process.
type Program struct {
	Elements []ir.Element
	// Stream makes the stream of process pid (uid == pid), running on node nid.
	Stream func(pid, nid int32) (ir.Stream, error)
	// Semantics is what the program means where its operations leave it
	// open (when a collective completes, how its algorithm is chosen) and
	// what the engine may take for granted (shared state, threads,
	// holding CPUs, budgets no one reads), as its front end states it.
	// Under NoBudgets, Result.Units (but Finish), Result.Elements and
	// Result.UnitElements are not filled in.
	Semantics ir.Semantics
	// Sync describes the synchronisation objects of Post and Take
	// (ir.Op.Obj indexes it); every process has its own instance of each.
	Sync []ir.SyncObject
}

// MaxUnitElementProcs bounds Config.UnitElements: beyond it the per-unit
// tables would cost more memory than the run (26 MB per thousand
// processes of a model with 500 elements).
const MaxUnitElementProcs = 65536

// Result is the outcome of a run.
type Result struct {
	// Time is the predicted run time: when the last unit finished.
	Time     float64
	Units    []UnitStats
	Elements []ElemStats
	// UnitElements, with Config.UnitElements, holds Units[i]'s own
	// statistics per element (nil for a unit that executed none); the
	// sum over the units is Elements.
	UnitElements [][]ElemStats
	// Events is the number of events processed; Ops the number of
	// operations (element executions) the units performed.
	Events, Ops int64
	// ClosedForm is how many of the Ops were executions of loops
	// evaluated in closed form (ir.Batcher).
	ClosedForm int64
	// Reached is the simulated time the run had reached when it ended:
	// at least Time; for a run its Context stopped, the latest instant
	// a unit had been simulated to, a lower bound of the run's time
	// (Units and Elements then count the operations completed, and a
	// unit still running has Finish 0).
	Reached  float64
	Wall     time.Duration
	Deadlock *Deadlock
	// Threads, under ir.Semantics.HoldCPU, holds every unit's account of
	// VPPB's thread model, by process, then thread.
	Threads []ThreadAccount
	// Runs and Waits, with Config.Timeline, are the units' runs on a
	// CPU and waits, in the order they ended.
	Runs  []RunSlice
	Waits []WaitSlice
}

// UnitStats is the time budget of one process or thread.
type UnitStats struct {
	Pid, Tid, Node int32
	Finish         float64 // when it ended (0 if it never did)
	Compute        float64 // holding a CPU in actions, and delays
	Comm           float64 // transferring data (or a communication's own cost)
	Wait           float64 // blocked: partners, CPUs, locks, joins
}

// ElemStats aggregates the executions of one element over all units.
type ElemStats struct {
	Calls               int64
	Total               float64 // elapsed time summed over executions
	Compute, Comm, Wait float64
	Min, Max            float64 // per execution
}

// Run simulates prog on cfg. A deadlock is not an error: it returns the
// result with Deadlock set. Errors are faults of the program or the
// configuration (a peer out of range, an event limit reached), or the
// Context stopping the run; the result returned with them holds what had
// been simulated (see Result.Reached).
func Run(cfg Config, prog Program) (*Result, error) {
	e, err := newEngine(cfg, prog)
	if err != nil {
		return nil, err
	}
	start := time.Now()
	err = e.run()
	res := e.acct.result()
	res.Wall = time.Since(start)
	if err == nil {
		err = e.finiteResult(res)
	}
	return res, err
}

type unitState uint8

const (
	stReady unitState = iota
	stCPUQueue
	stComputing
	stBlocked
	stDone
)

// unit is the state of one simulated process or thread. A million of them
// must fit in memory, so what few units use (thread links, outstanding
// non-blocking requests, an event-driven collective, more than one
// transfer interval) lives in a lazily allocated unitExt, the operation
// is kept without ir.Op's Spawn slice (see engine.spawns), and the time
// budget in accounts.stats.
type unit struct {
	stream ir.Stream
	op     uop
	pid    int32
	tid    int32
	node   int32
	state  unitState
	hasCPU bool
	paid   bool  // the current send's SMPI overhead (smpi/os, smpi/ois) is paid (p2p.go)
	nx     uint8 // transfer intervals in x (0 or 1); more go to ext.xfers

	waitLeft   int32      // requests or partners still awaited
	prio       int32      // scheduling priority (ir.Priority), higher first
	opStart    float64    // when the current operation was issued
	waitUntil  float64    // latest completion among awaited requests
	work       float64    // compute: remaining work in seconds at this node's speed
	opCompute  float64    // compute time of the current operation
	opComm     float64    // transfer time of the current operation
	sliceStart float64    // round robin: when the current slice began
	runFrom    float64    // when the current run on a CPU began
	x          [2]float64 // first transfer interval of the current operation, folded into opComm by account

	ext *unitExt
}

// uop is an ir.Op without its Spawn streams, which only a Fork has, kept
// in 40 bytes: a million units hold one each.
type uop struct {
	Kind  ir.Kind
	Algo  ir.Algorithm
	Dir   ir.Direction
	batch bool // a Compute standing for the executions in accounts.runs
	Elem  int32
	Peer  int32
	// obj is the one of ir.Op's Root, Request, Lock, Region and Obj that
	// the kind has (no kind has two); read it through root, request,
	// lock, region and sync, which say which.
	obj   int32
	Tag   int32
	Count int32
	Bytes float64
	Cost  float64
}

// carries reports whether the operation is a synchronisation that
// carries a computation (ir.Op.Cost of a Post, Take or Handoff), due once
// it completes.
func (o *uop) carries() bool { return isToken(o.Kind) && o.Cost > 0 }

// isToken reports whether k is a Post, Take or Handoff (consecutive
// kinds: one comparison).
func isToken(k ir.Kind) bool { return k-ir.Post <= ir.Handoff-ir.Post }

// root is a rooted collective's root (ir.Op.Root).
func (o *uop) root() int32 { return o.obj }

// request is the element whose requests a Wait completes (ir.Op.Request).
func (o *uop) request() int32 { return o.obj }

// lock is the lock of a Lock or Unlock (ir.Op.Lock).
func (o *uop) lock() int32 { return o.obj }

// region is the parallel region of a ThreadBarrier (ir.Op.Region).
func (o *uop) region() int32 { return o.obj }

// sync is the synchronisation object of a Post, Take or Handoff
// (ir.Op.Obj).
func (o *uop) sync() int32 { return o.obj }

// unitExt holds the rarely used state of a unit.
type unitExt struct {
	parent   int32        // unit index of the forking unit, -1 for processes
	children int32        // threads forked and not yet ended
	xfers    [][2]float64 // transfer intervals beyond the first (see unit.x)
	reqs     []int32      // outstanding requests (isend/irecv not yet waited), and those being waited
	coll     *collRun     // the event-driven collective algorithm in progress
	run      int32        // runs on a CPU of a priority node so far (cpus.go)
	fetch    bool         // HoldCPU: its operation is complete, it fetches the next once it has a CPU (hold.go)
	resume   bool         // HoldCPU: a computation it was preempted in goes on when it has a CPU again (cpus.go)
	acct     *threadAcct  // HoldCPU: its account (threadacct.go)
	cpu      int32        // 1 + the CPU it is bound to (ir.Bind); 0: unbound
	// 1 + the CPU it holds in its node's slots (0: none, or the node
	// keeps none), and the number of the grant (cpus.cpuGrants) that
	// gave it the CPU (cpus.go).
	slot   int32
	onCPUs int64
}

// ext returns the unit's extension, allocating it on first use.
func (u *unit) extension() *unitExt {
	if u.ext == nil {
		u.ext = &unitExt{parent: -1}
	}
	return u.ext
}

// parent is the unit that forked u, -1 for a process.
func (u *unit) parent() int32 {
	if u.ext == nil {
		return -1
	}
	return u.ext.parent
}

func (u *unit) children() int32 {
	if u.ext == nil {
		return 0
	}
	return u.ext.children
}

func (u *unit) coll() *collRun {
	if u.ext == nil {
		return nil
	}
	return u.ext.coll
}

// engine is one run: the units, the clock, the queue and the loop, and a
// field per part, each the owner of its state in its own files (the
// tour: docs/contributing.md). Every part holds the engine, to reach the
// units, the clock and the others.
type engine struct {
	cfg   Config
	m     *machine.Machine
	prog  Program
	q     des.Queue
	now   float64
	units []unit
	// spawns holds the streams of a fetched Fork until it is issued.
	spawns map[int32][]ir.Stream
	opBuf  ir.Op // what streams fill; copied to the unit's uop

	events, ops, maxEvents int64
	// ahead is the clock of the unit that was running ahead of now
	// when the run was stopped (Result.Reached).
	ahead float64

	// point to point (p2p.go, network.go, coll_replay.go)
	p2p pointToPoint
	// collectives: on events (coll.go), and without (collfast.go)
	colls collectives
	fast  fastColl
	// threads and their synchronisation (threads.go, sync.go)
	threads threads
	// the nodes' CPUs (cpus.go, cpushare.go), and VPPB's thread model
	// (hold.go)
	cpus cpus
	hold holding
	// the platform's profiles (profile.go)
	prof profiles
	// time budgets, element statistics, thread accounts (account.go,
	// threadacct.go)
	acct accounts

	// nowList holds events at the current time that come before every
	// event of the queue, first in first out (see wakeNow, pushRun):
	// a step of unit ui is ui; an evRun of unit ui for its run r is
	// the two entries -1-ui, r. nowHead is the next entry.
	nowList []int32
	nowHead int
	// SimGrid's timing precision under a flow model (timingWindow)
	win timingWindow
	ib  issueBatches // issue events in batches (issue.go)

	msgs MessageTracer // Config.Tracer, if it takes messages
	err  error
	dead *Deadlock

	freeUnits []int32 // slots of ended threads
}

func newEngine(cfg Config, prog Program) (*engine, error) {
	if cfg.Machine == nil {
		return nil, errors.New("engine: no machine")
	}
	if cfg.Procs < 1 {
		return nil, fmt.Errorf("engine: %d processes; need at least 1", cfg.Procs)
	}
	if len(cfg.NodeOf) != cfg.Procs {
		return nil, fmt.Errorf("engine: mapping has %d entries for %d processes", len(cfg.NodeOf), cfg.Procs)
	}
	m := cfg.Machine
	e := &engine{
		cfg:       cfg,
		m:         m,
		prog:      prog,
		maxEvents: cfg.MaxEvents,
		spawns:    make(map[int32][]ir.Stream),
	}
	e.p2p = pointToPoint{e: e, queues: make([]pidQueues, cfg.Procs)}
	e.colls = collectives{e: e, seq: make([]uint32, cfg.Procs), insts: make(map[uint32]*collInst), counts: make(map[int32][]float64)}
	e.fast.e = e
	e.cpus.e = e
	e.prof.e = e
	e.hold = holding{e: e, cur: -1}
	e.acct = accounts{e: e, runs: make(map[int32][]ir.Run), elems: make([]ElemStats, len(prog.Elements)), threadStats: make(map[[2]int32]*UnitStats)}
	e.threads = threads{e: e, alts: make(map[int32][]ir.Token), locks: make(map[lockKey]*lockState), tbars: make(map[lockKey]*tbarState)}
	if e.maxEvents <= 0 {
		e.maxEvents = DefaultMaxEvents
	}
	e.msgs, _ = cfg.Tracer.(MessageTracer)
	if cfg.Procs > MaxUnitElementProcs {
		e.cfg.UnitElements = false
	}
	if err := e.p2p.initNet(); err != nil {
		return nil, fmt.Errorf("engine: %w", err)
	}
	e.cpus.initNodes()
	if err := e.initUnits(); err != nil {
		return nil, err
	}
	e.cpus.initSharing()
	e.prof.init()
	for i := range e.cpus.nodes {
		n := &e.cpus.nodes[i]
		n.steady = n.prio && n.work == nil && n.ps == nil
	}
	e.allowBatches()
	return e, nil
}

// initUnits makes every process's unit and stream, on its node.
func (e *engine) initUnits() error {
	cfg, n := &e.cfg, len(e.cpus.nodes)
	e.units = make([]unit, cfg.Procs)
	e.acct.stats = make([]UnitStats, cfg.Procs)
	for pid := 0; pid < cfg.Procs; pid++ {
		nid := cfg.NodeOf[pid]
		if nid < 0 || int(nid) >= n {
			return fmt.Errorf("engine: process %d mapped to node %d of %d", pid, nid, n)
		}
		if pid&(1<<12-1) == 0 && pid > 0 {
			if cfg.Context != nil && cfg.Context.Err() != nil {
				return fmt.Errorf("stopped while setting up process %d of %d: %w", pid, cfg.Procs, cfg.Context.Err())
			}
			if cfg.Starting != nil {
				cfg.Starting(pid, cfg.Procs)
			}
		}
		s, err := e.prog.Stream(int32(pid), nid)
		if err != nil {
			return err
		}
		// Field by field into the zeroed arrays: a composite literal
		// would be built aside and copied, a million times.
		u := &e.units[pid]
		u.stream, u.pid, u.node = s, int32(pid), nid
		st := &e.acct.stats[pid]
		st.Pid, st.Node = int32(pid), nid
		e.p2p.queues[pid] = pidQueues{-1, -1, -1, -1}
		e.cpus.nodes[nid].live++
	}
	return nil
}

// allowBatches lets streams evaluate loops in closed form only where no
// one can delay a computation: then a batch ends exactly when its
// executions would.
func (e *engine) allowBatches() {
	m, sem := e.m, &e.prog.Semantics
	for i := range e.units {
		u := &e.units[i]
		n := &e.cpus.nodes[u.node]
		if b, ok := u.stream.(ir.Batcher); ok && sem.NoThreads && !sem.NoBudgets && n.fast && n.ps == nil &&
			int(n.live) <= m.Groups[m.GroupOf(int(u.node))].CPUs {
			b.AllowBatches()
		}
	}
}

// stopped returns why the run must stop early (its context is done), or nil.
func (e *engine) stopped() error {
	if e.cfg.Context == nil {
		return nil
	}
	if err := e.cfg.Context.Err(); err != nil {
		return fmt.Errorf("stopped at simulated time %.6gs: %w", e.now, err)
	}
	return nil
}

func (e *engine) fail(err error) {
	if e.err == nil {
		e.err = err
	}
}

// run is the event loop: it starts every process, then takes events in
// (time, insertion) order (take) and hands each to the part it belongs
// to.
func (e *engine) run() error {
	if err := e.startAll(); err != nil {
		return err
	}
	for e.err == nil {
		ev, ok := e.take()
		if !ok {
			break
		}
		e.now = ev.Time
		if e.now-e.now != 0 { // +Inf or NaN
			return e.nonFinite(ev)
		}
		e.events++
		if err := e.checkEvents(); err != nil {
			return err
		}
		switch k := eventKind(ev.Kind); k {
		case evIssue:
			if ev.Arg == -1 {
				e.advance(ev.Target, e.now)
			} else {
				e.issue(ev.Target, e.now)
			}
		case evStep:
			e.complete(ev.Target, e.now)
			e.advance(ev.Target, e.now)
		case evPrioStep:
			if e.cpus.computeEndDue(ev.Target, ev.Arg) {
				e.complete(ev.Target, e.now)
				e.advance(ev.Target, e.now)
			}
		case evBatch:
			if err := e.runBatch(ev.Target); err != nil {
				return err
			}
		case evSlice:
			e.cpus.sliceEnd(ev.Target)
		case evRun:
			e.runGranted(ev.Target, ev.Arg)
		case evColl:
			e.colls.step(ev.Target, e.now)
		case evTest:
			e.p2p.testCheck(ev.Target, e.now)
		case evNet:
			e.p2p.netEvent(ev.Target, ev.Arg)
		case evNetLat:
			if err := e.runBatched(&e.p2p.netLat, ev.Target, e.p2p.latencyPaid); err != nil {
				return err
			}
		case evNetSolve:
			e.p2p.flows.Solve(e.now)
		case evCPU:
			e.cpus.cpuEvent(ev.Target, ev.Arg)
		case evPost:
			e.p2p.postPaid(ev.Target)
		case evHostOff:
			e.prof.hostOff(ev.Target)
		case evLinkBW, evLinkLat, evLinkState:
			e.prof.linkEvent(ev.Target, k)
		}
	}
	if e.err != nil {
		return e.err
	}
	for i := range e.units {
		if e.units[i].state != stDone {
			e.deadlock()
			break
		}
	}
	return nil
}

// take takes the next event: those of the current timing window first
// (timingWindow), then profile changes, the steps of nowList and the queue;
// false when none is left.
func (e *engine) take() (des.Event, bool) {
	switch {
	case e.win.pending():
		return e.win.next(), true
	case e.prof.due():
		return e.prof.pq.Pop(), true
	case e.nowHead != len(e.nowList) && e.nowFirst():
		return e.takeNow(), true
	case e.q.Len() > 0:
		ev := e.q.Pop()
		if e.win.width > 0 && ev.Time > e.now {
			// SimGrid's step to the next end of an action: batches
			// still open close (a unit or flow pushed from now on
			// belongs to a later step), and the flow network learns
			// the window, so that the flows of a group due within it
			// end now too.
			e.win.fill(&e.q, ev.Time)
			e.ib.open, e.p2p.netLat.open = 0, 0
			e.p2p.flows.SetHorizon(ev.Time + e.win.width)
		}
		return ev, true
	}
	return des.Event{}, false
}

// timingWindow is SimGrid's timing precision (precision/timing, 1e-9 s
// under smpirun) under a flow model: when simulated time moves on to the
// next end of an action, SimGrid ends every action due less than that
// later at the same instant. So when time moves on to an event at t,
// fill takes every queued event due less than width after t out of the
// queue and sets it at t; they are handled next, in their order, before
// anything they set off.
type timingWindow struct {
	width float64 // 0: every event at its own time
	evs   []des.Event
	head  int
}

func (w *timingWindow) pending() bool { return w.head != len(w.evs) }

func (w *timingWindow) next() des.Event {
	w.head++
	return w.evs[w.head-1]
}

// fill takes out of q the events due less than w.width after t (the
// event at t just popped not included).
func (w *timingWindow) fill(q *des.Queue, t float64) {
	w.evs, w.head = w.evs[:0], 0
	for {
		next, ok := q.PeekTime()
		if !ok || !(next-t < w.width) {
			return
		}
		ev := q.Pop()
		ev.Time = t
		w.evs = append(w.evs, ev)
	}
}

// startAll starts every process at time 0, in pid order. Their start
// events would be the first million events, all at time 0 and ahead of
// any event the starts push, so starting them in a loop is the same run
// without a heap of a million events; each still counts as an event.
func (e *engine) startAll() error {
	for i := range e.units {
		if e.err != nil {
			break
		}
		e.events++
		if err := e.checkEvents(); err != nil {
			return err
		}
		if e.prog.Semantics.HoldCPU {
			e.acct.startAccount(int32(i), 0)
		}
		e.advance(int32(i), 0)
	}
	return nil
}

// runGranted handles an evRun: unit ui, granted a CPU for its run number
// run, goes on with what it was doing, unless a preemption made the
// event stale.
func (e *engine) runGranted(ui, run int32) {
	u := &e.units[ui]
	if u.state != stReady || !u.hasCPU || u.ext.run != run {
		return
	}
	switch {
	case u.ext.resume && u.work <= 0:
		// Preempted as its computation ended: go on at once.
		u.ext.resume = false
		e.complete(ui, e.now)
		e.advance(ui, e.now)
	case u.ext.resume:
		u.ext.resume = false
		u.state = stComputing
		e.cpus.startCompute(ui, e.now)
	case u.ext.fetch:
		u.ext.fetch = false
		e.advance(ui, e.now)
	default:
		e.hold.performHeld(ui)
	}
}

// checkEvents reports progress, and whether the run must stop (context
// done, event limit), after an event. It stays a call: inlined into the
// event loop, its test made LAPW0 at 10^6 processes 5 % slower (1.74 s
// against 1.66 s, alternated), the loop's registers spilling.
func (e *engine) checkEvents() error {
	if e.events&stopMask == 0 {
		if e.cfg.Progress != nil {
			e.cfg.Progress(e.now, e.events, e.ops)
		}
		if err := e.stopped(); err != nil {
			return err
		}
	}
	if e.events > e.maxEvents {
		return &LimitError{Limit: e.maxEvents, At: e.now}
	}
	return nil
}

// advance fetches the unit's next operations, the first at time t, and
// issues them until one has to wait for the simulation. Operations fetched
// at a time later than now (after folded computations) are issued by an
// event at their time, so that every interaction happens in time order.
func (e *engine) advance(ui int32, t float64) {
	for e.err == nil {
		u := &e.units[ui]
		if err := e.next(u, ui); err != nil {
			e.failFetch(u, t, err)
			return
		}
		if !e.countOp(t) {
			return
		}
		// A computation after a folded one starts by an event too under
		// SimGrid's timing precision: the one before may end early.
		if t > e.now && !(u.op.Kind == ir.Compute && u.hasCPU && e.win.width == 0) {
			if u.op.Kind == ir.End && e.cpus.roomy && !e.cfg.plainEvents && e.win.width == 0 {
				// Ending affects no one but through the CPU it
				// gives back, which no one waits for: end now, the
				// event it would take still counted.
				e.events++
				if err := e.checkEvents(); err != nil {
					e.fail(err)
					return
				}
				e.issueAt(ui, t)
				return
			}
			u.state = stReady
			e.pushIssue(ui, t)
			return
		}
		var done bool
		if e.prog.Semantics.HoldCPU {
			// issueAt's way for a unit of such a program, without its
			// tests (perform's units do not come here).
			e.startOp(u, t)
			t, done = e.hold.issueHeld(u, ui, t)
		} else {
			t, done = e.issueAt(ui, t)
		}
		if !done {
			return
		}
	}
}

// failFetch fails the run for a stream's error.
func (e *engine) failFetch(u *unit, t float64, err error) {
	var d *diag.Error
	if errors.As(err, &d) && d.Error() == err.Error() {
		// A reader's problem at a place in its input (a trace line
		// read as the simulation asks for it): the place starts the
		// message, as for every problem in an input (docs/cli.md).
		e.fail(&diag.Error{File: d.File, Line: d.Line, Col: d.Col, Warning: d.Warning, Given: d.Given,
			Msg: fmt.Sprintf("%s (process %d thread %d at %.6gs)", d.Msg, u.pid, u.tid, t)})
		return
	}
	e.fail(fmt.Errorf("process %d thread %d at %.6gs: %w", u.pid, u.tid, t, err))
}

// countOp counts an operation fetched at t against the event limit,
// reports progress and polls for a stop; false if the run must stop.
func (e *engine) countOp(t float64) bool {
	e.ops++
	return (e.ops&stopMask != 0 && e.ops <= e.maxEvents) || e.opChecks(t)
}

// opChecks is countOp's rare part, apart so that countOp inlines.
func (e *engine) opChecks(t float64) bool {
	if e.ops&stopMask == 0 {
		if e.cfg.Progress != nil {
			e.cfg.Progress(t, e.events, e.ops)
		}
		if err := e.stopped(); err != nil {
			// The unit may have run ahead of e.now (folded
			// computations): its clock is simulated time reached.
			e.ahead = max(e.ahead, t)
			e.fail(err)
			return false
		}
	}
	if e.ops > e.maxEvents {
		// Folded computations need no events, so the operations
		// count against the limit too: a long loop of actions
		// stops with this error instead of running on.
		e.fail(&LimitError{Limit: e.maxEvents, At: t, Ops: e.ops})
		return false
	}
	return true
}

// next fetches the next operation of unit u (e.units[ui]).
func (e *engine) next(u *unit, ui int32) error {
	if u.op.carries() {
		// The computation the completed synchronisation carries.
		u.op.Kind = ir.Compute
		return nil
	}
	o := &e.opBuf // its Spawn, Counts and Runs are nil (taken below)
	if err := u.stream.Next(o); err != nil {
		return err
	}
	// Field by field: a composite literal would be built aside and
	// copied, once per operation.
	d := &u.op
	d.Kind, d.batch, d.Elem, d.Tag, d.Count, d.Cost = o.Kind, false, o.Elem, o.Tag, o.Count, o.Cost
	if isToken(o.Kind) {
		// A thread trace's synchronisation, most of its operations:
		// none of the fields below is read for these kinds.
		d.obj = o.Obj
		return nil
	}
	d.Algo, d.Dir, d.Peer, d.Bytes = o.Algo, o.Dir, o.Peer, o.Bytes
	switch o.Kind {
	case ir.Wait:
		d.obj = o.Request
	case ir.Lock, ir.Unlock:
		d.obj = o.Lock
	case ir.ThreadBarrier:
		d.obj = o.Region
	default:
		d.obj = o.Root
	}
	if o.Spawn != nil {
		e.spawns[ui] = o.Spawn
		o.Spawn = nil
	}
	if o.Counts != nil {
		e.colls.counts[ui] = o.Counts
		o.Counts = nil
	}
	if o.Runs != nil {
		u.op.batch = true
		e.acct.runs[ui] = o.Runs
		o.Runs = nil
	}
	return nil
}

// issue issues the unit's already fetched operation, then goes on.
func (e *engine) issue(ui int32, t float64) {
	if t, done := e.issueAt(ui, t); done {
		e.advance(ui, t)
	}
}

// issueAt starts the unit's current operation at t. If the operation is
// complete at once it returns its end time and true, and the caller
// fetches the next operation; otherwise an event will resume the unit.
// t > e.now only for a computation folded onto a unit's running burst.
func (e *engine) issueAt(ui int32, t float64) (float64, bool) {
	u := &e.units[ui]
	op := &u.op
	if e.hold.held {
		// perform: the operation of a unit holding its CPU (hold.go),
		// issued already. One function for both, so that models pay no
		// call more per operation.
		e.hold.held = false
	} else {
		e.startOp(u, t)
		if e.prog.Semantics.HoldCPU {
			return e.hold.issueHeld(u, ui, t)
		}
		if op.Kind != ir.Compute && u.hasCPU {
			e.cpus.release(ui, t)
		}
	}
	switch op.Kind {
	case ir.End:
		e.finish(ui, t)
		return t, false
	case ir.Compute:
		return e.cpus.compute(u, ui, t)
	case ir.Delay:
		if !validCost(op.Cost) {
			e.fail(e.badCost(u, "delay"))
			return t, false
		}
		u.opCompute = op.Cost
		e.wakeAt(ui, t+op.Cost)
		return t, false
	case ir.Send, ir.Isend, ir.Recv, ir.Irecv:
		return e.p2p.postP2P(ui, t)
	case ir.Wait:
		return e.p2p.wait(ui, t)
	case ir.WaitReq:
		return e.p2p.waitReq(ui, t)
	case ir.WaitUnposted:
		// Nothing can complete it; the deadlock report says which
		// request it waits for.
		u.state = stBlocked
		return t, false
	case ir.Test:
		return e.p2p.test(ui, t)
	case ir.Fork, ir.Join, ir.Priority:
		return e.issueThreading(u, ui, t)
	case ir.Lock:
		return e.threads.lock(ui, t)
	case ir.Unlock:
		e.threads.unlock(ui, t)
		e.acct.account(ui, t, t)
		return t, true
	case ir.ThreadBarrier:
		return e.threads.threadBarrier(ui, t)
	case ir.Post:
		return e.threads.post(ui, t)
	case ir.Take:
		return e.threads.take(ui, t)
	case ir.Handoff:
		return e.threads.handoff(ui, t)
	case ir.TakeFirst:
		return e.threads.takeFirst(ui, t)
	case ir.Bind:
		return e.cpus.bind(ui, t)
	default:
		if op.Kind.IsCollective() {
			return e.colls.issue(ui, t)
		}
		e.fail(fmt.Errorf("process %d: unknown operation %v", u.pid, op.Kind))
		return t, false
	}
}

// issueThreading issues unit u's (e.units[ui]) Fork, Join or Priority
// at t.
func (e *engine) issueThreading(u *unit, ui int32, t float64) (float64, bool) {
	switch u.op.Kind {
	case ir.Fork:
		e.threads.fork(ui, t)
	case ir.Join:
		if u.children() != 0 {
			u.state = stBlocked
			return t, false
		}
	case ir.Priority:
		u.prio = u.op.Count
		e.cpus.ranked = e.cpus.ranked || u.op.Count != 0
	}
	e.acct.account(ui, t, t)
	return t, true
}

func validCost(c float64) bool { return c >= 0 && c < math.Inf(1) } // NaN fails both

func (e *engine) badCost(u *unit, what string) error {
	return e.placed(u.op.Elem, fmt.Errorf("%s: %s time %v is not a finite time ≥ 0 (process %d thread %d at %.6gs)",
		e.name(u.op.Elem), what, u.op.Cost, u.pid, u.tid, e.now))
}

// name names an element for messages that give its place first:
// "action A1".
func (e *engine) name(elem int32) string {
	if elem < 0 || int(elem) >= len(e.prog.Elements) {
		return "element ?"
	}
	el := e.prog.Elements[elem]
	return el.Kind + " " + el.Name
}

// placed puts the place where element elem is defined, when known, in
// front of err, as docs/cli.md ("Errors and warnings") has every
// problem at a place: "model.aug:3:5: action A1: ...".
func (e *engine) placed(elem int32, err error) error {
	if elem < 0 || int(elem) >= len(e.prog.Elements) || e.prog.Elements[elem].Where == "" {
		return err
	}
	return &diag.Placed{Place: e.prog.Elements[elem].Where, Err: err}
}

// failAt fails the run for a fault at element elem (err names it),
// with the element's place first.
func (e *engine) failAt(elem int32, err error) { e.fail(e.placed(elem, err)) }

// where names an element for messages: "action A1 (model.aug:3:5)".
func (e *engine) where(elem int32) string {
	if elem < 0 || int(elem) >= len(e.prog.Elements) {
		return "element ?"
	}
	el := e.prog.Elements[elem]
	if el.Where != "" {
		return fmt.Sprintf("%s %s (%s)", el.Kind, el.Name, el.Where)
	}
	return el.Kind + " " + el.Name
}

// wakeNow is wakeAt for many units waking at once (a collective's
// participants). A step at the current time pushed while the queue holds
// no event at or before it would be popped next, before anything pushed
// later, so it waits in nowList, first in first out, instead of the heap.
// The run is the same event for event (each still counts as one).
func (e *engine) wakeNow(ui int32, t float64) {
	if t == e.now && !e.cfg.plainEvents {
		if next, ok := e.q.PeekTime(); !ok || next > t {
			e.units[ui].state = stBlocked
			if e.nowList == nil {
				// A collective wakes every process: no doubling.
				e.nowList = make([]int32, 0, e.cfg.Procs)
			}
			e.nowList = append(e.nowList, ui)
			return
		}
	}
	e.wakeAt(ui, t)
}

// nowFirst reports whether nowList's next entry comes before the queue's
// next event: events of the queue at the current time were pushed after
// those of nowList (see wakeNow) and come after them.
func (e *engine) nowFirst() bool {
	next, ok := e.q.PeekTime()
	return !ok || next >= e.now
}

// takeNow takes nowList's next entry as the event it stands for.
func (e *engine) takeNow() des.Event {
	ev := des.Event{Time: e.now, Target: e.nowList[e.nowHead], Kind: uint8(evStep)}
	e.nowHead++
	if ev.Target < 0 {
		ev.Target, ev.Kind, ev.Arg = -1-ev.Target, uint8(evRun), e.nowList[e.nowHead]
		e.nowHead++
	}
	if e.nowHead == len(e.nowList) {
		e.nowList, e.nowHead = e.nowList[:0], 0
	}
	return ev
}

// pushRun schedules the evRun of unit ui's run at t: at the current
// time, in nowList when the queue holds no event at or before it (it
// would be popped next, before anything pushed later: see wakeNow), else
// in the queue. A woken thread that gets a CPU is a quarter of the events
// of a Strict Sequence run.
func (e *engine) pushRun(ui, run int32, t float64) {
	if t == e.now && !e.cfg.plainEvents {
		if next, ok := e.q.PeekTime(); !ok || next > t {
			e.nowList = append(e.nowList, -1-ui, run)
			return
		}
	}
	e.q.Push(t, ui, uint8(evRun), run)
}

// wakeAt completes the unit's current operation at time t.
func (e *engine) wakeAt(ui int32, t float64) {
	if e.prog.Semantics.HoldCPU && t == e.now {
		// VPPB's thread model (hold.go): the woken unit needs a CPU to
		// go on with its next operation.
		e.complete(ui, t)
		e.hold.requestCPU(ui, t)
		return
	}
	e.units[ui].state = stBlocked
	e.q.Push(t, ui, uint8(evStep), 0)
}

// complete books the unit's finished operation (ending now).
func (e *engine) complete(ui int32, t float64) {
	u := &e.units[ui]
	if u.op.Kind == ir.Compute && u.runFrom >= 0 && u.work > 0 {
		u.opCompute += t - u.runFrom
		u.work = 0
	}
	u.state = stReady
	if !e.prog.Semantics.NoBudgets {
		e.acct.account(ui, u.opStart, t)
	}
}

// finish ends a unit.
func (e *engine) finish(ui int32, t float64) {
	u := &e.units[ui]
	u.state = stDone
	st := &e.acct.stats[ui]
	st.Finish = t
	e.cpus.nodes[u.node].live--
	u.stream = nil
	parent := u.parent()
	if x := u.ext; x != nil {
		// Keep parent and children: threads may outlive their parent.
		x.reqs, x.xfers, x.coll = nil, nil, nil
	}
	if parent >= 0 {
		// A thread: fold its budget into its (pid, tid) and free the slot.
		k := [2]int32{u.pid, u.tid}
		ts := e.acct.threadStats[k]
		if ts == nil {
			ts = &UnitStats{Pid: u.pid, Tid: u.tid, Node: u.node}
			e.acct.threadStats[k] = ts
		}
		ts.Compute += st.Compute
		ts.Comm += st.Comm
		ts.Wait += st.Wait
		ts.Finish = math.Max(ts.Finish, t)
		if int(ui) < len(e.acct.unitElems) && e.acct.unitElems[ui] != nil {
			if e.acct.threadElems == nil {
				e.acct.threadElems = make(map[[2]int32][]ElemStats)
			}
			acc := e.acct.threadElems[k]
			if acc == nil {
				acc = make([]ElemStats, len(e.acct.elems))
				e.acct.threadElems[k] = acc
			}
			for i, s := range e.acct.unitElems[ui] {
				acc[i].merge(s)
			}
			e.acct.unitElems[ui] = nil // the slot is reused by another thread
		}
		e.freeUnits = append(e.freeUnits, ui)
		p := &e.units[parent]
		p.ext.children--
		if p.ext.children == 0 && p.state == stBlocked && p.op.Kind == ir.Join {
			e.wakeAt(parent, t)
		}
	}
}

// startOp is what issueAt does first for every operation: it starts at
// t, and has neither computed nor communicated yet.
func (e *engine) startOp(u *unit, t float64) {
	u.opStart = t
	u.opCompute, u.opComm = 0, 0
	u.nx = 0
	if u.ext != nil {
		u.ext.xfers = u.ext.xfers[:0]
	}
}

// nextEvent reports whether an event at t would be the next the event
// loop takes, given that none is queued at or before t (one at t was
// pushed first and goes first): no unit waits in nowList and no profile
// changes by t.
func (e *engine) nextEvent(t float64) bool {
	return e.nowHead == len(e.nowList) && !e.cfg.plainEvents && (e.prof.pq.Pushes() == 0 || e.prof.after(t))
}
