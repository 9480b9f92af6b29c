// Package simulate runs a thread trace (VPPB) on a number of processors,
// on the engine, under VPPB's three simulation models (Direct,
// Client-Server, Strict Sequence), with thread bindings, priorities and
// preemptive priority scheduling, and makes augur simulate's document
// (results.Simulation): the run under
// the model asked, or under each of VPPB's models in turn until one does
// not deadlock ("auto"), then the same model on one processor for the
// speed-up, and every thread's account.
package simulate

import (
	"fmt"

	"augur/internal/frontend/threadtrace"
	"augur/internal/results"
)

// Auto is the model name that tries Direct, then Client-Server, then
// Strict Sequence (RunAuto).
const Auto = "auto"

// Options are a simulation's settings.
type Options struct {
	// Trace names the trace in the document.
	Trace string
	// Model is "direct", "client-server", "strict" or Auto.
	Model string
	// Config is the simulation's configuration; its Model is set from
	// Model.
	Config Config
	// Speedup also runs the model on one processor, for the speed-up.
	Speedup bool
}

// CheckModel reports whether name is a model Run takes.
func CheckModel(name string) error {
	if _, ok := ParseModel(name); !ok && name != Auto {
		return fmt.Errorf("no simulation model %q: use direct, client-server, strict or auto", name)
	}
	return nil
}

// Result runs p under o's model (Auto: the first of VPPB's models that
// does not deadlock) and returns its result, the models tried and why the
// one used was chosen (Auto only).
func Result(p *threadtrace.Program, o Options) (*Outcome, []Attempt, string, error) {
	if err := CheckModel(o.Model); err != nil {
		return nil, nil, "", err
	}
	if o.Model == Auto {
		return RunAuto(p, o.Config)
	}
	cfg := o.Config
	cfg.Model, _ = ParseModel(o.Model)
	res, err := RunModel(p, cfg)
	return res, nil, "", err
}

// Run simulates p and returns the document with the simulation's result.
// A run its Context stops returns its partial result and document (marked
// partial) with the error; other errors return no document.
func Run(p *threadtrace.Program, o Options) (*results.Simulation, *Outcome, error) {
	res, attempts, reason, err := Result(p, o)
	if err != nil && (res == nil || !res.Partial) {
		return nil, res, err
	}
	d := &results.Simulation{Header: results.NewHeader(results.CommandSimulate), Trace: o.Trace,
		CPUs: o.Config.CPUs, ModelAsked: o.Model, Model: res.Model.String(), Reason: reason,
		DeadlockReport: res.Deadlock, Completion: res.Completion,
		Recorded: p.Recorded, TraceEvents: p.Events, SimEvents: res.Events, WorkFrom: "timestamps"}
	if p.HasCPU {
		d.WorkFrom = "cpu times"
	}
	if res.Partial {
		d.Partial, d.SimulatedTimeReached = true, res.Completion
	}
	if o.Speedup && res.Deadlock == nil && !res.Partial {
		one := OneProcessor(o.Config)
		one.Model = res.Model
		one.Progress = nil
		// Stopped here, the document is complete but for the speed-up,
		// which is left out.
		if r1, err := RunModel(p, one); err == nil && r1.Deadlock == nil {
			d.OneCPU = &r1.Completion
			if res.Completion > 0 {
				s := r1.Completion / res.Completion
				d.Speedup = &s
			}
		}
	}
	for _, a := range attempts {
		d.Attempts = append(d.Attempts, results.Attempt{Model: a.Model.String(), Completion: a.Result.Completion, Report: a.Result.Deadlock})
	}
	for i, t := range res.Threads {
		th := results.Thread{ThreadStats: t}
		if o.Config.Bind != nil {
			th.CPU = &o.Config.Bind[i]
		}
		if o.Config.Prio != nil {
			th.Priority = o.Config.Prio[i]
		}
		d.Threads = append(d.Threads, th)
	}
	return d, res, err
}
