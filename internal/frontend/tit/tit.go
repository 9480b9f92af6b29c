// Package tit reads SimGrid's time-independent traces (TiT) of MPI
// programs and turns each rank's actions into an ir.Stream, as SimGrid
// 3.32's `smpirun -replay` interprets them (src/smpi/internals/smpi_replay.cpp):
// every action it accepts, its argument forms, datatype ids and defaults.
//
// Two layouts, as smpirun accepts them: one shared trace whose lines
// start with the rank they belong to, or an index file naming one trace
// per rank (line i: rank i). smpirun's -replay argument is always an
// index, and a one-line index naming a shared trace serves every rank;
// here a file whose first line is an action is also taken as a shared
// trace directly, which saves writing the one-line index.
//
// Traces are streamed: per-rank files are read as the simulation asks for
// actions, through a pool of open files bounded by the process's limit, so a trace far larger
// than memory replays. A shared trace is read once, front to back, and
// each rank's actions wait in a queue until that rank needs them: memory
// then grows with how far apart the ranks' positions in the file are.
package tit

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"augur/internal/base/infile"
	"augur/internal/base/procbound"
	"augur/internal/ir"
)

// Trace is an opened trace.
type Trace struct {
	// Files holds the trace of each rank (index layout), or the one
	// shared trace.
	Files  []string
	Shared bool
	np     int32
	set    Settings
	pool   *filePool
	shared *sharedReader
	ranks  []*rankState
	low    lowerer
	fields [][]byte // scratch for the line being lowered by the general path
	// compiled, if set, is the trace's compiled form, which the streams
	// read instead of the text (OpenCompiled).
	compiled *Compiled
	onClose  func() error
	// watched are the ranks' streams Share looks at (Watch), shareTotal
	// the bytes they read in all (0: not yet known, -1: unknown).
	watched    []byteCounter
	shareTotal int64
}

// Layout reads path and tells whether it is an index (the trace files it
// names, resolved) or a shared trace (files is [path]).
func Layout(path string) (files []string, shared bool, err error) {
	f, err := infile.Open(path, infile.MPITrace)
	if err != nil {
		return nil, false, err
	}
	defer f.Close()
	if isOTF2(f) {
		return nil, false, &Error{File: path, Line: 1, Msg: "an OTF2 archive's anchor, not a time-independent trace (augur replay reads OTF2 archives as such)"}
	}
	lr := newTextReader(f, 1<<16)
	first, err := lr.next()
	if err == io.EOF {
		return nil, false, &Error{File: path, Line: 1, Msg: "empty trace: no action and no trace file named"}
	}
	if err != nil {
		return nil, false, fmt.Errorf("%s: %w", path, err)
	}
	if _, ok := parseInt(first[0]); ok && len(first) >= 2 && len(first[0]) == countDigits(first[0]) {
		return []string{path}, true, nil
	}
	// An index: one trace file per line, read whole (a shared trace is
	// streamed), so within an index's cap.
	if st, err := f.Stat(); err == nil && st.Size() > infile.TraceIndex.Max() {
		return nil, false, infile.Check(path, infile.TraceIndex)
	}
	dir := filepath.Dir(path)
	for {
		name := join(lr.fields)
		if len(lr.fields) != 1 {
			return nil, false, &Error{File: path, Line: int(lr.line), Msg: fmt.Sprintf("want one trace file name per line, got %q", name)}
		}
		p, err := resolve(name, dir)
		if err != nil {
			return nil, false, &Error{File: path, Line: int(lr.line), Msg: err.Error()}
		}
		files = append(files, p)
		if _, err = lr.next(); err == io.EOF {
			return files, false, nil
		} else if err != nil {
			return nil, false, fmt.Errorf("%s: %w", path, err)
		}
	}
}

func countDigits(b []byte) int {
	n := 0
	for i, c := range b {
		if (c >= '0' && c <= '9') || (i == 0 && c == '-') {
			n++
		}
	}
	return n
}

