package model

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"augur/internal/base/diag"
	"augur/internal/ir"
	"augur/internal/machine"
)

// CheckOptions tells Check about the run the model is checked for.
type CheckOptions struct {
	// SetParams are the names the user passes with --set; each must be a
	// declared param.
	SetParams []string
	// Procs, if > 0, is the number of processes; constant peers and roots
	// are then checked to be in range.
	Procs int
}

// Check reports every problem in f at once, sorted by position: errors and
// warnings. It never panics, also not on the partial trees the parser
// returns after syntax errors.
func Check(f *File, opts CheckOptions) diag.List {
	if f == nil {
		return nil
	}
	c := &checker{
		file:     f,
		opts:     opts,
		syms:     map[string]*declSym{},
		elems:    map[string]*elemInfo{},
		setParam: map[string]bool{},
	}
	for _, n := range opts.SetParams {
		c.setParam[n] = true
	}
	c.run()
	c.diags.Sort()
	return c.diags
}

type valType uint8

const (
	valInvalid valType = iota // unknown after an error: no further complaints
	valNumber
	valBool
)

func (t valType) String() string {
	switch t {
	case valNumber:
		return "number"
	case valBool:
		return "bool"
	}
	return "invalid"
}

type symKind uint8

const (
	symParam symKind = iota
	symGlobal
	symLocal
	symCost
	symActivity
)

func (k symKind) String() string {
	switch k {
	case symParam:
		return "param"
	case symGlobal:
		return "global"
	case symLocal:
		return "local"
	case symCost:
		return "cost function"
	}
	return "activity"
}

// declSym is a top-level declaration.
type declSym struct {
	name    string
	kind    symKind
	pos     Pos
	index   int     // order of declaration
	valType valType // variables: the type of the initial value
	used    bool    // read (variables), called (cost functions, activities)
	set     bool    // variables: assigned somewhere

	v    *VarDecl
	cost *CostDecl
	act  *ActivityDecl

	// Cost functions: the cost functions called by the body.
	costCalls []callEdge
	// Activities: the calls made by the body, and the statements that
	// need (critical, barrier threads) or open (parallel, pfor) a
	// parallel region outside of any region of this activity.
	calls    []callSite
	needPar  []Pos
	needName []string
	opensPar []Pos
}

type callEdge struct {
	to  string
	pos Pos
}

type callSite struct {
	to     string
	pos    Pos
	inPar  bool // lexically inside a parallel region
	caller *declSym
}

// elemInfo is a named model element.
type elemInfo struct {
	kind string
	pos  Pos
}

type bindKind uint8

const (
	bindLoop bindKind = iota
	bindCostParam
)

// scopeEntry is a name of a nested scope: a loop variable or a cost parameter.
type scopeEntry struct {
	name string
	kind bindKind
	pos  Pos
}

// checkCtx is where an expression or statement is checked.
type checkCtx struct {
	scope []scopeEntry
	cost  *declSym // inside this cost function's body
	init  *declSym // inside this variable's initializer
	act   *declSym // inside this activity
	par   bool     // lexically inside a parallel region of act
}

func (x checkCtx) lookup(name string) (scopeEntry, bool) {
	for i := len(x.scope) - 1; i >= 0; i-- {
		if x.scope[i].name == name {
			return x.scope[i], true
		}
	}
	return scopeEntry{}, false
}

func (x checkCtx) with(b scopeEntry) checkCtx {
	s := make([]scopeEntry, len(x.scope), len(x.scope)+1)
	copy(s, x.scope)
	x.scope = append(s, b)
	return x
}

type checker struct {
	file     *File
	opts     CheckOptions
	diags    diag.List
	syms     map[string]*declSym
	order    []*declSym // every declaration, duplicates included
	elems    map[string]*elemInfo
	waits    []*Ident
	setParam map[string]bool
	folding  map[*declSym]bool // params being folded, against cycles
}

// blank reports whether name is missing: empty, or "_", the placeholder
// the parser puts where a name could not be parsed. Such names are
// neither declared nor reported: the syntax error already was.
func blank(name string) bool { return name == "" || name == "_" }

func (c *checker) errorf(pos Pos, format string, args ...any) {
	c.diags = append(c.diags, problem(c.file.Filename, pos, false, fmt.Sprintf(format, args...)))
}

func (c *checker) warnf(pos Pos, format string, args ...any) {
	c.diags = append(c.diags, problem(c.file.Filename, pos, true, fmt.Sprintf(format, args...)))
}

