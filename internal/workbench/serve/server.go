// Package serve is the HTTP side of the browser workbench (`augur serve`):
// it serves the embedded front-end (package web) and a small JSON API to
// check a model, draw it, run a prediction or a sweep, cancel it, and read
// the results and an aggregated timeline. The API is documented in
// docs/workbench.md.
//
// Safety: every file it reads or writes is inside one workspace folder
// (os.Root refuses paths and symbolic links that leave it), request bodies
// and run times are bounded, runs are independent (each has its own
// engine, timeline and cancel flag), and requests that could come from
// another web site (a foreign Host or Origin, a form post) are refused.
package serve

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net"
	"net/http"
	"sort"
	"strings"
	"time"

	"augur/internal/base/diag"
	"augur/internal/frontend/model"
	"augur/internal/results"
)

// Config sets up a Server.
type Config struct {
	// Dir is the workspace folder; nothing outside it is read or written.
	Dir string
	// Assets is the front-end (web.FS); nil serves the API only.
	Assets fs.FS
	// MaxBody bounds request bodies (default 4 MiB).
	MaxBody int64
	// MaxRunTime bounds the wall time of one run or sweep (default 2 min).
	MaxRunTime time.Duration
	// MaxEvents bounds the events of one run (default 5·10⁸).
	MaxEvents int64
	// Parallel is how many runs may execute at once (default 2); others queue.
	Parallel int
	// Keep is how many finished runs are remembered (default 32).
	Keep int
	// Queue is how many runs and sweeps may wait or run at once
	// (default 16); more are refused with 429 Too Many Requests.
	Queue int
	// Version is shown in the page.
	Version string
}

// Server is the workbench.
type Server struct {
	cfg  Config
	ws   *workspace
	jobs *jobs
	mux  *http.ServeMux
}

// New opens the workspace and returns the server.
func New(cfg Config) (*Server, error) {
	if cfg.MaxBody <= 0 {
		cfg.MaxBody = 4 << 20
	}
	if cfg.MaxRunTime <= 0 {
		cfg.MaxRunTime = 2 * time.Minute
	}
	if cfg.MaxEvents <= 0 {
		cfg.MaxEvents = 500_000_000
	}
	if cfg.Parallel <= 0 {
		cfg.Parallel = 2
	}
	if cfg.Keep <= 0 {
		cfg.Keep = 32
	}
	if cfg.Queue <= 0 {
		cfg.Queue = 16
	}
	ws, err := openWorkspace(cfg.Dir)
	if err != nil {
		return nil, err
	}
	s := &Server{cfg: cfg, ws: ws, jobs: newJobs(cfg.Parallel, cfg.Keep, cfg.Queue), mux: http.NewServeMux()}
	s.routes()
	return s, nil
}

// Close releases the workspace and cancels the runs.
func (s *Server) Close() error {
	s.jobs.cancelAll()
	return s.ws.close()
}

// Workspace is the absolute path of the workspace folder.
func (s *Server) Workspace() string { return s.ws.abs }

func (s *Server) routes() {
	m := s.mux
	m.HandleFunc("GET /api/info", s.info)
	m.HandleFunc("GET /api/files", s.files)
	m.HandleFunc("GET /api/file", s.readFile)
	m.HandleFunc("PUT /api/file", s.writeFile)
	m.HandleFunc("POST /api/check", s.check)
	m.HandleFunc("POST /api/runs", s.startRun)
	m.HandleFunc("POST /api/sweeps", s.startSweep)
	m.HandleFunc("POST /api/open", s.open)
	m.HandleFunc("POST /api/analyze", s.analyzeSource)
	m.HandleFunc("GET /api/runs", s.listRuns)
	m.HandleFunc("GET /api/runs/{id}", s.getRun)
	m.HandleFunc("POST /api/runs/{id}/cancel", s.cancelRun)
	m.HandleFunc("DELETE /api/runs/{id}", s.dropRun)
	m.HandleFunc("GET /api/runs/{id}/timeline", s.timeline)
	m.HandleFunc("GET /api/runs/{id}/units/{unit}", s.unitElements)
	m.HandleFunc("GET /api/runs/{id}/report", s.report)
	m.HandleFunc("/api/", func(w http.ResponseWriter, r *http.Request) {
		httpError(w, http.StatusNotFound, "no such API: %s %s", r.Method, r.URL.Path)
	})
	if s.cfg.Assets != nil {
		files := http.FileServerFS(s.cfg.Assets)
		m.Handle("/", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.Method != http.MethodGet && r.Method != http.MethodHead {
				httpError(w, http.StatusMethodNotAllowed, "method %s not allowed", r.Method)
				return
			}
			// The page loads only its own files (a strict content policy).
			w.Header().Set("Content-Security-Policy", pagePolicy)
			files.ServeHTTP(w, r)
		}))
	}
}

// The content policies: the page loads only its own files; nothing the
// server sends may be framed by another page (clickjacking), and an HTML
// answer of the API (a report, a source view) may not frame either.
const (
	pagePolicy = "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'"
	basePolicy = "frame-ancestors 'none'"
)

