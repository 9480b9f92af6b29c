// Package model is augur's performance-model language: its syntax tree,
// lexer, parser, checker and canonical formatter. docs/language.md is the
// user's reference; this package is its implementation.
package model

import (
	"fmt"
	"strings"

	"augur/internal/base/diag"
	"augur/internal/ir"
)

// Pos is a position in a model file. Line and Col count from 1; Col counts
// bytes. The zero Pos means "unknown".
type Pos struct {
	Line, Col int32
}

func (p Pos) String() string { return fmt.Sprintf("%d:%d", p.Line, p.Col) }

// IsValid reports whether p is a known position.
func (p Pos) IsValid() bool { return p.Line > 0 }

// File is one parsed model.
type File struct {
	Filename string // as given by the user, used in diagnostics
	Name     string // the name after `model`
	NamePos  Pos
	Decls    []Decl
	// Comments holds every comment of the file in source order, so that
	// the formatter can put them back.
	Comments []*Comment
}

// Comment is a `//` line comment or a `/* */` block comment, text included.
type Comment struct {
	Pos  Pos
	Text string
}

// Decl is a top-level declaration: *VarDecl, *CostDecl or *ActivityDecl.
type Decl interface {
	declNode()
	Position() Pos
}

// VarKind tells how a variable is shared.
type VarKind uint8

const (
	// Param: a constant of the model that `--set NAME=VALUE` overrides.
	Param VarKind = iota
	// Global: one variable shared by every process and thread.
	Global
	// Local: one copy per process; threads of a process share it.
	Local
)

func (k VarKind) String() string {
	switch k {
	case Param:
		return "param"
	case Global:
		return "global"
	default:
		return "local"
	}
}

// VarDecl is `param N = e`, `global N = e` or `local N = e`; a param
// may be bound to an argument of the program: `param N = e arg 2`.
type VarDecl struct {
	Pos   Pos // of the keyword
	Kind  VarKind
	Name  *Ident
	Value Expr
	// Arg, if not nil, binds the param to a command-line argument of the
	// modelled program (predict --args): its value is read from there
	// when the run gives it, and Value is its default.
	Arg *ArgBinding
}

// ArgBinding is `arg K`, the program's K-th argument after its name
// (C's argv[K]), or `arg count`, how many arguments it was given (C's
// argc - 1).
type ArgBinding struct {
	Pos   Pos // of "arg"
	Index int // 1 for argv[1]; 0 with Count or Options
	Count bool
	// Options are the option words that precede the value (`arg -x
	// --nx`: the value of "-x 16", "-x16", "--nx 16" or "--nx=16"), as
	// a program that parses its command line with getopt_long reads it.
	Options []string
}

// String is the binding as the model writes it.
func (b *ArgBinding) String() string {
	if b.Count {
		return "arg count"
	}
	if len(b.Options) > 0 {
		return "arg " + strings.Join(b.Options, " ")
	}
	return fmt.Sprintf("arg %d", b.Index)
}

// CostDecl is `cost NAME(p1, p2) = expr`.
type CostDecl struct {
	Pos    Pos
	Name   *Ident
	Params []*Ident
	Body   Expr
}

// ActivityDecl is `activity NAME { ... }`. The activity named `main` is
// where every process starts.
type ActivityDecl struct {
	Pos  Pos
	Name *Ident
	Body *Block
}

func (*VarDecl) declNode()      {}
func (*CostDecl) declNode()     {}
func (*ActivityDecl) declNode() {}

func (d *VarDecl) Position() Pos      { return d.Pos }
func (d *CostDecl) Position() Pos     { return d.Pos }
func (d *ActivityDecl) Position() Pos { return d.Pos }

// Block is `{ stmt* }`.
type Block struct {
	Lbrace, Rbrace Pos
	Stmts          []Stmt
}

// Stmt is a statement inside a block.
type Stmt interface {
	stmtNode()
	Position() Pos
}

// Assign is `NAME = expr`, in a block or in an action's code fragment.
type Assign struct {
	Name  *Ident
	Value Expr
}

