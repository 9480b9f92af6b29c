package analyze

import (
	"fmt"
	"math"

	"modernc.org/cc/v4"
)

// Values the analysis cannot compute but that are the same on every
// process. A branch on a value the analysis does not know is drawn per
// process with a probability; when the branch communicates, one process
// may then send a halo that its neighbour never receives, and the model
// deadlocks. But many such values cannot differ between processes: they
// depend on the process count, constants and the program's arguments
// only, not on the rank — ParRes Kernels' factor(Num_procs, &Num_procsx,
// &Num_procsy), a grid of processes computed by a loop that stops at a
// break. Such a value is one parameter of the model, shared by every
// process, never a draw per process:
//
//   - the values a pure function of the program (no global, no MPI, no
//     I/O: evalc.go) writes through pointers, called with arguments that
//     do not depend on the rank, are computed by running the function: for
//     every process count from 1 to maxTabulated when its arguments read
//     procs, once when they are constants. Where it cannot be run, each is
//     a parameter whose default keeps the model valid: the first a grid of
//     procs × 1 × ..., the others 1;
//   - any other variable whose value is unknown but not derived from the
//     rank (uniform, below) is a parameter named after it when a branch
//     tests it or a value is computed from it.
//
// A warning names the parameter and its C origin; --set gives it, also
// as an expression of procs (--set 'Num_procsx=procs/2').

// unknowns is the walker's part for the values the analysis cannot
// compute: the variables that may differ between processes, the pure
// functions and what their calls give (unknown.go, recur.go), and the
// parameters that stand for the rest (unknownVar, paramName).
type unknowns struct {
	w *walker
	// unknownNames are the parameters made for function parameters whose
	// value became unknown (paramName).
	unknownNames map[*cc.Declarator]string
	// varies are the variables of the function whose value may differ
	// between processes ; shared is set while a value is read
	// in which a variable unknown but the same everywhere becomes a
	// parameter, sharedAt where.
	varies   map[*cc.Declarator]bool
	shared   int
	sharedAt cc.Node
	// pureFuncs caches which functions are pure; outVals are the values
	// a pure function's call writes through &x, set once its statement
	// is done.
	pureFuncs map[string]bool
	outVals   map[*cc.Declarator]Expr
	// pureVals are the values of calls of pure functions of constants
	// or of procs, by function and arguments (pureValue).
	pureVals map[string]Expr
}

// enter starts function fd: which of its variables may differ between
// processes; no pure call has written through a pointer yet.
func (uk *unknowns) enter(fd *cc.FunctionDefinition) {
	uk.varies, uk.outVals = uk.varyingVars(fd), nil
}

// maxTabulated is the largest process count for which the values of a
// pure function of procs are computed; beyond it, the parameter's default.
const maxTabulated = 1024

// uniformity finds, in a function, the variables whose value may differ
// from process to process (varies): those computed from the rank, from
// what a message brought, from memory the analysis does not follow, or
// assigned under a test of such a value. It is flow-insensitive: a
// variable is uniform only if every assignment of it is.
type uniformity struct {
	w      *walker
	fd     *cc.FunctionDefinition
	varies map[*cc.Declarator]bool
	params map[*cc.Declarator]bool
	argv   *cc.Declarator
}

// site is one write of a variable: what it is computed from (froms; nil
// entries stand for something that varies), under which tests (controls).
type site struct {
	d        *cc.Declarator
	froms    []cc.Node
	varying  bool
	controls []cc.Node
}

