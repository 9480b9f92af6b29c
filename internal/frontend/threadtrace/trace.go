// Package threadtrace reads augur's thread-trace text format (a recording of
// a multithreaded program's calls to the thread library, VPPB) and turns
// a recording into per-thread lists of computation and synchronisation, the
// input of the thread simulator (Lower, run by package simulate on the
// engine).
//
// The format is one event a line, `TIME THREAD EVENT [ARGS] [cpu=SECONDS]`,
// with `#` comments and an optional header `# priority P1 P2 ...` (highest
// first). docs/traces.md describes every event.
package threadtrace

import (
	"augur/internal/base/diag"
	"bufio"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
)

// Kind is the kind of a recorded event.
type Kind uint8

// The events. The first four are VPPB's; the others are the thread
// library's calls as the recorder writes them.
const (
	Create        Kind = iota // create T: start thread T
	Send                      // send X T: activate T's wait on event X (synchronous)
	Wait                      // wait X: wait for an activation of event X
	Exit                      // exit (or terminate): the thread ends
	Lock                      // lock M: mutex M acquired
	TryLock                   // trylock M ok|busy
	Unlock                    // unlock M
	CondWait                  // cond_wait C M: release M and wait on C (the relock is the thread's next `lock M`)
	CondTimedWait             // cond_timedwait C M: same, with a timeout
	CondSignal                // cond_signal C
	CondBroadcast             // cond_broadcast C
	Join                      // join T: thread T has ended (written when join returns)
	BarrierInit               // barrier_init B N
	BarrierWait               // barrier_wait B (written on arrival)
	SemInit                   // sem_init S V
	SemWait                   // sem_wait S (written when it returns)
	SemTryWait                // sem_trywait S ok|busy
	SemTimedWait              // sem_timedwait S ok|timeout
	SemPost                   // sem_post S
	numKinds
)

var kindNames = [numKinds]string{
	Create: "create", Send: "send", Wait: "wait", Exit: "exit",
	Lock: "lock", TryLock: "trylock", Unlock: "unlock",
	CondWait: "cond_wait", CondTimedWait: "cond_timedwait", CondSignal: "cond_signal", CondBroadcast: "cond_broadcast",
	Join: "join", BarrierInit: "barrier_init", BarrierWait: "barrier_wait",
	SemInit: "sem_init", SemWait: "sem_wait", SemTryWait: "sem_trywait", SemTimedWait: "sem_timedwait", SemPost: "sem_post",
}

func (k Kind) String() string {
	if k < numKinds {
		return kindNames[k]
	}
	return fmt.Sprintf("kind(%d)", k)
}

// Class is what a named synchronisation object is.
type Class uint8

// Object classes. Event names (the X of send/wait) live in their own
// namespace, as in VPPB where every process waits on "event X".
const (
	ClassEvent Class = iota
	ClassMutex
	ClassCond
	ClassBarrier
	ClassSem
)

var classNames = [...]string{"event", "mutex", "condition variable", "barrier", "semaphore"}

func (c Class) String() string { return classNames[c] }

// Event is one line of a trace.
type Event struct {
	Line   int     // 1-based line in the file
	Time   float64 // seconds (or the seed's time units) since the program started
	CPU    float64 // the thread's CPU time at the event; valid if the trace HasCPU
	Thread int32   // who records the event (index in Trace.Threads)
	Kind   Kind
	Obj    int32 // object (index in Trace.Objects) for every kind but create, exit and join; -1 otherwise
	Obj2   int32 // the mutex of cond_wait and cond_timedwait; -1 otherwise
	Target int32 // the thread of create, send and join; -1 otherwise
	N      int64 // barrier_init's count, sem_init's value
	OK     bool  // trylock, sem_trywait, sem_timedwait: the call succeeded
}

// Object is a named synchronisation object.
type Object struct {
	Name  string
	Class Class
}

