package measure

import "testing"

func TestIdentifiers(t *testing.T) {
	got := Identifiers([]string{"n procs", "2d", "loop", "ok_1"})
	want := []string{"n_procs", "_2d", "loop_", "ok_1"}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("%d: got %q, want %q", i, got[i], want[i])
		}
	}
}
