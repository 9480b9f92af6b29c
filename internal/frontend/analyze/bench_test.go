package analyze

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// largeProgram writes a C/MPI program of about lines lines: functions
// with triangular, strided and guarded nests, a while loop and MPI calls,
// the kinds the analysis spends its time on.
func largeProgram(lines int) string {
	var b strings.Builder
	b.WriteString("#include <stdio.h>\n#include <stdlib.h>\n#include <math.h>\n#include <mpi.h>\n#define N 1000\ndouble A[N][N], B[N][N];\n")
	k := 0
	for ; strings.Count(b.String(), "\n") < lines-40; k++ {
		fmt.Fprintf(&b, `static double f%d(int n, int m) {
  double s = 0;
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < i; j++) {
      s += A[i][j] * B[j][i] + sqrt((double)(i + j));
      if (s > 1e9) s = s / 2;
    }
    for (int k = i; k < m; k += 2)
      A[i][k %% N] = s * 0.5 + k;
  }
  for (int t = 0; t < m; t++)
    for (int u = 0; u < t && u < n; u++)
      for (int v = u; v < t; v++)
        s += (double)(t * u - v) / (1 + v);
  int q = n / 3;
  while (q > 0) { s += q; q /= 2; }
  return s;
}

`, k)
	}
	b.WriteString("int main(int argc, char **argv) {\n  int n = argc > 1 ? atoi(argv[1]) : 100;\n  int rank, size;\n  double s = 0, all = 0;\n")
	b.WriteString("  MPI_Init(&argc, &argv);\n  MPI_Comm_rank(MPI_COMM_WORLD, &rank);\n  MPI_Comm_size(MPI_COMM_WORLD, &size);\n")
	for i := 0; i < k; i++ {
		fmt.Fprintf(&b, "  s += f%d(n / size, n);\n", i)
		if i%8 == 0 {
			b.WriteString("  MPI_Allreduce(&s, &all, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);\n")
		}
	}
	b.WriteString("  printf(\"%g\\n\", all);\n  MPI_Finalize();\n  return 0;\n}\n")
	return b.String()
}

// BenchmarkAnalyzeLarge: reading, analysing and writing the model of a
// 2,000-line program (the target is well under a second for
// analysis and prediction together; augur analyze --machine adds the
// prediction, which takes a few milliseconds of it).
func BenchmarkAnalyzeLarge(b *testing.B) {
	dir := b.TempDir()
	path := filepath.Join(dir, "large.c")
	if err := os.WriteFile(path, []byte(largeProgram(2000)), 0o644); err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		srcs := load(b, path)
		a, err := Run(srcs, Options{})
		if err != nil {
			b.Fatal(err)
		}
		if m := a.Model("large", []string{path}); len(m) == 0 {
			b.Fatal("no model")
		}
	}
}
