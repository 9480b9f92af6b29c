package netbench

import (
	"errors"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
)

// Segment is one piece of the piecewise model: a message of s ≥ From bytes
// (up to the next segment's From) takes Latency + s / Bandwidth seconds.
type Segment struct {
	From      int64   `json:"from_bytes"`
	Latency   float64 `json:"latency_s"`
	Bandwidth float64 `json:"bandwidth_bytes_per_s"`
}

// Fit is the piecewise model fitted to a ping-pong.
type Fit struct {
	Segments []Segment `json:"segments"`
	// MeanRelErr is the mean of |model − measured| / measured over the
	// samples.
	MeanRelErr float64 `json:"mean_rel_error"`
}

// minPoints is the fewest samples a segment is fitted to: a line through
// two points always fits, so a segment must be over-determined to count.
const minPoints = 3

// FitPiecewise fits the samples' minimum times to SMPI's piecewise model:
// per message-size range a latency and a bandwidth, each range a separate
// least-squares line (on relative residuals, since times span orders of
// magnitude). The ranges' boundaries are found by exhaustive search over
// the measured sizes (dynamic programming, exact), for 1 to maxSegments
// ranges of at least three sizes each. More ranges are kept only where the
// fewer leave a mean error above 1 % and the more cut it by a third: a
// protocol change (eager to rendezvous, a window limit) is worth a
// breakpoint, noise is not.
func FitPiecewise(samples []Sample, maxSegments int) (Fit, error) {
	if len(samples) < 2 {
		return Fit{}, errors.New("fit: need at least two message sizes")
	}
	if maxSegments < 1 {
		return Fit{}, fmt.Errorf("fit: %d segments: want at least 1", maxSegments)
	}
	s := append([]Sample(nil), samples...)
	sort.Slice(s, func(i, j int) bool { return s[i].Size < s[j].Size })
	for i, p := range s {
		if !(p.Min > 0) || math.IsInf(p.Min, 0) {
			return Fit{}, fmt.Errorf("fit: time %g of %d bytes is not a positive number", p.Min, p.Size)
		}
		if i > 0 && p.Size == s[i-1].Size {
			return Fit{}, fmt.Errorf("fit: size %d measured twice", p.Size)
		}
	}
	n := len(s)
	// cost[i][j]: the line fitted to samples i..j-1 and its squared error.
	type piece struct {
		seg Segment
		sse float64
		ok  bool
	}
	cost := make([][]piece, n+1)
	for i := range cost {
		cost[i] = make([]piece, n+1)
		for j := i + minPoints; j <= n; j++ {
			seg, sse := fitLine(s[i:j])
			cost[i][j] = piece{seg, sse, true}
		}
	}
	if n < minPoints {
		seg, sse := fitLine(s)
		cost[0][n] = piece{seg, sse, true}
	}
	// best[k][j]: the least error of samples 0..j-1 in k segments, and
	// where its last segment starts.
	inf := math.Inf(1)
	best := make([][]float64, maxSegments+1)
	from := make([][]int, maxSegments+1)
	for k := range best {
		best[k] = make([]float64, n+1)
		from[k] = make([]int, n+1)
		for j := range best[k] {
			best[k][j] = inf
		}
	}
	best[0][0] = 0
	for k := 1; k <= maxSegments; k++ {
		for j := 1; j <= n; j++ {
			for i := 0; i < j; i++ {
				if best[k-1][i] == inf || !cost[i][j].ok {
					continue
				}
				if e := best[k-1][i] + cost[i][j].sse; e < best[k][j] {
					best[k][j], from[k][j] = e, i
				}
			}
		}
	}
	var chosen Fit
	for k := 1; k <= maxSegments; k++ {
		if best[k][n] == inf {
			break
		}
		var segs []Segment
		for j := n; j > 0; {
			i := from[k-len(segs)][j]
			segs = append([]Segment{cost[i][j].seg}, segs...)
			j = i
		}
		segs[0].From = 0
		f := Fit{Segments: segs, MeanRelErr: meanRelErr(segs, s)}
		if k == 1 || (chosen.MeanRelErr > 0.01 && f.MeanRelErr < chosen.MeanRelErr*2/3) {
			chosen = f
		}
	}
	return chosen, nil
}

