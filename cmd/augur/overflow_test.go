package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Finite inputs whose costs overflow once combined (a latency of 1e308 s
// plus a transfer, a speed of 1e-320 dividing a computation) stop the run
// with an error that names what reached an infinite time, exit 4 as
// docs/cli.md gives a cost that is not a finite number: never a deadlock
// "at +Inf", never +Inf or NaN printed as an answer with exit 0, never
// "json: unsupported value".
func TestOverflowIsAnErrorNotAnAnswer(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string { return writeIn(t, dir, name, text) }
	ideal, err := os.ReadFile(ex + "machines/ideal.yaml")
	if err != nil {
		t.Fatal(err)
	}
	slow := write("slow.yaml", strings.Replace(string(ideal), "speed: 1.0", "speed: 1e-320", 1))
	far := write("far.yaml", strings.NewReplacer("latency: 0\n", "latency: 1e308\n",
		"intra: { latency: 0,", "intra: { latency: 1e308,").Replace(string(ideal)))
	plat, err := os.ReadFile(ex + "mpi/localhost.xml")
	if err != nil {
		t.Fatal(err)
	}
	farXML := write("far.xml", strings.Replace(string(plat), `latency="1us"`, `latency="1e308s"`, 1))
	// A latency profile (docs/network.md) whose value is 1e308 s from the
	// start: every message over shm then takes longer than any time.
	write("far.profile", "0 1e308\n")
	farProfile := write("farprofile.xml", strings.Replace(string(plat), `latency="1us"`, `latency="1us" latency_file="far.profile"`, 1))
	write("r0.txt", "0 init\n0 send 1 0 100\n0 finalize\n")
	write("r1.txt", "1 init\n1 recv 0 0 100\n1 finalize\n")
	index := write("index.txt", "r0.txt\nr1.txt\n")

	for _, c := range []struct {
		args []string
		want string // in the error
	}{
		{[]string{"predict", ex + "stencil.aug", "--machine", slow, "--procs", "4"}, ex + "stencil.aug:24:5: pfor Update (process 3 thread 0) reaches an infinite simulated time"},
		{[]string{"predict", ex + "pingpong.aug", "--machine", far, "--procs", "2"}, ex + "pingpong.aug:14:7: recv Pong_Back (process 0 thread 0) reaches an infinite simulated time"},
		{[]string{"predict", ex + "pingpong.aug", "--machine", far, "--procs", "2", "--format", "json"}, "reaches an infinite simulated time"},
		{[]string{"predict", write("sum.aug", "model sum\nactivity main {\n  action A cost 1e308\n  action B cost 1e308\n}\n"), "--machine", ex + "machines/ideal.yaml", "--procs", "1"}, filepath.Join(dir, "sum.aug") + ":4:3: action B reaches an infinite simulated time"},
		{[]string{"predict", write("loop.aug", "model loops\nactivity main {\n  loop 10 {\n    action A cost 1e308\n  }\n}\n"), "--machine", ex + "machines/ideal.yaml", "--procs", "1"}, filepath.Join(dir, "loop.aug") + ":4:5: action A reaches an infinite simulated time"},
		{[]string{"replay", index, "--platform", farXML}, "mpi send: the message of 100 B from process 0 to process 1 reaches an infinite simulated time"},
		{[]string{"replay", index, "--platform", farProfile}, "augur replay: mpi send: the message of 100 B from process 0 to process 1 reaches an infinite simulated time"},
	} {
		code, out, errs := augur(t, c.args...)
		if code != exitSim || !strings.Contains(errs, c.want) {
			t.Errorf("augur %s: exit %d, stderr %q; want exit %d and %q", strings.Join(c.args, " "), code, errs, exitSim, c.want)
		}
		// "Deadlock", "deadlock" or "DEADLOCK", in the answer or the error.
		if strings.Contains(strings.ToLower(out+errs), "deadlock") {
			t.Errorf("augur %s called the overflow a deadlock:\n%s%s", strings.Join(c.args, " "), out, errs)
		}
		for _, bad := range []string{"Inf", "NaN"} {
			if strings.Contains(out, bad) {
				t.Errorf("augur %s printed %q as an answer:\n%s", strings.Join(c.args, " "), bad, out)
			}
		}
	}
}
