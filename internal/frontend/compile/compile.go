// Package compile turns a checked model into a Program: a flat instruction
// list with expressions compiled to closures, run per simulated unit by a
// small virtual machine that yields ir.Ops to the engine. This is the model transformation paper's
// "machine-efficient form": the model is traversed once, not interpreted as
// a tree for every process.
package compile

import (
	"augur/internal/machine"
	"fmt"
	"math"

	"augur/internal/base/diag"
	"augur/internal/frontend/model"
	"augur/internal/ir"
)

// Options are the system parameters and settings a model is compiled for.
type Options struct {
	// Params overrides param declarations (--set NAME=VALUE).
	Params map[string]float64
	// System parameters of Performance Prophet.
	Nodes, Procs, Threads int
	// CPUsOf returns the CPUs per node of node nid (the `cpus` built-in).
	CPUsOf func(nid int32) int
	// LevelOf returns the working set in bytes at which node nid's memory
	// level k (0 l1 … 3 mem) was measured (the ws_l1 … ws_mem built-ins);
	// nil: machine.DefaultLevels.
	LevelOf func(nid int32, k int) float64
	// SharedOf returns how much node nid's processes compete for its last
	// cache level (the ws_shared built-in); nil: 1, they share it.
	SharedOf func(nid int32) float64
	// OpTime returns the seconds one operation of class key (an index
	// into machine.OpKeys) takes on node nid, for ops(...) costs.
	OpTime func(nid int32, key int) float64
	// CollectiveTime, when set, gives the seconds a collective of the
	// model with neither a cost nor an algorithm of its own takes, as
	// measured on the node the processes share (machine.Collectives);
	// false: simulate it. nil: every collective is simulated.
	CollectiveTime func(kind ir.Kind, inPlace bool, bytes float64) (float64, bool)
	// CombineCost, when set, gives the Cost of combining one byte of a
	// reduction on node nid (machine.Group.CombineCost times the node's
	// speed): after a reduce or an allreduce with no cost of its own that
	// CollectiveTime did not time, the ranks that combine compute that
	// long per byte of each vector they combine, as replay charges them.
	CombineCost func(nid int32) float64
	// Seed seeds the random variates; every unit draws from its own
	// stream derived from Seed and its uid.
	Seed uint64
	// MaxIterations bounds the trip count of any one loop (0: DefaultMaxIterations).
	MaxIterations float64
	// MaxThreads bounds the threads of a parallel region (0: DefaultMaxThreads).
	MaxThreads int
	// StepLoops compiles no closed-form evaluation of loops (closed.go):
	// every iteration runs.
	StepLoops bool
}

// Defaults for Options limits.
const (
	DefaultMaxIterations = 1e9
	DefaultMaxThreads    = 100_000
)

// Program is a compiled model.
type Program struct {
	Elements []ir.Element
	// Semantics is what a model means where its operations leave it
	// open: its collectives synchronise (docs/semantics.md, section 4);
	// its units share mutable state (Shared) when global variables are
	// assigned, a parallel loop uses a dynamic schedule or a single
	// section is taken by the first thread; they fork no threads
	// (NoThreads) unless the model has parallel regions.
	Semantics ir.Semantics
	// OpsUsed lists every operation key an ops(...) cost names, with its
	// position, so that a machine lacking one is refused before running.
	OpsUsed []OpUse

	code   []instr
	entry  int32
	nslots int
	// args and fp are the cost functions' argument stack and frame,
	// shared by the units of a run (see costCall).
	args     []float64
	fp       int
	globals  []float64 // shared by all units of one run
	locals   []localInit
	nests    []*nest // loops evaluated in closed form (closed.go)
	opts     Options
	filename string

	// Slabs the processes' streams are carved from (see Stream).
	vms    []vm
	floats []float64
	slab   int // size of the last slab of vms
}

type localInit struct {
	init expr
}

type expr func(v *vm) float64

type opcode uint8

