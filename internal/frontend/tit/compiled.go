package tit

import (
	"bufio"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"math"
	"os"
	"runtime"
	"sync/atomic"

	"augur/internal/base/infile"
	"augur/internal/base/procbound"
	"augur/internal/ir"
)

// The compiled form of a trace: each rank's actions as the fast path
// reads them (package doc of fast.go), encoded compactly, so that a trace
// replayed again (a sweep's next platform, the next run) is not parsed
// again. What it holds is what reading the text gives before anything
// the platform or the settings decide: an action's message bytes (its
// count times its datatype, the rank's default datatype as it stood at
// that line), its flops, peers and tags; the rank's node speed, measured
// collectives and SMPI settings are applied when it is replayed, by the
// same helpers (lowerer.apply, lower) as for the text. A line the fast
// path does not take (a rare action, a line written an odd way, a line
// with fields past its action's) is kept as its text and lowered by the
// general path at replay: the operations are the text path's by
// construction, and TestCompiledMatchesText and FuzzCompiled check it.
//
// A trace is compiled only whole and only if every line reads without
// error (Compile checks each as the replay would, with the same state:
// the rank, the number of ranks, the default datatype); a trace with an
// error is replayed from its text, which reports the error where the
// replay reaches it.
//
// Layout (integers little endian):
//
//	magic "augurTC1" | np uint32 | CRC-32C of the rest uint32
//	rank 0's records | rank 1's | ... | np uint64: the end of each rank's records
//
// A record is an opcode byte (actCompute..actAllreduce, or opRaw) and its
// fields: integers as unsigned varints (a peer of a point-to-point
// action, the source and destination of a wait as zig-zag varints of
// their distance from the rank, which makes a neighbour's one byte),
// amounts as numbers (putNum).
const (
	compiledMagic  = CompiledFormat
	compiledHeader = 16
	opRaw          = 15
)

// CompiledFormat names the compiled form's layout and what its records
// mean: change it with either (a record's encoding, what reading a line
// gives), and every compiled form made before is refused, and made
// again, rather than misread. The trace cache names its entries with it.
const CompiledFormat = "augurTC1"

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// putNum appends v: an integer below 2^53 (not -0) as the varint of
// 2v, anything else as the varint 1 and its 8 bytes. Amounts in traces
// are mostly integers; a recorded trace's measured flops may not be.
func putNum(b []byte, v float64) []byte {
	if v >= 0 && v < 1<<53 && v == math.Trunc(v) && !math.Signbit(v) {
		return binary.AppendUvarint(b, uint64(v)<<1)
	}
	b = append(b, 1)
	return binary.LittleEndian.AppendUint64(b, math.Float64bits(v))
}

func zigzag(v int32) uint64 { return uint64(uint32(v<<1) ^ uint32(v>>31)) }

func unzig(u uint64) int32 { return int32(uint32(u>>1)) ^ -int32(u&1) }

// appendRecord appends the record of action a of rank rank.
func appendRecord(b []byte, rank int32, a *action) []byte {
	b = append(b, a.act)
	switch a.act {
	case actCompute:
		b = putNum(b, a.x)
	case actSend, actIsend, actRecv, actIrecv:
		b = binary.AppendUvarint(b, zigzag(a.a-rank))
		b = binary.AppendUvarint(b, uint64(uint32(a.b)))
		b = putNum(b, a.x)
	case actWait, actTest:
		b = binary.AppendUvarint(b, zigzag(a.a-rank))
		b = binary.AppendUvarint(b, zigzag(a.b-rank))
		b = binary.AppendUvarint(b, uint64(uint32(a.c)))
	case actBcast:
		b = binary.AppendUvarint(b, uint64(uint32(a.a)))
		b = putNum(b, a.x)
	case actAllreduce:
		b = putNum(b, a.x)
		b = putNum(b, a.y)
	}
	return b
}

func appendRaw(b, line []byte) []byte {
	b = append(b, opRaw)
	b = binary.AppendUvarint(b, uint64(len(line)))
	return append(b, line...)
}

var errCorrupt = errors.New("corrupt compiled trace")

// decoder reads records.
type decoder struct {
	b   []byte
	pos int
	bad bool
}

func (d *decoder) uvarint() uint64 {
	if d.pos < len(d.b) && d.b[d.pos] < 0x80 {
		v := uint64(d.b[d.pos])
		d.pos++
		return v
	}
	v, n := binary.Uvarint(d.b[d.pos:])
	if n <= 0 {
		d.bad, d.pos = true, len(d.b)
		return 0
	}
	d.pos += n
	return v
}

