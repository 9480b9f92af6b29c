// Package gen writes synthetic SimGrid time-independent traces and the
// SimGrid cluster platforms to replay them on: the workloads augur's
// agreement tests and benchmarks compare with smpirun -replay.
//
// Patterns (per iteration, every rank):
//
//	ring      compute; isend to r+1; recv from r-1; wait for the isend
//	stencil   2D periodic grid: irecv from and isend to 4 neighbours; waitall; compute
//	pairwise  all-to-all by point to point: isend to r+k, irecv from r-k (k = 1..P-1); waitall; compute
//	colls     compute, then one collective in turn: bcast, allreduce, alltoall, barrier,
//	          reduce, allgather, gather, scatter, scan
//	mix       the stencil, an allreduce of 8 bytes, and an alltoall every 8th iteration
package gen

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
)

// Spec describes a trace.
type Spec struct {
	Pattern string
	NP      int
	Iters   int
	Bytes   float64 // message size
	Flops   float64 // per compute action
	// Spread, when > 0, varies each compute action's amount as a
	// recorded trace's measured ones vary: Flops × (1 ± Spread), uniform,
	// rounded to a whole flop (the recorder writes "%.0f"), drawn from a
	// generator seeded by Seed and the rank, so that no two lines repeat
	// and the same spec writes the same trace.
	Spread float64
	Seed   uint64
}

// Patterns lists the pattern names.
var Patterns = []string{"ring", "stencil", "pairwise", "colls", "mix"}

// Validate checks a spec.
func (s Spec) Validate() error {
	ok := false
	for _, p := range Patterns {
		ok = ok || p == s.Pattern
	}
	switch {
	case !ok:
		return fmt.Errorf("unknown pattern %q (known: %v)", s.Pattern, Patterns)
	case s.NP < 2:
		return fmt.Errorf("%d ranks: want at least 2", s.NP)
	case s.Iters < 1:
		return fmt.Errorf("%d iterations: want at least 1", s.Iters)
	case !(s.Bytes >= 0) || !(s.Flops >= 0):
		return fmt.Errorf("sizes must be ≥ 0")
	case !(s.Spread >= 0 && s.Spread <= 1):
		return fmt.Errorf("spread %g: want 0 to 1", s.Spread)
	}
	return nil
}

// grid returns the stencil's px × py with px the largest divisor of p
// not above its square root.
func grid(p int) (int, int) {
	px := int(math.Sqrt(float64(p)))
	for px > 1 && p%px != 0 {
		px--
	}
	return px, p / px
}

// Rank writes rank r's actions to w (each line starting with r) and
// returns how many it wrote.
func (s Spec) Rank(w *bufio.Writer, r int) int64 {
	p := s.NP
	n := int64(0)
	line := func(parts ...any) {
		w.WriteString(strconv.Itoa(r))
		for _, x := range parts {
			w.WriteByte(' ')
			switch v := x.(type) {
			case int:
				w.WriteString(strconv.Itoa(v))
			case float64:
				w.WriteString(strconv.FormatFloat(v, 'g', -1, 64))
			case string:
				w.WriteString(v)
			}
		}
		w.WriteByte('\n')
		n++
	}
	b := s.Bytes
	rng := rand.New(rand.NewPCG(s.Seed, uint64(r)))
	// flops is the amount of the next compute action: Flops, or a
	// varied amount written as the recorder writes it ("%.0f").
	flops := func() any {
		if s.Spread == 0 {
			return s.Flops
		}
		return strconv.FormatFloat(math.Round(s.Flops*(1+s.Spread*(2*rng.Float64()-1))), 'f', 0, 64)
	}
	stencil := func() {
		px, py := grid(p)
		x, y := r%px, r/px
		at := func(x, y int) int { return ((y+py)%py)*px + (x+px)%px }
		// Neighbour in direction d and the tag its message carries.
		nb := [4]int{at(x+1, y), at(x-1, y), at(x, y+1), at(x, y-1)}
		// Receive from the left what it sent right (tag 0), and so on.
		from := [4]int{at(x-1, y), at(x+1, y), at(x, y-1), at(x, y+1)}
		for d := 0; d < 4; d++ {
			line("irecv", from[d], d, b)
		}
		for d := 0; d < 4; d++ {
			line("isend", nb[d], d, b)
		}
		line("waitall")
		line("compute", flops())
	}
	line("init")
	for it := 0; it < s.Iters; it++ {
		switch s.Pattern {
		case "ring":
			line("compute", flops())
			line("isend", (r+1)%p, 0, b)
			line("recv", (r-1+p)%p, 0, b)
			line("wait", r, (r+1)%p, 0)
		case "stencil":
			stencil()
		case "pairwise":
			for k := 1; k < p; k++ {
				line("isend", (r+k)%p, 0, b)
				line("irecv", (r-k+p)%p, 0, b)
			}
			line("waitall")
			line("compute", flops())
		case "colls":
			line("compute", flops())
			switch it % 9 {
			case 0:
				line("bcast", b, it%p)
			case 1:
				line("allreduce", b, flops())
			case 2:
				line("alltoall", math.Max(1, math.Floor(b/float64(p))), math.Max(1, math.Floor(b/float64(p))))
			case 3:
				line("barrier")
			case 4:
				line("reduce", b, flops(), (it/9)%p)
			case 5:
				line("allgather", math.Max(1, math.Floor(b/float64(p))), math.Max(1, math.Floor(b/float64(p))))
			case 6:
				line("gather", b, b, 0)
			case 7:
				line("scatter", b, b, 0)
			case 8:
				line("scan", b, flops())
			}
		case "mix":
			stencil()
			line("allreduce", 8, 0)
			if it%8 == 7 {
				line("alltoall", math.Max(1, math.Floor(b/float64(p))), math.Max(1, math.Floor(b/float64(p))))
			}
		}
	}
	line("finalize")
	return n
}

