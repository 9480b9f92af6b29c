package analyze

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"modernc.org/cc/v4"

	"augur/internal/frontend/ccline"
	"augur/internal/frontend/cfront"
)

// Source is one translation unit to analyse: its type-checked syntax tree
// and the `#pragma augur` lines of the user's files.
type Source struct {
	File    string
	AST     *cc.AST
	Pragmas []Pragma
	// System are the directories of the system's and MPI's headers
	// (cfront.Program.System): the functions and macros of any other
	// header are the program's.
	System []string
	// Directives are the unit's other #pragma lines (omp.go).
	Directives []Pragma
}

// Sources are the units the C front end read.
func Sources(p *cfront.Program) []Source {
	var out []Source
	for _, u := range p.Units {
		s := Source{File: u.File, AST: u.AST, System: p.System}
		for _, pr := range u.Pragmas {
			s.Pragmas = append(s.Pragmas, Pragma{Pos: Position{File: pr.Pos.File, Line: pr.Pos.Line, Col: pr.Pos.Col}, Text: pr.Text})
		}
		for _, pr := range u.Directives {
			s.Directives = append(s.Directives, Pragma{Pos: Position{File: pr.Pos.File, Line: pr.Pos.Line, Col: pr.Pos.Col}, Text: pr.Text})
		}
		out = append(out, s)
	}
	return out
}

// Pragma is a `#pragma augur TEXT` line.
type Pragma struct {
	Pos  Position
	Text string // after "augur", e.g. "loop(N / 2)"
}

// Options control an analysis.
type Options struct {
	// Set gives parameters values: for the working-set estimates, and as
	// the defaults written into the model.
	Set map[string]float64
	// IsUser reports whether a file is one of the user's own (not a
	// system header); nil: every file that is a Source's File.
	IsUser func(file string) bool
	// Compiled is what the compile line says about the code the machine
	// executes (optimisation level, -ffast-math or -Ofast, -march,
	// -fopenmp): what gcc makes of a block depends on it, so the pricing
	// of a block may. The report header shows it.
	Compiled ccline.CodeGen
	// Values are the values given outside the source (values.go).
	Values []ValueLine
}

// walker analyses the functions of a program. It walks each function's
// statements in order, keeping the state of the function walked (the
// fields below "Per function"), and hands each concern to a part: a type
// of its own with its own fields and files, reached through the field
// here, which reaches the walker (and through it the other parts, by
// their methods) through its w. docs/contributing.md has the table of
// the parts; walk.go, csym.go and ops.go's opsCounter are the walk
// itself: the statements, the symbolic values of expressions and the
// operations they count.
type walker struct {
	a       *Analysis
	o       Options
	funcs   map[string]*cc.FunctionDefinition
	pragmas map[string]map[int]string // file → line → pragma text
	taken   map[string]bool           // model names in use
	warned  map[string]bool           // library functions already warned about

	// The parts.
	values *progValues   // what the program gives globals, fields and options
	args   *argvPart     // main's arguments
	unk    *unknowns     // the values not known statically: parameters
	allocs *allocFuncs   // the program's allocators
	arrs   *smallArrays  // the values kept in small arrays' elements
	flow   *control      // loops, branches, switches and jumps
	mem    *memOps       // the counting and pricing of operations and accesses
	mpi    *mpiPart      // the MPI calls and the rank
	omp    *ompState     // the OpenMP directives
	ptrs   *funcPointers // the functions called through pointers

	// Per function.
	fn    *Func
	vals  map[*cc.Declarator]Expr   // symbolic values of scalar variables
	names map[*cc.Declarator]string // model names of variables
	loops []*loopFrame              // enclosing loops, outermost first
	inIf  int                       // depth of enclosing branches
	// scopeIf is inIf where the innermost if arm or loop body began: an
	// assignment at that depth is straight-line code of it, whose value
	// holds until the arm ends (join.go) or the iteration does.
	scopeIf int
	// rankIfs is how many of the enclosing branches one rank alone
	// takes (if (rank == 0)); rootVals are the values variables were
	// given inside such a branch (the last assignment the walk met),
	// which an MPI_Bcast from that rank gives every rank.
	rankIfs  int
	rootVals map[*cc.Declarator]Expr
	// allocated is the size in bytes of what a pointer variable was set
	// to by malloc or calloc, when known: the footprint of accesses
	// through it whose index the analysis cannot follow.
	allocated map[string]Expr
	// allocSites maps an allocation's call site to the pointer it set.
	allocSites map[string]string
	// fieldVars are the variables of the function that copy a field
	// whose value is not known (n = s->n; fields.go).
	fieldVars map[*cc.Declarator]cc.Node
	// paramize is set while loop bounds and message sizes are read: a
	// variable whose value is unknown but that no enclosing loop changes
	// then becomes a parameter named after it.
	paramize []cc.Node
	// symDepth is how deep symAny is (maxSymDepth).
	symDepth int
	// elems are the values of the elements of arrays an MPI_Allgather
	// filled (gathered.go).
	elems map[*cc.Declarator]Expr
}

// loopFrame is an enclosing loop while its body is walked.
type loopFrame struct {
	decl   *cc.Declarator
	info   *LoopInfo
	stmt   cc.Node
	ifBase int    // inIf when the body started
	blk    *Block // the loop's block, its body being walked
}

