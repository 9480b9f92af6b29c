// Package replay is the trace replay pipeline: a SimGrid time-independent
// trace (package tit), a machine with ranks placed on its nodes, and a
// network configuration go to the engine, which simulates every action
// (collectives with SimGrid's algorithms over point-to-point messages);
// the result has SimGrid's "Simulation time" and each rank's budget.
package replay

import (
	"context"
	"errors"
	"fmt"
	"os"
	"sort"
	"strings"
	"time"

	"augur/internal/base/diag"
	"augur/internal/base/procbound"
	"augur/internal/engine"
	"augur/internal/frontend/otf2"
	"augur/internal/frontend/tit"
	"augur/internal/frontend/tracecache"
	"augur/internal/ir"
	"augur/internal/machine"
	"augur/internal/machine/netmodel"
	"augur/internal/machine/platform"
	"augur/internal/results"
)

// Options is what a replay needs.
type Options struct {
	Trace string // a shared trace or an index of per-rank traces
	NP    int    // ranks; 0: as many as the trace has
	// Machine is where the ranks run, placed as smpirun places them:
	// round robin over Hostfile's entries, or without one over the
	// machine's hosts in the order of their names (platform.Place) or,
	// when Nodes > 0, over its first Nodes nodes in their order.
	Machine  *machine.Machine
	Hostfile *platform.Hostfile
	Nodes    int
	// Cfg holds --cfg KEY:VALUE settings in order. The network keys go
	// to the machine's network configuration; smpi/simulate-computation
	// and smpi/grow-injected-times to the trace's interpretation.
	Cfg [][2]string
	// Timelines receive the replay's slices, messages and collectives;
	// Run gives them the action table and names their ranks and hosts.
	Timelines results.Timelines
	MaxEvents int64
	// Progress, if set, is called every 2^14 events or actions
	// (engine.Config.Progress) with how far the replay has come.
	Progress func(Progress)
	// Counting, if set, hears how far a pass over the trace before the
	// replay has come (bytes read, bytes in all): the count of a shared
	// trace's ranks when NP is 0, or its compiling into the Cache.
	Counting func(done, total int64)
	// Cache, if set, holds traces' compiled forms: the trace is read from
	// its entry, compiled into one first if it has none (tracecache).
	Cache *tracecache.Cache
	// Context, if set, stops the replay when it is done: Run then
	// returns an error wrapping the context's, and with it the partial
	// result (Partial set) of what had been replayed.
	Context context.Context
	// RefSpeed is the flop rate of the host an OTF2 trace was recorded
	// on, whose compute is seconds: a burst of t s takes t·RefSpeed/F s
	// on a host of F flop/s. RefSource says where it comes from, in the
	// caller's words ("given by --ref-speed", "of machine file F, node
	// group G"; "" for "given"). 0: each burst takes its recorded seconds
	// on whatever host it replays on, and the result's ComputeRule says
	// to give the speed, as RefHow says how ("--ref-speed FLOPS"; "" for
	// "the recording host's speed").
	RefSpeed  float64
	RefSource string
	RefHow    string
}

// Progress is how far a replay has come: the simulated time reached,
// the events and the operations (actions) so far, and Share, which says
// how much of the trace the ranks have read, of its size (bytes of its
// text or compiled form, tit.Trace.Share): the share of the replay done.
// Share looks at every rank: call it now and then, for a line shown,
// and only within Progress.
type Progress struct {
	SimTime     float64
	Events, Ops int64
	Share       func() (read, size int64)
}

// actionKind classifies an action of tit.Elements by its index.
func actionKind(i int32) string {
	switch i {
	case tit.ElemCompute, tit.ElemSleep:
		return "compute"
	case tit.ElemSend, tit.ElemIsend, tit.ElemRecv, tit.ElemIrecv, tit.ElemSendRecv:
		return "p2p"
	case tit.ElemTest, tit.ElemWait, tit.ElemWaitall, tit.ElemFinalize:
		return "wait"
	}
	return "collective"
}

