package analyze

import (
	"fmt"

	"augur/internal/frontend/model"
)

// parseAnnotation reads the expression of a `#pragma augur` annotation.
// Its syntax is the model language's, which agrees with C's for the
// arithmetic, comparisons and ?: that annotations use; names are the
// program's variables and macros, resolved by lookup.
func parseAnnotation(text string, lookup func(string) (Expr, bool)) (Expr, error) {
	e, err := model.ParseExpr(text)
	if err != nil {
		return nil, fmt.Errorf("cannot read %q: %v", text, err)
	}
	return fromModel(e, lookup)
}

func fromModel(e model.Expr, lookup func(string) (Expr, bool)) (Expr, error) {
	switch x := e.(type) {
	case *model.Number:
		return Num{x.Value}, nil
	case *model.Bool:
		return Num{b2f(x.Value)}, nil
	case *model.Ident:
		if v, ok := lookup(x.Name); ok {
			return v, nil
		}
		return nil, fmt.Errorf("%s is not a variable with a known value, a loop index or a parameter here", x.Name)
	case *model.Paren:
		return fromModel(x.X, lookup)
	case *model.Unary:
		v, err := fromModel(x.X, lookup)
		if err != nil {
			return nil, err
		}
		if x.Op == "!" {
			return Not{v}, nil
		}
		return sub(Num{0}, v), nil
	case *model.Binary:
		a, err := fromModel(x.X, lookup)
		if err != nil {
			return nil, err
		}
		b, err := fromModel(x.Y, lookup)
		if err != nil {
			return nil, err
		}
		return Bin{x.Op, a, b}, nil
	case *model.Cond:
		c, err := fromModel(x.C, lookup)
		if err != nil {
			return nil, err
		}
		a, err := fromModel(x.A, lookup)
		if err != nil {
			return nil, err
		}
		b, err := fromModel(x.B, lookup)
		if err != nil {
			return nil, err
		}
		return Cond{c, a, b}, nil
	case *model.CallExpr:
		var args []Expr
		for _, a := range x.Args {
			v, err := fromModel(a, lookup)
			if err != nil {
				return nil, err
			}
			args = append(args, v)
		}
		return Call{x.Fun.Name, args}, nil
	}
	return nil, fmt.Errorf("unsupported expression %T", e)
}
