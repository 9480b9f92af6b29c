// Version B: a faster kernel (half the work) but a set-up that grows with
// the process count. Its time is W/(2 procs) + procs/2 on the ideal
// machine: faster than A up to 8 processes, slower from 16 on.
model b

param W = 120

activity main {
  action Work cost W / (2 * procs)
  action Setup cost procs / 2
}
