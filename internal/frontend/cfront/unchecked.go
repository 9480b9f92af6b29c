package cfront

import (
	"reflect"
	"strings"

	"modernc.org/cc/v4"

	"augur/internal/base/diag"
)

// cc's type checker says "internal error: CASE" without a place for a
// construct it does not take where it stands: an operand that is not an
// lvalue assigned to (+x *= 2 gives "internal error:
// UnaryExpressionPlus"). Such a message is placed at the first node of
// that case in the file, found in the unit's syntax tree (cc parses it
// without checking), and said in a C compiler's words.
const uncheckedPrefix = "internal error: "

// placeUnchecked gives the unplaced "internal error: CASE" diagnostics of
// errs the place of their construct in file, and a message a user can
// act on. The unit is parsed again only when there is one.
func placeUnchecked(errs diag.List, cfg *cc.Config, sources []cc.Source, file string) {
	var todo []*diag.Error
	for _, d := range errs {
		if d.Line == 0 && strings.HasPrefix(d.Msg, uncheckedPrefix) {
			todo = append(todo, d)
		}
	}
	if len(todo) == 0 {
		return
	}
	quiet := *cfg
	quiet.PragmaHandler = nil
	ast, err := cc.Parse(&quiet, sources)
	if err != nil || ast == nil {
		return
	}
	for _, d := range todo {
		kind := strings.TrimPrefix(d.Msg, uncheckedPrefix)
		what, named := caseWords[kind]
		if !named {
			what = "this " + kind
		}
		d.Msg = "the C front end cannot check " + what + " here: is it assigned to or incremented? It is not an lvalue"
		if line, col, ok := firstOfCase(ast.TranslationUnit, kind, file); ok {
			d.Line, d.Col = line, col
		}
	}
}

// caseWords are the C words for the cases cc names in these messages.
var caseWords = map[string]string{
	"UnaryExpressionPlus":   `unary "+"`,
	"UnaryExpressionMinus":  `unary "-"`,
	"UnaryExpressionCpl":    `"~"`,
	"UnaryExpressionNot":    `"!"`,
	"UnaryExpressionAddrof": `"&"`,
}

// firstOfCase is the place in file of the first node of cc's syntax tree
// under n whose Case is named kind: the first assigned to or incremented
// (an lvalue's place, where cc fails), else the first of all.
func firstOfCase(n any, kind, file string) (line, col int, ok bool) {
	type place struct {
		line, col int
		ok        bool
	}
	var first, target place
	earlier := func(p place, l, c int) bool { return !p.ok || l < p.line || l == p.line && c < p.col }
	var walk func(v reflect.Value, lvalue bool)
	walk = func(v reflect.Value, lvalue bool) {
		for v.Kind() == reflect.Pointer || v.Kind() == reflect.Interface {
			if v.IsNil() {
				return
			}
			v = v.Elem()
		}
		if v.Kind() != reflect.Struct {
			return
		}
		nodeCase := ""
		if c := v.FieldByName("Case"); c.IsValid() && c.CanInterface() {
			if s, isStringer := c.Interface().(interface{ String() string }); isStringer {
				nodeCase = s.String()
			}
		}
		if nodeCase == kind {
			if node, isNode := v.Addr().Interface().(cc.Node); isNode {
				if p := node.Position(); p.Filename == file && p.Line > 0 {
					if earlier(first, p.Line, p.Column) {
						first = place{p.Line, p.Column, true}
					}
					if lvalue && earlier(target, p.Line, p.Column) {
						target = place{p.Line, p.Column, true}
					}
				}
			}
		}
		typ := v.Type()
		incDec := strings.Contains(nodeCase, "Inc") || strings.Contains(nodeCase, "Dec")
		for i := 0; i < v.NumField(); i++ {
			if f := v.Field(i); f.CanInterface() && (f.Kind() == reflect.Pointer || f.Kind() == reflect.Interface || f.Kind() == reflect.Struct) {
				assigned := typ.Name() == "AssignmentExpression" && typ.Field(i).Name == "UnaryExpression"
				walk(f, assigned || incDec)
			}
		}
	}
	walk(reflect.ValueOf(n), false)
	if target.ok {
		return target.line, target.col, true
	}
	return first.line, first.col, first.ok
}