const (
	opEnd opcode = iota
	opAction
	opDelay
	opAssign
	opJump
	opJumpIfNot
	opCall
	opReturn
	opLoopInit // slot a = count; checked against the limit
	opLoopNext // if slot a <= 0 jump b, else slot a--
	opForInit  // var a = f1, limit a+1 = f2, step a+2 = f3
	opForNext  // if var a not before limit jump b
	opForStep  // var a += step; jump b
	opChoose
	opComm
	opWait
	opParallel
	opPfor
	opPforNext
	opRegionEnd
	opLock
	opUnlock
	opThreadBarrier
	opMaster // thread 0 goes on, the others jump to b
	opSingle // the first thread of the region to come goes on, the others jump to b
	opNest   // evaluate nest a in closed form and jump to b, or go on stepping
	opPriority
	opCombine // after the reduce or allreduce before it: its combining (Options.CombineCost)
)

type instr struct {
	op      opcode
	kind    ir.Kind
	algo    ir.Algorithm
	elem    int32
	a, b    int32
	f       [4]expr
	code    []assignInstr
	probs   []expr
	tgts    []int32
	pos     model.Pos
	sched   model.Schedule
	any     bool
	inPlace bool // a reduction called with MPI_IN_PLACE (model.Comm.InPlace)
}

type assignInstr struct {
	global bool
	idx    int32
	val    expr
}

// OpUse is an operation key named in the model.
type OpUse struct {
	Key string
	Pos model.Pos
}

type compiler struct {
	f        *model.File
	p        *Program
	params   map[string]float64
	paramFns map[string]expr // params with a value per process
	globals  map[string]int32
	locals   map[string]int32
	costs    map[string]*model.CostDecl
	costFns  map[string]*costFn
	acts     map[string]*model.ActivityDecl
	actStart map[string]int32
	fixups   []fixup
	scope    []map[string]int32 // loop variables → slot
	costArgs map[string]int     // inside a cost body: parameter → index
	elems    map[string]int32
	waits    []waitFix
	nests    []*nest
	errs     diag.List
}

type costFn struct {
	decl  *model.CostDecl
	body  expr
	state int // 0 new, 1 compiling, 2 done
}

type fixup struct {
	pc   int
	name string
}

type waitFix struct {
	pc    int
	names []*model.Ident
}

// Compile compiles f, which should have passed model.Check; problems the
// checker reports are reported here too, as errors, rather than panics.
func Compile(f *model.File, opts Options) (*Program, error) {
	if opts.Procs < 1 {
		return nil, fmt.Errorf("compile: %d processes; need at least 1", opts.Procs)
	}
	if opts.Threads < 1 {
		opts.Threads = 1
	}
	if opts.Nodes < 1 {
		opts.Nodes = 1
	}
	if opts.MaxIterations <= 0 {
		opts.MaxIterations = DefaultMaxIterations
	}
	if opts.MaxThreads <= 0 {
		opts.MaxThreads = DefaultMaxThreads
	}
	if opts.CPUsOf == nil {
		opts.CPUsOf = func(int32) int { return 1 }
	}
	if opts.LevelOf == nil {
		opts.LevelOf = func(_ int32, k int) float64 { return machine.DefaultLevels[k] }
	}
	if opts.SharedOf == nil {
		opts.SharedOf = func(int32) float64 { return 1 }
	}
	c := &compiler{
		f:        f,
		p:        &Program{Semantics: ir.Semantics{Collectives: ir.CompleteAfterAll, NoThreads: true}, opts: opts, filename: f.Filename},
		params:   map[string]float64{},
		paramFns: map[string]expr{},
		globals:  map[string]int32{},
		locals:   map[string]int32{},
		costs:    map[string]*model.CostDecl{},
		costFns:  map[string]*costFn{},
		acts:     map[string]*model.ActivityDecl{},
		actStart: map[string]int32{},
		elems:    map[string]int32{},
	}
	return c.compile()
}

func (c *compiler) errorf(pos model.Pos, format string, args ...any) {
	c.errs = append(c.errs, diag.At(c.f.Filename, int(pos.Line), int(pos.Col), format, args...))
}

