package threadtrace

import (
	"errors"
	"strings"
	"testing"
)

// FuzzParse: any input gives a trace or an *Error naming a line of the
// input, never a panic; a parsed trace builds or fails the same way.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"# priority P1 P2\n0 P1 create P2\n3 P1 wait X\n5 P2 send X P1\n8 P2 terminate\n12 P1 terminate\n",
		"0 T0 create T1 cpu=0.1\n1 T1 lock M0 cpu=0.2\n2 T1 cond_wait C0 M0 cpu=0.3\n3 T0 lock M0 cpu=0.2\n4 T0 cond_broadcast C0 cpu=0.2\n5 T0 unlock M0 cpu=0.3\n6 T1 lock M0 cpu=0.3\n",
		"0 A barrier_init B 2\n0 A create C\n1 A barrier_wait B\n2 C barrier_wait B\n3 A sem_init S 1\n4 A sem_wait S\n5 A sem_trywait S busy\n6 A sem_post S\n",
		"0 A trylock M ok\n1 A unlock M\n2 A sem_timedwait S timeout\n3 A exit\n",
		"1e308 P1 exit\n", "0 P1 exit cpu=-1\n", "\ufeff0 P1 exit\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		lines := strings.Count(src, "\n") + 1
		tr, err := Parse(strings.NewReader(src), "f")
		if err != nil {
			var pe *Error
			if !errors.As(err, &pe) {
				t.Fatalf("error %T %v is not *Error", err, err)
			}
			if pe.Line < 0 || pe.Line > lines+1 {
				t.Fatalf("error line %d outside 0..%d: %v", pe.Line, lines+1, err)
			}
			return
		}
		p, err := Build(tr)
		if err != nil {
			var pe *Error
			if !errors.As(err, &pe) || pe.Line < 1 || pe.Line > lines {
				t.Fatalf("build error without a valid line: %v", err)
			}
			return
		}
		if len(p.Threads) != len(tr.Threads) {
			t.Fatal("thread count changed")
		}
	})
}
