package analyze

import (
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// Every way a C program reads a number from its command line gives a
// parameter bound to the argument's position, with the program's own
// default; argc is one more than the parameter bound to their count.
func TestArgvReads(t *testing.T) {
	for _, c := range []struct {
		name, body string
		want       []string // name = default binding, sorted by name
	}{
		{"conditional", "int n = argc > 2 ? atoi(argv[2]) : 1000;", []string{"n = 1000 arg 2"}},
		{"reversed", "long n = argc <= 1 ? 64 : atol(argv[1]);", []string{"n = 64 arg 1"}},
		{"if", "int n = 10; if (argc > 1) n = atoi(argv[1]);", []string{"n = 10 arg 1", "nargs = 1 arg count"}},
		{"plain, cast", "int n = (int)strtol(argv[3], NULL, 10);", []string{"n = 1 arg 3"}},
		{"double", "double f = atof(argv[1]); int n = f * 100;", []string{"f = 1 arg 1"}},
		{"sscanf", "int n = 50; sscanf(argv[2], \"%d\", &n);", []string{"n = 50 arg 2"}},
		{"alias", "char *a = argv[1]; int n = atoi(a);", []string{"n = 1 arg 1"}},
		{"rank 0 reads it", "int n, r; MPI_Comm_rank(MPI_COMM_WORLD, &r); if (r == 0) n = atoi(argv[1]); MPI_Bcast(&n, 1, MPI_INT, 0, MPI_COMM_WORLD);", []string{"n = 1 arg 1"}},
		{"in an expression", "int n = 1 << atoi(argv[1]);", []string{"arg1 = 1 arg 1"}},
		{"argc", "int n = 100; if (argc < 3) printf(\"usage\\n\");", []string{"nargs = 0 arg count"}},
		{"argc and argv", "int n = atoi(argv[2]); if (argc != 3) printf(\"usage\\n\");", []string{"n = 1 arg 2", "nargs = 2 arg count"}},
		{"argc changed", "int n = 100; while (argc > 1) { argc--; n++; }", nil},
		{"walked with *++argv", "++argv; int n = atoi(*++argv);", []string{"n = 1 arg 2"}},
		{"walked, then indexed", "argv += 2; int n = argc > 3 ? atoi(argv[1]) : 9;", []string{"n = 9 arg 3"}},
		{"walked with *argv++", "argv++; argv++; int n = atoi(*argv++);", []string{"n = 1 arg 2"}},
		{"walked by rank 0", "int n, r; MPI_Comm_rank(MPI_COMM_WORLD, &r); if (r == 0) { if (argc != 3) return 1; ++argv; n = atoi(*++argv); } MPI_Bcast(&n, 1, MPI_INT, 0, MPI_COMM_WORLD);", []string{"n = 1 arg 2"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			src := "#include <mpi.h>\n#include <stdio.h>\n#include <stdlib.h>\nint main(int argc, char **argv) {\n  MPI_Init(&argc, &argv);\n  " +
				c.body + "\n  double s = 0;\n  for (int i = 0; i < n; i++) s += i * 0.5;\n  MPI_Finalize();\n  return s > 0;\n}\n"
			file := filepath.Join(t.TempDir(), "p.c")
			if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
				t.Fatal(err)
			}
			a, err := Run(load(t, file), Options{})
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, p := range a.Params {
				if b := p.Binding(); b != "" {
					got = append(got, p.Name+" = "+numText(p.Default)+" "+b)
				}
			}
			sort.Strings(got)
			if strings.Join(got, "; ") != strings.Join(c.want, "; ") {
				t.Errorf("bound params %q, want %q\n%s", got, c.want, a.Model("p", []string{file}))
			}
		})
	}
}

// No warning names a parameter that the written model does not have: a
// user told to give one could not (argv.c's SEED changes no count, so it
// is neither a parameter nor named in a warning).
func TestWarningsNameModelParams(t *testing.T) {
	files, _ := filepath.Glob("testdata/*.c")
	more, _ := filepath.Glob("../../../examples/analyze/*.c")
	named := regexp.MustCompile(`(?:parameter|--set) ([A-Za-z_][A-Za-z0-9_]*)`)
	for _, f := range append(files, more...) {
		srcs := load(t, f)
		a, err := Run(srcs, Options{})
		if err != nil {
			continue // not a program of its own (no main)
		}
		text := a.Model("m", []string{f})
		params := map[string]bool{}
		for _, line := range strings.Split(text, "\n") {
			if rest, ok := strings.CutPrefix(line, "param "); ok {
				name, _, _ := strings.Cut(rest, " ")
				params[name] = true
			}
		}
		for _, d := range a.Diags {
			for _, m := range named.FindAllStringSubmatch(d.Msg, -1) {
				if !params[m[1]] {
					t.Errorf("%s: %v names %s, which the model lacks", f, d, m[1])
				}
			}
		}
		for _, u := range a.Unknowns {
			if u.Param != "" && !params[u.Param] {
				t.Errorf("%s: unknown %s of %s names %s, which the model lacks", f, u.What, u.Block, u.Param)
			}
		}
	}
}
