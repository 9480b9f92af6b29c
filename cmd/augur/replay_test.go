package main

import (
	"encoding/csv"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"augur/internal/results"
)

const sg = "../../internal/run/replay/testdata/simgrid/"

// The text report ends as smpirun's does.
func TestReplaySimGridCase(t *testing.T) {
	code, out, errs := augur(t, "replay", sg+"actions_bcast.txt", "--platform", sg+"small_platform.xml",
		"--hostfile", sg+"hostfile", "--np", "3")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if !strings.HasSuffix(out, "Simulation time 19.692506\n") {
		t.Errorf("output does not end with SimGrid's time:\n%s", out)
	}
	for _, want := range []string{"Tremblay", "Jupiter", "Fafard", "bcast", "reduce"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q", want)
		}
	}
}

// JSON carries the time, every rank's budget and the events; equal inputs
// give byte-identical output.
func TestReplayJSONDeterministic(t *testing.T) {
	args := []string{"replay", sg + "split_traces", "--platform", sg + "small_platform.xml", "--hostfile", sg + "hostfile", "--format", "json"}
	code, out, errs := augur(t, args...)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var r struct {
		Time  float64 `json:"time_s"`
		Ranks []struct {
			Compute float64 `json:"compute_s"`
			Comm    float64 `json:"communication_s"`
			Wait    float64 `json:"waiting_s"`
		} `json:"ranks"`
		Events int64 `json:"events"`
	}
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatal(err)
	}
	if len(r.Ranks) != 2 || r.Events == 0 || r.Time < 13.62 || r.Time > 13.63 {
		t.Fatalf("got %+v", r)
	}
	// Rank 1 computes 1e9 flops on Jupiter (76.296 Mflop/s).
	if c := r.Ranks[1].Compute; c < 13.1068 || c > 13.1069 {
		t.Errorf("rank 1 computes %.6f s, want 1e9/76.296e6 = 13.106847 s", c)
	}
	if _, again, _ := augur(t, args...); again != out {
		t.Error("two runs differ")
	}
}

func writeTrace(t *testing.T, text string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "trace.txt")
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// Mismatched traces end in a deadlock report naming the ranks and what
// they wait for; the exit status is 3.
func TestReplayDeadlocks(t *testing.T) {
	for _, c := range []struct{ trace, want1, want2 string }{
		{"0 init\n1 init\n0 send 1 5 1e6\n1 recv 0 6 1e6\n",
			"in mpi send: send of 1e+06 B to process 1 (tag 5) that no receive matches",
			"in mpi recv: receive from process 0 (tag 6) that no send matches"},
		{"0 init\n1 init\n0 irecv 1 0 100\n0 wait 1 0 3\n1 send 0 0 100\n",
			"in mpi wait: a request (process 1, tag 3) that the trace never posted", ""},
		{"0 init\n1 init\n0 barrier\n", "in mpi barrier: collective #1 that process(es) 1 never reach", ""},
	} {
		p := writeTrace(t, c.trace)
		code, out, _ := augur(t, "replay", p, "--platform", sg+"small_platform.xml", "--np", "2")
		if code != exitDeadlock {
			t.Errorf("%q: exit %d, want %d\n%s", c.trace, code, exitDeadlock, out)
		}
		for _, w := range []string{c.want1, c.want2} {
			if w != "" && !strings.Contains(out, w) {
				t.Errorf("%q: report lacks %q:\n%s", c.trace, w, out)
			}
		}
		// The run did not end: no "Simulation time 0", but when it stopped.
		if strings.Contains(out, "Simulation time") || !strings.Contains(out, "Deadlock at simulated time ") {
			t.Errorf("%q: the report's last line is not the deadlock's time:\n%s", c.trace, out)
		}
	}
}

