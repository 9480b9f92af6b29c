package analyze

import (
	"fmt"
	"sort"

	"modernc.org/cc/v4"
)

// Values kept in small arrays. SPMD-style OpenMP divides the work among
// the threads by hand, and keeps each thread's bounds in arrays indexed
// by the thread id, filled by a loop over the team (ParRes's Synch_p2p):
//
//	tstart[0] = start;
//	for (TID = 0; TID < nthread; TID++) {
//	  tsegment_size[TID] = segment_size / nthread;
//	  if (TID < segment_size % nthread) tsegment_size[TID]++;
//	  if (TID > 0) tstart[TID] = tend[TID-1] + 1;
//	  tend[TID] = tstart[TID] + tsegment_size[TID] - 1;
//	}
//	...
//	for (i = tstart[TID]; i <= tend[TID]; i++)   // TID = omp_get_thread_num()
//
// The analysis keeps, for each such array, the value of its element k as
// an expression of k: a store A[c] = e at function level gives element
// c; a counted loop of unit step whose body only stores A[v] (v its
// index, in straight-line code and ifs) gives the elements of its range,
// run once symbolically for a generic v. A value read from B[v-1], an
// element the previous iteration stored, is a recurrence: A(v) = A(v-1) +
// d(v) is summed in closed form (a constant, v, and v < c ? x : y
// terms, the remainder dealt to the first threads); another array's
// previous element is that array's closed form at v-1. A read A[k] is
// then the expression at k, tid for the thread id: each thread's count.
// The values hold until the array is stored to anywhere else (inside
// another loop, in a branch, through a call), then they are forgotten. A
// store in a branch that one thread takes (if (tid == 0)) is a store of
// shared memory that the team reads after it: it holds for every
// thread. Reads are taken to be of elements the program stored: the
// range's upper end is not checked.

// elemIndex is the placeholder for the index in an element's value, and
// elemUnknown the value of an element no store gave.
const (
	elemIndex   = "\x00k"
	elemUnknown = "\x00unknown"
)

// smallArrays is the walker's part for the values kept in small arrays'
// elements (elems.go): stored one by one, or filled by a loop.
type smallArrays struct {
	w *walker
	// arrays are the values kept in small arrays' elements, filling the
	// loop whose body is being run for them, and threadIfs how many of
	// the enclosing branches one thread of a parallel region alone takes.
	arrays    map[*cc.Declarator][]elemPiece
	filling   *elemFill
	threadIfs int
}

// enter starts a function: no array holds known values.
func (sa *smallArrays) enter() {
	sa.arrays, sa.threadIfs = map[*cc.Declarator][]elemPiece{}, 0
}

// forget drops what array d holds: the pointer is set again.
func (sa *smallArrays) forget(d *cc.Declarator) {
	delete(sa.arrays, d)
}

// threadIf adds n to the branches around that one thread of a parallel
// region alone takes.
func (sa *smallArrays) threadIf(n int) {
	sa.threadIfs += n
}

// elemPiece is the value of the elements from index from on (eq: at that
// index only; both nil: every element).
type elemPiece struct {
	from, eq Expr
	at       Expr // of elemIndex
}

// elemFill is a loop that fills arrays, run symbolically.
type elemFill struct {
	v      string // the loop's index
	lo     Expr   // its first value
	stored map[*cc.Declarator]bool
	cur    map[*cc.Declarator]Expr // the values the iteration stored so far
	// before are the arrays' values before the loop; refs the
	// placeholders of the previous iteration's element (prev) and of the
	// element before the loop (old) that the values read.
	before map[*cc.Declarator][]elemPiece
	refs   map[string]elemRef
	failed bool
}

// elemRef is what a placeholder stands for: array d's element v - 1
// (prev) or its element v before the loop.
type elemRef struct {
	d    *cc.Declarator
	prev bool
}

