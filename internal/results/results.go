// Package results gives every kind of augur result one shape that the
// workbench (augur serve) and the HTML report (augur report) draw: a time
// budget per unit (process, thread or rank) split into three categories, a
// table per element, and optionally a timeline. Model predictions, thread
// trace simulations and MPI trace replays all open in the same views
// through the adapters in this package (Performance Prophet Fig. 14 is the model).
package results

import (
	"fmt"
	"math"
	"path/filepath"
	"sort"
	"strings"

	"augur/internal/engine"
)

// Kinds of results.
const (
	KindPrediction = "prediction" // augur predict
	KindThreads    = "threads"    // augur simulate (thread traces)
	KindMPI        = "mpi"        // augur replay (MPI traces)
)

// Result is what the views draw.
type Result struct {
	Kind     string `json:"kind"`
	Title    string `json:"title"`    // the model or trace name
	Subtitle string `json:"subtitle"` // machine and configuration
	// Time is the headline figure: the predicted, completion or
	// simulation time in seconds.
	Time float64 `json:"time_s"`
	// Categories name the three parts of a unit's time, in the order of
	// Unit.Compute, Comm, Wait: "compute", "communication", "waiting" for
	// programs, "busy", "blocked", "ready-waiting" for thread traces.
	Categories [3]string `json:"categories"`
	UnitName   string    `json:"unit_name"` // "process", "thread" or "rank"
	Facts      []Fact    `json:"facts"`     // further figures, as label and text
	Units      []Unit    `json:"units"`
	Elements   []Stats   `json:"elements"`
	Deadlock   string    `json:"deadlock,omitempty"` // empty, or what deadlocked
	Warnings   []string  `json:"warnings,omitempty"`
	// HasTimeline tells clients that Timeline is set (it is not in the JSON).
	HasTimeline bool      `json:"has_timeline"`
	Timeline    *Timeline `json:"-"`
}

// Fact is one labelled figure of the summary line.
type Fact struct {
	Label string `json:"label"`
	Value string `json:"value"`
}

// Unit is the time budget of one process, thread or rank.
type Unit struct {
	Name string `json:"name"`
	Pid  int32  `json:"pid"`
	Tid  int32  `json:"tid"`
	Node int32  `json:"node"`
	// Start is when a thread was created (0 for processes and ranks):
	// End - Start = Compute + Communication + Waiting, the three
	// categories (Result.Categories: busy, blocked and ready-waiting for
	// threads).
	Start         float64 `json:"start_s,omitempty"`
	End           float64 `json:"end_s"`
	Compute       float64 `json:"compute_s"`
	Communication float64 `json:"communication_s"`
	Waiting       float64 `json:"waiting_s"`
	// Elements are the unit's own figures per element (empty when the
	// result does not have them): the per-unit tables and pies.
	Elements []Stats `json:"elements,omitempty"`
}

// Stats aggregates an element's (or a kind of action's) executions, over
// all units or over one; its time splits into compute, communication and
// waiting as the budget does.
type Stats struct {
	Name string `json:"name"`
	// Kind and Where say what the element is and where it was written
	// (file:line:col of a model, the trace file of a replay); a unit's
	// own rows of a prediction leave them to the all-unit row.
	Kind  string  `json:"kind,omitempty"`
	Where string  `json:"where,omitempty"`
	Calls int64   `json:"calls"`
	Total float64 `json:"total_s"`
	Mean  float64 `json:"mean_s"`
	Min   float64 `json:"min_s"`
	Max   float64 `json:"max_s"`
	// Share is of the total over all elements (0 … 1); only the all-unit
	// rows of a prediction have it.
	Share         float64 `json:"share,omitempty"`
	Compute       float64 `json:"compute_s"`
	Communication float64 `json:"communication_s"`
	Waiting       float64 `json:"waiting_s"`
}

// ProgramCategories are the categories of model predictions and MPI replays.
var ProgramCategories = [3]string{"compute", "communication", "waiting"}

// ThreadCategories are the categories of thread-trace simulations (VPPB).
var ThreadCategories = [3]string{"busy", "blocked", "ready-waiting"}

