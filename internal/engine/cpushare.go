package engine

import (
	"math"

	"augur/internal/machine"
)

// Processor sharing (machine.Share), as SimGrid's CPU model: the n
// computations running on a node with c CPUs each progress at
// min(1, c/n) of the node's speed, so a host with one core and three
// ranks computing serves each at a third of its speed.
//
// All running computations of a node go at the same rate, so the node
// keeps one virtual clock v (work served to each, in seconds at full
// speed) and its computations ordered by the v at which they end; only
// the first is scheduled, by one versioned event per node. A computation
// starting or ending moves v up to now and reschedules that event.

type psJob struct {
	end float64 // v at which the computation is done
	seq int64   // arrival order: equal ends complete in arrival order
	ui  int32
}

type psCPU struct {
	cpus    float64
	v       float64 // work served to each running computation
	last    float64 // when v was last brought up to date
	seq     int64
	version int32
	jobs    []psJob // min-heap by (end, seq)
	// work is the node's speed over time (profile.go); nil: constant.
	work *machine.Work
}

func (p *psCPU) rate() float64 { return math.Min(1, p.cpus/float64(len(p.jobs))) }

// update brings v up to time t.
func (p *psCPU) update(t float64) {
	if len(p.jobs) > 0 && t > p.last {
		p.v += workDone(p.work, p.last, t) * p.rate()
	}
	p.last = t
}

func (p *psCPU) less(i, j int) bool {
	a, b := &p.jobs[i], &p.jobs[j]
	return a.end < b.end || (a.end == b.end && a.seq < b.seq)
}

func (p *psCPU) push(j psJob) {
	p.jobs = append(p.jobs, j)
	for i := len(p.jobs) - 1; i > 0; {
		up := (i - 1) / 2
		if !p.less(i, up) {
			break
		}
		p.jobs[i], p.jobs[up] = p.jobs[up], p.jobs[i]
		i = up
	}
}

func (p *psCPU) pop() psJob {
	top := p.jobs[0]
	last := len(p.jobs) - 1
	p.jobs[0] = p.jobs[last]
	p.jobs = p.jobs[:last]
	for i := 0; ; {
		l, r, m := 2*i+1, 2*i+2, i
		if l < last && p.less(l, m) {
			m = l
		}
		if r < last && p.less(r, m) {
			m = r
		}
		if m == i {
			break
		}
		p.jobs[i], p.jobs[m] = p.jobs[m], p.jobs[i]
		i = m
	}
	return top
}

// startShared starts the unit's computation (u.work seconds at full
// speed) on its processor-sharing node at t (== e.now).
func (e *engine) startShared(ui int32, t float64) {
	u := &e.units[ui]
	p := e.nodes[u.node].ps
	u.state = stComputing
	u.runFrom = t
	p.update(t)
	p.seq++
	p.push(psJob{end: p.v + u.work, seq: p.seq, ui: ui})
	e.reschedulePS(u.node, p)
}

func (e *engine) reschedulePS(node int32, p *psCPU) {
	p.version++
	if len(p.jobs) == 0 {
		return
	}
	left := math.Max(p.jobs[0].end-p.v, 0)
	if p.work != nil {
		if end := endOfWork(p.work, p.last, left, p.rate()); !math.IsInf(end, 1) {
			e.q.Push(end, node, uint8(evCPU), p.version)
		}
		return
	}
	e.q.Push(p.last+left/p.rate(), node, uint8(evCPU), p.version)
}

// cpuEvent ends the first computation of a processor-sharing node, and
// every other that ends at the same virtual time.
func (e *engine) cpuEvent(node, version int32) {
	p := e.nodes[node].ps
	if p == nil || version != p.version || len(p.jobs) == 0 {
		return // superseded
	}
	now := e.now
	p.update(now)
	end := p.jobs[0].end
	if end > p.v {
		p.v = end // rounding: the event is the end
	}
	var done []int32
	for len(p.jobs) > 0 && p.jobs[0].end <= p.v+1e-12*math.Max(1, math.Abs(p.v)) {
		done = append(done, p.pop().ui)
	}
	e.reschedulePS(node, p)
	for _, ui := range done {
		e.complete(ui, now)
		e.advance(ui, now)
	}
}
