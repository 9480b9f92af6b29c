package instrument

import (
	"context"
	"os"
	"strings"
	"testing"

	"augur/internal/frontend/analyze"
	"augur/internal/frontend/cfront"
)

func rewriteTime(t *testing.T, file string, sample []string) (*TimeProgram, []byte, error) {
	t.Helper()
	p, err := cfront.Load(context.Background(), []string{file}, cfront.Options{})
	if err != nil {
		t.Fatal(err)
	}
	a, err := analyze.Run(analyze.Sources(p), analyze.Options{})
	if err != nil {
		t.Fatal(err)
	}
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	tp, err := RewriteTime(a, analyze.Sources(p), map[string][]byte{file: src}, sample)
	return tp, src, err
}

// The timers are the largest loops without MPI calls (relax's outer
// loop, not its inner one; the initialisation; the main loop's
// computation), the marks give the sampled loops, and the text keeps
// every line where it was.
func TestRewriteTime(t *testing.T) {
	const file = "testdata/timed.c"
	tp, src, err := rewriteTime(t, file, nil)
	if err != nil {
		t.Fatal(err)
	}
	var timers, samples []string
	for _, x := range tp.Timers {
		timers = append(timers, x.Block)
	}
	for _, s := range tp.Samples {
		samples = append(samples, s.Block+"/"+s.Marked)
	}
	if got := strings.Join(timers, " "); got != "relax_L22 main_L37 main_L41_2 main_L51_2" {
		t.Errorf("timers %s", got)
	}
	if got := strings.Join(samples, " "); got != "relax_L22/relax_L22 main_L41_2/main_L41_2 main_L51_2/main_L50" {
		t.Errorf("samples %s", got)
	}
	if !tp.Samples[0].Iterations || tp.Samples[2].Iterations {
		t.Errorf("relax's iterations and the main loop's executions are the samples: %+v", tp.Samples)
	}
	out := string(tp.Files[file])
	if strings.Count(out, "\n") != strings.Count(string(src), "\n")+2 || !strings.HasPrefix(out, "#include \"augur_time.h\"\n#line 1 \"testdata/timed.c\"\n") {
		t.Errorf("the lines moved:\n%s", out)
	}
	// The loop with a continue counts before its body, the other after.
	for _, want := range []string{
		"{ if (augur_lim0) { ",
		"if (++augur_i0 == augur_lim0) augur_lim0 = augur_checkpoint(0, augur_i0); } else augur_ns0++; }",
		"{ if (augur_lim1 && (++augur_i1 <= augur_lim1 || (augur_lim1 = augur_checkpoint(1, augur_i1 - 1)))) { ",
		"augur_loop_end(1, augur_i1 - (augur_ns1 > 0), augur_ns1); }",
		"{ augur_reset(2, 1); for (int step = 0;",
		"{ if (augur_exec_begin(2)) { for (int k = 0;",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the instrumented source lacks %q:\n%s", want, out)
		}
	}
	if len(tp.Notes) != 0 {
		t.Errorf("notes %q", tp.Notes)
	}
	// Marking the inner loops too changes nothing but notes; a name
	// that is no loop is refused with the list of loops.
	tp2, _, err := rewriteTime(t, file, []string{"relax_L23_2", "main_L51_2"})
	if err != nil {
		t.Fatal(err)
	}
	if len(tp2.Samples) != 3 || len(tp2.Notes) != 2 || !strings.Contains(tp2.Notes[0], "relax_L23_2") || !strings.Contains(tp2.Notes[0], "it is in relax_L22, which is") {
		t.Errorf("samples %+v, notes %q", tp2.Samples, tp2.Notes)
	}
	if _, _, err := rewriteTime(t, file, []string{"main_L3"}); err == nil || !strings.Contains(err.Error(), "loop main_L3: no loop of that name; the loops are relax_L22 relax_L23_2 main_L37") {
		t.Errorf("error %v", err)
	}
}

// A marked loop whose count the analysis cannot derive is not sampled:
// skipping its body could keep it from ending.
func TestRewriteTimeRefusesUnknownCounts(t *testing.T) {
	tp, _, err := rewriteTime(t, "testdata/while.c", nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(tp.Samples) != 0 || len(tp.Notes) != 1 || !strings.Contains(tp.Notes[0], "main_L8 (testdata/while.c:8:5): not sampled: augur analyze cannot derive its iteration count") {
		t.Errorf("samples %+v, notes %q", tp.Samples, tp.Notes)
	}
}
