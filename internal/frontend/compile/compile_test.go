package compile

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"augur/internal/frontend/model"
	"augur/internal/ir"
)

var update = flag.Bool("update", false, "rewrite the golden files of TestGolden")

// compileFile parses, checks and compiles a model file for 4 processes on
// 2 nodes of 2 CPUs, with operation times of (key + 1) ns.
func compileFile(t *testing.T, path string, batches bool) *Program {
	t.Helper()
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	f, diags := model.Parse(path, src)
	if diags.HasErrors() {
		t.Fatalf("%s: %v", path, diags)
	}
	p, err := Compile(f, Options{
		Nodes: 2, Procs: 4, Threads: 2, Seed: 1,
		CPUsOf:    func(int32) int { return 2 },
		OpTime:    func(_ int32, key int) float64 { return float64(key+1) * 1e-9 },
		StepLoops: !batches,
	})
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return p
}

// dump writes the operations of every process's stream, the streams of
// the threads they fork indented below the fork, at most limit
// operations a stream.
func dump(t *testing.T, p *Program, batches bool, limit int) string {
	var b strings.Builder
	for i, e := range p.Elements {
		fmt.Fprintf(&b, "element %d %s %s at %s\n", i, e.Kind, e.Name, e.Where)
	}
	fmt.Fprintf(&b, "shared %v threads %v\n", p.Semantics.Shared, !p.Semantics.NoThreads)
	for pid := int32(0); pid < 4; pid++ {
		s, err := p.Stream(pid, pid/2)
		if err != nil {
			t.Fatal(err)
		}
		if bt, ok := s.(ir.Batcher); ok && batches {
			bt.AllowBatches()
		}
		fmt.Fprintf(&b, "process %d\n", pid)
		drain(t, &b, s, "  ", limit)
	}
	return b.String()
}

// named is what op names besides its element: the partner, root, request
// element, lock or region its kind reads (printed as "peer", the one
// field they all once shared).
func named(op *ir.Op) int32 {
	switch {
	case op.Kind.HasRoot():
		return op.Root
	case op.Kind == ir.Wait:
		return op.Request
	case op.Kind == ir.Lock || op.Kind == ir.Unlock:
		return op.Lock
	case op.Kind == ir.ThreadBarrier:
		return op.Region
	}
	return op.Peer
}

func drain(t *testing.T, b *strings.Builder, s ir.Stream, indent string, limit int) {
	for n := 0; ; n++ {
		if n == limit {
			fmt.Fprintf(b, "%s...\n", indent)
			return
		}
		var op ir.Op
		if err := s.Next(&op); err != nil {
			fmt.Fprintf(b, "%serror: %v\n", indent, err)
			return
		}
		fmt.Fprintf(b, "%s%s elem=%d peer=%d tag=%d count=%d bytes=%g cost=%.6g", indent, op.Kind, op.Elem, named(&op), op.Tag, op.Count, op.Bytes, op.Cost)
		if op.Algo != ir.AlgoDefault {
			fmt.Fprintf(b, " algo=%s", op.Algo)
		}
		if len(op.Counts) > 0 {
			fmt.Fprintf(b, " counts=%v", op.Counts)
		}
		b.WriteString("\n")
		for _, r := range op.Runs {
			fmt.Fprintf(b, "%s  run elem=%d calls=%d cost=%.6g min=%.6g max=%.6g\n", indent, r.Elem, r.Calls, r.Cost, r.Min, r.Max)
		}
		for i, sp := range op.Spawn {
			fmt.Fprintf(b, "%s  thread %d\n", indent, i)
			drain(t, b, sp, indent+"    ", limit)
		}
		if op.Kind == ir.End {
			return
		}
	}
}

// TestGolden compiles every example model and the models of testdata and
// compares each process's operations with the golden file written when
// they were checked by hand (go test ./internal/frontend/compile -update rewrites them;
// review the diff).
func TestGolden(t *testing.T) {
	files, _ := filepath.Glob("../../../examples/*.aug")
	more, _ := filepath.Glob("testdata/*.aug")
	files = append(files, more...)
	if len(files) < 6 {
		t.Fatalf("only %d models found", len(files))
	}
	for _, path := range files {
		for _, batches := range []bool{false, true} {
			name := strings.TrimSuffix(filepath.Base(path), ".aug")
			if batches {
				name += ".closed"
			}
			got := dump(t, compileFile(t, path, batches), batches, 120)
			golden := filepath.Join("testdata", "golden", name+".txt")
			if *update {
				if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				continue
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (go test ./internal/frontend/compile -update writes it)", err)
			}
			if got != string(want) {
				t.Errorf("%s: the compiled operations differ from %s:\n%s", path, golden, firstDiff(string(want), got))
			}
		}
	}
}

func firstDiff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := 0; i < len(w) || i < len(g); i++ {
		var a, b string
		if i < len(w) {
			a = w[i]
		}
		if i < len(g) {
			b = g[i]
		}
		if a != b {
			return fmt.Sprintf("line %d\n want %q\n  got %q", i+1, a, b)
		}
	}
	return ""
}
