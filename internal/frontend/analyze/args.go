package analyze

import (
	"fmt"
	"strconv"
	"strings"

	"modernc.org/cc/v4"

	"augur/internal/base/diag"
	"augur/internal/frontend/model"
)

// The program's own arguments. A value main reads from its command line
// (atoi(argv[2]), sscanf(argv[1], "%d", &n)) becomes a parameter bound to
// the argument's position, written `param n = 1000 arg 2`, and argc the
// parameter bound to how many there are (`arg count`), so that a user
// gives a model the arguments the program would get (predict --args)
// and never needs the parameters' names.

// argvPart is the walker's part for main's arguments: argc, argv and
// the variables that hold an argument, and the parameters the values
// read from them become.
type argvPart struct {
	w *walker
	// argc is main's first parameter (nil in other functions), and
	// argcChanged whether main assigns it.
	argc        *cc.Declarator
	argcChanged bool
	// argvAlias are the variables that hold an argument, char *s =
	// argv[K], with K (0: a position the analysis does not know).
	argvAlias map[*cc.Declarator]int
	// argvAt are main's reads of an argument through a moved argv
	// (*++argv) with their positions (argvshift.go).
	argvAt map[cc.Node]int
}

// enter starts function fd, named name: in main, its parameters are argc
// and argv.
func (av *argvPart) enter(fd *cc.FunctionDefinition, name string) {
	av.argc, av.argcChanged, av.argvAlias, av.argvAt = nil, false, map[*cc.Declarator]int{}, nil
	if name != "main" {
		return
	}
	for i, d := range paramDecls(fd) {
		switch i {
		case 0:
			av.argc, av.argcChanged = d, changesArgc(fd.CompoundStatement, d)
		case 1:
			av.argvAt = argvShifts(fd.CompoundStatement, d)
		}
	}
}

// alias notes whether d, just assigned rhs, holds an argument: char *s =
// argv[2].
func (av *argvPart) alias(d *cc.Declarator, rhs cc.ExpressionNode) {
	if k, ok := av.argvIndex(rhs); ok {
		av.argvAlias[d] = k
	} else {
		delete(av.argvAlias, d)
	}
}

// isArgc reports whether d is main's argc.
func (av *argvPart) isArgc(d *cc.Declarator) bool {
	return d == av.argc
}

// argvConversions are the C library's conversions of a string to a
// number that programs read their arguments with.
var argvConversions = map[string]bool{"atoi": true, "atol": true, "atoll": true, "atof": true, "strtol": true,
	"strtoul": true, "strtoll": true, "strtoull": true, "strtod": true, "strtof": true, "strtold": true}

// argvIndex reads argv[K] (under parentheses and casts), or a variable
// that holds it (char *s = argv[2]): K, and whether the expression is an
// argument at all; K is 0 when the index is not a constant the analysis
// knows.
func (av *argvPart) argvIndex(e cc.Node) (int, bool) {
	if k, ok := av.argvAt[uncast(e)]; ok {
		return k, true // *++argv, argv[k] after argv moved (argvshift.go)
	}
	if d := declOf(uncast(e)); d != nil {
		k, ok := av.argvAlias[d]
		return k, ok
	}
	p, ok := uncast(e).(*cc.PostfixExpression)
	if !ok || p.Case != cc.PostfixExpressionIndex {
		return 0, false
	}
	base, ok := uncast(p.PostfixExpression).(*cc.PrimaryExpression)
	if !ok || base.Case != cc.PrimaryExpressionIdent || base.Token.SrcStr() != "argv" {
		return 0, false
	}
	v, ok := constValue(p.ExpressionList)
	if !ok || v < 1 || v != float64(int(v)) {
		return 0, true
	}
	return int(v), true
}

// uncast strips parentheses and casts: (long)(argv[2]).
func uncast(e cc.Node) cc.Node {
	for {
		e = unparen(e)
		c, ok := e.(*cc.CastExpression)
		if !ok || c.Case != cc.CastExpressionCast {
			return e
		}
		e = c.CastExpression
	}
}

// argvConversion recognises a conversion of a command-line argument,
// atoi(argv[K]) or strtol(argv[K], NULL, 10), under casts: K (0 when the
// position is not known) and whether e is one.
func (av *argvPart) argvConversion(e cc.Node) (int, bool) {
	p, ok := uncast(e).(*cc.PostfixExpression)
	if !ok || p.Case != cc.PostfixExpressionCall || !argvConversions[calleeName(p)] {
		return 0, false
	}
	args := callArgs(p)
	if len(args) == 0 {
		return 0, false
	}
	return av.argvIndex(args[0])
}

