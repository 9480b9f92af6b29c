package engine

import (
	"cmp"
	"fmt"
	"math"
	"slices"

	"augur/internal/engine/internal/protocol"
	"augur/internal/ir"
	"augur/internal/machine/netmodel"
)

// pointToPoint is the engine's part for point-to-point messages: the
// requests and their matching queues, the protocol, and the network
// model that moves the data (network.go), with the flows it keeps; and
// the requests MPI trace replay waits for and tests (coll_replay.go).
type pointToPoint struct {
	e        *engine
	reqs     reqStore
	freeReqs []int32
	queues   []pidQueues // per pid: unmatched sends to it and receives by it
	// proto is the point-to-point protocol, net the network model that
	// times the data it moves (network.go).
	proto protocol.Protocol
	net   netmodel.Network
	// paths is net when it prices paths without booking transfers (the
	// constant model): a rendezvous's handshake and the event-free
	// collectives read it.
	paths netmodel.Paths
	// The flow network, when the model is one (net too), and what the
	// engine keeps of it: the batches of latency ends, and each flow's
	// send and receive requests.
	flows    netmodel.Flows
	netLat   issueBatches // flows whose latencies end together (evNetLat)
	flowReqs [][2]int32   // by flow id: its send and receive
	// testSleeps multiplies the time a Test injects: SMPI's one counter
	// for all processes, grown by each failed test and reset by a
	// successful one (see coll_replay.go).
	testSleeps float64
}

// request is one posted send or receive.
//
// Matching follows MPI's rules in the order sends were posted (as in
// SimGrid's mailboxes): a receive takes the first unmatched send to its
// process whose source and tag fit. A send of at most the eager threshold
// leaves at once and its data arrives after the network time whether or not
// a receive is posted; a larger one waits for its receive (rendezvous),
// then takes a handshake latency plus the network time.
type request struct {
	owner  int32 // unit index
	src    int32 // sending pid
	dst    int32 // receiving pid, or AnySource on a receive
	tag    int32
	elem   int32
	next   int32 // next request in its matching queue, -1 at the end
	coll   bool  // internal to a collective
	isSend bool
	eager  bool // send: data left at post time
	matched,
	complete,
	awaited,
	released bool // owner no longer refers to it
	inFlight bool // a network flow still refers to it
	bytes    float64
	cost     float64 // < 0: the network decides
	post     float64
	start    float64 // send: when its data started to move
	arrival  float64 // eager send: when its data reaches the receiver
	finish   float64 // when the request completed
	xfer     float64 // time the owner spent transferring (for statistics)
}

// pidQueues are the heads and tails of a process's matching queues, linked
// through request.next (-1: empty): 16 bytes per process instead of two
// slices, most of which stay empty.
type pidQueues struct {
	sendHead, sendTail int32 // unmatched sends addressed to the process
	recvHead, recvTail int32 // unmatched receives it posted
}

// enqueue appends request id to the queue with the given head and tail.
func (p *pointToPoint) enqueue(head, tail *int32, id int32) {
	p.req(id).next = -1
	if *tail >= 0 {
		p.req(*tail).next = id
	} else {
		*head = id
	}
	*tail = id
}

// unlink removes request id, which follows prev (-1: the head), from a queue.
func (p *pointToPoint) unlink(head, tail *int32, prev, id int32) {
	next := p.req(id).next
	if prev >= 0 {
		p.req(prev).next = next
	} else {
		*head = next
	}
	if *tail == id {
		*tail = prev
	}
}

// Requests live in fixed-size chunks: a run that has a million receives
// posted at once never copies them to grow one slice (nor holds the old
// and the new copy at the same time), and a request's address is stable.
const reqChunkBits = 10

type reqStore struct {
	chunks [][]request
	n      int32 // requests made so far
}

// req returns request id.
func (p *pointToPoint) req(id int32) *request {
	return &p.reqs.chunks[id>>reqChunkBits][id&(1<<reqChunkBits-1)]
}

func (p *pointToPoint) newRequest() int32 {
	if n := len(p.freeReqs); n > 0 {
		id := p.freeReqs[n-1]
		p.freeReqs = p.freeReqs[:n-1]
		*p.req(id) = request{}
		return id
	}
	id := p.reqs.n
	if int(id>>reqChunkBits) == len(p.reqs.chunks) {
		p.reqs.chunks = append(p.reqs.chunks, make([]request, 1<<reqChunkBits))
	}
	p.reqs.n++
	return id
}

