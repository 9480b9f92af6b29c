package main

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"augur/internal/frontend/model"
)

// writeTemp writes content to a file in a test directory of its own.
func writeTemp(t *testing.T, name, content string) string {
	t.Helper()
	return writeIn(t, t.TempDir(), name, content)
}

// writeIn writes content to file name of dir, for tests whose files name
// one another (an index and its traces).
func writeIn(t *testing.T, dir, name, content string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

type fitJSON struct {
	Models []struct {
		Region      string   `json:"region"`
		Metric      string   `json:"metric"`
		Expression  string   `json:"expression"`
		SMAPE       *float64 `json:"smape"`
		AdjR2       *float64 `json:"adj_r2"`
		Predictions []struct {
			Point map[string]float64 `json:"point"`
			Value *float64           `json:"value"`
		} `json:"predictions"`
	} `json:"models"`
}

// A CSV of two regions and two metrics gives four models, each a valid
// model-language expression with SMAPE, adjusted R² and the predictions.
func TestFitCSVSeveralModels(t *testing.T) {
	var b strings.Builder
	b.WriteString("region,p,time,bytes\n")
	for _, reg := range []string{"solve", "io"} {
		for _, p := range []float64{2, 4, 8, 16, 32, 64} {
			for r := 0; r < 3; r++ {
				noise := 1 + 0.002*float64(r-1)
				tm := 3 + 0.5*p*math.Log2(p)
				if reg == "io" {
					tm = 20/p + 0.5
				}
				fmt.Fprintf(&b, "%s,%g,%g,%g\n", reg, p, tm*noise, 1000*p*noise)
			}
		}
	}
	data := writeTemp(t, "runs.csv", b.String())
	code, out, errs := augur(t, "fit", data, "--params", "p", "--format", "json", "--predict", "p=256")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var r fitJSON
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatal(err)
	}
	if len(r.Models) != 4 {
		t.Fatalf("want 4 models (2 regions × 2 metrics), got %d:\n%s", len(r.Models), out)
	}
	want := map[string]float64{"solve/time": 3 + 0.5*256*8, "solve/bytes": 256000, "io/time": 20.0/256 + 0.5, "io/bytes": 256000}
	for _, m := range r.Models {
		if _, err := model.ParseExpr(m.Expression); err != nil {
			t.Errorf("%s/%s: %q: %v", m.Region, m.Metric, m.Expression, err)
		}
		if m.SMAPE == nil || m.AdjR2 == nil || len(m.Predictions) != 1 || m.Predictions[0].Value == nil || m.Predictions[0].Point["p"] != 256 {
			t.Fatalf("incomplete model %s/%s %q: SMAPE %s, adjusted R² %s, %d predictions", m.Region, m.Metric, m.Expression, opt(m.SMAPE), opt(m.AdjR2), len(m.Predictions))
		}
		w := want[m.Region+"/"+m.Metric]
		if got := *m.Predictions[0].Value; math.Abs(got/w-1) > 0.05 {
			t.Errorf("%s/%s at p=256: %g, want %g (%s)", m.Region, m.Metric, got, w, m.Expression)
		}
	}
	// Text output lists every model.
	code, out, _ = augur(t, "fit", data, "--params", "p", "--metric", "time")
	if code != exitOK || strings.Count(out, "model ") != 2 || !strings.Contains(out, "SMAPE") || !strings.Contains(out, "adj. R²") {
		t.Errorf("text output:\n%s", out)
	}
}

// Extra-P's own test file and result, through the command.
func TestFitExtraPText(t *testing.T) {
	code, out, errs := augur(t, "fit", "../../internal/base/fit/testdata/extrap_two_parameter_1.txt", "--extrap", "--format", "json")
	if code != exitOK {
		t.Fatal(errs)
	}
	if !strings.Contains(out, `"extrap_form": "1.37420831 + 6.6980804 * log2(y)^(1) + 0.0438416553 * x^(3/2) * log2(x)^(2) * log2(y)^(1)"`) {
		t.Errorf("got\n%s", out)
	}
}

func TestFitErrors(t *testing.T) {
	cases := []struct {
		args []string
		code int
		want string
	}{
		{[]string{"fit"}, exitUsage, "want one DATA file"},
		{[]string{"fit", "x.csv", "--format", "xml"}, exitUsage, "--format"},
		{[]string{"fit", writeTemp(t, "a.csv", "p,time\n1,1\n2,x\n4,3\n")}, exitInput, `a.csv:3:3: row 2, column "time": "x" is not a number`},
		{[]string{"fit", writeTemp(t, "b.csv", "p,time\n1,1\n2,2\n")}, exitInput, "too few points"},
		{[]string{"fit", writeTemp(t, "c.csv", "p,n,time\n1,3,1\n2,3,2\n4,3,3\n"), "--params", "p,n"}, exitInput, "parameter n is constant"},
		{[]string{"fit", writeTemp(t, "d.csv", "p,time\n1,1\n2,nan\n4,3\n")}, exitInput, `row 2, column "time": nan is not a measurement`},
		{[]string{"fit", writeTemp(t, "e.csv", "p,time\n1,1\n2,2\n4,3\n"), "--predict", "q=3"}, exitUsage, "no value for parameter p"},
		{[]string{"fit", writeTemp(t, "f.csv", "p,time\n1,1\n2,2\n4,3\n"), "--predict", "p=x"}, exitUsage, "not a finite number"},
		{[]string{"fit", writeTemp(t, "g.csv", "p,time\n1,1e308\n2,1e308\n4,1e308\n")}, exitInput, "g.csv:2: time: value 1e+308 is beyond ±1e+150"},
		{[]string{"fit", "does-not-exist.csv"}, exitInput, "no such file"},
	}
	for _, c := range cases {
		code, _, errs := augur(t, c.args...)
		if code != c.code || !strings.Contains(errs, c.want) {
			t.Errorf("augur %s: exit %d, stderr %q; want exit %d and %q", strings.Join(c.args, " "), code, errs, c.code, c.want)
		}
	}
}
