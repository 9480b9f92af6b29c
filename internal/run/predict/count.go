package predict

import (
	"math"

	"augur/internal/frontend/compile"
	"augur/internal/ir"
	"augur/internal/machine"
)

// A progress report wants the share of a run done, which needs the run's
// size: the operations its processes perform (engine.Result.Ops counts
// every one the engine takes from a stream, the end included). A
// process of a model that forks no threads and shares no variable
// performs the same operations whatever the timing (its random variates
// are its own, drawn in program order), so running its stream alone, with
// no engine, counts them. Running every process's would cost as much as
// the simulation's own work on them; a sample of them gives an estimate.

// countSample is how many processes' streams are run to estimate a run's
// operations; with no more processes than that, every one is, and the
// count is exact.
const countSample = 64

// countBudget bounds the operations the sample may take in all (a
// process of 10^9 iterations is not run twice): past it, no count.
const countBudget = 1 << 22

// countOps returns the operations one replication of prog performs on
// procs processes placed on nodeOf, and whether every process was run
// (exact) rather than a sample; 0 when they cannot be counted: the
// model forks threads or shares variables (the operations depend on the
// timing), evaluating its loops in closed form changes the count and
// crowded is false (the engine allows it for some processes only, those
// with a CPU of their own: crowded says no process has one), a stream
// fails, or the sample is too long.
func countOps(prog *compile.Program, procs int, nodeOf []int32, crowded bool) (ops int64, exact bool) {
	if !prog.Semantics.NoThreads || prog.Semantics.Shared || procs < 1 {
		return 0, false
	}
	n := min(procs, countSample)
	budget := int64(countBudget)
	var sum int64
	for i := range n {
		pid := i
		if n < procs {
			pid = int(int64(i) * int64(procs-1) / int64(n-1))
		}
		step := streamOps(prog, int32(pid), nodeOf[pid], false, budget)
		if step <= 0 {
			return 0, false
		}
		budget -= step
		if !crowded {
			if batched := streamOps(prog, int32(pid), nodeOf[pid], true, budget); batched != step {
				return 0, false
			}
			budget -= step
		}
		sum += step
	}
	if n == procs {
		return sum, true
	}
	return int64(math.Round(float64(sum) / float64(n) * float64(procs))), false
}

// crowded says whether every node has more processes than CPUs, where
// the engine evaluates no loop in closed form (engine.allowBatches).
func crowded(m *machine.Machine, nodeOf []int32) bool {
	live := make(map[int32]int)
	for _, nid := range nodeOf {
		live[nid]++
	}
	for nid, n := range live {
		if n <= m.Groups[m.GroupOf(int(nid))].CPUs {
			return false
		}
	}
	return true
}

// streamOps runs process pid's stream alone to its end and returns how
// many operations it gave, its end included; batches lets it evaluate
// loops in closed form (ir.Batcher). 0 if the stream fails, forks or
// gives more than budget.
func streamOps(prog *compile.Program, pid, nid int32, batches bool, budget int64) int64 {
	s, err := prog.Stream(pid, nid)
	if err != nil {
		return 0
	}
	if b, ok := s.(ir.Batcher); ok && batches {
		b.AllowBatches()
	}
	var op ir.Op
	for n := int64(1); n <= budget; n++ {
		op = ir.Op{}
		if err := s.Next(&op); err != nil || op.Kind == ir.Fork {
			return 0
		}
		if op.Kind == ir.End {
			return n
		}
	}
	return 0
}