func (c *compiler) compile() (*Program, error) {
	// Declarations first, in order: params and globals may refer to
	// earlier ones.
	for _, d := range c.f.Decls {
		switch d := d.(type) {
		case *model.CostDecl:
			if d.Name != nil {
				c.costs[d.Name.Name] = d
				c.costFns[d.Name.Name] = &costFn{decl: d}
			}
		case *model.ActivityDecl:
			if d.Name != nil {
				c.acts[d.Name.Name] = d
			}
		}
	}
	static := &vm{p: c.p, nthreads: 1, tid: 0}
	for _, d := range c.f.Decls {
		d, ok := d.(*model.VarDecl)
		if !ok || d.Name == nil {
			continue
		}
		name := d.Name.Name
		switch d.Kind {
		case model.Param:
			if v, ok := c.p.opts.Params[name]; ok {
				c.params[name] = v
				continue
			}
			e := c.expr(d.Value)
			if e == nil {
				continue
			}
			if c.perProcess(d.Value) {
				// A value per process (param peer = 1 - pid): computed
				// where it is read, for the process that reads it.
				c.paramFns[name] = e
				continue
			}
			c.params[name] = e(static)
		case model.Global:
			e := c.expr(d.Value)
			c.globals[name] = int32(len(c.p.globals))
			v := 0.0
			if e != nil {
				v = e(static)
			}
			c.p.globals = append(c.p.globals, v)
		case model.Local:
			e := c.expr(d.Value)
			c.locals[name] = int32(len(c.p.locals))
			c.p.locals = append(c.p.locals, localInit{init: e})
		}
	}
	for name := range c.p.opts.Params {
		if _, ok := c.params[name]; !ok {
			c.errs = append(c.errs, diag.GivenAt(c.f.Filename, 0, 0, model.GivenParam(name), "the model declares no param %s", name))
		}
	}
	main := c.acts["main"]
	if main == nil {
		c.errorf(c.f.NamePos, "the model has no activity main")
		return nil, c.err()
	}
	// Emit main first, then every activity it reaches.
	c.p.entry = 0
	c.activity("main")
	c.emit(instr{op: opEnd})
	for i := 0; i < len(c.fixups); i++ {
		fx := c.fixups[i]
		if _, done := c.actStart[fx.name]; !done {
			c.activity(fx.name)
		}
	}
	for _, fx := range c.fixups {
		c.p.code[fx.pc].a = c.actStart[fx.name]
	}
	for _, w := range c.waits {
		for _, n := range w.names {
			id, ok := c.elems[n.Name]
			if !ok {
				c.errorf(n.Pos, "wait on undefined element %s", n.Name)
				continue
			}
			c.p.code[w.pc].tgts = append(c.p.code[w.pc].tgts, id)
		}
	}
	if err := c.err(); err != nil {
		return nil, err
	}
	c.resolveNests()
	return c.p, nil
}

func (c *compiler) err() error {
	if len(c.errs) == 0 {
		return nil
	}
	return c.errs
}

func (c *compiler) emit(in instr) int {
	c.p.code = append(c.p.code, in)
	return len(c.p.code) - 1
}

func (c *compiler) pc() int32 { return int32(len(c.p.code)) }

func (c *compiler) activity(name string) {
	a := c.acts[name]
	c.actStart[name] = c.pc()
	if a == nil {
		return
	}
	c.block(a.Body)
	if name != "main" {
		c.emit(instr{op: opReturn})
	}
}

func (c *compiler) block(b *model.Block) {
	if b == nil {
		return
	}
	for _, s := range b.Stmts {
		c.stmt(s)
	}
}

func (c *compiler) element(name *model.Ident, kind string, pos model.Pos) int32 {
	if name == nil {
		return -1
	}
	if id, ok := c.elems[name.Name]; ok {
		return id
	}
	id := int32(len(c.p.Elements))
	c.elems[name.Name] = id
	c.p.Elements = append(c.p.Elements, ir.Element{
		Name:  name.Name,
		Kind:  kind,
		Where: fmt.Sprintf("%s:%d:%d", c.f.Filename, pos.Line, pos.Col),
	})
	return id
}