// Trace is a parsed thread trace.
type Trace struct {
	Name     string   // file name, for messages
	Threads  []string // thread names; index 0 is the thread of the first event (the program's initial thread)
	Objects  []Object
	Events   []Event
	Priority []int32 // the header's `# priority` order (highest first), thread indices; nil without a header
	HasCPU   bool    // every event carries cpu=
}

// Error is a problem in the input at a position: augur's one positioned
// error (package diag), printed as file:line:col: message.
type Error = diag.Error

// MaxLineBytes bounds one line, so a corrupt file cannot exhaust memory.
const MaxLineBytes = 1 << 20

type line struct {
	no     int
	fields []string
}

// unknownThread is an event naming a thread not started yet; whether the
// thread is created later decides the message, so Parse reads on.
type unknownThread struct {
	line   int
	name   string
	later  string // message if a later line creates it (%s name, %d line)
	never  string // message if nothing does (%s name)
	errArg string // extra argument of never
}

func (u *unknownThread) Error() string { return u.never }

// Parse reads a trace. name is used in error messages. The first error is
// returned, as *Error naming the line.
func Parse(r io.Reader, name string) (*Trace, error) {
	return parse(r, name, 0)
}

// bytesPerEvent is fewer bytes than a trace's lines take (some 40: a time,
// a thread, an event, an object and a CPU time): a file's size divided
// by it is room for its events.
const bytesPerEvent = 32

// parse is Parse, given the input's size in bytes if known (0: not), so
// that the events are kept in one slice made once: growing it by
// appending copied its 22 MB some ten times over for a 350,000-event
// trace, a third of the reading.
func parse(r io.Reader, name string, size int64) (*Trace, error) {
	p := &parser{tr: &Trace{Name: name}, threads: map[string]int32{}, objs: map[objKey]int32{}}
	if size > 0 {
		p.tr.Events = make([]Event, 0, size/bytesPerEvent+1)
	}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), MaxLineBytes)
	var header []string
	headerLine := 0
	no := 0
	var fields []string
	for sc.Scan() {
		no++
		text := sc.Text()
		if no == 1 {
			text = strings.TrimPrefix(text, "\ufeff")
		}
		if i := strings.IndexByte(text, '#'); i >= 0 {
			if f := strings.Fields(text[i+1:]); len(f) > 0 && f[0] == "priority" && strings.TrimSpace(text[:i]) == "" {
				if header != nil {
					return nil, p.errAt(no, "a second `# priority` header (the first is on line %d)", headerLine)
				}
				header, headerLine = f[1:], no
				if len(header) == 0 {
					return nil, p.errAt(no, "`# priority` names no thread; write `# priority P1 P2 ...`, highest first")
				}
			}
			text = text[:i]
		}
		fields = splitFields(fields[:0], text)
		if len(fields) == 0 {
			continue
		}
		if err := p.event(len(p.tr.Events), line{no, fields}); err != nil {
			var u *unknownThread
			if errors.As(err, &u) {
				return nil, p.resolveUnknown(sc, no, u)
			}
			return nil, err
		}
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return nil, p.errAt(no+1, "line longer than %d bytes", MaxLineBytes)
		}
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if len(p.tr.Events) == 0 {
		return nil, p.errAt(0, "no events (a trace has one event a line: TIME THREAD EVENT [ARGS])")
	}
	if header != nil {
		seen := map[int32]bool{}
		for _, n := range header {
			id, ok := p.threads[n]
			if !ok {
				return nil, p.errAt(headerLine, "`# priority` names %s, a thread that never exists in this trace", n)
			}
			if seen[id] {
				return nil, p.errAt(headerLine, "`# priority` names %s twice", n)
			}
			seen[id] = true
			p.tr.Priority = append(p.tr.Priority, id)
		}
	}
	return p.tr, nil
}

type objKey struct {
	name  string
	event bool
}

type parser struct {
	tr       *Trace
	threads  map[string]int32 // started threads (created, or the initial one)
	exited   []int            // per thread: line of its exit, 0 if running
	lastCPU  []float64
	objs     map[objKey]int32
	lastTime float64
	lastLine int
}

