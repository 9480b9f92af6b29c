// Package ir defines the instruction form shared by every way into augur.
//
// A compiled model, a thread trace and an MPI trace all become, per simulated
// unit (a process or a thread), a Stream of Ops. An Op is either an action
// state, whose duration is known when it is issued (Compute, Delay), or a
// wait state, which only the engine can resolve (communication, collectives,
// synchronisation). The engine never looks behind a Stream, so a new source of
// programs plugs in by implementing Stream and naming its Elements.
//
// Nothing depends on where a program came from. What its operations leave
// open, its front end states in Semantics: when a process may leave a
// collective (CollectiveCompletion: after its own rounds, as MPI, or after
// the last arrival, as models) and which algorithm builds a collective
// that names none (Selector: augur's defaults or SMPI 3.32's selector),
// whether its units share state, fork threads or hold their CPU between
// operations (Shared, NoThreads, HoldCPU) and whether anyone reads their
// time budgets (NoBudgets); per synchronisation object, in SyncObject: how a take is matched to a
// post (Match) and whether a TakeFirst may name its tokens (Ordered).
// Each field of an Op has one meaning: Peer is always a partner process,
// Root a collective's root, Request a Wait's element, Lock a lock, Region
// a thread barrier's region, Dir the direction of the request a WaitReq or
// Test names; a wait the program cannot satisfy is its own kind
// (WaitUnposted), not a special value.
package ir

import (
	"fmt"
	"slices"
)

// Kind says what an Op asks the engine to do.
type Kind uint8

// The operation kinds. New kinds are appended so that numeric values stay
// stable within a build; nothing persists them.
const (
	// End: the stream has no more operations; the unit terminates.
	End Kind = iota
	// Compute holds a CPU of the unit's node for Cost seconds of work at
	// reference speed (the node's speed divides it).
	Compute
	// Delay lets Cost seconds pass without holding a CPU.
	Delay

	// Point to point. Peer is the partner process id (AnySource for recv),
	// Tag the message tag (AnyTag for recv), Bytes the message size.
	Send
	Recv
	Isend
	Irecv
	// Wait completes every outstanding request created by element
	// Request, or all outstanding requests of the unit when Request is
	// AllRequests.
	Wait

	// Collectives over all processes. Bytes is the per-process
	// contribution; Root is the root process where one exists (HasRoot).
	Barrier
	Bcast
	Reduce
	Allreduce
	Gather
	Scatter
	Allgather
	Alltoall
	ReduceScatter
	Scan
	Exscan

	// Threads of one process.
	Fork          // start the Spawn streams as new threads of this process, numbered from Count (0: from 1)
	Join          // wait until every thread this unit forked has ended
	ThreadBarrier // barrier among the Count threads of parallel region Region
	Lock          // acquire lock Lock of this process
	Unlock        // release lock Lock of this process

	// Collectives with a size per process (MPI's v-variants), for trace
	// replay. Counts holds the sizes in bytes, indexed by process:
	// Gatherv: the root's receive sizes (Bytes: this process's send);
	// Scatterv: the root's send sizes (Bytes: this process's receive);
	// Allgatherv: the receive sizes (Bytes: this process's send);
	// Alltoallv: the send sizes, then the receive sizes (2·P entries).
	// ReduceScatter may also carry Counts: the block of each process.
	Gatherv
	Scatterv
	Allgatherv
	Alltoallv

	// WaitReq completes the one outstanding request of this process that
	// Dir names: an isend to (ToPeer) or an irecv from (FromPeer) process
	// Peer, with tag Tag, the oldest if several fit; none fits and the
	// request was completed by a Test: it returns at once.
	WaitReq
	// Test checks the request WaitReq would wait for, without blocking:
	// Cost seconds pass first (SMPI's smpi/test injection); a request
	// found complete is released, so that a later WaitReq returns at once.
	Test
	// WaitUnposted waits for a request with process Peer and tag Tag that
	// the program never posted (a trace that does not hang together):
	// the process blocks forever and the deadlock report names the
	// missing request.
	WaitUnposted

	// Synchronisation objects of one process (semaphores, condition
	// variables, mutexes, thread exits, mailboxes of a thread trace):
	// Post makes Count tokens of object Obj, numbered Tag..Tag+Count-1;
	// Take takes one (token Tag), blocking until there is one. How a
	// take is matched to a post is the object's SyncObject.Match.
	// Handoff makes token Tag as a Post of one does, then waits until a
	// Take has taken it (at once if one was waiting for it): VPPB's
	// synchronous send to a thread's mailbox.
	// TakeFirst takes, of the tokens its stream, an ir.Chooser, offers
	// (all of Ordered MatchToken objects), the one made first, blocking until one
	// is made; the stream is told which before its next Next (VPPB's
	// Client-Server model: a thread runs next the list whose activation
	// came first).
	Post
	Take
	Handoff
	TakeFirst
	// Priority sets the unit's scheduling priority to Count from now on
	// (higher runs first; 0 is every unit's priority at its start). On a
	// node with the priority scheduler a unit that needs a CPU preempts
	// the running unit of lowest priority, if that is lower than its own.
	Priority
	// Bind pins the unit to CPU Count of its node (0-based) from now on:
	// it computes only there, queueing for that CPU alone. A node's units
	// are all bound or none is.
	Bind
)

