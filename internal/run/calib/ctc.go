package calib

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"
)

// Sample is the one-way time of a message of Size bytes (half a round
// trip), median and spread over repetitions.
type Sample struct {
	Size float64
	Stat Stat
}

// CTCOptions control the ping-pong.
type CTCOptions struct {
	Quick bool
	// Method: "mpi", "tcp" or "" (MPI when mpicc and mpirun are found).
	Method string
	// WorkDir holds the compiled ping-pong; "" uses a temporary directory.
	WorkDir string
}

// Sizes are the message sizes, 1 B to 16 MiB: every power of two, or
// every fourth power in quick mode.
func Sizes(quick bool) []float64 {
	var out []float64
	step := 1
	if quick {
		step = 2
	}
	for e := 0; e <= 24; e += step {
		out = append(out, math.Ldexp(1, e))
	}
	return out
}

// CTC measures the ping-pong and says how ("mpi" or "tcp").
func CTC(ctx context.Context, o CTCOptions) ([]Sample, string, error) {
	method := o.Method
	if method == "" {
		method = "tcp"
		if _, err := exec.LookPath("mpicc"); err == nil {
			if _, err := exec.LookPath("mpirun"); err == nil {
				method = "mpi"
			}
		}
	}
	switch method {
	case "mpi":
		s, err := mpiPingPong(ctx, o)
		return s, "mpi", err
	case "tcp":
		s, err := tcpPingPong(o)
		return s, "tcp", err
	}
	return nil, "", fmt.Errorf("unknown ping-pong method %q (want mpi or tcp)", method)
}

// pingPongC is the MPI ping-pong: a warm-up round, then reps rounds that
// each time k round trips of every size; it prints "size t1 t2 ..." with the
// one-way time of each repetition.
const pingPongC = `#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
int main(int argc, char **argv) {
  int rank, reps = atoi(argv[1]), ns = argc - 2;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  char *buf = calloc(1 << 24, 1);
  double *t = calloc((size_t)ns * reps, sizeof *t);
  /* Repetitions outside, sizes inside: every size is timed across the
     whole run, so a burst of load elsewhere touches all sizes alike. */
  for (int r = -1; r < reps; r++) {
    for (int a = 0; a < ns; a++) {
      long size = atol(argv[a + 2]);
      int k = size <= 65536 ? 200 : size <= 1048576 ? 20 : 4;
      MPI_Barrier(MPI_COMM_WORLD);
      double t0 = MPI_Wtime();
      for (int i = 0; i < k; i++) {
        if (rank == 0) {
          MPI_Send(buf, size, MPI_CHAR, 1, 0, MPI_COMM_WORLD);
          MPI_Recv(buf, size, MPI_CHAR, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        } else {
          MPI_Recv(buf, size, MPI_CHAR, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
          MPI_Send(buf, size, MPI_CHAR, 0, 0, MPI_COMM_WORLD);
        }
      }
      if (r >= 0) t[(size_t)a * reps + r] = (MPI_Wtime() - t0) / (2.0 * k);
    }
  }
  if (rank == 0) {
    for (int a = 0; a < ns; a++) {
      printf("%s", argv[a + 2]);
      for (int r = 0; r < reps; r++) printf(" %.9e", t[(size_t)a * reps + r]);
      printf("\n");
    }
    fflush(stdout);
  }
  free(t);
  free(buf);
  MPI_Finalize();
  return 0;
}
`

func mpiPingPong(ctx context.Context, o CTCOptions) ([]Sample, error) {
	dir := o.WorkDir
	if dir == "" {
		d, err := os.MkdirTemp("", "augur-ctc-")
		if err != nil {
			return nil, err
		}
		defer os.RemoveAll(d)
		dir = d
	}
	src := filepath.Join(dir, "pingpong.c")
	bin := filepath.Join(dir, "pingpong")
	if err := os.WriteFile(src, []byte(pingPongC), 0o644); err != nil {
		return nil, err
	}
	if out, err := exec.CommandContext(ctx, "mpicc", "-O2", "-o", bin, src).CombinedOutput(); err != nil {
		return nil, fmt.Errorf("mpicc: %v\n%s", err, out)
	}
	reps := 9
	if o.Quick {
		reps = 5
	}
	args := []string{"-np", "2", bin, strconv.Itoa(reps)}
	for _, s := range Sizes(o.Quick) {
		args = append(args, strconv.FormatFloat(s, 'f', 0, 64))
	}
	cmd := exec.CommandContext(ctx, "mpirun", args...)
	cmd.Env = append(os.Environ(), "OMPI_ALLOW_RUN_AS_ROOT=1", "OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1", "OMPI_MCA_rmaps_base_oversubscribe=1")
	out, err := cmd.Output()
	if err != nil {
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			return nil, fmt.Errorf("mpirun: %v\n%s", err, ee.Stderr)
		}
		return nil, fmt.Errorf("mpirun: %v", err)
	}
	return parsePingPong(strings.NewReader(string(out)))
}

