// Package analyze reads a C/MPI program and turns it into an augur model,
// as ChronosMix's PIC does: it splits every function into blocks at loops,
// branches, calls of the program's own functions and MPI calls, counts
// each block's operations per class (the keys of a machine file's ops),
// counts how often each block runs without running it — numbers for
// constant loop bounds, formulas in the model's parameters for symbolic
// ones, exact sums for nested loops whose bounds depend on outer indices —
// and writes a model whose costs are ChronosMix's formula (1): operation
// counts priced by the target machine's measured operation times.
//
// What cannot be known statically (while loops, data-dependent branches,
// unknown peers) becomes a named parameter with a default, set by an
// annotation in the source (#pragma augur loop(EXPR), #pragma augur
// proba(P), PIC_proba(P)) or on the command line; the analysis lists every
// such unknown with its position.
package analyze

import (
	"errors"
	"fmt"
	"strings"

	"modernc.org/cc/v4"

	"augur/internal/base/diag"
	"augur/internal/frontend/model"
)

// Position is a place in the analysed source.
type Position struct {
	File      string
	Line, Col int
}

func (p Position) String() string {
	if p.Line == 0 {
		return p.File
	}
	return fmt.Sprintf("%s:%d:%d", p.File, p.Line, p.Col)
}

// Kind is what a block is.
type Kind string

// The kinds of blocks.
const (
	Compute Kind = "compute" // straight-line code
	Loop    Kind = "loop"    // a loop's own control (test and step); its body is its children
	Branch  Kind = "branch"  // an if's test; its arms are Then and Else
	CallK   Kind = "call"    // a call of a function of the program
	MPI     Kind = "mpi"     // an MPI call
)

// How says where a count or probability comes from.
type How string

// Provenances, from most to least certain.
const (
	Exact     How = "exact"     // a number the analysis derived
	Symbolic  How = "symbolic"  // a formula in the parameters, exact for every value
	Annotated How = "annotated" // from #pragma augur or PIC_proba in the source
	Measured  How = "measured"  // from counts of an instrumented run
	// Stepped: exact, but with no closed form (a step over a range that
	// depends on an outer index): the model keeps the loops and the
	// simulator steps through them; reports enumerate them.
	Stepped How = "stepped"
	Default How = "default" // not derivable: a named parameter with a default value
)

// weaker returns the less certain of two provenances.
func weaker(a, b How) How {
	if certainty(b) > certainty(a) {
		return b
	}
	return a
}

// certainty ranks provenances from the most certain (0) on. A switch,
// not a map: nestCount asks it for every frame of every block.
func certainty(h How) int {
	switch h {
	case Exact:
		return 0
	case Symbolic:
		return 1
	case Annotated:
		return 2
	case Measured:
		return 3
	case Stepped:
		return 4
	case Default:
		return 5
	}
	return 0
}

// Block is one block of a function.
type Block struct {
	Name     string // function name and first line: main_L42
	Kind     Kind
	Func     string
	Pos, End Position
	// Ops are the operations of one execution of the block, by machine
	// file key (see docs/bench.md); a loop's are those of one test and
	// step, a branch's those of its test.
	Ops map[string]float64
	// Count is how often the block runs per call of its function, and
	// CountHow where that comes from.
	Count    Expr
	CountHow How
	// Loop blocks: the loop, and its body.
	Loop *LoopInfo
	Body []*Block
	// Branch blocks: the arms, and either a condition in the model's terms
	// or the probability of Then.
	Then, Else []*Block
	Cond       Expr
	Prob       Expr
	// FirstCall: the if is a first-call guard, whose arm runs once in
	// the program and not on each call (Prob 0; once.go).
	FirstCall bool
	// Call blocks: the callee and the values of its parameters.
	Callee string
	Args   []Expr
	// MPI blocks.
	Comm *Comm
	// Stmt is the C statement of a loop or branch block, for the
	// instrumentation that counts it (augur instrument --count).
	Stmt cc.Node
	// Bytes is what one execution loads and stores.
	Bytes    float64
	accesses []access
	frames   []countFrame // the loops and branches around the block, for enumeration
	// chains are the loop-carried dependency chains of one execution,
	// per variable (see opsCounter.chains).
	chains map[string]map[string]float64
	// footprints map the load@SIZE and store@SIZE keys of Ops to the
	// size expressions.
	footprints map[string]Expr
	// streams are the arrays whose streams Ops["seq_bytes"] counts, with
	// the bytes one execution moves of each.
	streams map[string]float64
	// streamWS is, per streamed array, the working set between two uses
	// of its elements (reuse.go); an array missing here is used again
	// only after the whole nest, and priced at the nest's working set.
	streamWS map[string]Expr
	// streamIdx is each streamed array's index expression.
	streamIdx map[string]Expr
	// omp is the OpenMP construct of the block (omp.go).
	omp *ompConstruct
	// spin: a spin-wait loop between threads (spin.go).
	spin *spinWait
	// restarts are, on a loop, the streams of its body that do not go on
	// where they stopped when the loop is entered again (restarts).
	restarts []restart
	// unrolled is, on a short loop that the compiler unrolls completely,
	// its trip count: its body is copied that many times into the
	// iteration of the loop around (unrolled.go); 0 on any other block.
	unrolled float64
}