// maybeFree recycles a request once neither its owner nor a matching
// queue refers to it.
func (p *pointToPoint) maybeFree(id int32) {
	r := p.req(id)
	if r.released && r.complete && r.matched && !r.inFlight {
		p.freeReqs = append(p.freeReqs, id)
	}
}

// postP2P issues Send, Isend, Recv or Irecv for the unit at t.
func (p *pointToPoint) postP2P(ui int32, t float64) (float64, bool) {
	e := p.e
	u := &e.units[ui]
	op := &u.op
	isSend := op.Kind == ir.Send || op.Kind == ir.Isend
	if op.Peer < ir.AnySource || int(op.Peer) >= e.cfg.Procs || (isSend && op.Peer < 0) {
		e.failAt(op.Elem, fmt.Errorf("%s: process %d addresses process %d, but there are %d processes (0..%d)", e.name(op.Elem), u.pid, op.Peer, e.cfg.Procs, e.cfg.Procs-1))
		return t, false
	}
	if !(op.Bytes >= 0) || math.IsInf(op.Bytes, 0) {
		e.failAt(op.Elem, fmt.Errorf("%s: message size %v is not a finite size ≥ 0 (process %d)", e.name(op.Elem), op.Bytes, u.pid))
		return t, false
	}
	if isSend && !u.paid {
		// The protocol's overhead (SMPI's), spent before the message is
		// posted.
		if ov := p.proto.SendOverhead(op.Kind == ir.Isend, op.Bytes); ov > 0 {
			u.paid = true
			u.opCompute += ov
			u.state = stBlocked
			e.q.Push(t+ov, ui, uint8(evPost), 0)
			return t, false
		}
	}
	u.paid = false
	var id int32
	if isSend {
		id = p.postSend(ui, u.pid, op.Peer, op.Tag, op.Bytes, op.Cost, op.Elem, t, false)
	} else {
		id = p.postRecv(ui, u.pid, op.Peer, op.Tag, op.Bytes, op.Cost, op.Elem, t, false)
	}
	u = &e.units[ui]
	if op.Kind == ir.Isend || op.Kind == ir.Irecv {
		x := u.extension()
		x.reqs = append(x.reqs, id)
		e.acct.account(ui, u.opStart, t)
		return t, true
	}
	// Blocking: wait for this request alone.
	u.waitLeft, u.waitUntil = 0, t
	p.await(ui, id)
	return p.waitDone(ui, t)
}

// postPaid posts the send of a unit whose SMPI overhead has elapsed.
func (p *pointToPoint) postPaid(ui int32) {
	e := p.e
	if t, done := p.postP2P(ui, e.now); done {
		e.advance(ui, t)
	}
}

// recvOverhead is the protocol's overhead of a receive that completes
// in a wait (SMPI's smpi/or); internal messages of collectives are not
// charged.
func (p *pointToPoint) recvOverhead(r *request) float64 {
	if r.isSend || r.coll {
		return 0
	}
	return p.proto.RecvOverhead(r.bytes)
}

// reached moves the unit's wait end to request r's completion (plus the
// receive overhead, paid after it).
func (p *pointToPoint) reached(u *unit, r *request) {
	if r.finish > u.waitUntil {
		u.waitUntil = r.finish
	}
	if ov := p.recvOverhead(r); ov > 0 {
		u.waitUntil += ov
		u.opCompute += ov
	}
}

// postSend posts a send from process src to dst and returns its request.
func (p *pointToPoint) postSend(owner, src, dst, tag int32, bytes, cost float64, elem int32, t float64, coll bool) int32 {
	id := p.newRequest()
	r := p.req(id)
	*r = request{owner: owner, src: src, dst: dst, tag: tag, elem: elem, isSend: true,
		bytes: bytes, cost: cost, post: t, coll: coll}
	switch {
	case cost >= 0:
		// The element's own cost replaces the network: the data needs
		// cost seconds from the send to the receiver, and a blocking send
		// takes that long.
		r.eager = true
		r.start, r.arrival = t, t+cost
		r.finish, r.xfer = t+cost, cost
		r.complete = true
	case p.proto.Detached(bytes):
		// It returns at once; its data still moves only once the
		// receive is matched.
		r.finish = t
		r.complete = true
	case p.proto.Eager(bytes):
		r.eager = true
		start, inject, arrival := p.transfer(src, dst, bytes, t)
		r.start, r.arrival = start, arrival
		r.finish = start + inject
		r.xfer = inject
		r.complete = true
	}
	// Match against the receives dst has posted, oldest first.
	q := &p.queues[dst]
	for prev, rid := int32(-1), q.recvHead; rid >= 0; prev, rid = rid, p.req(rid).next {
		if p.fits(p.req(rid), src, tag) {
			p.unlink(&q.recvHead, &q.recvTail, prev, rid)
			p.match(id, rid, t)
			return id
		}
	}
	p.enqueue(&q.sendHead, &q.sendTail, id)
	return id
}

