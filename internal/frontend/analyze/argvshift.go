package analyze

import "modernc.org/cc/v4"

// argvShifts maps each read of an argument through a moved argv in main —
// *++argv, *argv++, *argv, argv[k] after ++argv or argv += 2 — to the
// argument's position, as programs that walk their arguments read them
// (the Parallel Research Kernels: iterations = atoi(*++argv)). The moves
// are followed in source order through straight-line code and into the
// arms of an if; a read after argv moved inside a loop or a switch, after
// an if that moved it, or after argv was assigned otherwise, maps to 0:
// its position is not known.
func argvShifts(body cc.Node, argv *cc.Declarator) map[cc.Node]int {
	if body == nil || argv == nil {
		return nil
	}
	at := map[cc.Node]int{}
	shift, known := 0, true
	isArgv := func(n cc.Node) bool { return declOf(uncast(n)) == argv }
	position := func(off int) int {
		if !known || shift+off < 1 {
			return 0
		}
		return shift + off
	}
	var walk func(n cc.Node)
	walk = func(n cc.Node) {
		visit(n, func(m cc.Node) bool {
			switch x := m.(type) {
			case *cc.IterationStatement:
				if movesArgv(x, isArgv) {
					unknownReads(x, isArgv, at)
					known = false
					return false
				}
			case *cc.SelectionStatement:
				if movesArgv(x, isArgv) && x.Case != cc.SelectionStatementSwitch {
					// Each arm in order from where the if found argv
					// (rank 0 reads the arguments, then broadcasts them);
					// after it, which arm ran is not known.
					entry := shift
					walk(x.ExpressionList)
					walk(x.Statement)
					if x.Statement2 != nil {
						shift = entry
						walk(x.Statement2)
					}
					known = false
					return false
				}
				if movesArgv(x, isArgv) {
					unknownReads(x, isArgv, at)
					known = false
					return false
				}
			case *cc.UnaryExpression:
				switch x.Case {
				case cc.UnaryExpressionDeref:
					switch y := uncast(x.CastExpression).(type) {
					case *cc.UnaryExpression:
						if y.Case == cc.UnaryExpressionInc && isArgv(y.UnaryExpression) {
							at[x] = position(1) // *++argv
						}
					case *cc.PostfixExpression:
						if y.Case == cc.PostfixExpressionInc && isArgv(y.PostfixExpression) {
							at[x] = position(0) // *argv++
						}
					default:
						if isArgv(y) {
							at[x] = position(0) // *argv
						}
					}
				case cc.UnaryExpressionInc, cc.UnaryExpressionDec:
					if isArgv(x.UnaryExpression) {
						shift += step(x.Case == cc.UnaryExpressionInc)
					}
				}
			case *cc.PostfixExpression:
				switch x.Case {
				case cc.PostfixExpressionInc, cc.PostfixExpressionDec:
					if isArgv(x.PostfixExpression) {
						shift += step(x.Case == cc.PostfixExpressionInc)
					}
				case cc.PostfixExpressionIndex:
					if isArgv(x.PostfixExpression) {
						if v, ok := constValue(x.ExpressionList); ok && v == float64(int(v)) {
							at[x] = position(int(v))
						} else {
							at[x] = 0
						}
					}
				}
			case *cc.AssignmentExpression:
				if x.Case != cc.AssignmentExpressionCond && isArgv(x.UnaryExpression) {
					v, ok := constValue(x.AssignmentExpression)
					switch {
					case x.Case == cc.AssignmentExpressionAdd && ok:
						shift += int(v)
					case x.Case == cc.AssignmentExpressionSub && ok:
						shift -= int(v)
					default:
						known = false
					}
				}
			}
			return true
		})
	}
	walk(body)
	return at
}

// movesArgv tells whether n increments, decrements or assigns argv.
func movesArgv(n cc.Node, isArgv func(cc.Node) bool) bool {
	moved := false
	visit(n, func(m cc.Node) bool {
		switch x := m.(type) {
		case *cc.UnaryExpression:
			moved = moved || (x.Case == cc.UnaryExpressionInc || x.Case == cc.UnaryExpressionDec) && isArgv(x.UnaryExpression)
		case *cc.PostfixExpression:
			moved = moved || (x.Case == cc.PostfixExpressionInc || x.Case == cc.PostfixExpressionDec) && isArgv(x.PostfixExpression)
		case *cc.AssignmentExpression:
			moved = moved || x.Case != cc.AssignmentExpressionCond && isArgv(x.UnaryExpression)
		}
		return !moved
	})
	return moved
}

// unknownReads marks every read of an argument through argv inside n as
// one whose position is not known.
func unknownReads(n cc.Node, isArgv func(cc.Node) bool, at map[cc.Node]int) {
	visit(n, func(m cc.Node) bool {
		switch x := m.(type) {
		case *cc.UnaryExpression:
			if x.Case == cc.UnaryExpressionDeref && movesArgvOrIs(x.CastExpression, isArgv) {
				at[x] = 0
			}
		case *cc.PostfixExpression:
			if x.Case == cc.PostfixExpressionIndex && isArgv(x.PostfixExpression) {
				at[x] = 0
			}
		}
		return true
	})
}

// movesArgvOrIs tells whether e is argv, or argv moved by ++ or --.
func movesArgvOrIs(e cc.Node, isArgv func(cc.Node) bool) bool {
	return isArgv(e) || movesArgv(uncast(e), isArgv)
}

// step is what ++ (inc) or -- does to argv's position.
func step(inc bool) int {
	if inc {
		return 1
	}
	return -1
}
