package model

import (
	"errors"
	"math"
	"strconv"
	"strings"

	"augur/internal/base/diag"
)

// GivenParam is the value of the model's param name as a caller gives it (a
// command line's --set).
func GivenParam(name string) diag.Given { return diag.Given{What: "parameter", Name: name} }

// ProgramArgs is the modelled program's arguments as a caller gives
// them (a command line's --args).
var ProgramArgs = diag.Given{What: "program arguments"}

// ArgValues gives the params of f bound to arguments of the modelled
// program (`arg K`, `arg count`) their values for a run of the program
// with args, the arguments after its name: `arg K` the K-th as a number,
// `arg count` how many there are. A param whose argument args lacks keeps
// its value, as the program keeps its default when argc is too small. An
// argument that is not a number is an error at the binding.
func ArgValues(f *File, args []string) (map[string]float64, error) {
	out := map[string]float64{}
	var errs diag.List
	for _, d := range f.Decls {
		v, ok := d.(*VarDecl)
		if !ok || v == nil || v.Kind != Param || v.Arg == nil || v.Name == nil {
			continue
		}
		b := v.Arg
		if len(b.Options) > 0 {
			text, opt, ok := OptionValue(args, b.Options)
			if !ok {
				continue
			}
			x, ok := ArgNumber(text)
			if !ok {
				errs = append(errs, diag.GivenAt(f.Filename, int(b.Pos.Line), int(b.Pos.Col), ProgramArgs,
					"param %s is the value of the program's option %s, which is %q, not a number", v.Name.Name, opt, text))
				continue
			}
			out[v.Name.Name] = x
			continue
		}
		switch {
		case b.Count:
			out[v.Name.Name] = float64(len(args))
		case b.Index >= 1 && b.Index <= len(args):
			x, ok := ArgNumber(args[b.Index-1])
			if !ok {
				errs = append(errs, diag.GivenAt(f.Filename, int(b.Pos.Line), int(b.Pos.Col), ProgramArgs,
					"param %s is argument %d of the program, which is %q, not a number", v.Name.Name, b.Index, args[b.Index-1]))
				continue
			}
			out[v.Name.Name] = x
		}
	}
	if len(errs) > 0 {
		return nil, errs
	}
	return out, nil
}

// OptionValue finds the value that args give one of the options, as
// getopt_long reads them: "-x 16" and "-x16" for a one-letter option,
// "--nx 16" and "--nx=16" for a long one; an option given without a
// number after it is a flag that is set, 1 ("-e -x 16"). The last one
// given wins, as the program's parser overwrites the variable. It
// returns the value's text, the option it followed and whether args
// give the option.
func OptionValue(args []string, options []string) (value, option string, ok bool) {
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			break // getopt: the end of the options
		}
		for _, o := range options {
			long := strings.HasPrefix(o, "--")
			switch {
			case a == o && i+1 < len(args) && isNumber(args[i+1]):
				value, option, ok = args[i+1], o, true
				i++ // the value is the next word
			case a == o:
				value, option, ok = "1", o, true
			case long && strings.HasPrefix(a, o+"="):
				value, option, ok = a[len(o)+1:], o, true
			case !long && len(o) == 2 && len(a) > 2 && strings.HasPrefix(a, o) && !strings.HasPrefix(a, "--"):
				value, option, ok = a[2:], o, true
			default:
				continue
			}
			break
		}
	}
	return value, option, ok
}

func isNumber(s string) bool {
	_, ok := ArgNumber(s)
	return ok
}

// ArgNumber reads an argument as C's conversions do when it is all a
// number: decimal, with a fraction or an exponent, or hexadecimal.
func ArgNumber(s string) (float64, bool) {
	s = strings.TrimSpace(s)
	if x, err := strconv.ParseFloat(s, 64); err == nil && !math.IsInf(x, 0) && !math.IsNaN(x) {
		return x, true
	}
	if n, err := strconv.ParseInt(s, 0, 64); err == nil {
		return float64(n), true
	}
	return 0, false
}

// ExprString prints an expression as the formatter does.
func ExprString(e Expr) string { return exprString(e) }

// Fold computes a constant expression: numbers (with units), arithmetic
// and the built-in functions that are not random; ok is false when e
// reads a name or is not a number.
func Fold(e Expr) (float64, bool) {
	c := &checker{file: &File{}, syms: map[string]*declSym{}}
	return c.fold(e, 0)
}

