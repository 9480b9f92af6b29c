package text

import (
	"strings"
	"testing"

	"augur/internal/run/blockbench"
	"augur/internal/run/netbench"
)

func TestNetwork(t *testing.T) {
	r := &netbench.Result{Method: "tcp", Peer: "h:1",
		Samples:   []netbench.Sample{{Size: 1, Min: 10e-6, Median: 11e-6, Trips: 100}},
		Fit:       netbench.Fit{Segments: []netbench.Segment{{From: 1, Latency: 10e-6, Bandwidth: 1e9}}, MeanRelErr: 0.01},
		LatFactor: "1:1", BwFactor: "1:1",
		Collectives: []netbench.Collective{{Name: "bcast", Algorithm: 1, AlgName: "linear", Procs: 2,
			Samples: []netbench.Sample{{Size: 4, Min: 2e-6}}}}}
	var b strings.Builder
	Network(&b, r)
	want := `network to h:1 (TCP ping-pong), one-way time (half a round trip)
        size           min        median         model   trips
           1      10.00 µs      11.00 µs      10.00 µs     100
latency    10.00 µs
bandwidth  1000MB/s (8000 Mbit/s)
piecewise fit, 1 segment(s), mean error 1.00 %:
  from          1 B  latency 10.00 µs  bandwidth 1000MB/s
SMPI: --network-model SMPI --cfg smpi/lat-factor:'1:1' --cfg smpi/bw-factor:'1:1'
bcast 1 (linear), 2 procs: 4 B 2.00 µs
`
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
}

func TestBlock(t *testing.T) {
	r := &blockbench.Report{Block: "b.c", Quantile: 0.5, OverheadS: 20e-9, CostWallS: 0.02,
		Search: &blockbench.Result{Threshold: 64, TTh: 64e-6, ThRuns: 8, Full: 1000, AvgLoop: 1e-3, ColdStart: 5e-6, Predicted: 1.005e-3,
			Cost: 0.015, Settled: true, Steps: []blockbench.Step{{N: 64, Change: 0.01, Tol: 0.02, Marginal: 0.001}}}}
	var b strings.Builder
	Block(&b, r, blockbench.CPU, 0.02, 0.5)
	want := `block b.c, loop of 1000 iterations, CPU (virtual) time (clock overhead 0.02 µs subtracted)
  threshold th     64 iterations (settled: +1.00 % against th/2 within 2.00 %, cold start +0.10 % per iteration beyond th/2)
  t_th             64.00 µs  (median of 8 runs)
  t_avgloop        1.000 ms  (t_th / th × n)
  cold start       5.00 µs  (first touch of the data and cold caches, once)
  predicted loop   1.005 ms  (t_avgloop + cold start)
  benchmark cost   15.000 ms cpu time, 20.000 ms wall, 1 counts
`
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
}