// Run analyses the program made of srcs.
func Run(srcs []Source, o Options) (*Analysis, error) {
	w := &walker{a: &Analysis{}, o: o, funcs: map[string]*cc.FunctionDefinition{},
		pragmas: map[string]map[int]string{}, taken: map[string]bool{}, warned: map[string]bool{}}
	w.values = &progValues{w: w}
	w.args = &argvPart{w: w}
	w.unk = &unknowns{w: w}
	w.allocs = &allocFuncs{w: w, binding: map[string]bool{}}
	w.arrs = &smallArrays{w: w}
	w.flow = &control{w: w, skips: map[*cc.SelectionStatement]bool{}, clamped: map[*cc.Declarator]bool{}}
	w.mem = &memOps{w: w}
	w.mpi = &mpiPart{w: w}
	w.omp = &ompState{w: w}
	w.ptrs = &funcPointers{w: w}
	if w.o.IsUser == nil {
		w.o.IsUser = userFiles(srcs)
	}
	for _, s := range srcs {
		for _, p := range s.Pragmas {
			if w.pragmas[p.Pos.File] == nil {
				w.pragmas[p.Pos.File] = map[int]string{}
			}
			w.pragmas[p.Pos.File][p.Pos.Line] = strings.TrimSpace(p.Text)
		}
	}
	var defs []*cc.FunctionDefinition
	for _, s := range srcs {
		if s.AST == nil {
			continue
		}
		for l := s.AST.TranslationUnit; l != nil; l = l.TranslationUnit {
			ed := l.ExternalDeclaration
			if ed == nil || ed.Case != cc.ExternalDeclarationFuncDef {
				continue
			}
			fd := ed.FunctionDefinition
			if !w.o.IsUser(pos(fd.Declarator).File) {
				continue
			}
			name := fd.Declarator.Name()
			if name == "PIC_proba" {
				continue // ChronosMix's annotation, read where it is called
			}
			if _, dup := w.funcs[name]; dup {
				w.a.warn(pos(fd.Declarator), "function %s is defined twice; the second definition is ignored", name)
				continue
			}
			w.funcs[name] = fd
			defs = append(defs, fd)
		}
	}
	if _, ok := w.funcs["main"]; !ok {
		return nil, fmt.Errorf("no main function in %s", sourceNames(srcs))
	}
	// A parameter made before the walk reaches a function must not take
	// the function's name, nor one of the cost functions every model
	// declares (miniAMR's global int stencil became the parameter
	// stencil_7, the name of its function stencil_7; its loop index
	// level shadowed the cost function level).
	for name := range w.funcs {
		w.taken[name] = true
	}
	for _, name := range preludeCosts() {
		w.taken[name] = true
	}
	w.mpi.read(srcs, defs)
	w.values.read(srcs, defs)
	w.ptrs.read(srcs, defs)
	w.allocs.findAllocators(defs)
	w.omp.ompInit(srcs)
	for _, fd := range defs {
		w.function(fd)
	}
	w.omp.ompUnused()
	w.omp.ompCalled()
	w.a.peerArgs()
	w.a.counts()
	w.a.reuse()
	w.a.tiles()
	w.a.restarts()
	w.a.touches()
	w.allocs.firstTouches()
	w.a.callCounts()
	w.a.argDefaults()
	if err := w.a.giveValues(w.o.Values); err != nil {
		return nil, err
	}
	w.a.keepModelParams()
	w.a.sortDiags()
	return w.a, nil
}

// userFiles tells the program's files from the system's: the sources,
// and the headers that are not in a system directory (a header of the
// program's defines functions and macros that are followed like the
// sources'). cc names the headers it makes up in angle brackets.
func userFiles(srcs []Source) func(string) bool {
	user := map[string]bool{}
	var system []string
	for _, s := range srcs {
		user[s.File] = true
		system = append(system, s.System...)
	}
	return func(f string) bool {
		if user[f] {
			return true
		}
		if f == "" || strings.HasPrefix(f, "<") || len(system) == 0 {
			return false
		}
		f = filepath.Clean(f)
		for _, d := range system {
			if f == d || strings.HasPrefix(f, d+string(filepath.Separator)) {
				return false
			}
		}
		// cfront's stand-ins for missing headers live in a temporary
		// directory of their own.
		return !strings.Contains(f, "augur-cfront-")
	}
}

func sourceNames(srcs []Source) string {
	var n []string
	for _, s := range srcs {
		n = append(n, s.File)
	}
	return strings.Join(n, ", ")
}

// pos is the position of a node.
func pos(n cc.Node) Position {
	if n == nil {
		return Position{}
	}
	p := n.Position()
	return Position{File: p.Filename, Line: p.Line, Col: p.Column}
}

// modelKeywords are the model language's reserved words and built-in
// names, which a C variable must not become.
var modelKeywords = map[string]bool{}

