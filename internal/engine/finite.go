package engine

import (
	"fmt"
	"math"

	"augur/internal/base/des"
)

// Every reader refuses infinite and NaN inputs, but finite ones can still
// overflow once combined: a latency of 1e308 s plus a transfer time, a
// speed of 1e-320 dividing a computation. The run then stops with an
// error naming what reached an infinite time, instead of a deadlock "at
// +Inf" or a prediction of +Inf seconds printed as an answer.

// nonFinite is the error for event ev, popped at a time that is not a
// finite number: it names the unit, message, node or link it is for.
func (e *engine) nonFinite(ev des.Event) error {
	switch eventKind(ev.Kind) {
	case evStep, evIssue, evRun, evPrioStep, evColl, evTest, evPost:
		return e.unitOverflow(ev.Target)
	case evBatch:
		if ui, ok := e.ib.first(ev.Target); ok {
			return e.unitOverflow(ui)
		}
	case evNet:
		return e.p2p.overflow(ev.Target)
	case evNetLat:
		if id, ok := e.p2p.netLat.first(ev.Target); ok {
			return e.p2p.overflow(id)
		}
	case evCPU:
		return overflowError(fmt.Sprintf("a computation on node %d", ev.Target))
	case evHostOff:
		return overflowError(fmt.Sprintf("node %d's state profile", ev.Target))
	case evLinkBW, evLinkLat, evLinkState:
		return overflowError(fmt.Sprintf("link %s's profile", e.m.LinkName(int(ev.Target))))
	}
	return overflowError("an event")
}

// unitOverflow is nonFinite's error for unit ui: its element's place
// first, as every fault of the run.
func (e *engine) unitOverflow(ui int32) error {
	if int(ui) >= len(e.units) {
		return overflowError("an event")
	}
	u := &e.units[ui]
	return e.placed(u.op.Elem, overflowError(fmt.Sprintf("%s (process %d thread %d)", e.name(u.op.Elem), u.pid, u.tid)))
}

// overflowError says that what reached a time that is not finite (+Inf,
// or NaN from +Inf - +Inf: both are an overflow).
func overflowError(what string) error {
	return fmt.Errorf("%s reaches an infinite simulated time: the costs of the inputs overflow "+
		"(a latency, size, count or speed out of any real machine's range)", what)
}

// finiteResult checks a finished run's figures: a unit may run ahead of
// the events (folded computations), so its end, and the elements' sums,
// can overflow without an event at an infinite time.
func (e *engine) finiteResult(r *Result) error {
	for i := range r.Elements {
		s := &r.Elements[i]
		if !finite(s.Total) || !finite(s.Compute) || !finite(s.Comm) || !finite(s.Wait) || !finite(s.Max) {
			return e.placed(int32(i), overflowError(e.name(int32(i))))
		}
	}
	for i := range r.Units {
		u := &r.Units[i]
		if !finite(u.Finish) || !finite(u.Compute) || !finite(u.Comm) || !finite(u.Wait) {
			return overflowError(fmt.Sprintf("process %d thread %d", u.Pid, u.Tid))
		}
	}
	if !finite(r.Reached) {
		return overflowError("the simulation")
	}
	return nil
}

func finite(x float64) bool { return !math.IsInf(x, 0) && !math.IsNaN(x) }
