package analyze

// OpenMP: the #pragma omp directives of a program compiled with -fopenmp
// become the model language's threads. A `parallel` construct is a
// parallel region, `for` a loop whose iterations the region's threads
// share by its schedule (a pfor inside the region), `critical`, `atomic`,
// `single` and `master` sections of those names, `barrier` a barrier of
// the region's threads. The team is the model's `threads` (augur analyze
// --threads, OMP_NUM_THREADS) or the construct's num_threads. Every other
// directive and clause that changes the time is a warning at its
// position: nothing is dropped silently.

import (
	"fmt"
	"strconv"
	"strings"

	"modernc.org/cc/v4"
)

// compileTime are the pragmas that change only what the compiler says or
// reads, never what the program does: nothing to model, nothing to warn.
var compileTime = []string{"once", "GCC diagnostic", "GCC system_header", "GCC warning", "GCC error", "GCC poison", "GCC dependency", "message", "clang diagnostic"}

// ompKind is what a directive becomes.
type ompKind int

const (
	ompRegion  ompKind = iota + 1 // parallel
	ompLoop                       // for (in a region)
	ompSection                    // critical, atomic, single, master
	ompBarrier                    // barrier
)

// ompConstruct is an OpenMP construct on a block: a Loop block (ompLoop)
// or a branch whose condition is always true and whose Then is the
// construct's body (the others).
type ompConstruct struct {
	kind    ompKind
	at      Position
	text    string // the directive, for the model's comment
	section string // ompSection: the model keyword
	lock    string // ompSection critical: the name of its lock
	threads Expr   // ompRegion: num_threads; nil: the team
	sched   string // ompLoop: static, dynamic or guided
	chunk   Expr   // ompLoop: nil for the default
	// collapse is the loops a for directive shares (collapse(n)).
	collapse int
	// loop: the region a combined `parallel for` opens around its loop.
	loop *ompConstruct
	// inline: the construct is in a function called inside a parallel
	// region, whose team is one thread: its body is written as it is.
	inline bool
}

// ompDirective is a #pragma of the program, read.
type ompDirective struct {
	Pragma
	name    string      // "parallel for", "critical", ...; "" for a pragma not omp
	arg     string      // critical(NAME), flush(LIST)
	clauses []ompClause // in order
	used    bool
}

type ompClause struct {
	name, arg string
}

// ompState is the walker's OpenMP part: the walk's position among the
// directives, and the regions and constructs it is in.
type ompState struct {
	w       *walker
	dirs    map[string][]*ompDirective // by file, in order
	fn      *Func                      // the function last seen
	last    int                        // line of the last statement or declaration of that function that was visited
	regions int                        // parallel regions around the statement being walked
	// nested counts the regions inside a region: libgomp runs them with
	// a team of one thread (OMP_MAX_ACTIVE_LEVELS is 1 by default).
	nested int
	// regionLoops is how many loops were around the innermost region
	// when it began (spin.go).
	regionLoops int
}

// directiveWords are the words that start OpenMP directive names, and
// combined names: after each word, the words that may continue it.
var directiveWords = map[string][]string{
	"parallel": {"for", "sections", "loop", "master", "masked", "workshare"}, "for": {"simd"}, "simd": nil,
	"critical": nil, "atomic": nil, "barrier": nil, "single": nil, "master": {"taskloop"}, "masked": {"taskloop"},
	"sections": nil, "section": nil, "task": nil, "taskwait": nil, "taskyield": nil, "taskgroup": nil,
	"taskloop": {"simd"}, "flush": nil, "ordered": nil, "target": {"data", "enter", "exit", "update", "teams", "parallel", "simd"},
	"enter": {"data"}, "exit": {"data"}, "teams": {"distribute", "loop"}, "distribute": {"parallel", "simd"},
	"loop": nil, "declare": {"reduction", "simd", "target", "variant", "mapper"}, "threadprivate": nil,
	"cancel": nil, "cancellation": {"point"}, "requires": nil, "scope": nil, "workshare": nil,
	"end": {"declare"}, "allocate": nil, "nothing": nil, "error": nil, "depobj": nil, "scan": nil,
}