func init() {
	for _, k := range strings.Fields(`model param global local cost activity action delay call if else loop for
		in step choose send recv isend irecv wait on to from any size tag root algorithm barrier bcast reduce
		allreduce gather scatter allgather alltoall parallel pfor schedule static dynamic guided chunk critical atomic master single priority true
		false pid tid uid nid nodes cpus procs threads nthreads min max abs floor ceil round sqrt pow exp log
		log2 log10 uniform normal exponential ops main`) {
		modelKeywords[k] = true
	}
}

// fresh returns a model name based on base that is not yet in use.
func (w *walker) fresh(base string) string {
	if modelKeywords[base] {
		base += "_"
	}
	name := base
	for i := 2; w.taken[name]; i++ {
		name = fmt.Sprintf("%s_%d", base, i)
	}
	w.taken[name] = true
	return name
}

// blockName names a block after its function and first line.
func (w *walker) blockName(n cc.Node) string {
	return w.fresh(fmt.Sprintf("%s_L%d", w.fn.Name, pos(n).Line))
}

func (w *walker) function(fd *cc.FunctionDefinition) {
	name := fd.Declarator.Name()
	w.fn = &Func{Name: name, Pos: pos(fd.Declarator)}
	w.taken[name] = true
	w.vals = map[*cc.Declarator]Expr{}
	w.rootVals = map[*cc.Declarator]Expr{}
	w.names = map[*cc.Declarator]string{}
	w.allocated = map[string]Expr{}
	w.allocSites = map[string]string{}
	w.loops, w.scopeIf = nil, 0
	w.flow.enter()
	w.fieldVars = map[*cc.Declarator]cc.Node{}
	w.unk.enter(fd)
	w.elems = nil
	w.arrs.enter()
	w.mpi.enter()
	w.mem.enter(fd)
	w.args.enter(fd, name)
	for i, d := range paramDecls(fd) {
		if name == "main" {
			// argc and argv: their uses are recognised where they are
			// read (args.go).
			continue
		}
		mn := w.fresh(name + "_" + d.Name())
		w.names[d] = mn
		w.vals[d] = Name{mn}
		if w.mpi.gatheredParam(name, i) {
			if w.elems == nil {
				w.elems = map[*cc.Declarator]Expr{}
			}
			w.elems[d] = Name{mn} // the caller's value of every element
		}
		w.fn.Params = append(w.fn.Params, mn)
	}
	if fd.CompoundStatement != nil {
		w.fn.Body = w.compound(fd.CompoundStatement)
	}
	w.fn.allocated, w.fn.allocSites = w.allocated, w.allocSites
	w.a.Funcs = append(w.a.Funcs, w.fn)
}

// paramDecls lists the declarators of a function's parameters.
func paramDecls(fd *cc.FunctionDefinition) []*cc.Declarator {
	var out []*cc.Declarator
	dd := fd.Declarator.DirectDeclarator
	for dd != nil && dd.Case != cc.DirectDeclaratorFuncParam && dd.Case != cc.DirectDeclaratorFuncIdent {
		dd = dd.DirectDeclarator
	}
	if dd != nil && dd.Case == cc.DirectDeclaratorFuncIdent {
		return oldStyleParams(fd, dd)
	}
	if dd == nil || dd.ParameterTypeList == nil {
		return nil
	}
	for l := dd.ParameterTypeList.ParameterList; l != nil; l = l.ParameterList {
		if pd := l.ParameterDeclaration; pd != nil && pd.Declarator != nil {
			out = append(out, pd.Declarator)
		}
	}
	return out
}

func (w *walker) compound(cs *cc.CompoundStatement) []*Block {
	out := w.items(cs.BlockItemList)
	w.omp.ompEnd(cs, &out)
	return out
}

// items makes the blocks of a list of block items.
func (w *walker) items(list *cc.BlockItemList) []*Block {
	var out []*Block
	for l := list; l != nil; l = l.BlockItemList {
		it := l.BlockItem
		if it == nil {
			continue
		}
		w.omp.ompItem(it, &out)
		if s, ok := w.flow.continueGuard(it); ok && l.BlockItemList != nil {
			w.flow.skip(s)
			w.blockItem(it, &out)
			w.flow.guardedRest(l.BlockItemList, out) // contguard.go
			break
		}
		w.blockItem(it, &out)
	}
	return out
}

// jump is the construct a break leaves, nil outside loops and switches.
func (cf *control) jump() *jumpFrame {
	if len(cf.jumps) == 0 {
		return nil
	}
	return &cf.jumps[len(cf.jumps)-1]
}

// blockItem adds a declaration or statement of a compound statement.
func (w *walker) blockItem(it *cc.BlockItem, out *[]*Block) {
	switch it.Case {
	case cc.BlockItemDecl:
		w.declaration(it.Declaration, out)
	case cc.BlockItemStmt:
		w.stmt(it.Statement, out)
	case cc.BlockItemLabel:
		w.a.warn(pos(it), "label declarations are not followed: goto is ignored")
	case cc.BlockItemFuncDef:
		w.a.warn(pos(it), "nested function definitions are not analysed")
	}
}

// open returns the compute block at the end of out, starting one at n if
// there is none.
func (w *walker) open(out *[]*Block, n cc.Node) *Block {
	if k := len(*out); k > 0 && (*out)[k-1].Kind == Compute {
		return (*out)[k-1]
	}
	b := &Block{Name: w.blockName(n), Kind: Compute, Func: w.fn.Name, Pos: pos(n), Ops: map[string]float64{}}
	*out = append(*out, b)
	return b
}