// varyingVars computes the variables of fd that may differ between
// processes.
func (uk *unknowns) varyingVars(fd *cc.FunctionDefinition) map[*cc.Declarator]bool {
	u := &uniformity{w: uk.w, fd: fd, varies: map[*cc.Declarator]bool{}, params: map[*cc.Declarator]bool{}}
	ps := paramDecls(fd)
	for i, d := range ps {
		if fd.Declarator.Name() == "main" {
			if i == 1 {
				u.argv = d
			}
			continue
		}
		// A parameter holds what its callers pass: taken as varying.
		u.params[d] = true
		u.varies[d] = true
	}
	var sites []site
	u.collect(fd.CompoundStatement, nil, &sites)
	for changed := true; changed; {
		changed = false
		for _, s := range sites {
			if u.varies[s.d] {
				continue
			}
			v := s.varying
			for _, n := range append(append([]cc.Node{}, s.froms...), s.controls...) {
				v = v || u.exprVaries(n)
			}
			if v {
				u.varies[s.d] = true
				changed = true
			}
		}
	}
	return u.varies
}

// collect lists the writes of variables in n, with the tests that
// control them.
func (u *uniformity) collect(n cc.Node, controls []cc.Node, out *[]site) {
	switch x := n.(type) {
	case nil:
		return
	case *cc.SelectionStatement:
		u.collect(x.ExpressionList, controls, out)
		inner := append(append([]cc.Node{}, controls...), x.ExpressionList)
		u.collect(x.Statement, inner, out)
		u.collect(x.Statement2, inner, out)
		return
	case *cc.IterationStatement:
		inner := append([]cc.Node{}, controls...)
		test, _ := loopTestStep(x)
		if test != nil {
			inner = append(inner, test)
		}
		// A test that leaves the loop early controls every write in it
		// and the index after it (factor's if (...) break).
		visit(x.Statement, func(m cc.Node) bool {
			if s, ok := m.(*cc.SelectionStatement); ok && leaves(s) {
				inner = append(inner, s.ExpressionList)
			}
			return true
		})
		if x.Case == cc.IterationStatementForDecl {
			u.collect(x.Declaration, controls, out)
		} else if x.Case == cc.IterationStatementFor {
			u.collect(x.ExpressionList, controls, out)
		}
		for _, c := range []cc.Node{x.ExpressionList2, x.ExpressionList3, x.Statement} {
			u.collect(c, inner, out)
		}
		if x.Case == cc.IterationStatementWhile || x.Case == cc.IterationStatementDo {
			u.collect(x.ExpressionList, inner, out)
		}
		return
	case *cc.InitDeclarator:
		if x.Declarator != nil && x.Initializer != nil && x.Initializer.Case == cc.InitializerExpr {
			*out = append(*out, site{d: x.Declarator, froms: []cc.Node{x.Initializer.AssignmentExpression}, controls: controls})
		}
		if x.Initializer != nil {
			u.collect(x.Initializer, controls, out)
		}
		return
	case *cc.AssignmentExpression:
		if x.Case != cc.AssignmentExpressionCond {
			if d := declOf(x.UnaryExpression); d != nil {
				*out = append(*out, site{d: d, froms: []cc.Node{x.AssignmentExpression}, controls: controls})
			}
			u.collect(x.AssignmentExpression, controls, out)
			return
		}
	case *cc.UnaryExpression:
		if x.Case == cc.UnaryExpressionInc || x.Case == cc.UnaryExpressionDec {
			if d := declOf(x.UnaryExpression); d != nil {
				*out = append(*out, site{d: d, controls: controls})
			}
		}
	case *cc.PostfixExpression:
		switch x.Case {
		case cc.PostfixExpressionInc, cc.PostfixExpressionDec:
			if d := declOf(x.PostfixExpression); d != nil {
				*out = append(*out, site{d: d, controls: controls})
			}
		case cc.PostfixExpressionCall:
			u.callSites(x, controls, out)
		}
	}
	visit(n, func(m cc.Node) bool {
		if m == n {
			return true
		}
		switch m.(type) {
		case *cc.SelectionStatement, *cc.IterationStatement, *cc.InitDeclarator, *cc.AssignmentExpression,
			*cc.UnaryExpression, *cc.PostfixExpression:
			u.collect(m, controls, out)
			return false
		}
		return true
	})
}

