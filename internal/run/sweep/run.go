package sweep

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"augur/internal/base/infile"
	"augur/internal/frontend/threadtrace"
	"augur/internal/frontend/tracecache"
	"augur/internal/machine"
	"augur/internal/machine/platform"
	"augur/internal/run/predict"
	"augur/internal/run/replay"
	"augur/internal/run/simulate"
)

// Statuses of a point's result.
const (
	StatusOK       = "ok"
	StatusDeadlock = "deadlock" // the simulated program deadlocked
	StatusError    = "error"    // the point could not be run
)

// Outcome is what running one point gave.
type Outcome struct {
	Status string
	Time   float64 // simulated seconds; 0 unless ok
	Error  string  // why not ok
}

// worker holds what one worker loaded once and reuses for its points:
// machines and thread traces are parsed per worker, so that no two
// simulations share mutable state.
type worker struct {
	spec     *Spec
	machines map[int]*machine.Machine
	threads  map[int]*threadtrace.Program
	hostfile *platform.Hostfile
	cache    *tracecache.Cache // nil: traces are read from their text
	// errorText writes a point's error (Options.ErrorText); nil: its
	// Error().
	errorText func(error) string
}

func newWorker(s *Spec) *worker {
	return &worker{spec: s, machines: map[int]*machine.Machine{}, threads: map[int]*threadtrace.Program{}}
}

// run runs one point; a failure is the point's outcome, never a panic of
// the sweep.
func (w *worker) run(ctx context.Context, p Point) (out Outcome) {
	defer func() {
		if r := recover(); r != nil {
			out = Outcome{Status: StatusError, Error: fmt.Sprintf("internal error: %v", r)}
		}
	}()
	var err error
	switch w.spec.Mode {
	case Predict:
		out, err = w.predict(ctx, p)
	case Replay:
		out, err = w.replay(p)
	default:
		out, err = w.simulate(p)
	}
	if err != nil {
		text := err.Error()
		if w.errorText != nil {
			text = w.errorText(err)
		}
		return Outcome{Status: StatusError, Error: text}
	}
	return out
}

func (w *worker) machine(i int) (*machine.Machine, error) {
	if m := w.machines[i]; m != nil {
		return m, nil
	}
	in := w.spec.Machines[i]
	data := in.Data
	if data == nil {
		var err error
		if data, err = infile.ReadFile(in.Path, infile.Platform); err != nil {
			return nil, err
		}
	}
	var m *machine.Machine
	var err error
	switch strings.ToLower(filepath.Ext(in.Path)) {
	case ".yaml", ".yml":
		m, err = machine.Parse(in.Path, data)
	default:
		m, err = platform.Parse(in.Path, data)
	}
	if err != nil {
		return nil, err
	}
	w.machines[i] = m
	return m, nil
}

// coords gives the point's system values (0: not set), params and cfg.
func (w *worker) coords(p Point) (sys map[string]int, params map[string]float64, cfg [][2]string) {
	sys, params = map[string]int{}, map[string]float64{}
	for i, name := range w.spec.AxisNames() {
		v := p.Values[i]
		switch w.spec.kindOf(name) {
		case kindSystem:
			sys[name] = int(v.Num)
		case kindParam:
			params[name] = v.Num
		default:
			cfg = append(cfg, [2]string{name, v.Text})
		}
	}
	return sys, params, cfg
}

func (w *worker) predict(ctx context.Context, p Point) (Outcome, error) {
	m, err := w.machine(p.Machine)
	if err != nil {
		return Outcome{}, err
	}
	sys, params, cfg := w.coords(p)
	how, explicit, err := machine.ParseMapping(w.spec.Mapping)
	if err != nil {
		return Outcome{}, err
	}
	v := w.spec.Versions[p.Version]
	pr, err := predict.Run(predict.Options{
		Filename: v.Path, Source: v.Data, Machine: m,
		Nodes: sys["nodes"], Procs: sys["procs"], Threads: sys["threads"], Set: params,
		Mapping: how, Explicit: explicit, Cfg: cfg,
		Seed: w.spec.pointSeed(p), MaxEvents: w.spec.MaxEvents, Context: ctx,
	})
	if err != nil {
		var ce *predict.CheckError
		if errors.As(err, &ce) {
			return Outcome{}, errors.New(ce.Diags.Error())
		}
		return Outcome{}, err
	}
	if pr.Deadlock != nil {
		return Outcome{Status: StatusDeadlock, Error: firstLine(pr.Deadlock.Error())}, nil
	}
	return Outcome{Status: StatusOK, Time: pr.Time}, nil
}

func (w *worker) replay(p Point) (Outcome, error) {
	m, err := w.machine(p.Machine)
	if err != nil {
		return Outcome{}, err
	}
	sys, _, cfg := w.coords(p)
	v := w.spec.Versions[p.Version]
	hf, err := w.hostfileOf()
	if err != nil {
		return Outcome{}, err
	}
	res, err := replay.Run(replay.Options{Trace: v.Path, NP: sys["np"], Machine: m, Hostfile: hf,
		Cfg: cfg, MaxEvents: w.spec.MaxEvents, Cache: w.cache})
	if err != nil {
		return Outcome{}, err
	}
	if res.Deadlock != nil {
		return Outcome{Status: StatusDeadlock, Error: firstLine(res.Deadlock.Error())}, nil
	}
	return Outcome{Status: StatusOK, Time: res.SimulationTime}, nil
}

// hostfileOf is the sweep's hostfile, read once (nil: none).
func (w *worker) hostfileOf() (*platform.Hostfile, error) {
	h := w.spec.Hostfile
	if h == nil || w.hostfile != nil {
		return w.hostfile, nil
	}
	hf, err := platform.ParseHostfile(h.Path, h.Data)
	if err != nil {
		return nil, err
	}
	w.hostfile = hf
	return hf, nil
}

func (w *worker) simulate(p Point) (Outcome, error) {
	prog := w.threads[p.Version]
	if prog == nil {
		var err error
		if prog, err = threadtrace.Load(w.spec.Versions[p.Version].Path); err != nil {
			return Outcome{}, err
		}
		w.threads[p.Version] = prog
	}
	sys, _, _ := w.coords(p)
	model := w.spec.SimModel
	if model == "" {
		model = simulate.Auto
	}
	res, _, _, err := simulate.Result(prog, simulate.Options{Model: model,
		Config: simulate.Config{CPUs: sys["cpus"], MaxEvents: w.spec.MaxEvents}})
	if err != nil {
		return Outcome{}, err
	}
	if res.Deadlock != nil {
		return Outcome{Status: StatusDeadlock, Error: firstLine(res.Deadlock.String())}, nil
	}
	return Outcome{Status: StatusOK, Time: res.Completion}, nil
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(strings.TrimSpace(s), "\n")
	return line
}
