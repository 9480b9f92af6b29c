package machine

import (
	"fmt"
	"math"
	"sort"
)

// Profile is a quantity that changes over time in steps, as SimGrid's
// availability profiles (speed_file, bandwidth_file, state_file): it is
// how external load — other users' jobs on a shared machine — reaches a
// prediction. Before its first point a resource has its nominal value;
// from each point's time on, that point's value. With Period > 0 the
// points repeat: iteration k (from 0) has point i at k·Period + Points[i].T,
// and between iterations the last value holds.
type Profile struct {
	// Source names where the profile was given ("jupiter.profile",
	// "fast.yaml:12:7"), for messages.
	Source string
	Points []ProfilePoint // times ≥ 0, non-decreasing
	Period float64        // > 0: repeat; 0: the last value holds for ever
}

// ProfilePoint is one step of a Profile.
type ProfilePoint struct {
	T     float64 // seconds from the start of the run (of the iteration)
	Value float64 // ≥ 0; its meaning is the resource's (a speed factor, bytes per second, on/off)
	// Line is where the point was written in Source (0: unknown).
	Line int
}

// Check reports what makes p unusable: negative or unsorted times,
// negative or non-finite values, a period shorter than the points span.
func (p *Profile) Check() error {
	last := 0.0
	for i, pt := range p.Points {
		if !(pt.T >= 0) || math.IsInf(pt.T, 0) {
			return fmt.Errorf("%s: point %d: time %v is not a finite time ≥ 0", p.Source, i+1, pt.T)
		}
		if pt.T < last {
			return fmt.Errorf("%s: point %d: time %v comes before the previous point's %v (points must be in time order)", p.Source, i+1, pt.T, last)
		}
		last = pt.T
		if !(pt.Value >= 0) || math.IsInf(pt.Value, 0) {
			return fmt.Errorf("%s: point %d: value %v is not a finite number ≥ 0", p.Source, i+1, pt.Value)
		}
	}
	if math.IsNaN(p.Period) || p.Period < 0 || math.IsInf(p.Period, 0) {
		return fmt.Errorf("%s: period %v is not a finite time ≥ 0", p.Source, p.Period)
	}
	if p.Period > 0 && len(p.Points) > 0 && p.Period < last {
		return fmt.Errorf("%s: period %v is shorter than the last point's time %v", p.Source, p.Period, last)
	}
	return nil
}

// Next returns the first change of p strictly after time t (its time and
// value) and whether there is one. It is how the engine walks a profile
// without materialising its repetitions.
func (p *Profile) Next(t float64) (at, value float64, ok bool) {
	n := len(p.Points)
	if n == 0 {
		return 0, 0, false
	}
	k := 0.0
	if p.Period > 0 && t >= p.Period {
		k = math.Floor(t / p.Period)
	}
	for ; ; k++ {
		base := k * p.Period
		i := sort.Search(n, func(i int) bool { return base+p.Points[i].T > t })
		if i < n {
			return base + p.Points[i].T, p.Points[i].Value, true
		}
		if p.Period <= 0 {
			return 0, 0, false
		}
	}
}

// ValueAt returns p's value at time t (the nominal value before its first
// point).
func (p *Profile) ValueAt(t, nominal float64) float64 {
	v := nominal
	n := len(p.Points)
	if n == 0 || t < p.Points[0].T {
		return v
	}
	k := 0.0
	if p.Period > 0 && t >= p.Period {
		k = math.Floor(t / p.Period)
		v = p.Points[n-1].Value // the previous iteration's last value
	}
	base := k * p.Period
	i := sort.Search(n, func(i int) bool { return base+p.Points[i].T > t })
	if i > 0 {
		v = p.Points[i-1].Value
	}
	return v
}

// Work integrates a speed profile (values are factors of the nominal
// speed, 1 before the first point): W(t) is the work, in seconds at
// nominal speed, a computation running from 0 to t gets done. The engine
// asks it when a computation running from t0 with w seconds of work left
// ends — At(Of(t0)+w) — so a speed change applies to the work remaining
// at the new rate, as SimGrid's CPU model does, without an event per
// change. One iteration is tabulated; repetitions are arithmetic.
type Work struct {
	first  curve   // [0, Period), or [0, ∞) without repetition
	cycle  curve   // one later iteration: it starts at the last value
	period float64 // 0: no repetition
}

// curve is a piecewise-linear non-decreasing function given by its
// segments: from start[i] on, rate[i]; cum[i] = W(start[i]).
type curve struct {
	start, rate, cum []float64
}

// NewWork tabulates p, a speed profile.
func NewWork(p *Profile) *Work {
	w := &Work{first: makeCurve(p.Points, 1)}
	if p.Period > 0 && len(p.Points) > 0 { // a period without points changes nothing
		w.period = p.Period
		w.cycle = makeCurve(p.Points, p.Points[len(p.Points)-1].Value)
	}
	return w
}

func makeCurve(pts []ProfilePoint, initial float64) curve {
	c := curve{start: []float64{0}, rate: []float64{initial}, cum: []float64{0}}
	for _, pt := range pts {
		last := len(c.start) - 1
		if pt.T == c.start[last] {
			c.rate[last] = pt.Value // a later point at the same time wins
			continue
		}
		c.cum = append(c.cum, c.cum[last]+c.rate[last]*(pt.T-c.start[last]))
		c.start = append(c.start, pt.T)
		c.rate = append(c.rate, pt.Value)
	}
	return c
}

// of is the curve at t ≥ 0.
func (c *curve) of(t float64) float64 {
	i := sort.Search(len(c.start), func(i int) bool { return c.start[i] > t }) - 1
	return c.cum[i] + c.rate[i]*(t-c.start[i])
}

// at is the earliest t with of(t) = w (+Inf if never).
func (c *curve) at(w float64) float64 {
	if w <= 0 {
		return 0
	}
	j := sort.Search(len(c.cum), func(i int) bool { return c.cum[i] >= w })
	if j < len(c.cum) && c.cum[j] == w {
		return c.start[j]
	}
	i := j - 1
	if c.rate[i] <= 0 {
		return math.Inf(1) // only the last segment can be flat here
	}
	return c.start[i] + (w-c.cum[i])/c.rate[i]
}

// Of returns W(t) for t ≥ 0.
func (w *Work) Of(t float64) float64 {
	if w.period <= 0 || t < w.period {
		return w.first.of(t)
	}
	base := w.first.of(w.period)
	per := w.cycle.of(w.period)
	k := math.Floor((t - w.period) / w.period)
	return base + k*per + w.cycle.of(t-w.period-k*w.period)
}

// End returns when a computation starting at t with work seconds of
// nominal work ends: At(Of(t)+work), never before t (at huge speeds the
// work added can vanish in W's rounding, and the inverse can land a
// hair before t).
func (w *Work) End(t, work float64) float64 {
	return math.Max(t, w.At(w.Of(t)+work))
}

// At returns the earliest time t with W(t) = work (+Inf if the speed
// stays 0 for ever before).
func (w *Work) At(work float64) float64 {
	if w.period <= 0 {
		return w.first.at(work)
	}
	base := w.first.of(w.period)
	if work <= base {
		return w.first.at(work)
	}
	per := w.cycle.of(w.period)
	if per <= 0 {
		return math.Inf(1)
	}
	k := math.Floor((work - base) / per)
	s := w.cycle.at(work - base - k*per)
	if s >= w.period { // rounding at an iteration's end
		k++
		s = w.cycle.at(work - base - k*per)
	}
	return w.period + k*w.period + s
}