// int32 is uvarint for a field written from an int32.
func (d *decoder) int32() int32 {
	v := d.uvarint()
	if v > math.MaxUint32 {
		d.bad = true
	}
	return int32(uint32(v))
}

func (d *decoder) num() float64 {
	u := d.uvarint()
	if u&1 == 0 {
		return float64(u >> 1)
	}
	if u != 1 || len(d.b)-d.pos < 8 {
		d.bad, d.pos = true, len(d.b)
		return 0
	}
	v := math.Float64frombits(binary.LittleEndian.Uint64(d.b[d.pos:]))
	d.pos += 8
	return v
}

// record decodes the next record into a, or returns the text of a raw
// line; np bounds the ranks it names.
func (d *decoder) record(rank, np int32, a *action) ([]byte, error) {
	op := d.b[d.pos]
	d.pos++
	*a = action{act: op}
	switch op {
	case actCompute:
		a.x = d.num()
	case actSend, actIsend, actRecv, actIrecv:
		a.a = rank + unzig(d.uvarint())
		a.b = d.int32()
		a.x = d.num()
		d.bad = d.bad || a.a < 0 || a.a >= np
	case actWait, actTest:
		a.a = rank + unzig(d.uvarint())
		a.b = rank + unzig(d.uvarint())
		a.c = d.int32()
		d.bad = d.bad || a.a < 0 || a.a >= np || a.b < 0 || a.b >= np || (a.a != rank && a.b != rank)
	case actWaitall, actBarrier:
	case actBcast:
		a.a = d.int32()
		a.x = d.num()
		d.bad = d.bad || a.a < 0 || a.a >= np
	case actAllreduce:
		a.x = d.num()
		a.y = d.num()
	case opRaw:
		n := d.uvarint()
		if d.bad || n > uint64(len(d.b)-d.pos) {
			return nil, errCorrupt
		}
		line := d.b[d.pos : d.pos+int(n)]
		d.pos += int(n)
		return line, nil
	default:
		d.bad = true
	}
	if d.bad {
		return nil, errCorrupt
	}
	return nil, nil
}

// Compiled is a compiled trace checked whole (its magic, CRC, offsets):
// in memory (ParseCompiled) or in a file its streams read from, each
// through a buffer of its own (ReadCompiled).
type Compiled struct {
	img  []byte      // the whole form, or nil
	r    io.ReaderAt // the form's file when img is nil
	np   int32
	ends []uint64 // rank r's records end at compiledHeader+ends[r]
	buf  int      // each rank's buffer with r
}

// maxRecord bounds a record other than a line kept as text: an opcode,
// three varints of 32 bits (5 bytes each) and a number (9 bytes) at most.
const maxRecord = 1 + 3*binary.MaxVarintLen32 + 9

// ParseCompiled checks img as a compiled trace.
func ParseCompiled(img []byte) (*Compiled, error) {
	if len(img) < compiledHeader {
		return nil, errCorrupt
	}
	np, err := checkHeader(img[:compiledHeader], int64(len(img)))
	if err != nil {
		return nil, err
	}
	if crc32.Checksum(img[compiledHeader:], castagnoli) != binary.LittleEndian.Uint32(img[12:]) {
		return nil, fmt.Errorf("%w: checksum", errCorrupt)
	}
	ends, err := checkTable(img[len(img)-8*int(np):], int64(len(img)))
	if err != nil {
		return nil, err
	}
	return &Compiled{img: img, np: int32(np), ends: ends}, nil
}

// ReadCompiled checks the compiled trace of size bytes that r reads (a
// cache file): one pass over it for its checksum, then its offsets. The
// streams read r until the trace is closed.
func ReadCompiled(r io.ReaderAt, size int64) (*Compiled, error) {
	var head [compiledHeader]byte
	if size < compiledHeader {
		return nil, errCorrupt
	}
	if _, err := r.ReadAt(head[:], 0); err != nil {
		return nil, err
	}
	np, err := checkHeader(head[:], size)
	if err != nil {
		return nil, err
	}
	crc := crc32.New(castagnoli)
	if _, err := io.CopyBuffer(crc, io.NewSectionReader(r, compiledHeader, size-compiledHeader), make([]byte, 1<<16)); err != nil {
		return nil, err
	}
	if crc.Sum32() != binary.LittleEndian.Uint32(head[12:]) {
		return nil, fmt.Errorf("%w: checksum", errCorrupt)
	}
	table := make([]byte, 8*int(np))
	if _, err := r.ReadAt(table, size-int64(len(table))); err != nil {
		return nil, err
	}
	ends, err := checkTable(table, size)
	if err != nil {
		return nil, err
	}
	buf := poolBufferBudget / int(np)
	return &Compiled{r: r, np: int32(np), ends: ends, buf: min(max(buf, 512), 4096)}, nil
}

