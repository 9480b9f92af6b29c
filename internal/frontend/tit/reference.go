package tit

import (
	"bufio"
	"fmt"
	"strconv"
	"strings"

	"augur/internal/base/infile"
)

// Reference is what a trace's header says about its compute amounts: they
// are the measured seconds of each burst times Speed flop/s. augur's MPI
// recorder states it in a comment line (SimGrid's reader skips it):
//
//	# augur reference speed: 2312000000 flop/s, measured on host h1 (machine file here.yaml)
//	# augur reference speed: 1000000000 flop/s, assumed (not measured)
//
// Traces written by earlier recorders state only the speed, in their
// first line ("... compute in flops at 1e+09 flop/s"): a speed assumed,
// not measured. SimGrid's own traces state nothing.
type Reference struct {
	Speed float64 // flop/s
	// Measured is set when Speed was measured on Host (Source says how:
	// the machine file of the host, a measurement at the start of the
	// run, ...); otherwise it was assumed.
	Measured     bool
	Host, Source string
	// RunHost is the host the rank ran on, when the header says it.
	RunHost string
}

// String says what the reference is, for people.
func (r *Reference) String() string {
	s := strconv.FormatFloat(r.Speed, 'g', 4, 64) + " flop/s"
	if !r.Measured {
		return s + ", assumed, not measured on the recording host"
	}
	s += " measured on " + r.Host
	if r.Source != "" {
		s += " (" + r.Source + ")"
	}
	return s
}

const (
	referencePrefix = "# augur reference speed:"
	recorderPrefix  = "# augur MPI recorder:"
)

// headerLines is how many leading comment lines ReadReference looks at.
const headerLines = 64

// ReadReference reads the reference speed stated in the header (the
// leading comment lines) of the trace file at path: nil when it states
// none. A reference line that cannot be read is an error at its line.
func ReadReference(path string) (*Reference, error) {
	f, err := infile.Open(path, infile.MPITrace)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	var ref *Reference
	runHost, legacy := "", 0.0
	for n := 1; n <= headerLines && sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" {
			continue
		}
		if !strings.HasPrefix(line, "#") {
			break
		}
		switch {
		case strings.HasPrefix(line, referencePrefix):
			r, err := parseReference(strings.TrimPrefix(line, referencePrefix))
			if err != nil {
				return nil, &Error{File: path, Line: n, Msg: err.Error()}
			}
			ref = r
		case strings.HasPrefix(line, recorderPrefix):
			runHost, legacy = parseRecorderLine(line)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if ref == nil && legacy > 0 {
		ref = &Reference{Speed: legacy}
	}
	if ref != nil {
		ref.RunHost = runHost
	}
	return ref, nil
}

// parseReference reads what follows "# augur reference speed:":
// "S flop/s, measured on host H (SOURCE)" or "S flop/s, assumed ...".
func parseReference(s string) (*Reference, error) {
	speed, rest, _ := strings.Cut(strings.TrimSpace(s), " ")
	v, err := strconv.ParseFloat(speed, 64)
	if err != nil || !(v > 0) || v > 1e30 {
		return nil, fmt.Errorf("reference speed %q: want a positive number of flop/s", speed)
	}
	r := &Reference{Speed: v}
	rest = strings.TrimPrefix(strings.TrimSpace(rest), "flop/s")
	rest = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(rest), ","))
	host, ok := strings.CutPrefix(rest, "measured on host ")
	if !ok {
		return r, nil
	}
	r.Measured = true
	host, source, _ := strings.Cut(host, " (")
	r.Host = strings.TrimSpace(host)
	r.Source = strings.TrimSuffix(source, ")")
	return r, nil
}

// parseRecorderLine reads the recorder's first line, "# augur MPI
// recorder: rank R of N on host H, compute in flops at S flop/s" (earlier
// recorders wrote no host): the host and the speed, zero when absent.
func parseRecorderLine(line string) (host string, speed float64) {
	if _, h, ok := strings.Cut(line, " on host "); ok {
		host, _, _ = strings.Cut(h, ",")
	}
	if _, s, ok := strings.Cut(line, "compute in flops at "); ok {
		s, _, _ = strings.Cut(s, " ")
		speed, _ = strconv.ParseFloat(s, 64)
	}
	return host, speed
}

// Reference is the reference speed the trace's header states: rank 0's
// file of an index, or the shared trace; nil when it states none.
func (t *Trace) Reference() (*Reference, error) {
	if t.shared != nil {
		return ReadReference(t.shared.path)
	}
	return ReadReference(t.Files[0])
}
