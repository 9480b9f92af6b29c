package serve

import (
	"errors"
	"fmt"
	"math"
	"net/http"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"

	"augur/internal/base/procbound"
	"augur/internal/frontend/model"
	"augur/internal/machine"
	"augur/internal/results"
	"augur/internal/run/predict"
	"augur/internal/run/sweep"
	"augur/internal/writers/htmlreport"
	"augur/internal/writers/report"
)

// runRequest is what the page sends to run a prediction: the model text
// (unsaved edits included), a machine file of the workspace and the
// system parameters of Performance Prophet (nodes, processes, threads, params).
type runRequest struct {
	Filename string            `json:"filename"`
	Source   string            `json:"source"`
	Machine  string            `json:"machine"`
	Nodes    int               `json:"nodes"`
	Procs    int               `json:"procs"`
	Threads  int               `json:"threads"`
	Params   map[string]string `json:"params"`
	Map      string            `json:"map"`
	Seed     uint64            `json:"seed"`
}

// runOutput is a finished run's result with its timeline.
type runOutput struct {
	result *results.Result
}

// prepared is a validated run request.
type prepared struct {
	opts predict.Options
}

// maxProcs is the most processes a run may have: the one bound of
// package procbound, which the command line has too (docs/cli.md, "Input
// files").
func maxProcs() int { return int(procbound.Limit()) }

// prepare validates a request into predict options; a model with errors
// gives its diagnostics.
func (s *Server) prepare(req *runRequest) (*prepared, []Diag, error) {
	if req.Machine == "" {
		return nil, nil, errors.New("pick a machine file")
	}
	if req.Nodes < 0 || req.Procs < 0 || req.Threads < 0 {
		return nil, nil, errors.New("nodes, processes and threads must be ≥ 0")
	}
	if req.Procs > maxProcs() || req.Nodes > maxProcs() || req.Threads > 4096 {
		return nil, nil, fmt.Errorf("at most %d processes and nodes (what fits in this machine's memory), and 4096 threads, in the workbench", maxProcs())
	}
	set, err := parseParams(req.Params)
	if err != nil {
		return nil, nil, err
	}
	data, err := s.ws.read(req.Machine)
	if err != nil {
		return nil, nil, fmt.Errorf("machine: %w", err)
	}
	m, err := machine.Parse(req.Machine, data)
	if err != nil {
		return nil, nil, err
	}
	mapping := req.Map
	if mapping == "" {
		mapping = "block"
	}
	how, explicit, err := machine.ParseMapping(mapping)
	if err != nil {
		return nil, nil, fmt.Errorf("mapping: %w", err)
	}
	name := req.Filename
	if name == "" {
		name = "model.aug"
	}
	names := make([]string, 0, len(set))
	for k := range set {
		names = append(names, k)
	}
	if _, diags := checkModel(name, []byte(req.Source), req.Procs, names); diags.HasErrors() {
		return nil, diagsOf(diags), errors.New("the model has errors")
	}
	seed := req.Seed
	if seed == 0 {
		seed = 1
	}
	return &prepared{opts: predict.Options{
		Filename: name, Source: []byte(req.Source), Machine: m,
		Nodes: req.Nodes, Procs: req.Procs, Threads: req.Threads, Set: set,
		Mapping: how, Explicit: explicit, Seed: seed, MaxEvents: s.cfg.MaxEvents,
	}}, nil, nil
}

// parseParams reads param values as the command line's --set does: a
// number, with a unit if wanted (12ms, 8KiB).
func parseParams(in map[string]string) (map[string]float64, error) {
	out := map[string]float64{}
	for name, text := range in {
		name = strings.TrimSpace(name)
		if name == "" {
			continue
		}
		x, err := model.ParseNumber(text)
		if err != nil {
			return nil, fmt.Errorf("value of %s: %v", name, err)
		}
		out[name] = x
	}
	return out, nil
}