// checkHeader checks the header of a compiled form of size bytes and
// returns its number of ranks.
func checkHeader(head []byte, size int64) (uint32, error) {
	if string(head[:8]) != compiledMagic {
		return 0, errCorrupt
	}
	np := binary.LittleEndian.Uint32(head[8:])
	if np == 0 || int64(np)*8 > size-compiledHeader || procbound.Check(int64(np), "") != nil {
		return 0, errCorrupt
	}
	return np, nil
}

// checkTable reads the ranks' offsets: in order, within the records,
// the last at their end.
func checkTable(table []byte, size int64) ([]uint64, error) {
	data := uint64(size - compiledHeader - int64(len(table)))
	ends := make([]uint64, len(table)/8)
	prev := uint64(0)
	for r := range ends {
		e := binary.LittleEndian.Uint64(table[8*r:])
		if e < prev || e > data {
			return nil, errCorrupt
		}
		ends[r], prev = e, e
	}
	if prev != data {
		return nil, errCorrupt
	}
	return ends, nil
}

// NP is the number of ranks compiled.
func (c *Compiled) NP() int { return int(c.np) }

// section is where rank's records are: offsets in the form.
func (c *Compiled) section(rank int) (int64, int64) {
	start := uint64(0)
	if rank > 0 {
		start = c.ends[rank-1]
	}
	return compiledHeader + int64(start), compiledHeader + int64(c.ends[rank])
}

// OpenCompiled opens a compiled trace: files and shared are the text
// trace's (Trace.Files and Trace.Shared: what the replay reports and
// where the reference speed is read, Resolve gives them).
func OpenCompiled(c *Compiled, files []string, shared bool, set Settings) *Trace {
	t := &Trace{Files: files, Shared: shared, np: c.np, set: set, ranks: make([]*rankState, c.np), compiled: c}
	t.low = lowerer{np: c.np, set: set}
	return t
}

// OnClose has Close call f (once): the release of the file a compiled
// form is read from, which the trace's streams read until then.
func (t *Trace) OnClose(f func() error) { t.onClose = f }

// compiledStream lowers one rank's records: all in d.b (a form in
// memory), or read into buf from the form's file as they are needed,
// off the next offset to read, end the end of the rank's records.
type compiledStream struct {
	t        *Trace
	st       rankState
	d        decoder
	buf      []byte
	off, end int64
	done     bool
}

func (t *Trace) compiledStream(rank int, init rankState) *compiledStream {
	s := &compiledStream{t: t, st: init}
	start, end := t.compiled.section(rank)
	if t.compiled.img != nil {
		s.d.b = t.compiled.img[start:end]
		s.off, s.end = end, end
	} else {
		s.off, s.end = start, end
	}
	return s
}

func (s *compiledStream) Next(op *ir.Op) error { return next(&s.st, s.done, s, op) }

func (s *compiledStream) fill() error {
	low, st, d := &s.t.low, &s.st, &s.d
	for !st.ready() {
		if s.off < s.end {
			// Reading the file: the next record whole in the buffer.
			if err := s.more(maxRecord); err != nil {
				return err
			}
			if d.pos < len(d.b) && d.b[d.pos] == opRaw {
				if n, k := binary.Uvarint(d.b[d.pos+1:]); k > 0 && n < uint64(s.end-s.off)+uint64(len(d.b)) {
					if err := s.more(1 + k + int(n)); err != nil {
						return err
					}
				}
			}
		}
		if d.pos >= len(d.b) {
			low.finish(st)
			s.done, s.buf, s.d.b = true, nil, nil
			return nil
		}
		var a action
		raw, err := d.record(st.rank, low.np, &a)
		if err != nil {
			return fmt.Errorf("rank %d: %w", st.rank, err)
		}
		if raw == nil {
			low.apply(st, &a)
			continue
		}
		f := splitFields(s.t.fields[:0], raw)
		s.t.fields = f
		if err := low.lower(st, f); err != nil {
			// Not reached: Compile lowered the line without error.
			return fmt.Errorf("rank %d: compiled line %q: %w", st.rank, raw, err)
		}
	}
	return nil
}

