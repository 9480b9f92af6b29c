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
// the rank, a variable nothing around changes, which becomes a parameter
// named after it). Otherwise, when the cases communicate, a parameter
// says which entry is taken (every process the same); when they only
// compute, each entry is taken as equally likely. The warning says which.

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
	spin     bool // a spin-wait's loop, whose break is its end (spin.go)
}

// switchStmt makes the blocks of a switch.
func (cf *control) switchStmt(s *cc.SelectionStatement, out *[]*Block) {
	for _, c := range cf.w.structuralCalls(s.ExpressionList) {
		cf.w.callBlock(c, out)
	}
	segs := cf.segments(s.Statement)
	// A variable that nothing around the switch changes is a parameter
	// named after it, as in a loop bound (unknownVar).
	cf.w.paramize = append(cf.w.paramize, s)
	value, known := cf.w.sym(s.ExpressionList)
	cf.w.paramize = cf.w.paramize[:len(cf.w.paramize)-1]
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
	// The entries: each case, and default or no match.
	entries := len(cases) + 1
	var blocks []*Block
	for i, sg := range segs {
		b := &Block{Name: cf.w.blockName(sg.at), Kind: Branch, Func: cf.w.fn.Name, Pos: pos(sg.at), Ops: map[string]float64{}, Stmt: s}
		if i == 0 {
			o := opsCounter{w: cf.w, ops: b.Ops}
			o.expr(s.ExpressionList, false)
			b.addStreams(o.streamed, o.streamIdx)
			// A compare and jump per case, or a jump through a table:
			// one branch, mispredicted as a data-dependent one.
			b.Ops["branch"]++
		}
		cf.w.inIf++
		cf.jumps = append(cf.jumps, jumpFrame{isSwitch: true})
		for _, it := range sg.items {
			cf.w.blockItem(it, &b.Then)
		}
		cf.jumps = cf.jumps[:len(cf.jumps)-1]
		cf.w.inIf--
		if len(sg.items) > 0 {
			extend(b, sg.items[len(sg.items)-1])
		}
		blocks = append(blocks, b)
	}
	if len(blocks) == 0 {
		// No case: the test alone.
		b := &Block{Name: cf.w.blockName(s), Kind: Compute, Func: cf.w.fn.Name, Pos: pos(s), Ops: map[string]float64{"branch": 1}}
		o := opsCounter{w: cf.w, ops: b.Ops}
		o.expr(s.ExpressionList, false)
		*out = append(*out, b)
		return
	}
	var param string
	if !known && communicates(blocks) {
		// Cases that communicate must go the same way on every process
		// (a broadcast in one case only): not a draw per process, but a
		// parameter that says which entry the program takes.
		param = cf.w.a.param(cf.w.fresh(blocks[0].Name+"_case"), 0, pos(s), "unknown", "which entry of the switch at "+pos(s).String()+" is taken (0: the first case)").Name
		cf.w.a.Unknowns = append(cf.w.a.Unknowns, Unknown{Pos: pos(s), Block: blocks[0].Name, What: "switch case", Param: param, How: Default, Value: "0"})
		cf.w.a.warn(pos(s), "the value of this switch is not known statically: which of its %d entries is taken is the parameter %s (0 the first case, %d default or no match; default 0); give it with --set %s=K", entries, param, entries-1, param)
	} else if !known {
		cf.w.a.Unknowns = append(cf.w.a.Unknowns, Unknown{Pos: pos(s), Block: blocks[0].Name, What: "switch case", How: Default,
			Value: "1/" + itoa(entries) + " each"})
		cf.w.a.warn(pos(s), "the value of this switch is not known statically: each of its %d entries (the cases, and %s) is taken as equally likely",
			entries, map[bool]string{true: "default", false: "no match"}[hasDefault])
	}
	start := 0 // the first segment of the current run
	for i := range segs {
		if i > 0 && segs[i-1].ends {
			start = i
		}
		var run []caseLabel
		for _, p := range segs[start : i+1] {
			run = append(run, p.labels...)
		}
		b := blocks[i]
		switch {
		case known:
			b.Cond = matches(value, run, cases)
		case param != "":
			b.Cond = matches(Name{param}, entryIndices(run, cases), indexCases(len(cases)))
		default:
			b.Prob = Num{float64(len(run)) / float64(entries)}
		}
		*out = append(*out, b)
	}
}

// communicates reports whether blocks hold communication or calls of the
// program's functions (which may communicate).
func communicates(bs []*Block) bool {
	for _, b := range bs {
		if b.Kind == MPI || b.Kind == CallK || communicates(b.Body) || communicates(b.Then) || communicates(b.Else) {
			return true
		}
	}
	return false
}

// entryIndices turns the labels of a run into the entries' numbers: the
// k-th case of the switch is entry k, default is entry len(cases).
func entryIndices(run, cases []caseLabel) []caseLabel {
	var out []caseLabel
	for _, l := range run {
		if l.def {
			out = append(out, caseLabel{lo: Num{float64(len(cases))}})
			continue
		}
		for k, c := range cases {
			if c == l {
				out = append(out, caseLabel{lo: Num{float64(k)}})
			}
		}
	}
	return out
}

// indexCases are the entries 0 .. n-1 as case labels.
func indexCases(n int) []caseLabel {
	out := make([]caseLabel, n)
	for k := range out {
		out[k] = caseLabel{lo: Num{float64(k)}}
	}
	return out
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
func (cf *control) segments(body *cc.Statement) []*segment {
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
			labels = append(labels, cf.caseOf(ls))
			st = ls.Statement
		}
		if len(labels) > 0 {
			cur = &segment{labels: labels, at: at}
			segs = append(segs, cur)
		}
		if cur == nil || cur.ends {
			continue // before the first label or after a break: unreachable
		}
		items, ends := caseItems(st)
		cur.items = append(cur.items, items...)
		cur.ends = ends
	}
	return segs
}

// caseItems are the items of a statement of a case, a block's opened
// (case 1: { ...; break; } ends the case as case 1: ...; break; does),
// and whether it ends with the break that leaves the switch.
func caseItems(st *cc.Statement) ([]*cc.BlockItem, bool) {
	if isBreak(st) {
		return nil, true
	}
	if st == nil || st.Case != cc.StatementCompound || st.CompoundStatement == nil {
		return []*cc.BlockItem{{Case: cc.BlockItemStmt, Statement: st}}, false
	}
	var out []*cc.BlockItem
	for l := st.CompoundStatement.BlockItemList; l != nil; l = l.BlockItemList {
		it := l.BlockItem
		if it == nil {
			continue
		}
		if it.Case != cc.BlockItemStmt {
			out = append(out, it)
			continue
		}
		items, ends := caseItems(it.Statement)
		out = append(out, items...)
		if ends {
			return out, true // what follows the break never runs
		}
	}
	return out, false
}

func isBreak(s *cc.Statement) bool {
	return s != nil && s.Case == cc.StatementJump && s.JumpStatement != nil && s.JumpStatement.Case == cc.JumpStatementBreak
}

// caseOf reads a case label's value.
func (cf *control) caseOf(ls *cc.LabeledStatement) caseLabel {
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
