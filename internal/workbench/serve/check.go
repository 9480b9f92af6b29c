package serve

import (
	"net/http"

	"augur/internal/base/diag"
	"augur/internal/frontend/export"
	"augur/internal/frontend/model"
)

// Diag is one checker diagnostic, as the editor underlines it: the
// fields of `augur check --format json`, and the line the CLI prints.
type Diag struct {
	diag.Record
	Text string `json:"text"` // file:line:col: message, as the CLI prints it
}

func diagsOf(ds diag.List) []Diag {
	out := make([]Diag, 0, len(ds))
	for _, d := range ds {
		out = append(out, Diag{Record: d.Record(), Text: d.Error()})
	}
	return out
}

type checkRequest struct {
	Filename string            `json:"filename"`
	Source   string            `json:"source"`
	Procs    int               `json:"procs,omitempty"`
	Params   map[string]string `json:"params,omitempty"`
}

// checkModel parses and checks a model; the tree is returned whenever the
// parser produced one, so the diagram follows the text even while it has
// errors elsewhere.
func checkModel(filename string, src []byte, procs int, params []string) (*model.File, diag.List) {
	if filename == "" {
		filename = "model.aug"
	}
	f, diags := model.Parse(filename, src)
	if f != nil && !diags.HasErrors() {
		diags = append(diags, model.Check(f, model.CheckOptions{Procs: procs, SetParams: params})...)
	}
	return f, diags
}

// check answers the editor's live diagnostics and the activity diagram
// (the model's JSON form of docs/export.md, which the page lays out). A
// model with errors is a check that worked (200, ok false); one past the
// bounds of what augur reads (an expression of more than 10,000
// operators, blocks nested too deep) is a request too large (413), with
// the same diagnostics.
func (s *Server) check(w http.ResponseWriter, r *http.Request) {
	var req checkRequest
	if !readJSON(w, r, &req) {
		return
	}
	var names []string
	for k := range req.Params {
		names = append(names, k)
	}
	f, diags := checkModel(req.Filename, []byte(req.Source), req.Procs, names)
	resp := map[string]any{"diagnostics": diagsOf(diags), "ok": !diags.HasErrors()}
	if f != nil {
		jw := export.NewJSONWriter()
		(&export.Traverser{Handler: jw}).Traverse(f)
		resp["model"] = jw.Model
	}
	status := http.StatusOK
	if diags.HasLimit() {
		status = http.StatusRequestEntityTooLarge
	}
	writeJSON(w, status, resp)
}
