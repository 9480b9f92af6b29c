package analyze

import (
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// The static execution count of every counted block of testdata/nests.c
// (rectangular, triangular, tetrahedral, strided, min bounds, empty
// ranges) equals what the compiled program counts when it runs, for many
// parameter values, including the ones that empty a range.
func TestCountsEqualARun(t *testing.T) {
	if _, err := exec.LookPath("cc"); err != nil {
		t.Skip("no C compiler")
	}
	bin := filepath.Join(t.TempDir(), "nests")
	if out, err := exec.Command("cc", "-O0", "-o", bin, "testdata/nests.c").CombinedOutput(); err != nil {
		t.Fatalf("cc: %v\n%s", err, out)
	}
	a, err := Run(load(t, "testdata/nests.c"), Options{})
	if err != nil {
		t.Fatal(err)
	}
	// cnt[k]++ of nest k sits on these lines.
	lines := []int{12, 15, 18, 21, 25, 27, 29, 32, 35, 39, 42, 45}
	blocks := map[int]*Block{}
	for _, b := range a.Blocks() {
		if b.Kind == Compute {
			blocks[b.Pos.Line] = b
		}
	}
	for k, l := range lines {
		b := blocks[l]
		if b == nil {
			t.Fatalf("no block at line %d", l)
		}
		if b.CountHow != Exact && b.CountHow != Symbolic {
			t.Errorf("nest %d (line %d): count %s is %s, want exact or symbolic", k, l, String(b.Count), b.CountHow)
		}
	}
	for _, n := range []int{0, 1, 2, 3, 5, 8, 13} {
		for _, m := range []int{0, 1, 4, 7, 20} {
			out, err := exec.Command(bin, strconv.Itoa(n), strconv.Itoa(m)).Output()
			if err != nil {
				t.Fatal(err)
			}
			got := strings.Fields(string(out))
			env := map[string]float64{"n": float64(n), "m": float64(m)}
			for k, l := range lines {
				want, _ := strconv.ParseFloat(got[k], 64)
				v, ok := eval(blocks[l].Count, env)
				if !ok || v != want {
					t.Errorf("n=%d m=%d: nest %d (line %d) counted %s = %v, the run counted %v", n, m, k, l, String(blocks[l].Count), v, want)
				}
			}
		}
	}
}
