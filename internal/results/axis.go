package results

import (
	"math"
	"strconv"
)

// What every chart of augur's reports (the HTML report, the sweep report,
// simulate's Gantt chart) does with an axis: round ticks, and a unit
// chosen from the values that the axis title names, so that ticks are
// plain numbers in it.

// NiceStep returns a round step for an axis spanning span with about n
// steps: 1, 2 or 5 times a power of ten.
func NiceStep(span float64, n int) float64 {
	if !(span > 0) || math.IsInf(span, 0) || n < 1 {
		return 1
	}
	raw := span / float64(n)
	p := math.Pow(10, math.Floor(math.Log10(raw)))
	for _, m := range []float64{1, 2, 5} {
		if m*p >= raw*(1-1e-9) {
			return m * p
		}
	}
	return 10 * p
}

// Ticks returns the multiples of a round step (NiceStep) from the last
// one at or below lo to the first at or above hi, and the step. Each is
// the double nearest its decimal value, so a tick never prints as
// 0.30000000000000004.
func Ticks(lo, hi float64, n int) (ticks []float64, step float64) {
	if !(hi > lo) {
		hi = lo + 1
	}
	step = NiceStep(hi-lo, n)
	// step = m·10^e with m in {1, 2, 5}: a tick k·m/10^-e is the double
	// nearest the decimal number, where k·step may not be.
	e := math.Floor(math.Log10(step) + 1e-9)
	m := math.Round(step / math.Pow(10, e))
	at := func(k float64) float64 {
		if e < 0 {
			return k * m / math.Pow(10, -e)
		}
		return k * m * math.Pow(10, e)
	}
	k0 := math.Floor(lo/step + 1e-9)
	k1 := math.Ceil(hi/step - 1e-9)
	for k := k0; k <= k1 && len(ticks) < 1000; k++ {
		ticks = append(ticks, at(k))
	}
	return ticks, step
}

// TimeUnit picks the unit of times up to max seconds: the largest of s,
// ms, µs and ns in which max is at least 1. Scale converts seconds to it.
func TimeUnit(max float64) (scale float64, name string) {
	switch max = math.Abs(max); {
	case max >= 1 || max == 0 || math.IsNaN(max):
		return 1, "s"
	case max >= 1e-3:
		return 1e3, "ms"
	case max >= 1e-6:
		return 1e6, "µs"
	}
	return 1e9, "ns"
}

// TickText prints tick v in the axis unit (v·scale) with as many
// decimals as the step needs and no more.
func TickText(v, step, scale float64) string {
	d := 0
	if st := step * scale; st > 0 && st < 1 {
		d = int(math.Ceil(-math.Log10(st) - 1e-9))
	}
	d = min(d, 9)
	s := strconv.FormatFloat(v*scale, 'f', d, 64)
	if s == "-0" || (len(s) > 1 && s[0] == '-' && strconv.FormatFloat(0, 'f', d, 64) == s[1:]) {
		s = s[1:]
	}
	return s
}

// ValueText prints a value for a table column in the column's unit
// (scale): four significant digits for the column's largest value (top,
// in seconds) and the same decimals for every cell of the column, so that
// the column reads as one list of numbers.
func ValueText(v, top, scale float64) string {
	if v == 0 {
		return "0"
	}
	d := 0
	if t := math.Abs(top * scale); t > 0 {
		d = max(0, 3-int(math.Floor(math.Log10(t))))
	}
	return strconv.FormatFloat(v*scale, 'f', min(d, 9), 64)
}
