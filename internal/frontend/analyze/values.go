package analyze

import (
	"fmt"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"augur/internal/base/diag"
	"augur/internal/frontend/model"
)

// Values given outside the source. What the analysis cannot know is a
// parameter (a loop count, a field, a probability, the callee of a
// pointer); `#pragma augur` gives one in the source, --set gives a number
// for one run. A values file (augur analyze --values FILE) gives them as
// expressions of the model's other parameters, pid and procs, for every
// run: a count of atoms per cell that the program's data make
// `4 * nx * ny * nz / (nLocalBoxes * procs)`, a box count
// `floor(nx * 5.257 / xproc / 5.7875)`. The written model keeps the
// expressions, so that `predict --args` recomputes them from the
// program's arguments. One line a value:
//
//	NAME = EXPR   # why
//	FILE:LINE = EXPR
//
// NAME a parameter the analysis made (its warnings name them), or the
// place FILE:LINE[:COL] or FILE:LINE:VARIABLE of the warning that made it
// (VARIABLE: the C variable or field whose value it is): a name such as
// nIBox_4 or F_L185_2_iters depends on what else the analysis made, a
// place in the program's source does not. EXPR in the model language;
// `#` and `//` start comments.

// exprErr is model.ParseExpr's error: its column in the expression.
var exprErr = regexp.MustCompile(`^<expr>:1:(\d+): (.*)$`)

// ValueLine is one line of a values file.
type ValueLine struct {
	Pos  Position
	Name string
	Expr model.Expr
}

// ParseValues reads a values file: every error positioned at its line.
func ParseValues(file string, src []byte) ([]ValueLine, error) {
	var out []ValueLine
	var errs diag.List
	seen := map[string]int{}
	for i, line := range strings.Split(string(src), "\n") {
		n := i + 1
		if k := strings.Index(line, "#"); k >= 0 {
			line = line[:k]
		}
		if k := strings.Index(line, "//"); k >= 0 {
			line = line[:k]
		}
		if strings.TrimSpace(line) == "" {
			continue
		}
		eq := strings.Index(line, "=")
		col := len(line) - len(strings.TrimLeft(line, " \t")) + 1
		if eq < 0 {
			errs = append(errs, diag.At(file, n, col, "expected NAME = EXPR, found %q", strings.TrimSpace(line)))
			continue
		}
		name := strings.TrimSpace(line[:eq])
		if _, ok := parsePlace(name); !ok && !identWord(name) {
			errs = append(errs, diag.At(file, n, col, "%q is not a parameter's name or a place FILE:LINE (NAME = EXPR)", name))
			continue
		}
		if prev, dup := seen[name]; dup {
			errs = append(errs, diag.At(file, n, col, "%s is already given at line %d", name, prev))
			continue
		}
		seen[name] = n
		text := line[eq+1:]
		e, err := model.ParseExpr(text)
		if err != nil {
			// The parser's position is in the expression: make it the line's.
			at, msg := eq+2, err.Error()
			if m := exprErr.FindStringSubmatch(msg); m != nil {
				k, _ := strconv.Atoi(m[1])
				at, msg = eq+1+k, m[2]
			}
			errs = append(errs, diag.At(file, n, at, "the value of %s: %s", name, msg))
			continue
		}
		out = append(out, ValueLine{Pos: Position{File: file, Line: n, Col: col}, Name: name, Expr: e})
	}
	if len(errs) > 0 {
		return nil, errs
	}
	return out, nil
}

// place is a values line's FILE:LINE[:COL|:VARIABLE]: the warning that
// made a parameter, its file by base name, its column 0 when not given,
// the C variable whose value the parameter is "" when not given.
type place struct {
	file      string
	line, col int
	variable  string
}

// parsePlace reads FILE:LINE, FILE:LINE:COL or FILE:LINE:VARIABLE.
func parsePlace(s string) (place, bool) {
	parts := strings.Split(s, ":")
	if len(parts) < 2 || len(parts) > 3 || parts[0] == "" {
		return place{}, false
	}
	line, err := strconv.Atoi(parts[1])
	if err != nil || line < 1 {
		return place{}, false
	}
	pl := place{file: parts[0], line: line}
	if len(parts) == 3 {
		if col, err := strconv.Atoi(parts[2]); err == nil && col >= 1 {
			pl.col = col
		} else if identWord(parts[2]) {
			pl.variable = parts[2]
		} else {
			return place{}, false
		}
	}
	return pl, true
}

// String is the place as a values file writes it.
func (pl place) String() string {
	switch {
	case pl.col > 0:
		return fmt.Sprintf("%s:%d:%d", pl.file, pl.line, pl.col)
	case pl.variable != "":
		return fmt.Sprintf("%s:%d:%s", pl.file, pl.line, pl.variable)
	}
	return fmt.Sprintf("%s:%d", pl.file, pl.line)
}