func (p *parser) errAt(line int, format string, args ...any) error {
	return &Error{File: p.tr.Name, Line: line, Msg: fmt.Sprintf(format, args...)}
}

// arity is the number of arguments each event takes, with a usage hint.
var arity = [numKinds]struct {
	n    int
	form string
}{
	Create: {1, "create THREAD"}, Send: {2, "send EVENT THREAD"}, Wait: {1, "wait EVENT"}, Exit: {0, "exit"},
	Lock: {1, "lock MUTEX"}, TryLock: {2, "trylock MUTEX ok|busy"}, Unlock: {1, "unlock MUTEX"},
	CondWait: {2, "cond_wait COND MUTEX"}, CondTimedWait: {2, "cond_timedwait COND MUTEX"},
	CondSignal: {1, "cond_signal COND"}, CondBroadcast: {1, "cond_broadcast COND"},
	Join: {1, "join THREAD"}, BarrierInit: {2, "barrier_init BARRIER COUNT"}, BarrierWait: {1, "barrier_wait BARRIER"},
	SemInit: {2, "sem_init SEM VALUE"}, SemWait: {1, "sem_wait SEM"}, SemTryWait: {2, "sem_trywait SEM ok|busy"},
	SemTimedWait: {2, "sem_timedwait SEM ok|timeout"}, SemPost: {1, "sem_post SEM"},
}

var kindByName = func() map[string]Kind {
	m := map[string]Kind{"terminate": Exit}
	for k := Kind(0); k < numKinds; k++ {
		m[kindNames[k]] = k
	}
	return m
}()

