package sweep_test

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"

	"augur/internal/run/sweep"
	"augur/internal/writers/sweepout"
)

// TestSameOutputAnyJobs: the output is byte for byte the same with one
// worker and with several, in every format.
func TestSameOutputAnyJobs(t *testing.T) {
	s := sweep.ABSpec(t)
	for _, format := range []string{"text", "json", "csv"} {
		var outs []string
		for _, jobs := range []int{1, 4} {
			var b bytes.Buffer
			w, err := sweepout.NewWriter(&b, format, s)
			if err != nil {
				t.Fatal(err)
			}
			w.Header()
			rs, err := sweep.Run(context.Background(), s, sweep.Options{Jobs: jobs, OnResult: w.Point})
			if err != nil {
				t.Fatal(err)
			}
			if err := w.Summary(sweep.Summarize(s, rs)); err != nil {
				t.Fatal(err)
			}
			outs = append(outs, b.String())
		}
		if outs[0] != outs[1] {
			t.Errorf("%s: -j 1 and -j 4 differ:\n%s\n---\n%s", format, outs[0], outs[1])
		}
		if format == "json" {
			lines := strings.Split(strings.TrimSpace(outs[0]), "\n")
			if len(lines) != 25 {
				t.Fatalf("json: %d lines", len(lines))
			}
			var sum map[string]any
			if err := json.Unmarshal([]byte(lines[24]), &sum); err != nil || sum["record"] != "summary" || len(sum["changes"].([]any)) != 2 {
				t.Errorf("json summary %v %v", err, lines[24])
			}
		}
		if format == "csv" && !strings.Contains(outs[0], "change,,,ideal,120,16,,,,,,A,,A is faster than B from procs=16 on (W=120)\n") {
			t.Errorf("csv:\n%s", outs[0])
		}
	}
}