// resolve finds a trace named in an index the way smpirun does, relative
// to the working directory; failing that, relative to the index's
// directory; failing that, its trailing path components next to the index
// (SimGrid's split_traces names "replay/actions0.txt" relative to
// examples/smpi, the index's parent).
func resolve(name, dir string) (string, error) {
	if filepath.IsAbs(name) {
		if err := isFile(name); err != nil {
			return "", fmt.Errorf("trace file %s: %w", name, err)
		}
		return name, nil
	}
	if isFile(name) == nil {
		return name, nil
	}
	parts := strings.Split(filepath.ToSlash(name), "/")
	for i := range parts {
		p := filepath.Join(dir, filepath.Join(parts[i:]...))
		if isFile(p) == nil {
			return p, nil
		}
	}
	return "", fmt.Errorf("trace file %q not found (tried relative to the working directory and to %s)", name, dir)
}

// isFile says why path cannot be a trace file (it is missing, a
// directory, a named pipe or a device, which could block or never end),
// or nil.
func isFile(path string) error {
	err := infile.Check(path, infile.MPITrace)
	var ie *infile.Error
	if errors.As(err, &ie) {
		return errors.New(ie.Msg) // the reason without the path, which the caller names
	}
	if inner := errors.Unwrap(err); inner != nil {
		return inner
	}
	return err
}

// Open opens the trace at path (a shared trace or an index) for np ranks;
// np ≤ 0 takes the number of traces an index names, or the highest rank
// of a shared trace plus one (which reads the whole file once).
func Open(path string, np int, set Settings) (*Trace, error) {
	return OpenContext(context.Background(), path, np, set, nil)
}

// OpenContext is Open for a run that ctx may stop and that wants to hear
// how far the first pass over a shared trace (counting its ranks, when
// np ≤ 0) has come: counting(bytes read, bytes in all), every 2^18
// lines (about 5 MB), where ctx is looked at too. It returns ctx's error when ctx is done during that pass.
func OpenContext(ctx context.Context, path string, np int, set Settings, counting func(done, total int64)) (*Trace, error) {
	src, err := Resolve(path, np)
	if err != nil {
		return nil, err
	}
	files, shared := src.Files, src.Shared
	if shared {
		path = files[0]
	}
	if np <= 0 {
		if shared {
			if np, err = maxRank(ctx, path, counting); err != nil {
				return nil, err
			}
		} else {
			np = len(files)
		}
	}
	if err := procbound.Check(int64(np), fmt.Sprintf("%s: %d ranks", path, np)); err != nil {
		return nil, err
	}
	t := &Trace{Files: files, Shared: shared, np: int32(np), set: set, ranks: make([]*rankState, np)}
	t.low = lowerer{np: t.np, set: set, memo: np <= memoBudget/memoSize}
	if shared {
		t.shared = &sharedReader{path: path, t: t}
	} else {
		t.pool = newFilePool(openFileLimit(), np)
	}
	return t, nil
}

// maxRank returns one more than the highest rank in a shared trace,
// reporting progress to counting (if not nil) and stopping when ctx is
// done: on a trace of gigabytes the pass takes a while.
func maxRank(ctx context.Context, path string, counting func(done, total int64)) (int, error) {
	f, err := infile.Open(path, infile.MPITrace)
	if err != nil {
		return 0, err
	}
	defer f.Close()
	var total int64
	if st, err := f.Stat(); err == nil {
		total = st.Size()
	}
	cr := &countingReader{r: f}
	lr := newTextReader(cr, 1<<16)
	n, limit := 0, procbound.Limit()
	for i := 0; ; i++ {
		if i > 0 && i&(1<<18-1) == 0 {
			if err := ctx.Err(); err != nil {
				return 0, err
			}
			if counting != nil {
				counting(cr.n, total)
			}
		}
		fl, err := lr.next()
		if err == io.EOF {
			return n, nil
		}
		if err != nil {
			return 0, fmt.Errorf("%s: %w", path, err)
		}
		r, ok := parseInt(fl[0])
		if !ok || r < 0 {
			return 0, &Error{File: path, Line: int(lr.line), Msg: fmt.Sprintf("%q is not a rank", fl[0])}
		}
		if int64(r) >= limit {
			// Found here, at its line, rather than after the whole
			// pass as a number of ranks with no place.
			err := procbound.Check(int64(r)+1, "rank "+string(fl[0]))
			return 0, &Error{File: path, Line: int(lr.line), Msg: err.Error()}
		}
		if int(r)+1 > n {
			n = int(r) + 1
		}
	}
}