func (p *parser) event(i int, l line) error {
	f := l.fields
	if len(f) < 3 {
		return p.errAt(l.no, "malformed line: want TIME THREAD EVENT [ARGS], got %q", strings.Join(f, " "))
	}
	// A trailing cpu=SECONDS is the thread's CPU time at the event.
	cpu, hasCPU := 0.0, false
	if last := f[len(f)-1]; strings.HasPrefix(last, "cpu=") {
		v, err := parseNumber(last[4:])
		if err != nil || math.IsNaN(v) || math.IsInf(v, 0) || v < 0 {
			return p.errAt(l.no, "bad CPU time %q: want cpu=SECONDS, a number ≥ 0", last)
		}
		cpu, hasCPU = v, true
		f = f[:len(f)-1]
		if len(f) < 3 {
			return p.errAt(l.no, "malformed line: want TIME THREAD EVENT [ARGS] [cpu=SECONDS]")
		}
	}
	if i == 0 {
		p.tr.HasCPU = hasCPU
	} else if hasCPU != p.tr.HasCPU {
		if hasCPU {
			return p.errAt(l.no, "cpu= given here but not on line %d: give it on every event or on none", p.tr.Events[0].Line)
		}
		return p.errAt(l.no, "no cpu= here but line %d has one: give it on every event or on none", p.tr.Events[0].Line)
	}
	t, err := parseNumber(f[0])
	if err != nil || math.IsNaN(t) || math.IsInf(t, 0) {
		return p.errAt(l.no, "malformed time %q: want a number (seconds since the start)", f[0])
	}
	if t < 0 {
		return p.errAt(l.no, "time %s is negative: times count from the program's start", f[0])
	}
	if i > 0 && t < p.lastTime {
		return p.errAt(l.no, "time goes backwards: %s after %s on line %d", f[0], strconv.FormatFloat(p.lastTime, 'g', -1, 64), p.lastLine)
	}
	kind, ok := kindByName[f[2]]
	if !ok {
		return p.errAt(l.no, "unknown event %q (events: create, send, wait, exit, lock, trylock, unlock, cond_wait, cond_timedwait, cond_signal, cond_broadcast, join, barrier_init, barrier_wait, sem_init, sem_wait, sem_trywait, sem_timedwait, sem_post)", f[2])
	}
	args := f[3:]
	if a := arity[kind]; len(args) != a.n {
		return p.errAt(l.no, "%s takes %d argument(s), got %d: write `TIME THREAD %s`", kind, a.n, len(args), a.form)
	}
	// The thread: the first event's thread is the program's initial thread;
	// every other must have been created before it records anything.
	name := f[1]
	th, ok := p.threads[name]
	if !ok {
		if i > 0 {
			return &unknownThread{line: l.no, name: name, later: "thread %s records an event before it is created (line %d)",
				never: "unknown thread %s: it is never created (the initial thread is %s)", errArg: p.tr.Threads[0]}
		}
		th = p.addThread(name)
	}
	if p.exited[th] > 0 {
		return p.errAt(l.no, "thread %s records an event after it exited (line %d)", name, p.exited[th])
	}
	if hasCPU {
		if cpu < p.lastCPU[th] {
			return p.errAt(l.no, "CPU time of %s goes backwards: cpu=%g after cpu=%g", name, cpu, p.lastCPU[th])
		}
		p.lastCPU[th] = cpu
	}
	e := Event{Line: l.no, Time: t, CPU: cpu, Thread: th, Kind: kind, Obj: -1, Obj2: -1, Target: -1}
	switch kind {
	case Create:
		tn := args[0]
		if _, exists := p.threads[tn]; exists {
			return p.errAt(l.no, "create %s: thread %s already exists", tn, tn)
		}
		e.Target = p.addThread(tn)
	case Send:
		if e.Obj, err = p.object(l.no, args[0], ClassEvent); err != nil {
			return err
		}
		tn := args[1]
		tid, exists := p.threads[tn]
		if !exists {
			return &unknownThread{line: l.no, name: tn, later: "send to %s before it is created (line %d)",
				never: "send to %s, a thread that never exists in this trace"}
		}
		if tid == th {
			return p.errAt(l.no, "%s sends to itself: a synchronous send to oneself never returns", name)
		}
		e.Target = tid
	case Wait:
		e.Obj, err = p.object(l.no, args[0], ClassEvent)
	case Exit:
		p.exited[th] = l.no
	case Join:
		tn := args[0]
		tid, exists := p.threads[tn]
		if !exists {
			return &unknownThread{line: l.no, name: tn, later: "join %s before it is created (line %d)",
				never: "join %s, a thread that never exists in this trace"}
		}
		if tid == th {
			return p.errAt(l.no, "%s joins itself", name)
		}
		if p.exited[tid] == 0 {
			return p.errAt(l.no, "join %s, but %s has not exited yet (the recorder writes join when it returns, after the thread's exit)", tn, tn)
		}
		e.Target = tid
	case Lock, Unlock:
		e.Obj, err = p.object(l.no, args[0], ClassMutex)
	case TryLock:
		e.Obj, err = p.object(l.no, args[0], ClassMutex)
		if err == nil {
			e.OK, err = p.result(l.no, args[1], "busy")
		}
	case CondWait, CondTimedWait:
		if e.Obj, err = p.object(l.no, args[0], ClassCond); err == nil {
			e.Obj2, err = p.object(l.no, args[1], ClassMutex)
		}
	case CondSignal, CondBroadcast:
		e.Obj, err = p.object(l.no, args[0], ClassCond)
	case BarrierInit, SemInit:
		class := ClassBarrier
		if kind == SemInit {
			class = ClassSem
		}
		if e.Obj, err = p.object(l.no, args[0], class); err != nil {
			return err
		}
		n, perr := strconv.ParseInt(args[1], 10, 32)
		if perr != nil || n < 0 || (kind == BarrierInit && n == 0) {
			return p.errAt(l.no, "%s: bad count %q (want a whole number%s)", kind, args[1], map[bool]string{true: " ≥ 1", false: " ≥ 0"}[kind == BarrierInit])
		}
		e.N = n
	case BarrierWait:
		e.Obj, err = p.object(l.no, args[0], ClassBarrier)
	case SemWait, SemPost:
		e.Obj, err = p.object(l.no, args[0], ClassSem)
	case SemTryWait, SemTimedWait:
		if e.Obj, err = p.object(l.no, args[0], ClassSem); err == nil {
			fail := "busy"
			if kind == SemTimedWait {
				fail = "timeout"
			}
			e.OK, err = p.result(l.no, args[1], fail)
		}
	}
	if err != nil {
		return err
	}
	p.tr.Events = append(p.tr.Events, e)
	p.lastTime, p.lastLine = t, l.no
	return nil
}

