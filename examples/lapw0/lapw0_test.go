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
	if err := run(&b, "table2.csv", "lapw0.aug", "../machines/gescher.yaml", "", false, false); err != nil {
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

// The Extra-P overhead search (-overhead) is deterministic too; it checks
// the figures quoted in README.md. It runs about 117,000 predictions.
func TestCaseStudyOverhead(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: the overhead search takes half a minute")
	}
	var b bytes.Buffer
	if err := run(&b, "table2.csv", "lapw0.aug", "../machines/gescher.yaml", "", false, true); err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile("output-overhead.txt")
	if err != nil {
		t.Fatal(err)
	}
	trim := func(s string) string {
		if i := strings.LastIndex(s, "\n("); i >= 0 {
			return s[:i]
		}
		return s
	}
	got := b.String()
	if trim(got) != trim(string(want)) {
		t.Errorf("output changed:\n%s\nwant\n%s", got, want)
	}
	if !strings.Contains(got, "chosen: a0,g (g·P^1/3·log2(P)^0)") || !strings.Contains(got, "augur 7.8 %, seed Ts 9.1 %") {
		t.Errorf("unexpected result:\n%s", got)
	}
}
