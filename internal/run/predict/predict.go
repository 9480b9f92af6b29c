// Package predict evaluates a model on a machine: it parses and checks the
// model, compiles it for the system parameters, maps processes to nodes and
// runs the engine, once or for several replications. The command line, the
// validation and the web workbench all predict through it.
package predict

import (
	"context"
	"errors"
	"fmt"
	"math"
	"path"
	"time"

	"augur/internal/base/diag"
	"augur/internal/base/procbound"
	"augur/internal/engine"
	"augur/internal/frontend/compile"
	"augur/internal/frontend/model"
	"augur/internal/ir"
	"augur/internal/machine"
	"augur/internal/machine/netmodel"
	"augur/internal/results"
)

// Options say what to predict.
type Options struct {
	Filename string // for diagnostics
	Source   []byte // the model text
	Machine  *machine.Machine

	Nodes, Procs, Threads int // 0: from the machine (nodes), nodes×CPUs (procs), 1 (threads)
	Set                   map[string]float64
	// PerProcess sets params to expressions of pid and procs (--set
	// peer=1-pid): such a param has a value per process.
	PerProcess map[string]model.Expr
	// Args, if not nil, are the modelled program's command-line
	// arguments after its name (--args): the params bound to them (`arg
	// K`, `arg count`) take their values, unless Set gives them.
	Args     []string
	Mapping  machine.Mapping
	Explicit []int // with machine.Explicit

	// OpSpeed divides the time of the operations whose key matches a
	// pattern (path.Match: fp_*, load_*) by a factor, for what-if studies
	// ("a floating-point unit four times faster": fp_*=4).
	OpSpeed map[string]float64
	// OpTime sets an operation's time in seconds outright, on every node.
	OpTime map[string]float64
	// Cfg holds SimGrid-style network settings (KEY, VALUE), applied in
	// order over the machine's own: network/model selects a flow model;
	// under the constant model only single-number latency and bandwidth
	// factors apply (see networkFor).
	Cfg [][2]string

	Seed          uint64
	Replications  int // 0 or 1: one run
	MaxEvents     int64
	MaxIterations float64
	// StepLoops runs every loop iteration by iteration, never in closed
	// form (tests compare the two).
	StepLoops bool
	// Timelines receive the first replication's slices, messages and
	// collectives; Run gives them the element table and names their
	// processes and nodes.
	Timelines results.Timelines
	// UnitElements keeps each process's and thread's own element
	// statistics in the first replication's result (engine.Config).
	UnitElements bool
	// Progress, if set, is called now and then during long runs with the
	// replication (0-based), the simulated time reached and the counts.
	Progress func(replication int, simTime float64, events, ops int64)
	// Context, if set, stops the prediction when it is done: Run then
	// returns an error wrapping the context's, and with it the partial
	// prediction (Partial set) of what had been simulated.
	Context context.Context
	// Starting, if set, hears how far the set-up of the processes has
	// come (processes set up, of all), before the simulation begins.
	Starting func(done, total int)
	// Operations, if set, hears before the first replication runs how
	// many operations (engine.Result.Ops) a replication performs, for
	// the share of the run done: counted (exact) when every process's
	// stream was run alone, else estimated from a sample of processes
	// (count.go). Not called when they cannot be counted: the model
	// forks threads or shares variables, or its processes run too long.
	Operations func(ops int64, exact bool)
}

// Prediction is the result.
type Prediction struct {
	Model   string // the model's name
	Machine string
	Nodes   int
	Procs   int
	Threads int
	Seed    uint64
	Params  map[string]float64 // the --set values used
	// PerProcess are the params set to expressions of pid and procs, as
	// the model language writes them.
	PerProcess map[string]string
	// MeasuredCollectives names the node group whose measured collectives
	// timed the model's collectives (machine.Collectives); empty when
	// they were simulated.
	MeasuredCollectives string
	Elements            []ir.Element
	// Result of the first replication (the timeline's run).
	*engine.Result
	// Replications: every run's predicted time, and the mean with its
	// 95 % confidence half-width (Student t), when more than one ran.
	Times    []float64
	Mean     float64
	CI95     float64
	EvalTime time.Duration // wall time of all replications
	Warnings diag.List
	// Partial is set when the Context stopped the run. If it stopped the
	// first replication, Result holds what had been simulated (up to
	// Result.Reached) and Times is empty; if a later one, Result is the
	// first's and Times has the replications that completed.
	Partial bool
}

// ErrCheck wraps the checker's diagnostics when the model has errors.
var ErrCheck = errors.New("the model has errors")

// CheckError carries the diagnostics of a model that did not check.
type CheckError struct{ Diags diag.List }