func (c *compiler) assigns(as []*model.Assign) []assignInstr {
	var out []assignInstr
	for _, a := range as {
		if a == nil || a.Name == nil {
			continue
		}
		val := c.expr(a.Value)
		if i, ok := c.globals[a.Name.Name]; ok {
			c.p.Semantics.Shared = true
			out = append(out, assignInstr{global: true, idx: i, val: val})
		} else if i, ok := c.locals[a.Name.Name]; ok {
			out = append(out, assignInstr{idx: i, val: val})
		} else {
			c.errorf(a.Name.Pos, "cannot assign to %s: only globals and locals can be assigned", a.Name.Name)
		}
	}
	return out
}

func (c *compiler) newSlots(n int) int32 {
	s := int32(c.p.nslots)
	c.p.nslots += n
	return s
}

func (c *compiler) stmt(s model.Stmt) {
	switch s := s.(type) {
	case *model.Assign:
		c.emit(instr{op: opAssign, code: c.assigns([]*model.Assign{s})})
	case *model.Action:
		el := c.element(s.Name, "action", s.Pos)
		in := instr{op: opAction, elem: el, code: c.assigns(s.Code), pos: s.Pos}
		if s.Cost != nil {
			in.f[0] = c.expr(s.Cost)
		}
		c.emit(in)
	case *model.Delay:
		el := c.element(s.Name, "delay", s.Pos)
		in := instr{op: opDelay, elem: el, pos: s.Pos}
		in.f[0] = c.expr(s.Cost)
		c.emit(in)
	case *model.Priority:
		in := instr{op: opPriority, elem: -1, pos: s.Pos}
		in.f[0] = c.expr(s.Value)
		c.emit(in)
	case *model.Call:
		if s.Name == nil {
			return
		}
		if c.acts[s.Name.Name] == nil {
			c.errorf(s.Name.Pos, "call of undefined activity %s", s.Name.Name)
			return
		}
		pc := c.emit(instr{op: opCall, pos: s.Pos})
		c.fixups = append(c.fixups, fixup{pc: pc, name: s.Name.Name})
	case *model.If:
		var ends []int
		for i, cond := range s.Conds {
			jf := c.emit(instr{op: opJumpIfNot, f: [4]expr{c.expr(cond)}})
			if i < len(s.Thens) {
				c.block(s.Thens[i])
			}
			ends = append(ends, c.emit(instr{op: opJump}))
			c.p.code[jf].a = c.pc()
		}
		c.block(s.Else)
		for _, j := range ends {
			c.p.code[j].a = c.pc()
		}
	case *model.Loop:
		closed := c.closedForm(s)
		defer c.endClosed(closed)
		slot := c.newSlots(1)
		c.emit(instr{op: opLoopInit, a: slot, f: [4]expr{c.expr(s.Count)}, pos: s.Pos})
		top := c.emit(instr{op: opLoopNext, a: slot})
		c.block(s.Body)
		c.emit(instr{op: opJump, a: int32(top)})
		c.p.code[top].b = c.pc()
	case *model.For:
		closed := c.closedForm(s)
		defer c.endClosed(closed)
		slot := c.newSlots(3)
		in := instr{op: opForInit, a: slot, pos: s.Pos}
		in.f[0], in.f[1] = c.expr(s.From), c.expr(s.To)
		if s.Step != nil {
			in.f[2] = c.expr(s.Step)
		}
		c.emit(in)
		top := c.emit(instr{op: opForNext, a: slot})
		c.pushScope(s.Var, slot)
		c.block(s.Body)
		c.popScope()
		c.emit(instr{op: opForStep, a: slot, b: int32(top)})
		c.p.code[top].b = c.pc()
	case *model.Choose:
		in := instr{op: opChoose, pos: s.Pos}
		for _, p := range s.Probs {
			in.probs = append(in.probs, c.expr(p))
		}
		pc := c.emit(in)
		var ends []int
		var tgts []int32
		for _, alt := range s.Alts {
			tgts = append(tgts, c.pc())
			c.block(alt)
			ends = append(ends, c.emit(instr{op: opJump}))
		}
		tgts = append(tgts, c.pc()) // else, or nothing
		c.block(s.Else)
		for _, j := range ends {
			c.p.code[j].a = c.pc()
		}
		c.p.code[pc].tgts = tgts
	case *model.Comm:
		c.comm(s)
	case *model.Parallel:
		el := c.element(s.Name, "parallel", s.Pos)
		in := instr{op: opParallel, elem: el, pos: s.Pos}
		c.p.Semantics.NoThreads = false
		if s.Threads != nil {
			in.f[0] = c.expr(s.Threads)
		}
		c.emit(in)
		c.block(s.Body)
		c.emit(instr{op: opRegionEnd, elem: el})
	case *model.ParallelFor:
		el := c.element(s.Name, "pfor", s.Pos)
		slot := c.newSlots(3) // loop variable, end of current chunk, static chunk index
		in := instr{op: opPfor, elem: el, a: slot, sched: s.Schedule, pos: s.Pos}
		c.p.Semantics.NoThreads = false
		in.f[0], in.f[1] = c.expr(s.From), c.expr(s.To)
		if s.Threads != nil {
			in.f[2] = c.expr(s.Threads)
		}
		if s.Chunk != nil {
			in.f[3] = c.expr(s.Chunk)
		}
		if s.Schedule != model.Static {
			c.p.Semantics.Shared = true // iterations handed out from shared state
		}
		c.emit(in)
		top := c.emit(instr{op: opPforNext, a: slot, elem: el})
		c.pushScope(s.Var, slot)
		c.block(s.Body)
		c.popScope()
		c.emit(instr{op: opJump, a: int32(top)})
		c.p.code[top].b = c.pc()
		c.emit(instr{op: opRegionEnd, elem: el})
	case *model.Critical:
		el := c.element(s.Name, s.Kind.Keyword(), s.Pos)
		switch s.Kind {
		case model.MasterSection:
			pc := c.emit(instr{op: opMaster, elem: el, pos: s.Pos})
			c.block(s.Body)
			c.p.code[pc].b = c.pc()
		case model.SingleSection:
			c.p.Semantics.Shared = true
			pc := c.emit(instr{op: opSingle, elem: el, pos: s.Pos})
			c.block(s.Body)
			c.p.code[pc].b = c.pc()
			c.emit(instr{op: opThreadBarrier, elem: el})
		default:
			c.emit(instr{op: opLock, elem: el})
			c.block(s.Body)
			c.emit(instr{op: opUnlock, elem: el})
		}
	}
}