// extend makes the block end at n.
func extend(b *Block, n cc.Node) {
	if n == nil {
		return
	}
	if p := pos(n); p.Line > b.End.Line || (p.Line == b.End.Line && p.Col > b.End.Col) {
		b.End = p
	}
}

func (w *walker) declaration(d *cc.Declaration, out *[]*Block) {
	if d == nil {
		return
	}
	for l := d.InitDeclaratorList; l != nil; l = l.InitDeclaratorList {
		id := l.InitDeclarator
		if id == nil || id.Declarator == nil || id.Declarator.IsSynthetic() || id.Declarator.Name() == "__func__" {
			continue // __func__, which cc declares in every function
		}
		if id.Case != cc.InitDeclaratorInit || id.Initializer == nil {
			delete(w.vals, id.Declarator)
			continue
		}
		// A declaration starts the straight-line block it is part of,
		// even when it costs nothing (a constant kept in a register).
		extend(w.open(out, id), id)
		in := id.Initializer
		if in.Case != cc.InitializerExpr {
			// An aggregate initialiser: one store an element.
			b := w.open(out, id)
			b.Ops["store_l1"] += float64(max(1, countInits(in.InitializerList)))
			extend(b, id)
			continue
		}
		w.expression(in.AssignmentExpression, out, id)
		w.assigned(id.Declarator, in.AssignmentExpression)
	}
}

func countInits(l *cc.InitializerList) int {
	n := 0
	for ; l != nil; l = l.InitializerList {
		n++
	}
	return n
}

func (w *walker) stmt(s *cc.Statement, out *[]*Block) {
	if s == nil || w.omp.ompStmt(s, out) {
		return
	}
	switch s.Case {
	case cc.StatementCompound:
		*out = append(*out, w.compound(s.CompoundStatement)...)
	case cc.StatementExpr:
		if e := s.ExpressionStatement.ExpressionList; e != nil {
			w.expression(e, out, s)
		}
	case cc.StatementIteration:
		w.flow.loop(s.IterationStatement, out)
	case cc.StatementSelection:
		w.flow.selection(s.SelectionStatement, out)
	case cc.StatementJump:
		j := s.JumpStatement
		switch j.Case {
		case cc.JumpStatementReturn:
			if j.ExpressionList != nil {
				w.expression(j.ExpressionList, out, s)
			}
			if len(w.loops) > 0 || w.inIf > 0 {
				w.a.warn(pos(j), "return inside a loop or branch: the blocks after it are counted as if it were not taken")
			}
		case cc.JumpStatementBreak:
			// The break that ends a case is the switch's (switch.go);
			// one inside a branch of a case leaves the switch early.
			switch top := w.flow.jump(); {
			case top != nil && top.isSwitch:
				w.a.warn(pos(j), "break inside a branch of a switch case: the rest of the case is counted as if it ran")
			case top != nil && !top.spin:
				w.a.warn(pos(j), "break: the loop's count assumes it runs to its bound")
			}
		case cc.JumpStatementContinue:
			if len(w.loops) > 0 && !w.flow.skipping(j) {
				w.a.warn(pos(j), "%s: the loop's count assumes it runs to its bound", jumpText(j))
			}
		default:
			w.a.warn(pos(j), "goto is not followed: the analysis assumes straight-line control around it")
		}
	case cc.StatementLabeled:
		if s.LabeledStatement.Case == cc.LabeledStatementLabel {
			w.a.warn(pos(s), "labels are not followed: goto is ignored")
		} else {
			// A case label the switch did not see: inside a loop or a
			// block of the switch's body (Duff's device).
			w.a.warn(pos(s), "a case label nested inside a statement of its switch is not followed: the statements after it are counted as if the label were not there")
		}
		w.stmt(s.LabeledStatement.Statement, out)
	case cc.StatementAsm:
		w.a.warn(pos(s), "inline assembly is not priced")
	}
}

// expression adds a statement-level expression: MPI calls and calls of
// the program's own functions become blocks of their own, the rest is
// priced into the current compute block.
func (w *walker) expression(e cc.ExpressionNode, out *[]*Block, at cc.Node) {
	for _, c := range w.structuralCalls(e) {
		w.callBlock(c, out)
	}
	o := opsCounter{w: w, ops: map[string]float64{}}
	o.expr(e, false)
	// An assignment that costs nothing (x = 0, a copy between registers)
	// still gives the variable its value.
	if len(o.ops) > 0 || o.bytes > 0 {
		w.priceInto(out, at, o)
	}
	scanned := w.args.scanned(e)
	w.assignmentsIn(e)
	w.mpi.rankAndSize(e)
	w.mpi.derivedTypes(e)
	for d, v := range scanned {
		w.vals[d] = v
	}
	w.unk.setOutVals()
}

