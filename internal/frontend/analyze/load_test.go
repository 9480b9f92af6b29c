package analyze

import (
	"context"
	"os/exec"
	"testing"

	"augur/internal/frontend/cfront"
)

// load reads C files with the C front end, as augur analyze does.
func load(t testing.TB, files ...string) []Source {
	t.Helper()
	if _, err := exec.LookPath("cc"); err != nil {
		t.Skip("no C compiler: cannot learn the system headers")
	}
	p, err := cfront.Load(context.Background(), files, cfront.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if p.Diags.HasErrors() {
		t.Fatalf("%v", p.Diags)
	}
	return Sources(p)
}
