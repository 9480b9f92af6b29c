package analyze

import (
	"math"
	"slices"
	"strconv"
	"strings"

	"modernc.org/cc/v4"
)

// Options compared by name. Many programs parse their command line by
// hand: a loop over argv compares each argument with the options' names
// and converts the next one,
//
//	for (int i = 1; i < argc; i++)
//	  if (strcmp(argv[i], "-l") == 0) in.lookups = atoi(argv[++i]);
//	  else if (!strcmp(argv[i], "-n") || !strcmp(argv[i], "--cells")) n = atol(argv[++i]);
//
// (XSBench, RSBench and many mini-apps). The comparison names the option,
// and the conversion of an argument under it stores the option's value:
// a field of a struct or a variable. Such a field becomes a parameter
// bound to the option as a getopt table's does (optfields.go); such a
// variable, which the walk finds read from argv at a position it cannot
// follow, becomes a parameter bound to the option instead of one that
// only --set gives.

// optionCompares are the C library's string comparisons an option test
// makes: equal when they return 0.
var optionCompares = map[string]bool{"strcmp": true, "strcasecmp": true}

// strcmpOptions finds the stores of converted arguments under tests of
// an argument against option names: the fields by key, the variables by
// declarator, each with its option words. A field or variable set under
// two different tests, or by a test that converts several arguments, is
// left out. It also returns every value stored
// under such a test (in.method = EVENT under "-m" and "event"): what an
// option sets when it is given, not the program's default.
func strcmpOptions(defs []*cc.FunctionDefinition) (map[string]*optionField, map[*cc.Declarator][]string, map[cc.Node]bool) {
	fields, vars, given := map[string]*optionField{}, map[*cc.Declarator][]string{}, map[cc.Node]bool{}
	badField, badVar := map[string]bool{}, map[*cc.Declarator]bool{}
	for _, fd := range defs {
		visit(fd.CompoundStatement, func(n cc.Node) bool {
			s, ok := n.(*cc.SelectionStatement)
			if !ok || (s.Case != cc.SelectionStatementIf && s.Case != cc.SelectionStatementIfElse) {
				return true
			}
			names := optionTest(s.ExpressionList)
			if len(names) == 0 {
				return true
			}
			visit(s.Statement, func(n cc.Node) bool {
				if a, ok := n.(*cc.AssignmentExpression); ok && a.Case == cc.AssignmentExpressionAssign {
					given[a.AssignmentExpression] = true
				}
				return true
			})
			stores := convertedStores(s.Statement)
			if len(stores) != 1 {
				// An option of several values (miniAMR's --object
				// TYPE BOUNCE ...) is no one parameter's.
				for _, st := range stores {
					if key, ok := rankKey(st); ok {
						badField[key] = true
						delete(fields, key)
					}
					if d := declOf(st); d != nil {
						badVar[d] = true
						delete(vars, d)
					}
				}
				return true
			}
			for _, st := range stores {
				if key, ok := rankKey(st); ok && strings.HasPrefix(key, "field ") {
					switch prev, seen := fields[key]; {
					case badField[key]:
					case seen && !slices.Equal(prev.options, names):
						delete(fields, key)
						badField[key] = true
					default:
						fields[key] = &optionField{options: names, field: st}
					}
					continue
				}
				if d := declOf(st); d != nil {
					switch prev, seen := vars[d]; {
					case badVar[d]:
					case seen && !slices.Equal(prev, names):
						delete(vars, d)
						badVar[d] = true
					default:
						vars[d] = names
					}
				}
			}
			return true
		})
	}
	return fields, vars, given
}

// optionTest reads a condition that compares an argument with option
// names: strcmp(a, "-l") == 0, 0 == strcmp(...), !strcmp(a, "-l"), and
// those joined by ||. It returns the names ("-l", "--lookups"), or nil.
func optionTest(cond cc.Node) []string {
	switch x := unparen(cond).(type) {
	case *cc.LogicalOrExpression:
		if x.Case != cc.LogicalOrExpressionLOr {
			return optionTest(x.LogicalAndExpression)
		}
		a, b := optionTest(x.LogicalOrExpression), optionTest(x.LogicalAndExpression)
		if a == nil || b == nil {
			return nil
		}
		return append(a, b...)
	case *cc.EqualityExpression:
		if x.Case != cc.EqualityExpressionEq {
			return nil
		}
		if isZero(x.RelationalExpression) {
			return compareName(x.EqualityExpression)
		}
		if isZero(x.EqualityExpression) {
			return compareName(x.RelationalExpression)
		}
	case *cc.UnaryExpression:
		if x.Case == cc.UnaryExpressionNot {
			return compareName(x.CastExpression)
		}
	}
	return nil
}

