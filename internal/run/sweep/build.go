package sweep

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"augur/internal/base/diag"
	"augur/internal/base/infile"
	"augur/internal/frontend/model"
	"augur/internal/machine"
	"augur/internal/machine/netmodel"
	"augur/internal/run/simulate"
)

// Request is a sweep as its settings give it, before any file is read:
// the versions and machines as FILE or NAME=FILE, the axes as lists
// (4,8,16..1024*2). Build turns it into a Spec.
type Request struct {
	Mode     string   // predict, replay or simulate
	Versions []string // models, MPI traces or thread traces
	// Machines are predict's machines, Platforms replay's.
	Machines, Platforms []string
	Hostfile            string // replay's, or ""
	// Nodes, Procs and Threads are predict's axes, NP replay's, CPUs
	// simulate's; "" leaves the axis out.
	Nodes, Procs, Threads, NP, CPUs string
	ProcsPerNode                    int      // predict: nodes = ⌈procs/K⌉ at each point; 0: no
	Sets                            []string // predict: NAME=LIST, a param's axis
	Cfgs                            []string // predict, replay: KEY:V1,V2,..., a network setting's axis
	Mapping                         string   // predict: block (the default) or cyclic
	SimModel                        string   // simulate: direct, client-server, strict or auto (the default)
	Points                          string   // a CSV file of listed points, or ""
	Seed                            uint64
	MaxEvents                       int64
	// Base is where relative paths start ("" for the current directory).
	Base string
}

// UsageError is a Request that cannot make a sweep (no such mode, no
// version or machine), as opposed to an input that cannot be read.
type UsageError struct{ Err error }

func (e *UsageError) Error() string { return e.Err.Error() }
func (e *UsageError) Unwrap() error { return e.Err }

