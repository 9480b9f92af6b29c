package procbound

import (
	"strconv"
	"testing"
)

func TestCheck(t *testing.T) {
	const mem = 24 << 30 // the 24 GiB of a workstation
	// 80 % of 24 GiB at 1536 bytes a process: 13,421,772 processes.
	if got := limit(mem); got != 13421772 {
		t.Errorf("limit(24 GiB) = %d, want 13421772", got)
	}
	if err := check(13421772, "--procs 13421772", mem); err != nil {
		t.Errorf("the limit itself: %v", err)
	}
	for _, c := range []struct {
		n    int64
		mem  int64
		want string
	}{
		{50_000_000, mem, "--procs 50000000: 50000000 processes would need about 71.5 GiB of memory, more than the 19.2 GiB this machine has for a run (80 % of its 24.0 GiB): at most 13421772 processes fit"},
		{1 << 27, 0, "--procs 134217728: 134217728 processes are more than the 67108864 augur simulates (they would need about 192.0 GiB of memory)"},
		{1 << 27, 1 << 50, "--procs 134217728: 134217728 processes are more than the 67108864 augur simulates (they would need about 192.0 GiB of memory)"},
	} {
		what := "--procs " + strconv.FormatInt(c.n, 10)
		err := check(c.n, what, c.mem)
		if err == nil || err.Error() != c.want {
			t.Errorf("check(%d, %d):\n got %v\nwant %s", c.n, c.mem, err, c.want)
		}
	}
	if Limit() < 1000 {
		t.Errorf("Limit() = %d on this machine: it must allow a thousand processes", Limit())
	}
}