// elemValue is the value of arr[k]: gathered from every process, or kept
// in a small array.
func (sa *smallArrays) elemValue(x *cc.PostfixExpression) (Expr, bool) {
	d := declOf(x.PostfixExpression)
	if d == nil {
		return nil, false
	}
	if v, ok := sa.w.elems[d]; ok {
		return v, true // gathered.go
	}
	if x.Case != cc.PostfixExpressionIndex {
		return nil, false
	}
	k, ok := sa.w.sym(x.ExpressionList)
	if !ok {
		return nil, false
	}
	if f := sa.filling; f != nil {
		return f.read(sa, d, k)
	}
	return sa.arrayAt(d, k)
}

// arrayAt is the kept value of d[k].
func (sa *smallArrays) arrayAt(d *cc.Declarator, k Expr) (Expr, bool) {
	pieces := sa.arrays[d]
	if len(pieces) == 0 {
		return nil, false
	}
	v := piecesAt(pieces, k)
	return v, !mentionsName(v, elemUnknown)
}

// piecesAt is element k of pieces: the newest piece that holds there.
// Below the oldest range, the elements are those of the range (a program
// reads the elements it stored); beside points only, unknown.
func piecesAt(pieces []elemPiece, k Expr) Expr {
	var v Expr = Name{elemUnknown}
	for i := len(pieces) - 1; i >= 0; i-- {
		p := pieces[i]
		at := subst(p.at, elemIndex, k)
		switch {
		case p.from == nil && p.eq == nil, p.eq == nil && isName(v, elemUnknown):
			v = at
		case p.eq != nil:
			v = Cond{Bin{"==", k, p.eq}, at, v}
		default:
			v = Cond{Bin{">=", k, p.from}, at, v}
		}
	}
	return tidy(fold(v))
}

// read is d[k] inside the loop being filled: this iteration's value, the
// previous iteration's (a placeholder, resolved by solve), or the value
// before the loop.
func (f *elemFill) read(sa *smallArrays, d *cc.Declarator, k Expr) (Expr, bool) {
	if !f.stored[d] {
		return sa.arrayAt(d, k)
	}
	l, ok := linear(k)
	if !ok || len(l.coef) != 1 || l.coef[f.v] != 1 {
		f.failed = true
		return nil, false
	}
	switch l.c {
	case 0:
		if v, ok := f.cur[d]; ok {
			return v, true
		}
		return f.ref(d, false), true
	case -1:
		return f.ref(d, true), true
	}
	f.failed = true
	return nil, false
}

// ref is the placeholder of d's element v - 1 (prev) or v before the loop.
func (f *elemFill) ref(d *cc.Declarator, prev bool) Name {
	name := fmt.Sprintf("\x00old %s %p", d.Name(), d)
	if prev {
		name = fmt.Sprintf("\x00prev %s %p", d.Name(), d)
	}
	f.refs[name] = elemRef{d: d, prev: prev}
	return Name{name}
}

// forgetArray drops what is kept of the array d names, stored to where
// its values cannot be followed.
func (sa *smallArrays) forgetArray(target cc.Node) {
	if x, ok := unparen(target).(*cc.PostfixExpression); ok && x.Case == cc.PostfixExpressionIndex {
		delete(sa.arrays, declOf(x.PostfixExpression))
	}
}

// storeElem records A[c] = rhs (op: the compound operator, "" for =;
// "++" and "--" without rhs) at function level.
func (sa *smallArrays) storeElem(target cc.Node, op string, rhs cc.ExpressionNode) {
	x, ok := unparen(target).(*cc.PostfixExpression)
	if !ok || x.Case != cc.PostfixExpressionIndex {
		return
	}
	d := declOf(x.PostfixExpression)
	if d == nil {
		return
	}
	if len(sa.w.loops) > 0 || sa.w.inIf != sa.threadIfs || !cc.IsIntegerType(x.Type()) {
		delete(sa.arrays, d)
		return
	}
	k, ok := sa.w.sym(x.ExpressionList)
	var v Expr
	if ok {
		v, ok = sa.updated(d, k, op, rhs)
	}
	if !ok {
		delete(sa.arrays, d)
		return
	}
	sa.arrays[d] = prependPiece(sa.arrays[d], elemPiece{eq: k, at: v})
}