// simulate runs one prediction inside j, stopped by j's context;
// withTimeline keeps its slices.
func simulate(j *job, o predict.Options, withTimeline bool) (*results.Result, error, bool) {
	var tl *results.Timeline
	if withTimeline {
		o.UnitElements = true // the per-process tables of the results view
		tl = results.NewTimeline(nil, nil)
		tl.SlicesOnly()
		o.Timelines = results.Timelines{tl}
	}
	o.Context = j.ctx
	o.Progress = func(rep int, t float64, ev, ops int64) {
		j.mu.Lock()
		j.progress.SimTime, j.progress.Events, j.progress.Ops = t, ev, ops
		j.mu.Unlock()
	}
	var p *predict.Prediction
	err, stopped := j.guard(func() error {
		var err error
		p, err = predict.Run(o)
		return err
	})
	if err != nil {
		var ce *predict.CheckError
		if errors.As(err, &ce) {
			j.mu.Lock()
			j.diags = diagsOf(ce.Diags)
			j.mu.Unlock()
		}
		return nil, err, stopped
	}
	s := report.Summarize(p, false)
	report.SortElements(s.Elements, "total")
	r := results.FromPrediction(s)
	if tl != nil {
		r.AttachTimeline(tl)
		if d := tl.Dropped(); d > 0 {
			r.Warnings = append(r.Warnings, fmt.Sprintf("the timeline keeps the first %d element executions; %d more are counted in the tables but not drawn", tl.Len(), d))
		}
	}
	return r, nil, false
}

func (s *Server) startRun(w http.ResponseWriter, r *http.Request) {
	if err := s.jobs.room(); err != nil {
		busy(w, err)
		return
	}
	var req runRequest
	if !readJSON(w, r, &req) {
		return
	}
	pr, diags, err := s.prepare(&req)
	if err != nil {
		writeJSON(w, http.StatusBadRequest, apiError{Error: err.Error(), Diagnostics: diags})
		return
	}
	j, err := s.jobs.add("run")
	if err != nil {
		busy(w, err)
		return
	}
	j.out = &runOutput{}
	s.jobs.start(j, s.cfg.MaxRunTime, func(j *job) {
		res, err, stopped := simulate(j, pr.opts, true)
		if err != nil {
			j.fail(err, stopped)
			return
		}
		j.mu.Lock()
		j.out = &runOutput{result: res}
		j.mu.Unlock()
		j.setState(stateDone)
	})
	writeJSON(w, http.StatusAccepted, map[string]string{"id": j.id})
}

// sweepRequest varies one thing over values: the process count ("procs")
// or a param; model B, if given, runs over the same values.
type sweepRequest struct {
	runRequest
	SourceB   string    `json:"source_b"`
	FilenameB string    `json:"filename_b"`
	Vary      string    `json:"vary"` // "procs" or a param name
	Values    []float64 `json:"values"`
	// ProcsPerNode, if > 0, sets nodes = ⌈procs / ProcsPerNode⌉ at each
	// point of a process sweep (a cluster that grows with the job).
	ProcsPerNode int `json:"procs_per_node"`
}

type sweepPoint struct {
	X     float64 `json:"x"`
	TimeA float64 `json:"time_a_s"`
	TimeB float64 `json:"time_b_s,omitempty"`
	ErrA  string  `json:"error_a,omitempty"`
	ErrB  string  `json:"error_b,omitempty"`
}

type sweepOutput struct {
	mu     sync.Mutex
	Vary   string
	NameA  string
	NameB  string
	Points []sweepPoint
}

func (o *sweepOutput) snapshot() map[string]any {
	o.mu.Lock()
	defer o.mu.Unlock()
	return map[string]any{"vary": o.Vary, "name_a": o.NameA, "name_b": o.NameB,
		"points": append([]sweepPoint(nil), o.Points...)}
}

const maxSweepPoints = 64