func (c *checker) run() {
	c.declare()
	if s := c.syms["main"]; s == nil || s.kind != symActivity {
		c.errorf(Pos{}, "no activity main")
	}
	for _, n := range c.opts.SetParams {
		s := c.syms[n]
		switch {
		case s == nil:
			c.diags = append(c.diags, diag.GivenAt(c.file.Filename, 0, 0, GivenParam(n), "no param %q in the model", n))
		case s.kind != symParam:
			c.diags = append(c.diags, diag.GivenAt(c.file.Filename, 0, 0, GivenParam(n), "%q is a %s, not a param", n, s.kind))
		}
	}
	// Initializers first, in order: they give the variables their types.
	for _, s := range c.order {
		if s.v != nil {
			c.checkVar(s)
		}
	}
	for _, s := range c.order {
		switch {
		case s.cost != nil:
			c.checkCost(s)
		case s.act != nil:
			if s.act.Body != nil {
				c.block(s.act.Body, checkCtx{act: s})
			}
		}
	}
	c.resolveWaits()
	c.costCycles()
	c.activityCycles()
	c.parallelContext()
	c.unused()
}

// declare enters every top-level declaration into the namespace.
func (c *checker) declare() {
	for i, d := range c.file.Decls {
		s := &declSym{index: i}
		var name *Ident
		switch d := d.(type) {
		case *VarDecl:
			if d == nil {
				continue
			}
			name, s.v = d.Name, d
			switch d.Kind {
			case Param:
				s.kind = symParam
			case Global:
				s.kind = symGlobal
			default:
				s.kind = symLocal
			}
		case *CostDecl:
			if d == nil {
				continue
			}
			name, s.cost = d.Name, d
			s.kind = symCost
		case *ActivityDecl:
			if d == nil {
				continue
			}
			name, s.act = d.Name, d
			s.kind = symActivity
		default:
			continue
		}
		c.order = append(c.order, s)
		if name == nil || blank(name.Name) {
			continue
		}
		s.name, s.pos = name.Name, name.Pos
		if _, ok := BuiltinVars[s.name]; ok {
			c.errorf(s.pos, "cannot declare %q: it is a builtin variable", s.name)
			continue
		}
		if _, ok := BuiltinFuncs[s.name]; ok || s.name == OpsFunc {
			c.errorf(s.pos, "cannot declare %q: it is a builtin function", s.name)
			continue
		}
		if prev := c.syms[s.name]; prev != nil {
			c.errorf(s.pos, "%q already declared at %s", s.name, prev.pos)
			continue
		}
		c.syms[s.name] = s
	}
}

func (c *checker) checkVar(s *declSym) {
	s.valType = c.expr(s.v.Value, checkCtx{init: s})
	b := s.v.Arg
	if b == nil {
		return
	}
	switch {
	case s.kind != symParam:
		c.errorf(b.Pos, "only a param can be bound to an argument of the program, not %s %q", s.kind, s.name)
	case s.valType == valBool:
		c.errorf(b.Pos, "param %q is a bool: an argument of the program gives a number", s.name)
	default:
		for _, o := range c.order {
			if o == s {
				break
			}
			if o.kind == symParam && o.v.Arg != nil && sameArgument(o.v.Arg, b) {
				c.errorf(b.Pos, "%s is already bound to param %q at %s", b, o.name, o.v.Arg.Pos)
				break
			}
		}
	}
}

// sameArgument tells whether two bindings read the same argument: the
// same position, both the count, or an option word in common.
func sameArgument(a, b *ArgBinding) bool {
	if len(a.Options) > 0 || len(b.Options) > 0 {
		for _, x := range a.Options {
			if slices.Contains(b.Options, x) {
				return true
			}
		}
		return false
	}
	return a.Count == b.Count && a.Index == b.Index
}

func (c *checker) checkCost(s *declSym) {
	x := checkCtx{cost: s}
	seen := map[string]Pos{}
	for _, p := range s.cost.Params {
		if p == nil || blank(p.Name) {
			continue
		}
		if _, ok := BuiltinVars[p.Name]; ok {
			c.errorf(p.Pos, "parameter %q shadows a builtin variable", p.Name)
		} else if prev, ok := seen[p.Name]; ok {
			c.errorf(p.Pos, "duplicate parameter %q (first at %s)", p.Name, prev)
		}
		seen[p.Name] = p.Pos
		x = x.with(scopeEntry{name: p.Name, kind: bindCostParam, pos: p.Pos})
	}
	if t := c.expr(s.cost.Body, x); t == valBool {
		c.errorf(exprPos(s.cost.Body), "cost function %q must give a number, got bool", s.name)
	}
}

// perThread are the built-in variables that differ between the threads
// of a process, which a param's value cannot read.
var perThread = map[string]bool{"tid": true, "uid": true, "nthreads": true}

// ---- expressions ----