// priceInto adds what o counted to the compute block at the end of out.
func (w *walker) priceInto(out *[]*Block, at cc.Node, o opsCounter) {
	b := w.open(out, at)
	for k, v := range o.ops {
		b.Ops[k] += v
	}
	b.Bytes += o.bytes
	b.addStreams(o.streamed, o.streamIdx)
	b.accesses = append(b.accesses, o.accesses...)
	for k, v := range o.footprints {
		if b.footprints == nil {
			b.footprints = map[string]Expr{}
		}
		b.footprints[k] = v
	}
	for v, ops := range o.chains {
		if b.chains == nil {
			b.chains = map[string]map[string]float64{}
		}
		if b.chains[v] == nil {
			b.chains[v] = map[string]float64{}
		}
		for k, n := range ops {
			b.chains[v][k] += n
		}
	}
	extend(b, at)
}

// setOutVals gives the variables a pure function's call wrote through
// &x their values (outParams).
func (uk *unknowns) setOutVals() {
	for d, v := range uk.outVals {
		uk.w.vals[d] = v
	}
	uk.outVals = nil
}

// rankAndSize records MPI_Comm_rank(MPI_COMM_WORLD, &r) and
// MPI_Comm_size(MPI_COMM_WORLD, &s): r is pid, s is procs.
func (mp *mpiPart) rankAndSize(e cc.Node) {
	visit(e, func(n cc.Node) bool {
		p, ok := n.(*cc.PostfixExpression)
		if !ok || p.Case != cc.PostfixExpressionCall {
			return true
		}
		name := calleeName(p)
		if name != "MPI_Comm_rank" && name != "MPI_Comm_size" {
			return true
		}
		args := callArgs(p)
		if len(args) != 2 {
			return true
		}
		if t := strings.ToLower(exprText(args[0])); t != "" && !strings.Contains(t, "world") {
			mp.w.a.warn(pos(p), "%s of a communicator other than MPI_COMM_WORLD: taken as MPI_COMM_WORLD", name)
		}
		u, ok := unparen(args[1]).(*cc.UnaryExpression)
		if !ok || u.Case != cc.UnaryExpressionAddrof {
			return true
		}
		if d := declOf(u.CastExpression); d != nil {
			if name == "MPI_Comm_rank" {
				mp.w.vals[d] = Name{"pid"}
			} else {
				mp.w.vals[d] = Name{"procs"}
			}
		}
		return true
	})
}

// exprText is the source text of the identifiers in e, joined.
func exprText(e cc.Node) string {
	var b strings.Builder
	visit(e, func(n cc.Node) bool {
		if pe, ok := n.(*cc.PrimaryExpression); ok && pe.Case == cc.PrimaryExpressionIdent {
			b.WriteString(pe.Token.SrcStr())
			b.WriteString(" ")
		}
		return true
	})
	return b.String()
}

// structuralCalls lists, in evaluation order, the calls in e that need a
// block of their own: MPI communication and the program's own functions.
func (w *walker) structuralCalls(e cc.Node) []*cc.PostfixExpression {
	var out []*cc.PostfixExpression
	visit(e, func(n cc.Node) bool {
		p, ok := n.(*cc.PostfixExpression)
		if !ok || p.Case != cc.PostfixExpressionCall {
			return true
		}
		name := w.ptrs.callee(p)
		if _, user := w.funcs[name]; user || isCommMPI(name) || (name == "" && len(w.ptrs.candidates(p)) > 1) {
			out = append(out, p)
		}
		return true
	})
	return out
}

// calleeName is the name of the function a call calls, "" through a
// pointer.
func calleeName(p *cc.PostfixExpression) string {
	if pe, ok := p.PostfixExpression.(*cc.PrimaryExpression); ok && pe.Case == cc.PrimaryExpressionIdent {
		return pe.Token.SrcStr()
	}
	return ""
}

// callBlock makes the block of an MPI call or of a call of one of the
// program's functions.
func (w *walker) callBlock(c *cc.PostfixExpression, out *[]*Block) {
	name := w.ptrs.callee(c)
	args := callArgs(c)
	if name == "MPI_Bcast" && len(args) > 0 {
		w.mpi.broadcast(args[0])
	}
	if name == "MPI_Allgather" {
		w.mpi.gathered(args)
	}
	w.mpi.exchanged(name, args)
	if isCommMPI(name) {
		if cm := w.mpi.mpiCall(name, args, c); cm != nil {
			*out = append(*out, &Block{Name: w.blockName(c), Kind: MPI, Func: w.fn.Name, Pos: pos(c), End: pos(c), Comm: cm, Ops: map[string]float64{}})
			w.mpi.freshReceive(c, name, args, cm.Root, out) // freshrecv.go
		}
		return
	}
	if fns := w.ptrs.candidates(c); name == "" && len(fns) > 1 {
		w.ptrs.choice(c, fns, out) // fptr.go
		return
	}
	if b := w.userCall(c, name); b != nil {
		*out = append(*out, b)
	}
}