// standalone are the directives that apply to no statement.
var standalone = map[string]bool{
	"barrier": true, "taskwait": true, "taskyield": true, "flush": true, "threadprivate": true,
	"cancel": true, "cancellation point": true, "requires": true, "nothing": true, "error": true,
	"depobj": true, "scan": true, "allocate": true, "target enter data": true, "target exit data": true,
	"target update": true, "declare reduction": true, "declare simd": true, "declare target": true,
	"end declare target": true, "declare variant": true, "declare mapper": true,
}

// readDirective splits "omp parallel for schedule(dynamic, 4) nowait"
// into its name and clauses.
func readDirective(p Pragma) *ompDirective {
	d := &ompDirective{Pragma: p}
	text := strings.TrimSpace(p.Text)
	rest, ok := strings.CutPrefix(text, "omp")
	if !ok || (rest != "" && rest[0] != ' ' && rest[0] != '\t') {
		return d
	}
	var items []ompClause
	for s := strings.TrimSpace(rest); s != ""; s = strings.TrimLeft(s, " \t,") {
		i := 0
		for i < len(s) && (s[i] == '_' || s[i] >= 'a' && s[i] <= 'z' || s[i] >= 'A' && s[i] <= 'Z' || s[i] >= '0' && s[i] <= '9') {
			i++
		}
		if i == 0 {
			items = append(items, ompClause{name: s})
			break
		}
		c := ompClause{name: s[:i]}
		s = strings.TrimLeft(s[i:], " \t")
		if strings.HasPrefix(s, "(") {
			depth, j := 0, 0
			for ; j < len(s); j++ {
				if s[j] == '(' {
					depth++
				} else if s[j] == ')' {
					if depth--; depth == 0 {
						break
					}
				}
			}
			c.arg = strings.TrimSpace(s[1:min(j, len(s))])
			s = s[min(j+1, len(s)):]
		}
		items = append(items, c)
	}
	var name []string
	for len(items) > 0 {
		word := items[0].name
		if len(name) == 0 {
			if _, ok := directiveWords[word]; !ok {
				break
			}
		} else if !contains(directiveWords[name[len(name)-1]], word) {
			break
		}
		name = append(name, items[0].name)
		arg := items[0].arg
		items = items[1:]
		if arg != "" {
			d.arg = arg
			break
		}
	}
	d.name = strings.Join(name, " ")
	if d.name == "" {
		d.name = "omp"
	}
	d.clauses = items
	return d
}

func contains(words []string, w string) bool {
	for _, x := range words {
		if x == w {
			return true
		}
	}
	return false
}

// ompInit reads the program's directives.
func (om *ompState) ompInit(srcs []Source) {
	om.dirs = map[string][]*ompDirective{}
	for _, s := range srcs {
		for _, p := range s.Directives {
			om.dirs[p.Pos.File] = append(om.dirs[p.Pos.File], readDirective(p))
		}
	}
}

// ompPending takes the directives of the current function's file that lie
// after the last statement visited and before line, and moves on to line.
func (om *ompState) ompPending(n cc.Node, line int) []*ompDirective {
	p := pos(n)
	if om.fn != om.w.fn {
		om.fn, om.last = om.w.fn, om.w.fn.Pos.Line
	}
	var out []*ompDirective
	for _, d := range om.dirs[p.File] {
		if !d.used && d.Pos.Line > om.last && d.Pos.Line < line {
			d.used = true
			out = append(out, d)
		}
	}
	om.last = max(om.last, line)
	return out
}

// ompItem takes the directives before a block item: standalone ones
// become blocks here; those that apply to a statement are left to
// ompStmt, those before a declaration are warned about.
func (om *ompState) ompItem(it *cc.BlockItem, out *[]*Block) {
	if it.Case == cc.BlockItemStmt {
		return // ompStmt
	}
	for _, d := range om.ompPending(it, pos(it).Line) {
		if !om.ompStandalone(d, out) {
			om.ompWarn(d, "applies to a declaration")
		}
	}
}