func (c *checker) expr(e Expr, x checkCtx) valType {
	switch e := e.(type) {
	case *Ident:
		if e == nil {
			return valInvalid
		}
		return c.ident(e, x)
	case *Number:
		if e == nil {
			return valInvalid
		}
		return valNumber
	case *Bool:
		if e == nil {
			return valInvalid
		}
		return valBool
	case *Paren:
		if e == nil {
			return valInvalid
		}
		return c.expr(e.X, x)
	case *Unary:
		if e == nil {
			return valInvalid
		}
		t := c.expr(e.X, x)
		switch e.Op {
		case "-", "+":
			if t == valBool {
				c.errorf(e.Pos, "operator %s needs a number, got bool", e.Op)
			}
			return valNumber
		case "!":
			if t == valNumber {
				c.errorf(e.Pos, "operator ! needs a bool, got number")
			}
			return valBool
		}
		return valInvalid
	case *Binary:
		if e == nil {
			return valInvalid
		}
		return c.binary(e, x)
	case *CallExpr:
		if e == nil {
			return valInvalid
		}
		return c.call(e, x)
	case *Cond:
		if e == nil {
			return valInvalid
		}
		c.wantBool(e.C, x, "condition of ?:")
		a, b := c.expr(e.A, x), c.expr(e.B, x)
		if a != valInvalid && b != valInvalid && a != b {
			c.errorf(exprPos(e.B), "branches of ?: have different types: %s and %s", a, b)
			return valInvalid
		}
		if a == valInvalid {
			return b
		}
		return a
	}
	return valInvalid
}

func (c *checker) binary(e *Binary, x checkCtx) valType {
	l, r := c.expr(e.X, x), c.expr(e.Y, x)
	pos := e.OpPos
	if !pos.IsValid() {
		pos = exprPos(e)
	}
	switch e.Op {
	case "+", "-", "*", "/", "%":
		if l == valBool || r == valBool {
			c.errorf(pos, "operator %s needs numbers, got %s and %s", e.Op, l, r)
		}
		return valNumber
	case "<", "<=", ">", ">=":
		if l == valBool || r == valBool {
			c.errorf(pos, "operator %s needs numbers, got %s and %s", e.Op, l, r)
		}
		return valBool
	case "==", "!=":
		if l != valInvalid && r != valInvalid && l != r {
			c.errorf(pos, "operator %s compares %s with %s", e.Op, l, r)
		}
		return valBool
	case "&&", "||":
		if l == valNumber || r == valNumber {
			c.errorf(pos, "operator %s needs bools, got %s and %s", e.Op, l, r)
		}
		return valBool
	}
	return valInvalid
}

func (c *checker) ident(e *Ident, x checkCtx) valType {
	if blank(e.Name) {
		return valInvalid
	}
	if _, ok := x.lookup(e.Name); ok {
		return valNumber
	}
	if s := c.syms[e.Name]; s != nil {
		switch s.kind {
		case symCost, symActivity:
			c.errorf(e.Pos, "%s %q is not a variable", s.kind, e.Name)
			return valInvalid
		}
		s.used = true
		if x.init != nil {
			if s.index >= x.init.index {
				c.errorf(e.Pos, "%s %q is used before its declaration at %s", s.kind, e.Name, s.pos)
				return valInvalid
			}
			if x.init.kind == symParam && s.kind != symParam {
				c.errorf(e.Pos, "param %q cannot depend on %s %q", x.init.name, s.kind, e.Name)
				return valInvalid
			}
		}
		return s.valType
	}
	if _, ok := BuiltinVars[e.Name]; ok {
		if x.init != nil && x.init.kind == symParam && perThread[e.Name] {
			c.errorf(e.Pos, "param %q cannot depend on %s: a param has one value per process", x.init.name, e.Name)
			return valInvalid
		}
		return valNumber
	}
	if _, ok := BuiltinFuncs[e.Name]; ok {
		c.errorf(e.Pos, "builtin function %q is not a variable", e.Name)
		return valInvalid
	}
	c.errorf(e.Pos, "undefined: %q", e.Name)
	return valInvalid
}

