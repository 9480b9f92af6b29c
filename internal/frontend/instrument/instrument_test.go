package instrument

import (
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func writeCounts(t *testing.T, text string) string {
	t.Helper()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "augur-counts.0.txt"), []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

func TestReadCounts(t *testing.T) {
	c, err := ReadCounts(writeCounts(t, "main_L3 entries 2\nmain_L3 iterations 10\n\nmain_L5 executions 7\n"), 0)
	if err != nil {
		t.Fatal(err)
	}
	if c["main_L3"]["iterations"] != 10 || c["main_L3"]["entries"] != 2 || c["main_L5"]["executions"] != 7 {
		t.Errorf("counts %v", c)
	}
	for text, want := range map[string]string{
		"main_L3 entries\n":          "augur-counts.0.txt:1: want BLOCK WHAT COUNT",
		"a b 1\nmain_L3 entries x\n": "augur-counts.0.txt:2:17: count \"x\" is not a number ≥ 0",
		"\n\na b  -3\n":              "augur-counts.0.txt:3:6: count \"-3\" is not a number ≥ 0",
	} {
		if _, err := ReadCounts(writeCounts(t, text), 0); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: %v, want %q", text, err, want)
		}
	}
	if _, err := ReadCounts(t.TempDir(), 3); err == nil || !strings.Contains(err.Error(), "augur-counts.3.txt") {
		t.Errorf("a missing rank: %v", err)
	}
}

// FuzzReadCounts: any file gives counts or an error, never a panic.
func FuzzReadCounts(f *testing.F) {
	f.Add("main_L3 entries 2\nmain_L3 iterations 10\n")
	f.Add("x y 1e308\n")
	f.Add("  \n\t\n")
	f.Fuzz(func(t *testing.T, text string) {
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, "augur-counts.0.txt"), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		c, err := ReadCounts(dir, 0)
		if err == nil {
			for _, m := range c {
				for _, n := range m {
					if !(n >= 0) || math.IsInf(n, 0) {
						t.Fatalf("count %v from %q", n, text)
					}
				}
			}
		}
	})
}
