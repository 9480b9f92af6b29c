package sweep

import (
	"fmt"
	"sort"
	"strings"
)

// Summary is what a sweep found: every coordinate with each version's
// time, speed-up, efficiency and rank, the winner, and where the winner
// changes.
type Summary struct {
	Mode     Mode
	Axes     []string // the point's coordinates, in order
	Versions []string
	// Scaling is the axis speed-up and efficiency are taken along
	// (procs, np or cpus), "" when the sweep does not vary it.
	Scaling string
	// X is the axis along which ranking changes are looked for: Scaling
	// if set, else the first axis the sweep varies ("" if none).
	X       string
	Rows    []Row
	Changes []Change
	Points  int // results summarised
	Failed  int // of them, with status error
	Missing int // points with no result (an interrupted or partial collect)

	nodesDerived bool
}

// Row is one coordinate (a machine and a value of every axis).
type Row struct {
	Machine string
	Values  []Value
	Cells   []Cell // one per version; Status "" when it has no result
	Winner  string // the fastest version ("" when fewer than two finished)
}

// Cell is one version at one coordinate.
type Cell struct {
	Version    string
	Status     string
	Time       float64
	Error      string
	Speedup    *float64 // against the smallest Scaling value of its curve
	Efficiency *float64 // Speedup over the ideal one
	Rank       int      // 1 for the fastest; 0 when not ok
}

// Change is a place where the fastest version changes along X.
type Change struct {
	Machine  string
	Group    []Value // the coordinates other than X (Value{} at X's place)
	From     Value   // the first value of X with the new winner
	To       Value   // the last value of X it wins in a row
	ToEnd    bool    // it wins up to the end of the curve
	Winner   string
	Previous string
	Text     string
}

// Summarize summarises results (in the sweep's order; missing points
// allowed).
func Summarize(s *Spec, rs []Result) *Summary {
	sum := &Summary{Mode: s.Mode, Axes: s.AxisNames(), nodesDerived: s.ProcsPerNode > 0}
	for _, v := range s.Versions {
		sum.Versions = append(sum.Versions, v.Name)
	}
	varied := s.VariedAxes()
	if varied[s.Mode.scaling()] {
		sum.Scaling = s.Mode.scaling()
	}
	sum.X = sum.Scaling
	if sum.X == "" {
		for _, n := range sum.Axes {
			if varied[n] {
				sum.X = n
				break
			}
		}
	}
	nv := len(s.Versions)
	all := s.Points()
	sum.Missing = len(all) - len(rs)
	got := map[int]Result{}
	for _, r := range rs {
		got[r.Index] = r
	}
	// Points come version-fastest: a row is nv consecutive points.
	for i := 0; i+nv <= len(all); i += nv {
		p := all[i]
		row := Row{Values: p.Values}
		if p.Machine >= 0 {
			row.Machine = s.Machines[p.Machine].Name
		}
		have := false
		for v := 0; v < nv; v++ {
			c := Cell{Version: s.Versions[v].Name}
			if r, ok := got[i+v]; ok {
				have = true
				c.Status, c.Time, c.Error = r.Status, r.Time, r.Error
				sum.Points++
				if r.Status == StatusError {
					sum.Failed++
				}
			}
			row.Cells = append(row.Cells, c)
		}
		if have {
			rank(&row)
			sum.Rows = append(sum.Rows, row)
		}
	}
	if sum.Scaling != "" {
		sum.speedups()
	}
	if sum.X != "" && nv > 1 {
		sum.changes()
	}
	return sum
}

// VariedAxes are the axes with more than one value in the sweep.
func (s *Spec) VariedAxes() map[string]bool {
	out := map[string]bool{}
	for _, a := range s.Axes {
		if len(a.Values) > 1 {
			out[a.Name] = true
		}
	}
	for i, a := range s.ListedAxes {
		for _, row := range s.Listed[1:] {
			if row[i] != s.Listed[0][i] {
				out[a.Name] = true
			}
		}
	}
	if s.ProcsPerNode > 0 && out["procs"] {
		out["nodes"] = true
	}
	return out
}