// ompEnd takes the standalone directives at the end of a compound
// statement, before its "}".
func (om *ompState) ompEnd(cs *cc.CompoundStatement, out *[]*Block) {
	line := cs.Token2.Position().Line
	if line == 0 {
		return
	}
	for _, d := range om.ompPending(cs, line) {
		if !om.ompStandalone(d, out) {
			om.ompWarn(d, "applies to no statement")
		}
	}
}

// ompStmt handles the directives before statement s. It reports whether
// it walked s (a construct whose body s is).
func (om *ompState) ompStmt(s *cc.Statement, out *[]*Block) bool {
	var construct *ompDirective
	for _, d := range om.ompPending(s, pos(s).Line) {
		if om.ompStandalone(d, out) {
			continue
		}
		if construct != nil {
			om.ompWarn(construct, "is followed by another directive")
		}
		construct = d
	}
	if construct == nil {
		return false
	}
	return om.ompConstruct(construct, s, out)
}

// ompStandalone makes the block of a directive that applies to no
// statement (or warns of it); false for a directive that applies to the
// statement after it.
func (om *ompState) ompStandalone(d *ompDirective, out *[]*Block) bool {
	switch {
	case d.name == "":
		if !isCompileTime(d.Text) {
			om.w.a.warn(d.Pos, "#pragma %s is not modelled: the code is analysed as if it were absent", d.Text)
		}
		return true
	case !om.w.o.Compiled.OpenMP:
		om.w.a.warn(d.Pos, "#pragma %s has no effect without -fopenmp, as with gcc: the code is analysed as sequential", d.Text)
		return true
	case d.name == "barrier" && om.nested > 0:
		return true // a team of one
	case d.name == "barrier":
		if om.regions > 0 {
			om.ompClauses(d, nil)
			*out = append(*out, &Block{Name: om.w.fresh(fmt.Sprintf("%s_L%d_barrier", om.w.fn.Name, d.Pos.Line)), Kind: Branch, Func: om.w.fn.Name,
				Pos: d.Pos, End: d.Pos, Ops: map[string]float64{}, Cond: Num{1}, omp: &ompConstruct{kind: ompBarrier, at: d.Pos, text: d.Text}})
		} else {
			om.w.a.warn(d.Pos, "#pragma %s outside a parallel region of this function: the analysis cannot tell the region it is in, so it is analysed as absent", d.Text)
		}
		return true
	case d.name == "flush":
		return true // a memory fence: nothing to time at this level
	case standalone[d.name]:
		om.w.a.warn(d.Pos, "#pragma %s is not modelled: the program is analysed as if it were absent", d.Text)
		return true
	}
	return false
}

// ompWarn warns of a directive that is not modelled.
func (om *ompState) ompWarn(d *ompDirective, why string) {
	if why != "" {
		why = " (it " + why + ")"
	}
	om.w.a.warn(d.Pos, "#pragma %s is not modelled%s: the code it applies to is analysed as sequential", d.Text, why)
}