// updated is the value of d[k] after d[k] op= rhs.
func (sa *smallArrays) updated(d *cc.Declarator, k Expr, op string, rhs cc.ExpressionNode) (Expr, bool) {
	var r Expr = Num{1}
	if rhs != nil {
		v, ok := sa.w.sym(rhs)
		if !ok {
			return nil, false
		}
		r = v
	}
	if op == "" {
		return r, true
	}
	var old Expr
	var ok bool
	if sa.filling != nil {
		old, ok = sa.filling.read(sa, d, k)
	} else {
		old, ok = sa.arrayAt(d, k)
	}
	if !ok {
		return nil, false
	}
	switch op {
	case "+", "++":
		return add(old, r), true
	case "-", "--":
		return sub(old, r), true
	case "*":
		return mul(old, r), true
	}
	return nil, false
}

func prependPiece(ps []elemPiece, p elemPiece) []elemPiece {
	if p.eq == nil && (p.from == nil || nonPositive(p.from)) {
		return []elemPiece{{at: p.at}}
	}
	return append([]elemPiece{p}, ps...)
}

func nonPositive(e Expr) bool {
	c, ok := constOf(e)
	return ok && c <= 0
}

// fillArrays runs the body of a counted loop of unit step once for a
// generic index and keeps what it stores: called with the loop's frame
// pushed, before its body is walked; the values are installed by the
// function it returns, after the walk.
func (sa *smallArrays) fillArrays(it *cc.IterationStatement, info *LoopInfo) func() {
	stored := storedArrays(it.Statement)
	if len(stored) == 0 {
		return func() {}
	}
	forget := func() {
		for d := range stored {
			delete(sa.arrays, d)
		}
	}
	if step, ok := constOf(info.Step); !ok || step != 1 || info.Mirror || info.Var == "" || info.From == nil ||
		len(sa.w.loops) != 1 || sa.w.inIf != sa.threadIfs || sa.filling != nil {
		return forget
	}
	f := &elemFill{v: info.Var, lo: info.From, stored: stored, cur: map[*cc.Declarator]Expr{},
		before: map[*cc.Declarator][]elemPiece{}, refs: map[string]elemRef{}}
	for d := range stored {
		f.before[d] = sa.arrays[d]
	}
	sa.filling = f
	ok := sa.runFill(it.Statement)
	sa.filling = nil
	if !ok || f.failed {
		return forget
	}
	solved := f.solve(sa)
	return func() {
		forget()
		for d, p := range solved {
			sa.arrays[d] = p
		}
	}
}

// storedArrays are the arrays whose elements the statement stores to.
func storedArrays(s cc.Node) map[*cc.Declarator]bool {
	out := map[*cc.Declarator]bool{}
	visit(s, func(n cc.Node) bool {
		if x, ok := unparen(written(n, false)).(*cc.PostfixExpression); ok && x.Case == cc.PostfixExpressionIndex {
			if d := declOf(x.PostfixExpression); d != nil {
				out[d] = true
			}
		}
		return true
	})
	return out
}