// FromPrediction adapts augur predict's document (docs/output.md).
func FromPrediction(s *Prediction) *Result {
	r := &Result{
		Kind: KindPrediction, Title: s.Model, Time: s.PredictedTime,
		Categories: ProgramCategories, UnitName: "process",
		Subtitle: fmt.Sprintf("machine %s: %d node(s), %d process(es), %d thread(s) each%s",
			s.Machine, s.Nodes, s.Procs, s.Threads, paramText(s.Params)),
		Warnings: s.Warnings,
	}
	r.Facts = append(r.Facts, Fact{"predicted time", Seconds(s.PredictedTime)})
	if s.EvalTime > 0 {
		r.Facts = append(r.Facts, Fact{"evaluation time", Seconds(s.EvalTime)})
	}
	r.Facts = append(r.Facts,
		Fact{"events", fmt.Sprint(s.Events)},
		Fact{"element executions", fmt.Sprint(s.Executions)},
		Fact{"seed", fmt.Sprint(s.Seed)})
	if rp := s.Replications; rp != nil {
		r.Facts = append(r.Facts, Fact{"replications", fmt.Sprintf("%d, mean %s ± %s (95%%)",
			rp.N, Seconds(rp.Mean), Seconds(rp.CI95))})
	}
	kinds := make(map[string][2]string, len(s.Elements))
	for _, e := range s.Elements {
		kinds[e.Name] = [2]string{e.Kind, e.Where}
	}
	for _, p := range s.Processes {
		name := fmt.Sprintf("process %d", p.Pid)
		if p.Tid > 0 {
			name = fmt.Sprintf("process %d thread %d", p.Pid, p.Tid)
		}
		u := Unit{Name: name, Pid: p.Pid, Tid: p.Tid, Node: p.Node,
			End: p.End, Compute: p.Compute, Communication: p.Communication, Waiting: p.Waiting}
		for _, e := range p.Elements {
			kw := kinds[e.Name]
			u.Elements = append(u.Elements, Stats{Name: e.Name, Kind: kw[0], Where: kw[1],
				Calls: e.Calls, Total: e.Total, Mean: e.Mean, Min: e.Min, Max: e.Max,
				Compute: e.Compute, Communication: e.Communication, Waiting: e.Waiting})
		}
		setShares(u.Elements)
		r.Units = append(r.Units, u)
	}
	for _, e := range s.Elements {
		r.Elements = append(r.Elements, Stats{Name: e.Name, Kind: e.Kind, Where: e.Where,
			Calls: e.Calls, Total: e.Total, Mean: e.Mean, Min: e.Min, Max: e.Max, Share: e.Share,
			Compute: e.Compute, Communication: e.Communication, Waiting: e.Waiting})
	}
	if d := s.Deadlock; d != nil {
		r.Deadlock = deadlockText(d)
	}
	r.normalise()
	return r
}

// deadlockText says in a line what deadlocked a prediction or replay.
func deadlockText(d *engine.Deadlock) string {
	s := fmt.Sprintf("deadlock at %s: %d unit(s) blocked", Seconds(d.Time), len(d.Blocked))
	for i, b := range d.Blocked {
		if i == 8 {
			s += "; …"
			break
		}
		s += fmt.Sprintf("; process %d in %s waits for %s", b.Pid, b.Element, b.WaitsFor)
	}
	return s
}

