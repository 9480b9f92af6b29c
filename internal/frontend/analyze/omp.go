package analyze

import "strings"

// compileTime are the pragmas that change only what the compiler says or
// reads, never what the program does: nothing to model, nothing to warn.
var compileTime = []string{"once", "GCC diagnostic", "GCC system_header", "GCC warning", "GCC error", "GCC poison", "GCC dependency", "message", "clang diagnostic"}

// directives warns of every #pragma of the program that the model does
// not express: a pragma is never dropped silently, since one that makes
// a loop parallel or unrolls it changes the time.
func (w *walker) directives(srcs []Source) {
	for _, s := range srcs {
		for _, d := range s.Directives {
			if isCompileTime(d.Text) {
				continue
			}
			switch {
			case isOMP(d.Text) && !w.o.OpenMP:
				w.a.warn(d.Pos, "#pragma %s has no effect without -fopenmp, as with gcc: the code is analysed as sequential", d.Text)
			case isOMP(d.Text):
				w.a.warn(d.Pos, "#pragma %s is not modelled: the code it applies to is analysed as sequential", d.Text)
			default:
				w.a.warn(d.Pos, "#pragma %s is not modelled: the code is analysed as if it were absent", d.Text)
			}
		}
	}
}

func isOMP(text string) bool {
	f := strings.Fields(text)
	return len(f) > 0 && f[0] == "omp"
}

func isCompileTime(text string) bool {
	words := strings.Join(strings.Fields(text), " ")
	for _, c := range compileTime {
		if words == c || strings.HasPrefix(words, c+" ") {
			return true
		}
	}
	return false
}