// Handler is the server's handler with its guards: a request whose Host
// or Origin is not this server is refused (a web page elsewhere cannot
// drive the workbench, even through DNS rebinding), as is a request that
// changes anything from an opaque origin ("Origin: null": a sandboxed
// frame, a file:// page); bodies are bounded, API writes must be JSON (a
// plain HTML form cannot send them), every answer carries the usual
// security headers, and a handler's failure is its request's error.
func (s *Server) Handler() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Cache-Control", "no-store")
		h.Set("Content-Security-Policy", basePolicy)
		h.Set("X-Frame-Options", "DENY")
		h.Set("Referrer-Policy", "no-referrer")
		h.Set("Cross-Origin-Opener-Policy", "same-origin")
		h.Set("Cross-Origin-Resource-Policy", "same-origin")
		if !localHost(r.Host) {
			httpError(w, http.StatusForbidden, "host %q refused: the workbench answers only to localhost addresses", r.Host)
			return
		}
		writes := r.Method != http.MethodGet && r.Method != http.MethodHead
		if o := r.Header.Get("Origin"); o == "null" && writes {
			httpError(w, http.StatusForbidden, "origin \"null\" refused: open the workbench at its own address to run or change anything")
			return
		} else if o != "" && o != "null" && !sameOrigin(o, r.Host) {
			httpError(w, http.StatusForbidden, "origin %q refused", o)
			return
		}
		if writes {
			if ct := r.Header.Get("Content-Type"); !strings.HasPrefix(ct, "application/json") && r.ContentLength != 0 {
				httpError(w, http.StatusUnsupportedMediaType, "send JSON (Content-Type: application/json)")
				return
			}
		}
		r.Body = http.MaxBytesReader(w, r.Body, s.cfg.MaxBody)
		recoverErrors(s.mux).ServeHTTP(w, r)
	})
}

// recoverErrors makes a panic in h (a bug) a 500 answer to its request
// rather than a dropped connection. A Go stack overflow cannot be
// recovered: the readers bound what could cause one instead.
func recoverErrors(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			if v := recover(); v != nil {
				if v == http.ErrAbortHandler {
					panic(v)
				}
				httpError(w, http.StatusInternalServerError, "internal error: %v (please report it)", v)
			}
		}()
		h.ServeHTTP(w, r)
	})
}

// busy answers a run or sweep refused because the queue is full.
func busy(w http.ResponseWriter, err error) {
	w.Header().Set("Retry-After", "5")
	httpError(w, http.StatusTooManyRequests, "%v", err)
}

// localHost reports whether a Host header names this machine: localhost,
// a loopback address, or (when the user chose to listen on another
// address) an IP literal, which DNS rebinding cannot forge.
func localHost(hostport string) bool {
	host := hostport
	if h, _, err := net.SplitHostPort(hostport); err == nil {
		host = h
	}
	host = strings.Trim(host, "[]")
	if host == "localhost" || strings.HasSuffix(host, ".localhost") {
		return true
	}
	return net.ParseIP(host) != nil
}

func sameOrigin(origin, host string) bool {
	o := strings.TrimPrefix(strings.TrimPrefix(origin, "http://"), "https://")
	return o == host
}

// IsLoopback reports whether addr (host:port) listens on loopback only.
func IsLoopback(addr string) bool {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return false
	}
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

func (s *Server) info(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, map[string]any{
		"version":   s.cfg.Version,
		"workspace": s.ws.abs,
		"limits": map[string]any{
			"max_body_bytes": s.cfg.MaxBody, "max_run_time_s": s.cfg.MaxRunTime.Seconds(),
			"max_events": s.cfg.MaxEvents, "parallel_runs": s.cfg.Parallel, "queue": s.cfg.Queue,
		},
		"categories": map[string]any{"program": results.ProgramCategories, "threads": results.ThreadCategories},
		"keywords":   sortedKeys(model.Keywords),
		"builtins":   append(sortedKeys(model.BuiltinVars), sortedKeys(model.BuiltinFuncs)...),
	})
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// apiError is the JSON body of every error.
type apiError struct {
	Error       string `json:"error"`
	Diagnostics []Diag `json:"diagnostics,omitempty"`
}

func httpError(w http.ResponseWriter, status int, format string, args ...any) {
	writeJSON(w, status, apiError{Error: fmt.Sprintf(format, args...)})
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	enc := json.NewEncoder(w)
	enc.Encode(v)
}

// readJSON decodes a request body, saying plainly when it is too large.
func readJSON(w http.ResponseWriter, r *http.Request, v any) bool {
	data, err := io.ReadAll(r.Body)
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			httpError(w, http.StatusRequestEntityTooLarge, "request larger than %d bytes", tooBig.Limit)
			return false
		}
		httpError(w, http.StatusBadRequest, "request body: %v", err)
		return false
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		// Positioned like every reader's error: "request body:1:17: JSON: ...".
		httpError(w, http.StatusBadRequest, "%v", diag.JSON("request body", data, err))
		return false
	}
	return true
}