// compareName is the option name of strcmp(a, "-name") or
// strcmp("-name", a): a string constant that starts with a dash and is an
// option word after it.
func compareName(e cc.Node) []string {
	p, ok := uncast(e).(*cc.PostfixExpression)
	if !ok || p.Case != cc.PostfixExpressionCall || !optionCompares[calleeName(p)] {
		return nil
	}
	for _, a := range callArgs(p) {
		pe, ok := uncast(a).(*cc.PrimaryExpression)
		if !ok || pe.Case != cc.PrimaryExpressionString {
			continue
		}
		s, err := strconv.Unquote(pe.Token.SrcStr())
		if err != nil || !strings.HasPrefix(s, "-") || !optionWord(strings.TrimLeft(s, "-")) {
			return nil
		}
		return []string{s}
	}
	return nil
}

// isZero reports whether e is the constant 0.
func isZero(e cc.Node) bool {
	pe, ok := uncast(e).(*cc.PrimaryExpression)
	return ok && pe.Case == cc.PrimaryExpressionInt && pe.Token.SrcStr() == "0"
}

// convertedStores are the places st assigns a converted argument to:
// x = atoi(argv[++i]), in.n = strtol(argv[i + 1], NULL, 10). Tests nested
// in st name options of their own and are not looked into.
func convertedStores(st *cc.Statement) []cc.Node {
	var out []cc.Node
	visit(st, func(n cc.Node) bool {
		switch x := n.(type) {
		case *cc.SelectionStatement:
			return optionTest(x.ExpressionList) == nil
		case *cc.AssignmentExpression:
			if x.Case == cc.AssignmentExpressionAssign && readsArgv(x.AssignmentExpression) {
				out = append(out, x.UnaryExpression)
			}
		}
		return true
	})
	return out
}

// readsArgv reports whether e is a conversion (atoi, strtol, ...) of an
// expression that reads argv.
func readsArgv(e cc.Node) bool {
	p, ok := uncast(e).(*cc.PostfixExpression)
	if !ok || p.Case != cc.PostfixExpressionCall || !argvConversions[calleeName(p)] {
		return false
	}
	args := callArgs(p)
	if len(args) == 0 {
		return false
	}
	found := false
	visit(args[0], func(n cc.Node) bool {
		if pe, ok := n.(*cc.PrimaryExpression); ok && pe.Case == cc.PrimaryExpressionIdent && pe.Token.SrcStr() == "argv" {
			found = true
		}
		return !found
	})
	return found
}

// optionDefault is the value of the field key where every write of it
// but one constant is an option's (a conversion of an argument, or a
// value stored under an option's test): input.method = HISTORY, then
// under "-m" and "event" input.method = EVENT. At the program's defaults
// the field holds that constant.
func (pv *progValues) optionDefault(key string) (Expr, bool) {
	var def cc.ExpressionNode
	optional := false
	for _, rhs := range pv.fieldVals[key] {
		switch {
		case rhs == nil:
			return nil, false // ++, --, its address taken
		case readsArgv(rhs) || pv.optionGiven[rhs]:
			optional = true
		case def != nil:
			return nil, false
		default:
			def = rhs
		}
	}
	if !optional || def == nil {
		return nil, false
	}
	c, ok := constValue(def)
	return Num{c}, ok
}

// optionVar is the parameter of variable d, which an option of the
// program sets (strcmpopts.go), made at its first read; false if no
// option sets d. def is its value before the options are read, if hasDef.
func (pv *progValues) optionVar(d *cc.Declarator, def float64, hasDef bool) (Expr, bool) {
	opts, ok := pv.optVars[d]
	if !ok {
		return nil, false
	}
	// Set under a test of the argument against the option's name
	// (strcmpopts.go): bound to the option.
	if name, made := pv.optVarParams[d]; made {
		return Name{name}, true
	}
	doc := "value of the option " + strings.Join(opts, " ") + " of the program (the variable " + d.Name() + ", declared at " + pos(d).String() + ")"
	if !hasDef {
		// The value it has before the parse: int steps = 5; then
		// the loop over the arguments.
		if v, ok := constOf(pv.w.vals[d]); ok {
			def, hasDef = v, true
		} else if v := pv.initialValue(d); d.HasInitializer() && !math.IsNaN(v) {
			def, hasDef = v, true
		}
	}
	if !hasDef {
		def = 1
	} else {
		doc += "; the program's default: " + numText(def)
	}
	p := pv.w.a.param(pv.w.varName(d), def, pos(d), "argv", doc)
	p.Options = opts
	if set, ok := pv.w.o.Set[p.Name]; ok {
		p.Default = set
	}
	pv.optVarParams[d] = p.Name
	return Name{p.Name}, true
}

// boundTest reports whether a test of bound fields only is being read
// (boundfields.go).
func (pv *progValues) boundTest() bool {
	return pv.boundOnly
}