// userCall is the block of a call of the program's function name, nil
// for a recursive call.
func (w *walker) userCall(c *cc.PostfixExpression, name string) *Block {
	if name == w.fn.Name || w.reaches(name, w.fn.Name) {
		w.a.warn(pos(c), "recursive call of %s: counted as one call of a function that does nothing", name)
		return nil
	}
	w.unk.outParams(c)
	b := &Block{Name: w.blockName(c), Kind: CallK, Func: w.fn.Name, Pos: pos(c), End: pos(c), Callee: name, Ops: map[string]float64{"call": 1}}
	params := paramDecls(w.funcs[name])
	for i, a := range callArgs(c) {
		if i >= len(params) {
			break
		}
		v, ok := w.sym(a)
		if e, gathered := w.elems[declOf(uncast(a))]; gathered && w.mpi.gatheredParam(name, i) {
			v, ok = e, true // an array of gathered values: their value
		}
		if !ok {
			v = nil // not derivable: the callee's parameter keeps its default
		}
		b.Args = append(b.Args, v)
	}
	return b
}

// reaches reports whether function from calls function to, directly or
// not (recursion through several functions).
func (w *walker) reaches(from, to string) bool {
	seen := map[string]bool{}
	var walk func(string) bool
	walk = func(f string) bool {
		if f == to {
			return true
		}
		if seen[f] {
			return false
		}
		seen[f] = true
		fd := w.funcs[f]
		if fd == nil {
			return false
		}
		found := false
		visit(fd.CompoundStatement, func(n cc.Node) bool {
			if p, ok := n.(*cc.PostfixExpression); ok && p.Case == cc.PostfixExpressionCall {
				if name := w.ptrs.callee(p); name != "" && w.funcs[name] != nil && walk(name) {
					found = true
				}
			}
			return !found
		})
		return found
	}
	return walk(from)
}

func callArgs(c *cc.PostfixExpression) []cc.ExpressionNode {
	var out []cc.ExpressionNode
	for l := c.ArgumentExpressionList; l != nil; l = l.ArgumentExpressionList {
		out = append(out, l.AssignmentExpression)
	}
	return out
}

// assigned records what a scalar variable holds after an assignment at
// function level; inside loops and branches the variable becomes
// unknown (it may hold several values).
func (w *walker) assigned(d *cc.Declarator, rhs cc.ExpressionNode) {
	if d == nil || w.flow.isClamped(d) && selfClamp(rhs, d) {
		return // a step lowered to a bound not known: kept (clamp.go)
	}
	w.arrs.forget(d) // a pointer set again (elems.go)
	if bytes, ok := w.allocation(rhs); ok {
		w.allocated[d.Name()] = bytes
		if call := allocationCall(rhs); call != nil {
			w.allocSites[siteOf(call)] = d.Name()
		}
	} else {
		w.carve(d, rhs)
	}
	w.args.alias(d, rhs)
	if v, ok := w.args.argvParam(d, rhs); ok {
		w.vals[d] = v
		if len(w.loops) == 0 && w.rankIfs > 0 {
			w.rootVals[d] = v // read by the root, then broadcast
		}
		return
	}
	if v, ok := w.omp.ompQuery(rhs); ok {
		w.vals[d] = v
		return
	}
	if len(w.loops) == 0 && w.rankIfs > 0 {
		// Also under the checks the root makes inside its branch (if
		// (n < procs) error = 1; else length = n / procs;).
		if v, ok := w.sym(rhs); ok {
			w.rootVals[d] = v
		} else {
			delete(w.rootVals, d)
		}
	}
	if w.inIf != w.scopeIf {
		// Inside a switch case: the cases are not joined.
		delete(w.vals, d)
		return
	}
	if w.inIf == 0 && len(w.loops) == 0 {
		delete(w.rootVals, d) // what the root computed before is overwritten
	}
	// Straight-line code of the function, of a loop's body (a function
	// of the loop indices until the iteration ends) or of an if's arm
	// (joined with the other arm's after the if). A value computed from
	// one unknown but the same on every process (my_IDx = my_ID %
	// Num_procsx) keeps the rank it reads exact.
	if v, ok := w.unk.symShared(rhs, false); ok {
		w.vals[d] = v
	} else {
		delete(w.vals, d)
		if isFieldRead(rhs) {
			w.fieldVars[d] = rhs // n = s->n: the field's parameter, if a bound needs it
		}
	}
}

// allocation reads the size of an allocation, casts included (alloc.go).
func (w *walker) allocation(rhs cc.ExpressionNode) (Expr, bool) {
	p := allocationCall(rhs)
	if p == nil || !w.allocs.allocates(p) {
		return nil, false
	}
	return w.allocs.allocSize(p)
}

// carve notes q = p + OFF (or &p[OFF]) at function level, where p holds
// an allocation of S bytes: one allocation carved into two arrays, as
// ParRes Sparse's vector = prk_malloc((size2 + nrows) * 8); result =
// vector + size2. Each then reaches its own part — p the OFF elements
// before q, q the rest — and a load through an index the analysis cannot
// follow (vector[colIndex[col]]) is priced at the level its own part
// fits, not the whole allocation's: 8 MiB rather than 16 there.
func (w *walker) carve(q *cc.Declarator, rhs cc.ExpressionNode) {
	if len(w.loops) > 0 || w.inIf > 0 {
		return
	}
	base, off := carvedFrom(rhs)
	if base == nil {
		return
	}
	p := baseIdent(base)
	if p == nil {
		return
	}
	whole, ok := w.allocated[p.Token.SrcStr()]
	t, isPtr := base.Type().(*cc.PointerType)
	if !ok || !isPtr || t.Elem() == nil || t.Elem().Size() <= 0 {
		return
	}
	n, ok := w.sym(off)
	if !ok {
		return
	}
	elem := float64(t.Elem().Size())
	if !sizedWith(whole, n, elem) {
		// q = p + 1, a cursor or an end pointer: p still reaches all of
		// it. Only an allocation sized as the sum of its parts is carved.
		return
	}
	head := mul(n, Num{elem})
	w.allocated[p.Token.SrcStr()] = head
	w.allocated[q.Name()] = Call{"max", []Expr{Num{0}, sub(whole, head)}}
}

