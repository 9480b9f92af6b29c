package analyze

import (
	"strings"

	"modernc.org/cc/v4"
)

// Tests of the fields that bound loops. Programs guard a loop by a test of
// its own bound, and both read one field (hpgmg's exchange_boundary:
// if (ex->num_recvs > 0) for (n = 0; n < ex->num_recvs; n++) MPI_Irecv,
// the same for its sends). A field the analysis cannot know becomes a
// parameter where it bounds a loop (fields.go), but a test was drawn at
// a probability of 0.5 of its own: the receives' test went one way and
// the sends' the other, and the model deadlocked. A test that reads such
// a field reads the same parameter, so that the test and its loop agree.

// boundFields are the fields that loop conditions of defs read, by key.
func boundFields(defs []*cc.FunctionDefinition) map[string]bool {
	out := map[string]bool{}
	for _, fd := range defs {
		visit(fd.CompoundStatement, func(n cc.Node) bool {
			it, ok := n.(*cc.IterationStatement)
			if !ok {
				return true
			}
			// The condition: a for's second expression (its first with
			// a declaration), a while's or a do's only one.
			cond := it.ExpressionList
			if it.Case == cc.IterationStatementFor {
				cond = it.ExpressionList2
			}
			for key := range fieldsRead(cond) {
				out[key] = true
			}
			return true
		})
	}
	return out
}

// fieldsRead are the keys of the fields e reads.
func fieldsRead(e cc.Node) map[string]bool {
	out := map[string]bool{}
	if e == nil {
		return out
	}
	visit(e, func(n cc.Node) bool {
		if p, ok := n.(*cc.PostfixExpression); ok && (p.Case == cc.PostfixExpressionSelect || p.Case == cc.PostfixExpressionPSelect) {
			if key, ok := rankKey(p); ok && strings.HasPrefix(key, "field ") {
				out[key] = true
			}
		}
		return true
	})
	return out
}

// boundFieldCond reads the test of s as the parameters of the fields it
// reads when one of them bounds a loop (boundFields), or fails.
func (pv *progValues) boundFieldCond(s *cc.SelectionStatement) (Expr, bool) {
	bound := false
	for key := range fieldsRead(s.ExpressionList) {
		bound = bound || pv.boundFields[key]
	}
	if !bound {
		return nil, false
	}
	// Only the bound fields become parameters here: a test that also
	// reads a value the analysis cannot know (CoMD's jId <= iId beside
	// jBox < nLocalBoxes) keeps its probability.
	pv.w.paramize, pv.boundOnly = append(pv.w.paramize, s.ExpressionList), true
	defer func() { pv.w.paramize, pv.boundOnly = pv.w.paramize[:len(pv.w.paramize)-1], false }()
	c, ok := pv.w.symCond(s.ExpressionList)
	if !ok {
		return nil, false
	}
	// Of the bound fields, the program's arguments and the process's
	// place alone: a test that also reads a loop's index or a value of
	// the data (CoMD's jBox < nLocalBoxes, jBox a neighbour cell's number)
	// keeps its probability.
	boundParams := map[string]bool{}
	for key, name := range pv.fieldParams {
		boundParams[name] = pv.boundFields[key]
	}
	for _, n := range names(c) {
		p := pv.w.a.lookup(n)
		known := p != nil && (boundParams[n] || p.From != "unknown")
		if !known && !processNames[n] {
			return nil, false
		}
	}
	return c, true
}

// processNames are the model's names of a process's and a thread's place.
var processNames = map[string]bool{"pid": true, "procs": true, "tid": true, "nthreads": true}
