package predict

import "testing"

// The model's `priority` statement on a node with the priority scheduler
// (docs/semantics.md): on one CPU, process 0 computes Long (10 s) from 0;
// process 1 sets priority 5, sleeps 2 s and computes Urgent (3 s). At 2 it
// preempts process 0: Urgent runs [2, 5), Long [0, 2) and [5, 13). Under
// FCFS the same model keeps the CPU with process 0: Long [0, 10), Urgent
// [10, 13).
func TestSemPriorityPreempts(t *testing.T) {
	const src = `model m
activity main {
  if pid == 1 {
    priority 5
    delay Sleep cost 2
    action Urgent cost 3
  } else {
    action Long cost 10
  }
}
`
	m := parseMachine(t, "nodes:\n  - {count: 1, cpus: 1, scheduler: priority}\n")
	p := predictSrc(t, src, m, Options{Procs: 2})
	expectFinish(t, p, []float64{13, 5})
	expect(t, "wait of process 0", p.Units[0].Wait, 3)
	_, long := elemStats(t, p, "Long")
	expect(t, "Long compute", long.Compute, 10)
	expect(t, "Long wait", long.Wait, 3)

	m = parseMachine(t, "nodes:\n  - {count: 1, cpus: 1, scheduler: fcfs}\n")
	p = predictSrc(t, src, m, Options{Procs: 2})
	expectFinish(t, p, []float64{10, 13})
}

// Threads of a parallel region set their own priorities: thread 1 comes
// later but first.
func TestSemPriorityThreads(t *testing.T) {
	const src = `model m
activity main {
  parallel R threads 3 {
    priority tid
    delay D cost tid
    action W cost 4
  }
}
`
	// One CPU. Thread 0 runs [0, 1); thread 1 (priority 1) preempts it at
	// 1 and is preempted at 2 by thread 2 (priority 2), which runs
	// [2, 6); thread 1 then runs [6, 9) and thread 0 [9, 12).
	m := parseMachine(t, "nodes:\n  - {count: 1, cpus: 1, scheduler: priority}\n")
	p := predictSrc(t, src, m, Options{Procs: 1})
	expect(t, "predicted time", p.Time, 12)
	want := map[int32]float64{0: 12, 1: 9, 2: 6}
	for _, u := range p.Units {
		expect(t, "finish of thread "+string(rune('0'+u.Tid)), u.Finish, want[u.Tid])
	}
}
