package blockbench

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"

	"augur/internal/base/infile"
)

// driverC runs a block. It reads commands from stdin:
//
//	t N   time `for (i = 0; i < N; i++) sink += block(i)` as things are
//	c N   the same right after evicting the caches (a cold start)
//	o K   the clock overhead: the minimum of K empty timed intervals
//	q 0   quit
//
// and answers each with four integers: the run's wall and CPU nanoseconds
// (CLOCK_MONOTONIC, CLOCK_THREAD_CPUTIME_ID: dPerf's real and virtual
// time), then the wall and CPU nanoseconds the whole command cost (cache
// eviction included), which is what the benchmark spends. State persists
// between commands, as it does between the iterations of the real loop;
// block_init runs once. argv[1] is the size of the eviction buffer.
const driverC = `#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
void block_init(void);
double block(long i);
volatile double augur_sink;
static volatile unsigned char *evict_buf;
static long evict_len;
static long long now(clockid_t c) {
  struct timespec t;
  clock_gettime(c, &t);
  return (long long)t.tv_sec * 1000000000LL + t.tv_nsec;
}
/* Touch one byte per cache line of a buffer larger than the last-level
   cache: whatever the block had cached is gone. */
static void evict(void) {
  for (long i = 0; i < evict_len; i += 64) evict_buf[i]++;
}
int main(int argc, char **argv) {
  evict_len = argc > 1 ? atol(argv[1]) : 0;
  if (evict_len > 0) {
    evict_buf = malloc(evict_len);
    memset((void *)evict_buf, 1, evict_len);
  }
  block_init();
  char cmd;
  long n;
  while (scanf(" %c %ld", &cmd, &n) == 2 && cmd != 'q') {
    long long cw0 = now(CLOCK_MONOTONIC), cc0 = now(CLOCK_THREAD_CPUTIME_ID);
    long long w, c;
    if (cmd == 'o') {
      /* The same clock reads as a timed run, around an empty loop. */
      long long bw = -1, bc = -1;
      for (long k = 0; k < n; k++) {
        long long w0 = now(CLOCK_MONOTONIC), c0 = now(CLOCK_THREAD_CPUTIME_ID);
        double s = 0;
        for (long i = 0; i < 0; i++) s += block(i);
        long long c1 = now(CLOCK_THREAD_CPUTIME_ID), w1 = now(CLOCK_MONOTONIC);
        augur_sink = s;
        if (bw < 0 || w1 - w0 < bw) bw = w1 - w0;
        if (bc < 0 || c1 - c0 < bc) bc = c1 - c0;
      }
      w = bw, c = bc;
    } else {
      if (cmd == 'c') evict();
      long long w0 = now(CLOCK_MONOTONIC), c0 = now(CLOCK_THREAD_CPUTIME_ID);
      double s = 0;
      for (long i = 0; i < n; i++) s += block(i);
      long long c1 = now(CLOCK_THREAD_CPUTIME_ID), w1 = now(CLOCK_MONOTONIC);
      augur_sink = s;
      w = w1 - w0, c = c1 - c0;
    }
    long long cc1 = now(CLOCK_THREAD_CPUTIME_ID), cw1 = now(CLOCK_MONOTONIC);
    printf("%lld %lld %lld %lld\n", w, c, cw1 - cw0, cc1 - cc0);
    fflush(stdout);
  }
  return 0;
}
`

// Clock selects the time a run is measured in.
type Clock int

const (
	// CPU is the block process's CPU time (dPerf's virtual time,
	// PAPI_get_virt_nsec): time the process was not running — other jobs
	// on a shared machine — does not count.
	CPU Clock = iota
	// Wall is elapsed real time (PAPI_get_real_nsec).
	Wall
)

func (c Clock) String() string {
	if c == Wall {
		return "wall"
	}
	return "cpu"
}

// ParseClock reads "cpu" or "wall".
func ParseClock(s string) (Clock, error) {
	switch s {
	case "cpu", "virtual":
		return CPU, nil
	case "wall", "real":
		return Wall, nil
	}
	return CPU, fmt.Errorf("unknown clock %q: want cpu or wall", s)
}

// Sample is one command's answer, in seconds.
type Sample struct {
	Wall, CPU         float64 // the timed run
	CostWall, CostCPU float64 // the whole command, cache eviction included
}

// On returns the run's time on clock c.
func (s Sample) On(c Clock) float64 {
	if c == Wall {
		return s.Wall
	}
	return s.CPU
}

// CostOn returns the command's cost on clock c.
func (s Sample) CostOn(c Clock) float64 {
	if c == Wall {
		return s.CostWall
	}
	return s.CostCPU
}

// CBlock is a C block compiled with gcc and running in its own process.
type CBlock struct {
	cmd *exec.Cmd
	in  io.WriteCloser
	out *bufio.Reader
}

