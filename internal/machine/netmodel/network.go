package netmodel

import "augur/internal/base/des"

// Network is a network model as a simulation engine asks it: a passive
// calculator of transfers between nodes. The engine owns time and its
// events; the model only answers. Transfer is every model's; a model
// whose transfers share links over time (the flow models) is also a
// Flows.
type Network interface {
	// Transfer starts moving bytes from node a to node b at t.
	Transfer(a, b int, bytes, t float64) Transfer
}

// Paths is a Network that prices a path without booking a transfer: a
// model whose transfers do not interact (the constant model), which a
// protocol's handshake and a closed-form evaluation of messages read.
type Paths interface {
	Network
	// PathCost is the latency (seconds) and bandwidth (bytes/s) from
	// node a to node b.
	PathCost(a, b int) (latency, bandwidth float64)
}

// Transfer is how a transfer started by Network.Transfer goes on.
type Transfer struct {
	// Known: the model knows the transfer's times at once (no
	// contention): its data starts to move at Start, the sender spends
	// Inject seconds putting it on the wire, and it has arrived at
	// Arrival.
	Known                  bool
	Start, Inject, Arrival float64

	// Otherwise the transfer is ID of a Flows: it pays Latency seconds
	// before it shares links (Flows.Activate then; ≤ 0: activate it at
	// once), unless OffLink ≥ 0, a link of its route that is off, on
	// which it fails.
	ID      int32
	Latency float64
	OffLink int32
}

// Flows is a network model whose transfers share links over time. Its
// transfers are named by small ids, reused once they end. The engine
// attaches its event queue (Attach); the model moves the transfers'
// completions on it as it changes them — a keyed event per transfer
// (des.Queue.Reschedule, Cancel), and a solve event — so that they take
// their place among the engine's other events of the same time exactly
// as if the engine had scheduled them itself. The model never reads the
// queue.
type Flows interface {
	Network
	// Activate lets transfer id, whose latency ends at t, share its
	// links (nothing if it is not paying its latency). done: it has
	// nothing left to move and has ended; its requests complete now.
	Activate(id int32, t float64) (done bool)
	// Current reports whether version is the one of transfer id's
	// pending completion (an Update): a completion superseded by a rate
	// change is not.
	Current(id, version int32) bool
	// Finish ends transfer id, whose completion is due at t. The flows
	// it shared links with speed up. It returns a transfer that ends at
	// this same instant, to be finished next without an event of its
	// own (-1: none).
	Finish(id int32, t float64) (next int32)
	// Solve shares the links anew among the transfers whose starts and
	// ends asked for it (an Update of kind Solve), at t.
	Solve(t float64)
	// SetHorizon says that the completions due before end have been
	// taken out of the queue to happen at the current instant (SimGrid's
	// precision/timing): a transfer due before it that has no event of
	// its own (one of a group of flows) ends now too, and none of those
	// taken out is moved.
	SetHorizon(end float64)
	// SetBandwidth, SetLatency and SetState apply a change of link l's
	// profile at t. SetState returns a transfer crossing l when l turns
	// off (-1: none): it fails.
	SetBandwidth(l int32, bw, t float64)
	SetLatency(l int32, lat, t float64)
	SetState(l int32, on bool, t float64) (failed int32)
	// Attach gives the model the event queue to schedule completions on:
	// transfer id's completion is the queue's keyed event id (version:
	// see Current), and a solve (call Solve at that time, once the events
	// already due then have run) an event of kind solveKind.
	Attach(q *des.Queue, solveKind uint8)
}