func (s *Server) startSweep(w http.ResponseWriter, r *http.Request) {
	if err := s.jobs.room(); err != nil {
		busy(w, err)
		return
	}
	var req sweepRequest
	if !readJSON(w, r, &req) {
		return
	}
	if len(req.Values) == 0 || len(req.Values) > maxSweepPoints {
		httpError(w, http.StatusBadRequest, "give 1 to %d values to sweep over", maxSweepPoints)
		return
	}
	if req.Vary == "" {
		req.Vary = "procs"
	}
	for _, v := range req.Values {
		if math.IsNaN(v) || math.IsInf(v, 0) || (req.Vary == "procs" && (v < 1 || v != math.Trunc(v) || v > float64(maxProcs()))) {
			httpError(w, http.StatusBadRequest, "%g is not a valid value of %s", v, req.Vary)
			return
		}
	}
	// Validate both models at every point before starting, for the
	// diagnostics; the sweep package then runs the points, as augur sweep
	// does.
	versions := []sweep.Input{}
	for i, src := range []struct{ name, text string }{{req.Filename, req.Source}, {req.FilenameB, req.SourceB}} {
		if i == 1 && strings.TrimSpace(src.text) == "" {
			break
		}
		for _, v := range req.Values {
			rq := req.runRequest
			rq.Filename, rq.Source = src.name, src.text
			if req.Vary == "procs" {
				rq.Procs = int(v)
				if req.ProcsPerNode > 0 {
					rq.Nodes = (rq.Procs + req.ProcsPerNode - 1) / req.ProcsPerNode
				}
			} else {
				rq.Params = map[string]string{}
				for k, val := range req.Params {
					rq.Params[k] = val
				}
				rq.Params[req.Vary] = strconv.FormatFloat(v, 'g', -1, 64)
			}
			if _, diags, err := s.prepare(&rq); err != nil {
				which := "A"
				if i == 1 {
					which = "B"
				}
				writeJSON(w, http.StatusBadRequest, apiError{Error: fmt.Sprintf("model %s at %s = %g: %v", which, req.Vary, v, err), Diagnostics: diags})
				return
			}
		}
		name := src.name
		if name == "" {
			name = "model.aug"
		}
		if i == 1 && name == versions[0].Name {
			name += " (B)"
		}
		versions = append(versions, sweep.MemInput(name, []byte(src.text)))
	}
	spec, err := s.sweepSpec(&req, versions)
	if err != nil {
		httpError(w, http.StatusBadRequest, "%v", err)
		return
	}
	out := &sweepOutput{Vary: req.Vary, NameA: req.Filename}
	if len(versions) > 1 {
		out.NameB = req.FilenameB
	}
	j, err := s.jobs.add("sweep")
	if err != nil {
		busy(w, err)
		return
	}
	j.out = out
	j.progress.Total = len(req.Values) * len(versions)
	xAxis := slices.Index(spec.AxisNames(), req.Vary)
	s.jobs.start(j, s.cfg.MaxRunTime, func(j *job) {
		var pt sweepPoint
		onResult := func(r sweep.Result) {
			msg := workbenchWords(r.Error)
			if r.Version == 0 {
				pt = sweepPoint{X: r.Values[xAxis].Num, TimeA: r.Time, ErrA: msg}
			} else {
				pt.TimeB, pt.ErrB = r.Time, msg
			}
			j.mu.Lock()
			j.progress.Done++
			j.mu.Unlock()
			if r.Version == len(versions)-1 {
				out.mu.Lock()
				out.Points = append(out.Points, pt)
				out.mu.Unlock()
			}
		}
		err, stopped := j.guard(func() error {
			_, err := sweep.Run(j.ctx, spec, sweep.Options{Jobs: 1, OnResult: onResult})
			return err
		})
		if err != nil {
			j.fail(err, stopped)
			return
		}
		j.setState(stateDone)
	})
	writeJSON(w, http.StatusAccepted, map[string]string{"id": j.id})
}