// rank orders the finished versions of a row, fastest first; equal
// times share a rank. The winner is the fastest of those that finished,
// once every version has a result.
func rank(row *Row) {
	var ok []int
	for i, c := range row.Cells {
		if c.Status == StatusOK {
			ok = append(ok, i)
		}
	}
	sort.SliceStable(ok, func(a, b int) bool { return row.Cells[ok[a]].Time < row.Cells[ok[b]].Time })
	for k, i := range ok {
		r := k + 1
		if k > 0 && row.Cells[ok[k-1]].Time == row.Cells[i].Time {
			r = row.Cells[ok[k-1]].Rank
		}
		row.Cells[i].Rank = r
	}
	// A winner needs every version's result: one still missing might be
	// faster.
	for _, c := range row.Cells {
		if c.Status == "" {
			return
		}
	}
	if len(row.Cells) > 1 && len(ok) > 0 {
		row.Winner = row.Cells[ok[0]].Version
	}
}

// Curve is one line of a chart along X: the rows of one machine and one
// value of every other coordinate, in the order they came.
type Curve struct {
	// Title names what sets the curve apart: its machine, and the other
	// coordinates that vary among the rows.
	Title string
	Rows  []Row
}

// Curves groups the rows into curves along X, in the order of their
// first rows.
func (sum *Summary) Curves() []Curve {
	x := sum.index(sum.X)
	var curves []Curve
	byKey := map[string]int{}
	for _, r := range sum.Rows {
		k := sum.groupKey(r, sum.X)
		c, ok := byKey[k]
		if !ok {
			var parts []string
			if r.Machine != "" {
				parts = append(parts, r.Machine)
			}
			for i, n := range sum.Axes {
				if i != x && !(sum.X == "procs" && n == "nodes" && sum.nodesDerived) && sum.variesInRows(i) {
					parts = append(parts, n+"="+r.Values[i].Text)
				}
			}
			c = len(curves)
			byKey[k] = c
			curves = append(curves, Curve{Title: strings.Join(parts, ", ")})
		}
		curves[c].Rows = append(curves[c].Rows, r)
	}
	return curves
}

// XIndex is X's place in Axes, -1 when there is no X.
func (sum *Summary) XIndex() int { return sum.index(sum.X) }

// XNumeric says X's values are numbers (a system or param axis), not
// configuration files.
func (sum *Summary) XNumeric() bool { return axisKind(sum.Mode, sum.X) != kindCfg }

// index of an axis in the summary's coordinates.
func (sum *Summary) index(name string) int {
	for i, n := range sum.Axes {
		if n == name {
			return i
		}
	}
	return -1
}

// groupKey is the row's coordinates other than along's (and nodes, when
// nodes follows procs), with the machine: the curve the row is on.
func (sum *Summary) groupKey(r Row, along string) string {
	var b strings.Builder
	b.WriteString(r.Machine)
	for i, n := range sum.Axes {
		if n == along || (along == "procs" && n == "nodes" && sum.derivedNodes()) {
			continue
		}
		b.WriteString("\x00" + r.Values[i].Text)
	}
	return b.String()
}

// derivedNodes says nodes comes from procs (--procs-per-node).
func (sum *Summary) derivedNodes() bool { return sum.nodesDerived }

// speedups fills each ok cell's speed-up and efficiency against the
// smallest Scaling value on its curve where that version finished.
func (sum *Summary) speedups() {
	x := sum.index(sum.Scaling)
	type base struct{ n, t float64 }
	bases := map[string]base{}
	for _, r := range sum.Rows {
		g := sum.groupKey(r, sum.Scaling)
		for _, c := range r.Cells {
			if c.Status != StatusOK {
				continue
			}
			k := g + "\x00" + c.Version
			if b, ok := bases[k]; !ok || r.Values[x].Num < b.n {
				bases[k] = base{r.Values[x].Num, c.Time}
			}
		}
	}
	for ri := range sum.Rows {
		r := &sum.Rows[ri]
		g := sum.groupKey(*r, sum.Scaling)
		for ci := range r.Cells {
			c := &r.Cells[ci]
			b, ok := bases[g+"\x00"+c.Version]
			if c.Status != StatusOK || !ok || c.Time <= 0 {
				continue
			}
			sp := b.t / c.Time
			eff := sp / (r.Values[x].Num / b.n)
			c.Speedup, c.Efficiency = &sp, &eff
		}
	}
}