func (e *CheckError) Error() string { return e.Diags.Error() }
func (e *CheckError) Unwrap() error { return ErrCheck }

// UsageError is an option that cannot be applied (a --cfg setting, a
// mapping for another number of processes): the caller's mistake.
type UsageError struct{ Err error }

func (e *UsageError) Error() string { return e.Err.Error() }
func (e *UsageError) Unwrap() error { return e.Err }

// networkFor applies the --cfg settings to machine m. A flow model
// (network/model:CM02, LV08, SMPI) takes every key, as replay does; the
// constant model has no sharing, factors by size or TCP window, so only
// single-number network/latency-factor and network/bandwidth-factor
// apply, by scaling the machine's latencies and bandwidths, and any other
// key is refused rather than ignored. With no settings, the machine and
// its own network model are used unchanged (nil config).
func networkFor(m *machine.Machine, cfg [][2]string) (*machine.Machine, *netmodel.Config, error) {
	if len(cfg) == 0 {
		return m, nil, nil
	}
	c, err := m.NetConfig(cfg...)
	if err != nil {
		return nil, nil, &UsageError{err}
	}
	if c.Model.Flow() {
		return m, &c, nil
	}
	lat, bw := 1.0, 1.0
	for _, kv := range cfg {
		key := kv[0]
		var f netmodel.Factors
		switch key {
		case "network/latency-factor", "smpi/lat-factor":
			f = c.LatFactor
		case "network/bandwidth-factor", "smpi/bw-factor":
			f = c.BwFactor
		case "network/model":
			continue
		default:
			return nil, nil, &UsageError{&diag.GivenError{Given: netmodel.GivenSetting(key), Err: errors.New("the constant network model has no such setting; choose a flow model first (network/model:CM02, LV08 or SMPI)")}}
		}
		if len(f) != 1 || f[0].From != 0 {
			return nil, nil, &UsageError{&diag.GivenError{Given: netmodel.GivenSetting(key), Err: errors.New("factors by message size need a flow model (network/model:SMPI first); the constant model takes one number")}}
		}
		if key == "network/latency-factor" || key == "smpi/lat-factor" {
			lat = f[0].Value
		} else {
			bw = f[0].Value
		}
	}
	scaled, err := m.WithNetworkFactors(lat, bw)
	if err != nil {
		return nil, nil, &UsageError{err}
	}
	c.LatFactor, c.BwFactor = netmodel.Factors{{From: 0, Value: 1}}, netmodel.Factors{{From: 0, Value: 1}}
	return scaled, &c, nil
}