// ompConstruct walks statement s, the body of directive d.
func (om *ompState) ompConstruct(d *ompDirective, s *cc.Statement, out *[]*Block) bool {
	c := &ompConstruct{at: d.Pos, text: d.Text}
	loop := false
	if om.regions > 0 && strings.HasPrefix(d.name, "parallel") {
		om.w.a.warn(d.Pos, "#pragma %s: a parallel region inside a parallel region runs with a team of one thread (libgomp's default, OMP_MAX_ACTIVE_LEVELS=1): it is analysed as the enclosing thread's code", d.Text)
		om.nested++
		om.w.stmt(s, out)
		om.nested--
		return true
	}
	if om.nested > 0 && (d.name == "for" || d.name == "for simd" || d.name == "single" || d.name == "master" || d.name == "masked") {
		return false // a team of one runs it all
	}
	switch d.name {
	case "parallel":
		c.kind = ompRegion
	case "parallel for", "parallel for simd":
		c.kind, loop = ompRegion, true
		c.loop = &ompConstruct{kind: ompLoop, at: d.Pos, text: d.Text, sched: "static"}
	case "for", "for simd":
		if om.regions == 0 {
			om.w.a.warn(d.Pos, "#pragma %s outside a parallel region of this function (an orphaned loop): the analysis cannot tell the region it is in, so the loop is analysed as sequential", d.Text)
			return false
		}
		c.kind, c.sched = ompLoop, "static"
	case "critical", "atomic", "master", "masked", "single":
		if om.regions == 0 {
			if d.name == "critical" || d.name == "atomic" {
				om.w.a.warn(d.Pos, "#pragma %s outside a parallel region of this function: the analysis cannot tell the region it is in, so it is analysed as absent", d.Text)
			}
			return false // one thread: master and single run it once
		}
		c.kind, c.section = ompSection, d.name
		if d.name == "masked" {
			c.section = "master"
		}
		if d.name == "critical" {
			c.lock = "omp_critical" // the unnamed critical sections share one lock
			if d.arg != "" {
				c.lock = "omp_critical_" + sanitizeName(d.arg)
			}
		}
	default:
		om.ompWarn(d, "")
		return false
	}
	if strings.HasSuffix(d.name, "simd") {
		om.w.a.warn(d.Pos, "#pragma %s: simd is not modelled (the iterations are priced as the compiler's scalar code)", d.Text)
	}
	om.ompClauses(d, c)
	if loop || c.kind == ompLoop {
		if s.Case != cc.StatementIteration || s.IterationStatement.Case == cc.IterationStatementWhile || s.IterationStatement.Case == cc.IterationStatementDo {
			om.w.a.warn(d.Pos, "#pragma %s is not followed by a for loop: it is analysed as absent", d.Text)
			return false
		}
	}
	wrap := &Block{Name: om.w.fresh(fmt.Sprintf("%s_L%d_%s", om.w.fn.Name, d.Pos.Line, strings.ReplaceAll(d.name, " ", "_"))), Kind: Branch, Func: om.w.fn.Name,
		Pos: d.Pos, Ops: map[string]float64{}, Cond: Num{1}, omp: c}
	if c.kind == ompLoop {
		om.w.stmt(s, out)
		om.tagLoop(*out, c, d)
		return true
	}
	outerLoops := om.regionLoops
	if c.kind == ompRegion {
		om.regions++
		om.regionLoops = len(om.w.loops)
	}
	wrap.Then = om.w.flow.body(s)
	if c.kind == ompRegion {
		om.regions--
		om.regionLoops = outerLoops
	}
	if loop {
		om.tagLoop(wrap.Then, c.loop, d)
	}
	extend(wrap, s)
	*out = append(*out, wrap)
	return true
}

// tagLoop marks the last block of bs, the loop of a for directive.
func (om *ompState) tagLoop(bs []*Block, c *ompConstruct, d *ompDirective) {
	if k := len(bs); k > 0 && bs[k-1].Kind == Loop {
		bs[k-1].omp = c
		if nest, _ := sharedNest(bs[k-1], c.collapse); c.collapse > 1 && len(nest) < c.collapse {
			om.w.a.warn(d.Pos, "#pragma %s: the loops are not a rectangular nest of two counted loops, so collapse is modelled as the outermost loop shared among the threads (the threads' balance differs when it has few iterations)", d.Text)
		}
		return
	}
	om.w.a.warn(d.Pos, "#pragma %s: the loop after it could not be analysed as a loop; it is analysed as sequential", d.Text)
}

