// Priority scheduling (the priority statement): two processes share one
// CPU. Process 0 computes LONG seconds from the start; process 1 raises
// its priority, sleeps WAKE seconds (holding no CPU) and then needs the
// CPU for URGENT seconds. On a node with `scheduler: priority`
// (examples/machines/onecpu-priority.yaml) it preempts process 0: Urgent
// runs [2, 5) and process 0 ends at 13. Under first come, first served
// (the same machine with `scheduler: fcfs`) Urgent waits for Long to end
// and runs [10, 13).
model preemption

param LONG = 10
param WAKE = 2
param URGENT = 3

activity main {
  if pid == 1 {
    priority 5
    delay Sleep cost WAKE
    action Urgent cost URGENT
  } else {
    action Long cost LONG
  }
}