// Binary is a compiled block, from which fresh processes are started.
type Binary struct {
	Path  string
	Evict int64 // bytes of the cache eviction buffer
	dir   string
}

// Compile compiles the C file src (which defines `void block_init(void)`
// and `double block(long i)`) with the driver, using gcc and flags
// (default -O2). Cold runs evict the caches with a buffer of evict bytes
// (0: twice the last-level cache, see LastLevelCache).
func Compile(ctx context.Context, src string, flags []string, evict int64) (*Binary, error) {
	// gcc would block on a named pipe with no writer: refused first.
	if err := infile.Check(src, infile.CSource); err != nil {
		return nil, err
	}
	dir, err := os.MkdirTemp("", "augur-block-")
	if err != nil {
		return nil, err
	}
	driver := filepath.Join(dir, "driver.c")
	bin := filepath.Join(dir, "block")
	if err := os.WriteFile(driver, []byte(driverC), 0o644); err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	if len(flags) == 0 {
		flags = []string{"-O2"}
	}
	args := append(append([]string{}, flags...), "-o", bin, driver, src, "-lm")
	if out, err := exec.CommandContext(ctx, "gcc", args...).CombinedOutput(); err != nil {
		os.RemoveAll(dir)
		return nil, fmt.Errorf("gcc %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	if evict <= 0 {
		evict = 2 * LastLevelCache()
	}
	return &Binary{Path: bin, Evict: evict, dir: dir}, nil
}

// Remove deletes the compiled files.
func (b *Binary) Remove() error { return os.RemoveAll(b.dir) }

// Start runs a fresh process of the block (block_init runs at once).
func (b *Binary) Start(ctx context.Context) (*CBlock, error) {
	cmd := exec.CommandContext(ctx, b.Path, strconv.FormatInt(b.Evict, 10))
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	outp, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("starting the block: %w", err)
	}
	return &CBlock{cmd: cmd, in: in, out: bufio.NewReader(outp)}, nil
}

func (b *CBlock) command(op byte, n int64) (Sample, error) {
	if _, err := fmt.Fprintf(b.in, "%c %d\n", op, n); err != nil {
		return Sample{}, fmt.Errorf("block process: %w", err)
	}
	line, err := b.out.ReadString('\n')
	if err != nil {
		return Sample{}, fmt.Errorf("block process: %w (did the block crash?)", err)
	}
	f := strings.Fields(line)
	if len(f) != 4 {
		return Sample{}, fmt.Errorf("block process printed %q (does the block write to stdout?)", line)
	}
	var v [4]float64
	for i, s := range f {
		ns, err := strconv.ParseInt(s, 10, 64)
		if err != nil {
			return Sample{}, fmt.Errorf("block process printed %q (does the block write to stdout?)", line)
		}
		v[i] = float64(ns) * 1e-9
	}
	return Sample{Wall: v[0], CPU: v[1], CostWall: v[2], CostCPU: v[3]}, nil
}

// Run times n iterations, after evicting the caches when cold.
func (b *CBlock) Run(n int64, cold bool) (Sample, error) {
	if n < 0 {
		return Sample{}, fmt.Errorf("negative iteration count %d", n)
	}
	op := byte('t')
	if cold {
		op = 'c'
	}
	return b.command(op, n)
}

// Overhead is what an empty timed run reports: the minimum of k of them.
func (b *CBlock) Overhead(k int) (Sample, error) { return b.command('o', int64(k)) }

// Close ends the block's process; the Binary it came from stays until
// its Remove.
func (b *CBlock) Close() error {
	fmt.Fprintln(b.in, "q 0")
	b.in.Close()
	return b.cmd.Wait()
}

// Runner adapts a block process to the threshold rule on clock c, with
// the calibrated overhead subtracted from every run.
func (b *CBlock) Runner(c Clock, overhead float64) Runner {
	return RunnerFunc(func(n int64, cold bool) (float64, float64, error) {
		s, err := b.Run(n, cold)
		if err != nil {
			return 0, 0, err
		}
		return s.On(c) - overhead, s.CostOn(c), nil
	})
}

// LastLevelCache is the size of the largest CPU cache Linux reports, or
// 32 MiB when it cannot be read.
func LastLevelCache() int64 {
	var best int64
	for i := 0; i < 8; i++ {
		data, err := os.ReadFile(fmt.Sprintf("/sys/devices/system/cpu/cpu0/cache/index%d/size", i))
		if err != nil {
			continue
		}
		s := strings.TrimSpace(string(data))
		mult := int64(1)
		switch {
		case strings.HasSuffix(s, "K"):
			mult, s = 1<<10, strings.TrimSuffix(s, "K")
		case strings.HasSuffix(s, "M"):
			mult, s = 1<<20, strings.TrimSuffix(s, "M")
		}
		if v, err := strconv.ParseInt(s, 10, 64); err == nil && v*mult > best {
			best = v * mult
		}
	}
	if best == 0 {
		best = 32 << 20
	}
	return best
}
