package analyze

import (
	"strings"
	"testing"
)

// A model line that does not check is reported at the C position of its
// comment, or of the nearest comment above, as a construct augur cannot
// express.
func TestVerifyPositionsAtTheSource(t *testing.T) {
	text := `model m

activity main {
  action main_L4 cost ops(int_add: 1) // prog.c:4:3
  for i in 0 .. 10 step 0 { // prog.c:7:5
    action main_L7 cost ops(int_add: 1) // the loop's test and step
  }
  if 1 { // no position here
  }
}
`
	errs := Verify("m.aug", text, 1)
	if len(errs) != 2 {
		t.Fatalf("got %d errors, want 2: %v", len(errs), errs)
	}
	for i, want := range []struct {
		line, col int
		msg       string
	}{{7, 5, "step must be positive"}, {7, 5, "if condition must be a bool"}} {
		e := errs[i]
		if e.File != "prog.c" || e.Line != want.line || e.Col != want.col || !strings.Contains(e.Msg, want.msg) ||
			!strings.Contains(e.Msg, "augur cannot express this construct") {
			t.Errorf("error %d: %v, want prog.c:%d:%d ... %s", i, e, want.line, want.col, want.msg)
		}
	}
	if errs := Verify("m.aug", "model m\nactivity main {\n  action a cost 1 // p.c:1:1\n}\n", 2); len(errs) != 0 {
		t.Errorf("a model that checks: %v", errs)
	}
}