var kindNames = [...]string{
	End: "end", Compute: "compute", Delay: "delay",
	Send: "send", Recv: "recv", Isend: "isend", Irecv: "irecv", Wait: "wait",
	Barrier: "barrier", Bcast: "bcast", Reduce: "reduce", Allreduce: "allreduce",
	Gather: "gather", Scatter: "scatter", Allgather: "allgather", Alltoall: "alltoall",
	ReduceScatter: "reducescatter", Scan: "scan", Exscan: "exscan",
	Fork: "fork", Join: "join", ThreadBarrier: "threadbarrier", Lock: "lock", Unlock: "unlock",
	Gatherv: "gatherv", Scatterv: "scatterv", Allgatherv: "allgatherv", Alltoallv: "alltoallv",
	WaitReq: "waitreq", Test: "test", WaitUnposted: "waitunposted",
	Post: "post", Take: "take", Handoff: "handoff", TakeFirst: "takefirst", Priority: "priority", Bind: "bind",
}

func (k Kind) String() string {
	if int(k) < len(kindNames) && kindNames[k] != "" {
		return kindNames[k]
	}
	return fmt.Sprintf("kind(%d)", k)
}

// IsCollective reports whether k synchronises all processes.
func (k Kind) IsCollective() bool {
	return (k >= Barrier && k <= Exscan) || (k >= Gatherv && k <= Alltoallv)
}

// IsVector reports whether the collective k takes a size per process
// (Op.Counts).
func (k Kind) IsVector() bool { return k >= Gatherv && k <= Alltoallv }

// IsPointToPoint reports whether k is a send or receive.
func (k Kind) IsPointToPoint() bool { return k >= Send && k <= Irecv }

// HasRoot reports whether the collective k has a root process.
func (k Kind) HasRoot() bool {
	return k == Bcast || k == Reduce || k == Gather || k == Scatter || k == Gatherv || k == Scatterv
}

