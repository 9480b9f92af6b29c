package tit

import (
	"os"
	"path/filepath"
	"testing"
)

// The reference line of augur's recorder, an earlier recorder's first
// line alone, and SimGrid's own trace, which states nothing.
func TestReadReference(t *testing.T) {
	dir := t.TempDir()
	cases := []struct {
		text string
		want *Reference
		err  string
	}{
		{"# augur MPI recorder: rank 0 of 2 on host n1, compute in flops at 2312000000 flop/s\n" +
			"# augur reference speed: 2312000000 flop/s, measured on host n1 (machine file /x/here.yaml, node group n1)\n0 init\n",
			&Reference{Speed: 2.312e9, Measured: true, Host: "n1", Source: "machine file /x/here.yaml, node group n1", RunHost: "n1"}, ""},
		{"# augur reference speed: 1e9 flop/s, assumed (not measured)\n0 init\n", &Reference{Speed: 1e9}, ""},
		{"# augur MPI recorder: rank 1 of 2, compute in flops at 1e+09 flop/s\n1 init\n", &Reference{Speed: 1e9}, ""},
		{"\n# a comment\n0 init\n# augur reference speed: 5 flop/s, assumed\n", nil, ""},
		{"0 init\n0 compute 10\n", nil, ""},
		{"# x\n# augur reference speed: fast flop/s\n", nil, "t.txt:2: reference speed \"fast\": want a positive number of flop/s"},
	}
	for i, c := range cases {
		p := filepath.Join(dir, "t.txt")
		if err := os.WriteFile(p, []byte(c.text), 0o644); err != nil {
			t.Fatal(err)
		}
		got, err := ReadReference(p)
		if c.err != "" {
			if err == nil || err.Error() != filepath.Join(dir, c.err) {
				t.Errorf("case %d: error %v, want %s", i, err, c.err)
			}
			continue
		}
		switch {
		case err != nil:
			t.Errorf("case %d: %v", i, err)
		case (got == nil) != (c.want == nil) || got != nil && *got != *c.want:
			t.Errorf("case %d: %+v, want %+v", i, got, c.want)
		}
	}
}
