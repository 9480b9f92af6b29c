package results

import (
	"testing"

	"augur/internal/engine"
)

// A window keeps the slices that overlap it and the messages sent and
// received in it.
func TestTimelineWindow(t *testing.T) {
	tl := NewTimeline([]string{"work", "send", "recv"}, []string{"action", "send", "recv"})
	tl.SetWindow(1.2, 3)
	tl.Slice(0, 0, 0, 0, 1)
	tl.Slice(0, 0, 1, 1, 1.5)
	tl.Slice(1, 0, 2, 0, 2)
	tl.Message(engine.Message{Src: 0, Dst: 1, SendPost: 1, RecvEnd: 2})
	tl.Message(engine.Message{Src: 0, Dst: 1, SendPost: 1.3, RecvEnd: 2})
	if tl.Len() != 2 || tl.Outside() != 1 || tl.Messages() != 1 {
		t.Errorf("kept %d slices (%d outside), %d messages; want 2 (1), 1", tl.Len(), tl.Outside(), tl.Messages())
	}
}

// Past the limit a timeline is complete until the first slice it lost
// (the trace writers' tests check that they stop there).
func TestTimelineLimit(t *testing.T) {
	tl := NewTimeline([]string{"work", "send", "recv"}, []string{"action", "send", "recv"})
	tl.SetLimit(2)
	tl.Slice(0, 0, 0, 0, 1)
	tl.Slice(1, 0, 2, 0, 2)
	tl.Slice(0, 0, 1, 1, 1.5) // dropped
	if tl.Complete() != 1 || tl.Dropped() != 1 {
		t.Fatalf("complete until %g, dropped %d; want 1, 1", tl.Complete(), tl.Dropped())
	}
}
