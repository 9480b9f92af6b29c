package engine

import (
	"fmt"

	"augur/internal/engine/internal/protocol"
	"augur/internal/machine/netmodel"
	"augur/internal/machine/netmodel/constant"
	"augur/internal/machine/netmodel/flow"
)

// The engine and its network model (netmodel.Network): the model is a
// passive calculator; the engine owns the events. A constant model
// answers each transfer at once. A flow model (netmodel.Flows) names its
// transfers and moves their completions on the engine's queue, which the
// engine attaches to it (one keyed event per flow, and a solve event of
// the engine's kind): completions keep their place among the other
// events of their time, as when the flows lived in the engine.

// initNet sets up the network model cfg (or the machine) asks for.
func (p *pointToPoint) initNet() error {
	e := p.e
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
		p.net, p.paths = n, n
		p.proto = protocol.Augur(e.m.Net.EagerThreshold)
		return nil
	}
	n, err := flow.New(e.m, c, true)
	if err != nil {
		return err
	}
	p.net, p.flows = n, n
	p.proto = protocol.SMPI(&c)
	e.win.width = c.Timing
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
func (p *pointToPoint) moveData(sid, rid int32, t float64) {
	e := p.e
	s, r := p.req(sid), p.req(rid)
	x := p.net.Transfer(int(e.cfg.NodeOf[s.src]), int(e.cfg.NodeOf[s.dst]), s.bytes, t)
	if !x.Known {
		p.startFlow(sid, rid, t, x)
		p.maybeFree(sid)
		return
	}
	s.start = x.Start
	s.finish, r.finish = x.Arrival, x.Arrival
	s.xfer = x.Arrival - x.Start
	r.xfer = x.Arrival - x.Start
	p.completeReq(sid)
	if e.msgs != nil {
		p.traceMessage(s, r)
	}
	p.completeReq(rid)
	p.maybeFree(sid)
	p.maybeFree(rid)
}

// startFlow keeps flow x of send sid to receive rid, started at t.
func (p *pointToPoint) startFlow(sid, rid int32, t float64, x netmodel.Transfer) {
	e := p.e
	s := p.req(sid)
	id := x.ID
	for int(id) >= len(p.flowReqs) {
		p.flowReqs = append(p.flowReqs, [2]int32{})
	}
	p.flowReqs[id] = [2]int32{sid, rid}
	s.start = t
	s.inFlight = true
	if x.OffLink >= 0 {
		e.prof.linkFailure(x.OffLink, id)
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
		e.pushBatched(&p.netLat, evNetLat, id, t+delay)
		return
	}
	p.activate(id, t)
}

// latencyPaid activates flow id, whose latency ends now.
func (p *pointToPoint) latencyPaid(id int32) {
	e := p.e
	p.activate(id, e.now)
}

// activate lets flow id share its links from t.
func (p *pointToPoint) activate(id int32, t float64) {
	if p.flows.Activate(id, t) {
		p.flowDone(id)
	}
}

// netEvent handles an event of the flow network.
func (p *pointToPoint) netEvent(id, arg int32) {
	e := p.e
	if arg < 0 {
		p.latencyPaid(id)
		return
	}
	if !p.flows.Current(id, arg) {
		return // superseded by a rate change
	}
	// Group members that end at this same instant end here too, before
	// anything their ends set off (as their own events would have).
	for id >= 0 {
		next := p.flows.Finish(id, e.now)
		p.flowDone(id)
		id = next
	}
}

// flowDone completes the requests of flow id, which ended now.
func (p *pointToPoint) flowDone(id int32) {
	e := p.e
	sid, rid := p.flowReqs[id][0], p.flowReqs[id][1]
	s, r := p.req(sid), p.req(rid)
	start := s.start
	s.inFlight = false
	now := e.now
	r.finish, r.xfer = now, now-start
	if !s.complete {
		s.finish, s.xfer = now, now-start
		p.completeReq(sid)
	}
	if e.msgs != nil {
		p.traceMessage(s, r)
	}
	p.completeReq(rid)
	p.maybeFree(sid)
	p.maybeFree(rid)
}

// overflow is nonFinite's error for the message of flow id.
func (p *pointToPoint) overflow(id int32) error {
	e := p.e
	if int(id) >= len(p.flowReqs) {
		return overflowError("a message")
	}
	s := p.req(p.flowReqs[id][0])
	return e.placed(s.elem, overflowError(fmt.Sprintf("%s: the message of %g B from process %d to process %d", e.name(s.elem), s.bytes, s.src, s.dst)))
}