// endClosed points a closed-form instruction past the loop's code.
func (c *compiler) endClosed(pc int) {
	if pc >= 0 {
		c.p.code[pc].b = c.pc()
	}
}

func (c *compiler) pushScope(v *model.Ident, slot int32) {
	m := map[string]int32{}
	if v != nil {
		m[v.Name] = slot
	}
	c.scope = append(c.scope, m)
}

func (c *compiler) popScope() { c.scope = c.scope[:len(c.scope)-1] }

func (c *compiler) comm(s *model.Comm) {
	kind := s.Kind.Op()
	el := c.element(s.Name, s.Kind.Keyword(), s.Pos)
	in := instr{op: opComm, kind: kind, elem: el, pos: s.Pos, any: s.AnyPeer}
	switch {
	case s.Kind == model.WaitComm:
		in.op = opWait
		pc := c.emit(in)
		c.waits = append(c.waits, waitFix{pc: pc, names: s.On})
		return
	case s.Kind == model.BarrierComm && s.Threads:
		in.op = opThreadBarrier
	}
	if s.Peer != nil {
		in.f[0] = c.expr(s.Peer)
	}
	if s.Root != nil {
		in.f[0] = c.expr(s.Root)
	}
	if s.Size != nil {
		in.f[1] = c.expr(s.Size)
	}
	if s.Tag != nil {
		in.f[2] = c.expr(s.Tag)
	}
	if s.Cost != nil {
		in.f[3] = c.expr(s.Cost)
	}
	if s.AnyTag {
		in.b = 1
	}
	in.inPlace = s.InPlace
	if s.Algo != nil {
		a, ok := ir.ParseAlgorithm(s.Algo.Name)
		if !ok {
			c.errorf(s.Algo.Pos, "unknown algorithm %s", s.Algo.Name)
		}
		in.algo = a
	}
	c.emit(in)
	if (kind == ir.Reduce || kind == ir.Allreduce) && s.Cost == nil && c.p.opts.CombineCost != nil {
		in.op = opCombine
		c.emit(in)
	}
}

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

