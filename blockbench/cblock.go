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
)

// driverC runs a block: it reads iteration counts from stdin, runs
// `for (i = 0; i < n; i++) sink += block(i)` for each, and prints the
// elapsed nanoseconds (CLOCK_MONOTONIC). State persists between counts,
// as it does between the iterations of the real loop; block_init runs
// once. A count of 0 ends it.
const driverC = `#include <stdio.h>
#include <time.h>
void block_init(void);
double block(long i);
volatile double augur_sink;
int main(void) {
  long n;
  block_init();
  while (scanf("%ld", &n) == 1 && n > 0) {
    struct timespec t0, t1;
    double s = 0;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (long i = 0; i < n; i++) s += block(i);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    augur_sink = s;
    printf("%lld\n", (long long)(t1.tv_sec - t0.tv_sec) * 1000000000LL + (t1.tv_nsec - t0.tv_nsec));
    fflush(stdout);
  }
  return 0;
}
`

// CBlock is a C block compiled with gcc and running in its own process.
type CBlock struct {
	cmd *exec.Cmd
	in  io.WriteCloser
	out *bufio.Reader
	dir string
}

// CompileC compiles the C file src (which defines `void block_init(void)`
// and `double block(long i)`) with the driver, using gcc and flags
// (default -O2), and starts it.
func CompileC(ctx context.Context, src string, flags []string) (*CBlock, error) {
	if _, err := os.Stat(src); err != nil {
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
	cmd := exec.CommandContext(ctx, bin)
	in, err := cmd.StdinPipe()
	if err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	outp, err := cmd.StdoutPipe()
	if err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	return &CBlock{cmd: cmd, in: in, out: bufio.NewReader(outp), dir: dir}, nil
}

// Time runs n iterations and returns the seconds they took.
func (b *CBlock) Time(n int64) (float64, error) {
	if _, err := fmt.Fprintf(b.in, "%d\n", n); err != nil {
		return 0, err
	}
	line, err := b.out.ReadString('\n')
	if err != nil {
		return 0, fmt.Errorf("block process: %w", err)
	}
	ns, err := strconv.ParseInt(strings.TrimSpace(line), 10, 64)
	if err != nil {
		return 0, fmt.Errorf("block process printed %q", line)
	}
	return float64(ns) * 1e-9, nil
}

// Close ends the block's process and removes its files.
func (b *CBlock) Close() error {
	fmt.Fprintln(b.in, 0)
	b.in.Close()
	err := b.cmd.Wait()
	os.RemoveAll(b.dir)
	return err
}
