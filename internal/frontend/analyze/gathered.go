package analyze

import "modernc.org/cc/v4"

// Values gathered from every process. MPI_Allgather(&x, 1, T, arr, 1, T,
// comm) gives every process an array whose element k is x as process k
// computed it: the same expression of the process, evaluated there. A
// block decomposition's shares (n / p, one more on the first n % p
// processes) differ by at most one from process to process, and programs
// read them back at their own index (mm[myrow], ParRes DGEMM's block
// sizes) or walk them in order: the analysis takes every element as the
// value the reading process computed itself, exact where the shares are
// equal. A function of the program that is passed such an array (int mm[])
// reads its elements as the model's local of that parameter, which each
// call sets to the caller's value.

// gathered records the array an MPI_Allgather of one value fills.
func (mp *mpiPart) gathered(args []cc.ExpressionNode) {
	if len(args) < 4 || len(mp.w.loops) > 0 || mp.w.inIf > 0 {
		return
	}
	if n, ok := constValue(args[1]); !ok || n != 1 {
		return
	}
	u, ok := uncast(args[0]).(*cc.UnaryExpression)
	if !ok || u.Case != cc.UnaryExpressionAddrof {
		return
	}
	v, ok := mp.w.sym(u.CastExpression)
	d := declOf(uncast(args[3]))
	if !ok || d == nil || writesElements(mp.w.funcs[mp.w.fn.Name], d) {
		return
	}
	if mp.w.elems == nil {
		mp.w.elems = map[*cc.Declarator]Expr{}
	}
	mp.w.elems[d] = v
}

// writesElements reports whether fd stores into an element of the array d
// points to (d[i] = ..., d[i]++), after which its gathered values no
// longer hold.
func writesElements(fd *cc.FunctionDefinition, d *cc.Declarator) bool {
	if fd == nil {
		return true
	}
	found := false
	visit(fd.CompoundStatement, func(m cc.Node) bool {
		if t, ok := unparen(written(m, false)).(*cc.PostfixExpression); ok && t.Case == cc.PostfixExpressionIndex && declOf(t.PostfixExpression) == d {
			found = true
		}
		return !found
	})
	return found
}

// gatheredParams finds the parameters of the program's functions that
// every call passes an array an MPI_Allgather of the caller filled (and no
// call passes anything else): by function, the parameters' positions.
func gatheredParams(funcs map[string]*cc.FunctionDefinition) map[string]map[int]bool {
	passed := map[string]map[int]bool{} // a gathered array at every call so far
	other := map[string]map[int]bool{}  // something else at some call
	for _, fd := range funcs {
		filled := map[*cc.Declarator]bool{}
		visit(fd.CompoundStatement, func(m cc.Node) bool {
			if p, ok := m.(*cc.PostfixExpression); ok && p.Case == cc.PostfixExpressionCall && calleeName(p) == "MPI_Allgather" {
				if args := callArgs(p); len(args) >= 4 {
					if d := declOf(uncast(args[3])); d != nil {
						filled[d] = true
					}
				}
			}
			return true
		})
		visit(fd.CompoundStatement, func(m cc.Node) bool {
			p, ok := m.(*cc.PostfixExpression)
			if !ok || p.Case != cc.PostfixExpressionCall || funcs[calleeName(p)] == nil {
				return true
			}
			name := calleeName(p)
			for i, a := range callArgs(p) {
				set := other
				if d := declOf(uncast(a)); d != nil && filled[d] {
					set = passed
				}
				if set[name] == nil {
					set[name] = map[int]bool{}
				}
				set[name][i] = true
			}
			return true
		})
	}
	for name, ps := range passed {
		for i := range ps {
			if other[name][i] {
				delete(ps, i)
			}
		}
	}
	return passed
}