// postRecv posts a receive by process dst from src (or any) and returns it.
func (p *pointToPoint) postRecv(owner, dst, src, tag int32, bytes, cost float64, elem int32, t float64, coll bool) int32 {
	id := p.newRequest()
	r := p.req(id)
	*r = request{owner: owner, src: src, dst: dst, tag: tag, elem: elem,
		bytes: bytes, cost: cost, post: t, coll: coll}
	q := &p.queues[dst]
	for prev, sid := int32(-1), q.sendHead; sid >= 0; prev, sid = sid, p.req(sid).next {
		s := p.req(sid)
		if p.fits(r, s.src, s.tag) {
			p.unlink(&q.sendHead, &q.sendTail, prev, sid)
			p.match(sid, id, t)
			return id
		}
	}
	p.enqueue(&q.recvHead, &q.recvTail, id)
	return id
}

// fits reports whether a send from src with tag satisfies receive r.
// Collectives use negative tags of their own, which wildcards never match.
func (p *pointToPoint) fits(r *request, src, tag int32) bool {
	if r.src != ir.AnySource && r.src != src {
		return false
	}
	if r.tag == ir.AnyTag {
		return tag >= 0
	}
	return r.tag == tag
}

// transfer books a network transfer of bytes from process src to dst that
// may start at t with the constant model. It returns when the data starts
// to move, how long the sender spends injecting it, and when it has fully
// arrived.
func (p *pointToPoint) transfer(src, dst int32, bytes, t float64) (start, inject, arrival float64) {
	e := p.e
	x := p.net.Transfer(int(e.cfg.NodeOf[src]), int(e.cfg.NodeOf[dst]), bytes, t)
	return x.Start, x.Inject, x.Arrival
}

// match pairs send sid with receive rid at time t (the later of the two
// posts) and completes what can be completed.
func (p *pointToPoint) match(sid, rid int32, t float64) {
	e := p.e
	s, r := p.req(sid), p.req(rid)
	s.matched, r.matched = true, true
	r.src = s.src
	switch {
	case r.cost >= 0:
		// The receive's own cost is its view of the transfer time.
		r.finish = math.Max(r.post, s.post+r.cost)
		r.xfer = math.Min(r.cost, r.finish-r.post)
		if !s.complete {
			s.finish, s.xfer = math.Max(t, r.finish), r.cost
			p.completeReq(sid)
		}
	case s.eager:
		r.finish = math.Max(r.post, s.arrival)
		r.xfer = math.Min(s.arrival-s.start, r.finish-r.post)
	default:
		// Rendezvous: the data moves from the match on, after the
		// receiver's clear-to-send has reached the sender if the
		// protocol has one.
		if p.proto.Handshake() {
			lat, _ := p.paths.PathCost(int(e.cfg.NodeOf[s.src]), int(e.cfg.NodeOf[s.dst]))
			t += lat
		}
		p.moveData(sid, rid, t)
		return
	}
	if e.msgs != nil {
		p.traceMessage(s, r)
	}
	p.completeReq(rid)
	p.maybeFree(sid)
	p.maybeFree(rid)
}

// traceMessage reports the message of send s and receive r, whose finish
// is known, to the message tracer; collectives' own messages are not.
func (p *pointToPoint) traceMessage(s, r *request) {
	e := p.e
	if s.coll {
		return
	}
	start := s.start
	if start < s.post {
		start = s.post // a detached send that never moved its data
	}
	e.msgs.Message(Message{Src: s.src, SrcTid: e.units[s.owner].tid, Dst: s.dst, DstTid: e.units[r.owner].tid,
		Tag: s.tag, SendElem: s.elem, RecvElem: r.elem, Bytes: s.bytes,
		SendPost: s.post, SendStart: start, RecvPost: r.post, RecvEnd: r.finish})
}