// expr compiles an expression to a closure. Bools are 0 and 1.
// expr compiles e. A subexpression whose value is the same wherever and
// whenever it is evaluated — literals, params with one value, the run's
// procs, nodes and threads, through operators and the pure math
// functions — is evaluated once here, by the closure it compiles to, so
// that its value is the one the closure would give: generated models
// repeat pow(2, lsize) and floor(n / procs) inside the cost of every
// iteration of a loop, which made evaluating them most of a prediction.
func (c *compiler) expr(e model.Expr) expr {
	f, _ := c.folded(e)
	return f
}

// folded compiles e and reports whether it is constant (and folded).
func (c *compiler) folded(e model.Expr) (expr, bool) {
	switch e := e.(type) {
	case nil:
		return func(*vm) float64 { return 0 }, true
	case *model.Number:
		v := e.Value
		return func(*vm) float64 { return v }, true
	case *model.Bool:
		v := b2f(e.Value)
		return func(*vm) float64 { return v }, true
	case *model.Paren:
		return c.folded(e.X)
	case *model.Ident:
		return c.ident(e)
	case *model.Unary:
		x, k := c.folded(e.X)
		if e.Op == "!" {
			return fold(func(v *vm) float64 { return b2f(x(v) == 0) }, k)
		}
		return fold(func(v *vm) float64 { return -x(v) }, k)
	case *model.Cond:
		cc, k1 := c.folded(e.C)
		a, k2 := c.folded(e.A)
		b, k3 := c.folded(e.B)
		return fold(func(v *vm) float64 {
			if cc(v) != 0 {
				return a(v)
			}
			return b(v)
		}, k1 && k2 && k3)
	case *model.Binary:
		return c.binary(e)
	case *model.CallExpr:
		return c.call(e)
	}
	c.errorf(e.Position(), "unsupported expression")
	return func(*vm) float64 { return 0 }, false
}

// fold evaluates f once when it is constant: its operands read no unit
// state, so f needs no vm.
func fold(f expr, constant bool) (expr, bool) {
	if !constant {
		return f, false
	}
	v := f(nil)
	return func(*vm) float64 { return v }, true
}

func (c *compiler) binary(e *model.Binary) (expr, bool) {
	x, kx := c.folded(e.X)
	y, ky := c.folded(e.Y)
	k := kx && ky
	switch e.Op {
	case "+":
		return fold(func(v *vm) float64 { return x(v) + y(v) }, k)
	case "-":
		return fold(func(v *vm) float64 { return x(v) - y(v) }, k)
	case "*":
		return fold(func(v *vm) float64 { return x(v) * y(v) }, k)
	case "/":
		return fold(func(v *vm) float64 { return x(v) / y(v) }, k)
	case "%":
		return fold(func(v *vm) float64 { return math.Mod(x(v), y(v)) }, k)
	case "==":
		return fold(func(v *vm) float64 { return b2f(x(v) == y(v)) }, k)
	case "!=":
		return fold(func(v *vm) float64 { return b2f(x(v) != y(v)) }, k)
	case "<":
		return fold(func(v *vm) float64 { return b2f(x(v) < y(v)) }, k)
	case "<=":
		return fold(func(v *vm) float64 { return b2f(x(v) <= y(v)) }, k)
	case ">":
		return fold(func(v *vm) float64 { return b2f(x(v) > y(v)) }, k)
	case ">=":
		return fold(func(v *vm) float64 { return b2f(x(v) >= y(v)) }, k)
	case "&&":
		return fold(func(v *vm) float64 { return b2f(x(v) != 0 && y(v) != 0) }, k)
	case "||":
		return fold(func(v *vm) float64 { return b2f(x(v) != 0 || y(v) != 0) }, k)
	}
	c.errorf(e.OpPos, "unknown operator %s", e.Op)
	return func(*vm) float64 { return 0 }, false
}