// Semantics states what a program means where its operations leave it
// open, and what the engine may take for granted about it. Each front end
// states it, in one place, for the programs it makes (a compiled model:
// CompleteAfterAll and SelectAugur, Shared and NoThreads as the model
// is; an MPI trace: CompleteLocally, SelectSMPI and NoThreads; a thread
// trace: HoldCPU and NoBudgets), so that the engine never decides by
// where a program came from. The zero value is the safe one but for
// Shared: every promise (NoThreads, NoBudgets) is off.
type Semantics struct {
	// Collectives says when a process may leave a collective.
	Collectives CollectiveCompletion
	// Selector builds a collective that names no algorithm.
	Selector Selector
	// Shared: the streams read or write state shared between units
	// (a model's global variables, dynamic loop schedules), so every
	// operation must be issued at its exact simulated time. Otherwise
	// consecutive computations of a unit on an uncontended node may be
	// folded into one event (same result, far fewer events). A front end
	// whose streams compute their next operation from shared state sets
	// it.
	Shared bool
	// NoThreads promises that no stream ever forks threads: then a node
	// with no more processes than CPUs never makes anyone wait for one,
	// and a process may end ahead of time. A front end sets it when its
	// programs have no parallel regions (MPI traces never do).
	NoThreads bool
	// HoldCPU gives units the thread model of VPPB's recorded programs: a
	// unit needs a CPU to perform any operation and keeps it until it
	// waits or ends. Otherwise a unit holds a CPU only while it computes.
	// A thread trace's front end sets it: its threads were recorded
	// running on a CPU between their calls.
	HoldCPU bool
	// NoBudgets: no one reads the units' time budgets (but their finish)
	// or the element statistics, so the engine does not account
	// operations to them (the synchronisation operations and the ends of
	// computations at least, and loops are not batched, Batcher). A
	// thread trace's front end sets it: its results are the threads'
	// accounts under HoldCPU, and it saves the work on every operation.
	NoBudgets bool
}

// CollectiveCompletion says when a process may leave a collective.
type CollectiveCompletion uint8

const (
	// CompleteLocally: a process leaves a collective once its own rounds
	// of the algorithm are done, as MPI allows (a collective need not
	// synchronise): a broadcast leaf may leave before a process that
	// sends it nothing has arrived. SimGrid's SMPI does so.
	CompleteLocally CollectiveCompletion = iota
	// CompleteAfterAll: no process leaves a collective before the last
	// process has arrived at it, whatever its algorithm; the model
	// semantics of docs/semantics.md (section 4).
	CompleteAfterAll
)

// Direction says which of the requests a process has with a partner a
// WaitReq or Test names.
type Direction uint8

const (
	FromPeer Direction = iota // an irecv from Peer
	ToPeer                    // an isend to Peer
)

// Special values of Op fields.
const (
	AnySource   = -1 // Recv/Irecv from any process
	AnyTag      = -1 // Recv/Irecv with any tag
	AllRequests = -1 // Wait (Request) for every outstanding request
)

// Algorithm selects how a collective is built from point-to-point messages.
type Algorithm uint8

// Collective algorithms. Default lets the program's Selector choose.
// Adding one is its constant, its row of algorithms and its rounds in
// engine/internal/coll (whose TestAlgorithmsImplemented holds the two
// lists equal); the model checker and the compiler read the table.
const (
	AlgoDefault           Algorithm = iota
	AlgoLinear                      // root exchanges with every process in turn
	AlgoBinomial                    // binomial tree
	AlgoRecursiveDoubling           // log2(P) rounds of pairwise exchange
	AlgoRing                        // P-1 rounds around a ring
	AlgoPairwise                    // P-1 rounds of pairwise exchange (all-to-all)
	AlgoDissemination               // barrier by dissemination
)

// algorithms names each algorithm, as models write it, and the
// collectives it builds (AlgoDefault builds every one).
var algorithms = [...]struct {
	name  string
	kinds []Kind
}{
	AlgoDefault:           {"default", nil},
	AlgoLinear:            {"linear", []Kind{Bcast, Reduce, Gather, Scatter}},
	AlgoBinomial:          {"binomial", []Kind{Bcast, Reduce, Gather, Scatter, Allreduce}},
	AlgoRecursiveDoubling: {"recursive_doubling", []Kind{Allreduce, Allgather}},
	AlgoRing:              {"ring", []Kind{Allreduce, Allgather}},
	AlgoPairwise:          {"pairwise", []Kind{Alltoall}},
	AlgoDissemination:     {"dissemination", []Kind{Barrier}},
}

func (a Algorithm) String() string {
	if int(a) < len(algorithms) {
		return algorithms[a].name
	}
	return fmt.Sprintf("algorithm(%d)", a)
}

