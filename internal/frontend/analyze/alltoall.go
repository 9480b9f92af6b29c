package analyze

import "modernc.org/cc/v4"

// Data exchanged by counts. A program that sends each element to the
// process that owns it (ParRes Random's table updates, a particle or
// sparse-matrix exchange) counts them into buckets, exchanges the counts,
// then the data, and processes what it received:
//
//	for (j = 0; j < nstarts; j++) { ...; bucket[dest][size[dest]++] = x; }
//	MPI_Alltoall(size, 1, MPI_INT, rsize, 1, MPI_INT, comm);
//	MPI_Alltoallv(bucket[0], size, sdispl, T, rbucket[0], rsize, rdispl, T, comm);
//	for (j = 0; j < total; j++) ... rbucket[0][j] ...
//
// What goes where depends on the data, but not how much there is: the
// counts add up to one per increment (nstarts), and over the processes
// the elements received are those sent, so a process receives as many as
// it sends on average. The analysis follows that total: a counter array
// incremented at one place of a counted loop's straight-line code holds
// the loop's count in all; an MPI_Alltoall of one count per process gives
// the receiving array the same total; an MPI_Alltoallv sends that many
// elements (spread evenly over the processes, its size per process), and
// a loop whose bound the analysis cannot read but that walks the buffer
// the exchange filled, by its index, runs once per element received.

// counterTotals notes the counter arrays a loop's body increments at one
// place of its straight-line code (size[dest]++): after the loop they hold
// that many increments in all.
func (mp *mpiPart) counterTotals(it *cc.IterationStatement, info *LoopInfo) {
	if info.Trips == nil || info.TripsHow == Default || info.Var != "" && mentionsName(info.Trips, info.Var) {
		return
	}
	for _, e := range topExpressions(it.Statement) {
		visit(e, func(m cc.Node) bool {
			p, ok := m.(*cc.PostfixExpression)
			if !ok || p.Case != cc.PostfixExpressionInc {
				return true
			}
			ix, ok := unparen(p.PostfixExpression).(*cc.PostfixExpression)
			if !ok || ix.Case != cc.PostfixExpressionIndex {
				return true
			}
			if d := declOf(ix.PostfixExpression); d != nil && incrementsOf(it.Statement, d) == 1 {
				if mp.totals == nil {
					mp.totals = map[*cc.Declarator]Expr{}
				}
				mp.totals[d] = info.Trips
			}
			return true
		})
	}
}

// incrementsOf counts the places in n that write an element of d.
func incrementsOf(n cc.Node, d *cc.Declarator) int {
	k := 0
	visit(n, func(m cc.Node) bool {
		if t, ok := unparen(written(m, false)).(*cc.PostfixExpression); ok && t.Case == cc.PostfixExpressionIndex && declOf(t.PostfixExpression) == d {
			k++
		}
		return true
	})
	return k
}

// exchanged follows the totals through MPI_Alltoall (counts) and
// MPI_Alltoallv (the data: the buffer it fills holds that many elements).
func (mp *mpiPart) exchanged(name string, args []cc.ExpressionNode) {
	switch {
	case name == "MPI_Alltoall" && len(args) >= 4:
		if n, ok := constValue(args[1]); !ok || n != 1 {
			return
		}
		src, dst := declOf(uncast(args[0])), declOf(uncast(args[3]))
		if t, ok := mp.totals[src]; ok && dst != nil {
			mp.totals[dst] = t
		}
	case name == "MPI_Alltoallv" && len(args) >= 6:
		t, ok := mp.totals[declOf(uncast(args[5]))]
		if !ok {
			t, ok = mp.totals[declOf(uncast(args[1]))]
		}
		if base := baseOf(args[4]); ok && base != "" {
			if mp.received == nil {
				mp.received = map[string]Expr{}
			}
			mp.received[base] = t
		}
	}
}

// exchangeBytes is the bytes per process of an MPI_Alltoallv whose send
// counts the analysis totals: the elements spread evenly over the
// processes.
func (mp *mpiPart) exchangeBytes(args []cc.ExpressionNode) (Expr, bool) {
	if len(args) < 4 {
		return nil, false
	}
	t, ok := mp.totals[declOf(uncast(args[1]))]
	if !ok {
		return nil, false
	}
	size, ok := mp.typeSize(args[3])
	if !ok {
		return nil, false
	}
	return simplify(div(mul(t, Num{size}), Name{"procs"})), true
}

// receivedWalk is the count of a loop whose bound the analysis cannot
// read but whose body reads a buffer an MPI_Alltoallv filled at the
// loop's index (rbucket[0][j] for j from 0 by 1): one iteration per
// element received.
func (mp *mpiPart) receivedWalk(it *cc.IterationStatement) (Expr, bool) {
	if len(mp.received) == 0 {
		return nil, false
	}
	inits, ok := loopInits(it)
	if !ok || len(inits) != 1 {
		return nil, false
	}
	d := inits[0].d
	test, step := loopTestStep(it)
	start, ok := inits[0].v.(cc.ExpressionNode)
	if !ok || d == nil || !mentions(test, d) {
		return nil, false
	}
	if v, ok := constValue(start); !ok || v != 0 {
		return nil, false
	}
	if s, ok := mp.w.flow.stepIn(step, d); !ok || s != 1 || assigns(it.Statement, d) {
		return nil, false
	}
	var total Expr
	visit(it.Statement, func(m cc.Node) bool {
		p, ok := m.(*cc.PostfixExpression)
		if !ok || p.Case != cc.PostfixExpressionIndex || declOf(p.ExpressionList) != d {
			return true
		}
		if t, ok := mp.received[baseOf(p)]; ok {
			total = t
		}
		return total == nil
	})
	return total, total != nil
}
