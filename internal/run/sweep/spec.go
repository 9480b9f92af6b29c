// Package sweep runs a design-space study: several versions of a program
// (models, MPI traces or thread traces) on several machines over ranges of
// parameters, as Performance Prophet's "does A beat B, on which machines
// and sizes" asks. It expands the grid, runs every point through the
// library (predict, replay, simulate) on a pool of workers, keeps each
// result in a JSON-lines file keyed by the point so that an interrupted
// sweep resumes, summarises time, speed-up, efficiency and the winner at
// each point, and splits a sweep over a Slurm job array and collects it.
package sweep

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"math"
	"path/filepath"
	"sort"
	"strings"

	"augur/internal/base/diag"
	"augur/internal/base/infile"
	"augur/internal/base/procbound"
	"augur/internal/frontend/model"
)

// Mode is the predicting command a sweep runs.
type Mode string

// The three modes: models (predict), MPI traces (replay), thread traces
// (simulate).
const (
	Predict  Mode = "predict"
	Replay   Mode = "replay"
	Simulate Mode = "simulate"
)

// ParseMode reads a mode's name.
func ParseMode(s string) (Mode, error) {
	switch m := Mode(s); m {
	case Predict, Replay, Simulate:
		return m, nil
	}
	return "", fmt.Errorf("%q is not a sweep mode: use predict, replay or simulate", s)
}

// scaling is the mode's axis of parallelism: speed-up and efficiency are
// taken along it.
func (m Mode) scaling() string {
	switch m {
	case Replay:
		return "np"
	case Simulate:
		return "cpus"
	}
	return "procs"
}

// Input is a version or a machine: a name for the outputs, its path and
// the digest of its content (so that a changed file is never mistaken for
// the one a stored result came from). Data is the text itself where the
// runner needs it in memory (a model's source); nil otherwise.
type Input struct {
	Name   string
	Path   string
	Data   []byte
	Digest string
}

// Axis kinds.
const (
	kindSystem = iota // nodes, procs, threads, np, cpus: whole numbers ≥ 1
	kindParam         // a model's param: any number
	kindCfg           // a --cfg key: text
)

// Axis is one dimension of the grid.
type Axis struct {
	Name   string
	kind   int
	Values []Value
}

// Value is one coordinate: its text as outputs and keys show it and, for
// numeric axes, its number.
type Value struct {
	Text string
	Num  float64
}

// Spec is a whole sweep.
type Spec struct {
	Mode     Mode
	Versions []Input
	Machines []Input // machines (predict) or platforms (replay); none for simulate
	// Axes are the grid's dimensions, crossed with each other and with
	// the listed points.
	Axes []Axis
	// Listed, if any, are points given one by one (a points file): their
	// axes and a row of values per point.
	ListedAxes []Axis // Values unused: the rows hold them
	Listed     [][]Value
	// ProcsPerNode > 0 sets nodes = ⌈procs/ProcsPerNode⌉ at each point
	// (a cluster that grows with the job).
	ProcsPerNode int
	// Fixed settings of every point.
	Mapping   string // predict: block, cyclic or a list
	Hostfile  *Input // replay
	SimModel  string // simulate: direct, client-server, strict or auto
	Seed      uint64
	MaxEvents int64
}

// systemAxes are the axes of whole numbers each mode takes.
func systemAxes(m Mode) []string {
	switch m {
	case Replay:
		return []string{"np"}
	case Simulate:
		return []string{"cpus"}
	}
	return []string{"nodes", "procs", "threads"}
}

// NewAxis makes an axis from its name and values, as flags give them:
// numbers for system axes and params, text for network settings (any
// name with a '/', as SimGrid's keys are).
func NewAxis(m Mode, name string, texts []string) (Axis, error) {
	a := Axis{Name: name, kind: axisKind(m, name)}
	if a.kind == kindParam && m != Predict {
		return a, fmt.Errorf("%q: %s takes no params (its axes: %s and network settings such as network/model)", name, m, strings.Join(systemAxes(m), ", "))
	}
	if a.kind == kindCfg && m == Simulate {
		return a, fmt.Errorf("%q: simulate takes no network settings", name)
	}
	for _, t := range texts {
		v, err := a.value(t)
		if err != nil {
			return a, err
		}
		a.Values = append(a.Values, v)
	}
	return a, nil
}

// IsParam tells whether the axis gives a model's param its values.
func (a Axis) IsParam() bool { return a.kind == kindParam }

