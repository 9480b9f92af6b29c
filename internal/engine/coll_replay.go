package engine

import (
	"fmt"

	"augur/internal/ir"
)

// Operations that MPI trace replay needs besides collectives: waiting for
// and testing one request named by its partner, tag and direction, as
// SimGrid's time-independent traces do ("wait SRC DST TAG").

// findReq returns the index in the unit's outstanding requests of the
// oldest one that op (a WaitReq or Test) names, or -1.
func (p *pointToPoint) findReq(u *unit, op *uop) int {
	if u.ext == nil {
		return -1
	}
	for i, id := range u.ext.reqs {
		r := p.req(id)
		if op.Dir == ir.ToPeer && r.isSend && r.dst == op.Peer && r.tag == op.Tag {
			return i
		}
		if op.Dir == ir.FromPeer && !r.isSend && r.src == op.Peer && r.tag == op.Tag {
			return i
		}
	}
	return -1
}

// takeReq removes the i-th outstanding request of the unit and returns it.
func takeReq(u *unit, i int) int32 {
	id := u.ext.reqs[i]
	u.ext.reqs = append(u.ext.reqs[:i], u.ext.reqs[i+1:]...)
	return id
}

func (p *pointToPoint) checkReqOp(u *unit, what string) bool {
	e := p.e
	op := &u.op
	if op.Peer < 0 || int(op.Peer) >= e.cfg.Procs {
		e.failAt(op.Elem, fmt.Errorf("%s: process %d %ss a request with process %d, but there are %d processes (0..%d)", e.name(op.Elem), u.pid, what, op.Peer, e.cfg.Procs, e.cfg.Procs-1))
		return false
	}
	return true
}

// waitReq issues a WaitReq.
func (p *pointToPoint) waitReq(ui int32, t float64) (float64, bool) {
	e := p.e
	u := &e.units[ui]
	op := &u.op
	if !p.checkReqOp(u, "wait") {
		return t, false
	}
	u.waitLeft, u.waitUntil = 0, t
	if i := p.findReq(u, op); i >= 0 {
		p.await(ui, takeReq(u, i))
	}
	// None found: a Test completed it already, and MPI_Wait on the
	// null request returns at once.
	return p.waitDone(ui, t)
}

// test issues a Test: SMPI sleeps first (smpi/test seconds, times a
// counter shared by all processes when smpi/grow-injected-times is on),
// then looks at the request.
func (p *pointToPoint) test(ui int32, t float64) (float64, bool) {
	e := p.e
	u := &e.units[ui]
	if !p.checkReqOp(u, "test") {
		return t, false
	}
	if p.testSleeps < 1 {
		p.testSleeps = 1
	}
	d := u.op.Cost
	if d < 0 {
		d = 0
	}
	if u.op.Bytes > 0 {
		d *= p.testSleeps
	}
	u.opCompute = d
	u.state = stBlocked
	e.q.Push(t+d, ui, uint8(evTest), 0)
	return t, false
}

// testCheck ends a Test after its injected sleep: a request complete by
// now is released.
func (p *pointToPoint) testCheck(ui int32, t float64) {
	e := p.e
	u := &e.units[ui]
	op := &u.op
	ok := false
	if i := p.findReq(u, op); i >= 0 {
		r := p.req(u.ext.reqs[i])
		if r.complete && r.finish <= t {
			id := takeReq(u, i)
			r.released = true
			p.maybeFree(id)
			ok = true
		}
	}
	if op.Bytes > 0 {
		if ok {
			p.testSleeps = 1
		} else {
			p.testSleeps++
		}
	}
	e.complete(ui, t)
	e.advance(ui, t)
}

// describeWaitReq says what a blocked WaitReq or WaitUnposted waits for.
func (p *pointToPoint) describeWaitReq(u *unit) string {
	op := &u.op
	switch {
	case op.Kind == ir.WaitUnposted:
		return fmt.Sprintf("a request (process %d, tag %d) that the trace never posted", op.Peer, op.Tag)
	case op.Dir == ir.ToPeer:
		return fmt.Sprintf("an isend to process %d with tag %d", op.Peer, op.Tag)
	}
	return fmt.Sprintf("an irecv from process %d with tag %d", op.Peer, op.Tag)
}
