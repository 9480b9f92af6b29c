// Package cpu holds the engine's CPU disciplines: how the CPUs of a node
// are handed to the units that compute on it, each a type that knows
// nothing of the engine, its units or its queue, so that it is tested
// alone as the network models of package netmodel are. The engine
// (internal/engine/cpus.go) keeps one per node, chosen at set-up from
// the machine's scheduler:
//
//   - a Queue (FCFS, round robin, priority), des.Facility: up to one unit
//     per CPU, the others waiting in the discipline's order; the round
//     robin's quantum is Quantum, the priority scheduler's choice of
//     whom to preempt is Slots.Victim;
//   - Sharing (processor sharing, SimGrid's CPU model): every unit
//     computes at once, at min(1, CPUs/n) of a CPU.
//
// Speed profiles (machine.Work) enter through Done and End, the work a
// CPU gets done over time.
package cpu

import "augur/internal/machine"

// Done returns the nominal work (seconds at speed 1) a computation
// holding a CPU got done from t0 to t1 on a node whose speed follows w
// (nil: constant speed).
func Done(w *machine.Work, t0, t1 float64) float64 {
	if w == nil {
		return t1 - t0
	}
	return w.Of(t1) - w.Of(t0)
}

// End returns when a computation with work seconds of nominal work,
// started at t with share of a CPU, ends on a node whose speed follows w
// (+Inf: never, the node stops for good first).
func End(w *machine.Work, t, work, share float64) float64 {
	return w.End(t, work/share)
}

// Quantum is the round robin's time slice: a unit computes for at most
// Quantum seconds from when it got its CPU before it goes to the back of
// the queue (if someone waits).
type Quantum float64

// Left is what remains at t of the slice that began at start (never
// below 0).
func (q Quantum) Left(start, t float64) float64 {
	return max(float64(q)-(t-start), 0)
}