// parsePingPong reads "size t1 t2 ..." lines.
func parsePingPong(r io.Reader) ([]Sample, error) {
	var out []Sample
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) < 2 {
			continue
		}
		size, err := strconv.ParseFloat(f[0], 64)
		if err != nil {
			continue // MPI chatter
		}
		var vals []float64
		for _, s := range f[1:] {
			v, err := strconv.ParseFloat(s, 64)
			if err != nil || !(v > 0) {
				return nil, fmt.Errorf("ping-pong output: bad time %q", s)
			}
			vals = append(vals, v)
		}
		out = append(out, Sample{Size: size, Stat: stat(vals)})
	}
	if len(out) == 0 {
		return nil, errors.New("ping-pong printed no measurements")
	}
	return out, nil
}

func stat(vals []float64) Stat { return estimate(vals) }

// tcpPingPong measures a loopback TCP ping-pong between two goroutines of
// this process: the fallback when MPI is missing.
func tcpPingPong(o CTCOptions) ([]Sample, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	defer ln.Close()
	errc := make(chan error, 1)
	go func() {
		c, err := ln.Accept()
		if err != nil {
			errc <- err
			return
		}
		defer c.Close()
		buf := make([]byte, 1<<24)
		for {
			var hdr [8]byte
			if _, err := io.ReadFull(c, hdr[:]); err != nil {
				errc <- nil
				return
			}
			n := int(uint64(hdr[0]) | uint64(hdr[1])<<8 | uint64(hdr[2])<<16 | uint64(hdr[3])<<24)
			if _, err := io.ReadFull(c, buf[:n]); err != nil {
				errc <- err
				return
			}
			if _, err := c.Write(append(hdr[:], buf[:n]...)); err != nil {
				errc <- err
				return
			}
		}
	}()
	c, err := net.Dial("tcp", ln.Addr().String())
	if err != nil {
		return nil, err
	}
	reps := 7
	if o.Quick {
		reps = 3
	}
	buf := make([]byte, 8+1<<24)
	var out []Sample
	for _, size := range Sizes(o.Quick) {
		n := int(size)
		buf[0], buf[1], buf[2], buf[3] = byte(n), byte(n>>8), byte(n>>16), byte(n>>24)
		k := 200
		if n > 65536 {
			k = 8
		}
		var vals []float64
		for r := -1; r < reps; r++ {
			t0 := time.Now()
			for i := 0; i < k; i++ {
				if _, err := c.Write(buf[:8+n]); err != nil {
					return nil, err
				}
				if _, err := io.ReadFull(c, buf[:8+n]); err != nil {
					return nil, err
				}
			}
			if r >= 0 {
				vals = append(vals, time.Since(t0).Seconds()/float64(2*k))
			}
		}
		out = append(out, Sample{Size: size, Stat: stat(vals)})
	}
	c.Close()
	if err := <-errc; err != nil {
		return nil, err
	}
	return out, nil
}

// Segment is the latency and bandwidth of messages from From bytes up to
// the next segment: t(size) = Latency + size / Bandwidth.
type Segment struct {
	From               float64
	Latency, Bandwidth float64
}

// FitSegments fits a piecewise latency/bandwidth model to the samples: one
// segment, or two split where the protocol changes (eager to rendezvous,
// cache to memory), whichever leaves the smaller relative error; a second
// segment must cut the error by a third to be kept.
func FitSegments(samples []Sample) []Segment {
	s := append([]Sample(nil), samples...)
	sort.Slice(s, func(i, j int) bool { return s[i].Size < s[j].Size })
	one, e1 := fitLine(s)
	best, bestErr := []Segment{one}, e1
	for k := 3; k <= len(s)-3; k++ {
		a, ea := fitLine(s[:k])
		b, eb := fitLine(s[k:])
		b.From = s[k].Size
		e := (ea*float64(k) + eb*float64(len(s)-k)) / float64(len(s))
		// A single line within 1 % on average needs no second segment.
		if e1 > 0.01 && e < bestErr && e < e1*2/3 {
			best, bestErr = []Segment{a, b}, e
		}
	}
	best[0].From = 0
	return best
}

// fitLine fits t = L + size/B by least squares on relative residuals and
// returns the segment and the mean relative error. L is kept ≥ 0 and B
// positive (a flat tail gives a very large B).
func fitLine(s []Sample) (Segment, float64) {
	// Minimise Σ ((L + x·g − t)/t)² over L and g = 1/B.
	var a11, a12, a22, b1, b2 float64
	for _, p := range s {
		w := 1 / p.Stat.Value
		x := p.Size * w
		a11 += w * w
		a12 += w * x
		a22 += x * x
		b1 += w
		b2 += x
	}
	det := a11*a22 - a12*a12
	L, g := 0.0, 0.0
	if det != 0 {
		L = (b1*a22 - b2*a12) / det
		g = (a11*b2 - a12*b1) / det
	}
	if L < 0 {
		L = 0
		g = b2 / a22
	}
	if g <= 0 {
		g = 1e-15
		L = b1 / a11
	}
	var e float64
	for _, p := range s {
		e += math.Abs(L+p.Size*g-p.Stat.Value) / p.Stat.Value
	}
	return Segment{From: s[0].Size, Latency: L, Bandwidth: 1 / g}, e / float64(len(s))
}