// NP is the number of ranks.
func (t *Trace) NP() int { return int(t.np) }

// Close releases the files the trace holds open (per-rank files are
// raw descriptors, which nothing else closes).
func (t *Trace) Close() error {
	if f := t.onClose; f != nil {
		t.onClose = nil
		if err := f(); err != nil {
			return err
		}
	}
	if t.pool != nil {
		t.pool.closeAll()
	}
	if t.shared != nil && t.shared.f != nil {
		t.shared.f.Close()
		t.shared.f = nil
	}
	return nil
}

// Stream returns rank's stream. flopCost is the Cost of one flop on the
// rank's node (compute N becomes Cost N·flopCost).
func (t *Trace) Stream(rank int, flopCost float64) ir.Stream {
	init := rankState{rank: int32(rank), defType: 1, flopCost: flopCost}
	if t.compiled != nil {
		s := t.compiledStream(rank, init)
		t.ranks[rank] = &s.st
		if t.watched != nil {
			t.watched = append(t.watched, s)
		}
		return s
	}
	if t.Shared {
		s := &sharedStream{t: t, st: init}
		t.ranks[rank] = &s.st
		return s
	}
	s := &fileStream{t: t, st: init}
	t.ranks[rank] = &s.st
	if t.watched != nil {
		t.watched = append(t.watched, s)
	}
	return s
}

// SetCombineCost gives rank (whose Stream exists) the Cost of combining
// one byte of a reduction on its node (machine.Group.CombineCost times
// the node's speed): a reduce's root, every rank of an allreduce and of
// a reduce-scatter then compute that long after a reduction whose trace
// gives no computation amount. Traces that give one (SimGrid's, augur's
// recorder's) keep theirs.
func (t *Trace) SetCombineCost(rank int, cost float64) { t.ranks[rank].combineCost = cost }

// SetCollectiveTimes gives rank (whose Stream exists) its node's measured
// collectives: a collective they time costs that long from its last
// arrival, its messages and combining not simulated. A reduction the
// recorder marked "in_place" after its datatype takes the in-place time;
// one whose computation amount, at flop seconds a flop, is longer takes
// that (collIn).
func (t *Trace) SetCollectiveTimes(rank int, c CollectiveTimes, flop float64) {
	t.ranks[rank].colls, t.ranks[rank].collFlop = c, flop
}

// fileStream reads one rank's own trace file. It is everything a rank
// of the index layout holds (with its buffer while its file is open), in
// one allocation: with thousands of ranks, its size is the reader's
// memory.
type fileStream struct {
	t    *Trace
	st   rankState
	lr   lineReader // lr.buf is nil while the file is closed
	off  int64      // the file's offset of lr.buf[lr.w]
	fd   sysFile    // valid while lr.buf is not nil
	slot int32      // index in the pool's open files while open
	used bool       // clock bit: read since the pool's hand last passed
	done bool
}

func (s *fileStream) path() string { return s.t.Files[s.st.rank] }

func (s *fileStream) Next(op *ir.Op) error { return next(&s.st, s.done, s, op) }

// filler is a rank's stream as next reads it: fill lowers the rank's
// next action into st.out (or queues what it makes), and ends the
// stream at its end.
type filler interface{ fill() error }