// Malformed lines are errors with their file and line (exit 1).
func TestReplayInputErrors(t *testing.T) {
	p := writeTrace(t, "0 init\n1 init\n0 send 1 0\n")
	code, _, errs := augur(t, "replay", p, "--platform", sg+"small_platform.xml")
	if code != exitInput || !strings.Contains(errs, "trace.txt:3: send needs 3 arguments") {
		t.Errorf("exit %d: %s", code, errs)
	}
	code, _, errs = augur(t, "replay", sg+"actions_bcast.txt", "--platform", sg+"small_platform.xml", "--cfg", "smpi/bcast:flattree")
	if code != exitUsage || !strings.Contains(errs, "default selector") {
		t.Errorf("unsupported algorithm: exit %d: %s", code, errs)
	}
	for _, args := range [][]string{
		{"replay", sg + "actions_bcast.txt"}, // no --platform
		{"replay", "--platform", sg + "small_platform.xml"},
		{"replay", sg + "actions_bcast.txt", "--platform", sg + "small_platform.xml", "--format", "xml"},
		{"replay", sg + "actions_bcast.txt", "--platform", sg + "small_platform.xml", "--cfg", "nocolon"},
		{"replay", sg + "actions_bcast.txt", "--platform", sg + "small_platform.xml", "--network-model", "foo"},
		{"replay", sg + "actions_bcast.txt", "--platform", sg + "small_platform.xml", "--cfg", "smpi/nonsense:1"},
	} {
		if code, _, _ := augur(t, args...); code != exitUsage {
			t.Errorf("augur %s: exit %d, want %d", strings.Join(args, " "), code, exitUsage)
		}
	}
}

// --trace writes a Chrome trace with an arrow per message, --paraver a
// Paraver trace with a communication record per message: the trace's
// three point-to-point messages (0→1 send, 1→2 send, 2→0 isend). Both
// pass the formats' checks, and a message's physical receive is when its
// last rank finished, as the replay (which agrees with smpirun) says.
func TestReplayTimelines(t *testing.T) {
	dir := t.TempDir()
	ct, pv := filepath.Join(dir, "t.json"), filepath.Join(dir, "t.prv")
	code, out, errs := augur(t, "replay", sg+"actions_with_isend.txt", "--platform", sg+"small_platform.xml",
		"--hostfile", sg+"hostfile", "--np", "3", "--trace", ct, "--paraver", pv, "--format", "json")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var res struct {
		Ranks []struct {
			Finish float64 `json:"end_s"`
		} `json:"ranks"`
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil || len(res.Ranks) != 3 {
		t.Fatalf("result: %v", err)
	}
	b, err := os.ReadFile(ct)
	if err != nil {
		t.Fatal(err)
	}
	cc, err := results.CheckChrome(ct, b)
	if err != nil {
		t.Fatal(err)
	}
	if cc.Messages != 3 || cc.Flows != 3 || cc.Processes != 3 || cc.Tracks != 3 {
		t.Errorf("chrome trace: %+v, want 3 message arrows, 3 processes (hosts), 3 tracks", *cc)
	}
	for _, want := range []string{`"name":"Tremblay"`, `"name":"rank 1 (Jupiter)"`, `"sent_peer":2,"sent_bytes":1000000,"sent_tag":1`} {
		if !strings.Contains(string(b), want) {
			t.Errorf("chrome trace lacks %s", want)
		}
	}
	files := map[string][]byte{}
	for _, ext := range []string{".prv", ".pcf", ".row"} {
		if files[ext], err = os.ReadFile(filepath.Join(dir, "t"+ext)); err != nil {
			t.Fatal(err)
		}
	}
	pc, err := results.CheckParaver(pv, files[".prv"], files[".pcf"], files[".row"])
	if err != nil {
		t.Fatal(err)
	}
	// 39.320741 s on nodes 1, 2, 3 (Tremblay, Jupiter, Fafard), one task each.
	if pc.Comms != 3 || pc.Tasks != 3 || pc.Nodes != 3 || pc.End != 39320741051 {
		t.Errorf("paraver trace: %+v", *pc)
	}
	lines := strings.Split(string(files[".prv"]), "\n")
	if want := "#Paraver (01/01/70 at 00:00):39320741051_ns:3(1,1,1):1:3(1:1,1:2,1:3)"; lines[0] != want {
		t.Errorf("header %q, want %q", lines[0], want)
	}
	// Rank r's last message ends when r finishes: 1→2 is rank 1's
	// rendezvous send, 2→0 rank 0's final receive.
	precv := map[string]int64{}
	for _, l := range lines {
		if f := strings.Split(l, ":"); f[0] == "3" {
			n, _ := strconv.ParseInt(f[12], 10, 64)
			precv[f[3]+"→"+f[9]] = n
		}
	}
	for pair, rank := range map[string]int{"2→3": 1, "3→1": 0} {
		if got, want := precv[pair], int64(math.Round(res.Ranks[rank].Finish*1e9)); got != want {
			t.Errorf("message %s (tasks) arrives at %d ns, want rank %d's finish %d", pair, got, rank, want)
		}
	}
}

// Collectives draw arrows from the last rank to arrive to those still in
// the collective then: all three enter the first broadcast at 0 (rank 0,
// the first of equals, is "last": 2 arrows); rank 2 arrives last at the
// second one (6.57 s) after the others have left it (root rank 0 at
// 5.10 s, rank 1 at 5.11 s): none; rank 2 arrives last at the reduce
// (13.14 s), which ranks 0 and 1 are still in: 2.
func TestReplayCollectiveArrows(t *testing.T) {
	ct := filepath.Join(t.TempDir(), "b.json")
	code, _, errs := augur(t, "replay", sg+"actions_bcast.txt", "--platform", sg+"small_platform.xml",
		"--hostfile", sg+"hostfile", "--np", "3", "--trace", ct)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	b, err := os.ReadFile(ct)
	if err != nil {
		t.Fatal(err)
	}
	cc, err := results.CheckChrome(ct, b)
	if err != nil {
		t.Fatal(err)
	}
	if cc.Flows != 4 || cc.Messages != 0 {
		t.Errorf("chrome trace: %+v, want 4 collective arrows", *cc)
	}
	for _, want := range []string{
		`{"ph":"s","name":"collective","cat":"collective","id":3,"pid":3,"tid":3,"ts":13139082.532}`,
		`{"ph":"f","bp":"e","name":"collective","cat":"collective","id":4,"pid":1,"tid":1,"ts":13139082.532}`,
	} {
		if !strings.Contains(string(b), want) {
			t.Errorf("trace lacks %s", want)
		}
	}
}

// --report writes the HTML report of the replay, with the simulated time
// and every rank's host in its charts.
func TestReplayReport(t *testing.T) {
	path := filepath.Join(t.TempDir(), "r.html")
	code, _, errs := augur(t, "replay", sg+"actions_bcast.txt", "--platform", sg+"small_platform.xml",
		"--hostfile", sg+"hostfile", "--np", "3", "--report", path)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"<svg", "19.6925"} {
		if !strings.Contains(string(b), want) {
			t.Errorf("report lacks %q", want)
		}
	}
}