func (c *checker) call(e *CallExpr, x checkCtx) valType {
	args := func() {
		for i, a := range e.Args {
			if c.expr(a, x) == valBool {
				c.errorf(exprPos(a), "argument %d of %q must be a number, got bool", i+1, e.Fun.Name)
			}
		}
	}
	if e.Fun == nil {
		for _, a := range e.Args {
			c.expr(a, x)
		}
		return valInvalid
	}
	name := e.Fun.Name
	if blank(name) {
		args()
		return valInvalid
	}
	if name == OpsFunc {
		c.opsCall(e, x)
		return valNumber
	}
	if s := c.syms[name]; s != nil {
		if s.kind != symCost {
			c.errorf(e.Fun.Pos, "%s %q is not a function", s.kind, name)
			args()
			return valInvalid
		}
		s.used = true
		if n := len(s.cost.Params); n != len(e.Args) {
			c.errorf(e.Fun.Pos, "cost function %q takes %s, got %d", name, countWord(n, "argument"), len(e.Args))
		}
		if x.cost != nil {
			x.cost.costCalls = append(x.cost.costCalls, callEdge{name, e.Fun.Pos})
		}
		if x.init != nil && x.init.kind == symParam {
			c.errorf(e.Fun.Pos, "param %q cannot depend on cost function %q", x.init.name, name)
		}
		args()
		return valNumber
	}
	if f, ok := BuiltinFuncs[name]; ok {
		switch {
		case f.Arity < 0 && len(e.Args) < 2:
			c.errorf(e.Fun.Pos, "%q takes two or more arguments, got %d", name, len(e.Args))
		case f.Arity >= 0 && f.Arity != len(e.Args):
			c.errorf(e.Fun.Pos, "%q takes %s, got %d", name, countWord(f.Arity, "argument"), len(e.Args))
		}
		if f.Random && x.init != nil && x.init.kind == symParam {
			c.errorf(e.Fun.Pos, "param %q cannot use the random variate %q", x.init.name, name)
		}
		args()
		return valNumber
	}
	if _, ok := x.lookup(name); ok {
		c.errorf(e.Fun.Pos, "%q is not a function", name)
	} else if _, ok := BuiltinVars[name]; ok {
		c.errorf(e.Fun.Pos, "builtin variable %q is not a function", name)
	} else {
		c.errorf(e.Fun.Pos, "undefined function %q", name)
	}
	args()
	return valInvalid
}

// opsCall checks ops(KEY: count, ...): known, distinct operation keys
// and numeric counts.
func (c *checker) opsCall(e *CallExpr, x checkCtx) {
	if len(e.Keys) == 0 {
		c.errorf(e.Fun.Pos, "ops needs at least one KEY: count, e.g. ops(fp_add: 2 * N)")
	}
	seen := map[string]bool{}
	for i, k := range e.Keys {
		if _, ok := machine.OpIndex(k.Name); !ok {
			msg := fmt.Sprintf("unknown operation %q in ops", k.Name)
			if s := closestOp(k.Name); s != "" {
				msg += fmt.Sprintf(" (did you mean %q?)", s)
			} else {
				msg += " (see docs/bench.md for the operation keys)"
			}
			c.errorf(k.Pos, "%s", msg)
		} else if seen[k.Name] {
			c.errorf(k.Pos, "duplicate operation %q in ops", k.Name)
		}
		seen[k.Name] = true
		if i < len(e.Args) && c.expr(e.Args[i], x) == valBool {
			c.errorf(exprPos(e.Args[i]), "count of %s must be a number, got bool", k.Name)
		}
	}
}

// closestOp suggests the operation key nearest to a misspelt one.
func closestOp(name string) string {
	best, bestD := "", 3
	for _, k := range machine.OpKeys {
		if d := diag.Distance(name, k.Key); d < bestD {
			best, bestD = k.Key, d
		}
	}
	return best
}

func countWord(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return strconv.Itoa(n) + " " + word + "s"
}

// wantBool checks that e is a bool.
func (c *checker) wantBool(e Expr, x checkCtx, what string) {
	if e == nil {
		return
	}
	if c.expr(e, x) == valNumber {
		c.errorf(exprPos(e), "%s must be a bool, got number", what)
	}
}

// wantNumber checks that e is a number; it returns e's constant value
// when it has one.
func (c *checker) wantNumber(e Expr, x checkCtx, what string) (float64, bool) {
	if nilExpr(e) {
		return 0, false
	}
	if c.expr(e, x) == valBool {
		c.errorf(exprPos(e), "%s must be a number, got bool", what)
		return 0, false
	}
	return c.constant(e)
}

// nonNegative checks a size, count or cost.
func (c *checker) nonNegative(e Expr, x checkCtx, what string) {
	if v, ok := c.wantNumber(e, x, what); ok && v < 0 {
		c.errorf(exprPos(e), "%s must not be negative, got %s", what, numText(v))
	}
}

// rank checks a peer or root.
func (c *checker) rank(e Expr, x checkCtx, what string) {
	v, ok := c.wantNumber(e, x, what)
	if !ok {
		return
	}
	switch {
	case v != math.Trunc(v):
		c.errorf(exprPos(e), "%s %s is not a whole number", what, numText(v))
	case v < 0:
		c.errorf(exprPos(e), "%s %s is out of range: it must not be negative", what, numText(v))
	case c.opts.Procs > 0 && v >= float64(c.opts.Procs):
		c.errorf(exprPos(e), "%s %s is out of range 0..%d (procs = %d)", what, numText(v), c.opts.Procs-1, c.opts.Procs)
	}
}

// atLeastOne checks a thread count or chunk.
func (c *checker) atLeastOne(e Expr, x checkCtx, what string) {
	if v, ok := c.wantNumber(e, x, what); ok && v < 1 {
		c.errorf(exprPos(e), "%s must be at least 1, got %s", what, numText(v))
	}
}

func numText(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }

