package serve

import (
	"bytes"
	"fmt"
	"net/http"
	"path/filepath"
	"strings"

	"augur/internal/frontend/analyze"
	"augur/internal/frontend/cfront"
	"augur/internal/machine"
	"augur/internal/run/predict"
	"augur/internal/writers/sourceview"
)

// analyzeRequest asks for the source view of a C/MPI program of the
// workspace (augur analyze --report): its blocks priced on machines of
// the workspace.
type analyzeRequest struct {
	File     string            `json:"file"`
	Include  []string          `json:"include"`
	Machines []string          `json:"machines"`
	Procs    int               `json:"procs"`
	Params   map[string]string `json:"params"`
}

// analyzeSource answers with the HTML source view, or a 4xx with the
// problem (positioned for errors in the C source).
func (s *Server) analyzeSource(w http.ResponseWriter, r *http.Request) {
	var req analyzeRequest
	if !readJSON(w, r, &req) {
		return
	}
	page, status, err := s.sourceView(r, &req)
	if err != nil {
		httpError(w, status, "%v", err)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Write(page)
}

func (s *Server) sourceView(r *http.Request, req *analyzeRequest) ([]byte, int, error) {
	if req.Procs == 0 {
		req.Procs = 1
	}
	if req.Procs < 1 || req.Procs > maxProcs() {
		return nil, http.StatusBadRequest, fmt.Errorf("processes: need 1 to %d, got %d", maxProcs(), req.Procs)
	}
	rel, err := clean(req.File)
	if err != nil {
		return nil, http.StatusBadRequest, err
	}
	if ext := strings.ToLower(filepath.Ext(rel)); ext != ".c" {
		return nil, http.StatusBadRequest, fmt.Errorf("%s: pick a C source (.c)", rel)
	}
	set, err := parseParams(req.Params)
	if err != nil {
		return nil, http.StatusBadRequest, err
	}
	var machines []*machine.Machine
	for _, p := range req.Machines {
		data, err := s.ws.read(p)
		if err != nil {
			return nil, http.StatusBadRequest, fmt.Errorf("machine: %w", err)
		}
		m, err := machine.Parse(p, data)
		if err != nil {
			return nil, http.StatusBadRequest, err
		}
		machines = append(machines, m)
	}
	// The C front end reads files, with their headers, from the
	// workspace on disk; the paths it reports are shown relative to it.
	abs := filepath.Join(s.ws.abs, filepath.FromSlash(rel))
	includes := []string{"-I", filepath.Dir(abs)}
	for _, inc := range req.Include {
		c, err := clean(inc)
		if err != nil {
			return nil, http.StatusBadRequest, fmt.Errorf("include: %w", err)
		}
		includes = append(includes, "-I", filepath.Join(s.ws.abs, filepath.FromSlash(c)))
	}
	prog, err := cfront.Load(r.Context(), []string{abs}, cfront.Options{Flags: includes})
	if err != nil {
		return nil, http.StatusBadRequest, s.relative(err.Error())
	}
	var errs []string
	for _, d := range prog.Diags {
		if !d.Warning {
			errs = append(errs, s.relative(d.Error()).Error())
		}
	}
	if len(errs) > 0 {
		return nil, http.StatusUnprocessableEntity, fmt.Errorf("%s", strings.Join(errs, "\n"))
	}
	a, err := analyze.Run(analyze.Sources(prog), analyze.Options{Set: set})
	if err != nil {
		return nil, http.StatusUnprocessableEntity, s.relative(err.Error())
	}
	name := strings.TrimSuffix(filepath.Base(rel), filepath.Ext(rel))
	model := a.Model(analyze.ModelName(name), []string{rel})
	env := map[string]float64{"pid": 0, "procs": float64(req.Procs)}
	for k, v := range set {
		env[k] = v
	}
	var priced []analyze.Machine
	predicted := make([]*float64, len(machines))
	for i, m := range machines {
		priced = append(priced, analyze.MachineOf(m.Name, m))
		if p, err := predict.Run(predict.Options{Filename: name + ".aug", Source: []byte(model), Machine: m, Procs: req.Procs, Set: set, Context: r.Context()}); err == nil {
			t := p.Time
			predicted[i] = &t
		}
	}
	rep := a.Evaluate(env, priced)
	file, err := sourceview.ReadFile(abs, rel)
	if err != nil {
		return nil, http.StatusBadRequest, s.relative(err.Error())
	}
	page := sourceview.FromReport("augur analyze: "+rel, []sourceview.File{file}, rep, predicted)
	for i := range page.Blocks {
		if page.Blocks[i].File == abs {
			page.Blocks[i].File = rel
		}
	}
	var b bytes.Buffer
	if err := sourceview.Write(&b, page); err != nil {
		return nil, http.StatusInternalServerError, err
	}
	return b.Bytes(), http.StatusOK, nil
}

// relative shows workspace paths in a message relative to the workspace.
func (s *Server) relative(msg string) error {
	return fmt.Errorf("%s", strings.ReplaceAll(msg, s.ws.abs+string(filepath.Separator), ""))
}
