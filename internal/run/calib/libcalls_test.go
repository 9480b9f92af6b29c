package calib

import (
	"context"
	"math"
	"os/exec"
	"strings"
	"testing"

	"augur/internal/machine"
)

func TestParseLibCalls(t *testing.T) {
	ops, err := parseLibCalls(strings.NewReader("libc_rand 1.4e-08 1.2e-08 1.6e-08\nlibm_exp 4e-09 4e-09\n"))
	// The lower quartile of 12, 14, 16 ns: half-way from 12 to 14.
	if err != nil || len(ops) != 2 || ops[0].Key != "libc_rand" || math.Abs(ops[0].Stat.Value-1.3e-8) > 1e-20 || ops[1].Stat.Value != 4e-9 {
		t.Fatalf("%+v %v", ops, err)
	}
	for _, bad := range []string{"libc_rand\n", "libc_rand 0\n", "libm_cosh 1e-9\n", ""} {
		if _, err := parseLibCalls(strings.NewReader(bad)); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

// Every key the kernel prints is documented and is an operation of
// machine files; the kernel runs and gives each a positive time.
func TestLibCalls(t *testing.T) {
	for k := range libDocs {
		if _, ok := machine.OpIndex(k); !ok {
			t.Errorf("%s is not an operation key of machine files", k)
		}
	}
	if _, err := exec.LookPath("gcc"); err != nil {
		t.Skip("no gcc")
	}
	ops, left, err := LibCalls(context.Background(), LibCallOptions{Quick: true, CC: "gcc"})
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]float64{}
	for _, o := range ops {
		got[o.Key] = o.Stat.Value
	}
	for k := range libDocs {
		if strings.HasSuffix(k, "_vec") && len(left) > 0 {
			continue // the compiler refused -march=native
		}
		if v, ok := got[k]; !ok || !(v > 0) || math.IsInf(v, 0) {
			t.Errorf("%s: %v, %v", k, v, ok)
		}
	}
}