// perProcess reports whether a param's value differs between processes:
// it reads a built-in of the process (pid, its node's nid or cpus) or a
// param that does. The checker keeps per-thread built-ins out of params.
func (c *compiler) perProcess(e model.Expr) bool {
	found := false
	walkExpr(e, func(x model.Expr) {
		if id, ok := x.(*model.Ident); ok {
			if _, isFn := c.paramFns[id.Name]; isFn || id.Name == "pid" || id.Name == "nid" || id.Name == "cpus" {
				found = true
			}
		}
	})
	return found
}

// ident compiles a name; constant: a param with one value or the run's
// procs, nodes or threads.
func (c *compiler) ident(e *model.Ident) (expr, bool) {
	name := e.Name
	for i := len(c.scope) - 1; i >= 0; i-- {
		if s, ok := c.scope[i][name]; ok {
			return func(v *vm) float64 { return v.slots[s] }, false
		}
	}
	if c.costArgs != nil {
		if i, ok := c.costArgs[name]; ok {
			return func(v *vm) float64 { return v.p.args[v.p.fp+i] }, false
		}
	}
	if val, ok := c.params[name]; ok {
		return func(*vm) float64 { return val }, true
	}
	if f, ok := c.paramFns[name]; ok {
		return f, false
	}
	if i, ok := c.globals[name]; ok {
		g := c.p
		return func(*vm) float64 { return g.globals[i] }, false
	}
	if i, ok := c.locals[name]; ok {
		return func(v *vm) float64 { return v.locals[i] }, false
	}
	o := &c.p.opts
	switch name {
	case "pid":
		return func(v *vm) float64 { return float64(v.pid) }, false
	case "tid":
		return func(v *vm) float64 { return float64(v.tid) }, false
	case "uid":
		return func(v *vm) float64 { return float64(v.uid) }, false
	case "nid":
		return func(v *vm) float64 { return float64(v.nid) }, false
	case "nodes":
		n := float64(o.Nodes)
		return func(*vm) float64 { return n }, true
	case "procs":
		n := float64(o.Procs)
		return func(*vm) float64 { return n }, true
	case "threads":
		n := float64(o.Threads)
		return func(*vm) float64 { return n }, true
	case "nthreads":
		return func(v *vm) float64 { return float64(v.nthreads) }, false
	case "cpus":
		f := o.CPUsOf
		return func(v *vm) float64 { return float64(f(v.nid)) }, false
	case "ws_l1", "ws_l2", "ws_l3", "ws_mem":
		f, k := o.LevelOf, levelIndex(name)
		return func(v *vm) float64 { return f(v.nid, k) }, false
	case "ws_shared":
		f := o.SharedOf
		return func(v *vm) float64 { return f(v.nid) }, false
	}
	c.errorf(e.Pos, "undefined: %s", name)
	return func(*vm) float64 { return 0 }, false
}

// call compiles a call; constant: a pure math function (not a random
// variate) of constant arguments.
func (c *compiler) call(e *model.CallExpr) (expr, bool) {
	if e.Fun == nil {
		return func(*vm) float64 { return 0 }, true
	}
	name := e.Fun.Name
	args := make([]expr, len(e.Args))
	constant := true
	for i, a := range e.Args {
		var k bool
		args[i], k = c.folded(a)
		constant = constant && k
	}
	if name == model.OpsFunc {
		return c.ops(e, args), false
	}
	if cf, ok := c.costFns[name]; ok {
		return c.costCall(cf, args, e), false
	}
	fn, ok := model.BuiltinFuncs[name]
	if !ok {
		c.errorf(e.Fun.Pos, "undefined function %s", name)
		return func(*vm) float64 { return 0 }, false
	}
	if (fn.Arity >= 0 && len(args) != fn.Arity) || (fn.Arity < 0 && len(args) < 2) {
		c.errorf(e.Fun.Pos, "%s takes %s arguments, not %d", name, arityWord(fn.Arity), len(args))
		return func(*vm) float64 { return 0 }, false
	}
	if fn.Math != nil {
		f, a := fn.Math, args[0]
		return fold(func(v *vm) float64 { return f(a(v)) }, constant)
	}
	switch name {
	case "min", "max":
		isMin := name == "min"
		return fold(func(v *vm) float64 {
			r := args[0](v)
			for _, a := range args[1:] {
				x := a(v)
				if (isMin && x < r) || (!isMin && x > r) {
					r = x
				}
			}
			return r
		}, constant)
	case "pow":
		a, b := args[0], args[1]
		return fold(func(v *vm) float64 { return math.Pow(a(v), b(v)) }, constant)
	case "uniform":
		a, b := args[0], args[1]
		return func(v *vm) float64 { lo := a(v); return lo + (b(v)-lo)*v.rand() }, false
	case "normal":
		m, s := args[0], args[1]
		return func(v *vm) float64 { return m(v) + s(v)*v.normal() }, false
	case "exponential":
		m := args[0]
		return func(v *vm) float64 { return -m(v) * math.Log(1-v.rand()) }, false
	}
	c.errorf(e.Fun.Pos, "undefined function %s", name)
	return func(*vm) float64 { return 0 }, false
}

