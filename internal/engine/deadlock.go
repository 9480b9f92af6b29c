package engine

import (
	"fmt"
	"sort"
	"strings"

	"augur/internal/ir"
)

// Deadlock describes a run that stopped with units still blocked: no event
// was left that could ever wake them.
type Deadlock struct {
	Time    float64   `json:"time_s"` // simulated time of the last event
	Blocked []Blocked `json:"blocked"`
}

// Blocked is one unit that could not go on.
type Blocked struct {
	Pid      int32  `json:"pid"`
	Tid      int32  `json:"tid"`
	Node     int32  `json:"node"`
	Element  string `json:"element"`   // kind and name of the element it is blocked in
	Where    string `json:"where"`     // file:line:col of the element, if known
	WaitsFor string `json:"waits_for"` // what it waits for, in words
	// For the reports of front ends that word them their own way: the
	// unit that holds the object a Take waits for (the last to take one
	// of its tokens with no post since; -1: none), and the units at a
	// thread barrier.
	Holder  int32 `json:"-"`
	Arrived int32 `json:"-"`
}

func (d *Deadlock) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "deadlock at %.6gs: %d unit(s) blocked forever", d.Time, len(d.Blocked))
	for _, u := range d.Blocked {
		fmt.Fprintf(&b, "\n  process %d", u.Pid)
		if u.Tid != 0 {
			fmt.Fprintf(&b, " thread %d", u.Tid)
		}
		fmt.Fprintf(&b, " (node %d) in %s", u.Node, u.Element)
		if u.Where != "" {
			fmt.Fprintf(&b, " at %s", u.Where)
		}
		fmt.Fprintf(&b, ": %s", u.WaitsFor)
	}
	return b.String()
}

// deadlock builds the report of every unit that is not done.
func (e *engine) deadlock() {
	d := &Deadlock{Time: e.now}
	// Requests each unit still waits for.
	pending := make(map[int32][]int32)
	free := make(map[int32]bool, len(e.p2p.freeReqs))
	for _, id := range e.p2p.freeReqs {
		free[id] = true
	}
	for id := int32(0); id < e.p2p.reqs.n; id++ {
		r := e.p2p.req(id)
		if !free[id] && r.awaited && !r.complete {
			pending[r.owner] = append(pending[r.owner], id)
		}
	}
	for ui := range e.units {
		u := &e.units[ui]
		if u.state == stDone {
			continue
		}
		b := Blocked{Pid: u.pid, Tid: u.tid, Node: u.node, Holder: -1}
		switch u.op.Kind {
		case ir.Take:
			if s := e.threads.syncOf(u.pid, u.op.sync()); s != nil && s.holder >= 0 {
				b.Holder = s.holder
			}
		case ir.ThreadBarrier:
			if tb := e.threads.tbars[lockKey{u.pid, u.op.region()}]; tb != nil {
				b.Arrived = tb.count
			}
		}
		if el := u.op.Elem; el >= 0 && int(el) < len(e.prog.Elements) {
			b.Element = e.prog.Elements[el].Kind + " " + e.prog.Elements[el].Name
			b.Where = e.prog.Elements[el].Where
		} else {
			b.Element = u.op.Kind.String()
		}
		b.WaitsFor = e.waitsFor(int32(ui), pending[int32(ui)])
		d.Blocked = append(d.Blocked, b)
	}
	sort.SliceStable(d.Blocked, func(i, j int) bool {
		if d.Blocked[i].Pid != d.Blocked[j].Pid {
			return d.Blocked[i].Pid < d.Blocked[j].Pid
		}
		return d.Blocked[i].Tid < d.Blocked[j].Tid
	})
	e.dead = d
}

func (e *engine) waitsFor(ui int32, pending []int32) string {
	u := &e.units[ui]
	var parts []string
	for _, id := range pending {
		parts = append(parts, e.p2p.req(id).describe())
	}
	switch {
	case u.state == stComputing && e.cpus.nodes[u.node].work != nil:
		return fmt.Sprintf("the end of a computation: node %d's speed profile (%s) stops it for good", u.node, e.m.Groups[e.m.GroupOf(int(u.node))].SpeedProfile.Source)
	case u.state == stCPUQueue:
		return fmt.Sprintf("a CPU of node %d", u.node)
	case u.op.Kind.IsCollective():
		var missing []string
		seq := e.colls.seq[u.pid] - 1
		for pid := range e.colls.seq {
			if e.colls.seq[pid] <= seq {
				missing = append(missing, fmt.Sprint(pid))
			}
		}
		s := fmt.Sprintf("collective #%d", seq+1)
		if len(missing) > 0 {
			if len(missing) > 10 {
				missing = append(missing[:10], fmt.Sprintf("… (%d in all)", len(missing)))
			}
			s += " that process(es) " + strings.Join(missing, ", ") + " never reach"
		}
		if len(parts) > 0 {
			s += "; pending: " + strings.Join(parts, "; ")
		}
		return s
	case u.op.Kind == ir.Join:
		return fmt.Sprintf("%d thread(s) it started to end", u.children())
	case u.op.Kind == ir.Lock:
		if l := e.threads.locks[lockKey{u.pid, u.op.lock()}]; l != nil && l.owner >= 0 {
			o := &e.units[l.owner]
			return fmt.Sprintf("a lock held by process %d thread %d", o.pid, o.tid)
		}
		return "a lock"
	case u.op.Kind == ir.ThreadBarrier:
		if b := e.threads.tbars[lockKey{u.pid, u.op.region()}]; b != nil {
			return fmt.Sprintf("a thread barrier: %d of %d threads arrived", b.count, u.op.Count)
		}
		return "a thread barrier"
	case u.op.Kind == ir.Take:
		return e.threads.describeTake(u)
	case u.op.Kind == ir.Handoff:
		return e.threads.describeHandoff(u)
	case u.op.Kind == ir.TakeFirst:
		return e.threads.describeTakeFirst(ui)
	case len(parts) > 0:
		return strings.Join(parts, "; ")
	case u.op.Kind == ir.WaitReq || u.op.Kind == ir.WaitUnposted:
		return e.p2p.describeWaitReq(u)
	}
	return "an event that never comes (" + u.op.Kind.String() + ")"
}

// describe says what a request that nothing will complete waits for,
// for the deadlock report.
func (r *request) describe() string {
	tag := fmt.Sprintf("tag %d", r.tag)
	if r.tag == ir.AnyTag {
		tag = "any tag"
	} else if r.tag < -1 {
		tag = "collective message"
	}
	if r.isSend {
		return fmt.Sprintf("send of %g B to process %d (%s) that no receive matches", r.bytes, r.dst, tag)
	}
	from := fmt.Sprintf("process %d", r.src)
	if r.src == ir.AnySource {
		from = "any process"
	}
	return fmt.Sprintf("receive from %s (%s) that no send matches", from, tag)
}
