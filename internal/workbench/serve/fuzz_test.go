package serve

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// The routes FuzzAPI picks from (server.go's router, and one it does not
// have); {id} is the job the first request made, or the fuzzer's text.
var fuzzRoutes = []string{
	"/api/info", "/api/files", "/api/file", "/api/check", "/api/runs", "/api/sweeps", "/api/open", "/api/analyze",
	"/api/runs/{id}", "/api/runs/{id}/cancel", "/api/runs/{id}/timeline", "/api/runs/{id}/units/0", "/api/runs/{id}/report",
	"/api/nothing",
}

var fuzzMethods = []string{"GET", "POST", "PUT", "DELETE", "HEAD", "PATCH", "OPTIONS"}

// The statuses docs/workbench.md gives the API; a 500 (a handler's panic,
// recovered) is a bug.
var apiStatuses = map[int]bool{200: true, 202: true, 400: true, 403: true, 404: true, 405: true,
	409: true, 413: true, 415: true, 422: true, 429: true}

// fuzzLimit bounds the time of one request (the machine is shared; a
// request of a few kilobytes takes milliseconds).
const fuzzLimit = 20 * time.Second

// FuzzAPI drives the workbench's handler, guards included, in process: two
// requests per input (the second may name the job the first made, to
// cancel, drop or read it), each an endpoint, a method, a body and the
// Origin, Content-Type and Host headers. Every answer must be a status
// the API documents, every error a JSON {"error": ...} (or /api/check's
// 413, its diagnostics), every request must end within fuzzLimit, and
// the runs it started are cancelled and waited for at the end of the
// input.
func FuzzAPI(f *testing.F) {
	files := map[string][]byte{}
	for _, p := range []string{"examples/sample.aug", "examples/pingpong.aug", "examples/machines/ideal.yaml", "examples/machines/gescher.yaml",
		"internal/results/testdata/sample.json", "internal/results/testdata/sample.trace.json", "internal/results/testdata/threads.json",
		"internal/frontend/analyze/testdata/pi.c", "internal/frontend/analyze/testdata/onens.yaml"} {
		b, err := os.ReadFile(filepath.Join("../../..", p))
		if err != nil {
			f.Fatal(err)
		}
		files[filepath.Base(p)] = b
	}
	files["broken.c"] = []byte("int main(void) {\n  int x = ;\n}\n")
	files["tiny.c"] = []byte("int main(void) {\n  int s = 0;\n  for (int i = 0; i < 10; i++) s += i;\n  return s;\n}\n")

	js := func(v any) []byte {
		b, err := json.Marshal(v)
		if err != nil {
			f.Fatal(err)
		}
		return b
	}
	// index is the fuzzer's byte that picks x among xs.
	index := func(xs []string, x string) uint8 {
		i := slices.Index(xs, x)
		if i < 0 {
			f.Fatalf("no %s among %v", x, xs)
		}
		return uint8(i)
	}
	route := func(p string) uint8 { return index(fuzzRoutes, p) }
	method := func(m string) uint8 { return index(fuzzMethods, m) }
	tiny := "model m\nactivity main { action A cost 1 }\n"
	spin := "model spin\nactivity main {\n  loop 100000000 { action A cost uniform(1, 2) }\n}\n"
	chain := "model m\nactivity main { action A cost 1" + strings.Repeat("+1", 10001) + " }\n"
	first := [][3]any{ // route, method, body
		{"/api/info", "GET", nil},
		{"/api/check", "POST", js(map[string]any{"filename": "sample.aug", "source": string(files["sample.aug"])})},
		{"/api/check", "POST", js(map[string]any{"source": string(files["pingpong.aug"]), "procs": 2})},
		{"/api/check", "POST", js(map[string]any{"filename": 3})},
		{"/api/check", "POST", js(map[string]any{"source": chain})},
		{"/api/runs", "POST", js(map[string]any{"source": tiny, "machine": "ideal.yaml", "procs": 2})},
		{"/api/runs", "POST", js(map[string]any{"source": spin, "machine": "ideal.yaml", "procs": 2})},
		{"/api/runs", "POST", js(map[string]any{"source": string(files["sample.aug"]), "machine": "../ideal.yaml"})},
		{"/api/runs", "POST", js(map[string]any{"source": tiny, "machine": "ideal.yaml", "params": map[string]string{"N": "x+"}})},
		{"/api/runs", "POST", js(map[string]any{"source": tiny, "machine": "ideal.yaml", "surprise": 1})},
		{"/api/sweeps", "POST", js(map[string]any{"source": tiny, "machine": "ideal.yaml", "vary": "procs", "values": []int{1, 2}})},
		{"/api/sweeps", "POST", js(map[string]any{"source": tiny, "machine": "ideal.yaml", "values": []float64{0.5}})},
		{"/api/open", "POST", js(map[string]any{"path": "sample.json", "trace_path": "sample.trace.json"})},
		{"/api/open", "POST", js(map[string]any{"path": "threads.json"})},
		{"/api/open", "POST", js(map[string]any{"path": "ideal.yaml"})},
		{"/api/file", "PUT", js(map[string]any{"path": "x.aug", "text": tiny})},
		{"/api/file", "PUT", js(map[string]any{"path": "../x.aug", "text": tiny})},
		{"/api/analyze", "POST", js(map[string]any{"file": "tiny.c", "machines": []string{"onens.yaml"}, "procs": 2})},
		{"/api/analyze", "POST", js(map[string]any{"file": "broken.c"})},
		{"/api/analyze", "POST", js(map[string]any{"file": "pi.c", "bogus": 1})},
		{"/api/analyze", "POST", []byte(`{"file": "pi.c", "procs": -1}`)},
	}
	second := [][3]any{ // route, method, tail (the job, or the query)
		{"/api/runs/{id}", "GET", ""},
		{"/api/runs/{id}/cancel", "POST", ""},
		{"/api/runs/{id}", "DELETE", ""},
		{"/api/runs/{id}/timeline", "GET", "t0=0&t1=1e308&bins=3&rows=2"},
		{"/api/runs/{id}/units/0", "GET", ""},
		{"/api/runs/{id}/report", "GET", ""},
		{"/api/runs/{id}", "GET", "99"},
		{"/api/file", "GET", "path=sample.aug"},
		{"/api/file", "GET", "path=../../etc/passwd"},
		{"/api/files", "GET", ""},
		{"/api/runs", "GET", ""},
		{"/api/nothing", "PATCH", ""},
	}
	for i, a := range first {
		b := second[i%len(second)]
		var body []byte
		if a[2] != nil {
			body = a[2].([]byte)
		}
		f.Add(route(a[0].(string)), method(a[1].(string)), body, route(b[0].(string)), method(b[1].(string)), b[2].(string), []byte(nil), uint8(3*(i%2)))
	}
	// The guards: a foreign Origin or Host, "Origin: null", a form post.
	for _, hdr := range []uint8{0b0100, 0b1100, 0b10000, 0b0010, 0b1000 | 0b00100000} {
		f.Add(route("/api/runs"), method("POST"), []byte(`{"source":"model m\nactivity main { action A cost 1 }","machine":"ideal.yaml"}`),
			route("/api/runs/{id}/cancel"), method("POST"), "", []byte(nil), hdr)
	}
	f.Add(route("/api/check"), method("POST"), []byte(`{"source":"model m"}`), route("/api/file"), method("PUT"), "", []byte(`{"path":"x.aug","text":"model x"}`), uint8(0))

	f.Fuzz(func(t *testing.T, r1, m1 uint8, b1 []byte, r2, m2 uint8, tail string, b2 []byte, hdr uint8) {
		dir := t.TempDir()
		for name, data := range files {
			if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		s, err := New(Config{Dir: dir, MaxBody: 64 << 10, MaxRunTime: 2 * time.Second, MaxEvents: 1_000_000, Parallel: 1, Keep: 4, Queue: 4})
		if err != nil {
			t.Fatal(err)
		}
		defer func() {
			s.Close()
			waitIdle(t, s)
		}()
		h := s.Handler()
		_, out := fuzzRequest(t, h, r1, m1, "", b1, hdr)
		id := tail
		if v, ok := out["id"].(string); ok && tail == "" {
			id = v
		}
		fuzzRequest(t, h, r2, m2, id, b2, hdr>>5)
	})
}

// fuzzRequest sends one request and checks its answer; it returns the
// answer's JSON object, if it is one.
func fuzzRequest(t *testing.T, h http.Handler, r, m uint8, tail string, body []byte, hdr uint8) (int, map[string]any) {
	t.Helper()
	route := fuzzRoutes[int(r)%len(fuzzRoutes)]
	target := "http://localhost:8080"
	if strings.Contains(route, "{id}") {
		target += strings.Replace(route, "{id}", url.PathEscape(tail), 1)
	} else {
		target += route
		if tail != "" {
			target += "?" + tail
		}
	}
	method := fuzzMethods[int(m)%len(fuzzMethods)]
	req, err := http.NewRequest(method, target, bytes.NewReader(body))
	if err != nil {
		return 0, nil // not a request a client could send
	}
	req.Header.Set("Content-Type", []string{"application/json", "", "text/plain", "application/json; charset=utf-8"}[hdr&3])
	if o := []string{"", "null", "http://localhost:8080", "http://evil.example"}[hdr>>2&3]; o != "" {
		req.Header.Set("Origin", o)
	}
	if hdr&16 != 0 {
		req.Host = "evil.example"
	}
	rec := httptest.NewRecorder()
	done := make(chan struct{})
	go func() {
		defer close(done)
		h.ServeHTTP(rec, req)
	}()
	select {
	case <-done:
	case <-time.After(fuzzLimit):
		t.Fatalf("%s %s (%d bytes): no answer after %v", method, target, len(body), fuzzLimit)
	}
	code := rec.Code
	if code == http.StatusTemporaryRedirect || code == http.StatusMovedPermanently {
		// Go's router sends a path with "//", "." or ".." to its clean
		// form, where the guards apply again.
		if loc := rec.Header().Get("Location"); code == http.StatusMovedPermanently && method != "GET" && method != "HEAD" ||
			loc == "" || loc == req.URL.Path || path.Clean(loc) != loc {
			t.Fatalf("%s %s: %d to %q", method, target, code, loc)
		}
		return code, nil
	}
	if !apiStatuses[code] {
		t.Fatalf("%s %s %q: status %d, not one the API documents: %.500s", method, target, body, code, rec.Body.Bytes())
	}
	ct := rec.Header().Get("Content-Type")
	html := code < 300 && (strings.HasSuffix(route, "/report") || route == "/api/analyze")
	if html {
		if !strings.HasPrefix(ct, "text/html") {
			t.Fatalf("%s %s: %d with Content-Type %q, want HTML", method, target, code, ct)
		}
		return code, nil
	}
	if !strings.HasPrefix(ct, "application/json") {
		t.Fatalf("%s %s: %d with Content-Type %q, want JSON: %.500s", method, target, code, ct, rec.Body.Bytes())
	}
	var v any
	if err := json.Unmarshal(rec.Body.Bytes(), &v); err != nil {
		t.Fatalf("%s %s: %d, not JSON (%v): %.500s", method, target, code, err, rec.Body.Bytes())
	}
	out, _ := v.(map[string]any)
	if code >= 400 {
		if out == nil {
			t.Fatalf("%s %s: %d, not a JSON object: %.500s", method, target, code, rec.Body.Bytes())
		}
		if code == http.StatusRequestEntityTooLarge && route == "/api/check" && out["ok"] == false && out["diagnostics"] != nil {
			return code, out // the check's bounds: its diagnostics
		}
		if msg, ok := out["error"].(string); !ok || msg == "" {
			t.Fatalf("%s %s: %d without an error message: %.500s", method, target, code, rec.Body.Bytes())
		}
		for k := range out {
			if k != "error" && k != "diagnostics" {
				t.Fatalf("%s %s: %d, error with a field %q: %.500s", method, target, code, k, rec.Body.Bytes())
			}
		}
	}
	return code, out
}

// waitIdle waits for the runs and sweeps of a closed server to stop.
func waitIdle(t *testing.T, s *Server) {
	t.Helper()
	deadline := time.Now().Add(s.cfg.MaxRunTime + fuzzLimit)
	for {
		s.jobs.mu.Lock()
		active := s.jobs.active
		s.jobs.mu.Unlock()
		if active == 0 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d runs still going after the server closed", active)
		}
		time.Sleep(time.Millisecond)
	}
}