// restart is a stream that starts afresh at every entry of its loop:
// the first access waits for the memory level its data comes from, before
// the prefetcher has seen the stream.
type restart struct {
	base string
	gap  Expr // bytes between where the stream stopped and where it starts again
	ws   Expr // the working set between two uses of its elements; nil: the nest's
	// resumed: a row of a tile, which goes on at the next tile where it
	// stopped (tileresume.go): its first access is an independent load.
	resumed bool
}

// addStreams counts the memory traffic of the arrays an expression
// streams through, each array once per block, the larger of what its
// statements stream (opsCounter.streamed).
func (b *Block) addStreams(s map[string]float64, idx map[string]Expr) {
	for base, ix := range idx {
		if b.streamIdx == nil {
			b.streamIdx = map[string]Expr{}
		}
		if _, ok := b.streamIdx[base]; !ok {
			b.streamIdx[base] = ix
		}
	}
	for base, size := range s {
		// An array loaded by one statement and stored by the next
		// (b[i] += a[i]; a[i] += 1) moves its lines in and back: the
		// larger of the statements' streams.
		old, ok := b.streams[base]
		if ok && old >= size {
			continue
		}
		if b.streams == nil {
			b.streams = map[string]float64{}
		}
		b.streams[base] = size
		b.Ops["seq_bytes"] += size - old
	}
}

// LoopInfo describes a loop.
type LoopInfo struct {
	Var            string // model name of the index; "" for a loop that is not a counted for
	From, To, Step Expr   // Var runs From, From+Step, ... while below To (above for Step < 0)
	Trips          Expr   // iterations per entry of the loop
	TripsHow       How
	Canonical      bool // a for loop with affine bounds in the outer indices and parameters
	// Mirror: the loop counts down in C, and Var runs up over minus the
	// C index (the model's for steps up only); From, To and Step are
	// Var's.
	Mirror bool
	// sums remembers the counts of nests ending in this loop, by the
	// indices of the nest: the same nest is counted for the counts, the
	// model and the report.
	sums map[string]countResult
}

// end is where the index stops (exclusive): To, or for a loop whose count
// an annotation gives, its start plus that many steps; nil when the loop
// has no index.
func (l *LoopInfo) end() Expr {
	if l.To != nil || l.Var == "" || l.From == nil || l.Step == nil || l.Trips == nil {
		return l.To
	}
	return simplify(add(l.From, mul(l.Trips, l.Step)))
}

// index is the C loop index in the model's terms.
func (l *LoopInfo) index() Expr {
	if l.Mirror {
		return Bin{"-", Num{0}, Name{l.Var}}
	}
	return Name{l.Var}
}

type countResult struct {
	e   Expr
	how How
}

// Comm is an MPI call in the model's terms.
type Comm struct {
	Call  string // MPI function name
	Elem  string // model element kind: send, recv, isend, irecv, wait, barrier, bcast, ...
	Peer  Expr   // to/from (nil: any source)
	Root  Expr
	Size  Expr // bytes
	Tag   Expr // nil: any tag (receives) or 0
	Reqs  bool // a wait on every outstanding request
	Parts []*Comm
	// InPlace: a reduction called with MPI_IN_PLACE as its send buffer
	// (the model's in_place clause).
	InPlace bool
}

// Func is a function of the program.
type Func struct {
	Name   string
	Pos    Position
	Params []string // model names of its parameters (locals set by callers)
	Body   []*Block
	// Calls is how often the function runs in the whole program (main: 1).
	Calls    Expr
	CallsHow How
	// allocated is the size of what malloc or calloc gave each pointer
	// variable, for the pages its accesses touch (touches).
	allocated  map[string]Expr
	allocSites map[string]string // call site → pointer (touches)
}

// Param is a model parameter the analysis introduced.
type Param struct {
	Name    string
	Default float64
	Pos     Position
	From    string // "macro", "argv", "argc", "annotation", "unknown"
	Doc     string
	// Arg is the program argument the parameter is read from, K for
	// argv[K] (0: none); ArgCount, that it is how many arguments the
	// program was given, argc - 1 (args.go).
	Arg      int
	ArgCount bool
	// Options are the option words whose value the parameter is
	// (optfields.go): "-x", "--nx".
	Options []string
	// argDefault: the source gives the argument a default.
	argDefault bool
	// PerProcess, if not nil, is the parameter's value as an expression
	// of pid and procs (--set peer=1-pid), written instead of Default,
	// which is then process 0's.
	PerProcess model.Expr
	// Value, if not nil, is the parameter's value as an expression of
	// procs, pid and other parameters (a grid the program computes from
	// its process count, unknown.go; a peer the analysis cannot follow,
	// the process itself): written instead of Default, which is then its
	// value for process 0 at the procs of the report.
	Value Expr
}