// actionStats lists the kinds of action of st that ran, in tit.Elements
// order: compute (compute, sleep), p2p (sends and receives), wait (test,
// wait, waitall, the end of a trace) or collective; where is the trace
// file they were read from.
func actionStats(st []engine.ElemStats, where string) []results.Stats {
	els := tit.Elements()
	out := []results.Stats{}
	for i, es := range st {
		if es.Calls == 0 {
			continue
		}
		out = append(out, results.Stats{Name: els[i].Name, Kind: actionKind(int32(i)), Where: where,
			Calls: es.Calls, Total: es.Total, Mean: es.Total / float64(es.Calls), Min: es.Min, Max: es.Max,
			Compute: es.Compute, Communication: es.Comm, Waiting: es.Wait})
	}
	return out
}

// Result is the outcome of a replay: the document of augur replay
// (results.Replay, docs/output.md) and how long it took.
type Result struct {
	results.Replay
	Wall time.Duration `json:"-"`
	// Read says how the trace was read (its text, its cached compiled
	// form, compiled now) and how long opening it took.
	Read tracecache.Opened `json:"-"`
	// Reference is the speed the trace states its compute amounts were
	// converted at (nil: it states none, as SimGrid's own traces).
	Reference *tit.Reference `json:"-"`
	// ComputeRule says, for an OTF2 trace, how its compute (seconds on
	// the recording host) was turned into work on the replay's hosts.
	ComputeRule string `json:"-"`
}

// SettingError is a setting (a command line's --cfg) or network model
// that cannot be applied: the caller's mistake, not the trace's.
type SettingError struct{ Err error }

func (e *SettingError) Error() string { return e.Err.Error() }
func (e *SettingError) Unwrap() error { return e.Err }

func settingErr(format string, args ...any) error {
	return &SettingError{fmt.Errorf(format, args...)}
}

// badSetting is a setting key that cannot be applied, for why.
func badSetting(key string, why error) error {
	return &SettingError{&diag.GivenError{Given: netmodel.GivenSetting(key), Err: why}}
}