// ops compiles ops(KEY: count, ...): Σ count × the time of KEY on the
// unit's node (ChronosMix's formula (1)).
func (c *compiler) ops(e *model.CallExpr, counts []expr) expr {
	keys := make([]int, len(e.Keys))
	for i, k := range e.Keys {
		idx, ok := machine.OpIndex(k.Name)
		if !ok {
			c.errorf(k.Pos, "unknown operation %s", k.Name)
			return func(*vm) float64 { return 0 }
		}
		keys[i] = idx
		c.p.OpsUsed = append(c.p.OpsUsed, OpUse{Key: k.Name, Pos: k.Pos})
	}
	opTime := c.p.opts.OpTime
	if opTime == nil {
		c.errorf(e.Fun.Pos, "ops(...) needs a machine with operation times")
		return func(*vm) float64 { return 0 }
	}
	return func(v *vm) float64 {
		sum := 0.0
		for i, n := range counts {
			sum += n(v) * opTime(v.nid, keys[i])
		}
		return sum
	}
}

func arityWord(n int) string {
	if n < 0 {
		return "two or more"
	}
	return fmt.Sprint(n)
}

// costCall compiles a call of a cost function: arguments are pushed on the
// unit's argument stack and the body reads them relative to a frame pointer.
func (c *compiler) costCall(cf *costFn, args []expr, e *model.CallExpr) expr {
	d := cf.decl
	if len(args) != len(d.Params) {
		c.errorf(e.Fun.Pos, "%s takes %d arguments, not %d", d.Name.Name, len(d.Params), len(args))
		return func(*vm) float64 { return 0 }
	}
	switch cf.state {
	case 1:
		c.errorf(e.Fun.Pos, "cost function %s calls itself", d.Name.Name)
		return func(*vm) float64 { return 0 }
	case 0:
		cf.state = 1
		saveArgs, saveScope := c.costArgs, c.scope
		c.costArgs = map[string]int{}
		c.scope = nil
		for i, p := range d.Params {
			if p != nil {
				c.costArgs[p.Name] = i
			}
		}
		cf.body = c.expr(d.Body)
		c.costArgs, c.scope = saveArgs, saveScope
		cf.state = 2
	}
	n := len(args)
	if n == 0 {
		return func(v *vm) float64 { return cf.body(v) }
	}
	return func(v *vm) float64 {
		// The argument stack is the program's, not the unit's: a cost
		// function runs to its end within one Next, so units never
		// interleave on it, and a million units need no stack each.
		p := v.p
		base := len(p.args)
		for _, a := range args {
			x := a(v)
			p.args = append(p.args, x)
		}
		saved := p.fp
		p.fp = base
		r := cf.body(v)
		p.fp = saved
		p.args = p.args[:base]
		return r
	}
}

// levelIndex is the memory level a ws_ built-in names.
func levelIndex(name string) int {
	for k, l := range machine.LevelNames {
		if name == "ws_"+l {
			return k
		}
	}
	return 0
}
