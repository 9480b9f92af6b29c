package serve

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"testing/fstest"
	"time"
)

// testServer serves a workspace holding the sample model, the ideal and
// gescher machines and the LAPW0 model.
func testServer(t *testing.T, cfg Config) (*httptest.Server, string) {
	t.Helper()
	dir := t.TempDir()
	for _, f := range []string{"examples/sample.aug", "examples/lapw0.aug", "examples/machines/ideal.yaml", "examples/machines/gescher.yaml",
		"internal/results/testdata/threads.json", "internal/results/testdata/mpi.json", "internal/results/testdata/sample.json", "internal/results/testdata/sample.trace.json",
		"internal/results/testdata/replay-bcast.json", "internal/results/testdata/replay-bcast.trace.json"} {
		b, err := os.ReadFile(filepath.Join("../../..", f))
		if err != nil {
			t.Fatal(err)
		}
		dst := filepath.Join(dir, filepath.Base(f))
		if err := os.WriteFile(dst, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cfg.Dir = dir
	if cfg.Assets == nil {
		cfg.Assets = fstest.MapFS{"index.html": {Data: []byte("<!DOCTYPE html><title>wb</title>")}}
	}
	s, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(s.Handler())
	t.Cleanup(func() { ts.Close(); s.Close() })
	return ts, dir
}

func call(t *testing.T, ts *httptest.Server, method, path string, body any) (int, map[string]any) {
	t.Helper()
	var rd io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			t.Fatal(err)
		}
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequest(method, ts.URL+path, rd)
	if err != nil {
		t.Fatal(err)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	var out map[string]any
	if err := json.Unmarshal(raw, &out); err != nil {
		var arr []any
		if json.Unmarshal(raw, &arr) == nil {
			return resp.StatusCode, map[string]any{"list": arr}
		}
		t.Fatalf("%s %s: %d, not JSON: %s", method, path, resp.StatusCode, raw)
	}
	return resp.StatusCode, out
}

func sample(t *testing.T) string {
	b, err := os.ReadFile("../../../examples/sample.aug")
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// wait polls a job until it ends.
func wait(t *testing.T, ts *httptest.Server, id string) map[string]any {
	t.Helper()
	for i := 0; i < 600; i++ {
		_, j := call(t, ts, "GET", "/api/runs/"+id, nil)
		if s := j["state"]; s != stateQueued && s != stateRunning {
			return j
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatalf("run %s did not end", id)
	return nil
}

func num(v any) float64 { f, _ := v.(float64); return f }

func TestInfoAndFiles(t *testing.T) {
	ts, _ := testServer(t, Config{Version: "test"})
	code, info := call(t, ts, "GET", "/api/info", nil)
	if code != 200 || info["version"] != "test" || !strings.Contains(fmt.Sprint(info["keywords"]), "allreduce") {
		t.Fatalf("info %d %v", code, info)
	}
	_, files := call(t, ts, "GET", "/api/files", nil)
	if fmt.Sprint(files["models"]) != "[lapw0.aug sample.aug]" || fmt.Sprint(files["machines"]) != "[gescher.yaml ideal.yaml]" {
		t.Errorf("files %v", files)
	}
	code, f := call(t, ts, "GET", "/api/file?path=sample.aug", nil)
	if code != 200 || f["text"] != sample(t) {
		t.Errorf("reading sample.aug: %d", code)
	}
	resp, err := http.Get(ts.URL + "/")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 200 || !strings.Contains(resp.Header.Get("Content-Security-Policy"), "default-src 'self'") {
		t.Errorf("page: %d, CSP %q", resp.StatusCode, resp.Header.Get("Content-Security-Policy"))
	}
}

// Nothing outside the workspace is read or written, whatever the path.
func TestWorkspaceConfinement(t *testing.T) {
	ts, dir := testServer(t, Config{})
	outside := filepath.Join(filepath.Dir(dir), "outside-secret.txt")
	os.WriteFile(outside, []byte("secret"), 0o644)
	defer os.Remove(outside)
	os.Symlink(outside, filepath.Join(dir, "link.json"))
	os.Symlink(filepath.Dir(dir), filepath.Join(dir, "up"))
	for _, p := range []string{"../outside-secret.txt", "/etc/passwd", "a/../../outside-secret.txt", "link.json", "up/outside-secret.txt", "", `..\x`} {
		code, r := call(t, ts, "GET", "/api/file?path="+p, nil)
		if code < 400 || strings.Contains(fmt.Sprint(r), "secret\"") || r["text"] != nil {
			t.Errorf("read %q: %d %v", p, code, r)
		}
	}
	for _, p := range []string{"../x.aug", "up/x.aug", "run.sh", "bin/augur", "x.go"} {
		code, r := call(t, ts, "PUT", "/api/file", map[string]string{"path": p, "text": "x"})
		if code != 400 {
			t.Errorf("write %q: %d %v", p, code, r)
		}
	}
	if _, err := os.Stat(filepath.Join(filepath.Dir(dir), "x.aug")); err == nil {
		t.Error("a file was written outside the workspace")
	}
	code, _ := call(t, ts, "PUT", "/api/file", map[string]string{"path": "models/new.aug", "text": "model new\n"})
	if b, err := os.ReadFile(filepath.Join(dir, "models", "new.aug")); code != 200 || err != nil || string(b) != "model new\n" {
		t.Errorf("saving models/new.aug: %d %v %q", code, err, b)
	}
	// A machine outside the workspace cannot be used either.
	code, r := call(t, ts, "POST", "/api/runs", map[string]any{"source": sample(t), "machine": "../ideal.yaml"})
	if code != 400 || !strings.Contains(r["error"].(string), "outside the workspace") {
		t.Errorf("machine outside: %d %v", code, r)
	}
}

func TestGuards(t *testing.T) {
	ts, _ := testServer(t, Config{MaxBody: 1000})
	// Another web site's page cannot drive the API.
	req, _ := http.NewRequest("POST", ts.URL+"/api/check", strings.NewReader(`{"source":""}`))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Origin", "http://evil.example")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusForbidden {
		t.Errorf("foreign origin: %d", resp.StatusCode)
	}
	// DNS rebinding: a foreign host name is refused.
	req, _ = http.NewRequest("GET", ts.URL+"/api/info", nil)
	req.Host = "evil.example:80"
	resp, err = http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusForbidden {
		t.Errorf("foreign host: %d", resp.StatusCode)
	}
	// A form post (no JSON) is refused.
	resp, err = http.Post(ts.URL+"/api/runs", "application/x-www-form-urlencoded", strings.NewReader("a=b"))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusUnsupportedMediaType {
		t.Errorf("form post: %d", resp.StatusCode)
	}
	// Bodies beyond the limit.
	code, r := call(t, ts, "POST", "/api/check", map[string]string{"source": strings.Repeat("x", 2000)})
	if code != http.StatusRequestEntityTooLarge || !strings.Contains(r["error"].(string), "larger than 1000 bytes") {
		t.Errorf("large body: %d %v", code, r)
	}
	code, _ = call(t, ts, "GET", "/api/nothing", nil)
	if code != 404 {
		t.Errorf("unknown API: %d", code)
	}
	if IsLoopback("0.0.0.0:80") || !IsLoopback("127.0.0.1:0") || !IsLoopback("[::1]:8080") || !IsLoopback("localhost:1") {
		t.Error("IsLoopback")
	}
}

func TestCheck(t *testing.T) {
	ts, _ := testServer(t, Config{})
	src := strings.Replace(sample(t), "if GV == 1 {", "if GV == {", 1)
	_, r := call(t, ts, "POST", "/api/check", map[string]any{"filename": "sample.aug", "source": src})
	ds := r["diagnostics"].([]any)
	d := ds[0].(map[string]any)
	if r["ok"] != false || d["file"] != "sample.aug" || num(d["line"]) != 16 || num(d["col"]) != 12 || d["severity"] != "error" ||
		d["message"] != `expected expression, found "{"` || d["text"] != `sample.aug:16:12: expected expression, found "{"` {
		t.Errorf("diagnostics %v", ds)
	}
	// A request of the wrong shape is placed like every reader's error.
	if code, r := call(t, ts, "POST", "/api/check", map[string]any{"filename": 3}); code != 400 ||
		r["error"] != "request body:1:13: JSON: filename: want string, got number" {
		t.Errorf("a number for the filename: %d %v", code, r)
	}
	// A model with a semantic error still gives its diagram.
	src = strings.Replace(sample(t), "cost FA4(P)", "cost FA9(P)", 1)
	_, r = call(t, ts, "POST", "/api/check", map[string]any{"filename": "sample.aug", "source": src})
	if m, ok := r["model"].(map[string]any); !ok || m["model"] != "sample" || len(r["diagnostics"].([]any)) == 0 {
		t.Errorf("check with an undefined cost: %v", r)
	}
	_, r = call(t, ts, "POST", "/api/check", map[string]any{"source": sample(t)})
	if r["ok"] != true || len(r["diagnostics"].([]any)) != 0 {
		t.Errorf("sample: %v", r)
	}
}

// The sample model on four processes of the ideal machine, through the API.
func TestRunSample(t *testing.T) {
	ts, _ := testServer(t, Config{})
	code, r := call(t, ts, "POST", "/api/runs", map[string]any{"filename": "sample.aug", "source": sample(t),
		"machine": "ideal.yaml", "nodes": 1, "procs": 4})
	if code != 202 {
		t.Fatalf("start: %d %v", code, r)
	}
	id := r["id"].(string)
	j := wait(t, ts, id)
	if j["state"] != stateDone {
		t.Fatalf("run: %v", j)
	}
	res := j["result"].(map[string]any)
	if math.Abs(num(res["time_s"])-194.18443184713374) > 1e-9 || res["has_timeline"] != true {
		t.Errorf("time %v", res["time_s"])
	}
	units := res["units"].([]any)
	if u := units[0].(map[string]any); len(units) != 4 || num(u["communication_s"]) != 32 || math.Abs(num(u["compute_s"])-162.18443184713374) > 1e-9 {
		t.Errorf("units %v", units)
	}
	if e := res["elements"].([]any)[0].(map[string]any); e["name"] != "SA1" || num(e["total_s"]) != 448 {
		t.Errorf("first element %v", e)
	}
	// Process 3's own elements, from the result.
	_, u := call(t, ts, "GET", "/api/runs/"+id+"/units/3", nil)
	got := map[string]float64{}
	for _, e := range u["elements"].([]any) {
		m := e.(map[string]any)
		got[m["name"].(string)] = num(m["total_s"])
	}
	if got["SA1"] != 112 || got["SA2"] != 8 || math.Abs(got["A1"]-121/3.14) > 1e-9 || len(got) != 4 {
		t.Errorf("process 3: %v", got)
	}
	// The whole timeline, then a zoomed window.
	_, g := call(t, ts, "GET", "/api/runs/"+id+"/timeline?bins=100&max_rows=10", nil)
	if num(g["slices"]) != 16 || len(g["rows"].([]any)) != 4 || num(g["t1"]) != num(res["time_s"]) {
		t.Errorf("timeline %v", g)
	}
	_, g = call(t, ts, "GET", "/api/runs/"+id+"/timeline?t0=150.6&t1=158&bins=10", nil)
	row0 := g["rows"].([]any)[0].(map[string]any)["runs"].([]any)
	els := g["elements"].([]any)
	if len(row0) != 1 || fmt.Sprint(row0[0]) != fmt.Sprintf("[0 10 %d 8]", indexOf(els, "SA2")) { // SA2 covers it all
		t.Errorf("zoomed row 0: %v (elements %v)", row0, g["elements"])
	}
	// The HTML report of the run.
	resp, err := http.Get(ts.URL + "/api/runs/" + id + "/report")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if !strings.Contains(string(body), `<p class="time" id="time">194.184 s</p>`) || !strings.Contains(resp.Header.Get("Content-Disposition"), "sample-report.html") {
		t.Errorf("report: %s", resp.Header.Get("Content-Disposition"))
	}
}

func TestRunErrors(t *testing.T) {
	ts, _ := testServer(t, Config{})
	for _, c := range []struct {
		body map[string]any
		want string
	}{
		{map[string]any{"source": sample(t)}, "pick a machine file"},
		{map[string]any{"source": sample(t), "machine": "nope.yaml"}, "machine: nope.yaml:"},
		{map[string]any{"source": sample(t), "machine": "ideal.yaml", "procs": -1}, "must be ≥ 0"},
		{map[string]any{"source": sample(t), "machine": "ideal.yaml", "params": map[string]string{"N": "x+"}}, "value of N"},
		{map[string]any{"source": sample(t), "machine": "ideal.yaml", "params": map[string]string{"N": "3"}}, "the model has errors"},
		{map[string]any{"source": "model x\nactivity main { action A cost Q() }", "machine": "ideal.yaml"}, "the model has errors"},
		{map[string]any{"source": sample(t), "machine": "ideal.yaml", "surprise": 1}, "unknown field"},
	} {
		code, r := call(t, ts, "POST", "/api/runs", c.body)
		if code != 400 || !strings.Contains(fmt.Sprint(r["error"]), c.want) {
			t.Errorf("%v: %d %v, want %q", c.body["machine"], code, r, c.want)
		}
	}
	code, _ := call(t, ts, "GET", "/api/runs/999", nil)
	if code != 404 {
		t.Errorf("unknown run: %d", code)
	}
}

// A long run is cancelled, another one stops at the run-time limit, and
// runs side by side do not disturb each other.
func TestCancelLimitAndConcurrency(t *testing.T) {
	// A random cost keeps the loop stepping (a loop of constant costs is
	// evaluated in closed form at once), so the run lasts.
	long := "model spin\nactivity main {\n  loop 100000000 { action A cost uniform(1, 2) }\n}\n"
	ts, _ := testServer(t, Config{Parallel: 4})
	_, r := call(t, ts, "POST", "/api/runs", map[string]any{"source": long, "machine": "ideal.yaml", "procs": 2})
	id := r["id"].(string)
	time.Sleep(100 * time.Millisecond)
	call(t, ts, "POST", "/api/runs/"+id+"/cancel", nil)
	// Meanwhile, the sample runs eight times at once and always gives the same answer.
	var wg sync.WaitGroup
	times := make([]float64, 8)
	for i := range times {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			_, r := call(t, ts, "POST", "/api/runs", map[string]any{"source": sample(t), "machine": "ideal.yaml", "procs": 4})
			j := wait(t, ts, r["id"].(string))
			if res, ok := j["result"].(map[string]any); ok {
				times[i] = num(res["time_s"])
			}
		}(i)
	}
	wg.Wait()
	for i, tm := range times {
		if math.Abs(tm-194.18443184713374) > 1e-9 {
			t.Errorf("concurrent run %d: %v", i, tm)
		}
	}
	j := wait(t, ts, id)
	if j["state"] != stateCancelled || j["error"] != "cancelled" {
		t.Errorf("cancelled run: %v", j)
	}

	ts2, _ := testServer(t, Config{MaxRunTime: 200 * time.Millisecond})
	_, r = call(t, ts2, "POST", "/api/runs", map[string]any{"source": long, "machine": "ideal.yaml", "procs": 2})
	j = wait(t, ts2, r["id"].(string))
	if j["state"] != stateFailed || !strings.Contains(fmt.Sprint(j["error"]), "longer than the workbench's limit") {
		t.Errorf("overdue run: %v", j)
	}
}

func TestSweep(t *testing.T) {
	ts, _ := testServer(t, Config{})
	b := strings.Replace(sample(t), "cost FSA1() = 112", "cost FSA1() = 56", 1)
	_, r := call(t, ts, "POST", "/api/sweeps", map[string]any{"source": sample(t), "source_b": b, "filename_b": "b.aug",
		"machine": "ideal.yaml", "vary": "procs", "values": []float64{1, 2, 4}})
	j := wait(t, ts, r["id"].(string))
	pts := j["sweep"].(map[string]any)["points"].([]any)
	if len(pts) != 3 {
		t.Fatalf("sweep %v", j)
	}
	for _, p := range pts {
		m := p.(map[string]any)
		// SA2's cost 32/(pid+1) is largest for pid 0, whatever the count.
		if math.Abs(num(m["time_a_s"])-194.18443184713374) > 1e-9 || math.Abs(num(m["time_b_s"])-138.18443184713374) > 1e-9 {
			t.Errorf("point %v", m)
		}
	}
	// LAPW0 over NAT on gescher: more atoms, more time.
	lapw, _ := os.ReadFile("../../../examples/lapw0.aug")
	_, r = call(t, ts, "POST", "/api/sweeps", map[string]any{"source": string(lapw), "machine": "gescher.yaml",
		"nodes": 1, "procs": 4, "vary": "NAT", "values": []float64{32, 64}})
	j = wait(t, ts, r["id"].(string))
	pts = j["sweep"].(map[string]any)["points"].([]any)
	if len(pts) != 2 || !(num(pts[1].(map[string]any)["time_a_s"]) > num(pts[0].(map[string]any)["time_a_s"])) {
		t.Errorf("NAT sweep %v", pts)
	}
	code, r := call(t, ts, "POST", "/api/sweeps", map[string]any{"source": sample(t), "machine": "ideal.yaml", "values": []float64{0.5}})
	if code != 400 || !strings.Contains(fmt.Sprint(r["error"]), "not a valid value of procs") {
		t.Errorf("bad sweep: %d %v", code, r)
	}
}

func TestOpen(t *testing.T) {
	ts, _ := testServer(t, Config{})
	_, r := call(t, ts, "POST", "/api/open", map[string]any{"path": "sample.json", "trace_path": "sample.trace.json"})
	_, j := call(t, ts, "GET", "/api/runs/"+r["id"].(string), nil)
	res := j["result"].(map[string]any)
	if res["kind"] != "prediction" || res["has_timeline"] != true || math.Abs(num(res["time_s"])-194.18443184713374) > 1e-9 {
		t.Errorf("opened prediction %v", res)
	}
	_, r = call(t, ts, "POST", "/api/open", map[string]any{"path": "threads.json"})
	_, j = call(t, ts, "GET", "/api/runs/"+r["id"].(string), nil)
	if res := j["result"].(map[string]any); res["kind"] != "threads" || num(res["time_s"]) != 10 {
		t.Errorf("opened thread result %v", res)
	}
	mpi, _ := os.ReadFile("../../results/testdata/mpi.json")
	_, r = call(t, ts, "POST", "/api/open", map[string]any{"name": "up.json", "data": string(mpi)})
	_, j = call(t, ts, "GET", "/api/runs/"+r["id"].(string), nil)
	if res := j["result"].(map[string]any); res["kind"] != "mpi" || num(res["time_s"]) != 3.5 || len(res["units"].([]any)) != 2 {
		t.Errorf("uploaded replay result %v", res)
	}
	// A replay with its timeline: 3 ranks of SimGrid's actions_bcast.txt.
	_, r = call(t, ts, "POST", "/api/open", map[string]any{"path": "replay-bcast.json", "trace_path": "replay-bcast.trace.json"})
	_, g := call(t, ts, "GET", "/api/runs/"+r["id"].(string)+"/timeline?bins=7", nil)
	if !(num(g["slices"]) > 0) || math.Abs(num(g["end"])-19.69250604051711) > 1e-6 {
		t.Errorf("replay timeline %v", g)
	}
	code, r := call(t, ts, "POST", "/api/open", map[string]any{"path": "ideal.yaml"})
	if code != 400 || !strings.Contains(fmt.Sprint(r["error"]), "ideal.yaml:1:1: not a result file: JSON: ") {
		t.Errorf("opening a machine: %d %v", code, r)
	}
}

func indexOf(list []any, s string) int {
	for i, v := range list {
		if v == s {
			return i
		}
	}
	return -1
}