// sizedWith tells whether an allocation of whole bytes was sized as a sum
// with n elements of elem bytes among its terms: (n + m) * elem, or
// n * elem + m * elem.
func sizedWith(whole, n Expr, elem float64) bool {
	want, inBytes := String(n), String(mul(n, Num{elem}))
	var terms func(e Expr, scaled bool) bool
	terms = func(e Expr, scaled bool) bool {
		switch x := e.(type) {
		case Bin:
			switch x.Op {
			case "+":
				return terms(x.A, scaled) || terms(x.B, scaled)
			case "*":
				if k, ok := constOf(x.B); ok && k == elem && !scaled {
					return terms(x.A, true)
				}
				if k, ok := constOf(x.A); ok && k == elem && !scaled {
					return terms(x.B, true)
				}
			}
		}
		if scaled {
			return String(e) == want
		}
		return String(e) == inBytes
	}
	b, ok := whole.(Bin)
	return ok && (b.Op == "+" || b.Op == "*") && terms(whole, false)
}

// carvedFrom reads p + OFF, OFF + p and &p[OFF] under casts: the pointer
// and the offset in elements; nil when rhs is none of them.
func carvedFrom(rhs cc.ExpressionNode) (cc.ExpressionNode, cc.ExpressionNode) {
	e := stripCasts(rhs)
	switch x := e.(type) {
	case *cc.AdditiveExpression:
		if x.Case != cc.AdditiveExpressionAdd {
			return nil, nil
		}
		a, b := cc.ExpressionNode(x.AdditiveExpression), cc.ExpressionNode(x.MultiplicativeExpression)
		if isPointer(b) {
			a, b = b, a
		}
		if !isPointer(a) || isPointer(b) {
			return nil, nil
		}
		return a, b
	case *cc.UnaryExpression:
		if x.Case != cc.UnaryExpressionAddrof {
			return nil, nil
		}
		if ix, ok := unparen(x.CastExpression).(*cc.PostfixExpression); ok && ix.Case == cc.PostfixExpressionIndex && isPointer(ix.PostfixExpression) {
			return ix.PostfixExpression, ix.ExpressionList
		}
	}
	return nil, nil
}

// isPointer tells an expression of pointer type.
func isPointer(e cc.ExpressionNode) bool {
	t := e.Type()
	return t != nil && t.Kind() == cc.Ptr
}

// allocationCall is the call in rhs, under casts: malloc(...) in
// (double *)malloc(...).
func allocationCall(rhs cc.ExpressionNode) *cc.PostfixExpression {
	e := unparen(rhs)
	for {
		c, ok := e.(*cc.CastExpression)
		if !ok || c.Case != cc.CastExpressionCast {
			break
		}
		e = unparen(c.CastExpression)
	}
	p, ok := e.(*cc.PostfixExpression)
	if !ok || p.Case != cc.PostfixExpressionCall {
		return nil
	}
	return p
}

// paramValues are the parameters' current defaults.
func (w *walker) paramValues() map[string]float64 {
	env := map[string]float64{}
	for _, p := range w.a.Params {
		env[p.Name] = p.Default
	}
	return env
}

// varName is the model name of a variable.
func (w *walker) varName(d *cc.Declarator) string {
	if n, ok := w.names[d]; ok {
		return n
	}
	n := w.fresh(d.Name())
	w.names[d] = n
	return n
}

// paramName is the name of the model parameter that stands for the value
// of d where the analysis cannot know it: d's model name, unless that is
// the local a function's callers set (hpgmg's colors_in_each_dim, the
// local rebuild_operator_blackbox_colors_in_each_dim, made a parameter
// of the same name too when a loop changed it): then a name of its own.
func (uk *unknowns) paramName(d *cc.Declarator) string {
	n := uk.w.varName(d)
	if !uk.calleeLocal(n) {
		return n
	}
	if m, ok := uk.unknownNames[d]; ok {
		return m
	}
	m := uk.w.fresh(n)
	if uk.unknownNames == nil {
		uk.unknownNames = map[*cc.Declarator]string{}
	}
	uk.unknownNames[d] = m
	return m
}

// calleeLocal reports whether n is the model local of a function's
// parameter (set by the callers).
func (uk *unknowns) calleeLocal(n string) bool {
	if uk.w.fn != nil && slices.Contains(uk.w.fn.Params, n) {
		return true
	}
	for _, f := range uk.w.a.Funcs {
		if slices.Contains(f.Params, n) {
			return true
		}
	}
	return false
}

