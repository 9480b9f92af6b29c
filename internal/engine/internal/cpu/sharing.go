package cpu

import (
	"math"

	"augur/internal/machine"
)

// Sharing is processor sharing (machine.Share), SimGrid's CPU model: the
// n computations running on a node with c CPUs each progress at
// min(1, c/n) of the node's speed, so a host with one core and three
// ranks computing serves each at a third of its speed.
//
// All running computations go at the same rate, so the node keeps one
// virtual clock v (work served to each, in seconds at full speed) and
// its computations ordered by the v at which they end; only the first
// needs an event, which carries a version: a computation starting or
// ending moves v up to now and makes the pending event stale.
type Sharing struct {
	cpus    float64
	v       float64 // work served to each running computation
	last    float64 // when v was last brought up to date
	seq     int64
	version int32
	jobs    []job // min-heap by (end, seq)
	work    *machine.Work
}

type job struct {
	end    float64 // v at which the computation is done
	seq    int64   // arrival order: equal ends complete in arrival order
	client int32
}

// NewSharing returns processor sharing of cpus CPUs whose speed follows
// work (nil: constant).
func NewSharing(cpus int, work *machine.Work) *Sharing {
	return &Sharing{cpus: float64(cpus), work: work}
}

// SetWork makes the CPUs' speed follow w from the start (nil: constant).
func (p *Sharing) SetWork(w *machine.Work) { p.work = w }

// Running is the number of computations in progress.
func (p *Sharing) Running() int { return len(p.jobs) }

// Start starts client's computation of work seconds at full speed at t.
// The caller then schedules Next.
func (p *Sharing) Start(client int32, work, t float64) {
	p.update(t)
	p.seq++
	p.push(job{end: p.v + work, seq: p.seq, client: client})
}

// Next makes any pending end stale and returns when the first
// computation now ends, with the version its event carries; ok is false
// if none will (none runs, or the node stops for good first).
func (p *Sharing) Next() (t float64, version int32, ok bool) {
	p.version++
	if len(p.jobs) == 0 {
		return 0, p.version, false
	}
	left := math.Max(p.jobs[0].end-p.v, 0)
	if p.work != nil {
		end := End(p.work, p.last, left, p.rate())
		return end, p.version, !math.IsInf(end, 1)
	}
	return p.last + left/p.rate(), p.version, true
}

// End ends, at t, the first computation and every other that ends at
// the same virtual time, appending their clients to done in the order
// they end, if version is the one Next gave last; ok is false for a
// stale event. The caller then schedules Next.
func (p *Sharing) End(t float64, version int32, done []int32) (_ []int32, ok bool) {
	if version != p.version || len(p.jobs) == 0 {
		return done, false // superseded
	}
	p.update(t)
	if end := p.jobs[0].end; end > p.v {
		p.v = end // rounding: the event is the end
	}
	for len(p.jobs) > 0 && p.jobs[0].end <= p.v+1e-12*math.Max(1, math.Abs(p.v)) {
		done = append(done, p.pop().client)
	}
	return done, true
}

func (p *Sharing) rate() float64 { return math.Min(1, p.cpus/float64(len(p.jobs))) }

// update brings v up to time t.
func (p *Sharing) update(t float64) {
	if len(p.jobs) > 0 && t > p.last {
		p.v += Done(p.work, p.last, t) * p.rate()
	}
	p.last = t
}

func (p *Sharing) less(i, j int) bool {
	a, b := &p.jobs[i], &p.jobs[j]
	return a.end < b.end || (a.end == b.end && a.seq < b.seq)
}

func (p *Sharing) push(j job) {
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

func (p *Sharing) pop() job {
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
