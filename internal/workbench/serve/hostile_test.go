package serve

import (
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// The requests that took augur serve down (issue 33) are answered, and the
// server goes on answering: a 3.8 MB model of 1.9 million additions
// checked or run, and the source view of C files with a million nested
// blocks or a million-term sum.
func TestKillerRequests(t *testing.T) {
	ts, dir := testServer(t, Config{})
	chain := "model m\nactivity main { action A cost 1" + strings.Repeat("+1", 1900000) + " }\n"
	// "activity main { action A cost 1" is 31 bytes: the k-th "+" at 30+2k.
	want := fmt.Sprintf("model.aug:2:%d: expression too long (more than 10000 operators)", 30+2*10001)
	code, r := call(t, ts, "POST", "/api/check", map[string]any{"source": chain})
	if code != http.StatusRequestEntityTooLarge || r["ok"] != false || !strings.Contains(fmt.Sprint(r["diagnostics"]), want) {
		t.Errorf("check: %d %.300v", code, r)
	}
	code, r = call(t, ts, "POST", "/api/runs", map[string]any{"source": chain, "machine": "ideal.yaml"})
	if code != http.StatusBadRequest || !strings.Contains(fmt.Sprint(r["diagnostics"]), want) {
		t.Errorf("run: %d %.300v", code, r)
	}
	if _, err := exec.LookPath("cc"); err == nil {
		files := map[string]string{
			"nest.c": "int main(void) {\n" + strings.Repeat("{", 1000000) + "\n" + strings.Repeat("}", 1000000) + "\nreturn 0;\n}\n",
			"sum.c":  "int main(void) {\n int x = 0;\n x = " + strings.Repeat("1+", 1000000) + "1;\nreturn x;\n}\n",
		}
		wantC := map[string]string{"nest.c": "nest.c:2:64: statements nest too deep", "sum.c": "sum.c:3:20005: expression too long"}
		for name, src := range files {
			if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
				t.Fatal(err)
			}
			code, msg := post(t, ts.URL+"/api/analyze", map[string]any{"file": name})
			if code != http.StatusUnprocessableEntity || !strings.Contains(msg, wantC[name]) {
				t.Errorf("%s: %d %.300s", name, code, msg)
			}
		}
	}
	if code, _ := call(t, ts, "GET", "/api/info", nil); code != http.StatusOK {
		t.Errorf("after the killer requests: %d", code)
	}
}

// With a queue of Q, Q runs wait or run and the next are refused with
// 429 until one ends; dropping a run frees its place.
func TestQueueBound(t *testing.T) {
	long := "model spin\nactivity main {\n  loop 100000000 { action A cost uniform(1, 2) }\n}\n"
	ts, _ := testServer(t, Config{Parallel: 1, Queue: 3})
	var ids []string
	busy := 0
	for range 3 + 5 {
		code, r := call(t, ts, "POST", "/api/runs", map[string]any{"source": long, "machine": "ideal.yaml", "procs": 2})
		switch code {
		case http.StatusAccepted:
			ids = append(ids, r["id"].(string))
		case http.StatusTooManyRequests:
			busy++
			if !strings.Contains(r["error"].(string), "the workbench is busy: 3 runs and sweeps are already waiting or running") {
				t.Errorf("429: %v", r)
			}
		default:
			t.Errorf("run: %d %v", code, r)
		}
	}
	if len(ids) != 3 || busy != 5 {
		t.Fatalf("%d accepted and %d refused, want 3 and 5", len(ids), busy)
	}
	code, r := call(t, ts, "POST", "/api/sweeps", map[string]any{"source": long, "machine": "ideal.yaml", "values": []int{1, 2}})
	if code != http.StatusTooManyRequests {
		t.Errorf("sweep with a full queue: %d %v", code, r)
	}
	// Dropping a queued run and the running one frees two places.
	for _, id := range ids[1:] {
		if code, r := call(t, ts, "DELETE", "/api/runs/"+id, nil); code != http.StatusOK {
			t.Errorf("drop %s: %d %v", id, code, r)
		}
		if code, _ := call(t, ts, "GET", "/api/runs/"+id, nil); code != http.StatusNotFound {
			t.Errorf("dropped run %s still there: %d", id, code)
		}
	}
	call(t, ts, "POST", "/api/runs/"+ids[0]+"/cancel", nil)
	wait(t, ts, ids[0])
	for range 3 {
		code, r := call(t, ts, "POST", "/api/runs", map[string]any{"source": sample(t), "machine": "ideal.yaml", "procs": 4})
		if code != http.StatusAccepted {
			t.Errorf("after drops: %d %v", code, r)
			continue
		}
		if j := wait(t, ts, r["id"].(string)); j["state"] != stateDone {
			t.Errorf("run after drops: %v", j)
		}
	}
}

