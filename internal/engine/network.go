package engine

import (
	"fmt"

	"augur/internal/engine/internal/protocol"
	"augur/internal/netmodel"
	"augur/internal/netmodel/constant"
	"augur/internal/netmodel/flow"
)

// The engine and its network model (netmodel.Network): the model is a
// passive calculator; the engine owns the events. A constant model
// answers each transfer at once. A flow model (netmodel.Flows) names its
// transfers and moves their completions on the engine's queue, which the
// engine attaches to it (one keyed event per flow, and a solve event of
// the engine's kind): completions keep their place among the other
// events of their time, as when the flows lived in the engine.

// initNet sets up the network model cfg (or the machine) asks for.
func (e *engine) initNet() error {
	var c netmodel.Config
	if e.cfg.Net != nil {
		c = *e.cfg.Net
	} else {
		var err error
		if c, err = e.m.NetConfig(); err != nil {
			return err
		}
	}
	if !c.Model.Flow() {
		if e.m.LinkProfiles() {
			return fmt.Errorf("machine %q: links with profiles (bandwidth, latency or state over time) need a flow network model (SMPI, CM02 or LV08); the %s model has no flows to share them anew", e.m.Name, c.Model)
		}
		n := constant.New(e.m)
		e.net, e.paths = n, n
		e.proto = protocol.Augur(e.m.Net.EagerThreshold)
		return nil
	}
	n, err := flow.New(e.m, c, true)
	if err != nil {
		return err
	}
	e.net, e.flows = n, n
	e.proto = protocol.SMPI(&c)
	n.Attach(&e.q, uint8(evNetSolve))
	// One pending event per flow (its latency or its completion): a
	// rate change moves the completion instead of adding an event.
	e.q.SetKeyed(uint8(evNet), 0)
	// The event-free collective evaluation assumes the constant model.
	e.cfg.noFastColl = true
	return nil
}

// moveData moves the data of send sid, matched with receive rid, from
// t on: the network model either knows the transfer's times at once
// (both requests complete when the data has arrived) or makes it a flow
// (flowDone completes them).
func (e *engine) moveData(sid, rid int32, t float64) {
	s, r := e.req(sid), e.req(rid)
	x := e.net.Transfer(int(e.cfg.NodeOf[s.src]), int(e.cfg.NodeOf[s.dst]), s.bytes, t)
	if !x.Known {
		e.startFlow(sid, rid, t, x)
		e.maybeFree(sid)
		return
	}
	s.start = x.Start
	s.finish, r.finish = x.Arrival, x.Arrival
	s.xfer = x.Arrival - x.Start
	r.xfer = x.Arrival - x.Start
	e.completeReq(sid)
	if e.msgs != nil {
		e.traceMessage(s, r)
	}
	e.completeReq(rid)
	e.maybeFree(sid)
	e.maybeFree(rid)
}

// startFlow keeps flow x of send sid to receive rid, started at t.
func (e *engine) startFlow(sid, rid int32, t float64, x netmodel.Transfer) {
	s := e.req(sid)
	id := x.ID
	for int(id) >= len(e.flowReqs) {
		e.flowReqs = append(e.flowReqs, [2]int32{})
	}
	e.flowReqs[id] = [2]int32{sid, rid}
	s.start = t
	s.inFlight = true
	if x.OffLink >= 0 {
		e.linkFailure(x.OffLink, id)
		return
	}
	if delay := x.Latency; delay > 0 {
		if e.cfg.plainEvents {
			e.q.Reschedule(t+delay, id, -1)
			return
		}
		// Flows started together (a ring's messages, an all-to-all's)
		// pay equal latencies: their ends are batched as issues are
		// (issue.go). Nothing moves or cancels a latency's end (a link
		// that is off fails the run), so a batch member needs no key.
		e.pushBatched(&e.netLat, evNetLat, id, t+delay)
		return
	}
	e.activate(id, t)
}

// latencyPaid activates flow id, whose latency ends now.
func (e *engine) latencyPaid(id int32) {
	e.activate(id, e.now)
}

// activate lets flow id share its links from t.
func (e *engine) activate(id int32, t float64) {
	if e.flows.Activate(id, t) {
		e.flowDone(id)
	}
}

// netEvent handles an event of the flow network.
func (e *engine) netEvent(id, arg int32) {
	if arg < 0 {
		e.latencyPaid(id)
		return
	}
	if !e.flows.Current(id, arg) {
		return // superseded by a rate change
	}
	// Group members that end at this same instant end here too, before
	// anything their ends set off (as their own events would have).
	for id >= 0 {
		next := e.flows.Finish(id, e.now)
		e.flowDone(id)
		id = next
	}
}

// flowDone completes the requests of flow id, which ended now.
func (e *engine) flowDone(id int32) {
	sid, rid := e.flowReqs[id][0], e.flowReqs[id][1]
	s, r := e.req(sid), e.req(rid)
	start := s.start
	s.inFlight = false
	now := e.now
	r.finish, r.xfer = now, now-start
	if !s.complete {
		s.finish, s.xfer = now, now-start
		e.completeReq(sid)
	}
	if e.msgs != nil {
		e.traceMessage(s, r)
	}
	e.completeReq(rid)
	e.maybeFree(sid)
	e.maybeFree(rid)
}
