// Package infile opens the files a user gives augur as input — models,
// machine files, platforms, hostfiles, traces, measurements, C sources,
// compile_commands.json, sweep points, results — in one way, so that
// every read is bounded: only a regular file is read where a file is
// expected (a named pipe with no writer would block the open forever, a
// device such as /dev/zero never ends), and each kind of input has a size
// above which it is refused with a message saying so, before it is read.
//
// The refusals are *Error, a problem of the whole file (docs/cli.md:
// `file: message`, exit status 1).
package infile

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
)

// Kind is a kind of input file; it names the file in messages and sets
// its size cap.
type Kind int

// The kinds of input. Their caps are in docs/cli.md ("Input files"):
// each is far above what a real input of that kind is, and low enough
// that reading it whole cannot exhaust the memory of a workstation.
const (
	Model        Kind = iota // a model (.aug)
	Machine                  // an augur machine file (.yaml)
	Platform                 // a SimGrid platform (.xml)
	Profile                  // a SimGrid state or value profile
	Hostfile                 // a hostfile of `augur replay`
	TraceIndex               // a TiT index naming one trace per rank
	MPITrace                 // a TiT trace: streamed, so no size cap
	ThreadTrace              // a thread trace: read whole
	Measurements             // measurements of fit and validate
	CSource                  // a C source
	CHeader                  // a C header found by an #include
	CompileDB                // compile_commands.json
	Points                   // a sweep's --points CSV or a sweep spec
	Result                   // a result or timeline JSON (augur report)
	Counts                   // counts of `augur instrument --count`
	OTF2Anchor               // an OTF2 archive's anchor file (.otf2)
	OTF2Defs                 // an OTF2 archive's definitions (.def): read whole
)

const (
	mib = int64(1) << 20
	gib = int64(1) << 30
)

// info is a kind's name in messages and its cap in bytes (0: none).
func (k Kind) info() (string, int64) {
	switch k {
	case Model:
		return "a model", 64 * mib
	case Machine:
		return "a machine file", 64 * mib
	case Platform:
		return "a platform", 256 * mib
	case Profile:
		return "a profile", 256 * mib
	case Hostfile:
		return "a hostfile", 256 * mib
	case TraceIndex:
		return "a trace index", 256 * mib
	case MPITrace:
		return "an MPI trace", 0
	case ThreadTrace:
		return "a thread trace", ThreadTraceMax
	case Measurements:
		return "a measurement file", 256 * mib
	case CSource:
		return "a C source", 64 * mib
	case CHeader:
		return "a C header", 64 * mib
	case CompileDB:
		return "a compile_commands.json", 256 * mib
	case Points:
		return "a points file", 64 * mib
	case Result:
		return "a result", 2 * gib
	case Counts:
		return "a counts file", 64 * mib
	case OTF2Anchor:
		return "an OTF2 anchor file", 16 * mib
	case OTF2Defs:
		return "an OTF2 definitions file", 1 * gib
	}
	return "an input", 64 * mib
}

// ThreadTraceMax is the cap of a thread trace, which is read whole
// before its simulation: about 13 bytes of memory per byte of trace
// (0.97 GB for a 75 MB trace of 4 million lock operations; docs/traces.md),
// so 3.3 GiB at most.
const ThreadTraceMax = 256 * mib

// Max is the size cap of k in bytes, 0 for none.
func (k Kind) Max() int64 {
	_, m := k.info()
	return m
}

// Error is a file refused before it is read, or one that grew past its
// cap while being read.
type Error struct {
	Path string
	Msg  string
}

func (e *Error) Error() string { return e.Path + ": " + e.Msg }

// Check says why path cannot be read as an input of kind k (it is not a
// regular file, or it is larger than k's cap), or nil. A missing file is
// the *fs.PathError of os.Stat.
func Check(path string, k Kind) error {
	st, err := os.Stat(path)
	if err != nil {
		return err
	}
	return check(path, st, k)
}

func check(path string, st fs.FileInfo, k Kind) error {
	name, limit := k.info()
	mode := st.Mode()
	switch {
	case mode.IsRegular():
	case mode.IsDir():
		return &Error{path, "is a directory, not " + name}
	case mode&fs.ModeNamedPipe != 0:
		return &Error{path, "is a named pipe (FIFO), not a regular file: augur reads " + name + " only from a regular file (a pipe may never end or never be written)"}
	case mode&fs.ModeDevice != 0:
		return &Error{path, "is a device, not a regular file: augur reads " + name + " only from a regular file"}
	case mode&fs.ModeSocket != 0:
		return &Error{path, "is a socket, not a regular file: augur reads " + name + " only from a regular file"}
	default:
		return &Error{path, "is not a regular file: augur reads " + name + " only from a regular file"}
	}
	if limit > 0 && st.Size() > limit {
		return &Error{path, fmt.Sprintf("is %d bytes (%s), more than the %s that augur reads of %s (docs/cli.md, \"Input files\")", st.Size(), Size(st.Size()), Size(limit), name)}
	}
	return nil
}

// Open opens path for reading as an input of kind k, after checking it
// is a regular file within k's cap. It never blocks on a named pipe: the
// check comes before the open, and the opened file is checked again in
// case the name was replaced in between.
func Open(path string, k Kind) (*os.File, error) {
	if err := Check(path, k); err != nil {
		return nil, err
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	st, err := f.Stat()
	if err == nil {
		err = check(path, st, k)
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

// ReadFile reads the whole of path as an input of kind k: os.ReadFile
// for regular files within k's cap. A file that grows past the cap while
// it is read is refused too.
func ReadFile(path string, k Kind) ([]byte, error) {
	f, err := Open(path, k)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	limit := k.Max()
	var rd io.Reader = f
	if limit > 0 {
		rd = io.LimitReader(f, limit+1)
	}
	data, err := io.ReadAll(rd)
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", path, err)
	}
	if limit > 0 && int64(len(data)) > limit {
		name, _ := k.info()
		return nil, &Error{path, fmt.Sprintf("grew past the %s that augur reads of %s while it was read", Size(limit), name)}
	}
	return data, nil
}

// Size is a byte count as people read it: 300 MiB, 4 GiB, 12 KiB, 17 B.
func Size(n int64) string {
	switch {
	case n >= gib:
		return trim(float64(n)/float64(gib)) + " GiB"
	case n >= mib:
		return trim(float64(n)/float64(mib)) + " MiB"
	case n >= 1<<10:
		return trim(float64(n)/1024) + " KiB"
	}
	return fmt.Sprintf("%d B", n)
}

func trim(x float64) string { return fmt.Sprintf("%.3g", x) }

// IsInputError reports whether err is a file augur refused or could not
// open or read: an input error (exit status 1), not a fault of the
// simulation.
func IsInputError(err error) bool {
	var e *Error
	var pe *fs.PathError
	return errors.As(err, &e) || errors.As(err, &pe)
}