// ParseAlgorithm maps a name as written in models and flags to an Algorithm.
func ParseAlgorithm(name string) (Algorithm, bool) {
	for i, a := range algorithms {
		if a.name == name {
			return Algorithm(i), true
		}
	}
	return AlgoDefault, false
}

// AlgorithmNames lists the name of every algorithm, AlgoDefault's first.
func AlgorithmNames() []string {
	names := make([]string, len(algorithms))
	for i, a := range algorithms {
		names[i] = a.name
	}
	return names
}

// Algorithms lists, in order, the algorithms but AlgoDefault that build
// collectives of kind k: those a program may name for it (none for a
// kind that is not a collective, or has one way only).
func Algorithms(k Kind) []Algorithm {
	var out []Algorithm
	for i, a := range algorithms[1:] {
		if slices.Contains(a.kinds, k) {
			out = append(out, Algorithm(i+1))
		}
	}
	return out
}

// Selector chooses the algorithm of a collective whose Op.Algo is
// AlgoDefault; an Op that names an algorithm gets that one under either.
type Selector uint8

const (
	// SelectAugur: augur's documented default for the collective kind
	// (docs/semantics.md, section 4).
	SelectAugur Selector = iota
	// SelectSMPI: what SimGrid 3.32's SMPI runs with its default
	// collective selector (smpi/coll-selector:default), by kind, process
	// count and size, so that trace replay gives SimGrid's times (see
	// engine/internal/coll/simgrid.go).
	SelectSMPI
)

// Op is one operation of a unit. Which fields matter depends on Kind.
type Op struct {
	Kind Kind
	Algo Algorithm
	// Dir is the direction of the request a WaitReq or Test names.
	Dir Direction
	// Elem indexes Program.Elements: the model element, trace call site or
	// region that the time of this operation is charged to.
	Elem int32
	// Peer is the partner process of a point-to-point operation, a
	// WaitReq or a Test (AnySource: a receive from any process).
	Peer int32
	// Root is the root process of a collective that has one (HasRoot).
	Root int32
	// Request is the element whose requests a Wait completes, or
	// AllRequests.
	Request int32
	// Lock is the lock of a Lock or Unlock, one of the process's own
	// (its threads share it), named by an id the program chooses.
	Lock int32
	// Region is the parallel region whose threads a ThreadBarrier
	// gathers, by an id the program chooses (its barriers are apart from
	// its locks).
	Region int32
	Tag    int32
	// Count is the number of threads of a ThreadBarrier, the tokens of a
	// Post, the priority of a Priority, the CPU of a Bind, the first
	// thread id of a Fork (0: 1).
	Count int32
	// Obj is the synchronisation object of a Post, Take or Handoff: an index of
	// Program.Sync of the engine (the same index names one object per
	// process).
	Obj int32
	// Bytes is a message or contribution size in bytes.
	Bytes float64
	// Cost is a duration in seconds. For Compute and Delay it is the
	// action's time; for communication a non-negative Cost replaces the
	// network's transfer time, and a negative Cost (NoCost) lets the
	// network decide. For a Post, Take or Handoff a positive Cost is a
	// computation the unit performs once the operation completes, charged
	// as a Compute of the same element: a thread trace's synchronisation
	// carries the computation that follows it, one operation to fetch
	// and dispatch where two would be (the engine counts two).
	Cost float64
	// Spawn holds the streams of the threads a Fork starts.
	Spawn []Stream
	// Counts holds the per-process sizes of a vector collective (see
	// Gatherv); nil otherwise. The engine keeps the slice until the
	// collective ends, so a stream must not reuse it.
	Counts []float64
	// Runs, on a Compute, says that the operation stands for many
	// executions of several elements back to back (a loop nest evaluated
	// in closed form, see Batcher): Cost is their sum and Elem is -1. The
	// engine only reads the slice.
	Runs []Run
}

// Token names one token of a synchronisation object.
type Token struct{ Obj, Tag int32 }

