// Point to point (blocking and not), rooted collectives, a parallel
// region with a barrier and a critical section, a dynamic parallel loop,
// a probabilistic branch and random costs, globals and locals.
model mix

param SIZE = 1KiB
global total = 0
local right = (pid + 1) % procs
local left = (pid + procs - 1) % procs

activity main {
  action Start cost 1ms { total = total + pid }
  isend Out to right size SIZE tag 3
  irecv In from left size SIZE tag 3
  wait Both
  if pid == 0 {
    send Token to 1 size 8
  } else if pid == 1 {
    recv Token_In from 0 size 8
  }
  bcast Params root 1 size 64 algorithm binomial
  parallel Region threads 2 {
    action Work cost (tid + 1) * 10us
    barrier Mid threads
    critical Sum {
      action Add cost 1us
    }
  }
  pfor Rows r in 0 .. 5 threads 2 schedule dynamic chunk 2 {
    action Row cost r * 1us
  }
  choose {
    0.5 {
      action Heads cost uniform(1ms, 2ms)
    }
    else {
      action Tails cost exponential(1ms)
    }
  }
  reduce Sum_All root 0 size 8
  gather Results root 0 size SIZE
}
