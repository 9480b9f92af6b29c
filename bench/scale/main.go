// Command scale measures how fast augur evaluates a model and how much
// memory each simulated process costs: it predicts a model for a list of
// process counts and prints, per count, the evaluation time, element
// executions per second, events per second and peak memory per process.
//
//	go run ./bench/scale -model examples/lapw0.aug -procs 32,10000,1000000
//
// The evaluation time (compile and simulate; parsing and checking the
// model come before it) is the fastest of -runs runs (and of at least 0.2 s
// of runs) with the default garbage collector; "first s" is the first of
// them, which pays for the fresh memory the later ones find already mapped
// (page faults: on this VM a large part of a cold run at 10^6 processes). Memory per process is
// the growth of the peak heap over a 1-process run
// divided by the process count, read from the Go runtime's own accounting
// (runtime/metrics), so the figure excludes the binary and the runtime.
package main

import (
	"flag"
	"fmt"
	"math"
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"strconv"
	"strings"
	"sync/atomic"
	"text/tabwriter"
	"time"

	"augur/internal/machine"
	"augur/internal/run/predict"
)

func main() {
	modelPath := flag.String("model", "examples/lapw0.aug", "model `FILE`")
	machinePath := flag.String("machine", "examples/machines/ideal.yaml", "machine `FILE`")
	procsList := flag.String("procs", "32,10000,1000000", "comma-separated process `COUNTS`")
	perNode := flag.Int("per-node", 4, "processes per node: nodes = procs / per-node")
	set := flag.String("set", "NAT=64", "param `NAME=VALUE` given to the model (comma-separated)")
	runs := flag.Int("runs", 3, "timed runs per count (at least 0.2 s of them); the fastest is reported")
	flag.Parse()
	if err := run(*modelPath, *machinePath, *procsList, *perNode, *set, max(*runs, 1)); err != nil {
		fmt.Fprintln(os.Stderr, "scale:", err)
		os.Exit(1)
	}
}

func run(modelPath, machinePath, procsList string, perNode int, set string, runs int) error {
	src, err := os.ReadFile(modelPath)
	if err != nil {
		return err
	}
	m, err := machine.Load(machinePath)
	if err != nil {
		return err
	}
	params := map[string]float64{}
	for _, kv := range strings.Split(set, ",") {
		if kv == "" {
			continue
		}
		k, v, ok := strings.Cut(kv, "=")
		x, err := strconv.ParseFloat(v, 64)
		if !ok || err != nil {
			return fmt.Errorf("-set %q: want NAME=NUMBER", kv)
		}
		params[k] = x
	}
	tw := tabwriter.NewWriter(os.Stdout, 2, 8, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(tw, "processes\tpredicted s\teval s\tfirst s\texecutions\texec/s\tevents/s\tbytes/process\t\n")
	base := peakHeap(func() { _, _ = once(src, modelPath, m, params, 1, perNode) })
	for _, f := range strings.Split(procsList, ",") {
		procs, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || procs < 1 {
			return fmt.Errorf("bad process count %q", f)
		}
		// Speed: the fastest of a few runs with the default garbage
		// collector (the machine is shared: the others are slowed by
		// other jobs); memory: one more run with a tighter collector.
		// Short runs (a few processes: tens of microseconds) are repeated
		// for at least a fifth of a second.
		var p *predict.Prediction
		sec, first := math.Inf(1), 0.0
		var spent time.Duration
		for i := 0; i < runs || (spent < 200*time.Millisecond && i < 10000); i++ {
			runtime.GC()
			q, err := once(src, modelPath, m, params, procs, perNode)
			if err != nil {
				return err
			}
			spent += q.EvalTime
			if i == 0 {
				first = q.EvalTime.Seconds()
			}
			if s := q.EvalTime.Seconds(); s < sec {
				p, sec = q, s
			}
		}
		predicted, ops, events := p.Time, p.Ops, p.Events
		p = nil // not live during the memory run
		var runErr error
		peak := peakHeap(func() { _, runErr = once(src, modelPath, m, params, procs, perNode) })
		if runErr != nil {
			return runErr
		}
		perProc := float64(peak-base) / float64(procs)
		if perProc < 0 {
			perProc = 0
		}
		fmt.Fprintf(tw, "%d\t%.6g\t%.3f\t%.3f\t%d\t%.3g\t%.3g\t%.0f\t\n", procs, predicted, sec, first, ops,
			float64(ops)/sec, float64(events)/sec, perProc)
	}
	return tw.Flush()
}

func once(src []byte, name string, m *machine.Machine, params map[string]float64, procs, perNode int) (*predict.Prediction, error) {
	nodes := (procs + perNode - 1) / perNode
	return predict.Run(predict.Options{Filename: name, Source: src, Machine: m,
		Nodes: nodes, Procs: procs, Set: params, Seed: 1})
}

// peakHeap runs f and returns the highest heap in use seen while it ran,
// sampled every 5 ms through runtime/metrics (which, unlike
// runtime.ReadMemStats, does not stop the world). GOGC is lowered during
// the measurement so that the heap in use stays close to the live data.
func peakHeap(f func()) uint64 {
	old := debug.SetGCPercent(25)
	defer debug.SetGCPercent(old)
	runtime.GC()
	sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	read := func() uint64 {
		metrics.Read(sample)
		return sample[0].Value.Uint64()
	}
	var peak atomic.Uint64
	done := make(chan struct{})
	stopped := make(chan struct{})
	go func() {
		defer close(stopped)
		t := time.NewTicker(5 * time.Millisecond)
		defer t.Stop()
		for {
			if v := read(); v > peak.Load() {
				peak.Store(v)
			}
			select {
			case <-done:
				return
			case <-t.C:
			}
		}
	}()
	f()
	close(done)
	<-stopped
	if v := read(); v > peak.Load() {
		peak.Store(v)
	}
	return peak.Load()
}