// sweepSpec is the workbench's sweep as augur sweep runs it: the
// versions on the chosen machine, the fixed settings as one-value axes,
// and the varied one.
func (s *Server) sweepSpec(req *sweepRequest, versions []sweep.Input) (*sweep.Spec, error) {
	data, err := s.ws.read(req.Machine)
	if err != nil {
		return nil, fmt.Errorf("machine: %w", err)
	}
	mapping := req.Map
	if mapping == "" {
		mapping = "block"
	}
	seed := req.Seed
	if seed == 0 {
		seed = 1
	}
	spec := &sweep.Spec{Mode: sweep.Predict, Versions: versions, Machines: []sweep.Input{sweep.MemInput(req.Machine, data)},
		Mapping: mapping, Seed: seed, MaxEvents: s.cfg.MaxEvents}
	params, err := parseParams(req.Params)
	if err != nil {
		return nil, err
	}
	fixed := map[string]float64{}
	for k, v := range params {
		if k != req.Vary {
			fixed[k] = v
		}
	}
	if req.Vary != "procs" {
		if req.Procs > 0 {
			fixed["procs"] = float64(req.Procs)
		}
	} else if req.ProcsPerNode > 0 {
		spec.ProcsPerNode = req.ProcsPerNode
	}
	if req.Nodes > 0 && spec.ProcsPerNode == 0 {
		fixed["nodes"] = float64(req.Nodes)
	}
	if req.Threads > 0 {
		fixed["threads"] = float64(req.Threads)
	}
	names := make([]string, 0, len(fixed))
	for k := range fixed {
		names = append(names, k)
	}
	sort.Strings(names)
	axis := func(name string, vals ...float64) error {
		texts := make([]string, len(vals))
		for i, v := range vals {
			texts[i] = strconv.FormatFloat(v, 'g', -1, 64)
		}
		a, err := sweep.NewAxis(sweep.Predict, name, texts)
		if err != nil {
			return err
		}
		spec.Axes = append(spec.Axes, a)
		return nil
	}
	for _, k := range names {
		if err := axis(k, fixed[k]); err != nil {
			return nil, err
		}
	}
	if err := axis(req.Vary, req.Values...); err != nil {
		return nil, err
	}
	if err := spec.Check(); err != nil {
		return nil, err
	}
	return spec, nil
}

// open loads a result file (predict, simulate or replay JSON) and,
// optionally, its timeline (Chrome trace JSON), from the workspace or
// from the request itself, into the same views as a run.
func (s *Server) open(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Path      string `json:"path"`
		TracePath string `json:"trace_path"`
		Data      string `json:"data"`  // the result file's text, uploaded
		Trace     string `json:"trace"` // the timeline's text, uploaded
		Name      string `json:"name"`
	}
	if !readJSON(w, r, &req) {
		return
	}
	name, data := req.Name, []byte(req.Data)
	if req.Path != "" {
		b, err := s.ws.read(req.Path)
		if err != nil {
			httpError(w, http.StatusBadRequest, "%v", err)
			return
		}
		name, data = req.Path, b
	}
	if name == "" {
		name = "result.json"
	}
	res, err := results.Decode(name, data)
	if err != nil {
		httpError(w, http.StatusBadRequest, "%v", err)
		return
	}
	trName, trace := "trace.json", []byte(req.Trace)
	if req.TracePath != "" {
		b, err := s.ws.read(req.TracePath)
		if err != nil {
			httpError(w, http.StatusBadRequest, "%v", err)
			return
		}
		trName, trace = req.TracePath, b
	}
	if len(trace) > 0 {
		tl, err := results.ReadChromeTrace(trName, trace)
		if err != nil {
			httpError(w, http.StatusBadRequest, "%v", err)
			return
		}
		res.AttachTimeline(tl)
	}
	j, _ := s.jobs.add("open") // an opened result never waits
	j.out = &runOutput{result: res}
	j.setState(stateDone)
	writeJSON(w, http.StatusOK, map[string]string{"id": j.id})
}

func (s *Server) job(w http.ResponseWriter, r *http.Request) *job {
	j := s.jobs.get(r.PathValue("id"))
	if j == nil {
		httpError(w, http.StatusNotFound, "no run %q (the workbench keeps the last %d)", r.PathValue("id"), s.cfg.Keep)
	}
	return j
}

