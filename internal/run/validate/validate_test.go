package validate

import (
	"math"
	"strings"
	"testing"
	"time"
)

const table2 = "nat,nodes,procs,ts_s,tm_s\n32,1,4,280,264\n32,2,8,170,166\n64,1,4,543,501\n"

func table(t *testing.T) *Table {
	t.Helper()
	rows, err := ReadMeasurements("t.csv", []byte(table2), Columns{Measured: "tm_s", Reference: "ts_s", Params: []string{"NAT"}})
	if err != nil {
		t.Fatal(err)
	}
	// A predictor that returns Ts + 10 % of NAT: hand-computable errors.
	err = Predict(rows, func(c Config) (float64, time.Duration, error) {
		return 100 + c.Set["NAT"], 20 * time.Millisecond, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return &Table{Model: "m", Machine: "x", RefName: "seed", Rows: rows}
}

func TestTable2Layout(t *testing.T) {
	tb := table(t)
	if got := tb.Rows[1].Config.Label(); got != "NAT=32 N2P8" {
		t.Errorf("label %q", got)
	}
	// Errors: |132-264|/264 = 50 %, |132-166|/166 = 20.48 %, |164-501|/501 = 67.27 %.
	want := (50 + 34.0/166*100 + 337.0/501*100) / 3
	if math.Abs(tb.MeanError()-want) > 1e-9 {
		t.Errorf("mean error %g, want %g", tb.MeanError(), want)
	}
	wantRef := (16.0/264*100 + 4.0/166*100 + 42.0/501*100) / 3
	if math.Abs(tb.MeanRefError()-wantRef) > 1e-9 {
		t.Errorf("mean ref error %g, want %g", tb.MeanRefError(), wantRef)
	}
}

func TestBadMeasurements(t *testing.T) {
	cases := []struct{ src, want string }{
		{"nodes,procs,tm\n1,4,x\n", `t.csv:2:5: row 1, column "tm": "x" is not a number`},
		{"nodes,procs,tm\n1,4,NaN\n", `row 1, column "tm": NaN is not a measurement`},
		{"nodes,procs,tm\n1.5,4,3\n", `row 1, column "nodes": want a whole number`},
		{"nodes,procs,tm\n1,4,-3\n", "must be positive"},
		{"nodes,procs,speed\n1,4,3\n", "no measured-time column (looked for tm, tm_s, measured, measured_s, time, time_s; name it with option measured)"},
		{"foo,tm\n1,4\n", "no configuration columns"},
	}
	for _, c := range cases {
		_, err := ReadMeasurements("t.csv", []byte(c.src), Columns{})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: got %v, want %q", c.src, err, c.want)
		}
	}
}

func FuzzReadMeasurements(f *testing.F) {
	f.Add(table2)
	f.Add("nodes,procs,threads,tm\n1,4,2,3.5\n")
	f.Add("nat,procs,tm_s,ts_s\n32,4,1e3,-1\n")
	f.Fuzz(func(t *testing.T, src string) {
		rows, err := ReadMeasurements("f.csv", []byte(src), Columns{Params: []string{"nat"}, Reference: ""})
		if err != nil {
			return
		}
		for _, r := range rows {
			if !(r.Measured > 0) || r.Config.Nodes < 0 || r.Config.Procs < 0 {
				t.Fatalf("bad row at %s: measured %g s, nodes %d, procs %d", r.Where, r.Measured, r.Config.Nodes, r.Config.Procs)
			}
		}
	})
}
