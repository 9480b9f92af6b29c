package analyze

import "modernc.org/cc/v4"

// A test whose arm leaves the loop, `if (c) { ...; break; }` (ParRes's
// verifications: if (ABS(vector[i] - ref) >= epsilon) { printf(...);
// break; }), is true at most once per run of the loop, and the loop's
// count already assumes that it runs to its bound (the break's warning):
// in the iterations counted the test is false. A probability the analysis
// cannot know is then 0, not a parameter of default 0.5: the jump always
// goes the same way, which the predictor learns, and the arm (a message,
// an error flag) is not charged to every other iteration. A return
// leaves the loop as well. A test the analysis reads (of the indices, the
// rank) keeps its own probability.

// leavesLoop reports whether s is an if with no else, inside a loop and
// not in a switch case there, whose arm ends with a break or a return.
func (cf *control) leavesLoop(s *cc.SelectionStatement) bool {
	if s.Case != cc.SelectionStatementIf || len(cf.w.loops) == 0 {
		return false
	}
	j := lastJump(s.Statement)
	switch {
	case j == nil:
		return false
	case j.Case == cc.JumpStatementReturn:
		return true
	case j.Case == cc.JumpStatementBreak:
		top := cf.jump()
		return top != nil && !top.isSwitch
	}
	return false
}

// lastJump is the jump statement that st ends with: st itself, or the
// last statement of its braces, nil when it ends otherwise.
func lastJump(st *cc.Statement) *cc.JumpStatement {
	for st != nil {
		switch st.Case {
		case cc.StatementJump:
			return st.JumpStatement
		case cc.StatementCompound:
			var last *cc.BlockItem
			for l := st.CompoundStatement.BlockItemList; l != nil; l = l.BlockItemList {
				if l.BlockItem != nil {
					last = l.BlockItem
				}
			}
			if last == nil || last.Case != cc.BlockItemStmt {
				return nil
			}
			st = last.Statement
		default:
			return nil
		}
	}
	return nil
}