// ompClauses reads the clauses of d into c (nil: a barrier's, which
// should have none) and warns of those that change the time but are not
// modelled.
func (om *ompState) ompClauses(d *ompDirective, c *ompConstruct) {
	for _, cl := range d.clauses {
		switch cl.name {
		case "private", "shared", "firstprivate", "lastprivate", "default", "copyin", "copyprivate", "linear",
			"aligned", "safelen", "simdlen", "update", "read", "write", "capture", "seq_cst", "relaxed", "acquire",
			"release", "acq_rel", "hint", "untied", "mergeable", "allocate", "order", "proc_bind":
			// Where the data lives, or nothing to time.
		case "reduction":
			// Each thread reduces into a private copy; combining the
			// copies at the end (a few operations) is not priced.
		case "num_threads":
			if c != nil && c.kind == ompRegion {
				if e, ok := om.ompExpr(cl.arg, d); ok {
					c.threads = e
				}
				continue
			}
			om.w.a.warn(d.Pos, "#pragma %s: num_threads here is not modelled", d.Text)
		case "schedule":
			lc := c
			if c != nil && c.loop != nil {
				lc = c.loop
			}
			if lc == nil || lc.kind != ompLoop {
				om.w.a.warn(d.Pos, "#pragma %s: schedule here is not modelled", d.Text)
				continue
			}
			om.ompSchedule(cl.arg, d, lc)
		case "collapse":
			lc := c
			if c != nil && c.loop != nil {
				lc = c.loop
			}
			n, err := strconv.Atoi(strings.TrimSpace(cl.arg))
			if lc == nil || lc.kind != ompLoop || err != nil || n > 2 {
				om.w.a.warn(d.Pos, "#pragma %s: collapse(%s) is modelled as the outermost loop shared among the threads (the threads' balance differs when it has few iterations)", d.Text, cl.arg)
				continue
			}
			lc.collapse = n
		case "nowait":
			om.w.a.warn(d.Pos, "#pragma %s: nowait is not modelled: the threads wait for each other at the end of the construct", d.Text)
		default:
			om.w.a.warn(d.Pos, "#pragma %s: clause %s is not modelled", d.Text, cl.name)
		}
	}
}

// ompSchedule reads schedule(KIND[, CHUNK]).
func (om *ompState) ompSchedule(arg string, d *ompDirective, c *ompConstruct) {
	kind, chunk, _ := strings.Cut(arg, ",")
	kind = strings.TrimSpace(kind)
	if _, k, ok := strings.Cut(kind, ":"); ok {
		kind = strings.TrimSpace(k) // monotonic:, nonmonotonic: modifiers
	}
	switch kind {
	case "static", "dynamic", "guided":
		c.sched = kind
	case "auto":
		c.sched = "static" // libgomp's auto is static
	case "runtime":
		c.sched = "dynamic"
		om.w.a.warn(d.Pos, "#pragma %s: schedule(runtime) is modelled as libgomp's default without OMP_SCHEDULE, dynamic", d.Text)
	default:
		om.w.a.warn(d.Pos, "#pragma %s: schedule %q is not known; the loop is modelled with schedule(static)", d.Text, kind)
	}
	if chunk = strings.TrimSpace(chunk); chunk != "" {
		if e, ok := om.ompExpr(chunk, d); ok {
			c.chunk = e
		}
	}
}

// ompExpr reads an expression of a clause in the model's terms.
func (om *ompState) ompExpr(text string, d *ompDirective) (Expr, bool) {
	text = identifier.ReplaceAllStringFunc(text, func(id string) string {
		if modelKeywords[id] {
			return id + keywordMark
		}
		return id
	})
	text = strings.ReplaceAll(text, keywordMark+"(", "(")
	e, err := parseAnnotation(text, om.w.flow.lookup)
	if err != nil {
		om.w.a.warn(d.Pos, "#pragma %s: %v; the default is used", d.Text, err)
		return nil, false
	}
	return e, true
}

// ompQueries are the OpenMP runtime's functions whose value is a
// built-in of the model: the thread's id, the team's size, the default
// team.
var ompQueries = map[string]string{"omp_get_thread_num": "tid", "omp_get_num_threads": "nthreads", "omp_get_max_threads": "threads"}

// ompQuery reads id = omp_get_thread_num() and the like, with -fopenmp
// (without it, they are the stubs of a sequential build: 0 and 1).
func (om *ompState) ompQuery(rhs cc.ExpressionNode) (Expr, bool) {
	p, ok := unparen(rhs).(*cc.PostfixExpression)
	if !ok || p.Case != cc.PostfixExpressionCall || len(callArgs(p)) != 0 {
		return nil, false
	}
	v, ok := ompQueries[calleeName(p)]
	if !ok || !om.w.o.Compiled.OpenMP {
		return nil, false
	}
	return Name{v}, true
}

