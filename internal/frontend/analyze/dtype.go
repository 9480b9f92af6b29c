package analyze

import "modernc.org/cc/v4"

// Derived MPI datatypes. A program that sends a block of n characters as
// one element of its own type (ParRes's MPI_Type_contiguous(proc_length,
// MPI_CHAR, &mpi_word), then MPI_Allgather(s, 1, mpi_word, ...)) moves n
// bytes a call, not the 1 byte an unknown datatype was taken as. The
// constructors whose size is a product of their arguments are followed:
// MPI_Type_contiguous(count, old, &new) is count elements of old,
// MPI_Type_vector and MPI_Type_create_hvector(count, blocklength,
// stride, old, &new) count blocks of blocklength (the stride spaces them
// out in memory; it moves no bytes).

// derivedTypes records the datatypes the calls in e construct, with
// their sizes in bytes at this point of the walk.
func (mp *mpiPart) derivedTypes(e cc.Node) {
	visit(e, func(n cc.Node) bool {
		p, ok := n.(*cc.PostfixExpression)
		if !ok || p.Case != cc.PostfixExpressionCall {
			return true
		}
		args := callArgs(p)
		var factors []cc.ExpressionNode
		var old, out cc.ExpressionNode
		switch name := calleeName(p); {
		case name == "MPI_Type_contiguous" && len(args) == 3:
			factors, old, out = args[:1], args[1], args[2]
		case (name == "MPI_Type_vector" || name == "MPI_Type_hvector" || name == "MPI_Type_create_hvector") && len(args) == 5:
			factors, old, out = args[:2], args[3], args[4]
		default:
			return true
		}
		u, ok := unparen(out).(*cc.UnaryExpression)
		if !ok || u.Case != cc.UnaryExpressionAddrof {
			return true
		}
		d := declOf(u.CastExpression)
		if d == nil {
			return true
		}
		if mp.dtypes == nil {
			mp.dtypes = map[*cc.Declarator]Expr{}
		}
		delete(mp.dtypes, d) // a type constructed again: unknown unless this one reads
		size, ok := mp.dtypeSize(old)
		for _, f := range factors {
			v, okF := mp.w.sym(f)
			if !ok || !okF {
				return true
			}
			size = mul(v, size)
		}
		if ok {
			mp.dtypes[d] = simplify(size)
		}
		return true
	})
}

// dtypeSize is the size in bytes of an MPI datatype: a predefined one
// (typeSize) or one the program constructed (derivedTypes).
func (mp *mpiPart) dtypeSize(e cc.ExpressionNode) (Expr, bool) {
	if v, ok := mp.typeSize(e); ok {
		return Num{v}, true
	}
	if e == nil {
		return nil, false
	}
	if d := declOf(e); d != nil {
		v, ok := mp.dtypes[d]
		return v, ok
	}
	return nil, false
}