// leaves reports whether an if's arms break out of the loop around or
// return.
func leaves(s *cc.SelectionStatement) bool {
	found := false
	for _, arm := range []*cc.Statement{s.Statement, s.Statement2} {
		visit(arm, func(m cc.Node) bool {
			if _, ok := m.(*cc.IterationStatement); ok {
				return false // a break there leaves that loop
			}
			if j, ok := m.(*cc.JumpStatement); ok && j.Case != cc.JumpStatementContinue {
				found = true
			}
			return !found
		})
	}
	return found
}

// callSites are the variables a call writes through &x: a broadcast or
// an allreduce gives every process the same value, MPI_Comm_size the
// process count, a pure function of uniform arguments a uniform value;
// anything else may differ.
func (u *uniformity) callSites(p *cc.PostfixExpression, controls []cc.Node, out *[]site) {
	name := calleeName(p)
	args := callArgs(p)
	for i, a := range args {
		ua, ok := unparen(a).(*cc.UnaryExpression)
		if !ok || ua.Case != cc.UnaryExpressionAddrof {
			continue
		}
		d := declOf(ua.CastExpression)
		if d == nil {
			continue
		}
		s := site{d: d, controls: controls}
		switch {
		case name == "MPI_Comm_size", name == "MPI_Bcast" && i == 0, name == "MPI_Allreduce" && i == 1:
		case name == "sscanf" && i >= 2:
			s.froms = []cc.Node{args[0]}
		case u.w.unk.pure(name):
			for j, b := range args {
				if j != i {
					s.froms = append(s.froms, b)
				}
			}
		default:
			s.varying = true
		}
		*out = append(*out, s)
	}
}

// exprVaries reports whether an expression may have a different value on
// different processes.
func (u *uniformity) exprVaries(e cc.Node) bool {
	found := false
	visit(e, func(m cc.Node) bool {
		if found {
			return false
		}
		switch x := m.(type) {
		case *cc.PrimaryExpression:
			if x.Case != cc.PrimaryExpressionIdent {
				return true
			}
			if v, ok := u.w.mpi.rankOf(x); ok {
				found = v.(Name).N == "pid"
				return false
			}
			d, ok := x.ResolvedTo().(*cc.Declarator)
			if !ok || d == nil {
				return true // an enumerator
			}
			switch {
			case u.varies[d]:
				found = true
			case d == u.argv, d.IsFuncDef(), isFunction(d):
			case d.LexicalScope() != nil && d.LexicalScope().Parent == nil || d.IsStatic():
				// A global: another function may set it per process.
				found = !d.IsConst()
			}
			return false
		case *cc.PostfixExpression:
			switch x.Case {
			case cc.PostfixExpressionCall:
				name := calleeName(x)
				if !u.w.unk.pure(name) && !argvConversions[name] {
					found = true
				}
				return !found
			case cc.PostfixExpressionIndex:
				if d := declOf(x.PostfixExpression); d != nil && d == u.argv {
					return true // argv[k]: the same everywhere
				}
				found = true
			case cc.PostfixExpressionSelect, cc.PostfixExpressionPSelect:
				if v, ok := u.w.mpi.rankOf(x); ok {
					found = v.(Name).N == "pid"
					return false
				}
				found = true
			}
		case *cc.UnaryExpression:
			if x.Case == cc.UnaryExpressionDeref {
				found = true
			}
		}
		return !found
	})
	return found
}

func isFunction(d *cc.Declarator) bool {
	_, ok := d.Type().(*cc.FunctionType)
	return ok
}

