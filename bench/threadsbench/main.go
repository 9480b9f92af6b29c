// Command threadsbench measures augur's thread-trace prediction the way
// VPPB §6 does: each example pthread program is recorded pinned to one
// processor (with `augur record --cpu 0`), simulated for 2 processors with
// each model, and run for real on 1 and 2 processors (taskset). It prints
// VPPB's Table 6 layout (real speed-up, predicted speed-up and error %
// per model) and Table 7's (simulation time per model and processor
// count), then the 350,000-event speed test. bench/threads.sh runs it.
//
// The machine may be shared: real runs are repeated (-reps) as pairs of a
// 1-processor and a 2-processor run, and the speed-up is the median of the
// pairs' ratios; the spread is printed too.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"augur/internal/frontend/threadtrace"
	"augur/internal/run/simulate"
)

type app struct {
	name string
	args []string
	what string
}

var apps = []app{
	{"static", []string{"2"}, "static partition, 2 threads"},
	{"taskqueue", []string{"2"}, "task queue behind a mutex, 2 workers"},
	{"prodcons", []string{"1"}, "producer-consumer, condition variables"},
	{"stencil", []string{"2"}, "barrier-phased stencil, 2 threads"},
	{"forkjoin", []string{"3"}, "recursive fork-join, depth 3 (8 leaves)"},
	{"sempipe", nil, "two-stage pipeline, semaphores"},
}

func main() {
	augur := flag.String("augur", "", "the augur binary (required)")
	src := flag.String("src", "examples/pthreads", "directory of the example programs")
	work := flag.String("dir", "", "working directory for binaries and traces (default: a temporary one)")
	reps := flag.Int("reps", 5, "real runs per processor count")
	only := flag.String("only", "", "comma-separated subset of programs")
	speedTrace := flag.String("speed-trace", "", "a generated trace for the speed test (bench/threadsgen); empty: skip")
	schedDef := "none"
	if os.Geteuid() == 0 {
		schedDef = "fifo"
	}
	flag.StringVar(&sched, "sched", schedDef, "how real runs are shielded from other jobs on a shared machine: fifo (chrt -f 1, real-time FIFO, needs root), nice (nice -n -10) or none")
	flag.Parse()
	if *augur == "" {
		fail("-augur BINARY is required")
	}
	dir := *work
	if dir == "" {
		d, err := os.MkdirTemp("", "augur-threadsbench")
		if err != nil {
			fail("%v", err)
		}
		defer os.RemoveAll(d)
		dir = d
	}
	sel := apps
	if *only != "" {
		sel = nil
		for _, a := range apps {
			if strings.Contains(","+*only+",", ","+a.name+",") {
				sel = append(sel, a)
			}
		}
	}
	models := []simulate.Model{simulate.Direct, simulate.ClientServer, simulate.Strict}
	type row struct {
		app        app
		real       float64
		realLo     float64
		realHi     float64
		realBest   float64
		pred       [3]float64
		dead       [3]bool
		simTime    [3][4]float64
		events     int
		t1, t2     float64
		recordWall float64
	}
	var rows []row
	for _, a := range sel {
		bin := filepath.Join(dir, a.name)
		if out, err := exec.Command("gcc", "-O2", "-pthread", "-o", bin, filepath.Join(*src, a.name+".c")).CombinedOutput(); err != nil {
			fail("compiling %s: %v\n%s", a.name, err, out)
		}
		trace := filepath.Join(dir, a.name+".trace")
		t0 := time.Now()
		cmd := exec.Command(*augur, append([]string{"record", "--cpu", "0", "-o", trace, "--", bin}, a.args...)...)
		cmd.Stdout = nil
		if out, err := cmd.CombinedOutput(); err != nil {
			fail("recording %s: %v\n%s", a.name, err, out)
		}
		r := row{app: a, recordWall: time.Since(t0).Seconds()}
		p := load(trace)
		r.events = p.Events
		for k, m := range models {
			res1 := mustRun(p, simulate.Config{CPUs: 1, Model: m})
			res2 := mustRun(p, simulate.Config{CPUs: 2, Model: m})
			if res2.Deadlock != nil || res1.Deadlock != nil {
				r.dead[k] = true
			} else {
				r.pred[k] = res1.Completion / res2.Completion
			}
			for c, cpus := range []int{1, 2, 4, 8} {
				r.simTime[k][c] = timeRun(p, simulate.Config{CPUs: cpus, Model: m})
			}
		}
		// Real runs: pairs of one 1-processor and one 2-processor run, so a
		// change in the machine's load hits both of a pair alike.
		var ratios, one, two []float64
		for i := 0; i < *reps; i++ {
			a1 := realRun(bin, a.args, "0")
			a2 := realRun(bin, a.args, "0,1")
			one, two = append(one, a1), append(two, a2)
			ratios = append(ratios, a1/a2)
		}
		r.real = median(ratios)
		r.realLo, r.realHi = minOf(ratios), maxOf(ratios)
		r.realBest = minOf(one) / minOf(two)
		r.t1, r.t2 = median(one), median(two)
		rows = append(rows, r)
		fmt.Fprintf(os.Stderr, "threadsbench: %s done (%d events; real 1 cpu %.3f s, 2 cpus %.3f s)\n", a.name, r.events, r.t1, r.t2)
	}

	fmt.Printf("Table 6 (VPPB layout): speed-up on 2 processors, real and predicted (error %%)\n")
	fmt.Printf("recorded pinned to CPU 0 with `augur record --cpu 0`; real = median over %d pairs of (1-cpu wall / 2-cpu wall) with taskset, scheduling %s\n\n", *reps, sched)
	fmt.Printf("%-10s %7s %9s  %-15s %-15s %-15s  %s\n", "program", "events", "real", "Direct", "Client-Server", "Strict", "real: pair range; best/best")
	var errs [3][]float64
	for _, r := range rows {
		cells := [3]string{}
		for k := range models {
			if r.dead[k] {
				cells[k] = "deadlock"
				continue
			}
			e := math.Abs(r.real-r.pred[k]) / r.real * 100
			errs[k] = append(errs[k], e)
			cells[k] = fmt.Sprintf("%.2f (%.1f)", r.pred[k], e)
		}
		fmt.Printf("%-10s %7d %9.2f  %-15s %-15s %-15s  %.2f-%.2f; %.2f\n", r.app.name, r.events, r.real, cells[0], cells[1], cells[2], r.realLo, r.realHi, r.realBest)
	}
	fmt.Printf("%-10s %7s %9s  %-15s %-15s %-15s\n", "mean error", "", "", pct(mean(errs[0])), pct(mean(errs[1])), pct(mean(errs[2])))
	fmt.Printf("%-10s %7s %9s  %-15s %-15s %-15s\n", "median", "", "", pct(median(errs[0])), pct(median(errs[1])), pct(median(errs[2])))

	fmt.Printf("\nTable 7 (VPPB layout): simulation time in milliseconds (trace already in memory; shortest of ≥ 5 runs)\n\n")
	fmt.Printf("%-10s", "program")
	for _, m := range models {
		fmt.Printf(" | %-31s", m)
	}
	fmt.Printf("\n%-10s", "")
	for range models {
		fmt.Printf(" | %7s %7s %7s %7s", "1 proc", "2", "4", "8")
	}
	fmt.Println()
	for _, r := range rows {
		fmt.Printf("%-10s", r.app.name)
		for k := range models {
			fmt.Printf(" | %7.3f %7.3f %7.3f %7.3f", r.simTime[k][0]*1e3, r.simTime[k][1]*1e3, r.simTime[k][2]*1e3, r.simTime[k][3]*1e3)
		}
		fmt.Println()
	}

	if *speedTrace != "" {
		fmt.Printf("\nSpeed test: %s on 8 processors\n\n", *speedTrace)
		t0 := time.Now()
		p := load(*speedTrace)
		read := time.Since(t0).Seconds()
		fmt.Printf("read and build: %.3f s (%d events, %.0f events/s)\n", read, p.Events, float64(p.Events)/read)
		for _, m := range models {
			secs := timeRun(p, simulate.Config{CPUs: 8, Model: m})
			res := mustRun(p, simulate.Config{CPUs: 8, Model: m})
			// augur simulate runs the model on one processor too, for
			// the speed-up
			one := timeRun(p, simulate.Config{CPUs: 1, Model: m})
			fmt.Printf("%-13s simulate: %.4f s  (%.1f M trace events/s, %d simulation events; predicted %.4f s, deadlock %v); on one processor %.4f s\n",
				m, secs, float64(p.Events)/secs/1e6, res.Events, res.Completion, res.Deadlock != nil, one)
		}
	}
}

