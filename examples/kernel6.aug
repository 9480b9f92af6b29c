// Livermore Fortran kernel 6 (Pllana et al.'s model transformation paper, Fig. 3.1): a general linear
// recurrence,
//
//   DO L = 1, LOOP
//     DO i = 2, n
//       DO k = 1, i - 1
//         W(i) = W(i) + B(i, k) * W(i - k)
//
// modelled two ways: detailed, with the nested loops and a triangular inner
// bound (Fig. 3.1(b)), and as one action whose cost function counts the
// same operations in closed form (Fig. 3.1(c)). Both predict the same time.
model kernel6

param n = 100 // vector length
param REPS = 1000 // outer repetitions (LOOP in the Fortran)
param t_op = 2ns // time of one multiply-add on the target CPU

cost FK6(n, reps) = reps * n * (n - 1) / 2 * t_op

activity main {
  call Detailed
  action Kernel6 cost FK6(n, REPS)
}

// The detailed form: one action per inner loop, n-1 of them per repetition.
activity Detailed {
  loop REPS {
    for i in 2 .. n + 1 {
      action Inner cost (i - 1) * t_op
    }
  }
}