// Action is `action NAME [cost EXPR] [{ code }]`. The code fragment runs
// before the cost is evaluated, as in Fig. 4.2. of Pllana et al.'s model transformation paper
type Action struct {
	Pos  Pos
	Name *Ident
	Cost Expr      // nil: the action takes no time
	Code []*Assign // nil: no code fragment
	// HasCode distinguishes `{ }` from no fragment, so fmt keeps it.
	HasCode bool
}

// Delay is `delay NAME cost EXPR`: time passes without holding a CPU
// (sleeping, waiting for a device).
type Delay struct {
	Pos  Pos
	Name *Ident
	Cost Expr
}

// Priority is `priority EXPR`: the unit running it has this scheduling
// priority from here on (higher runs first; every unit starts at 0). It
// matters on nodes with the priority scheduler, where a unit that needs a
// CPU preempts a running unit of lower priority.
type Priority struct {
	Pos   Pos
	Value Expr
}

// Call is `call NAME`: runs activity NAME, then continues.
type Call struct {
	Pos  Pos
	Name *Ident
}

// If is `if c {..} else if c {..} else {..}`.
type If struct {
	Pos   Pos
	Conds []Expr   // one per branch with a condition
	Thens []*Block // len(Thens) == len(Conds)
	Else  *Block   // nil when there is no else
}

// Loop is `loop COUNT { ... }`: runs the body COUNT times (rounded down,
// negative counts run zero times).
type Loop struct {
	Pos   Pos
	Count Expr
	Body  *Block
}

// For is `for VAR in FROM .. TO [step STEP] { ... }`: VAR takes FROM,
// FROM+STEP, ... while below TO (half-open, like Go's and Rust's ranges).
type For struct {
	Pos      Pos
	Var      *Ident
	From, To Expr
	Step     Expr // nil means 1
	Body     *Block
}

// Choose is the probabilistic branch (ChronosMix's PIC_proba):
//
//	choose { 0.3 { ... } 0.5 { ... } else { ... } }
//
// exactly one branch runs, chosen with the given probabilities using the
// unit's random stream.
type Choose struct {
	Pos   Pos
	Probs []Expr
	Alts  []*Block
	Else  *Block // nil: with the remaining probability nothing runs
}

// Comm is every communication element. Which fields are set depends on
// Kind, see docs/language.md:
//
//	send NAME to EXPR size EXPR [tag EXPR] [cost EXPR]
//	recv NAME from EXPR|any [size EXPR] [tag EXPR|any] [cost EXPR]
//	isend / irecv: as send / recv
//	wait NAME [on ELEM, ELEM...]
//	barrier NAME [threads] [cost EXPR]
//	bcast|reduce|gather|scatter NAME root EXPR size EXPR [cost EXPR] [algorithm NAME]
//	allreduce|allgather|alltoall NAME size EXPR [cost EXPR] [algorithm NAME]
type Comm struct {
	Pos  Pos
	Kind CommKind
	Name *Ident

	Peer    Expr // to / from; nil with AnyPeer for `from any`
	AnyPeer bool
	Root    Expr
	Size    Expr
	Tag     Expr // nil: tag 0 for sends, 0 for receives unless AnyTag
	AnyTag  bool
	Cost    Expr     // nil: the network decides
	Algo    *Ident   // nil: the default algorithm
	On      []*Ident // wait: the isend/irecv elements waited for; empty = all
	Threads bool     // barrier among the threads of the process
	// InPlace marks a reduce (at its root) or an allreduce called with
	// MPI_IN_PLACE, which a machine file's measured collectives time
	// apart (MPI libraries run it on temporary buffers).
	InPlace bool
}

// CommKind is the kind of a Comm element.
type CommKind uint8

// Communication element kinds, in the order docs/language.md lists them.
const (
	SendComm CommKind = iota
	RecvComm
	IsendComm
	IrecvComm
	WaitComm
	BarrierComm
	BcastComm
	ReduceComm
	AllreduceComm
	GatherComm
	ScatterComm
	AllgatherComm
	AlltoallComm
)

