model sample
global GV = 0
global P = 0.0
cost FA1() = 121 / P
cost FA2() = 212
cost FA4(p) = 3.14 + 2.71 * p
cost FSA1() = 112
cost FSA2(id) = 32 / (id + 1)
activity main {
  action A1 cost FA1() { GV = 1; P = 3.14 }
  if GV == 1 {
    call SA
  } else if GV == 0 {
    action A2 cost FA2()
  }
  action A4 cost FA4(P)
}
activity SA {
  action SA1 cost FSA1()
  allreduce SA2 size 8 cost FSA2(pid)
}