// more reads the file until at least need bytes are buffered from d.pos
// or the rank's records are all in. A buffer grown for a long line kept
// as text goes back to its size after it.
func (s *compiledStream) more(need int) error {
	left := len(s.d.b) - s.d.pos
	if left >= need {
		return nil
	}
	c := s.t.compiled
	size := max(c.buf, need)
	buf := s.buf
	if cap(buf) < size || (cap(buf) > 4*c.buf && size == c.buf) {
		buf = make([]byte, size)
	}
	buf = buf[:cap(buf)]
	n := copy(buf, s.d.b[s.d.pos:])
	want := int(min(int64(len(buf)-n), s.end-s.off))
	m, err := c.r.ReadAt(buf[n:n+want], s.off)
	if m < want {
		if err == nil {
			err = io.ErrUnexpectedEOF
		}
		return fmt.Errorf("rank %d: compiled trace: %w", s.st.rank, err)
	}
	s.off += int64(want)
	s.buf, s.d.b, s.d.pos = buf, buf[:n+want], 0
	return nil
}

// Source is where a trace's actions are read from, as Open resolves
// it: the files (one per rank, or the one shared trace), whether shared,
// and the number of ranks asked for (≤ 0: as many as the trace has).
type Source struct {
	Files  []string
	Shared bool
	NP     int
}

// Resolve reads the layout of the trace at path for np ranks as Open
// does (an index naming one shared trace for several ranks is that
// trace) and checks np against it.
func Resolve(path string, np int) (Source, error) {
	files, shared, err := Layout(path)
	if err != nil {
		return Source{}, err
	}
	if !shared && len(files) == 1 && np != 1 {
		// smpirun's documented form for several ranks: a one-line index
		// naming one trace that every rank reads, each taking the lines
		// that start with its rank.
		if _, inner, err := Layout(files[0]); err == nil && inner {
			files, shared = files[:1], true
		}
	}
	if !shared && np > len(files) {
		return Source{}, fmt.Errorf("%s names %d trace files, but %d ranks were asked for", path, len(files), np)
	}
	return Source{Files: files, Shared: shared, NP: np}, nil
}

// Compile reads the trace src whole, checking every line as the replay
// would, and writes its compiled form to w, which must be at offset 0
// and take WriteAt (a file). It returns the number of ranks. An error
// in the trace is returned as Open's streams would return it (file and
// line); w then holds nothing of use.
func Compile(ctx context.Context, src Source, w io.WriterAt) (int, error) {
	return CompileProgress(ctx, src, w, nil)
}

// CompileProgress is Compile for a run that wants to hear how far its
// passes over the text have come: progress(bytes read, bytes in all),
// when ctx is looked at (every 2^16 lines of a shared trace; after every
// 64th rank's file, and the last), from the goroutine that called it. A
// shared trace whose ranks are not given is read twice: the count of its
// ranks, then its compiling.
func CompileProgress(ctx context.Context, src Source, w io.WriterAt, progress func(done, total int64)) (int, error) {
	np := src.NP
	if np <= 0 {
		if src.Shared {
			var err error
			if np, err = maxRank(ctx, src.Files[0], progress); err != nil {
				return 0, err
			}
		} else {
			np = len(src.Files)
		}
	}
	if np <= 0 {
		return 0, fmt.Errorf("%s: no ranks", src.Files[0])
	}
	if err := procbound.Check(int64(np), fmt.Sprintf("%s: %d ranks", src.Files[0], np)); err != nil {
		return 0, err
	}
	c := &compiler{ctx: ctx, low: lowerer{np: int32(np), set: DefaultSettings(), memo: np <= memoBudget/memoSize}, progress: progress}
	out := &sectionWriter{w: w, off: compiledHeader, crc: crc32.New(castagnoli)}
	out.bw = bufio.NewWriterSize(writerAt{out}, 1<<16)
	ends := make([]uint64, np)
	if src.Shared {
		recs, err := c.shared(src.Files[0], np)
		if err != nil {
			return 0, err
		}
		for r, b := range recs {
			out.write(b)
			ends[r] = uint64(out.n)
		}
	} else {
		err := c.rankFiles(src.Files[:np], func(r int, b []byte) {
			out.write(b)
			ends[r] = uint64(out.n)
		})
		if err != nil {
			return 0, err
		}
	}
	table := make([]byte, 0, 8*np)
	for _, e := range ends {
		table = binary.LittleEndian.AppendUint64(table, e)
	}
	out.write(table)
	if err := out.bw.Flush(); err != nil {
		return 0, err
	}
	if out.err != nil {
		return 0, out.err
	}
	head := make([]byte, 0, compiledHeader)
	head = append(head, compiledMagic...)
	head = binary.LittleEndian.AppendUint32(head, uint32(np))
	head = binary.LittleEndian.AppendUint32(head, out.crc.Sum32())
	if _, err := w.WriteAt(head, 0); err != nil {
		return 0, err
	}
	return np, nil
}

