package analyze

import (
	"strings"

	"modernc.org/cc/v4"
)

// A switch is a run of segments, each the statements after one or more
// case labels: control enters at the segment whose label matches and
// falls through the next ones until a break. A segment therefore runs
// when the value matches a label of its own or of an earlier segment of
// the same run (the segments since the last one that ended in a break).
// Each segment becomes a branch block whose condition says exactly that,
// in the model's terms when the switched value is known (a loop index,
// the rank); otherwise each entry of the switch is taken as equally
// likely, and the warning says so.

// caseLabel is a label of a switch: case V, case LO ... HI, or default.
type caseLabel struct {
	def    bool
	lo, hi Expr // a value or a range; nil when not a constant
}

// segment is the statements that follow labels in a switch's body.
type segment struct {
	labels []caseLabel
	items  []*cc.BlockItem // statements and declarations
	at     cc.Node         // the first label
	// ends is set when the segment's last statement is a break: the run
	// of fall-through stops there.
	ends bool
}

// jumpFrame is a construct a break leaves: a loop, or a switch. The
// break that ends a case is taken out of the switch's body (segments):
// any break left there sits inside a branch of a case.
type jumpFrame struct {
	isSwitch bool
}

// switchStmt makes the blocks of a switch.
func (w *walker) switchStmt(s *cc.SelectionStatement, out *[]*Block) {
	for _, c := range w.structuralCalls(s.ExpressionList) {
		w.callBlock(c, out)
	}
	segs := w.segments(s.Statement)
	value, known := w.sym(s.ExpressionList)
	var cases []caseLabel
	hasDefault := false
	for _, sg := range segs {
		for _, l := range sg.labels {
			if l.def {
				hasDefault = true
				continue
			}
			if l.lo == nil {
				known = false
			}
			cases = append(cases, l)
		}
	}
	entries := len(cases)
	if hasDefault {
		entries++
	}
	first := true
	testOps := func(b *Block) {
		o := opsCounter{w: w, ops: b.Ops}
		o.expr(s.ExpressionList, false)
		b.addStreams(o.streamed, o.streamIdx)
		// A compare and jump per case, or a jump through a table: one
		// branch, mispredicted as a data-dependent one.
		b.Ops["branch"]++
	}
	start := 0 // the first segment of the current run
	var where string
	for i, sg := range segs {
		if i > 0 && segs[i-1].ends {
			start = i
		}
		var run []caseLabel
		for _, p := range segs[start : i+1] {
			run = append(run, p.labels...)
		}
		b := &Block{Name: w.blockName(sg.at), Kind: Branch, Func: w.fn.Name, Pos: pos(sg.at), Ops: map[string]float64{}, Stmt: s}
		if first {
			testOps(b)
			first = false
		}
		switch {
		case known:
			b.Cond = matches(value, run, cases)
		case entries > 0:
			n := float64(len(run))
			if hasDefault {
				b.Prob = Num{n / float64(entries)}
			} else {
				b.Prob = Num{n / float64(entries+1)} // or no label matches
			}
			if where == "" {
				where = b.Name
			}
		}
		w.inIf++
		w.jumps = append(w.jumps, jumpFrame{isSwitch: true})
		for _, it := range sg.items {
			w.blockItem(it, &b.Then)
		}
		w.jumps = w.jumps[:len(w.jumps)-1]
		w.inIf--
		if len(sg.items) > 0 {
			extend(b, sg.items[len(sg.items)-1])
		}
		*out = append(*out, b)
	}
	if first {
		// No segment: the test alone.
		b := &Block{Name: w.blockName(s), Kind: Compute, Func: w.fn.Name, Pos: pos(s), Ops: map[string]float64{}}
		testOps(b)
		*out = append(*out, b)
		return
	}
	if where != "" {
		w.a.Unknowns = append(w.a.Unknowns, Unknown{Pos: pos(s), Block: where, What: "switch case", How: Default,
			Value: "1/" + itoa(max(entries, 1)+boolInt(!hasDefault)) + " each"})
		w.a.warn(pos(s), "the value of this switch is not known statically: each of its %d entries (the cases%s) is taken as equally likely",
			entries+boolInt(!hasDefault), map[bool]string{true: " and default", false: ", and no match"}[hasDefault])
	}
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// matches is the condition that value enters the switch at one of the
// labels of run: equal to a case, in a case range, or, for default, to
// none of the switch's cases.
func matches(value Expr, run, cases []caseLabel) Expr {
	var conds []Expr
	for _, l := range run {
		switch {
		case l.def:
			var none Expr
			for _, c := range cases {
				none = and(none, negate(match(value, c)))
			}
			if none == nil {
				none = Bin{"==", Num{0}, Num{0}} // a switch of default alone
			}
			conds = append(conds, none)
		default:
			conds = append(conds, match(value, l))
		}
	}
	var out Expr
	for _, c := range conds {
		if out == nil {
			out = c
		} else {
			out = Bin{"||", out, c}
		}
	}
	return out
}

func match(value Expr, l caseLabel) Expr {
	if l.hi == nil {
		return Bin{"==", value, l.lo}
	}
	return Bin{"&&", Bin{">=", value, l.lo}, Bin{"<=", value, l.hi}}
}

func and(a, b Expr) Expr {
	if a == nil {
		return b
	}
	return Bin{"&&", a, b}
}

// segments splits a switch's body at its labels. Statements before the
// first label never run; labels nested deeper (inside a loop of the body:
// Duff's device) are not followed and warned about where they are walked.
func (w *walker) segments(body *cc.Statement) []*segment {
	var items []*cc.BlockItem
	if body != nil && body.Case == cc.StatementCompound && body.CompoundStatement != nil {
		for l := body.CompoundStatement.BlockItemList; l != nil; l = l.BlockItemList {
			if l.BlockItem != nil {
				items = append(items, l.BlockItem)
			}
		}
	} else if body != nil {
		items = append(items, &cc.BlockItem{Case: cc.BlockItemStmt, Statement: body})
	}
	var segs []*segment
	var cur *segment
	for _, it := range items {
		if it.Case != cc.BlockItemStmt || it.Statement == nil {
			if cur != nil && !cur.ends {
				cur.items = append(cur.items, it)
			}
			continue
		}
		st := it.Statement
		var labels []caseLabel
		var at cc.Node
		for st != nil && st.Case == cc.StatementLabeled && st.LabeledStatement != nil && st.LabeledStatement.Case != cc.LabeledStatementLabel {
			ls := st.LabeledStatement
			if at == nil {
				at = ls
			}
			labels = append(labels, w.caseOf(ls))
			st = ls.Statement
		}
		if len(labels) > 0 {
			cur = &segment{labels: labels, at: at}
			segs = append(segs, cur)
		}
		if cur == nil || cur.ends {
			continue // before the first label or after a break: unreachable
		}
		if isBreak(st) {
			cur.ends = true
			continue
		}
		cur.items = append(cur.items, &cc.BlockItem{Case: cc.BlockItemStmt, Statement: st})
	}
	return segs
}

func isBreak(s *cc.Statement) bool {
	return s != nil && s.Case == cc.StatementJump && s.JumpStatement != nil && s.JumpStatement.Case == cc.JumpStatementBreak
}

// caseOf reads a case label's value.
func (w *walker) caseOf(ls *cc.LabeledStatement) caseLabel {
	switch ls.Case {
	case cc.LabeledStatementDefault:
		return caseLabel{def: true}
	case cc.LabeledStatementCaseLabel, cc.LabeledStatementRange:
		l := caseLabel{}
		if v, ok := constValue(ls.ConstantExpression); ok {
			l.lo = Num{v}
		}
		if ls.Case == cc.LabeledStatementRange {
			if v, ok := constValue(ls.ConstantExpression2); ok && l.lo != nil {
				l.hi = Num{v}
			} else {
				l.lo = nil
			}
		}
		return l
	}
	return caseLabel{}
}

// jumpText is the keyword of a jump statement, for warnings.
func jumpText(j *cc.JumpStatement) string {
	return strings.TrimSpace(j.Token.SrcStr())
}
