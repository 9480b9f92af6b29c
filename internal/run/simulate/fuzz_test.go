package simulate

import (
	"strings"
	"testing"

	"augur/internal/frontend/threadtrace"
)

// FuzzSimulate: whatever trace builds, every model simulates it on one to
// three processors without a panic or an internal error, and ends or
// reports a deadlock naming at least one thread.
func FuzzSimulate(f *testing.F) {
	for _, s := range []string{
		"# priority P1 P2 P3\n0 P1 create P2\n1 P1 create P3\n2 P1 wait X\n9 P2 send X P1\n11 P1 send X P2\n12 P2 wait X\n13 P1 wait X\n14 P2 terminate\n16 P3 send X P1\n18 P1 send X P3\n19 P3 wait X\n20 P1 terminate\n21 P3 terminate\n",
		"0 A create B\n1 B lock M\n2 B cond_wait C M\n3 A lock M\n4 A cond_signal C\n5 A unlock M\n6 B lock M\n7 B unlock M\n8 B exit\n9 A join B\n10 A exit\n",
		"0 A barrier_init R 2\n0 A sem_init S 1\n1 A create B\n2 A barrier_wait R\n3 B barrier_wait R\n4 B sem_wait S\n5 A sem_post S\n6 A sem_wait S\n7 B exit\n8 A exit\n",
	} {
		f.Add(s, uint8(2))
	}
	f.Fuzz(func(t *testing.T, src string, cpus uint8) {
		tr, err := threadtrace.Parse(strings.NewReader(src), "f")
		if err != nil {
			return
		}
		p, err := threadtrace.Build(tr)
		if err != nil {
			return
		}
		n := int(cpus%3) + 1
		prio := make([]int32, len(p.Threads))
		for i := range prio {
			prio[i] = int32(i % 3)
		}
		for _, m := range []Model{Direct, ClientServer, Strict} {
			for _, cfg := range []Config{{CPUs: n, Model: m, MaxEvents: 1e6, Timeline: true}, {CPUs: n, Model: m, Prio: prio, MaxEvents: 1e6}} {
				r, err := RunModel(p, cfg)
				if err != nil {
					if strings.Contains(err.Error(), "limit") {
						continue
					}
					t.Fatalf("%v: %v", m, err)
				}
				if r.Deadlock != nil && len(r.Deadlock.Waits) == 0 {
					t.Fatalf("%v: deadlock without a waiting thread", m)
				}
			}
		}
	})
}
