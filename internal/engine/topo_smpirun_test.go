package engine_test

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
)

// mixTrace: 8 ranks, each sends 100 kB, 20 kB and 3 kB to the ranks 1, 3
// and 5 after it (non-blocking, so the flows share links), then 200 kB
// (rendezvous) to the rank opposite.
func mixTrace() string {
	var b strings.Builder
	const np = 8
	for r := range np {
		fmt.Fprintf(&b, "%d init\n", r)
	}
	for r := range np {
		fmt.Fprintf(&b, "%d compute %d\n", r, 1000000*(r+1))
		sizes := []struct{ k, s int }{{1, 100000}, {3, 20000}, {5, 3000}}
		for _, x := range sizes {
			fmt.Fprintf(&b, "%d isend %d 0 %d\n", r, (r+x.k)%np, x.s)
		}
		for _, x := range sizes {
			fmt.Fprintf(&b, "%d irecv %d 0 %d\n", r, (r-x.k+np)%np, x.s)
		}
		fmt.Fprintf(&b, "%d waitall\n%d isend %d 1 200000\n%d recv %d 1 200000\n%d wait %d %d 1\n", r, r, (r+4)%np, r, (r+4)%np, r, r, (r+4)%np)
	}
	for r := range np {
		fmt.Fprintf(&b, "%d finalize\n", r)
	}
	return b.String()
}

// TestTopologiesAgainstSmpirun replays mixTrace on hierarchical clusters
// (fat trees, dragonflies, a torus, two fat trees joined through host
// gateways) with smpirun -replay and augur: the same simulation time to
// smpirun's six decimals. The routes themselves are checked link by link
// in package platform.
func TestTopologiesAgainstSmpirun(t *testing.T) {
	c := newSmpiCase(t)
	tr := c.write("mix.txt", mixTrace())
	cases := map[string]string{
		"ft_loop":     "node-0.x node-1.x node-4.x node-9.x node-15.x node-7.x node-12.x node-2.x",
		"ft_3lvl":     "n0 n1 n2 n3 n4 n5 n6 n7",
		"df_plain":    "d10 d13 d17 d22 d25 d30 d33 d11",
		"df_full":     "n0 n7 n12 n20 n25 n33 n35 n5",
		"hier":        "a0 a3 b1 b2 c0 c1 a1 b0",
		"torus_plain": "h0.t h5.t h11.t h3.t h7.t h9.t h1.t h6.t",
	}
	for name, hosts := range cases {
		plat := filepath.Join("..", "machine", "platform", "testdata", "topo", name+".xml")
		hf := c.write(name+".hosts", strings.ReplaceAll(hosts, " ", "\n")+"\n")
		c.compare(name, plat, hf, tr, 8)
	}
}