// argParam is the parameter bound to the program's k-th argument, made
// at its first read with the name given ("" names it argK) and, if
// hasDef, the default the program uses without the argument.
func (av *argvPart) argParam(k int, name string, def float64, hasDef bool, at Position) *Param {
	for _, p := range av.w.a.Params {
		if p.Arg == k && !p.ArgCount {
			if hasDef && !p.argDefault {
				p.Default, p.argDefault = def, true
				p.Doc = fmt.Sprintf("argv[%d], default %s in the source", k, numText(def))
			}
			return p
		}
	}
	if name == "" {
		name = av.w.fresh(fmt.Sprintf("arg%d", k))
	}
	doc := fmt.Sprintf("argv[%d], default %s in the source", k, numText(def))
	if !hasDef {
		def = 1
		doc = fmt.Sprintf("argv[%d], no default in the source", k)
	}
	p := av.w.a.param(name, def, at, "argv", doc)
	p.Arg, p.argDefault = k, hasDef
	if !hasDef {
		av.w.a.warnParam(p.Name, at, "argument %d of the program (argv[%d]) has no default in the source: give the program's arguments with --args (it is 1 without)", k, k)
	}
	return p
}

// argvValue is the value of a command-line read in the model's terms:
// the parameter bound to its argument, or, when the position is not a
// constant, a parameter of the variable read, which --set gives.
func (av *argvPart) argvValue(k int, d *cc.Declarator, def float64, hasDef bool) Expr {
	name := ""
	if d != nil {
		if n, ok := av.w.names[d]; ok {
			name = n
		} else if k > 0 {
			name = av.w.varName(d)
		}
	}
	if k > 0 {
		return Name{av.argParam(k, name, def, hasDef, pos(d)).Name}
	}
	if d == nil {
		return nil
	}
	if v, ok := av.w.values.optionVar(d, def, hasDef); ok {
		return v
	}
	p := av.w.a.param(av.w.varName(d), 1, pos(d), "argv", "from the command line, at a position the analysis cannot follow")
	if hasDef {
		p.Default = def
	}
	av.w.a.warnParam(p.Name, pos(d), "%s is read from the command line at a position the analysis cannot follow: it is the parameter %s (default %s); give it with --set %s=VALUE", d.Name(), p.Name, numText(p.Default), p.Name)
	return Name{p.Name}
}

// argvParam recognises a variable read from the command line, with its
// default: n = argc > 1 ? atoi(argv[1]) : 512, or n = atoi(argv[1]).
func (av *argvPart) argvParam(d *cc.Declarator, rhs cc.ExpressionNode) (Expr, bool) {
	if k, ok := av.argvConversion(rhs); ok {
		// if (argc > 1) n = atoi(argv[1]); with n's earlier value the
		// default.
		if old, known := av.w.vals[d]; known && av.w.inIf > 0 && len(av.w.loops) == 0 {
			if c, isConst := eval(old, av.w.paramValues()); isConst {
				return av.argvValue(k, d, c, true), true
			}
		}
		return av.argvValue(k, d, 0, false), true
	}
	ce, ok := unparen(rhs).(*cc.ConditionalExpression)
	if !ok || ce.Case != cc.ConditionalExpressionCond {
		return nil, false
	}
	arms := []cc.ExpressionNode{ce.ExpressionList, ce.ConditionalExpression}
	for i, arm := range arms {
		k, ok := av.argvConversion(arm)
		if !ok {
			continue
		}
		def, ok := av.w.sym(arms[1-i])
		if !ok {
			return nil, false
		}
		c, isConst := eval(def, av.w.paramValues())
		if !isConst {
			return nil, false
		}
		return av.argvValue(k, d, c, true), true
	}
	return nil, false
}

// scanned recognises sscanf(argv[K], "%d", &n), one conversion of an
// argument into a variable, in straight-line code: n is then the
// parameter bound to argument K, its default the value n held before. It
// returns the values to give the variables once the statement is done.
func (av *argvPart) scanned(e cc.Node) map[*cc.Declarator]Expr {
	out := map[*cc.Declarator]Expr{}
	if len(av.w.loops) > 0 {
		return out
	}
	visit(e, func(n cc.Node) bool {
		p, ok := n.(*cc.PostfixExpression)
		if !ok || p.Case != cc.PostfixExpressionCall || calleeName(p) != "sscanf" {
			return true
		}
		args := callArgs(p)
		if len(args) != 3 {
			return true
		}
		k, isArgv := av.argvIndex(args[0])
		if !isArgv || !oneConversion(args[1]) {
			return true
		}
		u, ok := unparen(args[2]).(*cc.UnaryExpression)
		if !ok || u.Case != cc.UnaryExpressionAddrof {
			return true
		}
		d := declOf(u.CastExpression)
		if d == nil || !cc.IsArithmeticType(d.Type()) {
			return true
		}
		old, ok := av.w.vals[d]
		def, isConst := 0.0, false
		if ok {
			def, isConst = eval(old, av.w.paramValues())
		}
		if v := av.argvValue(k, d, def, isConst); v != nil {
			out[d] = v
		}
		return true
	})
	return out
}

