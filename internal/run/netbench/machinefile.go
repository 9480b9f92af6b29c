package netbench

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"augur/internal/base/diag"
	"augur/internal/machine"
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
func Secs(v float64) string { return machine.FormatDuration(v, 6) }

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
	writeNetworkKeys(&b, r, "  ")
	if _, err := machine.Parse(name+".yaml", []byte(b.String())); err != nil {
		return fmt.Errorf("internal error: the machine file does not load: %w\n%s", err, b.String())
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// writeNetworkKeys writes the network keys the measurement gives, each
// line indented by ind.
func writeNetworkKeys(b *strings.Builder, r *Result, ind string) {
	fmt.Fprintf(b, "%slatency: %s\n%sbandwidth: %s\n", ind, Secs(r.Fit.Latency()), ind, BW(r.Fit.Bandwidth()))
	b.WriteString(ind + "# The segments are end-to-end times, the transport's own protocol\n")
	b.WriteString(ind + "# included: a finite threshold would add a rendezvous handshake on top.\n")
	fmt.Fprintf(b, "%seager_threshold: inf\n%ssegments:\n", ind, ind)
	for _, g := range r.Fit.Segments {
		fmt.Fprintf(b, "%s  - { from: %d, latency: %s, bandwidth: %s }\n", ind, g.From, Secs(g.Latency), BW(g.Bandwidth))
	}
}

// calibNote is the note `augur bench machine` writes in its network
// section (calib/machinefile.go), which the merge makes untrue.
var calibNote = [2]string{"# Between nodes: not measured here", "# bandwidth of your network, or combine with a profile"}

// measuredKeys are the network keys MergeNetwork replaces.
var measuredKeys = []string{"latency:", "bandwidth:", "eager_threshold:", "segments:"}

// MergeNetwork returns the machine file base (read from path) with the
// measured network in place of its network's latency, bandwidth,
// eager_threshold and segments (and the comment lines right above them);
// everything else (nodes, intra, model, config, switches, other comments
// but the note of `augur bench machine` that nothing was measured between
// nodes) is kept as written. The base must load, its
// network section must be a block mapping (not { ... } on one line), and
// the result is checked to load.
func MergeNetwork(path string, base []byte, r *Result) ([]byte, error) {
	if _, err := machine.Parse(path, base); err != nil {
		return nil, err
	}
	lines := strings.SplitAfter(string(base), "\n")
	start := -1
	for i, l := range lines {
		if k, rest, ok := strings.Cut(strings.TrimRight(l, "\r\n"), ":"); ok && k == "network" {
			if rest = strings.TrimSpace(rest); rest != "" && !strings.HasPrefix(rest, "#") {
				return nil, diag.At(path, i+1, strings.Index(l, rest)+1, "network is written on one line; write it as a block to merge into it")
			}
			start = i
		}
	}
	keys := func(ind int) string {
		var b strings.Builder
		sp := strings.Repeat(" ", ind)
		fmt.Fprintf(&b, "%s# Measured by `augur bench network` on %s: %s.\n", sp, r.Measured.Format("2006-01-02 15:04 MST"), methodText(r))
		writeNetworkKeys(&b, r, sp)
		return b.String()
	}
	if start < 0 {
		out := strings.Join(lines, "")
		if out != "" && !strings.HasSuffix(out, "\n") {
			out += "\n"
		}
		return checkMerged(path, out+"network:\n"+keys(2))
	}
	// The network's block runs to the next line that starts a top-level
	// key; its keys are at the indentation of its first key.
	end, ind := len(lines), -1
	for i := start + 1; i < len(lines); i++ {
		t := strings.TrimRight(lines[i], "\r\n")
		trim := strings.TrimLeft(t, " ")
		if trim == "" || strings.HasPrefix(trim, "#") {
			continue
		}
		if len(t) == len(trim) {
			end = i
			break
		}
		if ind < 0 {
			ind = len(t) - len(trim)
		}
	}
	var kept []string
	for i := start + 1; i < end; i++ {
		t := strings.TrimRight(lines[i], "\r\n")
		trim := strings.TrimLeft(t, " ")
		if strings.HasPrefix(trim, calibNote[0]) || strings.HasPrefix(trim, calibNote[1]) {
			continue // no longer true
		}
		if len(t)-len(trim) == ind && hasAnyPrefix(trim, measuredKeys) {
			// Drop the key, the comment lines right above it (they
			// explain the old value) and what is nested under it.
			for len(kept) > 0 && strings.HasPrefix(strings.TrimLeft(kept[len(kept)-1], " "), "#") {
				kept = kept[:len(kept)-1]
			}
			for i+1 < end {
				n := strings.TrimRight(lines[i+1], "\r\n")
				nt := strings.TrimLeft(n, " ")
				if nt != "" && len(n)-len(nt) <= ind {
					break
				}
				i++
			}
			continue
		}
		kept = append(kept, lines[i])
	}
	if ind < 0 {
		ind = 2
	}
	out := strings.Join(lines[:start+1], "") + keys(ind) + strings.Join(kept, "") + strings.Join(lines[end:], "")
	return checkMerged(path, out)
}

func hasAnyPrefix(s string, ps []string) bool {
	for _, p := range ps {
		if strings.HasPrefix(s, p) {
			return true
		}
	}
	return false
}

func checkMerged(path, out string) ([]byte, error) {
	if _, err := machine.Parse(path, []byte(out)); err != nil {
		return nil, fmt.Errorf("%s with the measured network does not load (%w); copy the network keys by hand", path, err)
	}
	return []byte(out), nil
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
