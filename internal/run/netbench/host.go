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
	"strconv"
	"strings"

	"augur/internal/base/diag"
	"augur/internal/machine"
)

//go:embed csrc/reduceops.c
var reduceOpsC string

// Host is what augur bench machine measures of this host's MPI besides
// the ping-pong: the reduction operators and the collectives of Open MPI
// on two processes.
type Host struct {
	// Reduce is seconds per element combined by OP_TYPE (machine.ReduceOps
	// × machine.ReduceTypes), MPI_Reduce_local on vectors of N elements.
	Reduce map[string]float64
	// ReduceN is the vectors' length.
	ReduceN int64
	// Eager is the size up to which Open MPI's shared-memory transport
	// sends eagerly (btl_vader_eager_limit, or btl_sm_eager_limit), 0
	// when ompi_info does not say.
	Eager int64
	// Collectives are Open MPI's own choice of algorithm on 2 processes.
	Collectives []Collective
}

// HostOptions control MeasureHost.
type HostOptions struct {
	Quick bool
	// Colls are the collectives to time (names of Collectives) at
	// CollSizes; none: no collective.
	Colls     []string
	CollSizes []int64
	Progress  func(string)
}

// MeasureHost measures this host's MPI: the reduction operators, the
// eager limit and the collectives. mpicc and mpirun must be there.
func MeasureHost(ctx context.Context, o HostOptions) (*Host, error) {
	dir, err := os.MkdirTemp("", "augur-host-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	src, bin := filepath.Join(dir, "reduceops.c"), filepath.Join(dir, "reduceops")
	if err := os.WriteFile(src, []byte(reduceOpsC), 0o644); err != nil {
		return nil, err
	}
	if out, err := exec.CommandContext(ctx, "mpicc", "-O2", "-o", bin, src).CombinedOutput(); err != nil {
		return nil, fmt.Errorf("mpicc: %v\n%s", err, out)
	}
	if o.Progress != nil {
		o.Progress("MPI reduction operators")
	}
	// 64 Ki elements: half a megabyte of doubles, the second cache of
	// current processors, where a reduction's operands mostly come from.
	h := &Host{ReduceN: 65536}
	reps := 7
	if o.Quick {
		reps = 3
	}
	cmd := exec.CommandContext(ctx, "mpirun", "-np", "1", bin, strconv.FormatInt(h.ReduceN, 10), strconv.Itoa(reps))
	cmd.Env = append(os.Environ(), "OMPI_ALLOW_RUN_AS_ROOT=1", "OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1")
	out, err := cmd.Output()
	if err != nil {
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			return nil, fmt.Errorf("mpirun reduceops: %v\n%s", err, ee.Stderr)
		}
		return nil, fmt.Errorf("mpirun reduceops: %w", err)
	}
	if h.Reduce, err = ParseReduceOps(strings.NewReader(string(out))); err != nil {
		return nil, err
	}
	h.Eager = eagerLimit(ctx)
	if len(o.Colls) > 0 {
		rounds := 5
		if o.Quick {
			rounds = 3
		}
		_, h.Collectives, err = MPI(ctx, MPIOptions{Hosts: []string{"localhost"}, Sizes: []int64{1}, CollSizes: o.CollSizes,
			Procs: []int{2}, Colls: o.Colls, Reps: rounds, Target: 0.002, DefaultOnly: true, Progress: o.Progress})
		if err != nil {
			return nil, err
		}
	}
	return h, nil
}

// ParseReduceOps reads reduceops' "OP_TYPE SECONDS" lines (anything
// else is MPI's chatter).
func ParseReduceOps(r io.Reader) (map[string]float64, error) {
	out := map[string]float64{}
	sc := bufio.NewScanner(r)
	for line := 1; sc.Scan(); line++ {
		f := strings.Fields(sc.Text())
		if len(f) != 2 || !strings.Contains(f[0], "_") {
			continue
		}
		v, err := strconv.ParseFloat(f[1], 64)
		if err != nil {
			continue
		}
		if !(v > 0) || v > 1 {
			return nil, diag.At("reduceops output", line, 0, "bad time %q for %s", f[1], f[0])
		}
		out[f[0]] = v
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if _, ok := out["sum_double"]; !ok {
		return nil, errors.New("reduceops output: no time for sum_double")
	}
	return out, nil
}

// eagerLimit asks ompi_info for the shared-memory transport's eager limit
// (Open MPI 4's vader, or 5's sm): 0 when it does not say.
func eagerLimit(ctx context.Context) int64 {
	for _, btl := range []string{"vader", "sm"} {
		out, err := exec.CommandContext(ctx, "ompi_info", "--param", "btl", btl, "--level", "9", "--parsable").Output()
		if err != nil {
			continue
		}
		if v := ParseEagerLimit(string(out), btl); v > 0 {
			return v
		}
	}
	return 0
}

// ParseEagerLimit finds "mca:btl:BTL:param:btl_BTL_eager_limit:value:N"
// in ompi_info's parsable output: N, or 0.
func ParseEagerLimit(out, btl string) int64 {
	key := "mca:btl:" + btl + ":param:btl_" + btl + "_eager_limit:value:"
	for _, l := range strings.Split(out, "\n") {
		if v, ok := strings.CutPrefix(strings.TrimSpace(l), key); ok {
			n, err := strconv.ParseInt(v, 10, 64)
			if err == nil && n > 0 {
				return n
			}
		}
	}
	return 0
}

// ReduceKeys writes h's operators as a machine file's reduce mapping, in
// machine.ReduceOps × machine.ReduceTypes order.
func (h *Host) ReduceKeys() string {
	var parts []string
	for _, t := range machine.ReduceTypes {
		for _, op := range machine.ReduceOps {
			k := op + "_" + t
			if v, ok := h.Reduce[k]; ok {
				parts = append(parts, k+": "+machine.FormatDuration(v, 3))
			}
		}
	}
	return "{ " + strings.Join(parts, ", ") + " }"
}