// assignmentsIn updates variables assigned anywhere inside e.
func (w *walker) assignmentsIn(e cc.Node) {
	// The buffer an MPI_Bcast fills holds the root's value (broadcast),
	// the rank and the size what rankAndSize says.
	kept := map[cc.Node]bool{}
	visit(e, func(n cc.Node) bool {
		if p, ok := n.(*cc.PostfixExpression); ok && p.Case == cc.PostfixExpressionCall {
			switch args := callArgs(p); calleeName(p) {
			case "MPI_Bcast":
				if len(args) > 0 {
					kept[uncast(args[0])] = true
				}
			case "MPI_Comm_rank", "MPI_Comm_size":
				if len(args) > 1 {
					kept[uncast(args[1])] = true
				}
			}
		}
		return true
	})
	visit(e, func(n cc.Node) bool {
		switch x := n.(type) {
		case *cc.AssignmentExpression:
			if x.Case == cc.AssignmentExpressionCond {
				return true
			}
			if d := declOf(x.UnaryExpression); d != nil {
				if x.Case == cc.AssignmentExpressionAssign {
					w.assigned(d, x.AssignmentExpression)
				} else {
					delete(w.vals, d)
				}
			}
			if op, ok := storeOps[x.Case]; ok {
				w.arrs.storeElem(x.UnaryExpression, op, x.AssignmentExpression)
			} else {
				w.arrs.forgetArray(x.UnaryExpression)
			}
		case *cc.UnaryExpression:
			if x.Case == cc.UnaryExpressionInc || x.Case == cc.UnaryExpressionDec {
				if d := declOf(x.UnaryExpression); d != nil {
					delete(w.vals, d)
				}
				w.arrs.storeElem(x.UnaryExpression, map[bool]string{true: "++", false: "--"}[x.Case == cc.UnaryExpressionInc], nil)
			}
			if x.Case == cc.UnaryExpressionAddrof && !kept[x] {
				// &x handed to a function: x may change.
				if d := declOf(x.CastExpression); d != nil {
					delete(w.vals, d)
				}
			}
		case *cc.PostfixExpression:
			if x.Case == cc.PostfixExpressionInc || x.Case == cc.PostfixExpressionDec {
				if d := declOf(x.PostfixExpression); d != nil {
					delete(w.vals, d)
				}
				w.arrs.storeElem(x.PostfixExpression, map[bool]string{true: "++", false: "--"}[x.Case == cc.PostfixExpressionInc], nil)
			}
			if x.Case == cc.PostfixExpressionCall {
				w.arrs.passedArrays(x)
			}
			if x.Case == cc.PostfixExpressionCall && keepsBuffer[calleeName(x)] {
				return false // MPI_Bcast(&n, ...): see broadcast
			}
		}
		return true
	})
}

// keepsBuffer are the MPI calls that leave the value of the variable
// whose address they are given as the analysis knows it: a send reads
// it; after a broadcast every rank holds the root's (broadcast).
var keepsBuffer = map[string]bool{"MPI_Bcast": true, "MPI_Send": true, "MPI_Ssend": true, "MPI_Isend": true,
	"MPI_Issend": true, "MPI_Rsend": true, "MPI_Bsend": true}

// declOf is the variable a plain identifier expression names.
func declOf(e cc.Node) *cc.Declarator {
	if pe, ok := unparen(e).(*cc.PrimaryExpression); ok && pe.Case == cc.PrimaryExpressionIdent {
		d, _ := pe.ResolvedTo().(*cc.Declarator)
		return d
	}
	return nil
}

// unparen strips parentheses and the single-child wrappers cc keeps for
// the grammar's precedence levels.
func unparen(e cc.Node) cc.Node {
	for {
		switch x := e.(type) {
		case *cc.PrimaryExpression:
			if x.Case != cc.PrimaryExpressionExpr {
				return e
			}
			e = x.ExpressionList
		case *cc.ExpressionList:
			if x.ExpressionList != nil {
				return e
			}
			e = x.AssignmentExpression
		default:
			return e
		}
	}
}

func (w *walker) pragmaAbove(n cc.Node) (string, Position, bool) {
	p := pos(n)
	lines := w.pragmas[p.File]
	for l := p.Line - 1; l >= p.Line-2 && l > 0; l-- {
		if t, ok := lines[l]; ok {
			return t, Position{File: p.File, Line: l, Col: 1}, true
		}
	}
	return "", Position{}, false
}

// broadcast gives the variable whose address an MPI_Bcast sends (&n) the
// value the root rank computed for it in a branch of its own (if (rank
// == root) n = atoi(argv[1]) / procs;): after the broadcast every rank
// holds it. A variable with a value known on every rank keeps it.
func (mp *mpiPart) broadcast(buf cc.ExpressionNode) {
	u, ok := uncast(buf).(*cc.UnaryExpression)
	if !ok || u.Case != cc.UnaryExpressionAddrof {
		return
	}
	d := declOf(u.CastExpression)
	if d == nil || len(mp.w.loops) > 0 || mp.w.inIf > 0 {
		return
	}
	// What the root computed for it in its own branch wins over what
	// every rank held before (or held depending on the rank, the branch's
	// arms merged).
	if v, ok := mp.w.rootVals[d]; ok {
		mp.w.vals[d] = v
	}
}