// defaultText is the parameter's default as the model writes it.
func (p *Param) defaultText() string {
	switch {
	case p.PerProcess != nil:
		return model.ExprString(p.PerProcess)
	case p.Value != nil:
		return String(p.Value)
	}
	return numText(p.Default)
}

// Binding is how the written model binds the parameter to the program's
// arguments, "arg 2" or "arg count"; "" when it does not.
func (p *Param) Binding() string {
	switch {
	case p.ArgCount:
		return "arg count"
	case p.Arg > 0:
		return fmt.Sprintf("arg %d", p.Arg)
	case len(p.Options) > 0:
		return "arg " + strings.Join(p.Options, " ")
	}
	return ""
}

// Unknown is something the analysis could not derive: a loop count, a
// branch probability, a peer. It became a parameter or an annotation
// supplied it.
type Unknown struct {
	Pos   Position
	Block string
	What  string // "loop count", "branch probability", "message peer", ...
	Param string // the parameter that stands for it
	How   How    // Annotated or Default
	Value string // the annotation's expression or the default
}

// Analysis is the result of analysing a program.
type Analysis struct {
	Funcs []*Func
	// Params are the parameters of the written model.
	Params   []*Param
	Unknowns []Unknown
	// Diags are warnings about what the analysis could not follow,
	// sorted by position.
	Diags diag.List
	// paramDiags are the warnings that name a parameter, which are kept
	// only if the written model has it (keepModelParams).
	paramDiags map[*diag.Error]string
	// unused are the parameters the analysis made that the written model
	// does not read: the report's evaluation still has their values.
	unused []*Param
	// tileLoops are the loops whose one iteration is the working set of
	// the accesses that reuse their lines there (tile.go), by the
	// number in their ~tile placeholders.
	tileLoops []*LoopInfo
	// firstTouch: the allocators whose faults a team shares (firsttouch.go).
	firstTouch *touchInfo
}

// Blocks lists every block, depth first in source order.
func (a *Analysis) Blocks() []*Block {
	var out []*Block
	var walk func([]*Block)
	walk = func(bs []*Block) {
		for _, b := range bs {
			out = append(out, b)
			walk(b.Body)
			walk(b.Then)
			walk(b.Else)
		}
	}
	for _, f := range a.Funcs {
		walk(f.Body)
	}
	return out
}

// Func finds a function by name.
func (a *Analysis) Func(name string) *Func {
	for _, f := range a.Funcs {
		if f.Name == name {
			return f
		}
	}
	return nil
}

// param returns the parameter of that name, adding it if new.
func (a *Analysis) param(name string, def float64, pos Position, from, doc string) *Param {
	for _, p := range a.Params {
		if p.Name == name {
			return p
		}
	}
	p := &Param{Name: name, Default: def, Pos: pos, From: from, Doc: doc}
	a.Params = append(a.Params, p)
	return p
}

// SetDefaults makes values the defaults of the parameters they name, why
// saying where they come from (the model's comment keeps the default the
// analysis found): the written model then predicts what the report, which
// is computed at those values, says. A name that is not a parameter of
// the model is an error.
func (a *Analysis) SetDefaults(values map[string]float64, why string) error {
	for _, name := range sortedKeys(values) {
		p, err := a.given(name)
		if err != nil {
			return err
		}
		if v := values[name]; v != p.Default || p.Value != nil {
			p.Doc = fmt.Sprintf("%s; %s (default %s)", p.Doc, why, p.defaultText())
			p.Default, p.Value = v, nil
		}
	}
	return nil
}

// SetPerProcess gives the parameters named values per process,
// expressions of pid and procs (--set peer=1-pid), which the written
// model keeps; their defaults become process 0's values at env (pid,
// procs, nodes, threads), at which the report is computed.
func (a *Analysis) SetPerProcess(values map[string]model.Expr, env map[string]float64) error {
	for _, name := range sortedKeys(values) {
		p, err := a.given(name)
		if err != nil {
			return err
		}
		v, ok := model.EvalProcess(values[name], env)
		if !ok {
			return &diag.GivenError{Given: model.GivenParam(name + "=" + model.ExprString(values[name])), Err: errors.New("not a number for process 0")}
		}
		p.Default, p.PerProcess, p.Value = v, values[name], nil
		p.Doc += "; a value per process, given with --set"
	}
	return nil
}