// runFill runs a statement of the filling loop's body: stores of
// elements at the index, in a block or under ifs.
func (sa *smallArrays) runFill(s *cc.Statement) bool {
	f := sa.filling
	switch s.Case {
	case cc.StatementCompound:
		for l := s.CompoundStatement.BlockItemList; l != nil; l = l.BlockItemList {
			if it := l.BlockItem; it == nil || it.Case != cc.BlockItemStmt || !sa.runFill(it.Statement) {
				return false
			}
		}
		return true
	case cc.StatementExpr:
		if s.ExpressionStatement.ExpressionList == nil {
			return true
		}
		for _, e := range commaList(s.ExpressionStatement.ExpressionList) {
			if !sa.fillStore(e) {
				return false
			}
		}
		return true
	case cc.StatementSelection:
		sel := s.SelectionStatement
		if sel.Case != cc.SelectionStatementIf && sel.Case != cc.SelectionStatementIfElse {
			return false
		}
		c, ok := sa.w.symCond(sel.ExpressionList)
		if !ok {
			return false
		}
		before := copyVals(f.cur)
		if !sa.runFill(sel.Statement) {
			return false
		}
		then := f.cur
		f.cur = copyVals(before)
		if sel.Case == cc.SelectionStatementIfElse && !sa.runFill(sel.Statement2) {
			return false
		}
		f.join(c, then)
		return true
	}
	return false
}

// join makes the values after an if: cond ? then's : the other arm's.
func (f *elemFill) join(c Expr, then map[*cc.Declarator]Expr) {
	for d := range f.stored {
		a, inThen := then[d]
		b, inElse := f.cur[d]
		if !inThen && !inElse || inThen && inElse && String(a) == String(b) {
			continue
		}
		if !inThen {
			a = f.ref(d, false)
		}
		if !inElse {
			b = f.ref(d, false)
		}
		f.cur[d] = Cond{c, a, b}
	}
}

// fillStore runs one expression of the body: A[v] = e, A[v] op= e,
// A[v]++ and A[v]--.
func (sa *smallArrays) fillStore(e cc.Node) bool {
	f := sa.filling
	var target cc.Node
	var rhs cc.ExpressionNode
	op := ""
	switch x := unparen(e).(type) {
	case *cc.AssignmentExpression:
		var known bool
		op, known = storeOps[x.Case]
		if !known {
			return false
		}
		target, rhs = x.UnaryExpression, x.AssignmentExpression
	case *cc.PostfixExpression:
		op = map[cc.PostfixExpressionCase]string{cc.PostfixExpressionInc: "++", cc.PostfixExpressionDec: "--"}[x.Case]
		target = x.PostfixExpression
	case *cc.UnaryExpression:
		op = map[cc.UnaryExpressionCase]string{cc.UnaryExpressionInc: "++", cc.UnaryExpressionDec: "--"}[x.Case]
		target = x.UnaryExpression
	}
	t, ok := unparen(target).(*cc.PostfixExpression)
	if target == nil || !ok || t.Case != cc.PostfixExpressionIndex || !cc.IsIntegerType(t.Type()) {
		return false
	}
	d := declOf(t.PostfixExpression)
	k, ok := sa.w.sym(t.ExpressionList)
	if d == nil || !ok || String(simplify(k)) != f.v {
		return false
	}
	v, ok := sa.updated(d, k, op, rhs)
	if !ok {
		return false
	}
	f.cur[d] = v
	return true
}

// solve gives each array the loop stored its values over the loop's
// range, from its first iteration (v = lo, where the tests of v are
// constants) and the others (v > lo): the recurrences A(v) = A(v-1) +
// d(v) first, summed, then the arrays that read the previous elements of
// those. An array whose value cannot be told is left out: forgotten.
func (f *elemFill) solve(sa *smallArrays) map[*cc.Declarator][]elemPiece {
	out := map[*cc.Declarator][]elemPiece{}
	defer func() {
		for d, p := range f.before {
			sa.arrays[d] = p
		}
	}()
	install := func(d *cc.Declarator, ps []elemPiece) {
		out[d] = ps
		sa.arrays[d] = ps // read by the arrays solved after it
	}
	var rest []*cc.Declarator
	for d := range f.stored {
		if v, ok := f.cur[d]; ok && f.recurrent(d, v) {
			if p, ok := f.recurrence(d, v); ok {
				install(d, prependPiece(f.before[d], p))
			}
		} else if ok {
			rest = append(rest, d)
		}
	}
	sort.Slice(rest, func(i, j int) bool { return rest[i].Name() < rest[j].Name() })
	for _, d := range rest {
		first, ok1 := f.first(f.cur[d])
		past, ok2 := f.past(f.cur[d], nil, out)
		if !ok1 || !ok2 {
			continue
		}
		if String(tidy(fold(subst(past, elemIndex, f.lo)))) == String(first) {
			install(d, prependPiece(f.before[d], elemPiece{from: f.lo, at: past}))
			continue
		}
		ps := prependPiece(f.before[d], elemPiece{eq: f.lo, at: first})
		if nonPositive(f.lo) {
			ps = []elemPiece{{at: first}} // the first iteration stores the lowest element
		}
		install(d, prependPiece(ps, elemPiece{from: simplify(add(f.lo, Num{1})), at: past}))
	}
	return out
}