// completeReq marks a request complete (its finish time is set) and wakes
// its owner if that was the last thing it waited for.
func (p *pointToPoint) completeReq(id int32) {
	e := p.e
	r := p.req(id)
	r.complete = true
	if !r.awaited {
		return
	}
	u := &e.units[r.owner]
	p.reached(u, r)
	u.addXfer(r)
	u.waitLeft--
	owner := r.owner
	if u.waitLeft == 0 {
		p.waitSatisfied(owner)
	}
}

// await adds request id to what the unit's current operation waits for.
func (p *pointToPoint) await(ui, id int32) {
	e := p.e
	u := &e.units[ui]
	r := p.req(id)
	if r.complete {
		p.reached(u, r)
		u.addXfer(r)
	} else {
		r.awaited = true
		u.waitLeft++
	}
	r.released = true
	p.maybeFree(id)
}

// waitDone finishes issuing a wait: either everything awaited is complete
// (the operation ends at waitUntil, which may be later than t) or the unit
// blocks until completeReq wakes it.
func (p *pointToPoint) waitDone(ui int32, t float64) (float64, bool) {
	e := p.e
	u := &e.units[ui]
	if u.waitLeft > 0 {
		u.state = stBlocked
		return t, false
	}
	if u.waitUntil > t {
		e.wakeAt(ui, u.waitUntil)
		return t, false
	}
	e.acct.account(ui, u.opStart, t)
	return t, true
}

// waitSatisfied is called when the last awaited request of a unit
// completes; the unit resumes at the latest completion time. The ends of
// many messages at one instant (a ring's) wake their receivers through
// nowList rather than the queue (see wakeNow): the same order.
func (p *pointToPoint) waitSatisfied(ui int32) {
	e := p.e
	u := &e.units[ui]
	if u.coll() != nil {
		e.colls.stepDone(ui)
		return
	}
	e.wakeNow(ui, math.Max(u.waitUntil, e.now))
}

// wait issues a Wait: for the newest outstanding request of element
// op.request(), or for all of them.
func (p *pointToPoint) wait(ui int32, t float64) (float64, bool) {
	e := p.e
	u := &e.units[ui]
	u.waitLeft, u.waitUntil = 0, t
	var reqs []int32
	if u.ext != nil {
		reqs = u.ext.reqs
	}
	if u.op.request() == ir.AllRequests {
		if u.ext != nil {
			u.ext.reqs = reqs[:0]
		}
		for _, id := range reqs {
			p.await(ui, id)
		}
		return p.waitDone(ui, t)
	}
	// Every outstanding request of that element (a loop of isends is
	// completed by one `wait W on S`); none outstanding returns at once,
	// as MPI_Wait on a null request does.
	kept := reqs[:0]
	var mine []int32
	for _, id := range reqs {
		if p.req(id).elem == u.op.request() {
			mine = append(mine, id)
		} else {
			kept = append(kept, id)
		}
	}
	if u.ext != nil {
		u.ext.reqs = kept
	}
	for _, id := range mine {
		p.await(ui, id)
	}
	return p.waitDone(ui, t)
}

// addXfer records the interval in which request r transferred data for
// the unit's current operation: the xfer seconds before it completed.
func (u *unit) addXfer(r *request) {
	if r.xfer <= 0 {
		return
	}
	x := [2]float64{r.finish - r.xfer, r.finish}
	if u.nx == 0 {
		u.x, u.nx = x, 1
		return
	}
	xt := u.extension()
	xt.xfers = append(xt.xfers, x)
}

// foldXfers adds to the operation's communication time the length of the
// union of its requests' transfer intervals: a send and a receive that move
// data at the same time (a collective round, a wait on several requests)
// count once, not twice.
func (u *unit) foldXfers() {
	if u.nx == 0 {
		return
	}
	u.nx = 0
	if u.ext == nil || len(u.ext.xfers) == 0 {
		u.opComm += u.x[1] - u.x[0]
		return
	}
	x := append(u.ext.xfers, u.x)
	slices.SortFunc(x, func(a, b [2]float64) int { return cmp.Compare(a[0], b[0]) })
	lo, hi := x[0][0], x[0][1]
	for _, s := range x[1:] {
		if s[0] > hi {
			u.opComm += hi - lo
			lo, hi = s[0], s[1]
		} else if s[1] > hi {
			hi = s[1]
		}
	}
	u.opComm += hi - lo
	u.ext.xfers = x[:0]
}