// ompCalled makes the constructs of the functions called inside parallel
// regions (directly or through other calls) those of a team of one
// thread: a nested region runs with one thread in libgomp, and the model
// has no nested regions. Its critical and atomic sections keep their
// locks, which the enclosing region's threads share.
func (om *ompState) ompCalled() {
	// in: called inside a region; out: called outside any (from main).
	in, out := map[string]bool{}, map[string]bool{"main": true}
	var calls func(bs []*Block, inRegion bool)
	calls = func(bs []*Block, inRegion bool) {
		for _, b := range bs {
			if b.Kind == CallK {
				seen := in
				if !inRegion {
					seen = out
				}
				if !seen[b.Callee] {
					seen[b.Callee] = true
					if f := om.w.a.Func(b.Callee); f != nil {
						calls(f.Body, inRegion)
					}
				}
			}
			r := inRegion || b.omp != nil && b.omp.kind == ompRegion && !b.omp.inline
			calls(b.Body, r)
			calls(b.Then, r)
			calls(b.Else, r)
		}
	}
	if f := om.w.a.Func("main"); f != nil {
		calls(f.Body, false)
	}
	var inline func(bs []*Block, locks bool)
	inline = func(bs []*Block, locks bool) {
		for _, b := range bs {
			if c := b.omp; c != nil {
				switch {
				case c.kind == ompRegion:
					om.w.a.warn(c.at, "#pragma %s: this function is called inside a parallel region, where its region runs with a team of one thread (libgomp's default): it is analysed as the calling thread's code", c.text)
					c.inline = true
				case c.kind == ompSection && (c.lock == "" && c.section != "atomic" || !locks), c.kind == ompBarrier:
					c.inline = true
				case c.kind == ompLoop:
					b.omp = nil
				}
			}
			inline(b.Body, locks)
			inline(b.Then, locks)
			inline(b.Else, locks)
		}
	}
	for _, f := range om.w.a.Funcs {
		if in[f.Name] {
			// Critical sections keep their locks where every call is
			// inside a region; the model cannot say both.
			inline(f.Body, !out[f.Name])
		}
	}
}

// ompUnused warns of the directives no statement took: at file scope,
// in functions that are not analysed.
func (om *ompState) ompUnused() {
	files := sortedKeys(om.dirs)
	for _, f := range files {
		for _, d := range om.dirs[f] {
			if d.used {
				continue
			}
			switch {
			case d.name == "":
				if !isCompileTime(d.Text) {
					om.w.a.warn(d.Pos, "#pragma %s is not modelled: the code is analysed as if it were absent", d.Text)
				}
			case !om.w.o.Compiled.OpenMP:
				om.w.a.warn(d.Pos, "#pragma %s has no effect without -fopenmp, as with gcc: the code is analysed as sequential", d.Text)
			default:
				om.ompWarn(d, "is outside the functions analysed")
			}
		}
	}
}

func isCompileTime(text string) bool {
	words := strings.Join(strings.Fields(text), " ")
	for _, c := range compileTime {
		if words == c || strings.HasPrefix(words, c+" ") {
			return true
		}
	}
	return false
}

// sanitizeName makes a C critical section's name a model name.
func sanitizeName(s string) string {
	return identifier.FindString(s)
}

// emitOMP writes a construct's block: a region, a worksharing loop, a
// section or a barrier. It reports whether they use the memory costs.
func (mw *modelWriter) emitOMP(b *strings.Builder, blk *Block, depth int) bool {
	ind := strings.Repeat("  ", depth)
	c := blk.omp
	if c.inline {
		return mw.emit(b, blk.Then, depth)
	}
	switch c.kind {
	case ompBarrier:
		fmt.Fprintf(b, "%sbarrier %s threads // #pragma %s at %s\n", ind, blk.Name, c.text, c.at)
		return false
	case ompLoop:
		return mw.emitShared(b, blk, c, depth)
	case ompRegion:
		threads := ""
		if c.threads != nil {
			threads = " threads max(1, " + String(c.threads) + ")"
		}
		fmt.Fprintf(b, "%sparallel %s%s { // #pragma %s at %s\n", ind, blk.Name, threads, c.text, c.at)
	case ompSection:
		name := blk.Name
		if c.lock != "" {
			name = c.lock // critical sections of one name share their lock
		}
		fmt.Fprintf(b, "%s%s %s { // #pragma %s at %s\n", ind, c.section, name, c.text, c.at)
	}
	mem := mw.emit(b, blk.Then, depth+1)
	fmt.Fprintf(b, "%s}\n", ind)
	return mem
}