// fitLine fits t = L + size·g by least squares on relative residuals,
// minimising Σ ((L + size·g − t) / t)², with L ≥ 0 and g > 0 (a flat
// range gets a bandwidth of 10¹⁵ B/s rather than a negative one).
func fitLine(s []Sample) (Segment, float64) {
	var a11, a12, a22, b1, b2 float64
	for _, p := range s {
		a, b := 1/p.Min, float64(p.Size)/p.Min
		a11 += a * a
		a12 += a * b
		a22 += b * b
		b1 += a
		b2 += b
	}
	L, g := 0.0, 0.0
	if det := a11*a22 - a12*a12; det > 1e-12*a11*a22 {
		L = (b1*a22 - b2*a12) / det
		g = (a11*b2 - a12*b1) / det
	} else {
		L = b1 / a11
	}
	if L < 0 {
		L, g = 0, b2/a22
	}
	if g <= 1e-15 {
		// Refit the latency alone with g fixed.
		g = 1e-15
		var num float64
		for _, p := range s {
			num += (1 - float64(p.Size)*g/p.Min) / p.Min
		}
		L = max(0, num/a11)
	}
	seg := Segment{From: s[0].Size, Latency: L, Bandwidth: 1 / g}
	var sse float64
	for _, p := range s {
		r := (seg.at(p.Size) - p.Min) / p.Min
		sse += r * r
	}
	return seg, sse
}

func (g Segment) at(size int64) float64 { return g.Latency + float64(size)/g.Bandwidth }

// Time is the model's one-way time of a message of size bytes.
func (f Fit) Time(size int64) float64 {
	seg := f.Segments[0]
	for _, g := range f.Segments {
		if g.From <= size {
			seg = g
		}
	}
	return seg.at(size)
}

func meanRelErr(segs []Segment, s []Sample) float64 {
	f := Fit{Segments: segs}
	var e float64
	for _, p := range s {
		e += math.Abs(f.Time(p.Size)-p.Min) / p.Min
	}
	return e / float64(len(s))
}

// Latency is the latency of the smallest messages (of the first segment
// with one, should a fit put the smallest at 0), Bandwidth that of the
// largest: the two numbers of a one-segment network, and the reference of
// Factors.
func (f Fit) Latency() float64 {
	for _, g := range f.Segments {
		if g.Latency > 0 {
			return g.Latency
		}
	}
	return 0
}

// Bandwidth is the bandwidth of the largest messages; see Latency.
func (f Fit) Bandwidth() float64 { return f.Segments[len(f.Segments)-1].Bandwidth }

// extraBytes is what SMPI adds to every message's size before it looks up
// a factor (augur/extra-bytes, docs/network.md).
const extraBytes = 16

// Factors writes the fit as SimGrid's smpi/lat-factor and smpi/bw-factor
// strings ("SIZE:VALUE;..."), relative to a route of latency Latency()
// and bandwidth Bandwidth() (the machine file's network.latency and
// bandwidth). SMPI applies the entry with the largest SIZE strictly below
// s + 16 bytes, so a segment from f bytes is written at f + 15.
func (f Fit) Factors() (latFactor, bwFactor string) {
	lat, bw := f.Latency(), f.Bandwidth()
	var lf, bf []string
	for i, g := range f.Segments {
		at := int64(0)
		if i > 0 {
			at = g.From + extraBytes - 1
		}
		l := 1.0 // every latency is 0
		if lat > 0 {
			// A segment fitted with no latency at all is written with a
			// millionth of the reference's: a factor must be positive
			// (augur replay refuses 0), and the difference is far below
			// what a ping-pong resolves.
			l = max(g.Latency/lat, 1e-6)
		}
		lf = append(lf, strconv.FormatInt(at, 10)+":"+strconv.FormatFloat(l, 'g', 6, 64))
		bf = append(bf, strconv.FormatInt(at, 10)+":"+strconv.FormatFloat(g.Bandwidth/bw, 'g', 6, 64))
	}
	return strings.Join(lf, ";"), strings.Join(bf, ";")
}