// next is the Next of a rank's stream, from the text or the compiled
// form: what is queued first, then an action lowered straight into op.
func next(st *rankState, done bool, f filler, op *ir.Op) error {
	if st.pop(op) {
		return nil
	}
	if done {
		*op = ir.Op{Kind: ir.End, Elem: -1}
		return nil
	}
	st.out, st.got = op, false
	err := f.fill()
	st.out = nil
	if err != nil || st.got {
		return err
	}
	*op = ir.Op{Kind: ir.End, Elem: -1} // not reached: fill ends with an operation
	return nil
}

// Read reads the rank's file at its offset, for lr: positioned reads, so
// that a file reopened after eviction needs no seek.
func (s *fileStream) Read(b []byte) (int, error) {
	n, err := readAt(s.fd, b, s.off)
	s.off += int64(n)
	if err != nil && err != io.EOF {
		err = &os.PathError{Op: "read", Path: s.path(), Err: err}
	}
	return n, err
}

// fill lowers actions until some operation is ready or the file ends.
func (s *fileStream) fill() error {
	pool := s.t.pool
	if s.lr.buf == nil {
		if err := pool.admit(s); err != nil {
			return err
		}
	}
	s.used = true
	low, st, lr := &s.t.low, &s.st, &s.lr
	for !st.ready() {
		text := lr.whole()
		if len(text) == 0 {
			var err error
			text, err = lr.more(s, &pool.long)
			if err == io.EOF {
				low.finish(st)
				s.done = true
				pool.release(s)
				return nil
			}
			if err != nil {
				return fmt.Errorf("%s: %w", s.path(), err)
			}
		}
		if n := low.lowerFast(st, text, 0); n >= 0 {
			lr.consume(n)
			continue
		}
		// Blank lines, comments and what the fast path leaves.
		n := lineEnd(text)
		lr.consume(n)
		f := splitFields(s.t.fields[:0], text[:n])
		s.t.fields = f
		if len(f) == 0 || f[0][0] == '#' {
			continue
		}
		if err := low.lower(st, f); err != nil {
			return &Error{File: s.path(), Line: int(lr.line), Msg: err.Error()}
		}
	}
	return nil
}

// sharedReader reads a shared trace once and deals its actions to the
// ranks' queues.
type sharedReader struct {
	path string
	t    *Trace
	f    *os.File
	cr   *countingReader // f, counted for Trace.Share
	lr   *textReader
	eof  bool
}

// readUntil lowers actions from the file until rank st has an operation
// ready or the file ends.
func (r *sharedReader) readUntil(st *rankState) error {
	if r.lr == nil && !r.eof {
		f, err := infile.Open(r.path, infile.MPITrace)
		if err != nil {
			return err
		}
		r.f, r.cr = f, &countingReader{r: f}
		r.lr = newTextReader(r.cr, 1<<16)
	}
	low, lr := &r.t.low, r.lr
	for !st.ready() && !r.eof {
		text, err := lr.text()
		if err == io.EOF {
			r.eof = true
			r.f.Close()
			r.f = nil
			for _, o := range r.t.ranks {
				if o != nil {
					r.t.low.finish(o)
				}
			}
			return nil
		}
		if err != nil {
			return fmt.Errorf("%s: %w", r.path, err)
		}
		if v, j := digits(text, 0); j > 0 && j <= 9 && hasNext(text, j) && int64(v) < int64(r.t.np) && r.t.ranks[v] != nil {
			if n := low.lowerFast(r.t.ranks[v], text, j+1); n >= 0 {
				lr.consume(n)
				continue
			}
		}
		// Blank lines, comments, ranks not run and what the fast path
		// leaves.
		n := lineEnd(text)
		lr.consume(n)
		f := splitFields(r.t.fields[:0], text[:n])
		r.t.fields = f
		if len(f) == 0 || f[0][0] == '#' {
			continue
		}
		rk, ok := parseInt(f[0])
		if !ok || rk < 0 {
			return &Error{File: r.path, Line: int(lr.line), Msg: fmt.Sprintf("%q is not a rank: a shared trace's lines start with the rank they belong to", f[0])}
		}
		if rk >= r.t.np || r.t.ranks[rk] == nil {
			continue // SimGrid ignores the actions of ranks it does not run
		}
		if err := low.lower(r.t.ranks[rk], f); err != nil {
			return &Error{File: r.path, Line: int(lr.line), Msg: err.Error()}
		}
	}
	return nil
}

