package des

// Discipline is how a facility orders its waiting clients.
type Discipline uint8

const (
	// FCFS serves waiting clients in arrival order.
	FCFS Discipline = iota
	// Priority serves the waiting client with the highest priority first,
	// arrival order among equals.
	Priority
	// RoundRobin serves in arrival order; the user of the facility preempts
	// a client when its quantum expires and others wait (Preempt).
	RoundRobin
)

// Facility is a multi-server resource such as the CPUs of a node: up to
// Servers clients hold it at once, the others wait in a queue.
type Facility struct {
	Servers int32
	Busy    int32
	disc    Discipline
	// waiting clients; for Priority kept sorted by (-prio, arrival).
	q    []waiter
	head int // FCFS/RR: index of the first waiting client in q
	seq  uint64
}

type waiter struct {
	client int32
	prio   int32
	seq    uint64
}

// NewFacility makes a facility with the given number of servers.
func NewFacility(servers int, d Discipline) Facility {
	return Facility{Servers: int32(servers), disc: d}
}

// Waiting is the number of clients in the queue.
func (f *Facility) Waiting() int { return len(f.q) - f.head }

// Acquire asks for a server. It returns true if one was free (the client
// now holds it); otherwise the client is queued and will be returned by a
// later Release.
func (f *Facility) Acquire(client, prio int32) bool {
	if f.Busy < f.Servers && f.Waiting() == 0 {
		f.Busy++
		return true
	}
	f.enqueue(client, prio)
	return false
}

func (f *Facility) enqueue(client, prio int32) {
	f.seq++
	w := waiter{client: client, prio: prio, seq: f.seq}
	if f.disc != Priority {
		f.q = append(f.q, w)
		return
	}
	// Insertion keeps the queue ordered; queues are short in practice
	// (oversubscribed nodes hold a handful of units).
	i := len(f.q)
	f.q = append(f.q, w)
	for i > f.head && (f.q[i-1].prio < prio) {
		f.q[i] = f.q[i-1]
		i--
	}
	f.q[i] = w
}

// Release gives a held server back. If a client was waiting it now holds
// the server and is returned with ok true; the caller resumes it.
func (f *Facility) Release() (next int32, ok bool) {
	if f.Waiting() > 0 {
		w := f.q[f.head]
		f.head++
		if f.head == len(f.q) {
			f.q = f.q[:0]
			f.head = 0
		} else if f.head > 64 && f.head*2 > len(f.q) {
			n := copy(f.q, f.q[f.head:])
			f.q = f.q[:n]
			f.head = 0
		}
		return w.client, true
	}
	f.Busy--
	return -1, false
}

// Preempt puts a client that holds a server back in the queue (round
// robin at quantum expiry) and hands the server to the next waiting
// client, which is returned. Call it only when Waiting() > 0.
func (f *Facility) Preempt(client, prio int32) (next int32) {
	f.enqueue(client, prio)
	next, _ = f.Release()
	return next
}