// processNames are the names a value per process may read: the process's
// id and the system parameters.
var processNames = map[string]bool{"pid": true, "procs": true, "nodes": true, "threads": true}

// CheckProcessValue checks e as the value of a param set per process
// (--set peer=1-pid): a number computed from pid, procs, nodes and
// threads with operators and the built-in functions that are not random.
func CheckProcessValue(e Expr) error {
	var bad string
	var visit func(Expr)
	visit = func(e Expr) {
		switch x := e.(type) {
		case *Ident:
			if x != nil && !processNames[x.Name] && bad == "" {
				bad = "reads " + x.Name
			}
		case *Paren:
			visit(x.X)
		case *Unary:
			visit(x.X)
		case *Binary:
			visit(x.X)
			visit(x.Y)
		case *Cond:
			visit(x.C)
			visit(x.A)
			visit(x.B)
		case *CallExpr:
			if x.Fun != nil {
				if f, ok := BuiltinFuncs[x.Fun.Name]; ok && f.Random && bad == "" {
					bad = "draws a random variate (" + x.Fun.Name + "): a param has one value per process"
				}
			}
			for _, a := range x.Args {
				visit(a)
			}
		}
	}
	visit(e)
	if bad != "" {
		return errors.New(bad)
	}
	c := &checker{file: &File{}, syms: map[string]*declSym{}}
	t := c.expr(e, checkCtx{})
	if len(c.diags) > 0 {
		return errors.New(c.diags[0].Msg)
	}
	if t == valBool {
		return errors.New("is a bool, not a number")
	}
	return nil
}

// EvalProcess computes a value per process (CheckProcessValue accepted
// it) for one process: env gives pid, procs, nodes and threads.
func EvalProcess(e Expr, env map[string]float64) (float64, bool) {
	switch x := e.(type) {
	case *Number:
		return x.Value, true
	case *Bool:
		return b2f(x.Value), true
	case *Ident:
		v, ok := env[x.Name]
		return v, ok
	case *Paren:
		return EvalProcess(x.X, env)
	case *Unary:
		v, ok := EvalProcess(x.X, env)
		if x.Op == "!" {
			return b2f(v == 0), ok
		}
		return -v, ok
	case *Cond:
		c, ok := EvalProcess(x.C, env)
		if !ok {
			return 0, false
		}
		if c != 0 {
			return EvalProcess(x.A, env)
		}
		return EvalProcess(x.B, env)
	case *Binary:
		a, ok1 := EvalProcess(x.X, env)
		b, ok2 := EvalProcess(x.Y, env)
		if !ok1 || !ok2 {
			return 0, false
		}
		switch x.Op {
		case "+":
			return a + b, true
		case "-":
			return a - b, true
		case "*":
			return a * b, true
		case "/":
			return a / b, true
		case "%":
			return math.Mod(a, b), true
		case "==":
			return b2f(a == b), true
		case "!=":
			return b2f(a != b), true
		case "<":
			return b2f(a < b), true
		case "<=":
			return b2f(a <= b), true
		case ">":
			return b2f(a > b), true
		case ">=":
			return b2f(a >= b), true
		case "&&":
			return b2f(a != 0 && b != 0), true
		case "||":
			return b2f(a != 0 || b != 0), true
		}
	case *CallExpr:
		if x.Fun == nil {
			return 0, false
		}
		args := make([]float64, len(x.Args))
		for i, a := range x.Args {
			v, ok := EvalProcess(a, env)
			if !ok {
				return 0, false
			}
			args[i] = v
		}
		f, ok := BuiltinFuncs[x.Fun.Name]
		switch {
		case !ok || f.Random:
		case f.Math != nil && len(args) == 1:
			return f.Math(args[0]), true
		case x.Fun.Name == "pow" && len(args) == 2:
			return math.Pow(args[0], args[1]), true
		case (x.Fun.Name == "min" || x.Fun.Name == "max") && len(args) >= 2:
			r := args[0]
			for _, v := range args[1:] {
				if (x.Fun.Name == "min") == (v < r) {
					r = v
				}
			}
			return r, true
		}
	}
	return 0, false
}

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}
