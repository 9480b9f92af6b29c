package calib

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"

	"augur/internal/base/diag"
	"augur/internal/base/infile"
	"augur/internal/machine"
	"augur/internal/run/netbench"
)

// Profile is the characterisation of one machine.
type Profile struct {
	Name    string
	CPUs    int
	Flops   float64 // flop/s of one core
	Cycle   float64 // seconds, see MTCResult.Cycle
	Nominal float64 `json:",omitempty"` // seconds, see MTCResult.NominalCycle
	Ops     []Op
	Levels  [4]float64 `json:",omitempty"` // working sets of l1 … mem, see MTCResult.Levels
	Sharing *Sharing   `json:",omitempty"` // of the last cache level; nil: not measured
	Intra   []Segment  // ping-pong between two processes of this machine
	Samples []Sample
	Method  string // "mpi" or "tcp"
	// MPI is what the host's MPI measured beyond the ping-pong (reduction
	// operators, eager limit, collectives); nil without MPI.
	MPI *netbench.Host `json:",omitempty"`
	// Left says what was not measured, and why.
	Left     []string `json:",omitempty"`
	Quick    bool
	Measured time.Time
}

// hostColls are the collectives bench machine times on two processes of
// this host, with Open MPI's own choice of algorithm: every one bench
// network times, and the reductions called in place, which Open MPI runs
// on temporary buffers.
func hostColls() []string {
	return append(slices.Clone(netbench.Collectives), "reduce_in_place", "allreduce_in_place")
}

// hostCollSizes are their sizes (bytes a rank sends): up to the vectors
// of real programs, and on both sides of 32 MiB, the most glibc's malloc
// serves from its heap: a temporary buffer larger than that (an in-place
// reduction's, an allreduce's) is mapped afresh on every call and its
// pages faulted in, so the time per byte of a collective changes there.
func hostCollSizes(quick bool) []int64 {
	if quick {
		return []int64{8, 64 << 10, 1 << 20, 8 << 20}
	}
	return []int64{8, 1 << 10, 64 << 10, 1 << 20, 8 << 20, 31 << 20, 33 << 20, 128 << 20}
}

// Characterise runs the MTC and the CTC. progress, if not nil, hears
// each measurement as it starts, with the steps done before it and the
// steps in all (steps).
func Characterise(ctx context.Context, name string, quick bool, progress func(msg string, done, total int)) (*Profile, error) {
	p := &Profile{Name: name, CPUs: runtime.NumCPU(), Quick: quick, Measured: time.Now().UTC()}
	st := newSteps(quick, progress)
	r := MTC(MTCOptions{Quick: quick, Progress: st.mtc})
	p.Ops, p.Flops, p.Cycle, p.Nominal, p.Levels, p.Left = r.Ops, r.Flops, r.Cycle, r.NominalCycle, r.Levels, r.Left
	st.start("last cache level shared?")
	var levels [4]int
	for k, ws := range r.Levels {
		levels[k] = int(ws)
	}
	p.Sharing = LastLevelSharing(levels, p.CPUs, quick)
	st.start("C library calls")
	if lib, left, err := LibCalls(ctx, LibCallOptions{Quick: quick}); err != nil {
		p.Left = append(p.Left, "the C library calls (libm_*, libc_*; augur analyze prices them as before): "+firstLine(err.Error()))
	} else {
		p.Ops = append(p.Ops, lib...)
		p.Left = append(p.Left, left...)
	}
	st.start("ping-pong")
	samples, method, err := CTC(ctx, CTCOptions{Quick: quick})
	if err != nil && method == "mpi" {
		// MPI present but unusable (no slots, a broken install): say so
		// and fall back to TCP rather than give up.
		st.start("MPI ping-pong failed (" + firstLine(err.Error()) + "); using loopback TCP")
		samples, method, err = CTC(ctx, CTCOptions{Quick: quick, Method: "tcp"})
	}
	if err != nil {
		return nil, fmt.Errorf("ping-pong: %w", err)
	}
	p.Samples, p.Method = samples, method
	p.Intra = FitSegments(samples)
	if method != "mpi" {
		p.Left = append(p.Left, "this host's MPI (mpicc and mpirun not found, or MPI failed): the ping-pong is loopback TCP, and the reduction operators (reduce:), the eager limit and the collectives are not measured")
		return p, nil
	}
	// SMPI's piecewise model, fitted as bench network --mpi fits it.
	if fit, err := netbench.FitPiecewise(netSamples(samples), 4); err == nil {
		p.Intra = calibSegments(fit.Segments)
	}
	h, err := netbench.MeasureHost(ctx, netbench.HostOptions{Quick: quick, Colls: hostColls(), CollSizes: hostCollSizes(quick), Progress: st.start})
	if err != nil {
		if ctx.Err() != nil {
			return nil, err
		}
		p.Left = append(p.Left, "this host's MPI beyond the ping-pong (reduction operators, eager limit, collectives): "+firstLine(err.Error()))
		return p, nil
	}
	p.MPI = h
	if h.Eager == 0 {
		p.Left = append(p.Left, "the eager limit of Open MPI's shared-memory transport (ompi_info did not give btl_vader_eager_limit)")
	}
	return p, nil
}