// WriteIndex writes one trace per rank in dir (rank-R.txt) and the index
// naming them (absolute paths, so smpirun finds them from anywhere). It
// returns the index's path and the number of actions.
func WriteIndex(dir string, s Spec) (string, int64, error) {
	if err := s.Validate(); err != nil {
		return "", 0, err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", 0, err
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", 0, err
	}
	idx, err := os.Create(filepath.Join(dir, "index.txt"))
	if err != nil {
		return "", 0, err
	}
	defer idx.Close()
	iw := bufio.NewWriter(idx)
	var total int64
	for r := 0; r < s.NP; r++ {
		name := filepath.Join(abs, fmt.Sprintf("rank-%d.txt", r))
		f, err := os.Create(name)
		if err != nil {
			return "", 0, err
		}
		w := bufio.NewWriterSize(f, 1<<16)
		total += s.Rank(w, r)
		if err := w.Flush(); err != nil {
			f.Close()
			return "", 0, err
		}
		if err := f.Close(); err != nil {
			return "", 0, err
		}
		fmt.Fprintln(iw, name)
	}
	if err := iw.Flush(); err != nil {
		return "", 0, err
	}
	return filepath.Join(dir, "index.txt"), total, nil
}

// WriteShared writes one shared trace, rank after rank.
func WriteShared(w io.Writer, s Spec) (int64, error) {
	if err := s.Validate(); err != nil {
		return 0, err
	}
	bw := bufio.NewWriterSize(w, 1<<16)
	var total int64
	for r := 0; r < s.NP; r++ {
		total += s.Rank(bw, r)
	}
	return total, bw.Flush()
}

// Cluster writes a SimGrid cluster platform of n hosts named node-0 ...
// (1 Gflop/s, 125 MB/s and 50 µs private links). backbone > 0 adds a
// shared backbone of that bandwidth in bytes/s (500 µs); 0 leaves the
// cluster without one (a crossbar).
func Cluster(w io.Writer, n int, backbone float64) error {
	bb := ""
	if backbone > 0 {
		bb = fmt.Sprintf(` bb_bw="%sBps" bb_lat="500us"`, strconv.FormatFloat(backbone, 'g', -1, 64))
	}
	_, err := fmt.Fprintf(w, `<?xml version='1.0'?>
<!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">
<platform version="4.1">
  <cluster id="cluster" prefix="node-" radical="0-%d" suffix=""
           speed="1Gf" bw="125MBps" lat="50us"%s/>
</platform>
`, n-1, bb)
	return err
}

// Hostfile writes node-0 ... node-(n-1), one per line.
func Hostfile(w io.Writer, n int) error {
	bw := bufio.NewWriter(w)
	for i := 0; i < n; i++ {
		fmt.Fprintf(bw, "node-%d\n", i)
	}
	return bw.Flush()
}
