package analyze

import (
	"fmt"
	"strings"

	"modernc.org/cc/v4"
)

// Spin-waits between the threads of a region. SPMD-style OpenMP code
// synchronises neighbouring threads through flags instead of barriers
// (ParRes's Synch_p2p):
//
//	for (j = 1; j < n; j++) {
//	  if (TID > 0) while (1) {               // wait for the left neighbour
//	    #pragma omp atomic read
//	    f = flag(TID-1, j);
//	    if (f == true) break;
//	  }
//	  ... row j of the thread's columns ...
//	  #pragma omp atomic write
//	  flag(TID, j) = true;                     // the right neighbour's go
//	}
//
// the threads' pipeline, as MPI_Send and MPI_Recv make one of the ranks.
// A loop with no count whose body reads a flag by an `omp atomic read`
// is such a wait. Its count depends on the other threads' speed, not on
// the data: it is priced as one probe (the body once) and the pipeline's
// fill. In a pipeline over the iterations of the loop around the wait
// (the stage loop), thread t starts its first stage when the t threads
// before it have done theirs, and from then on finds its neighbour's
// flag set; the last thread of T ends T - 1 stages after the first. So
// the wait of thread tid is tid times its own stage (the priced blocks of
// the stage loop's body; a spin holds its CPU, so it is an action) in
// the stage loop's first iteration, and nothing in the others. What is
// not modelled: a neighbour slower than the waiting thread (the stages
// are taken equal, the threads' shares differ by one column at most), a
// wait for another thread than the one before (tid - 1), and a wait
// outside any loop of the region, which is one probe.

// spinWait is a spin-wait loop's block's: the stage loop around it (nil:
// none inside the region).
type spinWait struct {
	stage *Block
}

// isSpin reports whether loop it, of no count the analysis can read, is a
// spin-wait: inside a parallel region, its body reads by an atomic read.
func (om *ompState) isSpin(it *cc.IterationStatement, info *LoopInfo) bool {
	if info.Trips != nil || om.regions == 0 || om.nested > 0 || !om.w.o.Compiled.OpenMP {
		return false
	}
	from, to := pos(it.Statement), it.Statement.Position()
	if end := lastLine(it.Statement); end > 0 {
		to.Line = end
	}
	for _, d := range om.dirs[from.File] {
		if d.name != "atomic" || d.Pos.Line < pos(it).Line || d.Pos.Line > to.Line {
			continue
		}
		for _, c := range d.clauses {
			if c.name == "read" || c.name == "capture" {
				return true
			}
		}
	}
	return false
}

// lastLine is the line of the last token of s.
func lastLine(s *cc.Statement) int {
	line := 0
	visit(s, func(n cc.Node) bool {
		if p := pos(n); p.Line > line {
			line = p.Line
		}
		return true
	})
	if s.Case == cc.StatementCompound {
		line = max(line, s.CompoundStatement.Token2.Position().Line)
	}
	return line
}

// stageLoop is the innermost loop around the statement walked inside the
// current parallel region, nil if none.
func (om *ompState) stageLoop() *Block {
	if len(om.w.loops) > om.regionLoops {
		return om.w.loops[len(om.w.loops)-1].blk
	}
	return nil
}

// emitSpin writes a spin-wait: one probe, and the pipeline's fill in the
// stage loop's first iteration.
func (mw *modelWriter) emitSpin(b *strings.Builder, blk *Block, depth int) bool {
	ind := strings.Repeat("  ", depth)
	fmt.Fprintf(b, "%s// a spin-wait on other threads' flags at %s: one probe, and the pipeline's fill\n", ind, blk.Pos)
	mem := mw.emit(b, blk.Body, depth)
	st := blk.spin.stage
	if st == nil || st.Loop.Var == "" || st.Loop.From == nil {
		return mem
	}
	var own []*Block
	for _, x := range st.Body {
		if pure([]*Block{x}) {
			own = append(own, x)
		}
	}
	var c cost
	c.collect(own, nil)
	e, stageMem := c.expr()
	if e == nil {
		return mem
	}
	first := Cond{Bin{"==", Name{st.Loop.Var}, st.Loop.From}, Name{"tid"}, Num{0}}
	fmt.Fprintf(b, "%saction %s_fill cost (%s) * (%s) // thread tid starts after the tid threads before it have done the first stage (the iteration of the loop at %s)\n",
		ind, blk.Name, String(first), String(e), span(st))
	return mem || stageMem
}
