package validate

import (
	"bytes"
	"encoding/json"
	"image/color"
	"image/png"
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
	var b bytes.Buffer
	if err := WriteText(&b, tb, false); err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{"configuration", "Ts (s)", "Tm (s)", "Te (s)", "Tm/Te", "Error (%)", "NAT=32 N1P4", "13200", "50.0", "mean error: 45.9 %"} {
		if !strings.Contains(b.String(), s) {
			t.Errorf("text lacks %q:\n%s", s, b.String())
		}
	}
	b.Reset()
	if err := WriteCSV(&b, tb, true); err != nil {
		t.Fatal(err)
	}
	// The JSON's fields as one table: the summary (mean_error_pct), a row
	// per configuration.
	lines := strings.Split(strings.TrimSpace(b.String()), "\n")
	if len(lines) != 5 || !strings.HasPrefix(lines[0], "record,command,schema_version,model,machine,reference,mean_error_pct,mean_ref_error_pct,warnings,configuration,nodes,procs,params_NAT,time_s,measured_time_s,error_pct,ref_s,ref_error_pct") ||
		!strings.HasPrefix(lines[1], "summary,validate,3,") || !strings.HasPrefix(lines[2], "row,,,,,,,,,NAT=32 N1P4,1,4,32,132,264,50,") {
		t.Errorf("CSV:\n%s", b.String())
	}
	b.Reset()
	if err := WriteJSON(&b, tb, false); err != nil {
		t.Fatal(err)
	}
	var j struct {
		Rows []struct {
			Ts, Tm, Te float64 `json:"-"`
			TsS        float64 `json:"time_s"`
			TmOverTe   float64 `json:"tm_over_te"`
			ErrorPct   float64 `json:"error_pct"`
		} `json:"rows"`
		Mean float64 `json:"mean_error_pct"`
	}
	if err := json.Unmarshal(b.Bytes(), &j); err != nil {
		t.Fatal(err)
	}
	if len(j.Rows) != 3 || j.Rows[0].TsS != 132 || j.Rows[0].ErrorPct != 50 || math.Abs(j.Rows[0].TmOverTe-13200) > 1e-6 || j.Mean != tb.MeanError() {
		t.Errorf("JSON: %s", b.String())
	}
}

func TestCharts(t *testing.T) {
	tb := table(t)
	var b bytes.Buffer
	if err := WriteSVG(&b, tb, "t"); err != nil {
		t.Fatal(err)
	}
	svg := b.String()
	for _, want := range []string{"<svg", "NAT=64", "measured (Tm)", "augur (Ts)", "time (s)"} {
		if !strings.Contains(svg, want) {
			t.Errorf("SVG lacks %q", want)
		}
	}
	var again bytes.Buffer
	if err := WriteSVG(&again, tb, "t"); err != nil || again.String() != svg {
		t.Error("the same table drew two different SVGs")
	}
	b.Reset()
	if err := WritePNG(&b, tb, "t"); err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(&b)
	if err != nil {
		t.Fatal(err)
	}
	if w, h := img.Bounds().Dx(), img.Bounds().Dy(); w != 864 || h != 461 {
		t.Fatalf("size %dx%d, want 864x461 (9 x 4.8 inches at 96 dpi)", w, h)
	}
	// Bars of both series are drawn in their colours: the measured 264 s
	// and the predicted 132 s of the first configuration, on a 600 s axis,
	// are tall bars of many pixels each.
	count := map[color.RGBA]int{}
	for y := 0; y < img.Bounds().Dy(); y++ {
		for x := 0; x < img.Bounds().Dx(); x++ {
			r, g, bl, _ := img.At(x, y).RGBA()
			count[color.RGBA{uint8(r >> 8), uint8(g >> 8), uint8(bl >> 8), 255}]++
		}
	}
	for _, c := range []color.RGBA{colMeasured, colPredicted} {
		if count[c] < 2000 {
			t.Errorf("only %d pixels of colour %v", count[c], c)
		}
	}
}

func TestBadMeasurements(t *testing.T) {
	cases := []struct{ src, want string }{
		{"nodes,procs,tm\n1,4,x\n", `t.csv:2:5: row 1, column "tm": "x" is not a number`},
		{"nodes,procs,tm\n1,4,NaN\n", `row 1, column "tm": NaN is not a measurement`},
		{"nodes,procs,tm\n1.5,4,3\n", `row 1, column "nodes": want a whole number`},
		{"nodes,procs,tm\n1,4,-3\n", "must be positive"},
		{"nodes,procs,speed\n1,4,3\n", "no measured-time column"},
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