// commKinds gives each kind its keyword and the operation it compiles to.
var commKinds = [...]struct {
	keyword string
	op      ir.Kind
}{
	SendComm: {"send", ir.Send}, RecvComm: {"recv", ir.Recv}, IsendComm: {"isend", ir.Isend},
	IrecvComm: {"irecv", ir.Irecv}, WaitComm: {"wait", ir.Wait}, BarrierComm: {"barrier", ir.Barrier},
	BcastComm: {"bcast", ir.Bcast}, ReduceComm: {"reduce", ir.Reduce}, AllreduceComm: {"allreduce", ir.Allreduce},
	GatherComm: {"gather", ir.Gather}, ScatterComm: {"scatter", ir.Scatter},
	AllgatherComm: {"allgather", ir.Allgather}, AlltoallComm: {"alltoall", ir.Alltoall},
}

// Keyword is the word that introduces the element in the language.
func (k CommKind) Keyword() string { return commKinds[k].keyword }

// Op is the operation the element compiles to (ir.Barrier also for a
// barrier of threads, which the compiler tells apart).
func (k CommKind) Op() ir.Kind { return commKinds[k].op }

// CommKindByKeyword maps a keyword to its kind.
func CommKindByKeyword(word string) (CommKind, bool) {
	for i, w := range commKinds {
		if w.keyword == word {
			return CommKind(i), true
		}
	}
	return 0, false
}

// HasRoot reports whether the kind takes `root EXPR`.
func (k CommKind) HasRoot() bool {
	return k == BcastComm || k == ReduceComm || k == GatherComm || k == ScatterComm
}

// IsCollective reports whether the kind involves every process.
func (k CommKind) IsCollective() bool { return k >= BarrierComm }

// Parallel is `parallel NAME [threads EXPR] { ... }`: an OpenMP-style
// parallel region. Every thread (tid 0..T-1, the process's own unit being
// tid 0) runs the body; the region ends when all have finished. Without
// `threads` the region uses the system parameter `threads`.
type Parallel struct {
	Pos     Pos
	Name    *Ident
	Threads Expr // nil: the `threads` system parameter
	Body    *Block
}

// Schedule is how a parallel loop hands out iterations.
type Schedule uint8

const (
	Static Schedule = iota
	Dynamic
	// Guided hands out chunks that shrink with the work left (OpenMP's
	// schedule(guided)).
	Guided
)

func (s Schedule) String() string {
	switch s {
	case Dynamic:
		return "dynamic"
	case Guided:
		return "guided"
	}
	return "static"
}

// ParallelFor is
//
//	pfor NAME VAR in FROM .. TO [threads EXPR] [schedule static|dynamic|guided [chunk EXPR]] { ... }
//
// the iterations of the half-open range are shared among the threads: a
// region of its own, or, inside a parallel region, the region's threads
// (a worksharing loop, which ends with a barrier of those threads).
type ParallelFor struct {
	Pos      Pos
	Name     *Ident
	Var      *Ident
	From, To Expr
	Threads  Expr // nil: the `threads` system parameter
	Schedule Schedule
	Chunk    Expr // nil: static → an even block per thread; dynamic → 1
	Body     *Block
}

// Critical is a section of the threads of a region: `critical NAME { ... }`
// (at most one thread of a process runs a critical section of that name at
// a time), `atomic NAME { ... }` (the same, for an update the hardware
// makes indivisible), `master NAME { ... }` (thread 0 alone runs it) or
// `single NAME { ... }` (the first thread to reach it runs it, and the
// threads of the region wait for each other at its end).
type Critical struct {
	Pos  Pos
	Kind Section
	Name *Ident
	Body *Block
}

// Section is the kind of a Critical.
type Section uint8

// The kinds of sections.
const (
	CriticalSection Section = iota
	AtomicSection
	MasterSection
	SingleSection
)

var sectionKeywords = [...]string{"critical", "atomic", "master", "single"}

// Keyword is the section's keyword.
func (k Section) Keyword() string { return sectionKeywords[k] }