// Run predicts.
func Run(o Options) (*Prediction, error) {
	if o.Machine == nil {
		return nil, errors.New("no machine given")
	}
	f, diags := model.Parse(o.Filename, o.Source)
	if diags.HasErrors() {
		return nil, &CheckError{Diags: diags}
	}
	m := o.Machine
	if o.Nodes > 0 && o.Nodes != m.NumNodes() {
		var err error
		if m, err = m.WithNodes(o.Nodes); err != nil {
			return nil, &UsageError{err} // nodes out of the machine's range
		}
	}
	m, net, err := networkFor(m, o.Cfg)
	if err != nil {
		return nil, err
	}
	nodes := m.NumNodes()
	procs := o.Procs
	if procs <= 0 {
		procs = m.TotalCPUs()
	}
	threads := o.Threads
	if threads <= 0 {
		threads = 1
	}
	what := fmt.Sprintf("%d processes", procs)
	if o.Procs <= 0 {
		what = fmt.Sprintf("one process per CPU of the machine (none given), %d", procs)
	}
	if threads > 1 {
		what += fmt.Sprintf(" of %d threads", threads)
	}
	if err := procbound.Check(int64(procs)*int64(threads), what); err != nil {
		if o.Procs <= 0 { // the caller gives fewer with option procs
			err = diag.Givenf(diag.Option, "procs", "%w", err)
		}
		return nil, &UsageError{err}
	}
	set, err := bindParams(f, o)
	if err != nil {
		return nil, err
	}
	var setNames []string
	for k := range set {
		setNames = append(setNames, k)
	}
	for k := range o.PerProcess {
		setNames = append(setNames, k)
	}
	cd := model.Check(f, model.CheckOptions{SetParams: setNames, Procs: procs})
	if cd.HasErrors() {
		return nil, &CheckError{Diags: cd}
	}
	nodeOf, err := m.Map(procs, o.Mapping, o.Explicit)
	if err != nil {
		return nil, &UsageError{err}
	}
	p := &Prediction{
		Model: f.Name, Machine: m.Name, Nodes: nodes, Procs: procs, Threads: threads,
		Seed: o.Seed, Params: set, Warnings: cd,
	}
	for name, e := range o.PerProcess {
		if p.PerProcess == nil {
			p.PerProcess = map[string]string{}
		}
		p.PerProcess[name] = model.ExprString(e)
	}
	reps := o.Replications
	if reps < 1 {
		reps = 1
	}
	table, err := opTable(m, o.OpSpeed, o.OpTime)
	if err != nil {
		return nil, err
	}
	var collTime func(ir.Kind, bool, float64) (float64, bool)
	if c := m.MeasuredCollectives(nodeOf); c != nil {
		collTime = func(k ir.Kind, inPlace bool, bytes float64) (float64, bool) {
			return c.Time(k.String(), inPlace, bytes)
		}
		p.MeasuredCollectives = m.Groups[m.GroupOf(int(nodeOf[0]))].Name
	}
	start := time.Now()
	for r := 0; r < reps; r++ {
		prog, err := compile.Compile(f, compile.Options{
			CollectiveTime: collTime,
			CombineCost: func(nid int32) float64 {
				g := &m.Groups[m.GroupOf(int(nid))]
				return g.CombineCost() * g.Speed
			},
			Params: set, Nodes: nodes, Procs: procs, Threads: threads,
			CPUsOf:        func(nid int32) int { return m.Groups[m.GroupOf(int(nid))].CPUs },
			LevelOf:       func(nid int32, k int) float64 { return m.Groups[m.GroupOf(int(nid))].WorkingSets()[k] },
			SharedOf:      func(nid int32) float64 { return m.Groups[m.GroupOf(int(nid))].LastLevelShared() },
			OpTime:        func(nid int32, key int) float64 { return table[m.GroupOf(int(nid))][key] },
			Seed:          o.Seed + uint64(r),
			MaxIterations: o.MaxIterations,
			StepLoops:     o.StepLoops,
		})
		if err != nil {
			return nil, err
		}
		if r == 0 {
			if err := checkOps(o.Filename, m, nodeOf, prog.OpsUsed, table); err != nil {
				return nil, err
			}
			if o.Operations != nil {
				if n, exact := countOps(prog, procs, nodeOf, crowded(m, nodeOf)); n > 0 {
					o.Operations(n, exact)
				}
			}
		}
		cfg := engine.Config{
			Machine: m, Procs: procs, NodeOf: nodeOf, MaxEvents: o.MaxEvents,
			Context: o.Context, Net: net, Starting: o.Starting,
		}
		if o.Progress != nil {
			rep := r
			cfg.Progress = func(t float64, ev, ops int64) { o.Progress(rep, t, ev, ops) }
		}
		if r == 0 {
			cfg.Tracer = o.Timelines.Tracer()
			cfg.UnitElements = o.UnitElements
			o.Timelines.SetElements(prog.Elements)
		}
		res, err := engine.Run(cfg, engine.Program{Elements: prog.Elements, Stream: prog.Stream, Semantics: prog.Semantics})
		if err != nil {
			if o.Context == nil || o.Context.Err() == nil || res == nil {
				return nil, err
			}
			// Stopped from outside: keep what was simulated.
			if r == 0 {
				p.Result, p.Elements = res, prog.Elements
			}
			describe(o.Timelines, m, p)
			p.Partial = true
			p.EvalTime = time.Since(start)
			if len(p.Times) > 0 {
				p.Mean, p.CI95 = meanCI(p.Times)
			}
			return p, err
		}
		if r == 0 {
			p.Result = res
			p.Elements = prog.Elements
		}
		p.Times = append(p.Times, res.Time)
		if res.Deadlock != nil {
			break
		}
	}
	p.EvalTime = time.Since(start)
	p.Mean, p.CI95 = meanCI(p.Times)
	describe(o.Timelines, m, p)
	return p, nil
}

// bindParams gives the params their values for the run: those the
// program's arguments give (Options.Args), then Options.Set over them;
// the params set per process get their expressions in f, whose checker
// and compiler then see them as written there.
func bindParams(f *model.File, o Options) (map[string]float64, error) {
	set := map[string]float64{}
	if o.Args != nil {
		vals, err := model.ArgValues(f, o.Args)
		if err != nil {
			return nil, &UsageError{err}
		}
		for k, v := range vals {
			if _, byExpr := o.PerProcess[k]; !byExpr {
				set[k] = v
			}
		}
	}
	for k, v := range o.Set {
		set[k] = v
	}
	for name, e := range o.PerProcess {
		for _, d := range f.Decls {
			if v, ok := d.(*model.VarDecl); ok && v.Kind == model.Param && v.Name != nil && v.Name.Name == name {
				v.Value = e
			}
		}
	}
	return set, nil
}

