package simulate

import (
	"slices"
	"testing"

	"augur/internal/frontend/threadtrace"
)

func TestParseBindAndPriority(t *testing.T) {
	p := &threadtrace.Program{Threads: []threadtrace.Thread{{Name: "main"}, {Name: "P1"}}, Priority: []int32{1}}
	bind, err := ParseBind("main=1, P1=0", p, 2)
	if err != nil || !slices.Equal(bind, []int32{1, 0}) {
		t.Errorf("ParseBind: %v, %v; want [1 0]", bind, err)
	}
	for _, c := range []struct{ bind, want string }{
		{"main=0", "bind every thread or none; not bound: P1"},
		{"main=2,P1=0", "main=2: processor must be 0..1"},
		{"X=0", `no thread "X" in the trace (threads: main, P1)`},
		{"main=0,main=1", "main is bound twice"},
		{"main", `want THREAD=PROCESSOR, got "main"`},
	} {
		if _, err := ParseBind(c.bind, p, 2); err == nil || err.Error() != c.want {
			t.Errorf("ParseBind(%q): %v, want %q", c.bind, err, c.want)
		}
	}
	// The trace's header by default; a list overrides it.
	if prio, err := ParsePriority("", p); err != nil || !slices.Equal(prio, []int32{0, 1}) {
		t.Errorf("ParsePriority(\"\"): %v, %v; want [0 1]", prio, err)
	}
	if prio, err := ParsePriority("main,P1", p); err != nil || !slices.Equal(prio, []int32{2, 1}) {
		t.Errorf("ParsePriority: %v, %v; want [2 1]", prio, err)
	}
	if _, err := ParsePriority("P1,P1", p); err == nil || err.Error() != "P1 is listed twice" {
		t.Errorf("ParsePriority(P1,P1): %v", err)
	}
}