// FromReplay adapts augur replay's document.
func FromReplay(d *Replay) *Result {
	r := &Result{Kind: KindMPI, Categories: ProgramCategories, UnitName: "rank",
		Time: d.SimulationTime, Title: filepath.Base(d.Trace), Subtitle: "MPI trace replay", Warnings: d.Warnings}
	if d.Trace == "" {
		r.Title = "MPI trace"
	}
	if d.Platform != "" {
		r.Subtitle += " on " + d.Platform
	}
	r.Subtitle += ", network model " + d.Model
	r.Facts = append(r.Facts, Fact{"simulation time", Seconds(d.SimulationTime)},
		Fact{"ranks", fmt.Sprint(d.NP)}, Fact{"operations", fmt.Sprint(d.Operations)}, Fact{"events", fmt.Sprint(d.Events)})
	if dl := d.Deadlock; dl != nil {
		r.Deadlock = deadlockText(dl)
	}
	for _, k := range d.Ranks {
		u := Unit{Name: fmt.Sprintf("rank %d", k.Rank), Pid: int32(k.Rank),
			End: k.End, Compute: k.Compute, Communication: k.Communication, Waiting: k.Waiting,
			Elements: append([]Stats(nil), k.Elements...)}
		if k.Host != "" {
			u.Name += " (" + k.Host + ")"
		}
		setShares(u.Elements)
		r.Units = append(r.Units, u)
	}
	r.Elements = append([]Stats(nil), d.Elements...)
	sort.SliceStable(r.Elements, func(i, j int) bool { return r.Elements[i].Total > r.Elements[j].Total })
	setShares(r.Elements)
	r.normalise()
	return r
}

// FromSimulation adapts augur simulate's document: a thread's busy,
// blocked and ready-waiting times are the three categories.
func FromSimulation(d *Simulation) *Result {
	r := &Result{Kind: KindThreads, Categories: ThreadCategories, UnitName: "thread",
		Time: d.Completion, Title: filepath.Base(d.Trace)}
	if d.Trace == "" {
		r.Title = "thread trace"
	}
	r.Subtitle = fmt.Sprintf("thread-trace simulation, model %s, %d processor(s)", d.Model, d.CPUs)
	r.Facts = append(r.Facts, Fact{"completion time", Seconds(d.Completion)}, Fact{"model", d.Model})
	if d.Reason != "" {
		r.Facts = append(r.Facts, Fact{"why", d.Reason})
	}
	if d.Speedup != nil {
		r.Facts = append(r.Facts, Fact{"speed-up", fmt.Sprintf("%.3g", *d.Speedup)})
	}
	if d.OneCPU != nil {
		r.Facts = append(r.Facts, Fact{"on one processor", Seconds(*d.OneCPU)})
	}
	r.Facts = append(r.Facts, Fact{"trace events", fmt.Sprint(d.TraceEvents)})
	if d.DeadlockReport != nil {
		r.Deadlock = d.DeadlockReport.String()
	}
	for i, t := range d.Threads {
		name := t.Name
		if !strings.HasPrefix(strings.ToLower(name), "thread") {
			name = "thread " + name
		}
		u := Unit{Name: name, Pid: int32(i), Start: t.Start, End: t.End,
			Compute: t.Busy, Communication: t.Blocked, Waiting: t.Ready}
		if t.CPU != nil {
			u.Node = *t.CPU
		}
		for _, a := range t.Elements {
			e := Stats{Name: a.Name, Kind: a.Kind, Where: a.Where, Calls: a.Calls, Total: a.Total, Min: a.Min, Max: a.Max}
			if e.Calls > 0 {
				e.Mean = e.Total / float64(e.Calls)
			}
			switch categoryOf(e.Name, e.Kind) {
			case 0:
				e.Compute = e.Total
			case 1:
				e.Communication = e.Total
			default:
				e.Waiting = e.Total
			}
			u.Elements = append(u.Elements, e)
		}
		setShares(u.Elements)
		r.Units = append(r.Units, u)
	}
	r.Elements = SumElements(r.Units)
	r.normalise()
	return r
}

func paramText(p map[string]float64) string {
	if len(p) == 0 {
		return ""
	}
	var parts []string
	for k, v := range p {
		parts = append(parts, fmt.Sprintf("%s=%g", k, v))
	}
	sort.Strings(parts)
	return ", " + strings.Join(parts, " ")
}

