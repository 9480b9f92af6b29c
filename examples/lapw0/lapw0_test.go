package main

import (
	"bytes"
	"os"
	"strings"
	"testing"
)

// The case study is deterministic: its output is the committed output.txt
// (regenerate with go run ./examples/lapw0 > examples/lapw0/output.txt).
func TestCaseStudyOutput(t *testing.T) {
	var b bytes.Buffer
	if err := run(&b, "table2.csv", "lapw0.aug", "../machines/gescher.yaml", "", false); err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile("output.txt")
	if err != nil {
		t.Fatal(err)
	}
	got := b.String()
	// The count of predictions is the only line that may differ.
	trim := func(s string) string {
		i := strings.LastIndex(s, "\n(")
		if i < 0 {
			return s
		}
		return s[:i]
	}
	if trim(got) != trim(string(want)) {
		t.Errorf("output changed:\n%s\nwant\n%s", got, want)
	}
	if !strings.Contains(got, "chosen: s0, a0") || !strings.Contains(got, "augur 20.3 %, seed Ts 9.1 %") {
		t.Errorf("unexpected result:\n%s", got)
	}
}
