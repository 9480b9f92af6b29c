package analyze

import "testing"

func TestTiledDump(t *testing.T) {
	a, err := Run(load(t, "testdata/tiled.c"), o2)
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range a.Blocks() {
		t.Logf("%s L%d %v acc=%+v streams=%v ws=%v", b.Name, b.Pos.Line, b.Ops, b.accesses, b.streams, b.streamWS)
		if b.Loop != nil {
			t.Logf("   loop %s from %v to %v step %v trips %v", b.Loop.Var, b.Loop.From, b.Loop.To, b.Loop.Step, b.Loop.Trips)
		}
	}
}
