package calib

import (
	"math"
	"math/rand/v2"
	"sort"
)

// Stat is a repeated measurement in seconds: the estimator over the
// repetitions and its spread.
//
// The estimator is the lower quartile of the repetitions: on a shared
// machine load only ever adds time, so the fast repetitions tell what the
// machine does, yet a quartile is steadier than the minimum of a few.
// Spread is the estimator's own uncertainty, from the same estimator: half
// the 90 % interval of the lower quartile over bootstrap resamples of the
// repetitions (seeded, so equal inputs give equal output).
type Stat struct {
	Value, Spread float64
	Reps          int
}

// estQuantile is the quantile the estimator takes.
const estQuantile = 0.25

// estimate summarises repetitions.
func estimate(vals []float64) Stat {
	if len(vals) == 0 {
		return Stat{Value: math.NaN()}
	}
	st := Stat{Value: quantile(vals, estQuantile), Reps: len(vals)}
	if len(vals) < 2 {
		return st
	}
	const boots = 400
	r := rand.New(rand.NewPCG(uint64(len(vals)), 0x5eed))
	bs := make([]float64, boots)
	re := make([]float64, len(vals))
	for b := range bs {
		for i := range re {
			re[i] = vals[r.IntN(len(vals))]
		}
		bs[b] = quantile(re, estQuantile)
	}
	st.Spread = (quantile(bs, 0.95) - quantile(bs, 0.05)) / 2
	return st
}

// quantile is the q-quantile of v, interpolated between order statistics.
func quantile(v []float64, q float64) float64 {
	s := append([]float64(nil), v...)
	sort.Float64s(s)
	x := q * float64(len(s)-1)
	i := int(x)
	if i >= len(s)-1 {
		return s[len(s)-1]
	}
	return s[i] + (x-float64(i))*(s[i+1]-s[i])
}
