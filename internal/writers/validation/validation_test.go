package validation

import (
	"bytes"
	"encoding/json"
	"image/color"
	"image/png"
	"math"
	"strings"
	"testing"
	"time"

	"augur/internal/run/validate"
)

// table2 is the validation of a model against three configurations of
// Performance Prophet's Table 2: predicted 100 s + NAT, each prediction
// taking 20 ms, against measured times and the seed's predictions.
func table2() *validate.Table {
	row := func(nat float64, nodes, procs int, ts, tm float64) validate.Row {
		return validate.Row{Config: validate.Config{Nodes: nodes, Procs: procs, Set: map[string]float64{"NAT": nat}},
			Measured: tm, Predicted: 100 + nat, Eval: 20 * time.Millisecond, Reference: &ts}
	}
	return &validate.Table{Model: "m", Machine: "x", RefName: "seed", Rows: []validate.Row{
		row(32, 1, 4, 280, 264), row(32, 2, 8, 170, 166), row(64, 1, 4, 543, 501)}}
}

// The text, CSV and JSON of table2: Performance Prophet's columns, the
// JSON's fields as one table, and the document's figures.
func TestWriters(t *testing.T) {
	tb := table2()
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
	tb := table2()
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
