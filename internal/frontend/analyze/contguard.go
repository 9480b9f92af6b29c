package analyze

import "modernc.org/cc/v4"

// A test that skips the rest of a loop's body, `if (c) continue;`
// (CoMD's pair loop: if (r2 > rCut2) continue; then the force), is an
// if whose else is the rest of the body: the statements after it run
// when the test is false, (1 - p) of the iterations, or exactly when the
// test is one the analysis reads. A probability it cannot know is a
// parameter of default 0, the body counted whole as before, which a
// pragma, --set or a values file (values.go) gives.

// continueGuard reports whether it is `if (c) continue;` (in braces or
// not, no else) that skips the rest of the innermost loop's body.
func (cf *control) continueGuard(it *cc.BlockItem) (*cc.SelectionStatement, bool) {
	if it == nil || it.Case != cc.BlockItemStmt || it.Statement == nil || it.Statement.Case != cc.StatementSelection {
		return nil, false
	}
	if len(cf.w.loops) == 0 || cf.jump() == nil || cf.jump().isSwitch {
		return nil, false // in a switch, the rest is the case's, not the loop's
	}
	s := it.Statement.SelectionStatement
	if s.Case != cc.SelectionStatementIf {
		return nil, false
	}
	j := onlyJump(s.Statement)
	return s, j != nil && j.Case == cc.JumpStatementContinue
}

// onlyJump is the jump statement that st is, alone or alone in braces.
func onlyJump(st *cc.Statement) *cc.JumpStatement {
	for st != nil {
		switch st.Case {
		case cc.StatementJump:
			return st.JumpStatement
		case cc.StatementCompound:
			l := st.CompoundStatement.BlockItemList
			if l == nil || l.BlockItemList != nil || l.BlockItem == nil || l.BlockItem.Case != cc.BlockItemStmt {
				return nil
			}
			st = l.BlockItem.Statement
		default:
			return nil
		}
	}
	return nil
}

// guardedRest makes the rest of a body after `if (c) continue;` the
// else of the if's branch block, the last of out.
func (cf *control) guardedRest(rest *cc.BlockItemList, out []*Block) {
	b := out[len(out)-1]
	if b.Kind != Branch {
		return
	}
	cf.w.inIf++
	b.Else = append(b.Else, cf.w.items(rest)...)
	cf.w.inIf--
	if n := len(b.Else); n > 0 {
		if e := b.Else[n-1].End; e.Line > b.End.Line || e.Line == b.End.Line && e.Col > b.End.Col {
			b.End = e
		}
	}
}

// skipping reports whether j is the continue of a test whose else is the
// rest of the loop's body.
func (cf *control) skipping(j *cc.JumpStatement) bool {
	for s := range cf.skips {
		if onlyJump(s.Statement) == j {
			return true
		}
	}
	return false
}