// emitShared writes a loop whose iterations the region's threads share:
// a pfor over its chunks, each chunk the C loop over its own iterations,
// so that the engine sums a chunk in closed form. Static without a chunk
// gives thread k its block as libgomp does (the first n mod T threads
// one iteration more); static with chunk c deals the chunks round-robin,
// dynamic hands them to whichever thread is free; guided hands out
// iterations one pfor iteration each. A collapsed pair of loops shares
// the n1 × n2 iterations of both: a chunk is the rows it touches, each
// with the columns of the chunk.
func (mw *modelWriter) emitShared(b *strings.Builder, blk *Block, c *ompConstruct, depth int) bool {
	ind := strings.Repeat("  ", depth)
	nest, ok := sharedNest(blk, c.collapse)
	if !ok {
		// The threads share the trip count, one pfor iteration each; the
		// index, where the loop has one, is bound by a loop of one
		// iteration (a step that is not a positive constant).
		l := blk.Loop
		it := "it_" + blk.Name
		fmt.Fprintf(b, "%spfor omp_%s %s in 0 .. %s%s { // #pragma %s at %s\n", ind, blk.Name, it, String(l.Trips), scheduleText(c.sched, c.chunk), c.text, c.at)
		var mem bool
		if l.Var != "" && l.From != nil && l.Step != nil {
			fmt.Fprintf(b, "%s  for %s in %s .. %s + 1 { // iteration %s of the loop at %s\n", ind, l.Var, at(l, it), at(l, it), it, span(blk))
			mem = mw.emitIteration(b, blk, depth+2)
			fmt.Fprintf(b, "%s  }\n", ind)
		} else {
			mem = mw.emitIteration(b, blk, depth+1)
		}
		fmt.Fprintf(b, "%s}\n", ind)
		return mem
	}
	l := blk.Loop
	step, _ := constOf(l.Step)
	n := String(l.Trips)
	if len(nest) == 2 {
		n = fmt.Sprintf("(%s) * (%s)", n, String(nest[1].Loop.Trips))
	}
	k := "k_" + blk.Name
	var head, lo, hi string
	switch {
	case c.sched == "guided":
		chunk := ""
		if c.chunk != nil {
			chunk = " chunk max(1, " + String(c.chunk) + ")"
		}
		if step == 1 && len(nest) == 1 {
			fmt.Fprintf(b, "%spfor omp_%s %s in %s .. %s schedule guided%s { // #pragma %s at %s\n", ind, blk.Name, l.Var, String(l.From), String(l.To), chunk, c.text, c.at)
			mem := mw.emitIteration(b, blk, depth+1)
			fmt.Fprintf(b, "%s}\n", ind)
			return mem
		}
		head = fmt.Sprintf("pfor omp_%s %s in 0 .. %s schedule guided%s", blk.Name, k, n, chunk)
		lo, hi = k, k+" + 1"
	case c.sched == "static" && c.chunk == nil:
		// libgomp: q = n / T iterations each, and one more for the first
		// n mod T threads.
		q := fmt.Sprintf("floor((%s) / nthreads)", n)
		r := fmt.Sprintf("((%s) %% nthreads)", n)
		head = fmt.Sprintf("pfor omp_%s %s in 0 .. nthreads", blk.Name, k)
		lo = fmt.Sprintf("%s * %s + min(%s, %s)", k, q, k, r)
		hi = fmt.Sprintf("%s + %s + (%s < %s ? 1 : 0)", lo, q, k, r)
	default:
		chunk := "1"
		if c.chunk != nil {
			chunk = "max(1, floor(" + String(c.chunk) + "))"
		}
		sched := "static chunk 1"
		if c.sched == "dynamic" {
			sched = "dynamic"
		}
		head = fmt.Sprintf("pfor omp_%s %s in 0 .. ceil((%s) / %s) schedule %s", blk.Name, k, n, chunk, sched)
		lo = fmt.Sprintf("%s * %s", k, chunk)
		hi = fmt.Sprintf("min(%s, (%s + 1) * %s)", n, k, chunk)
	}
	fmt.Fprintf(b, "%s%s { // #pragma %s at %s\n", ind, head, c.text, c.at)
	var mem bool
	if len(nest) == 1 {
		fmt.Fprintf(b, "%s  for %s in %s .. %s%s { // its chunk of the loop at %s\n", ind, l.Var, at(l, lo), at(l, hi), stepText(l), span(blk))
		mem = mw.emitIteration(b, blk, depth+2)
		fmt.Fprintf(b, "%s  }\n", ind)
	} else {
		// Flat iteration f is row floor(f / n2), column f mod n2.
		in := nest[1].Loop
		n2 := "(" + String(in.Trips) + ")"
		r := "r_" + blk.Name
		fmt.Fprintf(b, "%s  for %s in floor((%s) / %s) .. floor((%s - 1) / %s) + 1 { // the rows of its chunk of the loops at %s\n", ind, r, lo, n2, hi, n2, span(blk))
		fmt.Fprintf(b, "%s    for %s in %s .. %s + 1 {\n", ind, l.Var, at(l, r), at(l, r))
		fmt.Fprintf(b, "%s      for %s in %s .. %s%s { // the row's columns in the chunk\n", ind, in.Var,
			at(in, fmt.Sprintf("max(0, %s - %s * %s)", lo, r, n2)), at(in, fmt.Sprintf("min(%s, %s - %s * %s)", n2, hi, r, n2)), stepText(in))
		mem = mw.emitIteration(b, nest[1], depth+4)
		fmt.Fprintf(b, "%s      }\n%s    }\n%s  }\n", ind, ind, ind)
	}
	fmt.Fprintf(b, "%s}\n", ind)
	return mem
}

