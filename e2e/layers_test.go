package e2e

import (
	"go/build"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The tree follows the data flow of the design (docs/internals.md §6):
// front ends → one IR → one engine → one result schema → writers, with
// the drivers that run them in between; every package but the command
// is under internal/, in a folder named for its stage. These are the
// layers, lowest first; a package may import packages of its own layer or
// below, never above. Every package of the module must be in one.
var layers = [][]string{
	{"internal/base/diag", "internal/base/infile", "internal/base/procbound", "internal/ir", "internal/base/des", "internal/frontend/nestsum", "internal/machine/netmodel", "internal/base/fit"},
	// machines, and the network models, which read them
	{"internal/machine", "internal/machine/platform", "internal/machine/netmodel/flow", "internal/machine/netmodel/constant"},
	{"internal/frontend/model", "internal/frontend/ccline", "internal/frontend/cfront", "internal/frontend/tit", "internal/frontend/tit/gen", "internal/frontend/otf2",
		"internal/frontend/threadtrace", "internal/frontend/analyze", "internal/frontend/compile", "internal/frontend/export",
		"internal/frontend/instrument", "internal/frontend/tracecache", "internal/frontend/recorder/mpi", "internal/frontend/recorder/pthread"}, // front ends
	{"internal/engine", "internal/engine/internal/coll", "internal/engine/internal/cpu", "internal/engine/internal/protocol"},
	{"internal/results"},
	{"internal/run/predict", "internal/run/replay", "internal/run/simulate", "internal/run/sourcefirst",
		"internal/run/sweep", "internal/run/validate", "internal/run/measure", "internal/run/calib",
		"internal/run/netbench", "internal/run/blockbench"}, // drivers
	{"internal/writers/report", "internal/writers/htmlreport", "internal/writers/sourceview", "internal/writers/text",
		"internal/writers/chrome", "internal/writers/paraver", "internal/writers/otf2", "internal/writers/table",
		"internal/writers/validation", "internal/writers/sweephtml", "internal/writers/sweepout",
		"internal/writers/internal/tracetest"},
	{"internal/workbench/serve", "internal/workbench/web", "cmd/augur", "e2e", "examples/lapw0"},
}

// isFrontEnd tells the packages that may not reach into the engine; the
// engine may not know where its program came from.
func isFrontEnd(dir string) bool { return strings.HasPrefix(dir, "internal/frontend/") }

// isEngine tells the engine's packages.
func isEngine(dir string) bool {
	return dir == "internal/engine" || strings.HasPrefix(dir, "internal/engine/")
}

func TestLayers(t *testing.T) {
	layerOf := map[string]int{}
	for i, l := range layers {
		for _, p := range l {
			layerOf[p] = i
		}
	}
	pkgs := modulePackages(t)
	for dir, imports := range pkgs {
		if strings.HasPrefix(dir, "bench/") {
			continue // measuring programs, outside the product
		}
		from, ok := layerOf[dir]
		if !ok {
			t.Errorf("package %s is in no layer of e2e/layers_test.go: place it", dir)
			continue
		}
		for _, imp := range imports {
			to, ok := layerOf[imp]
			if !ok {
				continue // reported as a package of its own
			}
			if to > from {
				t.Errorf("%s (layer %d) imports %s (layer %d), a layer above it", dir, from, imp, to)
			}
			if isEngine(dir) && isFrontEnd(imp) {
				t.Errorf("the engine imports the front end %s", imp)
			}
			if isFrontEnd(dir) && isEngine(imp) {
				t.Errorf("the front end %s imports the engine (%s)", dir, imp)
			}
		}
	}
	for p := range layerOf {
		if _, ok := pkgs[p]; !ok {
			t.Errorf("layer list names %s, which is not a package of the module", p)
		}
	}
}

// modulePackages maps each package directory of the module (relative to
// its root) to the module packages it imports (tests may reach higher: an
// engine test replays a trace to compare with smpirun).
func modulePackages(t *testing.T) map[string][]string {
	t.Helper()
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	const module = "augur/"
	out := map[string][]string{}
	err = filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			return nil
		}
		if name := d.Name(); path != root && (strings.HasPrefix(name, ".") || name == "testdata") {
			return filepath.SkipDir
		}
		p, err := build.ImportDir(path, 0)
		if err != nil {
			return nil // no Go files here
		}
		rel, err := filepath.Rel(root, path)
		if err != nil {
			return err
		}
		var imps []string
		for _, imp := range p.Imports {
			if strings.HasPrefix(imp, module) {
				imps = append(imps, strings.TrimPrefix(imp, module))
			}
		}
		out[filepath.ToSlash(rel)] = imps
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}