func (s *Server) listRuns(w http.ResponseWriter, r *http.Request) {
	var out []map[string]any
	for _, j := range s.jobs.list() {
		snap := j.snapshot()
		delete(snap, "result")
		out = append(out, snap)
	}
	writeJSON(w, http.StatusOK, out)
}

func (s *Server) getRun(w http.ResponseWriter, r *http.Request) {
	if j := s.job(w, r); j != nil {
		writeJSON(w, http.StatusOK, j.snapshot())
	}
}

// dropRun cancels a job if it runs and forgets it, releasing its memory.
func (s *Server) dropRun(w http.ResponseWriter, r *http.Request) {
	if j := s.job(w, r); j != nil {
		s.jobs.drop(j)
		writeJSON(w, http.StatusOK, map[string]string{"id": j.id, "dropped": "yes"})
	}
}

func (s *Server) cancelRun(w http.ResponseWriter, r *http.Request) {
	if j := s.job(w, r); j != nil {
		j.requestCancel()
		writeJSON(w, http.StatusOK, map[string]string{"id": j.id, "cancel": "requested"})
	}
}

// result returns a finished job's result, or writes why there is none.
func (s *Server) result(w http.ResponseWriter, r *http.Request) *results.Result {
	j := s.job(w, r)
	if j == nil {
		return nil
	}
	j.mu.Lock()
	defer j.mu.Unlock()
	o, ok := j.out.(*runOutput)
	if !ok || o.result == nil {
		httpError(w, http.StatusConflict, "run %s has no result (%s)", j.id, j.state)
		return nil
	}
	return o.result
}

// timeline answers the Gantt chart's window: ?t0=&t1=&bins=&row0=&rows=&max_rows=.
func (s *Server) timeline(w http.ResponseWriter, r *http.Request) {
	res := s.result(w, r)
	if res == nil {
		return
	}
	if res.Timeline == nil {
		httpError(w, http.StatusNotFound, "this result has no timeline")
		return
	}
	q := r.URL.Query()
	f := func(k string) float64 {
		v, err := strconv.ParseFloat(q.Get(k), 64)
		if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
			return 0
		}
		return v
	}
	i := func(k string) int {
		v, _ := strconv.Atoi(q.Get(k))
		return v
	}
	writeJSON(w, http.StatusOK, res.Timeline.Aggregate(results.Query{
		T0: f("t0"), T1: f("t1"), Bins: i("bins"), Row0: i("row0"), Rows: i("rows"), MaxRows: i("max_rows"),
	}))
}

// unitElements is the element table of one unit (index into the
// result's units), from the result's own figures.
func (s *Server) unitElements(w http.ResponseWriter, r *http.Request) {
	res := s.result(w, r)
	if res == nil {
		return
	}
	k, err := strconv.Atoi(r.PathValue("unit"))
	if err != nil || k < 0 || k >= len(res.Units) {
		httpError(w, http.StatusBadRequest, "no unit %q", r.PathValue("unit"))
		return
	}
	// The unit's own figures from the result, never the timeline's
	// slices: those have no split into compute, communication and waiting.
	u := res.Units[k]
	els := u.Elements
	if els == nil {
		els = []results.Stats{}
	}
	writeJSON(w, http.StatusOK, map[string]any{"unit": u, "elements": els})
}

// report is the self-contained HTML report of a result (augur report).
func (s *Server) report(w http.ResponseWriter, r *http.Request) {
	res := s.result(w, r)
	if res == nil {
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	name := res.Title
	if name == "" {
		name = "result"
	}
	w.Header().Set("Content-Disposition", fmt.Sprintf(`attachment; filename="%s-report.html"`, strings.Map(func(c rune) rune {
		if c < 128 && (c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_') {
			return c
		}
		return '_'
	}, name)))
	htmlreport.Write(w, res, htmlreport.Options{Generator: "augur " + s.cfg.Version + " (workbench)"})
}