// Run replays the trace. When its Context stops it, Run returns the
// partial result with the error.
func Run(o Options) (*Result, error) {
	if o.Machine == nil {
		return nil, errors.New("replay: no machine")
	}
	set := tit.DefaultSettings()
	var netCfg [][2]string
	for _, kv := range o.Cfg {
		switch kv[0] {
		case "smpi/simulate-computation":
			b, err := netmodel.ParseBool(kv[1])
			if err != nil {
				return nil, badSetting(kv[0], err)
			}
			set.NoCompute = !b
		case "smpi/grow-injected-times":
			b, err := netmodel.ParseBool(kv[1])
			if err != nil {
				return nil, badSetting(kv[0], err)
			}
			set.GrowTest = b
		case "smpi/coll-selector":
			if kv[1] != "default" {
				return nil, badSetting(kv[0]+":"+kv[1], errors.New("augur replays SimGrid's default selector only"))
			}
		default:
			if algoKey(kv[0]) {
				return nil, badSetting(kv[0]+":"+kv[1], errors.New("augur replays the algorithms of SimGrid's default selector only"))
			}
			netCfg = append(netCfg, kv)
		}
	}
	nc, err := o.Machine.NetConfig(netCfg...)
	if err != nil {
		return nil, &SettingError{err}
	}
	set.TestTime = nc.TestTime

	ctx := o.Context
	if ctx == nil {
		ctx = context.Background()
	}
	path, rule, notRead, events := o.Trace, "", []string(nil), []string(nil)
	archive := otf2.IsArchive(o.Trace)
	if archive {
		dir, err := os.MkdirTemp("", "augur-otf2-")
		if err != nil {
			return nil, err
		}
		defer os.RemoveAll(dir)
		if path, rule, notRead, events, err = fromOTF2(o, dir); err != nil {
			return nil, err
		}
	} else if o.RefSpeed > 0 {
		return nil, settingErr("%w and %w are for OTF2 traces, whose compute is seconds; %s is a time-independent trace, whose compute is flops",
			diag.OptionName("ref-speed"), diag.OptionName("ref-machine"), o.Trace)
	}
	var tr *tit.Trace
	read := tracecache.Opened{How: tracecache.Text, Why: "no cache"}
	switch {
	case archive:
		// Converted into a temporary directory for this replay: an entry
		// keyed by its files would never be met again.
		read.Why = "an OTF2 archive, converted for this replay"
		tr, err = tit.OpenContext(ctx, path, o.NP, set, o.Counting)
	case o.Cache != nil:
		tr, read, err = o.Cache.Open(ctx, path, o.NP, set, o.Counting)
	default:
		tr, err = tit.OpenContext(ctx, path, o.NP, set, o.Counting)
	}
	if err != nil {
		return nil, err
	}
	defer tr.Close()
	ref, err := tr.Reference()
	if err != nil {
		return nil, err
	}
	np := tr.NP()
	nodeOf, hosts, err := place(o, np)
	if err != nil {
		return nil, err
	}
	costs, combine := make(map[int32]float64), make(map[int32]float64)
	for _, nid := range nodeOf {
		if _, ok := costs[nid]; ok {
			continue
		}
		c, err := o.Machine.FlopCost(int(nid))
		if err != nil {
			return nil, err
		}
		costs[nid] = c
		g := &o.Machine.Groups[o.Machine.GroupOf(int(nid))]
		combine[nid] = g.CombineCost() * g.Speed
	}
	colls := o.Machine.MeasuredCollectives(nodeOf)
	prog := engine.Program{
		Elements: tit.Elements(),
		Stream: func(pid, nid int32) (ir.Stream, error) {
			s := tr.Stream(int(pid), costs[nid])
			tr.SetCombineCost(int(pid), combine[nid])
			if colls != nil {
				g := &o.Machine.Groups[o.Machine.GroupOf(int(nid))]
				tr.SetCollectiveTimes(int(pid), colls, costs[nid]/g.Speed)
			}
			return s, nil
		},
		Semantics: tit.Semantics(),
	}
	cfg := engine.Config{Machine: o.Machine, Procs: np, NodeOf: nodeOf, Net: &nc,
		Tracer: o.Timelines.Tracer(), MaxEvents: o.MaxEvents,
		UnitElements: true, Context: o.Context}
	if o.Progress != nil {
		tr.Watch()
		cfg.Progress = func(t float64, events, ops int64) {
			o.Progress(Progress{SimTime: t, Events: events, Ops: ops, Share: tr.Share})
		}
	}
	o.Timelines.SetElements(prog.Elements)
	res, err := engine.Run(cfg, prog)
	partial := err != nil && o.Context != nil && o.Context.Err() != nil && res != nil
	if err != nil && !partial {
		return nil, err
	}
	out := &Result{Replay: results.Replay{Header: results.NewHeader(results.CommandReplay),
		SimulationTime: res.Time, Trace: o.Trace, NP: np, Model: nc.Model.String(), Events: res.Events,
		Operations: res.Ops, Deadlock: res.Deadlock, Warnings: []string{}}, Wall: res.Wall, Reference: ref,
		ComputeRule: rule, Read: read}
	for _, n := range notRead {
		out.Warnings = append(out.Warnings, "not read from the OTF2 trace: "+n)
	}
	if colls != nil {
		out.MeasuredCollectives = o.Machine.Groups[o.Machine.GroupOf(int(nodeOf[0]))].Name
	}
	if partial {
		out.Partial, out.SimulatedTimeReached, out.SimulationTime = true, res.Reached, res.Reached
	}
	out.Ranks = make([]results.Rank, np)
	for i := 0; i < np; i++ {
		u := res.Units[i]
		host := hosts[i]
		where := o.Trace
		switch {
		case events != nil:
			where = events[i]
		case !tr.Shared && i < len(tr.Files):
			where = tr.Files[i]
		}
		var st []engine.ElemStats
		if i < len(res.UnitElements) {
			st = res.UnitElements[i]
		}
		out.Ranks[i] = results.Rank{Rank: i, Host: host, Node: nodeOf[i],
			Budget:   results.Budget{End: u.Finish, Compute: u.Compute, Communication: u.Comm, Waiting: u.Wait},
			Elements: actionStats(st, where)}
		acts := out.Ranks[i].Elements
		sort.SliceStable(acts, func(a, b int) bool { return acts[a].Total > acts[b].Total })
		o.Timelines.SetProcess(int32(i), fmt.Sprintf("rank %d", i), host, nodeOf[i])
		o.Timelines.SetNodeName(nodeOf[i], o.Machine.HostName(int(nodeOf[i])))
	}
	out.Elements = actionStats(res.Elements, o.Trace)
	return out, err
}

