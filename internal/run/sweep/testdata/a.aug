// Version A of a toy solver: perfectly parallel work W/P and a fixed
// serial part. Its time is W/procs + 2 on the ideal machine.
model a

param W = 120

activity main {
  action Work cost W / procs
  action Serial cost 2
}
