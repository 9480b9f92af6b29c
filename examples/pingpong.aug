// Ping-pong between two processes: the classic latency and bandwidth
// microbenchmark. Process 0 sends SIZE bytes to process 1, which sends
// them back, REPS times. On a network with latency L and bandwidth B (and
// SIZE below the eager threshold) one round trip takes 2 (L + SIZE / B).
model pingpong

param SIZE = 1KiB
param REPS = 100

activity main {
  loop REPS {
    if pid == 0 {
      send Ping to 1 size SIZE
      recv Pong_Back from 1 size SIZE
    } else if pid == 1 {
      recv Ping_In from 0 size SIZE
      send Pong to 0 size SIZE
    }
  }
}