// constant folds e if it is made of literals, params (not set with --set)
// with their declared values, `procs` when known, arithmetic and the
// non-random builtin functions.
func (c *checker) constant(e Expr) (float64, bool) {
	v, ok := c.fold(e, 0)
	if !ok || math.IsNaN(v) || math.IsInf(v, 0) {
		return 0, false
	}
	return v, true
}

func (c *checker) fold(e Expr, depth int) (float64, bool) {
	if depth > 100 {
		return 0, false
	}
	switch e := e.(type) {
	case *Number:
		if e == nil {
			return 0, false
		}
		return e.Value, true
	case *Paren:
		if e == nil {
			return 0, false
		}
		return c.fold(e.X, depth+1)
	case *Unary:
		if e == nil || e.Op != "-" {
			return 0, false
		}
		v, ok := c.fold(e.X, depth+1)
		return -v, ok
	case *Ident:
		if e == nil {
			return 0, false
		}
		if e.Name == "procs" && c.opts.Procs > 0 {
			if s := c.syms["procs"]; s == nil {
				return float64(c.opts.Procs), true
			}
		}
		s := c.syms[e.Name]
		if s == nil || s.kind != symParam || c.setParam[s.name] || c.folding[s] {
			return 0, false
		}
		if c.folding == nil {
			c.folding = map[*declSym]bool{}
		}
		c.folding[s] = true
		defer delete(c.folding, s)
		return c.fold(s.v.Value, depth+1)
	case *Binary:
		if e == nil {
			return 0, false
		}
		a, ok1 := c.fold(e.X, depth+1)
		b, ok2 := c.fold(e.Y, depth+1)
		if !ok1 || !ok2 {
			return 0, false
		}
		switch e.Op {
		case "+":
			return a + b, true
		case "-":
			return a - b, true
		case "*":
			return a * b, true
		case "/":
			if b == 0 {
				return 0, false
			}
			return a / b, true
		case "%":
			if b == 0 {
				return 0, false
			}
			return math.Mod(a, b), true
		}
	case *CallExpr:
		if e == nil || e.Fun == nil {
			return 0, false
		}
		f, ok := BuiltinFuncs[e.Fun.Name]
		if !ok || f.Random || c.syms[e.Fun.Name] != nil || len(e.Args) == 0 {
			return 0, false
		}
		args := make([]float64, len(e.Args))
		for i, a := range e.Args {
			v, ok := c.fold(a, depth+1)
			if !ok {
				return 0, false
			}
			args[i] = v
		}
		return applyBuiltin(e.Fun.Name, args)
	}
	return 0, false
}

func applyBuiltin(name string, a []float64) (float64, bool) {
	one := func(f func(float64) float64) (float64, bool) {
		if len(a) != 1 {
			return 0, false
		}
		return f(a[0]), true
	}
	if fn := BuiltinFuncs[name]; fn.Math != nil {
		return one(fn.Math)
	}
	switch name {
	case "min", "max":
		if len(a) < 2 {
			return 0, false
		}
		v := a[0]
		for _, b := range a[1:] {
			if name == "min" {
				v = math.Min(v, b)
			} else {
				v = math.Max(v, b)
			}
		}
		return v, true
	case "pow":
		if len(a) != 2 {
			return 0, false
		}
		return math.Pow(a[0], a[1]), true
	}
	return 0, false
}

// ---- statements ----

func (c *checker) block(b *Block, x checkCtx) {
	if b == nil {
		return
	}
	for _, s := range b.Stmts {
		c.stmt(s, x)
	}
}

func (c *checker) defineElem(name *Ident, kind string) {
	if name == nil || blank(name.Name) {
		return
	}
	if prev := c.elems[name.Name]; prev != nil {
		c.errorf(name.Pos, "element %q already defined at %s", name.Name, prev.pos)
		return
	}
	c.elems[name.Name] = &elemInfo{kind: kind, pos: name.Pos}
}