type sharedStream struct {
	t  *Trace
	st rankState
}

func (s *sharedStream) Next(op *ir.Op) error {
	if s.st.pop(op) {
		return nil
	}
	if s.t.shared.eof {
		*op = ir.Op{Kind: ir.End, Elem: -1}
		return nil
	}
	s.st.out, s.st.got = op, false
	err := s.t.shared.readUntil(&s.st)
	s.st.out = nil
	if err != nil || s.st.got {
		return err
	}
	*op = ir.Op{Kind: ir.End, Elem: -1} // not reached: the end of the file finishes every rank
	return nil
}

// filePool keeps at most max per-rank files open, closing one that has
// not been used lately (clock eviction) when another is needed; a closed
// file's stream remembers its offset and line, and its file is reopened
// there: a trace of many thousand ranks stays within the process's file
// limit. The limit comes from RLIMIT_NOFILE (which Go raises to the hard
// limit at start-up): with a limit smaller than the ranks, replaying
// round robin over them would reopen a file for nearly every action.
type filePool struct {
	max   int
	buf   int           // reader buffer size
	open  []*fileStream // slot i holds a stream whose slot is i
	hand  int           // clock hand over open
	spare []byte        // the buffer of the file closed last, for the next opened
	long  []byte        // a line longer than a buffer, assembled (one line at a time)
}

// poolBufferBudget is the memory given to the readers' buffers together:
// each gets budget/ranks, between 512 B and 4 KB (a trace line is about
// 20 bytes, so even 512 B is a read per 25 actions).
const poolBufferBudget = 2 << 20

func newFilePool(limit, ranks int) *filePool {
	buf := poolBufferBudget / max(ranks, 1)
	buf = min(max(buf, 512), 4096)
	return &filePool{max: limit, buf: buf}
}

// admit opens s's file (closed), where it left off, closing another if
// max are open. The caller sets s's clock bit each time it reads.
func (p *filePool) admit(s *fileStream) error {
	if len(p.open) >= p.max {
		p.evict()
	}
	fd, err := openFile(s.path())
	if err != nil {
		return err
	}
	s.fd = fd
	if s.lr.buf, p.spare = p.spare, nil; s.lr.buf == nil {
		s.lr.buf = make([]byte, p.buf)
	}
	s.slot = int32(len(p.open))
	p.open = append(p.open, s)
	return nil
}

// evict closes one open file that has not been read since the clock
// hand last passed it.
func (p *filePool) evict() {
	for {
		if p.hand >= len(p.open) {
			p.hand = 0
		}
		s := p.open[p.hand]
		if !s.used {
			p.close(s)
			return
		}
		s.used = false
		p.hand++
	}
}

// close closes s's file, keeping its offset (what the reader has
// buffered but not consumed is read again) and line number.
func (p *filePool) close(s *fileStream) {
	if s.lr.buf == nil {
		return
	}
	last := p.open[len(p.open)-1]
	p.open[s.slot] = last
	last.slot = s.slot
	p.open = p.open[:len(p.open)-1]
	s.off -= int64(s.lr.buffered())
	p.spare = s.lr.buf
	s.lr = lineReader{line: s.lr.line}
	closeFile(s.fd)
}

// release closes a file that has been read to its end.
func (p *filePool) release(s *fileStream) { p.close(s) }

func (p *filePool) closeAll() {
	for len(p.open) > 0 {
		p.close(p.open[0])
	}
}

// countingReader counts the bytes read through it.
type countingReader struct {
	r io.Reader
	n int64
}

func (c *countingReader) Read(b []byte) (int, error) {
	n, err := c.r.Read(b)
	c.n += int64(n)
	return n, err
}
