package engine

// eventKind says what a queued event does when it is popped; des.Event
// carries it as its Kind. Every kind the engine uses is declared here.
//
// The numbers carry no meaning: des.Queue orders events by (time,
// insertion order) and its insertion counts are unique, so a kind never
// decides which of two events comes first (the run loop's switch is the
// only reader). They must be distinct, because the queue tells the keyed
// kind (evNet, see des.Queue.SetKeyed) from the others by its number, and
// fit in des.Event's uint8.
type eventKind uint8

const (
	// Units (engine.go, issue.go, threads.go, cpus.go); Target is the unit.

	// evStep: the unit's current operation is complete.
	evStep eventKind = iota
	// evIssue: issue the operation the unit fetched while running ahead
	// (Arg -1: advance a thread started by Fork instead).
	evIssue
	// evBatch: a batch of evIssue events of one time, popped as one
	// (Target: the batch, see issueBatches).
	evBatch
	// evSlice: a round-robin quantum expired.
	evSlice
	// evRun: a unit that holds its CPU while it runs (ir.Semantics.HoldCPU)
	// got one: perform its operation (hold.go).
	evRun
	// evPrioStep: a computation on a node with the priority scheduler
	// ends (Arg: the unit's run number when it was scheduled; a run a
	// preemption ended since is stale, see cpus.go).
	evPrioStep

	// Communication (coll.go, coll_replay.go, p2p.go); Target is the unit.

	// evColl: the next step of the unit's collective is due.
	evColl
	// evTest: a replayed test's overhead is paid; check its request.
	evTest
	// evPost: a send's overhead is paid, post it now.
	evPost

	// Shared resources (network.go, cpushare.go).

	// evNet: a flow of the flow network ends (Target: the flow, Arg its
	// version at scheduling time; negative: its latency is paid). The
	// keyed kind: one pending event per flow, moved when its rate changes.
	evNet
	// evNetLat: the latencies of a batch of flows end (Target: the batch
	// of pointToPoint.netLat), as that many evNet events with a negative Arg would.
	evNetLat
	// evNetSolve: recompute the shares of the flows touched by the starts
	// and ends of one instant, once for all of them (netmodel.Flows.Solve).
	evNetSolve
	// evCPU: the first computation of a processor-sharing node ends
	// (Target: the node, Arg the node's version when it was scheduled).
	evCPU

	// Profiles of the platform, in profiles.pq (profile.go).

	// evHostOff: a node turns off (Target: the node).
	evHostOff
	// evLinkBW, evLinkLat, evLinkState: the next change of a link's
	// bandwidth, latency or state profile (Target: the link).
	evLinkBW
	evLinkLat
	evLinkState
)
