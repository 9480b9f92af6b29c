package analyze

import (
	"os"
	"os/exec"
	"strings"
	"testing"

	"modernc.org/cc/v4"
)

// load parses C files with the system's headers, for the tests.
func load(t *testing.T, files ...string) []Source {
	t.Helper()
	if _, err := exec.LookPath("cc"); err != nil {
		t.Skip("no C compiler: cannot learn the system headers")
	}
	cfg, err := cc.NewConfig("", "")
	if err != nil {
		t.Skip(err)
	}
	if out, err := exec.Command("mpicc", "--showme:incdirs").Output(); err == nil {
		cfg.IncludePaths = append(cfg.IncludePaths, strings.Fields(string(out))...)
		cfg.SysIncludePaths = append(cfg.SysIncludePaths, strings.Fields(string(out))...)
	} else {
		t.Skip("no mpicc")
	}
	var out []Source
	for _, f := range files {
		var prag []Pragma
		cfg.PragmaHandler = nil
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(string(src), "\n") {
			if s := strings.TrimSpace(line); strings.HasPrefix(s, "#pragma augur") {
				prag = append(prag, Pragma{Pos: Position{File: f, Line: i + 1, Col: 1}, Text: strings.TrimSpace(strings.TrimPrefix(s, "#pragma augur"))})
			}
		}
		ast, err := cc.Translate(cfg, []cc.Source{{Name: "<predefined>", Value: cfg.Predefined}, {Name: "<builtin>", Value: cc.Builtin}, {Name: f}})
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, Source{File: f, AST: ast, Pragmas: prag})
	}
	return out
}