// --paraver FILE writes FILE.prv, FILE.pcf and FILE.row, as its help says; a FILE
// ending in .prv is the trace itself.
func TestReplayParaverNames(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct{ arg, prv, pcf string }{
		{"run", "run.prv", "run.pcf"},
		{"other.prv", "other.prv", "other.pcf"},
	} {
		code, _, errs := augur(t, "replay", sg+"actions_bcast.txt", "--platform", sg+"small_platform.xml", "--paraver", filepath.Join(dir, c.arg))
		if code != exitOK {
			t.Fatalf("--paraver %s: exit %d: %s", c.arg, code, errs)
		}
		for _, f := range []string{c.prv, c.pcf, strings.TrimSuffix(c.prv, ".prv") + ".row"} {
			if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
				t.Errorf("--paraver %s: %v", c.arg, err)
			}
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "run")); err == nil {
		t.Error("--paraver run also wrote a file named run")
	}
}

// No --cfg key is dropped silently: an unmodelled value is refused with its
// name, SimGrid's tracing points to augur's own, and keys that tune only
// SimGrid's machinery are noted on standard error.
func TestReplayCfgNeverSilent(t *testing.T) {
	base := []string{"replay", sg + "actions_bcast.txt", "--platform", sg + "small_platform.xml"}
	for _, c := range []struct {
		cfg  string
		code int
		want string
	}{
		{"smpi/async-small-thresh:65536", exitUsage, "smpi/async-small-thresh"},
		{"smpi/async-small-thresh:0", exitOK, ""},
		{"tracing:yes", exitUsage, "--trace"},
		{"tracing/filename:x.trace", exitUsage, "--paraver"},
		{"contexts/factory:thread", exitOK, "--cfg contexts/factory: accepted as smpirun does, but it changes nothing"},
	} {
		code, _, errs := augur(t, append(append([]string(nil), base...), "--cfg", c.cfg)...)
		if code != c.code || !strings.Contains(errs, c.want) {
			t.Errorf("--cfg %s: exit %d (want %d): %q lacks %q", c.cfg, code, c.code, errs, c.want)
		}
	}
}

