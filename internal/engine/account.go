package engine

import (
	"sort"

	"augur/internal/ir"
)

// accounts is the engine's part for what a run measured: every unit's
// time budget and every element's statistics, charged as operations
// complete (account), the thread accounts of VPPB's model and the
// timeline (threadacct.go), and the Result built from them.
type accounts struct {
	e     *engine
	stats []UnitStats // per unit: its time budget (processes first: the result's Units)
	// runs holds the element executions of a fetched batched Compute
	// (ir.Op.Runs) until it is accounted.
	runs map[int32][]ir.Run
	// batched counts the executions batches stood for, beyond the one
	// operation each batch counts as: they cost the run nothing, so they
	// count in the result but not against the event limit.
	batched int64
	// closedForm counts the executions batches stood for.
	closedForm int64
	elems      []ElemStats
	// unitElems[ui] is unit ui's own element statistics (Config.UnitElements);
	// an ended thread's are folded into threadElems.
	unitElems   [][]ElemStats
	threadElems map[[2]int32][]ElemStats
	threadStats map[[2]int32]*UnitStats // ended threads' budgets by (pid, tid)
	accts       []ThreadAccount         // the accounts of the units that ended
	runSlices   []RunSlice
	waitSlices  []WaitSlice
}

// accountNow charges the unit's operation that completed at once, at t,
// unless no one reads the budgets (ir.Semantics.NoBudgets): the posts and
// takes of a thread trace, hundreds of thousands, skip the call. Models
// never call it, so their operations pay no test.
func (ac *accounts) accountNow(ui int32, t float64) {
	e := ac.e
	if !e.prog.Semantics.NoBudgets {
		ac.account(ui, t, t)
	}
}

// account charges [start, end) of the unit's current operation to its
// element and to the unit: compute and communication as measured, the rest
// of the elapsed time as waiting.
func (ac *accounts) account(ui int32, start, end float64) {
	e := ac.e
	u := &e.units[ui]
	u.foldXfers()
	el := end - start
	comp := min(u.opCompute, el)
	comm := min(u.opComm, el-comp)
	wait := el - comp - comm
	if wait < 1e-12*max(1, end) {
		wait = 0 // rounding noise of end - start - parts
	}
	st := &ac.stats[ui]
	st.Compute += comp
	st.Comm += comm
	st.Wait += wait
	if u.op.batch {
		ac.accountRuns(ui, start, end)
		return
	}
	if i := u.op.Elem; i >= 0 && int(i) < len(ac.elems) {
		ac.elems[i].add(1, el, comp, comm, wait, el, el)
		if e.cfg.UnitElements {
			ac.unitElemsOf(ui)[i].add(1, el, comp, comm, wait, el, el)
		}
		if e.cfg.Tracer != nil {
			e.cfg.Tracer.Slice(u.pid, u.tid, i, start, end)
		}
	}
}

// accountRuns charges a batched Compute's [start, end) to its elements,
// each run's executions back to back, as the operations one by one
// would have been; the tracer sees one slice per element.
func (ac *accounts) accountRuns(ui int32, start, end float64) {
	e := ac.e
	u := &e.units[ui]
	runs := ac.runs[ui]
	delete(ac.runs, ui)
	u.op.batch = false
	speed := e.cpus.nodes[u.node].speed
	t := start
	for _, r := range runs {
		ac.batched += r.Calls
		ac.closedForm += r.Calls
		if r.Elem < 0 || int(r.Elem) >= len(ac.elems) {
			continue
		}
		d := r.Cost / speed
		ac.elems[r.Elem].add(r.Calls, d, d, 0, 0, r.Min/speed, r.Max/speed)
		if e.cfg.UnitElements {
			ac.unitElemsOf(ui)[r.Elem].add(r.Calls, d, d, 0, 0, r.Min/speed, r.Max/speed)
		}
		if e.cfg.Tracer != nil {
			e.cfg.Tracer.Slice(u.pid, u.tid, r.Elem, t, min(t+d, end))
		}
		t += d
	}
	ac.batched-- // the batch itself was counted as one operation
}

// add books calls executions taking total seconds (split into compute,
// comm and wait), the shortest lo and the longest hi.
func (s *ElemStats) add(calls int64, total, compute, comm, wait, lo, hi float64) {
	if s.Calls == 0 {
		s.Min, s.Max = lo, hi
	} else {
		s.Min, s.Max = min(s.Min, lo), max(s.Max, hi)
	}
	s.Calls += calls
	s.Total += total
	s.Compute += compute
	s.Comm += comm
	s.Wait += wait
}

// merge adds o's executions to s.
func (s *ElemStats) merge(o ElemStats) {
	if o.Calls > 0 {
		s.add(o.Calls, o.Total, o.Compute, o.Comm, o.Wait, o.Min, o.Max)
	}
}

// unitElemsOf returns unit ui's element statistics, made on first use.
func (ac *accounts) unitElemsOf(ui int32) []ElemStats {
	for int(ui) >= len(ac.unitElems) {
		ac.unitElems = append(ac.unitElems, nil)
	}
	if ac.unitElems[ui] == nil {
		ac.unitElems[ui] = make([]ElemStats, len(ac.elems))
	}
	return ac.unitElems[ui]
}

func (ac *accounts) unitElemsAt(i int) []ElemStats {
	if i < len(ac.unitElems) {
		return ac.unitElems[i]
	}
	return nil
}

func (ac *accounts) result() *Result {
	e := ac.e
	r := &Result{Events: e.events, Ops: e.ops + ac.batched, ClosedForm: ac.closedForm}
	// Processes in pid order, then every thread (pid, tid) that ran, its
	// region instances folded together; threads blocked in a deadlock too.
	// The processes' budgets are handed over as they are: no copy of a
	// million entries.
	r.Units = ac.stats[:e.cfg.Procs:e.cfg.Procs]
	for i := e.cfg.Procs; i < len(e.units); i++ {
		if u := &e.units[i]; u.state != stDone {
			r.Units = append(r.Units, ac.stats[i])
		}
	}
	keys := make([][2]int32, 0, len(ac.threadStats))
	for k := range ac.threadStats {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		if keys[i][0] != keys[j][0] {
			return keys[i][0] < keys[j][0]
		}
		return keys[i][1] < keys[j][1]
	})
	for _, k := range keys {
		r.Units = append(r.Units, *ac.threadStats[k])
	}
	if e.cfg.UnitElements {
		r.UnitElements = make([][]ElemStats, 0, len(r.Units))
		for i := 0; i < len(e.units); i++ {
			if i < e.cfg.Procs || e.units[i].state != stDone {
				r.UnitElements = append(r.UnitElements, ac.unitElemsAt(i))
			}
		}
		for _, k := range keys {
			r.UnitElements = append(r.UnitElements, ac.threadElems[k])
		}
	}
	for i := range r.Units {
		if f := r.Units[i].Finish; f > r.Time {
			r.Time = f
		}
	}
	r.Elements = ac.elems
	r.Deadlock = e.dead
	if e.prog.Semantics.HoldCPU {
		r.Threads = ac.threadAccounts()
		r.Runs, r.Waits = ac.runSlices, ac.waitSlices
	}
	r.Reached = max(r.Time, e.now, e.ahead)
	for i := range e.units {
		if u := &e.units[i]; u.state != stDone {
			r.Reached = max(r.Reached, u.opStart)
		}
	}
	return r
}