func axisKind(m Mode, name string) int {
	if strings.Contains(name, "/") {
		return kindCfg
	}
	for _, s := range systemAxes(m) {
		if s == name {
			return kindSystem
		}
	}
	return kindParam
}

// value checks one coordinate of the axis.
func (a Axis) value(text string) (Value, error) {
	text = strings.TrimSpace(text)
	if a.kind == kindCfg {
		if text == "" {
			return Value{}, fmt.Errorf("%s: empty value", a.Name)
		}
		return Value{Text: text}, nil
	}
	v, err := model.ParseNumber(text)
	if err != nil {
		return Value{}, fmt.Errorf("%s: %v", a.Name, err)
	}
	if a.kind == kindSystem && (v < 1 || v != math.Trunc(v) || v > procbound.Max) {
		return Value{}, fmt.Errorf("%s: %g is not a whole number from 1 to %d", a.Name, v, procbound.Max)
	}
	return Value{Text: formatNum(v), Num: v}, nil
}

// NumAxis makes an axis of numbers from a list flag (ParseList syntax).
func NumAxis(m Mode, name, list string) (Axis, error) {
	nums, err := ParseList(list)
	if err != nil {
		return Axis{}, fmt.Errorf("%s: %v", name, err)
	}
	texts := make([]string, len(nums))
	for i, v := range nums {
		texts[i] = formatNum(v)
	}
	return NewAxis(m, name, texts)
}

// TextAxis makes a --cfg axis: values separated by commas.
func TextAxis(m Mode, name, list string) (Axis, error) {
	var texts []string
	seen := map[string]bool{}
	for _, t := range strings.Split(list, ",") {
		t = strings.TrimSpace(t)
		if !seen[t] {
			seen[t] = true
			texts = append(texts, t)
		}
	}
	return NewAxis(m, name, texts)
}

