package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const table2CSV = "nat,nodes,procs,ts_s,tm_s,te_s,tm_over_te,error_pct\n" +
	"32,1,4,280,264,0.01,26400,6\n32,2,8,170,166,0.02,8300,2\n32,4,16,126,131,0.04,3275,3\n32,8,32,98,113,0.08,1413,13\n" +
	"64,1,4,543,501,0.01,50100,8\n64,2,8,314,264,0.02,14700,7\n64,4,16,211,197,0.04,4925,7\n64,8,32,184,164,0.09,1822,12\n"

// augur validate on Performance Prophet's Table 2 with the bundled LAPW0 model:
// every configuration, the layout, the mean error, CSV, JSON and charts.
func TestValidateLAPW0(t *testing.T) {
	data := writeTemp(t, "table2.csv", table2CSV)
	dir := t.TempDir()
	svg, png := filepath.Join(dir, "f15.svg"), filepath.Join(dir, "f15.png")
	code, out, errs := augur(t, "validate", ex+"lapw0.aug", data, "--machine", ex+"machines/gescher.yaml",
		"--measured", "tm_s", "--reference", "ts_s", "--svg", svg, "--png", png)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, s := range []string{"configuration", "Ts (s)", "Tm (s)", "Te (s)", "Tm/Te", "Error (%)", "NAT=64 N8P32", "mean error:"} {
		if !strings.Contains(out, s) {
			t.Errorf("output lacks %q:\n%s", s, out)
		}
	}
	for _, f := range []string{svg, png} {
		if st, err := os.Stat(f); err != nil || st.Size() < 1000 {
			t.Errorf("%s: %v", f, err)
		}
	}
	code, out, _ = augur(t, "validate", ex+"lapw0.aug", data, "--machine", ex+"machines/gescher.yaml", "--measured", "tm_s", "--format", "json", "--stable")
	var j struct {
		Rows []struct {
			Configuration string  `json:"configuration"`
			Ts            float64 `json:"time_s"`
			Tm            float64 `json:"measured_time_s"`
			ErrorPct      float64 `json:"error_pct"`
		} `json:"rows"`
		Mean float64 `json:"mean_error_pct"`
	}
	if code != exitOK || json.Unmarshal([]byte(out), &j) != nil || len(j.Rows) != 8 || j.Rows[0].Tm != 264 || j.Rows[0].Ts <= 0 || j.Mean <= 0 {
		t.Fatalf("JSON (exit %d):\n%s", code, out)
	}
	// --stable output is deterministic.
	_, again, _ := augur(t, "validate", ex+"lapw0.aug", data, "--machine", ex+"machines/gescher.yaml", "--measured", "tm_s", "--format", "json", "--stable")
	if again != out {
		t.Error("--stable output differs between runs")
	}
	code, out, _ = augur(t, "validate", ex+"lapw0.aug", data, "--machine", ex+"machines/gescher.yaml", "--measured", "tm_s", "--format", "csv", "--stable")
	rows := csvOf(csvRecords(t, out), "row")
	if code != exitOK || len(rows) != 8 || rows[0]["measured_time_s"] != "264" || rows[0]["time_s"] != fmt.Sprint(j.Rows[0].Ts) || rows[0]["params_NAT"] != "32" {
		t.Errorf("CSV:\n%s", out)
	}
}

func TestValidateErrors(t *testing.T) {
	good := writeTemp(t, "t.csv", table2CSV)
	cases := []struct {
		args []string
		code int
		want string
	}{
		{[]string{"validate", ex + "lapw0.aug"}, exitUsage, "want a MODEL and a MEASUREMENTS file"},
		{[]string{"validate", ex + "lapw0.aug", good}, exitUsage, "--machine FILE is required"},
		{[]string{"validate", ex + "lapw0.aug", good, "--machine", ex + "machines/gescher.yaml", "--format", "xml"}, exitUsage, "--format"},
		{[]string{"validate", ex + "lapw0.aug", writeTemp(t, "b.csv", "nat,nodes,procs,tm_s\n32,1,4,abc\n"), "--machine", ex + "machines/gescher.yaml"}, exitInput, `row 1, column "tm_s": "abc" is not a number`},
		{[]string{"validate", ex + "lapw0.aug", good, "--machine", ex + "machines/gescher.yaml", "--measured", "nope"}, exitInput, `no column "nope"`},
	}
	for _, c := range cases {
		code, _, errs := augur(t, c.args...)
		if code != c.code || !strings.Contains(errs, c.want) {
			t.Errorf("augur %s: exit %d, stderr %q; want %d, %q", strings.Join(c.args, " "), code, errs, c.code, c.want)
		}
	}
}