func pct(v float64) string {
	if math.IsNaN(v) {
		return "-"
	}
	return fmt.Sprintf("%.1f %%", v)
}

func load(path string) *threadtrace.Program {
	p, err := threadtrace.Load(path)
	if err != nil {
		fail("%v", err)
	}
	return p
}

func mustRun(p *threadtrace.Program, cfg simulate.Config) *simulate.Outcome {
	r, err := simulate.RunModel(p, cfg)
	if err != nil {
		fail("%s: %v", p.Name, err)
	}
	return r
}

// timeRun is the shortest time of one simulation over at least five runs
// and about 50 ms: on a shared machine the least disturbed run is the
// closest to the simulator's own cost.
func timeRun(p *threadtrace.Program, cfg simulate.Config) float64 {
	var ts []float64
	start := time.Now()
	for len(ts) < 5 || (time.Since(start) < 50*time.Millisecond && len(ts) < 1000) {
		t0 := time.Now()
		mustRun(p, cfg)
		ts = append(ts, time.Since(t0).Seconds())
	}
	return minOf(ts)
}

var sched string

func realRun(bin string, args []string, cpus string) float64 {
	argv := append([]string{"taskset", "-c", cpus, bin}, args...)
	switch sched {
	case "fifo":
		argv = append([]string{"chrt", "-f", "1"}, argv...)
	case "nice":
		argv = append([]string{"nice", "-n", "-10"}, argv...)
	}
	cmd := exec.Command(argv[0], argv[1:]...)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	t0 := time.Now()
	if err := cmd.Run(); err != nil {
		fail("running %s on cpus %s: %v\n%s", bin, cpus, err, out.String())
	}
	return time.Since(t0).Seconds()
}

func median(xs []float64) float64 {
	if len(xs) == 0 {
		return math.NaN()
	}
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

func mean(xs []float64) float64 {
	if len(xs) == 0 {
		return math.NaN()
	}
	s := 0.0
	for _, x := range xs {
		s += x
	}
	return s / float64(len(xs))
}

func minOf(xs []float64) float64 {
	m := math.Inf(1)
	for _, x := range xs {
		m = math.Min(m, x)
	}
	return m
}

func maxOf(xs []float64) float64 {
	m := math.Inf(-1)
	for _, x := range xs {
		m = math.Max(m, x)
	}
	return m
}

func fail(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "threadsbench: "+format+"\n", args...)
	os.Exit(1)
}