// recurrent reports whether v reads no previous element but d's own.
func (f *elemFill) recurrent(d *cc.Declarator, v Expr) bool {
	self := false
	for name, r := range f.refs {
		if r.prev && mentionsName(v, name) {
			if r.d != d {
				return false
			}
			self = true
		}
	}
	return self
}

// first is v in the loop's first iteration: the previous elements and
// those before the loop are the values before it.
func (f *elemFill) first(v Expr) (Expr, bool) {
	v = fold(subst(v, f.v, f.lo))
	for name, r := range f.refs {
		if !mentionsName(v, name) {
			continue
		}
		k := f.lo
		if r.prev {
			k = simplify(sub(f.lo, Num{1}))
		}
		v = subst(v, name, piecesAt(f.before[r.d], k))
	}
	v = tidy(fold(v))
	return v, !mentionsName(v, elemUnknown)
}

// past is v in the iterations past the first, as an expression of the
// index (elemIndex): the previous elements are those of the arrays
// solved (their closed forms at v - 1), the elements before the loop
// those of before; self's previous element is left.
func (f *elemFill) past(v Expr, self *cc.Declarator, solved map[*cc.Declarator][]elemPiece) (Expr, bool) {
	v = fold(assumeAbove(v, f.v, f.lo))
	here := Name{f.v}
	for name, r := range f.refs {
		if !mentionsName(v, name) || r.prev && r.d == self {
			continue
		}
		if !r.prev {
			v = subst(v, name, piecesAt(f.before[r.d], here))
			continue
		}
		ps, ok := solved[r.d]
		if !ok {
			return nil, false
		}
		v = subst(v, name, piecesAt(ps, simplify(sub(here, Num{1}))))
	}
	v = tidy(fold(subst(v, f.v, Name{elemIndex})))
	return v, !mentionsName(v, elemUnknown)
}

// recurrence solves A(v) = A(v-1) + d(v) for v past the first index in
// closed form: A(k) = A(lo) + Σ_{j=lo+1}^{k} d(j).
func (f *elemFill) recurrence(d *cc.Declarator, v Expr) (elemPiece, bool) {
	self := f.ref(d, true).N
	past, ok := f.past(v, d, nil)
	if !ok {
		return elemPiece{}, false
	}
	coef, step, ok := affineIn(past, self)
	if !ok || coef != 1 || mentionsName(step, self) {
		return elemPiece{}, false
	}
	first, ok := f.first(v)
	if !ok {
		return elemPiece{}, false
	}
	j := "\x00j"
	s, ok := sumOver(subst(step, elemIndex, Name{j}), j, simplify(add(f.lo, Num{1})), Name{elemIndex})
	return elemPiece{from: f.lo, at: tidy(fold(add(first, s)))}, ok
}

// assumeAbove rewrites the tests of v against lo that hold for every v
// past lo (v > lo, v >= lo + 1, v != lo, and their mirrors) as true, and
// v == lo as false.
func assumeAbove(e Expr, v string, lo Expr) Expr {
	if x, ok := e.(Bin); ok {
		if t, ok := pastTest(x, v, lo); ok {
			return Num{t}
		}
	}
	return mapOperands(e, func(a Expr) Expr { return assumeAbove(a, v, lo) })
}

