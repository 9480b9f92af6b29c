model all
param N = 4
param CHUNK = 2
global G = 0
local L = 1.5
cost Work(n) = 1ms * n + uniform(0, 1us)
activity main {
  action A cost Work(N) { G = G + 1 }
  delay D cost 2ms
  loop N {
    send S to (pid + 1) % procs size 8KiB tag 3
    recv R from any size 8KiB tag any
  }
  for i in 0 .. N step 2 {
    isend IS to 0 size 16
    irecv IR from 1 size 16
    wait W on IS, IR
  }
  choose {
    0.3 { action C1 cost 1 }
    0.5 { call Sub }
    else { L = L * 2 }
  }
  choose {
    0.25 { action C2 cost 1 }
  }
  barrier B
  bcast BC root 0 size 64 algorithm binomial
  reduce RD root 0 size 64
  gather GA root 0 size 64
  scatter SC root 0 size 64
  allgather AG size 64 algorithm ring
  alltoall AA size 64 cost 1ms algorithm pairwise
  parallel P threads 4 {
    action PA cost Work(tid)
    critical CR {
      action CA cost 1us
    }
    barrier TB threads
  }
  pfor PF j in 0 .. 100 threads 2 schedule dynamic chunk CHUNK {
    action PFA cost Work(j)
  }
  if G > 2 && L < 3 {
    action T cost 1
  } else {
    action E cost G > 1 ? 2 : 3
  }
}
activity Sub {
  action SubA cost max(1, 2, N)
}
