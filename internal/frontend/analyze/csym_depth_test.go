package analyze

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// symAny reads C expressions recursively, one level per operator of a
// chain: past maxSymDepth levels an expression has no symbolic value
// (its loop gets the default count) instead of a recursion as deep as
// the program wants (issue 33: a 10⁶-term sum overflowed the stack here).
func TestSymDepthBounded(t *testing.T) {
	loop := func(terms int) *Block {
		t.Helper()
		src := "#include <stdlib.h>\nint main(int argc, char **argv) {\n  int n = atoi(argv[1]);\n  double s = 0;\n  for (int i = 0; i < " +
			strings.TrimSuffix(strings.Repeat("n+", terms), "+") + "; i++)\n    s += i;\n  return (int)s;\n}\n"
		path := filepath.Join(t.TempDir(), "sum.c")
		if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		a, err := Run(load(t, path), Options{})
		if err != nil {
			t.Fatal(err)
		}
		for _, b := range a.Blocks() {
			if b.Kind == Loop && b.Pos.Line == 5 {
				return b
			}
		}
		t.Fatalf("no loop at line 5")
		return nil
	}
	if b := loop(100); b.CountHow != Symbolic || String(b.Count) != "max(0, 100 * n)" {
		t.Errorf("100 terms: count %s (%s), want max(0, 100 * n) (symbolic)", String(b.Count), b.CountHow)
	}
	if b := loop(maxSymDepth + 1); b.CountHow == Symbolic || b.CountHow == Exact {
		t.Errorf("%d terms: count %s (%s), want no symbolic count", maxSymDepth+1, String(b.Count), b.CountHow)
	}
}