// Without a hostfile, ranks are placed as smpirun places them: on the
// hosts by name. On a platform declaring p0, p1 (1 Gf) then c0 (2 Gf) and
// c1 (4 Gf), rank 0's 1e9 flops run on c0 and rank 1's 2e9 on c1: 0.5 s
// each, the time smpirun 3.32 prints for the same trace (in declaration
// order they would take 1 s and 2 s).
func TestReplayDefaultPlacement(t *testing.T) {
	dir := t.TempDir()
	r0, r1, index := filepath.Join(dir, "r0.txt"), filepath.Join(dir, "r1.txt"), filepath.Join(dir, "index.txt")
	for name, text := range map[string]string{r0: "0 init\n0 compute 1e9\n0 finalize\n", r1: "1 init\n1 compute 2e9\n1 finalize\n", index: r0 + "\n" + r1 + "\n"} {
		if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	code, out, errs := augur(t, "replay", index, "--platform", "../../internal/machine/platform/testdata/named_hosts.xml", "--np", "2")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if !strings.HasSuffix(out, "Simulation time 0.500000\n") || !strings.Contains(out, "c0") || !strings.Contains(out, "c1") {
		t.Errorf("placement differs from smpirun's:\n%s", out)
	}
}

// smpirun's documented form for several ranks: a one-line index naming one
// shared trace, which every rank reads for its own lines. It replays as
// the shared trace does.
func TestReplayOneLineIndex(t *testing.T) {
	trace, err := filepath.Abs(sg + "actions_bcast.txt")
	if err != nil {
		t.Fatal(err)
	}
	index := filepath.Join(t.TempDir(), "index.txt")
	if err := os.WriteFile(index, []byte(trace+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	args := []string{"--platform", sg + "small_platform.xml", "--hostfile", sg + "hostfile", "--np", "3"}
	code, viaIndex, errs := augur(t, append([]string{"replay", index}, args...)...)
	if code != exitOK {
		t.Fatalf("one-line index: exit %d: %s", code, errs)
	}
	_, direct, _ := augur(t, append([]string{"replay", trace}, args...)...)
	last := func(s string) string { l := strings.Split(strings.TrimSpace(s), "\n"); return l[len(l)-1] }
	if last(viaIndex) != last(direct) || !strings.HasPrefix(last(direct), "Simulation time ") {
		t.Errorf("one-line index: %q, the trace itself: %q", last(viaIndex), last(direct))
	}
}

// One machine description serves prediction and replay alike: every
// bundled machine replays a SimGrid trace.
func TestReplayOnBundledMachines(t *testing.T) {
	ms, err := filepath.Glob(ex + "machines/*.yaml")
	if err != nil || len(ms) < 3 {
		t.Fatalf("machines: %v %v", ms, err)
	}
	for _, m := range ms {
		code, out, errs := augur(t, "replay", sg+"actions_bcast.txt", "--platform", m, "--np", "3")
		if code != exitOK || !strings.Contains(out, "Simulation time ") {
			t.Errorf("%s: exit %d: %s", m, code, errs)
		}
	}
}

// --format csv: the summary with the simulation time, a row a rank and a
// row a kind of action, with predict's column names.
func TestReplayCSV(t *testing.T) {
	code, out, errs := augur(t, "replay", sg+"actions_bcast.txt", "--platform", sg+"small_platform.xml",
		"--hostfile", sg+"hostfile", "--np", "3", "--format", "csv")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	rows, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	kinds := map[string]int{}
	for _, r := range rows[1:] {
		kinds[r[0]]++
	}
	sum := csvRecords(t, out)[0]
	if rows[1][0] != "summary" || sum["time_s"] != "19.69250604051711" || sum["network_model"] != "SMPI" || sum["operations"] != "24" ||
		kinds["rank"] != 3 || kinds["element"] != 4 {
		t.Errorf("csv:\n%s", out)
	}
}
