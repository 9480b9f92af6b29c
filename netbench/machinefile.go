package netbench

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"augur/machine"
)

// Result is one measurement of the network between two hosts.
type Result struct {
	// Method is "tcp" (augur's own ping-pong) or "mpi".
	Method string `json:"method"`
	// Peer says what was measured: the listener's address, or the MPI hosts.
	Peer     string    `json:"peer"`
	Measured time.Time `json:"measured"`
	Samples  []Sample  `json:"samples"`
	Fit      Fit       `json:"fit"`
	// LatFactor and BwFactor are Fit as smpi/lat-factor and smpi/bw-factor
	// over the file's latency and bandwidth.
	LatFactor   string       `json:"smpi_lat_factor"`
	BwFactor    string       `json:"smpi_bw_factor"`
	Collectives []Collective `json:"collectives,omitempty"`
}

// NewResult fits the samples (up to maxSegments pieces) and fills the
// factor strings.
func NewResult(method, peer string, samples []Sample, maxSegments int, at time.Time) (*Result, error) {
	f, err := FitPiecewise(samples, maxSegments)
	if err != nil {
		return nil, err
	}
	r := &Result{Method: method, Peer: peer, Measured: at.UTC(), Samples: samples, Fit: f}
	r.LatFactor, r.BwFactor = f.Factors()
	return r, nil
}

// Secs formats seconds as a machine-file time, 6 significant digits.
func Secs(v float64) string {
	switch {
	case v == 0:
		return "0s"
	case v < 1e-6:
		return strconv.FormatFloat(v*1e9, 'g', 6, 64) + "ns"
	case v < 1e-3:
		return strconv.FormatFloat(v*1e6, 'g', 6, 64) + "us"
	case v < 1:
		return strconv.FormatFloat(v*1e3, 'g', 6, 64) + "ms"
	}
	return strconv.FormatFloat(v, 'g', 6, 64) + "s"
}

// BW formats bytes per second as a machine-file bandwidth in MB/s.
func BW(v float64) string { return strconv.FormatFloat(v/1e6, 'g', 6, 64) + "MB/s" }

// WriteMachine writes r as a machine file of two nodes named name (cpus
// CPUs each, speed 1: computation is not measured here) joined by the
// measured network: its latency and bandwidth, the fitted segments (which
// the constant model uses) and, in comments, the samples, the collectives
// and the SMPI factors for --cfg. The file is checked to load.
func WriteMachine(w io.Writer, name string, cpus int, r *Result) error {
	var b strings.Builder
	fmt.Fprintf(&b, "# Written by `augur bench network` on %s: %s.\n", r.Measured.Format("2006-01-02 15:04 MST"), methodText(r))
	b.WriteString("# Computation is not measured here: take nodes from `augur bench machine`\n")
	b.WriteString("# and this network section.\n")
	fmt.Fprintf(&b, "name: %s\nnodes:\n  - name: %s\n    count: 2\n    cpus: %d\n    speed: 1\n", name, name, cpus)
	b.WriteString("    flops: 1Gf   # a reference rate for replays, not measured here\n")
	b.WriteString("network:\n")
	b.WriteString("  # One-way time (half a round trip) by message size: minimum and median of\n")
	b.WriteString("  # the repetitions, and the fitted model (from the minimum).\n")
	for _, s := range r.Samples {
		fmt.Fprintf(&b, "  #   %9s: min %s, median %s, model %s\n", sizeText(s.Size), Secs(s.Min), Secs(s.Median), Secs(r.Fit.Time(s.Size)))
	}
	fmt.Fprintf(&b, "  # Piecewise fit, %d segment(s), mean error %.2f %%. Under SMPI's model\n", len(r.Fit.Segments), 100*r.Fit.MeanRelErr)
	b.WriteString("  # (--network-model SMPI) the same curve is these factors over latency\n")
	b.WriteString("  # and bandwidth below:\n")
	fmt.Fprintf(&b, "  #   --cfg smpi/lat-factor:'%s'\n", r.LatFactor)
	fmt.Fprintf(&b, "  #   --cfg smpi/bw-factor:'%s'\n", r.BwFactor)
	writeCollectives(&b, r.Collectives)
	fmt.Fprintf(&b, "  latency: %s\n  bandwidth: %s\n", Secs(r.Fit.Latency()), BW(r.Fit.Bandwidth()))
	b.WriteString("  # The segments are end-to-end times, the transport's own protocol\n")
	b.WriteString("  # included: a finite threshold would add a rendezvous handshake on top.\n")
	b.WriteString("  eager_threshold: inf\n  segments:\n")
	for _, g := range r.Fit.Segments {
		fmt.Fprintf(&b, "    - { from: %d, latency: %s, bandwidth: %s }\n", g.From, Secs(g.Latency), BW(g.Bandwidth))
	}
	if _, err := machine.Parse(name+".yaml", []byte(b.String())); err != nil {
		return fmt.Errorf("internal error: the machine file does not load: %w\n%s", err, b.String())
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func methodText(r *Result) string {
	if r.Method == "mpi" {
		return "MPI ping-pong between " + r.Peer
	}
	return "TCP ping-pong with the listener at " + r.Peer
}

func sizeText(n int64) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return strconv.FormatInt(n>>20, 10) + " MiB"
	case n >= 1<<10 && n%(1<<10) == 0:
		return strconv.FormatInt(n>>10, 10) + " KiB"
	}
	return strconv.FormatInt(n, 10) + " B"
}