// pure reports whether name is a C library function of arithmetic or a
// function of the program the interpreter can run: one that reads no
// global and calls only pure functions (MPI, I/O and the clock are not).
func (uk *unknowns) pure(name string) bool {
	if _, ok := pureMath[name]; ok {
		return true
	}
	if uk.pureFuncs == nil {
		uk.pureFuncs = map[string]bool{}
	}
	if v, ok := uk.pureFuncs[name]; ok {
		return v
	}
	fd := uk.w.funcs[name]
	if fd == nil {
		return false
	}
	uk.pureFuncs[name] = false // recursion is not pure
	ok := true
	visit(fd.CompoundStatement, func(m cc.Node) bool {
		switch x := m.(type) {
		case *cc.PrimaryExpression:
			if x.Case == cc.PrimaryExpressionIdent {
				if d, isDecl := x.ResolvedTo().(*cc.Declarator); isDecl && d != nil && !isFunction(d) {
					if s := d.LexicalScope(); s != nil && s.Parent == nil || d.IsStatic() {
						ok = false
					}
				}
			}
		case *cc.PostfixExpression:
			if x.Case == cc.PostfixExpressionCall && !uk.pure(calleeName(x)) {
				ok = false
			}
		}
		return ok
	})
	uk.pureFuncs[name] = ok
	return ok
}

// outParams gives the variables that a call of a pure function of the
// program writes through &x the value it writes, when its other
// arguments do not depend on the rank: computed by running the function
// (for each process count when they read procs), else a parameter with a
// default that keeps the model valid. The values are set once the
// statement is done (expression), in straight-line code only.
func (uk *unknowns) outParams(c *cc.PostfixExpression) {
	name := calleeName(c)
	fd := uk.w.funcs[name]
	if fd == nil || !uk.pure(name) || len(uk.w.loops) > 0 || uk.w.inIf > 0 {
		return
	}
	args := callArgs(c)
	var outs []*cc.Declarator
	outAt := map[int]int{} // argument → index in outs
	in := make([]Expr, len(args))
	for i, a := range args {
		if ua, ok := unparen(a).(*cc.UnaryExpression); ok && ua.Case == cc.UnaryExpressionAddrof {
			d := declOf(ua.CastExpression)
			if d == nil || !cc.IsArithmeticType(d.Type()) {
				return
			}
			outAt[i] = len(outs)
			outs = append(outs, d)
			in[i] = uk.w.vals[d] // the value it holds before, if known
			continue
		}
		v, ok := uk.w.sym(a)
		if !ok {
			return
		}
		in[i] = v
	}
	if len(outs) == 0 {
		return
	}
	readsProcs := false
	for i, v := range in {
		if _, out := outAt[i]; out && v == nil {
			continue
		}
		for _, n := range names(v) {
			switch {
			case n == "procs":
				readsProcs = true
			default:
				return // the rank, a parameter, a local: not a value of procs alone
			}
		}
	}
	// Run it at each process count (once when procs is not read).
	top := 1
	if readsProcs {
		top = maxTabulated
	}
	table := make([][]float64, len(outs))
	for p := 1; p <= top; p++ {
		vals, ok := uk.runAt(fd, in, outAt, float64(p))
		if !ok {
			table = nil
			break
		}
		for k, v := range vals {
			table[k] = append(table[k], v)
		}
	}
	at := pos(c)
	if uk.outVals == nil {
		uk.outVals = map[*cc.Declarator]Expr{}
	}
	var made []string
	for k, d := range outs {
		pname := uk.w.varName(d)
		origin := fmt.Sprintf("the value %s writes into %s at %s", name, d.Name(), at)
		if table != nil {
			if !readsProcs {
				uk.outVals[d] = Num{table[k][0]}
				continue
			}
			p := uk.w.a.param(pname, table[k][0], at, "computed", fmt.Sprintf("%s, the same on every process: %s run for 1 to %d processes (beyond, %s)", origin, name, maxTabulated, String(gridDefault(k))))
			p.Value = tabulate(table[k], gridDefault(k))
			// The other side of a grid, procs / the first: given so, it
			// follows when --set changes the first.
			for j := range k {
				if quotient(table[k], table[j]) {
					p.Value = Call{"floor", []Expr{div(Name{"procs"}, Name{made[j]})}}
					p.Doc = fmt.Sprintf("%s, the same on every process: procs / %s, as %s computes it", origin, made[j], name)
					break
				}
			}
			made = append(made, p.Name)
			uk.outVals[d] = Name{p.Name}
			continue
		}
		def := Expr(Num{1})
		if readsProcs {
			def = gridDefault(k)
		}
		p := uk.w.a.param(pname, 1, at, "unknown", origin+", the same on every process (not known statically)")
		p.Value = def
		uk.w.a.Unknowns = append(uk.w.a.Unknowns, Unknown{Pos: at, What: origin, Param: p.Name, How: Default, Value: String(def)})
		uk.w.a.warnParam(p.Name, at, "%s is not known statically (%s cannot be run here): it is the parameter %s, the same on every process (default %s); give it with --set %s=VALUE, which may be an expression of procs", origin, name, p.Name, String(def), p.Name)
		uk.outVals[d] = Name{p.Name}
	}
}

