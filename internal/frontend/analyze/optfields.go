package analyze

import (
	"strconv"
	"strings"
	"unicode"

	"modernc.org/cc/v4"
)

// Option tables. Many programs parse their command line with getopt or
// getopt_long through a table of their own: a call registers each option
// with its letter, its long name and the address of the variable that
// receives its value (CoMD: addArg("nx", 'x', 1, 'i', &(cmd.nx), 0,
// "..."), then processArgs stores the converted value through the
// pointer). The table is data the analysis does not follow, but the call
// that fills it says all a model needs: a field whose address is passed
// to a call together with a character constant, in a program that calls
// getopt, is the value of that option. Such a field becomes a parameter
// bound to the option (`param nx = 20 arg -x --nx`), with the program's
// default (the constant the field is set to before the parse), so that
// `--args "-x 16 -N 20"` reaches the model; a field copied from it
// (sim->nSteps = cmd.nSteps) is the same parameter.

// getoptCalls are the C library's option parsers.
var getoptCalls = map[string]bool{"getopt": true, "getopt_long": true, "getopt_long_only": true}

// optionFields finds the option registrations of a program that calls
// getopt: by field key, the option words ("-x", "--nx") and the field
// read (for its name and position). A field registered twice with
// different options is left out.
func optionFields(defs []*cc.FunctionDefinition) map[string]*optionField {
	parses := false
	for _, fd := range defs {
		visit(fd.CompoundStatement, func(n cc.Node) bool {
			if p, ok := n.(*cc.PostfixExpression); ok && p.Case == cc.PostfixExpressionCall && getoptCalls[calleeName(p)] {
				parses = true
			}
			return !parses
		})
	}
	out := map[string]*optionField{}
	if !parses {
		return out
	}
	bad := map[string]bool{}
	for _, fd := range defs {
		visit(fd.CompoundStatement, func(n cc.Node) bool {
			p, ok := n.(*cc.PostfixExpression)
			if !ok || p.Case != cc.PostfixExpressionCall {
				return true
			}
			key, field, opts := registration(callArgs(p))
			if key == "" || bad[key] {
				return true
			}
			if prev, ok := out[key]; ok && strings.Join(prev.options, " ") != strings.Join(opts, " ") {
				delete(out, key)
				bad[key] = true
				return true
			}
			out[key] = &optionField{options: opts, field: field}
			return true
		})
	}
	return out
}

// optionField is a field that an option of the program sets.
type optionField struct {
	options []string
	field   cc.Node // the field as the registration writes it (&cmd.nx's cmd.nx)
}

// registration reads the arguments of a call as an option registration:
// the one field whose address it passes, the first character constant
// (the option's letter) and the first string constant that is one word
// (its long name). It returns the field's key, the field and the option
// words, or "" when the call is not one.
func registration(args []cc.ExpressionNode) (key string, field cc.Node, options []string) {
	var letter, long string
	for _, a := range args {
		switch x := uncast(a).(type) {
		case *cc.UnaryExpression:
			if x.Case != cc.UnaryExpressionAddrof {
				continue
			}
			k, ok := rankKey(x.CastExpression)
			if !ok || !strings.HasPrefix(k, "field ") {
				continue
			}
			if key != "" {
				return "", nil, nil // two places: not one option's
			}
			key, field = k, x.CastExpression
		case *cc.PrimaryExpression:
			switch x.Case {
			case cc.PrimaryExpressionChar:
				if letter == "" {
					c, err := strconv.Unquote(x.Token.SrcStr())
					if err == nil && len(c) == 1 && optionWord(c) {
						letter = c
					}
				}
			case cc.PrimaryExpressionString:
				if long == "" {
					s, err := strconv.Unquote(x.Token.SrcStr())
					if err == nil && len(s) > 1 && optionWord(s) {
						long = s
					}
				}
			}
		}
	}
	if key == "" || letter == "" {
		return "", nil, nil
	}
	options = []string{"-" + letter}
	if long != "" {
		options = append(options, "--"+long)
	}
	return key, field, options
}

// optionWord reports whether s can be an option's name: letters, digits,
// '-' and '_', starting with a letter or digit.
func optionWord(s string) bool {
	for i, r := range s {
		ok := r < unicode.MaxASCII && (unicode.IsLetter(r) || unicode.IsDigit(r) || i > 0 && (r == '-' || r == '_'))
		if !ok {
			return false
		}
	}
	return s != ""
}

// optionParams makes the parameters of the option fields, before any
// other, so that they keep the fields' names: each bound to its option,
// with the program's default.
func (pv *progValues) optionParams() {
	for _, key := range sortedKeys(pv.optFields) {
		of := pv.optFields[key]
		def, from := pv.fieldDefault(key, map[string]bool{})
		name := pv.w.fresh(fieldName(of.field))
		doc := "value of the option " + strings.Join(of.options, " ") + " of the program (the field " + fieldText(of.field) + ", registered at " + pos(of.field).String() + ")"
		if from != "" {
			doc += "; the program's default: " + from
		}
		p := pv.w.a.param(name, def, pos(of.field), "argv", doc)
		p.Options = of.options
		if set, ok := pv.w.o.Set[p.Name]; ok {
			p.Default = set
		}
		pv.fieldParams[key] = name
	}
}

// optionSource is the parameter of the option field that the field key
// is copied from (sim->nSteps = cmd.nSteps, cmd.nSteps an option's), if
// its one value comes from one.
func (pv *progValues) optionSource(key string) (string, bool) {
	seen := map[string]bool{}
	for !seen[key] {
		seen[key] = true
		if _, ok := pv.optFields[key]; ok {
			name, ok := pv.fieldParams[key]
			return name, ok
		}
		var vals []cc.ExpressionNode
		for _, rhs := range pv.fieldVals[key] {
			if rhs != nil {
				vals = append(vals, rhs)
			}
		}
		if len(vals) != 1 {
			return "", false
		}
		k, ok := rankKey(vals[0])
		if !ok || !strings.HasPrefix(k, "field ") {
			return "", false
		}
		key = k
	}
	return "", false
}