// sectionWriter writes the records after the header, summing them.
type sectionWriter struct {
	w   io.WriterAt
	bw  *bufio.Writer
	off int64 // where the next flushed byte goes
	n   int   // bytes written after the header
	crc interface {
		io.Writer
		Sum32() uint32
	}
	err error
}

func (s *sectionWriter) write(b []byte) {
	s.crc.Write(b)
	s.bw.Write(b)
	s.n += len(b)
}

type writerAt struct{ s *sectionWriter }

func (w writerAt) Write(b []byte) (int, error) {
	n, err := w.s.w.WriteAt(b, w.s.off)
	w.s.off += int64(n)
	if err != nil && w.s.err == nil {
		w.s.err = err
	}
	return n, err
}

// compiler reads a trace's lines into records. A line the fast path
// reads is checked by reading it (the fast path takes only well-formed
// actions); any other is lowered by the general path, which finds its
// errors and keeps the one state reading depends on, the rank's default
// datatype. Nothing else is lowered: the requests posted and matched
// change the operations, never whether a line reads (the operations,
// and the requests, are dropped after each line).
type compiler struct {
	ctx     context.Context
	low     lowerer
	fields  [][]byte
	lines   int
	readBuf []byte // rankFile's, one file after another
	// progress, if set, hears the bytes read (read: a shared trace's
	// reader's count) of size, when ctx is looked at.
	progress func(done, total int64)
	read     *countingReader
	size     int64
}

// line compiles the line that starts text into *recs for st (from: the
// offset of the action's name, 0 in a rank's own file) and returns the
// offset of its end.
func (c *compiler) line(st *rankState, text []byte, from int, recs *[]byte) (int, error) {
	if c.lines++; c.lines&(1<<16-1) == 0 {
		if err := c.ctx.Err(); err != nil {
			return 0, err
		}
		if c.progress != nil && c.read != nil {
			c.progress(c.read.n, c.size)
		}
	}
	defer drop(st)
	var a action
	if j := c.low.readFast(st, text, from, &a); j >= 0 && !a.extra {
		*recs = appendRecord(*recs, st.rank, &a)
		return j, nil
	}
	n := lineEnd(text)
	f := splitFields(c.fields[:0], text[:n])
	c.fields = f
	if len(f) == 0 || f[0][0] == '#' {
		return n, nil
	}
	if from > 0 {
		// A shared trace's line the caller did not read the rank of.
		return n, errNotFast
	}
	if err := c.low.lower(st, f); err != nil {
		return n, err
	}
	*recs = appendRaw(*recs, text[:n])
	return n, nil
}

var errNotFast = errors.New("not a fast line")

// drop forgets what lowering a line left in st but its default
// datatype: its operations and requests.
func drop(st *rankState) {
	st.ops, st.head = st.ops[:0], 0
	st.posted.clear()
	st.self = st.self[:0]
}