// quotient reports whether vals at procs = p is always p / by (the second
// side of a grid).
func quotient(vals, by []float64) bool {
	for i, v := range vals {
		if by[i] == 0 || v != math.Trunc(float64(i+1)/by[i]) {
			return false
		}
	}
	return true
}

// gridDefault is the default of the k-th value a function of procs
// writes: a grid of procs × 1 × ... (every rank a coordinate of the
// first dimension, each neighbour in range).
func gridDefault(k int) Expr {
	if k == 0 {
		return Name{"procs"}
	}
	return Num{1}
}

// runAt runs fd with the arguments in at the process count procs and
// returns the values it leaves in the variables passed by address.
func (uk *unknowns) runAt(fd *cc.FunctionDefinition, in []Expr, outAt map[int]int, procs float64) ([]float64, bool) {
	env := map[string]float64{"procs": procs}
	args := make([]cval, len(in))
	cells := make([]*cval, len(outAt))
	for i, e := range in {
		v := 0.0
		if e != nil {
			x, ok := eval(e, env)
			if !ok {
				return nil, false
			}
			v = x
		}
		if k, out := outAt[i]; out {
			cells[k] = &cval{num: v}
			args[i] = cval{ref: cells[k]}
			continue
		}
		args[i] = cval{num: v}
	}
	if _, err := runPure(uk.w.funcs, fd, args); err != nil {
		return nil, false
	}
	out := make([]float64, len(cells))
	for k, c := range cells {
		if c.ref != nil || math.IsNaN(c.num) || math.IsInf(c.num, 0) {
			return nil, false
		}
		out[k] = c.num
	}
	return out, true
}

// tabulate is the expression of procs whose value at procs = p is
// vals[p-1], and beyond len(vals) the default: a balanced tree of
// comparisons, so that a process evaluates a handful of them, with runs
// of equal values merged.
func tabulate(vals []float64, beyond Expr) Expr {
	type run struct {
		lo, hi int // procs from lo to hi
		v      float64
	}
	var runs []run
	for i, v := range vals {
		if n := len(runs); n > 0 && runs[n-1].v == v {
			runs[n-1].hi = i + 1
			continue
		}
		runs = append(runs, run{i + 1, i + 1, v})
	}
	var tree func(rs []run) Expr
	tree = func(rs []run) Expr {
		if len(rs) == 1 {
			return Num{rs[0].v}
		}
		mid := len(rs) / 2
		return Cond{Bin{"<", Name{"procs"}, Num{float64(rs[mid].lo)}}, tree(rs[:mid]), tree(rs[mid:])}
	}
	t := tree(runs)
	if len(runs) == 1 {
		// The same at every count tabulated: a constant.
		return t
	}
	return Cond{Bin{"<=", Name{"procs"}, Num{float64(len(vals))}}, t, beyond}
}