func (*Assign) stmtNode()      {}
func (*Action) stmtNode()      {}
func (*Delay) stmtNode()       {}
func (*Priority) stmtNode()    {}
func (*Call) stmtNode()        {}
func (*If) stmtNode()          {}
func (*Loop) stmtNode()        {}
func (*For) stmtNode()         {}
func (*Choose) stmtNode()      {}
func (*Comm) stmtNode()        {}
func (*Parallel) stmtNode()    {}
func (*ParallelFor) stmtNode() {}
func (*Critical) stmtNode()    {}

func (s *Assign) Position() Pos      { return s.Name.Pos }
func (s *Action) Position() Pos      { return s.Pos }
func (s *Delay) Position() Pos       { return s.Pos }
func (s *Priority) Position() Pos    { return s.Pos }
func (s *Call) Position() Pos        { return s.Pos }
func (s *If) Position() Pos          { return s.Pos }
func (s *Loop) Position() Pos        { return s.Pos }
func (s *For) Position() Pos         { return s.Pos }
func (s *Choose) Position() Pos      { return s.Pos }
func (s *Comm) Position() Pos        { return s.Pos }
func (s *Parallel) Position() Pos    { return s.Pos }
func (s *ParallelFor) Position() Pos { return s.Pos }
func (s *Critical) Position() Pos    { return s.Pos }

// Expr is an expression: *Ident, *Number, *Bool, *Unary, *Binary, *CallExpr,
// *Cond, *Paren.
type Expr interface {
	exprNode()
	Position() Pos
}

// Ident is a name.
type Ident struct {
	Pos  Pos
	Name string
}

// Number is a numeric literal; Value already has the unit applied
// (12ms → 0.012, 8KiB → 8192). Text is the literal as written, so that
// the formatter reproduces it.
type Number struct {
	Pos   Pos
	Value float64
	Text  string
}

// Bool is `true` or `false`.
type Bool struct {
	Pos   Pos
	Value bool
}

// Unary is `-x` or `!x`.
type Unary struct {
	Pos Pos
	Op  string
	X   Expr
}

// Binary is `x OP y` with OP one of + - * / % == != < <= > >= && ||.
type Binary struct {
	X     Expr
	OpPos Pos
	Op    string
	Y     Expr
}

// CallExpr is `f(args)`: a cost function, a math function or a random
// variate; or `ops(KEY: count, ...)`, a cost made of operation counts.
type CallExpr struct {
	Fun  *Ident
	Args []Expr
	// Keys name the arguments of ops(KEY: count, ...), one per argument;
	// nil for every other call.
	Keys []*Ident
	// Rparen is the position of `)`.
	Rparen Pos
}

// Cond is `c ? a : b`.
type Cond struct {
	C, A, B Expr
}

// Paren is `(x)`, kept so the formatter reproduces the user's grouping.
type Paren struct {
	Pos Pos
	X   Expr
}

func (*Ident) exprNode()    {}
func (*Number) exprNode()   {}
func (*Bool) exprNode()     {}
func (*Unary) exprNode()    {}
func (*Binary) exprNode()   {}
func (*CallExpr) exprNode() {}
func (*Cond) exprNode()     {}
func (*Paren) exprNode()    {}

func (e *Ident) Position() Pos    { return e.Pos }
func (e *Number) Position() Pos   { return e.Pos }
func (e *Bool) Position() Pos     { return e.Pos }
func (e *Unary) Position() Pos    { return e.Pos }
func (e *Binary) Position() Pos   { return e.X.Position() }
func (e *CallExpr) Position() Pos { return e.Fun.Pos }
func (e *Cond) Position() Pos     { return e.C.Position() }
func (e *Paren) Position() Pos    { return e.Pos }

// problem is a diagnostic of file at pos: an error, or a warning.
func problem(file string, pos Pos, warning bool, msg string) *diag.Error {
	return &diag.Error{File: file, Line: int(pos.Line), Col: int(pos.Col), Msg: msg, Warning: warning}
}