// netSamples gives the ping-pong's samples to netbench's fit, the
// estimator as the time.
func netSamples(ss []Sample) []netbench.Sample {
	out := make([]netbench.Sample, len(ss))
	for i, s := range ss {
		out[i] = netbench.Sample{Size: int64(s.Size), Min: s.Stat.Value, Median: s.Stat.Value, Reps: s.Stat.Reps, Trips: 1}
	}
	return out
}

func calibSegments(ss []netbench.Segment) []Segment {
	out := make([]Segment, len(ss))
	for i, s := range ss {
		out[i] = Segment{From: float64(s.From), Latency: s.Latency, Bandwidth: s.Bandwidth}
	}
	if len(out) > 0 {
		out[0].From = 0 // the machine file's first segment covers every size below
	}
	return out
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(s, "\n")
	return s
}

// secs formats seconds as a machine-file time with a unit.
func secs(v float64) string { return machine.FormatDuration(v, 4) }

func bw(v float64) string {
	if v >= 1e15 {
		return "inf"
	}
	return strconv.FormatFloat(v/1e6, 'g', 5, 64) + "MB/s"
}

func size(v float64) string {
	if v == 0 {
		return "0"
	}
	if v >= 1<<20 && int64(v)%(1<<20) == 0 {
		return strconv.FormatInt(int64(v)>>20, 10) + "MiB"
	}
	if v >= 1024 && int64(v)%1024 == 0 {
		return strconv.FormatInt(int64(v)/1024, 10) + "KiB"
	}
	return strconv.FormatFloat(v, 'f', 0, 64)
}

func segments(ss []Segment) string {
	parts := make([]string, len(ss))
	for i, s := range ss {
		parts[i] = fmt.Sprintf("{ from: %s, latency: %s, bandwidth: %s }", size(s.From), secs(s.Latency), bw(s.Bandwidth))
	}
	return "[ " + strings.Join(parts, ", ") + " ]"
}