// sharedUnknown makes a variable whose value the analysis does not know
// but that is the same on every process a parameter named after it, when
// a branch tests it or a value is computed from it (shared).
func (uk *unknowns) sharedUnknown(d *cc.Declarator) (Expr, bool) {
	if uk.shared == 0 || uk.varies == nil || uk.varies[d] || d.IsFuncDef() || !cc.IsArithmeticType(d.Type()) {
		return nil, false
	}
	for _, l := range uk.w.loops {
		if assigns(l.stmt, d) {
			return nil, false
		}
	}
	return uk.unknownParam(d, pos(uk.sharedAt), ", the same on every process (not known statically)",
		"the value of the C variable %s (declared at %s) is not known statically but is the same on every process: it is the parameter %s (default 1), not a draw per process; give it with --set %s=VALUE, which may be an expression of procs")
}

// unknownParam makes d's value the parameter named after it, default 1,
// made at its first read at use: how says what is known of the value,
// warning is the warning's format (of d's name, its position and the
// parameter's name twice).
func (uk *unknowns) unknownParam(d *cc.Declarator, use Position, how, warning string) (Expr, bool) {
	name := uk.paramName(d)
	if !uk.w.a.hasParam(name) {
		uk.w.a.param(name, 1, pos(d), "unknown", "value of the C variable "+d.Name()+how+", read at "+use.String())
		uk.w.a.Unknowns = append(uk.w.a.Unknowns, Unknown{Pos: use, What: "value of the C variable " + d.Name() + " declared at " + pos(d).String(), Param: name, How: Default, Value: "1"})
		uk.w.a.warnParam(name, use, warning, d.Name(), pos(d), name, name)
	}
	uk.w.vals[d] = Name{name}
	return Name{name}, true
}

// symShared is sym where a variable that is unknown but the same on
// every process becomes a shared parameter (sharedUnknown).
func (uk *unknowns) symShared(e cc.Node, cond bool) (Expr, bool) {
	uk.shared++
	uk.sharedAt = e
	defer func() { uk.shared-- }()
	if cond {
		return uk.w.symCond(e)
	}
	return uk.w.sym(e)
}

// peerArgs gives a parameter of a function that a message's peer reads
// (CoMD's sendReceiveParallel(..., dest, ..., source)) the process
// itself where a call passes a value the analysis cannot follow (a
// neighbour's rank from a struct's array): left as it was, every process
// would exchange with process 0 and the others' messages would never be
// matched; a message to itself matches whatever the others do.
func (a *Analysis) peerArgs() {
	peers := map[string]map[int]bool{}
	for _, f := range a.Funcs {
		var comms []*Comm
		for _, b := range blocksOf(f.Body) {
			if b.Comm != nil {
				comms = append(comms, b.Comm)
				comms = append(comms, b.Comm.Parts...)
			}
		}
		for i, p := range f.Params {
			for _, c := range comms {
				if c.Peer != nil && mentionsName(c.Peer, p) {
					if peers[f.Name] == nil {
						peers[f.Name] = map[int]bool{}
					}
					peers[f.Name][i] = true
				}
			}
		}
	}
	for _, b := range a.Blocks() {
		if b.Kind != CallK || peers[b.Callee] == nil {
			continue
		}
		for i := range b.Args {
			if b.Args[i] == nil && peers[b.Callee][i] {
				b.Args[i] = Name{"pid"}
				a.warn(b.Pos, "argument %d of %s is a message's peer that the analysis cannot follow: the process itself (pid), which always matches; annotate the program or give the model's local %s another value", i+1, b.Callee, a.Func(b.Callee).Params[i])
			}
		}
	}
}

// blocksOf lists bs and every block inside them.
func blocksOf(bs []*Block) []*Block {
	var out []*Block
	for _, b := range bs {
		out = append(out, b)
		out = append(out, blocksOf(b.Body)...)
		out = append(out, blocksOf(b.Then)...)
		out = append(out, blocksOf(b.Else)...)
	}
	return out
}