// LoadInput reads a version or machine given as FILE or NAME=FILE; the
// name defaults to the file's base name without its extension. keep
// keeps the text in memory. kind is what the file is (its size cap): a
// version that is not kept (a trace) is hashed as it is read, never held
// whole.
func LoadInput(arg string, kind infile.Kind, keep bool) (Input, error) {
	name, path, ok := strings.Cut(arg, "=")
	if !ok || strings.ContainsAny(name, `/\`) {
		name, path = "", arg
	}
	if path == "" {
		return Input{}, fmt.Errorf("%q: want FILE or NAME=FILE", arg)
	}
	if name == "" {
		name = strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))
	}
	if keep {
		data, err := infile.ReadFile(path, kind)
		if err != nil {
			return Input{}, err
		}
		sum := sha256.Sum256(data)
		return Input{Name: name, Path: path, Data: data, Digest: hex.EncodeToString(sum[:8])}, nil
	}
	f, err := infile.Open(path, kind)
	if err != nil {
		return Input{}, err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return Input{}, fmt.Errorf("read %s: %w", path, err)
	}
	return Input{Name: name, Path: path, Digest: hex.EncodeToString(h.Sum(nil)[:8])}, nil
}

// MemInput is an input held in memory (the workbench's unsaved model).
func MemInput(name string, data []byte) Input {
	sum := sha256.Sum256(data)
	return Input{Name: name, Path: name, Data: data, Digest: hex.EncodeToString(sum[:8])}
}

// maxPoints bounds a sweep's runs.
const maxPoints = 10_000_000

// Check says what is wrong with the spec as a whole: names twice, an axis
// twice, nothing to run.
func (s *Spec) Check() error {
	if len(s.Versions) == 0 {
		return fmt.Errorf("no version to run: give at least one %s", map[Mode]string{Predict: "model", Replay: "trace", Simulate: "thread trace"}[s.Mode])
	}
	if s.Mode != Simulate && len(s.Machines) == 0 {
		return fmt.Errorf("no machine: give %w at least once", diag.OptionName(map[Mode]string{Predict: "machine", Replay: "platform"}[s.Mode]))
	}
	if s.Mode == Simulate {
		if !s.has(s.Mode.scaling()) {
			return fmt.Errorf("simulate needs %w", diag.OptionName("cpus"))
		}
	}
	for _, list := range [][]Input{s.Versions, s.Machines} {
		seen := map[string]bool{}
		for _, in := range list {
			if seen[in.Name] {
				return fmt.Errorf("two inputs are named %q: name them NAME=FILE", in.Name)
			}
			seen[in.Name] = true
		}
	}
	seen := map[string]bool{}
	for _, a := range append(append([]Axis(nil), s.ListedAxes...), s.Axes...) {
		if seen[a.Name] {
			return fmt.Errorf("%s is given twice (as a flag and in the points file, or twice)", a.Name)
		}
		seen[a.Name] = true
	}
	// ProcsPerNode as the caller gives it (a command line's --procs-per-node).
	perNode := diag.Given{What: "procs per node"}
	if s.ProcsPerNode > 0 && seen["nodes"] {
		return &diag.GivenError{Given: perNode, Err: errors.New("it sets nodes from procs: do not give nodes too")}
	}
	if s.ProcsPerNode > 0 && !seen["procs"] {
		return &diag.GivenError{Given: perNode, Err: errors.New("it needs procs")}
	}
	n := float64(len(s.Versions)) * float64(max(1, len(s.Machines))) * float64(max(1, len(s.Listed)))
	for _, a := range s.Axes {
		n *= float64(len(a.Values))
	}
	if n > maxPoints {
		return fmt.Errorf("%.0f runs: a sweep runs at most %d", n, maxPoints)
	}
	return nil
}

func (s *Spec) has(name string) bool {
	for _, a := range append(append([]Axis(nil), s.ListedAxes...), s.Axes...) {
		if a.Name == name {
			return true
		}
	}
	return false
}

// Point is one run: a version on a machine at one coordinate of every
// axis (AxisNames order).
type Point struct {
	Index   int
	Version int
	Machine int // -1 for simulate
	Values  []Value
}

// AxisNames are the names of the point's coordinates: listed axes, then
// params, cfg keys, and the system axes with the scaling axis last, so
// that points of one curve follow each other. nodes comes in when
// --procs-per-node derives it.
func (s *Spec) AxisNames() []string {
	var names []string
	for _, a := range s.orderedAxes() {
		names = append(names, a.Name)
	}
	if s.ProcsPerNode > 0 {
		names = append(names, "nodes")
	}
	return names
}

// orderedAxes are the listed axes and the grid's, in output order.
func (s *Spec) orderedAxes() []Axis {
	rank := func(a Axis) int {
		switch {
		case a.Name == s.Mode.scaling():
			return 4
		case a.kind == kindSystem:
			return 3
		case a.kind == kindCfg:
			return 2
		}
		return 1
	}
	grid := append([]Axis(nil), s.Axes...)
	sort.SliceStable(grid, func(i, j int) bool { return rank(grid[i]) < rank(grid[j]) })
	return append(append([]Axis(nil), s.ListedAxes...), grid...)
}

// Points expands the sweep, machine by machine, then listed point by
// listed point, then the grid (the last axis fastest), the versions of one
// coordinate next to each other.
func (s *Spec) Points() []Point {
	grid := append([]Axis(nil), s.orderedAxes()[len(s.ListedAxes):]...)
	rows := s.Listed
	if len(s.ListedAxes) == 0 {
		rows = [][]Value{nil}
	}
	machines := len(s.Machines)
	if s.Mode == Simulate {
		machines = 1
	}
	var out []Point
	idx := make([]int, len(grid))
	for m := 0; m < machines; m++ {
		for _, row := range rows {
			for i := range idx {
				idx[i] = 0
			}
			for {
				vals := append([]Value(nil), row...)
				for i, a := range grid {
					vals = append(vals, a.Values[idx[i]])
				}
				if s.ProcsPerNode > 0 {
					vals = append(vals, s.nodesFor(vals))
				}
				for v := range s.Versions {
					mach := m
					if s.Mode == Simulate {
						mach = -1
					}
					out = append(out, Point{Index: len(out), Version: v, Machine: mach, Values: vals})
				}
				k := len(idx) - 1
				for ; k >= 0; k-- {
					idx[k]++
					if idx[k] < len(grid[k].Values) {
						break
					}
					idx[k] = 0
				}
				if k < 0 {
					break
				}
			}
		}
	}
	return out
}

// nodesFor derives nodes from procs with --procs-per-node.
func (s *Spec) nodesFor(vals []Value) Value {
	for i, a := range s.orderedAxes() {
		if a.Name == "procs" {
			n := math.Ceil(vals[i].Num / float64(s.ProcsPerNode))
			return Value{Text: formatNum(n), Num: n}
		}
	}
	return Value{}
}

// kindOf is the kind of a named axis.
func (s *Spec) kindOf(name string) int { return axisKind(s.Mode, name) }