// WriteMachine writes profiles as one machine file: a node group per
// profile (one node each, with its CPUs, flop rate and operation times),
// the ping-pong of the first profile as the intra-node network. Speeds are
// relative to the first profile, from the flop rates.
func WriteMachine(w io.Writer, name string, profiles []*Profile) error {
	if len(profiles) == 0 {
		return fmt.Errorf("no profiles")
	}
	var b strings.Builder
	fmt.Fprintf(&b, "# Written by `augur bench machine`%s on %s. Operation times are the lower\n", quickNote(profiles[0].Quick), profiles[0].Measured.Format("2006-01-02 15:04 MST"))
	b.WriteString("# quartile of microbenchmarks (MTC, ChronosMix) repeated in interleaved rounds,\n")
	b.WriteString("# in " + cpuClock + " per operation; the comment after each gives its spread\n")
	b.WriteString("# (half the 90 % bootstrap interval of that quartile).\n")
	fmt.Fprintf(&b, "name: %s\nnodes:\n", name)
	ref := profiles[0].Flops
	for _, p := range profiles {
		fmt.Fprintf(&b, "  - name: %s\n    count: 1\n    cpus: %d\n", p.Name, p.CPUs)
		fmt.Fprintf(&b, "    speed: %s        # flop rate relative to %s\n", strconv.FormatFloat(p.Flops/ref, 'g', 4, 64), profiles[0].Name)
		fmt.Fprintf(&b, "    flops: %s       # flop/s of one core (independent multiply-adds)\n", strconv.FormatFloat(p.Flops, 'g', 4, 64))
		if p.Cycle > 0 {
			fmt.Fprintf(&b, "    cycle: %s   # %s; the floor of every operation below\n", secs(p.Cycle), clockText(p.Cycle, p.Nominal))
		}
		if p.Levels[0] > 0 {
			shared := ""
			if sh := p.Sharing; sh != nil {
				fmt.Fprintf(&b, "    # shared: %d processes with %s each load at random in %s, one alone in %s, one with %s in %s\n",
					sh.Procs, size(float64(sh.At)), secs(sh.Together), secs(sh.Alone), size(float64(sh.Procs*sh.At)), secs(sh.Spilled))
				shared = ", shared: " + strconv.FormatFloat(math.Round(sh.Shared*100)/100, 'f', -1, 64)
			}
			fmt.Fprintf(&b, "    levels: { l1: %s, l2: %s, l3: %s, mem: %s%s }   # working sets at which the levels below were measured; models blend between them\n",
				size(p.Levels[0]), size(p.Levels[1]), size(p.Levels[2]), size(p.Levels[3]), shared)
		}
		if h := p.MPI; h != nil {
			fmt.Fprintf(&b, "    # reduce: seconds an element of Open MPI's reduction operators (MPI_Reduce_local on\n    # %d elements); replay charges it to the ranks that combine a reduction whose\n    # trace gives no computation, and augur record --mpi measures it the same way\n", h.ReduceN)
			fmt.Fprintf(&b, "    reduce: %s\n", h.ReduceKeys())
		}
		if h := p.MPI; h != nil && len(h.Collectives) > 0 {
			writeCollectives(&b, h.Collectives)
		}
		b.WriteString("    ops:\n")
		for _, o := range p.Ops {
			floor := ""
			if o.Floored {
				floor = fmt.Sprintf(" [at the one-cycle floor: measured %s]", secs(o.Raw))
			}
			if o.Capped {
				floor = fmt.Sprintf(" [at mem_byte: measured %s, less for the whole node than for one CPU alone; the node's CPUs together move at least what one moves, and a figure far above mem_byte comes from a run disturbed by other work]", secs(o.Raw))
			}
			fmt.Fprintf(&b, "      %s: %s   # ± %s, %s%s\n", o.Key, secs(o.Stat.Value), secs(o.Stat.Spread), o.Doc, floor)
		}
	}
	p := profiles[0]
	b.WriteString("network:\n")
	b.WriteString("  # Between nodes: not measured here (one machine); set latency and\n")
	b.WriteString("  # bandwidth of your network, or combine with a profile measured there.\n")
	fmt.Fprintf(&b, "  # Within a node: ping-pong between two processes (%s), fitted piecewise.\n", methodText(p.Method))
	for _, s := range p.Samples {
		sz := size(s.Size)
		if !strings.HasSuffix(sz, "KiB") && !strings.HasSuffix(sz, "MiB") {
			sz += " B"
		}
		fmt.Fprintf(&b, "  #   %9s: %s ± %s\n", sz, secs(s.Stat.Value), secs(s.Stat.Spread))
	}
	fmt.Fprintf(&b, "  intra: { latency: %s, bandwidth: %s,\n          segments: %s }\n", secs(p.Intra[0].Latency), bw(p.Intra[0].Bandwidth), segments(p.Intra))
	if h := p.MPI; h != nil && h.Eager > 0 {
		fmt.Fprintf(&b, "  eager_threshold: %s   # Open MPI's shared-memory eager limit (ompi_info): the protocol change within this node\n", size(float64(h.Eager)))
	}
	for _, l := range p.Left {
		fmt.Fprintf(&b, "  # Not measured: %s\n", l)
	}
	// The file must load: catch a formatting slip here, not in predict.
	if _, err := machine.Parse(name+".yaml", []byte(b.String())); err != nil {
		return fmt.Errorf("internal error: the machine file does not load: %w\n%s", err, b.String())
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// clockText describes the measured cycle against the clock the system
// reports.
func clockText(cycle, nominal float64) string {
	s := fmt.Sprintf("one clock cycle (%.3g GHz), the latency of a dependent integer add", 1e-9/cycle)
	if nominal > 0 {
		s += fmt.Sprintf("; the system reports %.3g GHz", 1e-9/nominal)
		if r := cycle / nominal; r < 0.5 || r > 2 {
			s += " (more than a factor 2 apart: check the measurement)"
		}
	}
	return s
}

func quickNote(q bool) string {
	if q {
		return " --quick"
	}
	return ""
}

func methodText(m string) string {
	if m == "mpi" {
		return "MPI, mpirun -np 2"
	}
	return "loopback TCP between two threads of one process; MPI was not available"
}

// SaveProfile and LoadProfile keep a profile as JSON so that profiles of
// several machines can be combined later (augur bench machine --combine).
func SaveProfile(path string, p *Profile) error {
	data, err := json.MarshalIndent(p, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(path, append(data, '\n'), 0o644)
}

// LoadProfile reads a profile saved by SaveProfile.
func LoadProfile(path string) (*Profile, error) {
	data, err := infile.ReadFile(path, infile.Measurements)
	if err != nil {
		return nil, err
	}
	var p Profile
	if err := json.Unmarshal(data, &p); err != nil {
		e := diag.JSON(path, data, err)
		e.Msg = "not a profile written by augur bench machine --profile: " + e.Msg
		return nil, e
	}
	if p.Name == "" || p.CPUs < 1 || !(p.Flops > 0) || len(p.Intra) == 0 {
		return nil, fmt.Errorf("%s: incomplete profile (name, cpus, flops and intra are required)", path)
	}
	return &p, nil
}

// writeCollectives writes the group's collectives key: Open MPI's
// collectives on two processes of this host, which replay charges to a
// collective over two processes of one node.
func writeCollectives(b *strings.Builder, cs []netbench.Collective) {
	b.WriteString("    # collectives: seconds a call of Open MPI's collectives takes on " + strconv.Itoa(cs[0].Procs) + " processes of\n")
	b.WriteString("    # this node (its own choice of algorithm; the slowest rank's time, SkaMPI's\n")
	b.WriteString("    # way), by the bytes a rank sends; reductions sum doubles, *_in_place pass\n")
	b.WriteString("    # MPI_IN_PLACE. augur replay charges them to a collective over exactly that\n")
	b.WriteString("    # many processes, all on one node; other collectives are simulated.\n")
	fmt.Fprintf(b, "    collectives:\n      procs: %d\n", cs[0].Procs)
	for _, c := range cs {
		if c.Procs != cs[0].Procs {
			continue
		}
		parts := make([]string, len(c.Samples))
		for i, s := range c.Samples {
			parts[i] = size(float64(s.Size)) + ": " + secs(s.Min)
		}
		fmt.Fprintf(b, "      %s: { %s }\n", c.Name, strings.Join(parts, ", "))
	}
}