// rankFile compiles one rank's own file, appending to recs.
func (c *compiler) rankFile(path string, rank int32, recs []byte) ([]byte, error) {
	f, err := infile.Open(path, infile.MPITrace)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	st := &rankState{rank: rank, defType: 1}
	if c.readBuf == nil {
		c.readBuf = make([]byte, 1<<16)
	}
	lr := &textReader{lineReader: lineReader{buf: c.readBuf}, rd: f}
	for {
		text, err := lr.text()
		if err == io.EOF {
			return recs, nil
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		n, err := c.line(st, text, 0, &recs)
		if err != nil {
			if c.ctx.Err() != nil {
				return nil, err
			}
			return nil, &Error{File: path, Line: int(lr.line + 1), Msg: err.Error()}
		}
		lr.consume(n)
	}
}

// rankFiles compiles each rank's own file and hands the records to put
// in rank order. Ranks are compiled on up to compileWorkers cores at
// once (the replay has not begun: the other cores are free), each
// worker taking the next rank; at most 2 × workers ranks are ahead of
// put, so that memory stays a few ranks' records. The error is the
// lowest rank's, as compiling in order would give.
func (c *compiler) rankFiles(files []string, put func(r int, b []byte)) error {
	put = c.reportFiles(files, put)
	workers := min(runtime.GOMAXPROCS(0), compileWorkers, len(files))
	if workers <= 1 {
		var buf []byte
		for r, f := range files {
			var err error
			if buf, err = c.rankFile(f, int32(r), buf[:0]); err != nil {
				return err
			}
			put(r, buf)
		}
		return nil
	}
	ctx, cancel := context.WithCancel(c.ctx)
	defer cancel()
	type done struct {
		b   []byte
		err error
	}
	results := make([]chan done, len(files))
	for r := range results {
		results[r] = make(chan done, 1)
	}
	ahead := make(chan struct{}, 2*workers)
	// Buffers written go back to the workers: a rank's records are
	// appended to one a rank before used, not grown afresh.
	free := make(chan []byte, 2*workers)
	var next atomic.Int64
	for range workers {
		w := &compiler{ctx: ctx, low: c.low}
		go func() {
			for {
				select {
				case ahead <- struct{}{}:
				case <-ctx.Done():
					return
				}
				r := int(next.Add(1) - 1)
				if r >= len(files) {
					return
				}
				var buf []byte
				select {
				case buf = <-free:
				default:
				}
				b, err := w.rankFile(files[r], int32(r), buf[:0])
				results[r] <- done{b, err}
			}
		}()
	}
	for r := range files {
		var d done
		select {
		case d = <-results[r]:
		case <-c.ctx.Done():
			return c.ctx.Err()
		}
		if d.err != nil {
			return d.err
		}
		put(r, d.b)
		select {
		case free <- d.b:
		default:
		}
		<-ahead
	}
	return nil
}

// reportFiles wraps put to tell c.progress the bytes of the ranks'
// files compiled, of all, every 64th rank and at the last: put is
// called in rank order from the goroutine that compiles.
func (c *compiler) reportFiles(files []string, put func(r int, b []byte)) func(int, []byte) {
	if c.progress == nil {
		return put
	}
	sizes := make([]int64, len(files))
	var total, done int64
	for r, f := range files {
		if st, err := os.Stat(f); err == nil {
			sizes[r] = st.Size()
			total += sizes[r]
		}
	}
	return func(r int, b []byte) {
		put(r, b)
		done += sizes[r]
		if r%64 == 63 || r == len(files)-1 {
			c.progress(done, total)
		}
	}
}

// compileWorkers bounds the cores a compile uses.
const compileWorkers = 4

// shared compiles a shared trace into each rank's records (held in
// memory: the shared trace interleaves the ranks).
func (c *compiler) shared(path string, np int) ([][]byte, error) {
	f, err := infile.Open(path, infile.MPITrace)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	sts := make([]rankState, np)
	recs := make([][]byte, np)
	for r := range sts {
		sts[r] = rankState{rank: int32(r), defType: 1}
	}
	c.read = &countingReader{r: f}
	if st, err := f.Stat(); err == nil {
		c.size = st.Size()
	}
	lr := newTextReader(c.read, 1<<16)
	for {
		text, err := lr.text()
		if err == io.EOF {
			return recs, nil
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		if v, j := digits(text, 0); j > 0 && j <= 9 && hasNext(text, j) && int64(v) < int64(np) {
			if n, err := c.line(&sts[v], text, j+1, &recs[v]); err == nil {
				lr.consume(n)
				continue
			} else if err != errNotFast {
				return nil, err
			}
		}
		n := lineEnd(text)
		fl := splitFields(c.fields[:0], text[:n])
		c.fields = fl
		if len(fl) == 0 || fl[0][0] == '#' {
			lr.consume(n)
			continue
		}
		rk, ok := parseInt(fl[0])
		if !ok || rk < 0 {
			return nil, &Error{File: path, Line: int(lr.line + 1), Msg: fmt.Sprintf("%q is not a rank: a shared trace's lines start with the rank they belong to", fl[0])}
		}
		if rk >= int32(np) {
			lr.consume(n)
			continue // SimGrid ignores the actions of ranks it does not run
		}
		st := &sts[rk]
		err = c.low.lower(st, fl)
		drop(st)
		if err != nil {
			return nil, &Error{File: path, Line: int(lr.line + 1), Msg: err.Error()}
		}
		recs[rk] = appendRaw(recs[rk], text[:n])
		lr.consume(n)
	}
}
