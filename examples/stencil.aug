// A hybrid MPI + OpenMP Jacobi stencil on an N × N grid: the rows are split
// into blocks, one per process; every iteration each process exchanges its
// boundary rows with its neighbours (non-blocking), updates its rows with a
// parallel loop over its threads, and every CHECK iterations all processes
// agree on the residual with an allreduce.
//
//   augur predict examples/stencil.aug --machine examples/machines/gescher.yaml \
//     --nodes 4 --procs 4 --threads 4
model stencil

param N = 4096 // grid points per side
param ITER = 100 // iterations
param CHECK = 10 // residual check period
param t_point = 6ns // update of one grid point

// Rows of this process (block distribution, remainder to the first ones).
local ROWS = floor(N / procs) + (pid < N % procs ? 1 : 0)

cost Row(n) = n * t_point

activity main {
  for it in 0 .. ITER {
    call Exchange
    pfor Update r in 0 .. ROWS {
      action Update_Row cost Row(N)
    }
    if (it + 1) % CHECK == 0 {
      action Residual cost ROWS * N * 1ns
      allreduce Residual_Sum size 8
    }
  }
}

activity Exchange {
  if pid > 0 {
    isend Halo_Up to pid - 1 size N * 8 tag 1
    irecv Halo_From_Up from pid - 1 size N * 8 tag 2
  }
  if pid < procs - 1 {
    isend Halo_Down to pid + 1 size N * 8 tag 2
    irecv Halo_From_Below from pid + 1 size N * 8 tag 1
  }
  wait Halo_Wait
}