// paramAt is the parameter made by the warning at pl (values.go's FILE:LINE
// names): the one unknown there, or an error that names them all when
// there are several.
func (a *Analysis) paramAt(pl place) (*Param, error) {
	var names []string
	for _, u := range a.Unknowns {
		if u.Param == "" || u.Pos.Line != pl.line || pl.col != 0 && u.Pos.Col != pl.col {
			continue
		}
		if pl.variable != "" && !valueOf(u, pl.variable) {
			continue
		}
		if u.Pos.File != pl.file && filepath.Base(u.Pos.File) != pl.file {
			continue
		}
		if !slices.Contains(names, u.Param) {
			names = append(names, u.Param)
		}
	}
	switch len(names) {
	case 0:
		return nil, fmt.Errorf("no parameter was made at %s (its warnings give the places)", pl)
	case 1:
		return a.lookup(names[0]), nil
	}
	return nil, fmt.Errorf("several parameters were made at %s (%s): give the C variable, FILE:LINE:VARIABLE, the column, or the name", pl, strings.Join(names, ", "))
}

// valueOf reports whether the unknown u is the value of the C variable or
// field named v, or is the parameter v itself.
func valueOf(u Unknown, v string) bool {
	for _, what := range []string{"value of the C variable " + v, "value of the field " + v} {
		if u.What == what || strings.HasPrefix(u.What, what+" ") {
			return true
		}
	}
	return u.Param == v
}

// identWord reports whether s is a C or model identifier.
func identWord(s string) bool {
	for i, r := range s {
		if !(r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || i > 0 && r >= '0' && r <= '9') {
			return false
		}
	}
	return s != ""
}

// giveValues makes the values of a values file the parameters' values:
// an expression of other parameters is kept for the written model (which
// declares it after them) and its default is computed at theirs.
func (a *Analysis) giveValues(lines []ValueLine) error {
	var errs diag.List
	for _, l := range lines {
		p := a.lookup(l.Name)
		if pl, ok := parsePlace(l.Name); ok {
			var err error
			if p, err = a.paramAt(pl); err != nil {
				errs = append(errs, diag.At(l.Pos.File, l.Pos.Line, l.Pos.Col, "%v", err))
				continue
			}
		}
		if p == nil {
			errs = append(errs, diag.At(l.Pos.File, l.Pos.Line, l.Pos.Col, "%s is not a parameter of the analysis (its warnings name the parameters it made)", l.Name))
			continue
		}
		var reads []string
		v, err := fromModel(l.Expr, func(name string) (Expr, bool) {
			if name == "pid" || name == "procs" {
				return Name{name}, true
			}
			if q := a.lookup(name); q != nil && q != p {
				reads = append(reads, name)
				return Name{name}, true
			}
			return nil, false
		})
		if err != nil {
			errs = append(errs, diag.At(l.Pos.File, l.Pos.Line, l.Pos.Col, "the value of %s: %v", l.Name, err))
			continue
		}
		env := map[string]float64{"pid": 0, "procs": 1}
		for _, q := range a.Params {
			env[q.Name] = q.Default
		}
		def, ok := eval(v, env)
		if !ok {
			errs = append(errs, diag.At(l.Pos.File, l.Pos.Line, l.Pos.Col, "the value of %s is not a number at the parameters' defaults", l.Name))
			continue
		}
		p.Doc = fmt.Sprintf("%s; given in %s:%d", p.Doc, l.Pos.File, l.Pos.Line)
		a.valueGiven(p.Name, String(v))
		p.Default, p.Value, p.PerProcess = def, v, nil
		if len(reads) > 0 {
			a.declareAfter(p, reads)
		}
	}
	if len(errs) > 0 {
		return errs
	}
	return nil
}

// valueGiven drops the warnings that ask for the parameter name, which the
// values file gave, and lists it as annotated.
func (a *Analysis) valueGiven(name, value string) {
	var diags diag.List
	for _, d := range a.Diags {
		if p, named := a.paramDiags[d]; !named || p != name {
			diags = append(diags, d)
		}
	}
	a.Diags = diags
	for i := range a.Unknowns {
		if a.Unknowns[i].Param == name {
			a.Unknowns[i].How, a.Unknowns[i].Value = Annotated, value
		}
	}
}

// declareAfter moves p after the parameters it reads, for the written
// model, which declares a name before its use.
func (a *Analysis) declareAfter(p *Param, reads []string) {
	last, at := -1, -1
	for i, q := range a.Params {
		if q == p {
			at = i
		}
		for _, r := range reads {
			if q.Name == r {
				last = max(last, i)
			}
		}
	}
	if at > last {
		return
	}
	ps := make([]*Param, 0, len(a.Params))
	ps = append(ps, a.Params[:at]...)
	ps = append(ps, a.Params[at+1:last+1]...)
	ps = append(ps, p)
	a.Params = append(ps, a.Params[last+1:]...)
}
