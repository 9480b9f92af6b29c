package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

const resultsData = "../../internal/results/testdata/"

func TestReportCommand(t *testing.T) {
	out := filepath.Join(t.TempDir(), "sample.html")
	code, _, stderr := augur(t, "report", resultsData+"sample.json", "--trace", resultsData+"sample.trace.json", "-o", out)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`<p class="time" id="time">194.184 s</p>`, "<h3>Elements of process 0</h3>", `aria-label="timeline"`, "from sample.json"} {
		if !bytes.Contains(b, []byte(want)) {
			t.Errorf("report lacks %q", want)
		}
	}
	// Thread and MPI results make reports too.
	for _, f := range []string{"threads.json", "mpi.json"} {
		if code, _, stderr := augur(t, "report", resultsData+f, "-o", filepath.Join(t.TempDir(), "r.html")); code != exitOK {
			t.Errorf("report %s: exit %d: %s", f, code, stderr)
		}
	}
}

func TestReportErrors(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.json")
	os.WriteFile(bad, []byte("{\n  \"predicted_time_s\": 1,\n  ]\n}"), 0o644)
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"report", resultsData + "sample.json"}, exitUsage, "-o REPORT.html is required"},
		{[]string{"report", "-o", "x.html"}, exitUsage, "want one RESULT.json"},
		{[]string{"report", filepath.Join(dir, "missing.json"), "-o", filepath.Join(dir, "x.html")}, exitInput, "no such file"},
		{[]string{"report", bad, "-o", filepath.Join(dir, "x.html")}, exitInput, "bad.json:3:3: not a result file: JSON: invalid character"},
		{[]string{"report", resultsData + "sample.json", "-o", filepath.Join(dir, "x.txt")}, exitInput, "name it .html"},
		{[]string{"report", resultsData + "sample.json", "--trace", resultsData + "sample.json", "-o", filepath.Join(dir, "x.html")}, exitInput, "sample.json: not a Chrome trace: no traceEvents"},
	} {
		code, _, stderr := augur(t, c.args...)
		if code != c.code || !strings.Contains(stderr, c.want) {
			t.Errorf("augur %s: exit %d, %q; want %d, %q", strings.Join(c.args, " "), code, stderr, c.code, c.want)
		}
	}
}

// predict --report writes the report of the prediction, timeline included,
// and the normal output as well.
func TestPredictReport(t *testing.T) {
	dir := t.TempDir()
	out, tr := filepath.Join(dir, "p.html"), filepath.Join(dir, "p.trace.json")
	code, stdout, stderr := augur(t, "predict", ex+"sample.aug", "--machine", ex+"machines/ideal.yaml", "--procs", "4",
		"--report", out, "--trace", tr)
	if code != exitOK || !strings.Contains(stdout, "194.184 s") {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	b, _ := os.ReadFile(out)
	for _, want := range []string{`id="time">194.184 s<`, "<h3>Elements of process 0</h3>", "16 slices on 4 tracks", "from sample.aug"} {
		if !bytes.Contains(b, []byte(want)) {
			t.Errorf("report lacks %q", want)
		}
	}
	if b, _ := os.ReadFile(tr); !bytes.Contains(b, []byte(`"name":"SA1"`)) {
		t.Error("--trace still works beside --report")
	}
	if code, _, stderr := augur(t, "predict", ex+"sample.aug", "--machine", ex+"machines/ideal.yaml", "--report", filepath.Join(dir, "x.pdf")); code != exitInput || !strings.Contains(stderr, "--report") {
		t.Errorf("report to .pdf: exit %d %q", code, stderr)
	}
}

// writeHTMLReport is what simulate and replay call for --report.
func TestWriteHTMLReportHelper(t *testing.T) {
	data, err := os.ReadFile(resultsData + "mpi.json")
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "mpi.html")
	if err := writeHTMLReport(out, data, nil); err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(out)
	if !bytes.Contains(b, []byte("Time per rank")) || !bytes.Contains(b, []byte(`id="time">3.5 s<`)) {
		t.Error("MPI report lacks its charts")
	}
	if err := writeHTMLReport(out, []byte(`{}`), nil); err == nil {
		t.Error("an empty object is not a result")
	}
}

// syncBuffer is a bytes.Buffer safe to read while the server writes.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

func TestServeCommand(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	var out, errb syncBuffer
	addrc := make(chan string, 1)
	done := make(chan int, 1)
	c := serveCommand()
	go func() {
		done <- runServe(ctx, &env{stdout: &out, stderr: &errb}, c,
			[]string{"--addr", "127.0.0.1:0", "--dir", ex}, func(a string) { addrc <- a })
	}()
	var addr string
	select {
	case addr = <-addrc:
	case code := <-done:
		t.Fatalf("serve ended with %d: %s", code, errb.String())
	case <-time.After(10 * time.Second):
		t.Fatal("serve did not start")
	}
	resp, err := http.Get("http://" + addr + "/api/files")
	if err != nil {
		t.Fatal(err)
	}
	var files struct{ Models []string }
	json.NewDecoder(resp.Body).Decode(&files)
	resp.Body.Close()
	if !strings.Contains(strings.Join(files.Models, ","), "sample.aug") {
		t.Errorf("models in the workspace: %v", files.Models)
	}
	resp, err = http.Get("http://" + addr + "/")
	if err != nil {
		t.Fatal(err)
	}
	page, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if !bytes.Contains(page, []byte("<title>augur workbench</title>")) {
		t.Error("the embedded page is not served")
	}
	cancel()
	if code := <-done; code != exitOK {
		t.Errorf("exit %d", code)
	}
	s := out.String()
	if !strings.Contains(s, "listening on loopback only: other machines cannot connect") || !strings.Contains(s, "workspace: ") {
		t.Errorf("serve says:\n%s", s)
	}
}

func TestServeErrors(t *testing.T) {
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"serve", "--addr", "nonsense"}, exitUsage, "want HOST:PORT"},
		{[]string{"serve", "--dir", "/does/not/exist"}, exitInput, "not a folder"},
		{[]string{"serve", "--parallel", "0"}, exitUsage, "must be positive"},
		{[]string{"serve", "extra"}, exitUsage, "takes no arguments"},
	} {
		code, _, stderr := augur(t, c.args...)
		if code != c.code || !strings.Contains(stderr, c.want) {
			t.Errorf("augur %s: exit %d %q, want %d %q", strings.Join(c.args, " "), code, stderr, c.code, c.want)
		}
	}
}

// Listening beyond loopback is allowed but said loudly.
func TestServeWarnsOffLoopback(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	var out syncBuffer
	done := make(chan int, 1)
	go func() {
		done <- runServe(ctx, &env{stdout: &out, stderr: io.Discard}, serveCommand(),
			[]string{"--addr", "0.0.0.0:0", "--dir", ex}, func(string) { cancel() })
	}()
	<-done
	if !strings.Contains(out.String(), "WARNING: listening on") {
		t.Errorf("no warning:\n%s", out.String())
	}
}