// Build reads the versions, machines and points file of r and checks its
// settings. Errors of the settings are a *diag.GivenError of a
// diag.Option or a *UsageError; others are the inputs'.
func Build(r Request) (*Spec, error) {
	mode, err := ParseMode(r.Mode)
	if err != nil {
		return nil, &UsageError{err}
	}
	resolve := func(arg string) string {
		name, path, ok := strings.Cut(arg, "=")
		if r.Base == "" {
			return arg
		}
		if ok && !strings.ContainsAny(name, `/\`) {
			if !filepath.IsAbs(path) {
				path = filepath.Join(r.Base, path)
			}
			return name + "=" + path
		}
		if !filepath.IsAbs(arg) {
			return filepath.Join(r.Base, arg)
		}
		return arg
	}
	s := &Spec{Mode: mode, Seed: r.Seed, MaxEvents: r.MaxEvents}
	// Settings that belong to another mode are an error, not ignored.
	only := map[string][]string{
		"predict":  {"machine", "nodes", "procs", "threads", "procs-per-node", "set", "map"},
		"replay":   {"platform", "np", "hostfile"},
		"simulate": {"cpus", "sim-model"},
	}
	given := r.given()
	for m, names := range only {
		if Mode(m) == mode {
			continue
		}
		for _, n := range names {
			if given[n] {
				return nil, diag.Optionf(n, "is for augur sweep %s, not %s", m, mode)
			}
		}
	}
	if mode == Simulate && len(r.Cfgs) > 0 {
		return nil, diag.Optionf("cfg", "is for predict and replay, not simulate")
	}
	versionKind := map[Mode]infile.Kind{Predict: infile.Model, Replay: infile.MPITrace, Simulate: infile.ThreadTrace}[mode]
	for _, v := range r.Versions {
		in, err := LoadInput(resolve(v), versionKind, mode == Predict)
		if err != nil {
			return nil, err
		}
		s.Versions = append(s.Versions, in)
	}
	machines := r.Machines
	if mode == Replay {
		machines = r.Platforms
	}
	for _, m := range machines {
		in, err := LoadInput(resolve(m), infile.Platform, true)
		if err != nil {
			return nil, err
		}
		s.Machines = append(s.Machines, in)
	}
	if r.Hostfile != "" {
		in, err := LoadInput(resolve(r.Hostfile), infile.Hostfile, true)
		if err != nil {
			return nil, err
		}
		s.Hostfile = &in
	}
	if mode == Predict {
		if _, _, err := machine.ParseMapping(r.Mapping); err != nil {
			return nil, diag.Givenf(diag.Option, "map", "%v", err)
		}
		s.Mapping = r.Mapping
		if r.ProcsPerNode < 0 {
			return nil, diag.Optionf("procs-per-node", "must be ≥ 1")
		}
		s.ProcsPerNode = r.ProcsPerNode
	}
	if mode == Simulate {
		if _, ok := simulate.ParseModel(r.SimModel); !ok && r.SimModel != "auto" {
			return nil, diag.Optionf("sim-model", "%q: use direct, client-server, strict or auto", r.SimModel)
		}
		s.SimModel = r.SimModel
	}
	for _, ax := range []struct{ name, list string }{{"nodes", r.Nodes}, {"procs", r.Procs}, {"threads", r.Threads}, {"np", r.NP}, {"cpus", r.CPUs}} {
		if ax.list == "" {
			continue
		}
		a, err := NumAxis(mode, ax.name, ax.list)
		if err != nil {
			// NumAxis's text starts with the axis's name, the option's.
			return nil, &diag.GivenError{Given: diag.Given{What: diag.Option, Name: ax.name}, Err: err, Named: true}
		}
		s.Axes = append(s.Axes, a)
	}
	for _, set := range r.Sets {
		name, list, ok := strings.Cut(set, "=")
		name = strings.TrimSpace(name)
		if !ok || name == "" || strings.Contains(name, "/") {
			return nil, diag.Optionf("set", "%q: want NAME=LIST", set)
		}
		a, err := NumAxis(mode, name, list)
		if err != nil {
			return nil, diag.Optionf("set", "%v", err)
		}
		s.Axes = append(s.Axes, a)
	}
	for _, cfg := range r.Cfgs {
		key, list, ok := strings.Cut(cfg, ":")
		if !ok || !strings.Contains(key, "/") {
			return nil, diag.Optionf("cfg", "%q: want KEY:V1,V2,... with a SimGrid key such as network/model", cfg)
		}
		a, err := TextAxis(mode, strings.TrimSpace(key), list)
		if err != nil {
			return nil, diag.Optionf("cfg", "%v", err)
		}
		// The model's name is checked here; other keys are checked by
		// each point against its machine, as predict and replay do.
		for _, v := range a.Values {
			if a.Name != "network/model" {
				break
			}
			if _, err := netmodel.ParseKind(v.Text); err != nil {
				return nil, diag.Optionf("cfg", "%s:%s: %v", a.Name, v.Text, err)
			}
		}
		s.Axes = append(s.Axes, a)
	}
	if r.Points != "" {
		path := resolve(r.Points)
		data, err := infile.ReadFile(path, infile.Points)
		if err != nil {
			return nil, err
		}
		if s.ListedAxes, s.Listed, err = ParsePoints(mode, r.Points, data); err != nil {
			return nil, err
		}
	}
	if err := s.Check(); err != nil {
		return nil, &UsageError{err}
	}
	if err := checkParamAxes(s, r.Points); err != nil {
		return nil, err
	}
	return s, nil
}

// given marks the settings of r that differ from their defaults.
func (r *Request) given() map[string]bool {
	return map[string]bool{
		"machine": len(r.Machines) > 0, "platform": len(r.Platforms) > 0, "set": len(r.Sets) > 0,
		"nodes": r.Nodes != "", "procs": r.Procs != "", "threads": r.Threads != "",
		"np": r.NP != "", "cpus": r.CPUs != "", "hostfile": r.Hostfile != "",
		"procs-per-node": r.ProcsPerNode != 0,
		"map":            r.Mapping != "block",
		"sim-model":      r.SimModel != "auto",
	}
}

// checkParamAxes refuses, once and before any point runs, a param axis
// (a set, a points file's column) that a version does not declare,
// suggesting the name nearest to it: a typo would otherwise fail every
// point alike. A points file's column is a *diag.Error, a set a
// *diag.GivenError of option set.
func checkParamAxes(s *Spec, points string) error {
	if s.Mode != Predict {
		return nil
	}
	for _, in := range s.Versions {
		f, diags := model.Parse(in.Path, in.Data)
		if diags.HasErrors() {
			continue // each point reports the model's errors
		}
		var names []string
		for _, d := range f.Decls {
			if v, ok := d.(*model.VarDecl); ok && v.Kind == model.Param {
				names = append(names, v.Name.Name)
			}
		}
		for i, a := range append(append([]Axis(nil), s.ListedAxes...), s.Axes...) {
			if !a.IsParam() || slices.Contains(names, a.Name) {
				continue
			}
			msg := fmt.Sprintf("no param %q in %s (%s)", a.Name, in.Name, in.Path)
			if near := diag.Suggest(a.Name, append(names, "nodes", "procs", "threads")); near != "" {
				msg += fmt.Sprintf("; did you mean %q?", near)
			} else if len(names) > 0 {
				msg += "; its params: " + strings.Join(names, ", ")
			}
			if i < len(s.ListedAxes) {
				return diag.At(points, 1, 0, "column %s: %s", a.Name, msg)
			}
			return diag.Optionf("set", "%s: %s", a.Name, msg)
		}
	}
	return nil
}