// place puts the ranks on o.Machine (Options.Hostfile and Nodes).
func place(o Options, np int) ([]int32, []string, error) {
	if o.Hostfile != nil || o.Nodes <= 0 {
		return platform.Place(o.Machine, o.Hostfile, np)
	}
	if o.Nodes > o.Machine.NumNodes() {
		return nil, nil, settingErr("%d nodes asked, the machine has %d", o.Nodes, o.Machine.NumNodes())
	}
	nodeOf, hosts := make([]int32, np), make([]string, np)
	for r := range nodeOf {
		nodeOf[r] = int32(r % o.Nodes)
		hosts[r] = o.Machine.HostName(r % o.Nodes)
	}
	return nodeOf, hosts, nil
}

// algoKey reports whether k selects one collective's algorithm
// (smpi/bcast, smpi/alltoall, ...).
func algoKey(k string) bool {
	switch strings.TrimPrefix(k, "smpi/") {
	case "allgather", "allgatherv", "allreduce", "alltoall", "alltoallv", "barrier", "bcast",
		"gather", "reduce", "reduce_scatter", "scatter":
		return strings.HasPrefix(k, "smpi/")
	}
	return false
}

// fromOTF2 writes the OTF2 archive o.Trace as a time-independent trace
// in dir, its compute converted to flops at the rule Options.RefSpeed
// sets, and returns the trace's index, the rule in words, what the
// archive holds that is not replayed, and each rank's event file.
func fromOTF2(o Options, dir string) (index, rule string, notRead, events []string, err error) {
	a, err := otf2.Open(o.Trace)
	if err != nil {
		return "", "", nil, nil, err
	}
	np := a.NP()
	if err := procbound.Check(int64(np), fmt.Sprintf("%s: %d ranks", o.Trace, np)); err != nil {
		return "", "", nil, nil, err
	}
	if o.NP > np {
		return "", "", nil, nil, settingErr("%s has %d ranks, but %d were asked for", o.Trace, np, o.NP)
	}
	nodeOf, _, err := place(o, np)
	if err != nil {
		return "", "", nil, nil, err
	}
	speed := func(int) float64 { return o.RefSpeed }
	if o.RefSpeed > 0 {
		src := "given"
		if o.RefSource != "" {
			src = o.RefSource
		}
		rule = fmt.Sprintf("compute recorded in seconds on a host of %.4g flop/s (%s): a burst of t s takes t × %.4g / F s on a host of F flop/s", o.RefSpeed, src, o.RefSpeed)
	} else {
		rates := make([]float64, np)
		for r := range rates {
			c, err := o.Machine.FlopCost(int(nodeOf[r]))
			if err != nil {
				return "", "", nil, nil, err
			}
			rates[r] = 1 / c
		}
		speed = func(r int) float64 { return rates[r] }
		how := "the recording host's speed"
		if o.RefHow != "" {
			how = o.RefHow
		}
		rule = "compute recorded in seconds, replayed as those seconds on every host: the recording host's speed is not known (give " + how + " to scale it to the platform's hosts)"
	}
	conv, err := a.Convert(dir, speed)
	if err != nil {
		return "", "", nil, nil, err
	}
	events = make([]string, np)
	for r := range events {
		events[r] = a.EventFile(r)
	}
	return conv.Index, rule, conv.NotRead, events, nil
}
