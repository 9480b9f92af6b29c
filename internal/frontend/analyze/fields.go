package analyze

import (
	"fmt"
	"strings"

	"modernc.org/cc/v4"
)

// Counts held in struct fields. Programs keep their sizes in the fields of
// a configuration struct (CoMD: sim->nSteps = cmd.nSteps, cmd.nSteps = 100
// before an option parser fills it through &cmd.nSteps). A field that is
// not written once (once.go) but that a loop bound or a message size reads
// becomes a parameter named after the field, the same one wherever the
// field is read (by struct type and name), with the program's own default
// when it has one: the constant the field is set to, followed through
// fields copied from fields. The warning names the field and its struct.

// fieldWrites lists, by field key, the values the program's assignments
// give each field; a write that is not an assignment (&s.f handed to a
// function, s.f++) adds nil.
func fieldWrites(defs []*cc.FunctionDefinition) map[string][]cc.ExpressionNode {
	out := map[string][]cc.ExpressionNode{}
	for _, fd := range defs {
		visit(fd.CompoundStatement, func(n cc.Node) bool {
			var target cc.Node
			var rhs cc.ExpressionNode
			switch x := n.(type) {
			case *cc.AssignmentExpression:
				if x.Case == cc.AssignmentExpressionCond {
					return true
				}
				target = x.UnaryExpression
				if x.Case == cc.AssignmentExpressionAssign {
					rhs = x.AssignmentExpression
				}
			case *cc.UnaryExpression:
				switch x.Case {
				case cc.UnaryExpressionInc, cc.UnaryExpressionDec:
					target = x.UnaryExpression
				case cc.UnaryExpressionAddrof:
					target = x.CastExpression
				}
			case *cc.PostfixExpression:
				if x.Case == cc.PostfixExpressionInc || x.Case == cc.PostfixExpressionDec {
					target = x.PostfixExpression
				}
			}
			if target == nil {
				return true
			}
			if key, ok := rankKey(target); ok && strings.HasPrefix(key, "field ") {
				out[key] = append(out[key], rhs)
			}
			return true
		})
	}
	return out
}

// fieldDefault is the program's default for a field: the one constant
// its assignments give it (following a copy of another field), 1 when
// there is none. from says where it comes from.
func (pv *progValues) fieldDefault(key string, seen map[string]bool) (v float64, from string) {
	if seen[key] {
		return 1, ""
	}
	seen[key] = true
	var vals []cc.ExpressionNode
	for _, rhs := range pv.fieldVals[key] {
		// A conversion of an argument is the option's value, not its
		// default (in.n = atoi(argv[++i]) after in.n = 34), and so is a
		// value stored only when an option is given (strcmpopts.go).
		if rhs != nil && !readsArgv(rhs) && !pv.optionGiven[rhs] {
			vals = append(vals, rhs)
		}
	}
	if len(vals) != 1 {
		return 1, ""
	}
	if c, ok := constValue(vals[0]); ok {
		return c, "set to " + numText(c) + " at " + pos(vals[0]).String()
	}
	if k, ok := rankKey(vals[0]); ok && strings.HasPrefix(k, "field ") {
		return pv.fieldDefault(k, seen)
	}
	return 1, ""
}

// fieldParam is the parameter a field read by a loop bound or a message
// size stands for.
func (pv *progValues) fieldParam(e cc.Node) (Expr, bool) {
	if len(pv.w.paramize) == 0 {
		return nil, false
	}
	if _, isSwitch := pv.w.paramize[len(pv.w.paramize)-1].(*cc.SelectionStatement); isSwitch {
		return nil, false // a switch's unknown value takes each case alike
	}
	key, ok := rankKey(e)
	if !ok || !strings.HasPrefix(key, "field ") || pv.boundOnly && !pv.boundFields[key] {
		return nil, false
	}
	for _, l := range pv.w.loops {
		if writesField(l.stmt, key) {
			return nil, false // it changes under the loop
		}
	}
	if name, ok := pv.fieldParams[key]; ok {
		return Name{name}, true
	}
	if name, ok := pv.optionSource(key); ok {
		pv.fieldParams[key] = name
		return Name{name}, true
	}
	field := fieldText(e)
	name := pv.w.fresh(fieldName(e))
	def, from := pv.fieldDefault(key, map[string]bool{})
	use := pos(pv.w.paramize[len(pv.w.paramize)-1])
	doc := "value of the field " + field + " (not known statically), read at " + use.String()
	if from != "" {
		doc += "; the program's default: " + from
	}
	p := pv.w.a.param(name, def, pos(e), "unknown", doc)
	if set, ok := pv.w.o.Set[p.Name]; ok {
		p.Default = set
	}
	pv.fieldParams[key] = name
	pv.w.a.Unknowns = append(pv.w.a.Unknowns, Unknown{Pos: use, What: "value of the field " + field, Param: name, How: Default, Value: numText(def)})
	pv.w.a.warnParam(name, use, "the value of the field %s is not known statically: it is the parameter %s (default %s%s); give it with --set %s=VALUE",
		field, name, numText(def), fromText(from), name)
	return Name{name}, true
}

func fromText(from string) string {
	if from == "" {
		return ""
	}
	return fmt.Sprintf(", the program's: %s", from)
}

// writesField reports whether n writes the field with key.
func writesField(n cc.Node, key string) bool {
	found := false
	visit(n, func(m cc.Node) bool {
		target := written(m, false)
		if k, ok := rankKey(target); target != nil && ok && k == key {
			found = true
		}
		return !found
	})
	return found
}

// isFieldRead reports whether e reads a field: s.f, p->f, a->b->f.
func isFieldRead(e cc.Node) bool {
	k, ok := rankKey(e)
	return ok && strings.HasPrefix(k, "field ")
}

// writesOf counts the places in n that write d, its initialiser included.
func writesOf(n cc.Node, d *cc.Declarator) int {
	k := 0
	visit(n, func(m cc.Node) bool {
		switch x := m.(type) {
		case *cc.InitDeclarator:
			if x.Declarator == d && x.Case == cc.InitDeclaratorInit {
				k++
			}
		case *cc.AssignmentExpression:
			if x.Case != cc.AssignmentExpressionCond && declOf(x.UnaryExpression) == d {
				k++
			}
		case *cc.UnaryExpression:
			if (x.Case == cc.UnaryExpressionInc || x.Case == cc.UnaryExpressionDec) && declOf(x.UnaryExpression) == d ||
				x.Case == cc.UnaryExpressionAddrof && declOf(x.CastExpression) == d {
				k++
			}
		case *cc.PostfixExpression:
			if (x.Case == cc.PostfixExpressionInc || x.Case == cc.PostfixExpressionDec) && declOf(x.PostfixExpression) == d {
				k++
			}
		}
		return true
	})
	return k
}

// fieldText names the field e reads for a user: "nSteps of struct
// SimFlatSt".
func fieldText(e cc.Node) string {
	p, ok := uncast(e).(*cc.PostfixExpression)
	if !ok || p.Field() == nil {
		return "?"
	}
	name := p.Field().Name()
	if st, ok := p.Field().ParentType().(*cc.StructType); ok {
		if tag := st.Tag(); tag.SrcStr() != "" {
			return name + " of struct " + tag.SrcStr()
		}
	}
	return name
}