// sharedNest is the loops a for directive shares: blk, and with
// collapse(2) the loop it holds, when both run an index by a positive
// constant step and the inner loop's bounds do not depend on the outer
// index (the iterations are n1 × n2).
func sharedNest(blk *Block, collapse int) ([]*Block, bool) {
	canon := func(l *LoopInfo) bool {
		step, ok := constOf(l.Step)
		return l.Var != "" && l.From != nil && l.To != nil && l.Trips != nil && ok && step > 0
	}
	if !canon(blk.Loop) {
		return nil, false
	}
	if collapse < 2 {
		return []*Block{blk}, true
	}
	var inner *Block
	for _, x := range blk.Body {
		if x.Kind == Loop {
			if inner != nil {
				return []*Block{blk}, true
			}
			inner = x
		}
	}
	if inner == nil || inner.omp != nil || !canon(inner.Loop) {
		return []*Block{blk}, true
	}
	v := blk.Loop.Var
	if mentionsName(inner.Loop.From, v) || mentionsName(inner.Loop.To, v) || mentionsName(inner.Loop.Trips, v) {
		return []*Block{blk}, true
	}
	return []*Block{blk, inner}, true
}

// at is the index of loop l at iteration it (an expression's text).
func at(l *LoopInfo, it string) string {
	if s, _ := constOf(l.Step); s != 1 {
		return fmt.Sprintf("(%s) + (%s) * %s", String(l.From), it, String(l.Step))
	}
	return fmt.Sprintf("(%s) + %s", String(l.From), it)
}

func stepText(l *LoopInfo) string {
	if s, _ := constOf(l.Step); s != 1 {
		return " step " + String(l.Step)
	}
	return ""
}

func scheduleText(sched string, chunk Expr) string {
	s := ""
	if sched != "static" || chunk != nil {
		s = " schedule " + sched
	}
	if chunk != nil {
		s += " chunk max(1, " + String(chunk) + ")"
	}
	return s
}

// inRegion reports whether the statement walked is inside a parallel
// region.
func (om *ompState) inRegion() bool {
	return om.regions > 0
}
