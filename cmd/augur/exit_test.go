package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// Every command's exit statuses, as docs/cli.md states them: 2 for a wrong
// command line (unknown flag, missing argument, invalid flag value), 1 for
// an input that cannot be read or is wrong, 3 for a deadlock, 4 for a
// simulation that stopped on a fault or a limit (130, interrupted, in
// progress_test.go).
func TestExitStatuses(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string { return writeIn(t, dir, name, text) }
	const (
		model    = ex + "sample.aug"
		ideal    = ex + "machines/ideal.yaml"
		platform = sg + "small_platform.xml"
		missing  = "/nonexistent/augur-input"
	)
	dead := write("dead.aug", "model dead\nactivity main {\n  recv R from 1 - pid size 8\n  send S to 1 - pid size 8\n}\n")
	broken := write("broken.aug", "model broken\nactivity main {\n  action A cost\n}\n")
	badCSV := write("bad.csv", "procs,tm_s\n4,not-a-number\n")
	ring := write("ring.txt", "0 init\n1 init\n0 send 1 5 1e6\n1 recv 0 5 1e6\n0 compute 1e9\n1 compute 1e9\n")
	unmatched := write("unmatched.txt", "0 init\n1 init\n0 send 1 5 1e6\n1 recv 0 6 1e6\n")
	badResult := write("result.json", "{\"not\": \"a result\"}\n")

	// Every command refuses an unknown flag and, where it takes one, a
	// missing argument.
	for _, c := range commands() {
		if code, _, _ := augur(t, c.name, "--no-such-flag"); code != exitUsage {
			t.Errorf("augur %s --no-such-flag: exit %d, want %d", c.name, code, exitUsage)
		}
		if c.name == "serve" || c.name == "version" {
			continue // serve without arguments serves; version takes none
		}
		if code, _, _ := augur(t, c.name); code != exitUsage {
			t.Errorf("augur %s: exit %d, want %d", c.name, code, exitUsage)
		}
	}
	for _, c := range []struct {
		args []string
		want int
	}{
		{[]string{}, exitUsage},
		{[]string{"frobnicate"}, exitUsage},
		{[]string{"help", "frobnicate"}, exitUsage},
		{[]string{"version"}, exitOK},
		{[]string{"--version"}, exitOK},

		// predict
		{[]string{"predict", model}, exitUsage}, // no --machine
		{[]string{"predict", missing, "--machine", ideal}, exitInput},
		{[]string{"predict", model, "--machine", missing}, exitInput},
		{[]string{"predict", broken, "--machine", ideal}, exitInput},
		{[]string{"predict", model, "--machine", ideal, "--format", "xml"}, exitUsage},
		{[]string{"predict", model, "--machine", ideal, "--set", "P"}, exitUsage},
		{[]string{"predict", model, "--machine", ideal, "--sort", "colour"}, exitUsage},
		{[]string{"predict", model, "--machine", ideal, "--procs", "-3"}, exitUsage},
		{[]string{"predict", model, "--machine", ideal, "--procs", "4", "--map", "0,1,1"}, exitUsage},
		{[]string{"predict", model, "--machine", ideal, "--procs", "4", "--op-speed", "nosuchop=2"}, exitUsage},
		{[]string{"predict", model, "--machine", ideal, "--procs", "4", "--op-speed", "fp_*=0"}, exitUsage},
		{[]string{"predict", model, "--machine", ideal, "--procs", "4", "--cfg", "smpi/nonsense:1"}, exitUsage},
		{[]string{"predict", model, "--machine", ideal, "--procs", "4", "--cfg", "smpi/bw-factor:0:1;65536:0.5"}, exitUsage},
		{[]string{"predict", dead, "--machine", ideal, "--procs", "2"}, exitDeadlock},
		{[]string{"predict", model, "--machine", ideal, "--procs", "4", "--max-events", "1"}, exitSim},
		{[]string{"predict", model, "--machine", ideal, "--procs", "4"}, exitOK},

		// analyze, instrument
		{[]string{"analyze", missing + ".c"}, exitInput},
		{[]string{"analyze", ex + "analyze/pi.c", "--format", "xml"}, exitUsage},
		{[]string{"instrument", missing + ".c", "--count", "--out", filepath.Join(dir, "cnt")}, exitInput},
		{[]string{"instrument", ex + "analyze/pi.c", "--out", filepath.Join(dir, "cnt")}, exitUsage}, // neither --count nor --time

		// check, fmt, export
		{[]string{"check", missing}, exitInput},
		{[]string{"check", broken}, exitInput},
		{[]string{"check", model}, exitOK},
		{[]string{"fmt", missing}, exitInput},
		{[]string{"export", missing, "--to", "dot"}, exitInput},
		{[]string{"export", model, "--to", "svg"}, exitUsage},

		// simulate
		{[]string{"simulate", missing, "--cpus", "2"}, exitInput},
		{[]string{"simulate", vppbTraces + "vppb-P.trace", "--cpus", "0"}, exitUsage},
		{[]string{"simulate", vppbTraces + "vppb-P.trace", "--cpus", "2", "--model", "psychic"}, exitUsage},
		{[]string{"simulate", vppbTraces + "vppb-Q.trace", "--cpus", "3", "--bind", "P1=0,P2=1,P3=2", "--model", "direct"}, exitDeadlock},
		{[]string{"simulate", vppbTraces + "vppb-P.trace", "--cpus", "2", "--max-events", "1"}, exitSim},

		// replay
		{[]string{"replay", missing, "--platform", platform, "--np", "2"}, exitInput},
		{[]string{"replay", ring, "--platform", missing, "--np", "2"}, exitInput},
		{[]string{"replay", ring, "--platform", platform, "--np", "2", "--network-model", "foo"}, exitUsage},
		{[]string{"replay", ring, "--platform", platform, "--np", "2", "--cfg", "smpi/nonsense:1"}, exitUsage},
		{[]string{"replay", unmatched, "--platform", platform, "--np", "2"}, exitDeadlock},
		{[]string{"replay", ring, "--platform", platform, "--np", "2", "--max-events", "1"}, exitSim},
		{[]string{"replay", ring, "--platform", platform, "--np", "2"}, exitOK},

		// record, fit, bench, validate, report, serve
		{[]string{"record", "--", missing}, exitInput},
		{[]string{"fit", missing}, exitInput},
		{[]string{"fit", badCSV}, exitInput},
		{[]string{"bench", "nothing"}, exitUsage},
		{[]string{"bench", "block", missing + ".c", "--n", "10"}, exitInput},
		{[]string{"validate", model, missing, "--machine", ideal}, exitInput},
		{[]string{"validate", model, badCSV, "--machine", ideal}, exitInput},
		{[]string{"report", missing, "-o", filepath.Join(dir, "r.html")}, exitInput},
		{[]string{"report", badResult, "-o", filepath.Join(dir, "r.html")}, exitInput},
		{[]string{"serve", "--addr", "256.0.0.1:99999"}, exitInput},

		// --progress and --no-progress contradict each other (an
		// interruption's 130 is tested in progress_test.go).
		{[]string{"predict", model, "--machine", ideal, "--procs", "4", "--progress", "--no-progress"}, exitUsage},
		{[]string{"analyze", ex + "analyze/pi.c", "--progress", "--no-progress"}, exitUsage},
		{[]string{"simulate", vppbTraces + "vppb-P.trace", "--cpus", "2", "--progress", "--no-progress"}, exitUsage},
		{[]string{"replay", ring, "--platform", platform, "--np", "2", "--progress", "--no-progress"}, exitUsage},
		{[]string{"validate", model, badCSV, "--machine", ideal, "--progress", "--no-progress"}, exitUsage},
		{[]string{"bench", "block", missing + ".c", "--n", "10", "--progress", "--no-progress"}, exitUsage},
		{[]string{"bench", "machine", "--progress", "--no-progress"}, exitUsage},
		{[]string{"fit", badCSV, "--format", "xml"}, exitUsage},
		{[]string{"check", model, "--format", "xml"}, exitUsage},
		{[]string{"bench", "block", missing + ".c", "--n", "10", "--format", "xml"}, exitUsage},
	} {
		if code, out, errs := augur(t, c.args...); code != c.want {
			t.Errorf("augur %s: exit %d, want %d\n%s%s", strings.Join(c.args, " "), code, c.want, out, errs)
		}
	}
}