// describe names the timelines' processes and places them on the
// machine's nodes, for the trace writers.
func describe(ts results.Timelines, m *machine.Machine, p *Prediction) {
	if len(ts) == 0 || p.Result == nil {
		return
	}
	for _, u := range p.Units {
		if u.Tid != 0 {
			continue
		}
		ts.SetProcess(u.Pid, fmt.Sprintf("process %d", u.Pid), "", u.Node)
		if int(u.Node) < m.NumNodes() {
			ts.SetNodeName(u.Node, fmt.Sprintf("node %d (%s)", u.Node, m.HostName(int(u.Node))))
		}
	}
}

// opTable gives, per node group, the seconds of each operation of
// machine.OpKeys (NaN where the group gives none), after the what-if
// overrides. The engine divides every cost by the node's speed; the
// operation times are already the node's own, so the table holds them
// times the speed, which that division undoes.
func opTable(m *machine.Machine, speed, set map[string]float64) ([][]float64, error) {
	if err := CheckOpOverrides(speed, set); err != nil {
		return nil, err
	}
	table := make([][]float64, len(m.Groups))
	for g := range m.Groups {
		row := make([]float64, len(machine.OpKeys))
		for i, k := range machine.OpKeys {
			t, ok := machine.OpTime(m.Groups[g].Ops, k.Key)
			if v, isSet := set[k.Key]; isSet {
				t, ok = v, true
			}
			if !ok {
				row[i] = math.NaN()
				continue
			}
			for pat, f := range speed {
				if hit, _ := path.Match(pat, k.Key); hit {
					t /= f
				}
			}
			row[i] = t * m.Groups[g].Speed
		}
		nodeBandwidth(row, &m.Groups[g], speed, set)
		table[g] = row
	}
	return table, nil
}

// nodeBandwidth fills in mem_byte_node of a group's row when neither
// the machine file nor --op-time gives it: the row's mem_byte over the
// node's CPUs (machine.MemByteNode), after the what-if overrides of
// mem_byte, so that --op-speed mem_byte=2 speeds the whole node's memory
// up as it did before the key existed. A --op-speed pattern that matches
// mem_byte_node and not mem_byte still applies.
func nodeBandwidth(row []float64, g *machine.Group, speed, set map[string]float64) {
	const key = "mem_byte_node"
	_, given := g.Ops[key]
	if _, isSet := set[key]; given || isSet {
		return
	}
	node, _ := machine.OpIndex(key)
	mem, _ := machine.OpIndex("mem_byte")
	t := row[mem] / float64(max(g.CPUs, 1))
	for pat, f := range speed {
		hitNode, _ := path.Match(pat, key)
		hitMem, _ := path.Match(pat, "mem_byte")
		if hitNode && !hitMem {
			t /= f
		}
	}
	row[node] = t
}

// checkOps refuses a model whose ops(...) costs name an operation that a
// node group hosting processes gives no time for.
func checkOps(file string, m *machine.Machine, nodeOf []int32, used []compile.OpUse, table [][]float64) error {
	if len(used) == 0 {
		return nil
	}
	hosts := map[int]bool{}
	for _, n := range nodeOf {
		hosts[m.GroupOf(int(n))] = true
	}
	for _, u := range used {
		i, _ := machine.OpIndex(u.Key)
		for g := range m.Groups {
			if hosts[g] && math.IsNaN(table[g][i]) {
				e := diag.At(file, int(u.Pos.Line), int(u.Pos.Col), "machine %s, node group %s: no time for operation %s (ops:); measure it with augur bench machine or give it with option op-time %s=TIME",
					m.Name, m.Groups[g].Name, u.Key, u.Key)
				e.Given = &diag.Given{What: diag.Option, Name: "op-time"}
				return e
			}
		}
	}
	return nil
}

// meanCI returns the mean and the half-width of its 95 % confidence
// interval (Student's t with n-1 degrees of freedom).
func meanCI(xs []float64) (mean, half float64) {
	n := float64(len(xs))
	for _, x := range xs {
		mean += x
	}
	mean /= n
	if len(xs) < 2 {
		return mean, 0
	}
	var ss float64
	for _, x := range xs {
		ss += (x - mean) * (x - mean)
	}
	sd := math.Sqrt(ss / (n - 1))
	return mean, tQuantile975(len(xs)-1) * sd / math.Sqrt(n)
}

// tQuantile975 is the 97.5 % quantile of Student's t distribution.
func tQuantile975(df int) float64 {
	table := []float64{0, 12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
		2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
		2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042}
	if df < len(table) {
		return table[df]
	}
	// Beyond 30 degrees of freedom a series in 1/df is accurate to 1e-3.
	z := 1.959964
	d := float64(df)
	return z + (z*z*z+z)/(4*d) + (5*math.Pow(z, 5)+16*z*z*z+3*z)/(96*d*d)
}