// pastTest is the value of the comparison b for every v > lo, when it
// compares v with lo or lo + 1.
func pastTest(b Bin, v string, lo Expr) (float64, bool) {
	op, a, c := b.Op, b.A, b.B
	if !isName(a, v) {
		mirror := map[string]string{"<": ">", ">": "<", "<=": ">=", ">=": "<=", "==": "==", "!=": "!="}
		m, ok := mirror[op]
		if !ok || !isName(c, v) {
			return 0, false
		}
		op, a, c = m, c, a
	}
	if !isName(a, v) {
		return 0, false
	}
	gap, ok := linear(simplify(sub(c, lo)))
	if !ok || len(nonZero(gap.coef)) != 0 {
		return 0, false
	}
	// v ≥ lo + 1: v op lo + gap.
	switch {
	case op == ">" && gap.c <= 0, op == ">=" && gap.c <= 1, op == "!=" && gap.c <= 0:
		return 1, true
	case op == "==" && gap.c <= 0, op == "<" && gap.c <= 1, op == "<=" && gap.c <= 0:
		return 0, true
	}
	return 0, false
}

func isName(e Expr, n string) bool {
	x, ok := e.(Name)
	return ok && x.N == n
}

func nonZero(m map[string]float64) []string {
	var out []string
	for k, v := range m {
		if v != 0 {
			out = append(out, k)
		}
	}
	return out
}

// affineIn writes e as coef·n + rest, where rest does not read n.
func affineIn(e Expr, n string) (float64, Expr, bool) {
	if !mentionsName(e, n) {
		return 0, e, true
	}
	switch x := e.(type) {
	case Name:
		return 1, Num{0}, true
	case Bin:
		switch x.Op {
		case "+", "-":
			ca, ra, ok1 := affineIn(x.A, n)
			cb, rb, ok2 := affineIn(x.B, n)
			if !ok1 || !ok2 {
				return 0, nil, false
			}
			if x.Op == "-" {
				return ca - cb, sub(ra, rb), true
			}
			return ca + cb, add(ra, rb), true
		case "*":
			k, ok := constOf(x.A)
			other := x.B
			if !ok {
				k, ok = constOf(x.B)
				other = x.A
			}
			if c, r, ok2 := affineIn(other, n); ok && ok2 {
				return k * c, mul(Num{k}, r), true
			}
		}
	}
	return 0, nil, false
}

// sumOver is Σ e for v from a to b (b ≥ a - 1), for e made of terms that
// do not read v, v itself, and tests of v against a bound that does not
// read it (v < c ? x : y).
func sumOver(e Expr, v string, a, b Expr) (Expr, bool) {
	n := simplify(add(sub(b, a), Num{1}))
	if !mentionsName(e, v) {
		return mul(n, e), true
	}
	switch x := e.(type) {
	case Name:
		return div(mul(add(a, b), n), Num{2}), true
	case Bin:
		switch x.Op {
		case "+", "-":
			sa, ok1 := sumOver(x.A, v, a, b)
			sb, ok2 := sumOver(x.B, v, a, b)
			if !ok1 || !ok2 {
				return nil, false
			}
			if x.Op == "-" {
				return sub(sa, sb), true
			}
			return add(sa, sb), true
		case "*":
			if !mentionsName(x.A, v) {
				s, ok := sumOver(x.B, v, a, b)
				return mul(x.A, s), ok
			}
			if !mentionsName(x.B, v) {
				s, ok := sumOver(x.A, v, a, b)
				return mul(s, x.B), ok
			}
		}
	case Cond:
		if mentionsName(x.A, v) || mentionsName(x.B, v) {
			return nil, false
		}
		t, ok := countTrue(x.C, v, a, b)
		if !ok {
			return nil, false
		}
		if gap, ok := constOf(tidy(sub(x.A, x.B))); ok {
			return add(mul(x.B, n), mul(Num{gap}, t)), true // the remainder dealt to the first
		}
		return add(mul(x.A, t), mul(x.B, simplify(sub(n, t)))), true
	}
	return nil, false
}

