package netbench

import (
	"bufio"
	"context"
	_ "embed"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"augur/internal/base/diag"
)

//go:embed csrc/bench.c
var benchC string

// Collectives are the collectives the MPI mode measures, in this order.
var Collectives = []string{"barrier", "bcast", "reduce", "allreduce", "allgather", "alltoall", "gather", "scatter"}

// Collective is one collective, algorithm and process count measured at
// every size: seconds per call, the slowest rank's.
type Collective struct {
	Name      string `json:"collective"`
	Algorithm int    `json:"algorithm"`
	// AlgName is OpenMPI's name of the algorithm ("default": the library's
	// own choice by size and count).
	AlgName string   `json:"algorithm_name"`
	Procs   int      `json:"procs"`
	Samples []Sample `json:"samples"`
}

// MPIOptions control the MPI mode.
type MPIOptions struct {
	// Hosts are given to mpirun --host; ranks go round robin over them
	// (--map-by node), so ranks 0 and 1 of the ping-pong are on the first
	// two hosts.
	Hosts []string
	Sizes []int64 // of the ping-pong
	// CollSizes are the collectives' sizes (bytes a rank sends to one
	// other); Procs the process counts; Colls the collectives (names of
	// Collectives); none measures no collective.
	CollSizes []int64
	Procs     []int
	Colls     []string
	Reps      int
	Target    float64 // seconds a repetition of a size should last at least
	// WorkDir holds the compiled benchmark; it must be the same path on
	// every host (a shared file system). "" makes a temporary directory,
	// enough for one host.
	WorkDir string
	// MPIRun is extra arguments for every mpirun (e.g. a hostfile).
	MPIRun []string
	// DefaultOnly times Open MPI's own choice of algorithm only, not
	// every tuned algorithm.
	DefaultOnly bool
	Progress    func(string)
}

// Algorithms lists OpenMPI's tuned algorithms of each collective as
// `ompi_info --param coll tuned --level 9 --parsable` prints them.
func Algorithms(ctx context.Context) (map[string][]Algorithm, error) {
	out, err := exec.CommandContext(ctx, "ompi_info", "--param", "coll", "tuned", "--level", "9", "--parsable").Output()
	if err != nil {
		return nil, fmt.Errorf("ompi_info: %w", err)
	}
	return ParseAlgorithms(strings.NewReader(string(out)))
}

// Algorithm is one value of coll_tuned_<coll>_algorithm.
type Algorithm struct {
	N    int
	Name string
}

