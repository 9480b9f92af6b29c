package netbench

import (
	"strings"
	"testing"
)

// reduceops' lines come back by operator, MPI's chatter skipped; a time
// that cannot be one is an error at its line.
func TestParseReduceOps(t *testing.T) {
	got, err := ParseReduceOps(strings.NewReader("some MPI warning\nsum_double 1.6e-10\nmax_int 6.5e-11\n"))
	if err != nil || len(got) != 2 || got["sum_double"] != 1.6e-10 || got["max_int"] != 6.5e-11 {
		t.Errorf("got %v, %v", got, err)
	}
	h := &Host{Reduce: got}
	if k := h.ReduceKeys(); k != "{ sum_double: 0.16ns, max_int: 0.065ns }" {
		t.Errorf("ReduceKeys %q", k)
	}
	if _, err := ParseReduceOps(strings.NewReader("sum_double 1e-10\nmax_int -1\n")); err == nil || !strings.Contains(err.Error(), ":2:") {
		t.Errorf("negative time: %v", err)
	}
	if _, err := ParseReduceOps(strings.NewReader("max_int 1e-10\n")); err == nil {
		t.Error("no sum_double: no error")
	}
}

func TestParseEagerLimit(t *testing.T) {
	out := "mca:btl:vader:param:btl_vader_max_send_size:value:32768\nmca:btl:vader:param:btl_vader_eager_limit:value:4096\n"
	if v := ParseEagerLimit(out, "vader"); v != 4096 {
		t.Errorf("vader: %d", v)
	}
	if v := ParseEagerLimit(out, "sm"); v != 0 {
		t.Errorf("sm: %d", v)
	}
}