// Writes and cancels from an opaque origin are refused; every answer
// forbids framing and carries the usual security headers.
func TestOriginNullAndHeaders(t *testing.T) {
	ts, _ := testServer(t, Config{})
	_, r := call(t, ts, "POST", "/api/runs", map[string]any{"source": sample(t), "machine": "ideal.yaml", "procs": 4})
	id := r["id"].(string)
	for _, c := range []struct{ method, path, body string }{
		{"POST", "/api/runs", `{"source":"model m","machine":"ideal.yaml"}`},
		{"POST", "/api/runs/" + id + "/cancel", ""},
		{"PUT", "/api/file", `{"path":"x.aug","text":"model x"}`},
		{"DELETE", "/api/runs/" + id, ""},
	} {
		req, _ := http.NewRequest(c.method, ts.URL+c.path, strings.NewReader(c.body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Origin", "null")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusForbidden {
			t.Errorf("%s %s from Origin null: %d", c.method, c.path, resp.StatusCode)
		}
	}
	if j := wait(t, ts, id); j["state"] != stateDone {
		t.Errorf("the run was stopped from Origin null: %v", j)
	}
	for _, path := range []string{"/", "/api/info", "/api/runs/" + id + "/report"} {
		req, _ := http.NewRequest("GET", ts.URL+path, nil)
		req.Header.Set("Origin", "null") // reading is allowed
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		h := resp.Header
		if resp.StatusCode != http.StatusOK || !strings.Contains(h.Get("Content-Security-Policy"), "frame-ancestors 'none'") ||
			h.Get("X-Frame-Options") != "DENY" || h.Get("X-Content-Type-Options") != "nosniff" || h.Get("Referrer-Policy") != "no-referrer" {
			t.Errorf("GET %s: %d, headers %v", path, resp.StatusCode, h)
		}
	}
}

// A handler's panic is its request's 500, not a dropped connection.
func TestHandlerPanicIsAnError(t *testing.T) {
	ts := httptest.NewServer(recoverErrors(http.HandlerFunc(func(http.ResponseWriter, *http.Request) {
		panic(errors.New("a bug"))
	})))
	defer ts.Close()
	code, r := call(t, ts, "GET", "/", nil)
	if code != http.StatusInternalServerError || r["error"] != "internal error: a bug (please report it)" {
		t.Errorf("%d %v", code, r)
	}
}

// The engine's advice to command-line users becomes the workbench's.
func TestWorkbenchWords(t *testing.T) {
	long := "model spin\nactivity main {\n  loop 100000000 { action A cost uniform(1, 2) }\n}\n"
	ts, _ := testServer(t, Config{MaxEvents: 1000})
	_, r := call(t, ts, "POST", "/api/runs", map[string]any{"source": long, "machine": "ideal.yaml", "procs": 2})
	j := wait(t, ts, r["id"].(string))
	msg := fmt.Sprint(j["error"])
	if j["state"] != stateFailed || strings.Contains(msg, "--max-events") || !strings.Contains(msg, "event limit of 1000 reached") ||
		!strings.Contains(msg, "(the workbench's limit per run: try fewer processes or smaller params)") {
		t.Errorf("event limit: %v", j)
	}
	// Without a process count, one per CPU: too many, said of the field.
	_, r = call(t, ts, "POST", "/api/runs", map[string]any{"source": long, "machine": "ideal.yaml", "nodes": 100})
	j = wait(t, ts, r["id"].(string))
	if msg := fmt.Sprint(j["error"]); j["state"] != stateFailed || !strings.HasPrefix(msg, "processes: one process per CPU of the machine (none given), 100000000: ") {
		t.Errorf("the default process count: %v", j)
	}
	for in, want := range map[string]string{
		"f.aug:3:5: machine m, node group g: no time for operation fp_add (ops:); measure it with augur bench machine or give it with option op-time fp_add=TIME": "f.aug:3:5: machine m, node group g: no time for operation fp_add (ops:); measure it with augur bench machine or add fp_add to the ops: of the machine file",
		"the machine has 2000000 CPUs; say how many processes with --procs":                                                                                       "the machine has 2000000 CPUs; say how many in the Processes field",
		"it is the parameter n (default 1); give it with --set n=VALUE":                                                                                           "it is the parameter n (default 1); give it under Params as n=VALUE",
		"m.aug:3:3: loop count 1000 exceeds the limit of 10 iterations (option max-iterations) (process 0 thread 0 at 0s)":                                        "m.aug:3:3: loop count 1000 exceeds the limit of 10 iterations (the workbench's limit per run: try smaller params) (process 0 thread 0 at 0s)",
		`machine "m": option nodes 3: a platform's 64 hosts are fixed (use a cluster of another size)`:                                                            `machine "m": nodes 3: a platform's 64 hosts are fixed (use a cluster of another size)`,
		"option procs: one process per CPU of the machine (none given), 100000000: 100000000 processes are more than the 67108864 augur simulates":                "processes: one process per CPU of the machine (none given), 100000000: 100000000 processes are more than the 67108864 augur simulates",
	} {
		if got := workbenchWords(in); got != want {
			t.Errorf("%q:\n got %q\nwant %q", in, got, want)
		}
	}
}