func (c *checker) stmt(s Stmt, x checkCtx) {
	switch s := s.(type) {
	case *Assign:
		if s != nil {
			c.assign(s, x)
		}
	case *Action:
		if s == nil {
			return
		}
		c.defineElem(s.Name, "action")
		for _, a := range s.Code {
			if a != nil {
				c.assign(a, x)
			}
		}
		c.nonNegative(s.Cost, x, "cost")
	case *Delay:
		if s == nil {
			return
		}
		c.defineElem(s.Name, "delay")
		c.nonNegative(s.Cost, x, "cost")
	case *Priority:
		if s == nil {
			return
		}
		if v, ok := c.wantNumber(s.Value, x, "priority"); ok && (v != math.Trunc(v) || math.Abs(v) > math.MaxInt32) {
			c.errorf(exprPos(s.Value), "priority %s is not a whole number in ±%d", numText(v), math.MaxInt32)
		}
	case *Call:
		if s == nil || s.Name == nil || blank(s.Name.Name) {
			return
		}
		c.callStmt(s, x)
	case *If:
		if s == nil {
			return
		}
		for i, cond := range s.Conds {
			c.wantBool(cond, x, "if condition")
			if i < len(s.Thens) {
				c.block(s.Thens[i], x)
			}
		}
		for _, b := range s.Thens[min(len(s.Conds), len(s.Thens)):] {
			c.block(b, x)
		}
		c.block(s.Else, x)
	case *Loop:
		if s == nil {
			return
		}
		c.nonNegative(s.Count, x, "loop count")
		c.block(s.Body, x)
	case *For:
		if s == nil {
			return
		}
		c.wantNumber(s.From, x, "range start")
		c.wantNumber(s.To, x, "range end")
		if v, ok := c.wantNumber(s.Step, x, "step"); ok && v <= 0 {
			c.errorf(exprPos(s.Step), "step must be positive, got %s", numText(v))
		}
		c.block(s.Body, c.loopVar(s.Var, x))
	case *Choose:
		if s == nil {
			return
		}
		c.choose(s, x)
	case *Comm:
		if s == nil {
			return
		}
		c.comm(s, x)
	case *Parallel:
		if s == nil {
			return
		}
		c.defineElem(s.Name, "parallel")
		c.atLeastOne(s.Threads, x, "thread count")
		c.parallel(s.Pos, x)
		x.par = true
		c.block(s.Body, x)
	case *ParallelFor:
		if s == nil {
			return
		}
		c.defineElem(s.Name, "pfor")
		c.wantNumber(s.From, x, "range start")
		c.wantNumber(s.To, x, "range end")
		c.atLeastOne(s.Threads, x, "thread count")
		c.atLeastOne(s.Chunk, x, "chunk")
		switch {
		case x.par && s.Threads != nil:
			c.errorf(s.Pos, "a pfor inside a parallel region shares the region's threads: it takes no threads clause")
		case !x.par:
			c.parallel(s.Pos, x)
		}
		x.par = true
		c.block(s.Body, c.loopVar(s.Var, x))
	case *Critical:
		if s == nil {
			return
		}
		// Critical (and atomic) sections of one name are one lock:
		// the name may be used again by a section of the same kind.
		if prev := c.elems[identName(s.Name)]; prev == nil || prev.kind != s.Kind.Keyword() || (s.Kind != CriticalSection && s.Kind != AtomicSection) {
			c.defineElem(s.Name, s.Kind.Keyword())
		}
		c.needParallel(s.Pos, x, s.Kind.Keyword())
		c.block(s.Body, x)
	}
}

// loopVar opens the scope of a for or pfor variable.
func (c *checker) loopVar(v *Ident, x checkCtx) checkCtx {
	if v == nil || blank(v.Name) {
		return x
	}
	if _, ok := BuiltinVars[v.Name]; ok {
		c.errorf(v.Pos, "loop variable %q shadows a builtin variable", v.Name)
	} else if b, ok := x.lookup(v.Name); ok {
		c.errorf(v.Pos, "loop variable %q shadows the loop variable at %s", v.Name, b.pos)
	} else if s := c.syms[v.Name]; s != nil {
		c.errorf(v.Pos, "loop variable %q shadows %s %q declared at %s", v.Name, s.kind, v.Name, s.pos)
	}
	return x.with(scopeEntry{name: v.Name, kind: bindLoop, pos: v.Pos})
}

func (c *checker) parallel(pos Pos, x checkCtx) {
	if x.par {
		c.errorf(pos, "nested parallel regions are not supported")
	} else if x.act != nil {
		x.act.opensPar = append(x.act.opensPar, pos)
	}
}

func (c *checker) needParallel(pos Pos, x checkCtx, what string) {
	if !x.par && x.act != nil {
		x.act.needPar = append(x.act.needPar, pos)
		x.act.needName = append(x.act.needName, what)
	}
}

func (c *checker) assign(a *Assign, x checkCtx) {
	t := c.expr(a.Value, x)
	if a.Name == nil || blank(a.Name.Name) {
		return
	}
	name, pos := a.Name.Name, a.Name.Pos
	if b, ok := x.lookup(name); ok {
		if b.kind == bindLoop {
			c.errorf(pos, "cannot assign to loop variable %q", name)
		} else {
			c.errorf(pos, "cannot assign to parameter %q", name)
		}
		return
	}
	s := c.syms[name]
	if s == nil {
		if _, ok := BuiltinVars[name]; ok {
			c.errorf(pos, "cannot assign to builtin variable %q", name)
		} else {
			c.errorf(pos, "undefined: %q", name)
		}
		return
	}
	if s.kind != symGlobal && s.kind != symLocal {
		c.errorf(pos, "cannot assign to %s %q", s.kind, name)
		return
	}
	s.set = true
	if t != valInvalid && s.valType != valInvalid && t != s.valType {
		c.errorf(exprPos(a.Value), "cannot assign %s to %s %q of type %s", t, s.kind, name, s.valType)
	}
}

