package analyze

import (
	"fmt"

	"modernc.org/cc/v4"
)

// The variables MPI_Comm_rank and MPI_Comm_size write are the model's pid
// and procs wherever the program reads them: a global set in main and
// read in another function, a field of a struct of settings, a local
// handed to a helper that calls MPI_Comm_rank through a pointer. A
// variable the program also writes otherwise is left to the flow of
// values in its function (walker.vals).

// rankVars finds, over the whole program, the places MPI_Comm_rank and
// MPI_Comm_size write, by rankKey, with "pid" or "procs".
func (mp *mpiPart) rankVars(defs []*cc.FunctionDefinition) map[string]string {
	found := map[string]string{}
	conflict := map[string]bool{}
	note := func(key, v string) {
		if old, ok := found[key]; ok && old != v {
			conflict[key] = true
		}
		found[key] = v
	}
	// through is, per function, its pointer parameters that it passes to
	// MPI_Comm_rank or MPI_Comm_size: the callers' &x is then written.
	type param struct {
		fn  string
		idx int
	}
	through := map[param]string{}
	writers := map[cc.Node]bool{} // the &x arguments that set a rank or size
	for _, fd := range defs {
		params := paramDecls(fd)
		visit(fd.CompoundStatement, func(n cc.Node) bool {
			p, ok := n.(*cc.PostfixExpression)
			if !ok || p.Case != cc.PostfixExpressionCall {
				return true
			}
			v := map[string]string{"MPI_Comm_rank": "pid", "MPI_Comm_size": "procs"}[calleeName(p)]
			args := callArgs(p)
			if v == "" || len(args) != 2 {
				return true
			}
			if u, ok := unparen(args[1]).(*cc.UnaryExpression); ok && u.Case == cc.UnaryExpressionAddrof {
				if key, ok := rankKey(u.CastExpression); ok {
					note(key, v)
					writers[u] = true
				}
				return true
			}
			if d := declOf(args[1]); d != nil {
				for i, pd := range params {
					if pd == d {
						through[param{fd.Declarator.Name(), i}] = v
					}
				}
			}
			return true
		})
	}
	for _, fd := range defs {
		visit(fd.CompoundStatement, func(n cc.Node) bool {
			p, ok := n.(*cc.PostfixExpression)
			if !ok || p.Case != cc.PostfixExpressionCall {
				return true
			}
			name := calleeName(p)
			for i, a := range callArgs(p) {
				v, ok := through[param{name, i}]
				if !ok {
					continue
				}
				if u, ok := unparen(a).(*cc.UnaryExpression); ok && u.Case == cc.UnaryExpressionAddrof {
					if key, ok := rankKey(u.CastExpression); ok {
						note(key, v)
						writers[u] = true
					}
				}
			}
			return true
		})
	}
	// Any other write leaves the variable to the flow of values.
	for _, fd := range defs {
		visit(fd.CompoundStatement, func(n cc.Node) bool {
			var target cc.Node
			switch x := n.(type) {
			case *cc.AssignmentExpression:
				if x.Case != cc.AssignmentExpressionCond {
					target = x.UnaryExpression
				}
			case *cc.UnaryExpression:
				switch x.Case {
				case cc.UnaryExpressionInc, cc.UnaryExpressionDec:
					target = x.UnaryExpression
				case cc.UnaryExpressionAddrof:
					if !writers[x] {
						target = x.CastExpression
					}
				}
			case *cc.PostfixExpression:
				if x.Case == cc.PostfixExpressionInc || x.Case == cc.PostfixExpressionDec {
					target = x.PostfixExpression
				}
			}
			if target != nil {
				if key, ok := rankKey(target); ok {
					conflict[key] = true
				}
			}
			return true
		})
	}
	for k := range conflict {
		delete(found, k)
	}
	return found
}

// rankKey names a scalar place the same way wherever the program reaches
// it: a global by its name (one extern declaration per file that uses
// it), a local by its declaration, a field by its struct type and name.
func rankKey(e cc.Node) (string, bool) {
	switch x := unparen(e).(type) {
	case *cc.PrimaryExpression:
		if x.Case != cc.PrimaryExpressionIdent {
			return "", false
		}
		d, ok := x.ResolvedTo().(*cc.Declarator)
		if !ok || d == nil {
			return "", false
		}
		if s := d.LexicalScope(); s != nil && s.Parent == nil && !d.IsStatic() {
			return "global " + d.Name(), true
		}
		return fmt.Sprintf("local %p", d), true
	case *cc.PostfixExpression:
		if x.Case != cc.PostfixExpressionSelect && x.Case != cc.PostfixExpressionPSelect {
			return "", false
		}
		f := x.Field()
		if f == nil || f.ParentType() == nil {
			return "", false
		}
		return "field " + f.ParentType().String() + "." + f.Name(), true
	case *cc.UnaryExpression:
		if x.Case == cc.UnaryExpressionPostfix {
			return rankKey(x.PostfixExpression)
		}
	case *cc.CastExpression:
		if x.Case == cc.CastExpressionUnary {
			return rankKey(x.UnaryExpression)
		}
	}
	return "", false
}

// rankOf is pid or procs when e reads a place MPI_Comm_rank or
// MPI_Comm_size writes.
func (mp *mpiPart) rankOf(e cc.Node) (Expr, bool) {
	key, ok := rankKey(e)
	if !ok {
		return nil, false
	}
	v, ok := mp.ranks[key]
	if !ok {
		return nil, false
	}
	return Name{v}, true
}