// countTrue counts the v from a to b for which the test v op c holds.
func countTrue(test Expr, v string, a, b Expr) (Expr, bool) {
	t, ok := test.(Bin)
	if !ok {
		return nil, false
	}
	op, x, c := t.Op, t.A, t.B
	if !isName(x, v) {
		mirror := map[string]string{"<": ">", ">": "<", "<=": ">=", ">=": "<="}
		m, ok := mirror[op]
		if !ok {
			return nil, false
		}
		op, x, c = m, c, x
	}
	if !isName(x, v) || mentionsName(c, v) {
		return nil, false
	}
	maxOf := func(p, q Expr) Expr { return Call{"max", []Expr{p, q}} }
	minOf := func(p, q Expr) Expr { return Call{"min", []Expr{p, q}} }
	end := add(b, Num{1})
	switch op {
	case "<": // v in [a, min(b + 1, c))
		return maxOf(Num{0}, simplify(sub(minOf(end, c), a))), true
	case "<=":
		return maxOf(Num{0}, simplify(sub(minOf(end, add(c, Num{1})), a))), true
	case ">": // v in [max(a, c + 1), b]
		return maxOf(Num{0}, simplify(sub(end, maxOf(a, add(c, Num{1}))))), true
	case ">=":
		return maxOf(Num{0}, simplify(sub(end, maxOf(a, c)))), true
	}
	return nil, false
}

// fold picks the arm of each test whose outcome is a constant.
func fold(e Expr) Expr {
	switch x := e.(type) {
	case Cond:
		c := fold(x.C)
		if t, ok := eval(c, nil); ok {
			if t != 0 {
				return fold(x.A)
			}
			return fold(x.B)
		}
		return Cond{c, fold(x.A), fold(x.B)}
	}
	return mapOperands(e, fold)
}

// storeOps are the assignments whose stores storeElem follows.
var storeOps = map[cc.AssignmentExpressionCase]string{cc.AssignmentExpressionAssign: "", cc.AssignmentExpressionAdd: "+",
	cc.AssignmentExpressionSub: "-", cc.AssignmentExpressionMul: "*"}

// passedArrays forgets the kept arrays a call is given, which it may
// store to.
func (sa *smallArrays) passedArrays(call *cc.PostfixExpression) {
	for _, a := range callArgs(call) {
		if u, ok := uncast(a).(*cc.UnaryExpression); ok && u.Case == cc.UnaryExpressionAddrof {
			sa.forgetArray(u.CastExpression)
		}
		delete(sa.arrays, declOf(uncast(a)))
	}
}

// tidy collects the like terms of e's sums, taking what is not affine
// (floor(n / t), a test) as a term of its own: the closed forms of
// recurrences stay readable, (t - 1 + x) - (t - 1) being x.
func tidy(e Expr) Expr {
	atoms := map[string]Expr{}
	l, ok := linear(atomize(e, atoms))
	if !ok {
		return mapOperands(e, tidy)
	}
	out := fromLinear(l)
	for n, x := range atoms {
		out = subst(out, n, x)
	}
	return out
}

// atomize replaces the terms of e's sums that are not affine by names
// kept in atoms.
func atomize(e Expr, atoms map[string]Expr) Expr {
	switch x := e.(type) {
	case Num, Name:
		return e
	case Bin:
		switch x.Op {
		case "+", "-":
			return Bin{x.Op, atomize(x.A, atoms), atomize(x.B, atoms)}
		case "*":
			a, b := atomize(x.A, atoms), atomize(x.B, atoms)
			if _, ok := constOf(a); ok {
				return Bin{"*", a, b}
			}
			if _, ok := constOf(b); ok {
				return Bin{"*", a, b}
			}
		}
	}
	t := mapOperands(e, tidy)
	n := "\x00atom " + String(t)
	atoms[n] = t
	return Name{n}
}
