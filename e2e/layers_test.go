package e2e

import (
	"fmt"
	"go/build"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// A layer is one stage of the design's data flow (docs/internals.md §6):
// front ends → one IR → one engine → one result schema → writers, with
// the drivers that run them in between. Each layer but the last is one
// folder under internal/, and all of that folder; the last holds the
// programs outside internal/ that sit on top of everything.
type layer struct {
	folder   string   // internal/NAME, or outside for the last layer
	packages []string // every package in it, by path from the module's root
}

// outside names the last layer: the command, the end-to-end tests and
// the example programs, none under internal/.
const outside = "outside internal/"

// The layers, lowest first; a package may import packages of its own
// layer or below, never above. Every package of the module but bench/'s
// measuring programs is in one. The README's "Layout" lists the same
// folders in the same order (TestReadmeLayers).
var layers = []layer{
	// what every layer stands on: positioned errors, input files, the
	// process bound, the discrete-event kernel, curve fitting
	{"internal/base", []string{"internal/base/diag", "internal/base/infile", "internal/base/procbound", "internal/base/des", "internal/base/fit"}},
	{"internal/ir", []string{"internal/ir"}},
	// machines, and the network models, which read them
	{"internal/machine", []string{"internal/machine", "internal/machine/platform",
		"internal/machine/netmodel", "internal/machine/netmodel/flow", "internal/machine/netmodel/constant"}},
	{"internal/frontend", []string{"internal/frontend/model", "internal/frontend/compile", "internal/frontend/nestsum",
		"internal/frontend/ccline", "internal/frontend/cfront", "internal/frontend/analyze", "internal/frontend/instrument",
		"internal/frontend/tit", "internal/frontend/tit/gen", "internal/frontend/otf2", "internal/frontend/threadtrace",
		"internal/frontend/tracecache", "internal/frontend/export",
		"internal/frontend/recorder/mpi", "internal/frontend/recorder/pthread"}},
	{"internal/engine", []string{"internal/engine", "internal/engine/internal/coll", "internal/engine/internal/cpu", "internal/engine/internal/protocol"}},
	{"internal/results", []string{"internal/results"}},
	// drivers: the engine's runs, and the tools built on them or beside it
	{"internal/run", []string{"internal/run/predict", "internal/run/replay", "internal/run/simulate", "internal/run/sourcefirst",
		"internal/run/sweep", "internal/run/validate", "internal/run/measure", "internal/run/calib",
		"internal/run/netbench", "internal/run/blockbench"}},
	{"internal/writers", []string{"internal/writers/report", "internal/writers/htmlreport", "internal/writers/sourceview", "internal/writers/text",
		"internal/writers/chrome", "internal/writers/paraver", "internal/writers/otf2", "internal/writers/table",
		"internal/writers/validation", "internal/writers/sweephtml", "internal/writers/sweepout",
		"internal/writers/internal/tracetest", "internal/writers/chart", "internal/writers/internal/charttest"}},
	{"internal/workbench", []string{"internal/workbench/serve", "internal/workbench/web"}},
	{outside, []string{"cmd/augur", "e2e", "examples/lapw0"}},
}

// isFrontEnd tells the packages that may not reach into the engine; the
// engine may not know where its program came from.
func isFrontEnd(dir string) bool { return strings.HasPrefix(dir, "internal/frontend/") }

// isEngine tells the engine's packages.
func isEngine(dir string) bool {
	return dir == "internal/engine" || strings.HasPrefix(dir, "internal/engine/")
}

// TestLayerFolders keeps the table to one folder per layer: each layer
// but the last is a folder internal/NAME holding all its packages, no two
// layers share a folder, and only the last, outside internal/, holds the
// rest.
func TestLayerFolders(t *testing.T) {
	seen := map[string]bool{}
	for i, l := range layers {
		last := i == len(layers)-1
		if last != (l.folder == outside) {
			t.Errorf("layer %d (%s): only the last layer is %q", i, l.folder, outside)
			continue
		}
		if !last {
			name, ok := strings.CutPrefix(l.folder, "internal/")
			if !ok || name == "" || strings.Contains(name, "/") {
				t.Errorf("layer %d: folder %s is not one folder under internal/", i, l.folder)
			}
			if seen[l.folder] {
				t.Errorf("layer %d: folder %s is another layer's too", i, l.folder)
			}
			seen[l.folder] = true
		}
		for _, p := range l.packages {
			if last {
				if p == "internal" || strings.HasPrefix(p, "internal/") {
					t.Errorf("package %s is in the layer %s", p, outside)
				}
			} else if p != l.folder && !strings.HasPrefix(p, l.folder+"/") {
				t.Errorf("package %s is in layer %d but outside its folder %s", p, i, l.folder)
			}
		}
	}
}

func TestLayers(t *testing.T) {
	layerOf := map[string]int{}
	for i, l := range layers {
		for _, p := range l.packages {
			if j, ok := layerOf[p]; ok {
				t.Errorf("package %s is in layers %d and %d", p, j, i)
			}
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

// TestReadmeLayers keeps the README's "Layout" to the table: under
// internal/, one line per layer at two spaces' indent, naming its folder,
// in the table's order; then, at the margin, the last layer's packages.
func TestReadmeLayers(t *testing.T) {
	inner, top, err := readmeLayers("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, l := range layers[:len(layers)-1] {
		want = append(want, l.folder)
	}
	if !slices.Equal(inner, want) {
		t.Errorf("README.md's Layout lists the layers under internal/ as\n\t%v\nthe table in e2e/layers_test.go as\n\t%v", inner, want)
	}
	if last := layers[len(layers)-1].packages; !slices.Equal(top, last) {
		t.Errorf("README.md's Layout gives the layer %s as %v, the table as %v", outside, top, last)
	}
}

// readmeLayers reads the tree in the README's "Layout" section: the
// folders of the layers under internal/ (its lines at two spaces' indent;
// deeper lines are the packages inside a layer or a description going
// on) and the folders named by the first line at the margin after them.
func readmeLayers(path string) (inner, top []string, err error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, nil, err
	}
	_, section, ok := strings.Cut(string(b), "\n## Layout\n")
	if !ok {
		return nil, nil, fmt.Errorf("%s has no Layout section", path)
	}
	_, block, ok := strings.Cut(section, "\n```\n")
	block, _, closed := strings.Cut(block, "\n```")
	if !ok || !closed {
		return nil, nil, fmt.Errorf("%s: the Layout section has no tree", path)
	}
	in := false
	for line := range strings.Lines(block) {
		fields := strings.Fields(line)
		switch {
		case len(fields) == 0:
		case strings.HasPrefix(line, "internal/"):
			in = true
		case in && strings.HasPrefix(line, "  ") && line[2] != ' ':
			inner = append(inner, "internal/"+strings.TrimSuffix(fields[0], "/"))
		case in && line[0] != ' ':
			for _, f := range fields {
				if !strings.HasSuffix(f, "/") {
					break
				}
				top = append(top, strings.TrimSuffix(f, "/"))
			}
			return inner, top, nil
		}
	}
	return nil, nil, fmt.Errorf("%s: the Layout tree has no internal/ line, or nothing at the margin after it", path)
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