func (c *checker) callStmt(s *Call, x checkCtx) {
	name := s.Name.Name
	t := c.syms[name]
	switch {
	case t == nil:
		c.errorf(s.Name.Pos, "undefined activity %q", name)
		return
	case t.kind != symActivity:
		c.errorf(s.Name.Pos, "%s %q is not an activity", t.kind, name)
		return
	}
	t.used = true
	if x.act != nil {
		x.act.calls = append(x.act.calls, callSite{to: name, pos: s.Name.Pos, inPar: x.par, caller: x.act})
	}
}

func (c *checker) choose(s *Choose, x checkCtx) {
	// The constant probabilities alone must not exceed 1.
	sum, nconst := 0.0, 0
	for i, p := range s.Probs {
		v, ok := c.wantNumber(p, x, "probability")
		if !ok {
			// not constant
		} else if v < 0 {
			c.errorf(exprPos(p), "probability must not be negative, got %s", numText(v))
		} else if v > 1 {
			c.errorf(exprPos(p), "probability must not exceed 1, got %s", numText(v))
		} else {
			sum += v
			nconst++
		}
		if i < len(s.Alts) {
			c.block(s.Alts[i], x)
		}
	}
	for _, b := range s.Alts[min(len(s.Probs), len(s.Alts)):] {
		c.block(b, x)
	}
	if nconst > 1 && sum > 1+1e-9 {
		c.errorf(s.Pos, "choose probabilities sum to %s, more than 1", numText(math.Round(sum*1e9)/1e9))
	}
	c.block(s.Else, x)
}

func (c *checker) comm(s *Comm, x checkCtx) {
	kw := "comm"
	if int(s.Kind) < len(commKinds) {
		kw = s.Kind.Keyword()
	}
	c.defineElem(s.Name, kw)
	switch s.Kind {
	case SendComm, IsendComm:
		c.rank(s.Peer, x, "peer")
	case RecvComm, IrecvComm:
		if !s.AnyPeer {
			c.rank(s.Peer, x, "peer")
		}
	}
	if s.Kind.HasRoot() {
		c.rank(s.Root, x, "root")
	}
	c.nonNegative(s.Size, x, "size")
	c.nonNegative(s.Tag, x, "tag")
	c.nonNegative(s.Cost, x, "cost")
	if s.Kind == WaitComm {
		for _, on := range s.On {
			if on != nil && !blank(on.Name) {
				c.waits = append(c.waits, on)
			}
		}
	}
	if s.Kind == BarrierComm && s.Threads {
		c.needParallel(s.Pos, x, "barrier threads")
	}
	if s.Algo != nil && !blank(s.Algo.Name) {
		c.algorithm(s, kw)
	}
}

func (c *checker) algorithm(s *Comm, kw string) {
	name := s.Algo.Name
	algo, ok := ir.ParseAlgorithm(name)
	if !ok {
		c.errorf(s.Algo.Pos, "unknown algorithm %q (known: %s)", name, strings.Join(ir.AlgorithmNames(), ", "))
		return
	}
	if !s.Kind.IsCollective() {
		c.errorf(s.Algo.Pos, "%s takes no algorithm", kw)
		return
	}
	if s.Kind == BarrierComm && s.Threads {
		c.errorf(s.Algo.Pos, "barrier threads takes no algorithm")
		return
	}
	if algo == ir.AlgoDefault {
		return
	}
	// The algorithms engine/internal/coll implements for the kind
	// (docs/language.md lists them).
	fit := ir.Algorithms(s.Kind.Op())
	if slices.Contains(fit, algo) {
		return
	}
	names := make([]string, len(fit))
	for i, a := range fit {
		names[i] = a.String()
	}
	c.errorf(s.Algo.Pos, "algorithm %q does not apply to %s (use default, %s)", name, kw, strings.Join(names, ", "))
}

// ---- whole-model checks ----

func (c *checker) resolveWaits() {
	for _, on := range c.waits {
		e := c.elems[on.Name]
		switch {
		case e == nil:
			c.errorf(on.Pos, "wait on undefined element %q", on.Name)
		case e.kind != "isend" && e.kind != "irecv":
			c.errorf(on.Pos, "wait on %q: it is a %s, not an isend or irecv", on.Name, e.kind)
		}
	}
}