// A misspelt flag or command is answered with the one it is nearest to,
// when one is a plausible typo, and otherwise as before: exit 2.
func TestDidYouMean(t *testing.T) {
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"predict", "--proc", "4", "x.aug"}, "augur predict: flag provided but not defined: -proc; did you mean --procs?\n"},
		{[]string{"replay", "--np2", "x"}, "augur replay: flag provided but not defined: -np2; did you mean --np?\n"},
		{[]string{"analyze", "--machne", "m.yaml", "x.c"}, "augur analyze: unknown flag --machne; did you mean --machine? (augur's flags"},
		{[]string{"predit", "x.aug"}, "augur: unknown command \"predit\"; did you mean \"predict\"? (run 'augur help')\n"},
		{[]string{"predict", "--zzzzzz", "x.aug"}, "augur predict: flag provided but not defined: -zzzzzz\n"},
		{[]string{"frobnicate"}, "augur: unknown command \"frobnicate\"; run 'augur help'\n"},
	} {
		code, _, errOut := augur(t, tt.args...)
		if code != exitUsage || !strings.HasPrefix(errOut, tt.want) {
			t.Errorf("augur %s: exit %d, stderr %q, want exit 2 and %q", strings.Join(tt.args, " "), code, errOut, tt.want)
		}
	}
}