// Chooser is implemented by streams that issue TakeFirst: the engine
// asks for the tokens to choose from when it issues it (and keeps the
// slice until it has taken one), then calls Chose with the index of the
// token taken before it asks for the next operation. The tokens are not
// in ir.Op, which every operation of every unit copies.
type Chooser interface {
	Alternatives() []Token
	Chose(alt int)
}

// Liner is implemented by streams of traces: the trace line of the
// operation last fetched, which the accounts of VPPB's thread model name
// where a thread waited longest (engine.Step.MaxLine).
type Liner interface {
	Line() int32
}

// Run is the executions of one element within a batched Compute.
type Run struct {
	Elem  int32
	Calls int64
	// Cost is the executions' total; Min and Max the shortest and longest
	// one; all in seconds at reference speed.
	Cost, Min, Max float64
}

// Batcher is a Stream that can evaluate a loop whose body only computes
// in closed form and hand the engine one batched Compute (Op.Runs) for
// it. The engine calls AllowBatches for the units whose computations no
// other unit can delay (a node with a CPU for each, no threads), where a
// batch takes exactly the time of its executions one after the other.
type Batcher interface {
	AllowBatches()
}

// NoCost marks a communication whose duration the network decides.
const NoCost = -1.0

// Stream yields the operations of one simulated unit in order. The engine
// calls Next once the previous operation has completed, so a stream may
// compute the next operation from state that depends on simulated time
// (shared variables, random variates). Next sets Kind, Elem and every
// field the kind uses (as Op's fields say); the engine reads no other, and
// hands Next an op whose Spawn, Counts and Runs are nil, so a stream may
// leave the fields its kind does not use as they are (a stream of a large
// trace then writes a few fields per operation, not a whole Op). Next
// returns an error only for a fault in the program itself (for example a
// loop bound that exceeds a limit); the engine stops with that error.
type Stream interface {
	Next(op *Op) error
}

// Element describes something time is charged to: a model element, or a
// trace's call site.
type Element struct {
	Name string // as written by the user, unique within its program
	Kind string // "action", "send", "allreduce", "parallel", ...
	// Where the element is defined, "file:line:col" or "" if unknown.
	Where string
}

// SyncObject describes a synchronisation object that Post and Take use.
type SyncObject struct {
	// Name names the object in deadlock reports.
	Name string
	// Init is the tokens the object starts with (a semaphore's initial
	// value; 1 for a free mutex), numbered 0..Init-1.
	Init int32
	// Match is how takes are matched to posts.
	Match Match
	// Tokens, when known (a recording knows it), is how many tokens the
	// program makes of the object in all, its initial ones included
	// (numbered 0..Tokens-1); 0 if not known. Under MatchToken the engine
	// sizes its per-token tables once instead of growing them.
	Tokens int32
	// Ordered, under MatchToken: a TakeFirst may name the object's
	// tokens, so the engine keeps the order in which they are made (a
	// word per token). A TakeFirst naming a token of an object that is
	// not Ordered fails the run.
	Ordered bool
}

// Match is a policy of matching takes to posts, after VPPB's simulation
// models of a recorded program.
type Match uint8

const (
	// MatchAny: tokens are interchangeable; a take takes any, and blocked
	// takers are served by priority, then in arrival order (VPPB's Direct
	// model).
	MatchAny Match = iota
	// MatchToken: a take of token k takes only token k, the one it took
	// in the recording, and waits until a post makes it (VPPB's Strict
	// Sequence model for every object but barriers, and its
	// Client-Server model for the objects that are not mutexes).
	MatchToken
)

// Binder is implemented by streams that need to know which unit the engine
// made for them. The engine calls Bind once, before the first Next, for
// every thread it starts: uid is the unit's id in the whole run,
// pid + procs·tid (so processes are 0..procs-1 and a thread keeps its uid
// across parallel regions), nid the node it runs on.
type Binder interface {
	Bind(uid, nid int32)
}