// cycles reports each cycle of a graph once, at the callEdge that closes it.
func (c *checker) cycles(nodes []*declSym, edges func(*declSym) []callEdge, msg string) {
	const (
		white = iota
		grey
		black
	)
	color := map[*declSym]int{}
	var stack []string
	var visit func(s *declSym)
	visit = func(s *declSym) {
		color[s] = grey
		stack = append(stack, s.name)
		done := map[string]bool{}
		for _, e := range edges(s) {
			t := c.syms[e.to]
			if t == nil || done[e.to] {
				continue
			}
			done[e.to] = true
			switch color[t] {
			case white:
				visit(t)
			case grey:
				i := len(stack) - 1
				for i > 0 && stack[i] != t.name {
					i--
				}
				path := append(append([]string(nil), stack[i:]...), t.name)
				c.errorf(e.pos, "%s: %s", msg, strings.Join(path, " → "))
			}
		}
		stack = stack[:len(stack)-1]
		color[s] = black
	}
	for _, s := range nodes {
		if color[s] == white && c.syms[s.name] == s {
			visit(s)
		}
	}
}

func (c *checker) costCycles() {
	var nodes []*declSym
	for _, s := range c.order {
		if s.kind == symCost {
			nodes = append(nodes, s)
		}
	}
	c.cycles(nodes, func(s *declSym) []callEdge { return s.costCalls }, "recursive cost function")
}

func (c *checker) activityCycles() {
	var nodes []*declSym
	if m := c.syms["main"]; m != nil && m.kind == symActivity {
		nodes = append(nodes, m)
	}
	for _, s := range c.order {
		if s.kind == symActivity {
			nodes = append(nodes, s)
		}
	}
	c.cycles(nodes, func(s *declSym) []callEdge {
		es := make([]callEdge, len(s.calls))
		for i, cs := range s.calls {
			es[i] = callEdge{cs.to, cs.pos}
		}
		return es
	}, "recursive call")
}

// parallelContext checks critical sections and thread barriers outside
// parallel regions, and parallel regions nested through calls.
//
// An activity is "only parallel" when it is called, and every call is
// lexically inside a parallel region or made from an only-parallel
// activity; main never is. An activity is "in parallel" when some call is
// inside a region or made from an in-parallel activity.
func (c *checker) parallelContext() {
	var acts []*declSym
	for _, s := range c.order {
		if s.kind == symActivity && c.syms[s.name] == s {
			acts = append(acts, s)
		}
	}
	var sites []callSite
	for _, s := range acts {
		sites = append(sites, s.calls...)
	}
	only := map[string]bool{}
	in := map[string]bool{}
	for _, s := range acts {
		only[s.name] = s.name != "main"
	}
	for changed := true; changed; {
		changed = false
		for _, cs := range sites {
			if c.syms[cs.caller.name] != cs.caller {
				continue
			}
			if !cs.inPar && !only[cs.caller.name] && only[cs.to] {
				only[cs.to] = false
				changed = true
			}
			if (cs.inPar || in[cs.caller.name]) && !in[cs.to] {
				in[cs.to] = true
				changed = true
			}
		}
	}
	for _, s := range acts {
		if !only[s.name] {
			for i, pos := range s.needPar {
				c.errorf(pos, "%s outside a parallel region", s.needName[i])
			}
		}
		if in[s.name] {
			for _, pos := range s.opensPar {
				c.errorf(pos, "nested parallel regions are not supported (activity %q is called inside a parallel region)", s.name)
			}
		}
	}
}

func (c *checker) unused() {
	for _, s := range c.order {
		if s.used || s.name == "" || c.syms[s.name] != s {
			continue
		}
		switch s.kind {
		case symParam:
			if !c.setParam[s.name] {
				c.warnf(s.pos, "param %q is never used", s.name)
			}
		case symGlobal, symLocal:
			if s.set {
				c.warnf(s.pos, "%s %q is assigned but never read", s.kind, s.name)
			} else {
				c.warnf(s.pos, "%s %q is never used", s.kind, s.name)
			}
		case symCost:
			c.warnf(s.pos, "cost function %q is never called", s.name)
		case symActivity:
			if s.name != "main" {
				c.warnf(s.pos, "activity %q is never called", s.name)
			}
		}
	}
}

// ---- positions ----

func nilExpr(e Expr) bool {
	switch e := e.(type) {
	case nil:
		return true
	case *Ident:
		return e == nil
	case *Number:
		return e == nil
	case *Bool:
		return e == nil
	case *Unary:
		return e == nil
	case *Binary:
		return e == nil
	case *CallExpr:
		return e == nil
	case *Cond:
		return e == nil
	case *Paren:
		return e == nil
	}
	return false
}

// exprPos is e.Position() that tolerates nil parts.
func exprPos(e Expr) Pos {
	if nilExpr(e) {
		return Pos{}
	}
	switch e := e.(type) {
	case *Binary:
		if p := exprPos(e.X); p.IsValid() {
			return p
		}
		return e.OpPos
	case *CallExpr:
		if e.Fun != nil {
			return e.Fun.Pos
		}
		return e.Rparen
	case *Cond:
		return exprPos(e.C)
	}
	return e.Position()
}
