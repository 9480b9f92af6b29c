// A triangular nest whose costs depend on the indices and on operation
// times, a tiled min/max nest, and an invariant branch: every piece the
// closed form sums (compare nest.txt with nest.closed.txt).
model nest

param N = 6
param T = 4

cost f(i, j) = (i + 2 * j) * 1us + ops(fp_add: i, fp_mul: 2)

activity main {
  for i in 0 .. N {
    for j in i + 1 .. N {
      action Tri cost f(i, j)
    }
  }
  for ii in 0 .. N step T {
    for k in ii .. min(ii + T, N) {
      if pid % 2 == 0 {
        action Even cost k * 1ms
      } else {
        action Odd cost 2ms
      }
    }
  }
  allreduce Done size 8
}