// given is the parameter a caller gives a value (a command line's
// --set), or an error that lists the model's parameters.
func (a *Analysis) given(name string) (*Param, error) {
	if p := a.lookup(name); p != nil {
		return p, nil
	}
	var names []string
	for _, p := range a.Params {
		names = append(names, p.Name)
	}
	if len(names) == 0 {
		return nil, &diag.GivenError{Given: model.GivenParam(name), Err: errors.New("the model has no parameters")}
	}
	return nil, &diag.GivenError{Given: model.GivenParam(name), Err: fmt.Errorf("the model has no parameter %s (its parameters: %s)", name, strings.Join(names, ", "))}
}

func (a *Analysis) lookup(name string) *Param {
	for _, p := range a.Params {
		if p.Name == name {
			return p
		}
	}
	return nil
}

func (a *Analysis) hasParam(name string) bool {
	for _, p := range a.Params {
		if p.Name == name {
			return true
		}
	}
	return false
}

func (a *Analysis) warn(pos Position, format string, args ...any) {
	a.Diags = append(a.Diags, diag.WarnAt(pos.File, pos.Line, pos.Col, format, args...))
}

// warnParam is a warning that names the parameter param: it is dropped
// if the written model does not read param, so that no warning names a
// parameter the model lacks.
func (a *Analysis) warnParam(param string, pos Position, format string, args ...any) {
	d := diag.WarnAt(pos.File, pos.Line, pos.Col, format, args...)
	a.Diags = append(a.Diags, d)
	if a.paramDiags == nil {
		a.paramDiags = map[*diag.Error]string{}
	}
	a.paramDiags[d] = param
}

// keepModelParams leaves in Params, Unknowns and Diags only the
// parameters the written model reads: one it does not read changes no
// figure, and a user told to give it could not.
func (a *Analysis) keepModelParams() {
	body, _ := a.writer().body()
	var kept []*Param
	in := a.readParams(body)
	for _, p := range a.Params {
		if in[p.Name] {
			kept = append(kept, p)
		} else {
			a.unused = append(a.unused, p)
		}
	}
	a.Params = kept
	var unknowns []Unknown
	for _, u := range a.Unknowns {
		if u.Param == "" || in[u.Param] {
			unknowns = append(unknowns, u)
		}
	}
	a.Unknowns = unknowns
	var diags diag.List
	for _, d := range a.Diags {
		if p, named := a.paramDiags[d]; !named || in[p] {
			diags = append(diags, d)
		}
	}
	a.Diags = diags
}

// readParams are the parameters the written model reads: in its body,
// or in the value of another it reads (a callee chosen by an option,
// fptrguard.go; a value given in a values file, values.go).
func (a *Analysis) readParams(body string) map[string]bool {
	in := map[string]bool{}
	for _, p := range a.Params {
		in[p.Name] = mentionsWord(body, p.Name)
	}
	for changed := true; changed; {
		changed = false
		for _, p := range a.Params {
			if !in[p.Name] || p.Value == nil {
				continue
			}
			text := String(p.Value)
			for _, q := range a.Params {
				if !in[q.Name] && mentionsWord(text, q.Name) {
					in[q.Name], changed = true, true
				}
			}
		}
	}
	return in
}

// sortDiags orders warnings by position and drops repeats.
func (a *Analysis) sortDiags() {
	a.Diags.Sort()
	out := a.Diags[:0]
	for i, d := range a.Diags {
		if i > 0 && *d == *a.Diags[i-1] {
			continue
		}
		out = append(out, d)
	}
	a.Diags = out
}

// ModelName makes a model name of a file's base name: letters, digits
// and underscores.
func ModelName(base string) string {
	name := strings.Map(func(r rune) rune {
		if r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' {
			return r
		}
		return '_'
	}, base)
	if name == "" || name[0] >= '0' && name[0] <= '9' {
		// A name starts with a letter or "_": 2d.c, 0278.c.
		name = "prog_" + name
	}
	return name
}

// MarkMeasured records that the count of block name (a loop's iterations
// or a branch's probability) was taken from a counted run: its count, and
// those of the blocks inside it, which depend on it, are measured.
func (a *Analysis) MarkMeasured(name string) {
	var mark func(bs []*Block, inside bool)
	mark = func(bs []*Block, inside bool) {
		for _, b := range bs {
			in := inside || b.Name == name
			switch {
			case in && b.CountHow == Default:
				b.CountHow = Measured // the default it stood on is now measured
			case in:
				b.CountHow = weaker(b.CountHow, Measured)
			}
			mark(b.Body, in)
			mark(b.Then, in)
			mark(b.Else, in)
		}
	}
	for _, f := range a.Funcs {
		mark(f.Body, false)
	}
}