// oneConversion reports whether a format string literal converts one
// number: "%d", "%ld", "%lf", "%g", ...
func oneConversion(e cc.Node) bool {
	pe, ok := uncast(e).(*cc.PrimaryExpression)
	if !ok || pe.Case != cc.PrimaryExpressionString {
		return false
	}
	f, err := strconv.Unquote(pe.Token.SrcStr())
	if err != nil {
		return false
	}
	f = strings.TrimSpace(f)
	if strings.Count(f, "%") != 1 || !strings.HasPrefix(f, "%") {
		return false
	}
	verb := strings.TrimLeft(f[1:], "0123456789hlLqjzt")
	return len(verb) == 1 && strings.Contains("diufeEgGaAxXo", verb)
}

// argcValue is argc in the model's terms: one more than the parameter
// bound to how many arguments the program was given. It is nil when the
// program changes argc (argc--, as option parsers do).
func (av *argvPart) argcValue() Expr {
	if av.argcChanged {
		return nil
	}
	for _, p := range av.w.a.Params {
		if p.ArgCount {
			return add(Name{p.Name}, Num{1})
		}
	}
	p := av.w.a.param(av.w.fresh("nargs"), 0, pos(av.argc), "argc", "how many arguments the program was given, argc - 1")
	p.ArgCount = true
	return add(Name{p.Name}, Num{1})
}

// changesArgc reports whether a function's body assigns argc, other than
// by handing its address to MPI_Init (which leaves it as it was).
func changesArgc(body cc.Node, argc *cc.Declarator) bool {
	found := false
	visit(body, func(n cc.Node) bool {
		if p, ok := n.(*cc.PostfixExpression); ok && p.Case == cc.PostfixExpressionCall && strings.HasPrefix(calleeName(p), "MPI_Init") {
			return false
		}
		switch x := n.(type) {
		case *cc.AssignmentExpression:
			found = found || x.Case != cc.AssignmentExpressionCond && declOf(x.UnaryExpression) == argc
		case *cc.UnaryExpression:
			found = found || (x.Case == cc.UnaryExpressionInc || x.Case == cc.UnaryExpressionDec) && declOf(x.UnaryExpression) == argc ||
				x.Case == cc.UnaryExpressionAddrof && declOf(x.CastExpression) == argc
		case *cc.PostfixExpression:
			found = found || (x.Case == cc.PostfixExpressionInc || x.Case == cc.PostfixExpressionDec) && declOf(x.PostfixExpression) == argc
		}
		return !found
	})
	return found
}

// argDefaults gives the parameter of argc, which no source gives a
// default, the count of the arguments the program reads: its argc checks
// (if (argc < 3) usage) then pass when no --args is given.
func (a *Analysis) argDefaults() {
	most := 0
	for _, p := range a.Params {
		if !p.ArgCount {
			most = max(most, p.Arg)
		}
	}
	for _, p := range a.Params {
		if p.ArgCount {
			p.Default = float64(most)
		}
	}
}

// ArgValues gives the parameters bound to the program's arguments their
// values for a run with args, the arguments after the program's name, as
// model.ArgValues does for the written model; an argument that is not a
// number is an error at the read in the source.
func (a *Analysis) ArgValues(args []string) (map[string]float64, error) {
	out := map[string]float64{}
	var errs diag.List
	for _, p := range a.Params {
		switch {
		case len(p.Options) > 0:
			text, opt, given := model.OptionValue(args, p.Options)
			if !given {
				continue
			}
			v, ok := model.ArgNumber(text)
			if !ok {
				errs = append(errs, diag.GivenAt(p.Pos.File, p.Pos.Line, p.Pos.Col, model.ProgramArgs, "%s is the value of the program's option %s, which is %q, not a number", p.Name, opt, text))
				continue
			}
			out[p.Name] = v
		case p.ArgCount:
			out[p.Name] = float64(len(args))
		case p.Arg >= 1 && p.Arg <= len(args):
			v, ok := model.ArgNumber(args[p.Arg-1])
			if !ok {
				errs = append(errs, diag.GivenAt(p.Pos.File, p.Pos.Line, p.Pos.Col, model.ProgramArgs, "%s is argument %d of the program (argv[%d]), which is %q, not a number", p.Name, p.Arg, p.Arg, args[p.Arg-1]))
				continue
			}
			out[p.Name] = v
		}
	}
	if len(errs) > 0 {
		return nil, errs
	}
	return out, nil
}
