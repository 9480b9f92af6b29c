// Package results gives every kind of augur result one shape that the
// workbench (augur serve) and the HTML report (augur report) draw: a time
// budget per unit (process, thread or rank) split into three categories, a
// table per element, and optionally a timeline. Model predictions, thread
// trace simulations and MPI trace replays all open in the same views
// through the adapters in this package (Performance Prophet Fig. 14 is the model).
package results

import (
	"fmt"
	"sort"
	"strings"

	"augur/report"
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
	Elements   []Element `json:"elements"`
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
	// Total - Start = Compute + Comm + Wait.
	Start   float64 `json:"start_s,omitempty"`
	Total   float64 `json:"total_s"`
	Compute float64 `json:"compute_s"`
	Comm    float64 `json:"comm_s"`
	Wait    float64 `json:"wait_s"`
	// Elements are the unit's own figures per element (empty when the
	// result does not have them): the per-unit tables and pies.
	Elements []Element `json:"elements,omitempty"`
}

// Element is one element's aggregate (over all units, or over one unit).
type Element struct {
	Name    string  `json:"name"`
	Kind    string  `json:"kind"`
	Where   string  `json:"where,omitempty"`
	Calls   int64   `json:"calls"`
	Total   float64 `json:"total_s"`
	Mean    float64 `json:"mean_s"`
	Min     float64 `json:"min_s"`
	Max     float64 `json:"max_s"`
	Share   float64 `json:"share"`
	Compute float64 `json:"compute_s"`
	Comm    float64 `json:"comm_s"`
	Wait    float64 `json:"wait_s"`
}

// ProgramCategories are the categories of model predictions and MPI replays.
var ProgramCategories = [3]string{"compute", "communication", "waiting"}

// ThreadCategories are the categories of thread-trace simulations (VPPB).
var ThreadCategories = [3]string{"busy", "blocked", "ready-waiting"}

// FromSummary adapts the JSON form of a prediction (docs/output.md).
func FromSummary(s *report.Summary) *Result {
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
			Total: p.Total, Compute: p.Compute, Comm: p.Comm, Wait: p.Wait}
		for _, e := range p.Elements {
			kw := kinds[e.Name]
			u.Elements = append(u.Elements, Element{Name: e.Name, Kind: kw[0], Where: kw[1],
				Calls: e.Calls, Total: e.Total, Mean: e.Mean, Min: e.Min, Max: e.Max,
				Compute: e.Compute, Comm: e.Comm, Wait: e.Wait})
		}
		setShares(u.Elements)
		r.Units = append(r.Units, u)
	}
	for _, e := range s.Elements {
		r.Elements = append(r.Elements, Element{Name: e.Name, Kind: e.Kind, Where: e.Where,
			Calls: e.Calls, Total: e.Total, Mean: e.Mean, Min: e.Min, Max: e.Max, Share: e.Share,
			Compute: e.Compute, Comm: e.Comm, Wait: e.Wait})
	}
	if d := s.Deadlock; d != nil {
		r.Deadlock = fmt.Sprintf("deadlock at %s: %d unit(s) blocked", Seconds(d.Time), len(d.Blocked))
		for i, b := range d.Blocked {
			if i == 8 {
				r.Deadlock += "; …"
				break
			}
			r.Deadlock += fmt.Sprintf("; process %d in %s waits for %s", b.Pid, b.Element, b.WaitsFor)
		}
	}
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
func SumElements(units []Unit) []Element {
	idx := map[string]int{}
	var out []Element
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
			s.Comm += e.Comm
			s.Wait += e.Wait
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
func setShares(els []Element) {
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

// Seconds prints a time for people, as the text report does.
func Seconds(s float64) string { return report.Seconds(s) }

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
		r.Elements = []Element{}
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
		if best < 0 || u.Total > r.Units[best].Total {
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
