package simulate

import (
	"errors"
	"fmt"
	"sort"
	"strings"

	"augur/internal/engine"
	"augur/internal/frontend/threadtrace"
	"augur/internal/ir"
	"augur/internal/machine"
	"augur/internal/results"
)

// matching is the lowering of a model.
var matching = [...]threadtrace.Matching{Direct: threadtrace.MatchDirect,
	ClientServer: threadtrace.MatchClientServer, Strict: threadtrace.MatchStrict}

// RunModel simulates p under cfg's model on the engine (threadtrace.Lower,
// ir.Semantics.HoldCPU): every thread's account, the timeline, the
// deadlock report and the events (docs/internals.md, section 8). A run
// cfg.MaxEvents stops ends with the engine's error and no result.
func RunModel(p *threadtrace.Program, cfg Config) (*Outcome, error) {
	if cfg.CPUs < 1 {
		return nil, fmt.Errorf("need at least one processor, got %d", cfg.CPUs)
	}
	n := len(p.Threads)
	if cfg.Bind != nil && len(cfg.Bind) != n {
		return nil, fmt.Errorf("binding gives %d threads, the program has %d", len(cfg.Bind), n)
	}
	if cfg.Prio != nil && len(cfg.Prio) != n {
		return nil, fmt.Errorf("priorities give %d threads, the program has %d", len(cfg.Prio), n)
	}
	for i, b := range cfg.Bind {
		if b < 0 || int(b) >= cfg.CPUs {
			return nil, fmt.Errorf("thread %s is bound to processor %d; there are %d (0..%d)", p.Threads[i].Name, b, cfg.CPUs, cfg.CPUs-1)
		}
	}
	res := &Outcome{Model: cfg.Model, CPUs: cfg.CPUs}
	if n == 0 {
		return res, nil
	}
	m, err := machine.Parse("simulate", []byte(fmt.Sprintf("nodes:\n  - {count: 1, cpus: %d, scheduler: priority}\n", cfg.CPUs)))
	if err != nil {
		return nil, err
	}
	l := p.Lower(matching[cfg.Model], cfg.Prio, cfg.Bind)
	ecfg := engine.Config{Machine: m, Procs: 1, NodeOf: []int32{0}, Timeline: cfg.Timeline,
		MaxEvents: cfg.MaxEvents, Context: cfg.Context}
	if cfg.Progress != nil {
		total := 0
		for i := range p.Threads {
			total += len(p.Threads[i].Ops)
		}
		ecfg.Progress = func(t float64, events, ops int64) {
			cfg.Progress(t, events, min(float64(ops)/float64(max(2*total, 1)), 1))
		}
	}
	r, err := engine.Run(ecfg, engine.Program{Elements: l.Elements, Sync: l.Sync, Semantics: l.Semantics,
		Stream: func(pid, nid int32) (ir.Stream, error) { return l.Stream(0), nil }})
	if err != nil && (cfg.Context == nil || !errors.Is(err, cfg.Context.Err())) {
		return nil, err
	}
	res.Events = r.Events
	res.Threads = accounts(p, l, r)
	for _, s := range r.Runs {
		res.Slices = append(res.Slices, Slice{Thread: s.Tid, CPU: s.CPU, Start: s.Start, End: s.End})
	}
	for _, w := range r.Waits {
		res.Blocks = append(res.Blocks, Block{Thread: w.Tid, Line: w.Line, Start: w.Start, End: w.End})
	}
	switch {
	case err != nil:
		res.Completion, res.Partial = r.Reached, true
		return res, err
	case r.Deadlock != nil:
		res.Completion = r.Deadlock.Time
		res.Deadlock = deadlock(p, l, r)
	default:
		res.Completion = r.Time
	}
	return res, nil
}

// accounts turns the engine's accounts into the threads' accounts of the
// document, a thread that never started with none.
func accounts(p *threadtrace.Program, l *threadtrace.Lowered, r *engine.Result) []results.ThreadStats {
	out := make([]results.ThreadStats, len(p.Threads))
	for i := range out {
		out[i] = results.ThreadStats{Name: p.Threads[i].Name, Elements: []results.ThreadElement{}}
	}
	for _, a := range r.Threads {
		ts := &out[a.Tid]
		ts.Start, ts.End, ts.Busy, ts.Blocked, ts.Ready, ts.Done = a.Start, a.End, a.Busy, a.Blocked, a.Ready, a.Done
		for _, s := range a.Steps {
			el := results.ThreadElement{Calls: s.Calls, Total: s.Total, Min: s.Min, Max: s.Max}
			switch s.Kind {
			case engine.StepRun:
				el.Name, el.Kind = "run", results.KindBusy
			case engine.StepReady:
				el.Name, el.Kind = "ready", results.KindReady
			default:
				el.Name, el.Kind = l.Elements[s.Elem].Kind, results.KindBlocked
				if s.MaxLine > 0 {
					el.Where = fmt.Sprintf("line %d", s.MaxLine)
				}
			}
			ts.Elements = append(ts.Elements, el)
		}
		// Largest total first, then by name: the document's order.
		sort.SliceStable(ts.Elements, func(i, j int) bool {
			if ts.Elements[i].Total != ts.Elements[j].Total {
				return ts.Elements[i].Total > ts.Elements[j].Total
			}
			return ts.Elements[i].Name < ts.Elements[j].Name
		})
	}
	return out
}