// SumElements adds up the units' own element tables into one over all
// units, largest total first, then by name: calls and times add, min and
// max are over all executions, where is that of the longest execution.
func SumElements(units []Unit) []Stats {
	idx := map[string]int{}
	var out []Stats
	for _, u := range units {
		for _, e := range u.Elements {
			i, ok := idx[e.Name]
			if !ok {
				idx[e.Name] = len(out)
				out = append(out, e)
				continue
			}
			s := &out[i]
			if e.Calls > 0 && (s.Calls == 0 || e.Min < s.Min) {
				s.Min = e.Min
			}
			if e.Calls > 0 && (s.Calls == 0 || e.Max > s.Max) {
				s.Max, s.Where = e.Max, e.Where
			}
			s.Calls += e.Calls
			s.Total += e.Total
			s.Compute += e.Compute
			s.Communication += e.Communication
			s.Waiting += e.Waiting
		}
	}
	for i := range out {
		out[i].Mean = 0
		if out[i].Calls > 0 {
			out[i].Mean = out[i].Total / float64(out[i].Calls)
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].Total != out[j].Total {
			return out[i].Total > out[j].Total
		}
		return out[i].Name < out[j].Name
	})
	setShares(out)
	return out
}

// setShares sets each element's share of the elements' summed total.
func setShares(els []Stats) {
	var all float64
	for _, e := range els {
		all += e.Total
	}
	for i := range els {
		els[i].Share = 0
		if all > 0 {
			els[i].Share = els[i].Total / all
		}
	}
}

// Seconds prints a duration for people, with its unit.
func Seconds(x float64) string {
	switch ax := math.Abs(x); {
	case ax == 0:
		return "0 s"
	case ax < 1e-6:
		return fmt.Sprintf("%.4g ns", x*1e9)
	case ax < 1e-3:
		return fmt.Sprintf("%.4g us", x*1e6)
	case ax < 1:
		return fmt.Sprintf("%.4g ms", x*1e3)
	default:
		return fmt.Sprintf("%.6g s", x)
	}
}

// AttachTimeline sets r's timeline, which is drawn as it is: tables, pies
// and bars come from r's own figures, never from the timeline, which has
// no split of an execution into compute, communication and waiting (and
// may be cut by --trace-window or --trace-limit).
func (r *Result) AttachTimeline(t *Timeline) {
	r.normalise()
	if t == nil {
		return
	}
	t.Finish()
	r.Timeline, r.HasTimeline = t, true
	if r.Time == 0 {
		r.Time = t.End()
	}
}

// WithoutUnitElements returns a copy of r whose units have no element
// tables: what the workbench polls, which asks for one unit's table when
// it shows it (a run of 65 536 processes would otherwise send them all).
func (r *Result) WithoutUnitElements() *Result {
	c := *r
	c.Units = make([]Unit, len(r.Units))
	for i, u := range r.Units {
		u.Elements = nil
		c.Units[i] = u
	}
	return &c
}

// normalise makes lists empty rather than nil, so that the JSON has
// arrays for clients to iterate.
func (r *Result) normalise() {
	if r.Units == nil {
		r.Units = []Unit{}
	}
	if r.Elements == nil {
		r.Elements = []Stats{}
	}
	if r.Facts == nil {
		r.Facts = []Fact{}
	}
}

// Slowest returns the index of the unit with the largest total (the one
// that decides the run time), or -1 without units.
func (r *Result) Slowest() int {
	best := -1
	for i, u := range r.Units {
		if best < 0 || u.End > r.Units[best].End {
			best = i
		}
	}
	return best
}

// categoryOf classifies an element as compute (0), communication (1) or
// waiting (2) by its kind, for tables derived from timelines; MPI traces
// give the category "mpi" to every action, so their names decide.
func categoryOf(name, kind string) int {
	k := strings.ToLower(kind)
	if k == "mpi" || k == "" || k == "?" {
		k = mpiKind(name)
	}
	switch k {
	case "action", "delay", "compute", "busy", "cpu", "sleep", "run", "running":
		return 0
	case "blocked", "block":
		return 1 // the blocked column of thread traces
	case "wait", "waitall", "idle", "waiting", "ready", "ready-waiting", "lock", "join":
		return 2
	}
	return 1
}

// mpiKind classifies an MPI action name (SimGrid's TiT names) for the
// compute / communication / waiting split.
func mpiKind(op string) string {
	switch strings.ToLower(op) {
	case "compute", "sleep":
		return "compute"
	case "wait", "waitall", "test":
		return "wait"
	}
	return "communication"
}