// changes finds, on each curve along X, where the winner changes.
func (sum *Summary) changes() {
	x := sum.index(sum.X)
	numeric := axisKind(sum.Mode, sum.X) != kindCfg
	curves := map[string][]int{}
	var order []string
	for i, r := range sum.Rows {
		g := sum.groupKey(r, sum.X)
		if _, ok := curves[g]; !ok {
			order = append(order, g)
		}
		curves[g] = append(curves[g], i)
	}
	for _, g := range order {
		rows := curves[g]
		if numeric {
			sort.SliceStable(rows, func(a, b int) bool { return sum.Rows[rows[a]].Values[x].Num < sum.Rows[rows[b]].Values[x].Num })
		}
		var segs []Change
		for _, ri := range rows {
			r := sum.Rows[ri]
			if r.Winner == "" {
				continue
			}
			if n := len(segs); n > 0 && segs[n-1].Winner == r.Winner {
				segs[n-1].To = r.Values[x]
				continue
			}
			c := Change{Machine: r.Machine, From: r.Values[x], To: r.Values[x], Winner: r.Winner}
			c.Group = append([]Value(nil), r.Values...)
			c.Group[x] = Value{}
			if n := len(segs); n > 0 {
				c.Previous = segs[n-1].Winner
			}
			segs = append(segs, c)
		}
		if len(segs) < 2 {
			continue
		}
		segs[len(segs)-1].ToEnd = true
		for _, c := range segs[1:] {
			c.Text = sum.changeText(c)
			sum.Changes = append(sum.Changes, c)
		}
	}
}

// changeText says a change in words: "B is faster than A from procs=64
// on" (two versions) or "B is the fastest from procs=64 to procs=128".
func (sum *Summary) changeText(c Change) string {
	var where []string
	if c.Machine != "" && sum.machines() > 1 {
		where = append(where, "on "+c.Machine)
	}
	for i, n := range sum.Axes {
		if n == sum.X || (sum.X == "procs" && n == "nodes" && sum.derivedNodes()) {
			continue
		}
		if len(sum.Rows) > 0 && sum.variesInRows(i) {
			where = append(where, n+"="+c.Group[i].Text)
		}
	}
	what := c.Winner + " is the fastest"
	if len(sum.Versions) == 2 {
		what = fmt.Sprintf("%s is faster than %s", c.Winner, c.Previous)
	}
	span := fmt.Sprintf("from %s=%s on", sum.X, c.From.Text)
	if !c.ToEnd {
		if c.From == c.To {
			span = fmt.Sprintf("at %s=%s", sum.X, c.From.Text)
		} else {
			span = fmt.Sprintf("from %s=%s to %s", sum.X, c.From.Text, c.To.Text)
		}
	}
	text := what + " " + span
	if len(where) > 0 {
		text += " (" + strings.Join(where, ", ") + ")"
	}
	return text
}

// variesInRows says the i-th coordinate takes more than one value.
func (sum *Summary) variesInRows(i int) bool {
	for _, r := range sum.Rows[1:] {
		if r.Values[i] != sum.Rows[0].Values[i] {
			return true
		}
	}
	return false
}

// machines counts the machines in the rows.
func (sum *Summary) machines() int {
	seen := map[string]bool{}
	for _, r := range sum.Rows {
		seen[r.Machine] = true
	}
	return len(seen)
}

// SoleWinner is the version that wins every row, if one does.
func (sum *Summary) SoleWinner() string {
	win := ""
	for _, r := range sum.Rows {
		if r.Winner == "" {
			continue
		}
		if win != "" && r.Winner != win {
			return ""
		}
		win = r.Winner
	}
	return win
}

// CurveWinners says who wins each curve along X (when that does not
// change along it), as "B (on m, W=120)".
func (sum *Summary) CurveWinners() []string {
	var out []string
	seen := map[string]bool{}
	for _, r := range sum.Rows {
		g := sum.groupKey(r, sum.X)
		if r.Winner == "" || seen[g] {
			continue
		}
		seen[g] = true
		var where []string
		if sum.machines() > 1 {
			where = append(where, "on "+r.Machine)
		}
		for i, n := range sum.Axes {
			if n != sum.X && !(sum.X == "procs" && n == "nodes" && sum.nodesDerived) && sum.variesInRows(i) {
				where = append(where, n+"="+r.Values[i].Text)
			}
		}
		out = append(out, r.Winner+" ("+strings.Join(where, ", ")+")")
	}
	return out
}

// Seconds formats a time for people as a sweep's outputs do: six
// significant digits.
func Seconds(t float64) string {
	switch {
	case t == 0:
		return "0 s"
	case t < 1e-3:
		return fmt.Sprintf("%.4g us", t*1e6)
	case t < 1:
		return fmt.Sprintf("%.4g ms", t*1e3)
	}
	return fmt.Sprintf("%.6g s", t)
}
