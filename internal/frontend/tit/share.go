package tit

import (
	"os"
)

// A replay's share done is the share of the trace its ranks have read:
// the actions of a trace are replayed in the order they are read, and
// bytes are what is known of a trace without a pass over it (the number
// of its actions is not). Reads run ahead of the replay by at most a
// buffer (64 KiB a rank), which on the traces that take long is nothing.

// byteCounter is a rank's stream that can say how many bytes of its
// section of the trace it has read.
type byteCounter interface{ bytesRead() int64 }

// Watch has the streams made from now on counted by Share. It costs a
// word or two a rank, which a replay without a progress report saves.
func (t *Trace) Watch() {
	if t.watched == nil {
		t.watched = make([]byteCounter, 0, t.np)
	}
}

// Share says how much of the trace the ranks' streams have read and its
// size, in bytes of what they read: the text of a shared trace, the
// ranks' files of an index, or the compiled form's records. It takes a
// look at every rank's stream (per-rank traces, a compiled form), and at
// its first call the size of each rank's file: call it now and then
// (a progress line), not for every action. Without Watch before the
// streams were made, the ranks' shares are not known and done is 0.
func (t *Trace) Share() (done, total int64) {
	if t.shareTotal < 0 {
		return 0, 0
	}
	if t.shareTotal == 0 {
		t.shareTotal = t.size()
		if t.shareTotal <= 0 {
			t.shareTotal = -1
			return 0, 0
		}
	}
	switch {
	case t.compiled == nil && t.Shared:
		if t.shared.eof {
			done = t.shareTotal
		} else if t.shared.cr != nil {
			done = t.shared.cr.n
		}
	default:
		for _, s := range t.watched {
			done += s.bytesRead()
		}
	}
	return min(done, t.shareTotal), t.shareTotal
}

// size is the bytes the streams read in all, or 0 if not known.
func (t *Trace) size() int64 {
	if t.compiled != nil {
		if t.compiled.np == 0 {
			return 0
		}
		return int64(t.compiled.ends[t.compiled.np-1])
	}
	var n int64
	for i, path := range t.Files {
		if !t.Shared && i >= int(t.np) {
			break
		}
		st, err := os.Stat(path)
		if err != nil {
			return 0
		}
		n += st.Size()
	}
	return n
}

func (s *fileStream) bytesRead() int64 { return s.off }

func (s *compiledStream) bytesRead() int64 {
	start, end := s.t.compiled.section(int(s.st.rank))
	if s.done {
		return end - start
	}
	if s.t.compiled.img != nil {
		return int64(s.d.pos) // d.b is the rank's whole section
	}
	return s.off - start - int64(len(s.d.b)-s.d.pos)
}