// deadlock words the engine's deadlock for a thread trace: for every
// thread that cannot go on, the operation it is blocked in and what it
// waits for.
func deadlock(p *threadtrace.Program, l *threadtrace.Lowered, r *engine.Result) *results.ThreadDeadlock {
	blocked := map[int32]engine.Blocked{}
	for _, b := range r.Deadlock.Blocked {
		blocked[b.Tid] = b
	}
	done := map[int32]bool{}
	for _, a := range r.Threads {
		done[a.Tid] = a.Done
	}
	doing := func(i int32) string {
		name := p.Threads[i].Name
		started, at, between := l.Position(i)
		switch {
		case !started:
			return name + " never started"
		case done[i]:
			return name + " has ended"
		case between:
			return name + " waits between lists"
		}
		if _, ok := blocked[i]; ok {
			return name + " is blocked in " + p.Describe(i, &p.Threads[i].Ops[at])
		}
		return name + " is running"
	}
	activation := func(op *threadtrace.Op) string {
		pr := p.Objs[op.Obj].Producer[op.Tok]
		if pr.Thread < 0 {
			if op.Tok < p.Objs[op.Obj].Init {
				return p.Objs[op.Obj].Name + "'s initial value"
			}
			return "an activation of " + p.Objs[op.Obj].Name + " the recording never made"
		}
		pop := &p.Threads[pr.Thread].Ops[pr.Op]
		return fmt.Sprintf("%s's %s, as in the recording (%s)", p.Threads[pr.Thread].Name, p.Describe(pr.Thread, pop), doing(pr.Thread))
	}
	d := &results.ThreadDeadlock{Time: r.Deadlock.Time}
	for i := range p.Threads {
		th := int32(i)
		started, at, between := l.Position(th)
		if !started || done[th] {
			continue
		}
		name := p.Threads[i].Name
		w := results.ThreadWait{Thread: name}
		if between {
			var heads []string
			for _, h := range l.ListsLeft(th) {
				heads = append(heads, activation(&p.Threads[i].Ops[h]))
			}
			more := ""
			if len(heads) > 4 {
				heads, more = heads[:4], fmt.Sprintf(" or %d more", len(heads)-4)
			}
			w.Op, w.Reason = "between Client-Server lists", "a list to start: "+strings.Join(heads, " or ")+more
			d.Waits = append(d.Waits, w)
			continue
		}
		op := &p.Threads[i].Ops[at]
		w.Line, w.Op = int(op.Line), p.Describe(th, op)
		b := blocked[th]
		switch {
		case op.Kind == threadtrace.OpSend:
			w.Reason = fmt.Sprintf("%s to wait for it; %s", p.Threads[op.Thread].Name, doing(op.Thread))
		case op.Kind == threadtrace.OpBarrier:
			w.Reason = fmt.Sprintf("%d more thread(s) at the barrier (%d of %d arrived)", op.N-b.Arrived, b.Arrived, op.N)
		case l.Sync[op.Obj].Match == ir.MatchToken:
			w.Reason = activation(op)
		case op.Kind == threadtrace.OpLock && b.Holder >= 0:
			w.Reason = fmt.Sprintf("%s to unlock it; %s", p.Threads[b.Holder].Name, doing(b.Holder))
		case op.Kind == threadtrace.OpWait:
			w.Reason = "a send of " + p.Objs[op.Obj].Name + " to " + name + " from any thread"
		case op.Kind == threadtrace.OpJoin:
			w.Reason = fmt.Sprintf("%s to exit; %s", p.Threads[op.Thread].Name, doing(op.Thread))
		default:
			w.Reason = "an activation of " + p.Objs[op.Obj].Name + " from any thread"
		}
		d.Waits = append(d.Waits, w)
	}
	return d
}