// ParseAlgorithms reads ompi_info's parsable lines
// "mca:coll:tuned:param:coll_tuned_bcast_algorithm:enumerator:value:2:chain".
func ParseAlgorithms(r io.Reader) (map[string][]Algorithm, error) {
	out := map[string][]Algorithm{}
	sc := bufio.NewScanner(r)
	for line := 1; sc.Scan(); line++ {
		f := strings.Split(sc.Text(), ":")
		if len(f) != 9 || f[0] != "mca" || f[5] != "enumerator" || f[6] != "value" {
			continue
		}
		coll, ok := strings.CutPrefix(f[4], "coll_tuned_")
		if !ok {
			continue
		}
		coll, ok = strings.CutSuffix(coll, "_algorithm")
		if !ok {
			continue
		}
		n, err := strconv.Atoi(f[7])
		if err != nil || n < 0 {
			return nil, diag.At("ompi_info", line, 0, "algorithm number %q", f[7])
		}
		name := f[8]
		if n == 0 {
			name = "default"
		}
		out[coll] = append(out[coll], Algorithm{n, name})
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	for _, a := range out {
		sort.Slice(a, func(i, j int) bool { return a[i].N < a[j].N })
	}
	return out, nil
}

// MPI measures the ping-pong between the first two hosts and, per
// collective, algorithm and process count, the collectives.
func MPI(ctx context.Context, o MPIOptions) ([]Sample, []Collective, error) {
	if len(o.Hosts) == 0 || o.Reps < 1 || len(o.Sizes) == 0 {
		return nil, nil, errors.New("mpi: Hosts, Sizes and Reps must be given")
	}
	dir := o.WorkDir
	if dir == "" {
		d, err := os.MkdirTemp("", "augur-netbench-")
		if err != nil {
			return nil, nil, err
		}
		defer os.RemoveAll(d)
		dir = d
	}
	src, bin := filepath.Join(dir, "augur-netbench.c"), filepath.Join(dir, "augur-netbench")
	if err := os.WriteFile(src, []byte(benchC), 0o644); err != nil {
		return nil, nil, err
	}
	if out, err := exec.CommandContext(ctx, "mpicc", "-O2", "-o", bin, src).CombinedOutput(); err != nil {
		return nil, nil, fmt.Errorf("mpicc: %v\n%s", err, out)
	}
	run := func(op string, procs int, mca []string, sizes []int64) ([]Sample, error) {
		args := append([]string{"-np", strconv.Itoa(procs), "--host", strings.Join(o.Hosts, ","),
			"--map-by", "node", "--oversubscribe", "--bind-to", "none"}, o.MPIRun...)
		args = append(args, mca...)
		args = append(args, bin, op, strconv.Itoa(o.Reps), strconv.FormatFloat(o.Target, 'g', -1, 64))
		for _, s := range sizes {
			args = append(args, strconv.FormatInt(s, 10))
		}
		cmd := exec.CommandContext(ctx, "mpirun", args...)
		cmd.Env = append(os.Environ(), "OMPI_ALLOW_RUN_AS_ROOT=1", "OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1")
		out, err := cmd.Output()
		if err != nil {
			var ee *exec.ExitError
			if errors.As(err, &ee) {
				return nil, fmt.Errorf("mpirun %s: %v\n%s", strings.Join(args, " "), err, ee.Stderr)
			}
			return nil, fmt.Errorf("mpirun: %w", err)
		}
		return ParseBenchOutput(strings.NewReader(string(out)), op, sizes)
	}
	if o.Progress != nil {
		o.Progress("MPI ping-pong")
	}
	pp, err := run("pp", 2, nil, o.Sizes)
	if err != nil {
		return nil, nil, err
	}
	if len(o.Colls) == 0 {
		return pp, nil, nil
	}
	algs := map[string][]Algorithm{}
	if o.DefaultOnly {
		for _, name := range o.Colls {
			algs[name] = []Algorithm{{0, "default"}}
		}
	} else if algs, err = Algorithms(ctx); err != nil {
		return nil, nil, err
	}
	var colls []Collective
	for _, name := range o.Colls {
		list := algs[name]
		if len(list) == 0 {
			return nil, nil, fmt.Errorf("ompi_info lists no tuned algorithms of %s", name)
		}
		sizes := o.CollSizes
		if name == "barrier" {
			sizes = []int64{0}
		}
		for _, p := range o.Procs {
			for _, a := range list {
				if a.Name == "two_proc" && p != 2 {
					continue // OpenMPI refuses it for other counts
				}
				if o.Progress != nil {
					o.Progress(fmt.Sprintf("%s, algorithm %d (%s), %d processes", name, a.N, a.Name, p))
				}
				var mca []string
				if !o.DefaultOnly {
					mca = []string{"--mca", "coll_tuned_use_dynamic_rules", "1",
						"--mca", "coll_tuned_" + name + "_algorithm", strconv.Itoa(a.N)}
				}
				s, err := run(name, p, mca, sizes)
				if err != nil {
					return nil, nil, fmt.Errorf("%s algorithm %d (%s) on %d processes: %w", name, a.N, a.Name, p, err)
				}
				colls = append(colls, Collective{Name: name, Algorithm: a.N, AlgName: a.Name, Procs: p, Samples: s})
			}
		}
	}
	return pp, colls, nil
}

// ParseBenchOutput reads the benchmark's "R OP SIZE TRIPS t1 ..." lines
// (anything else is MPI's chatter) and checks that every size of op came
// back once, with positive finite times.
func ParseBenchOutput(r io.Reader, op string, sizes []int64) ([]Sample, error) {
	got := map[int64]Sample{}
	sc := bufio.NewScanner(r)
	for line := 1; sc.Scan(); line++ {
		f := strings.Fields(sc.Text())
		if len(f) < 5 || f[0] != "R" {
			continue
		}
		if f[1] != op {
			return nil, diag.At("benchmark output", line, 0, "operation %q, want %q", f[1], op)
		}
		size, err1 := strconv.ParseInt(f[2], 10, 64)
		trips, err2 := strconv.Atoi(f[3])
		if err1 != nil || err2 != nil || size < 0 || trips < 1 {
			return nil, diag.At("benchmark output", line, 0, "bad size or trips in %q", sc.Text())
		}
		if _, dup := got[size]; dup {
			return nil, diag.At("benchmark output", line, 0, "size %d twice", size)
		}
		var v []float64
		for _, x := range f[4:] {
			t, err := strconv.ParseFloat(x, 64)
			if err != nil || !(t > 0) || t > 1e9 {
				return nil, diag.At("benchmark output", line, 0, "bad time %q", x)
			}
			v = append(v, t)
		}
		got[size] = summarise(size, v, trips)
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	out := make([]Sample, 0, len(sizes))
	for _, s := range sizes {
		g, ok := got[s]
		if !ok {
			return nil, fmt.Errorf("benchmark output: no time for %s of %d bytes", op, s)
		}
		out = append(out, g)
	}
	return out, nil
}

// writeCollectives adds the collectives to the machine file as comments:
// the file has no place for them, yet they belong with the network they
// were measured on.
func writeCollectives(b *strings.Builder, cs []Collective) {
	if len(cs) == 0 {
		return
	}
	b.WriteString("  # Collectives (SkaMPI's way: after a barrier, the slowest rank's time per\n")
	b.WriteString("  # call, minimum over repetitions), per OpenMPI algorithm and process count:\n")
	for _, c := range cs {
		parts := make([]string, len(c.Samples))
		for i, s := range c.Samples {
			parts[i] = sizeText(s.Size) + " " + Secs(s.Min)
		}
		fmt.Fprintf(b, "  #   %s %d (%s), %d procs: %s\n", c.Name, c.Algorithm, c.AlgName, c.Procs, strings.Join(parts, ", "))
	}
}