// resolveUnknown reads the rest of the input for a `create` of the unknown
// thread and words the error accordingly.
func (p *parser) resolveUnknown(sc *bufio.Scanner, no int, u *unknownThread) error {
	for sc.Scan() {
		no++
		text := sc.Text()
		if i := strings.IndexByte(text, '#'); i >= 0 {
			text = text[:i]
		}
		if f := strings.Fields(text); len(f) >= 4 && f[2] == "create" && f[3] == u.name {
			return p.errAt(u.line, u.later, u.name, no)
		}
	}
	if u.errArg != "" {
		return p.errAt(u.line, u.never, u.name, u.errArg)
	}
	return p.errAt(u.line, u.never, u.name)
}

// splitFields appends text's blank-separated fields to dst. A byte above
// ' ' is never blank: one comparison for nearly every byte of a trace.
func splitFields(dst []string, text string) []string {
	i := 0
	for i < len(text) {
		for i < len(text) && text[i] <= ' ' && isBlank(text[i]) {
			i++
		}
		j := i
		for j < len(text) && (text[j] > ' ' || !isBlank(text[j])) {
			j++
		}
		if j > i {
			dst = append(dst, text[i:j])
		}
		i = j
	}
	return dst
}

func (p *parser) result(line int, s, fail string) (bool, error) {
	switch s {
	case "ok":
		return true, nil
	case fail:
		return false, nil
	}
	return false, p.errAt(line, "result %q: want ok or %s", s, fail)
}

func (p *parser) addThread(name string) int32 {
	id := int32(len(p.tr.Threads))
	p.threads[name] = id
	p.tr.Threads = append(p.tr.Threads, name)
	p.exited = append(p.exited, 0)
	p.lastCPU = append(p.lastCPU, 0)
	return id
}

// object returns the index of a named object, creating it; a name keeps one
// class (a mutex cannot later be used as a semaphore).
func (p *parser) object(line int, name string, c Class) (int32, error) {
	k := objKey{name, c == ClassEvent}
	if id, ok := p.objs[k]; ok {
		if have := p.tr.Objects[id].Class; have != c {
			return 0, p.errAt(line, "%s is a %s, used here as a %s", name, have, c)
		}
		return id, nil
	}
	id := int32(len(p.tr.Objects))
	p.objs[k] = id
	p.tr.Objects = append(p.tr.Objects, Object{Name: name, Class: c})
	return id, nil
}

// isBlank reports whether c separates fields: a space, tab, carriage
// return, vertical tab or form feed.
func isBlank(c byte) bool { return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f' }

// pow10 holds the powers of ten that are exact doubles.
var pow10 = [...]float64{1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10,
	1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22}

// parseNumber is strconv.ParseFloat(s, 64), quicker for the numbers a
// trace is made of (reading them was a third of reading a trace): digits
// with at most one point, no sign or exponent, whose integer is below
// 2^52 and which have at most 22 digits after the point give the integer
// divided by a power of ten. Both are exact doubles and the division
// rounds once, correctly (Clinger's fast path, which ParseFloat takes
// for such numbers too), so the result is ParseFloat's. Anything else
// goes to ParseFloat, errors included.
func parseNumber(s string) (float64, error) {
	var m uint64
	digits, frac := 0, -1
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case '0' <= c && c <= '9':
			m = m*10 + uint64(c-'0')
			digits++
			if frac >= 0 {
				frac++
			}
		case c == '.' && frac < 0:
			frac = 0
		default:
			return strconv.ParseFloat(s, 64)
		}
	}
	if digits == 0 || digits > 19 || m >= 1<<52 || frac >= len(pow10) {
		return strconv.ParseFloat(s, 64)
	}
	return float64(m) / pow10[max(frac, 0)], nil
}
