package engine

// Issue events in batches.
//
// A unit that runs ahead of the simulation (folded computations) is issued
// its next operation by an event at that operation's time. Units woken
// together run ahead together and push such events one after the other,
// often at the same time (a million processes leaving a collective and
// reaching the next). Consecutive issue events of the same time with no
// other event pushed or rescheduled in between are consecutive in the
// queue's order (time, then insertion), so they can be held as one queue event and
// issued one after the other when it is popped: the same run, event for
// event (each still counts as one), with one heap operation instead of
// many.

// issueBatches holds the batches of issue events in the queue (and, in
// pointToPoint.netLat, of latency ends). A batch's units are kept in chunks of
// at most batchChunk from a pool: a million units in one batch need no
// slice grown by doubling, and the chunks serve the next batches. A new
// chunk starts small and grows by appending: under a flow network most
// batches hold one unit, and thousands of them may be pending at once
// (4096 ranks, each at its own time), which chunks of a full batchChunk
// each would make 16 MB.
type issueBatches struct {
	b      [][]int32 // per batch: its chunks, in order
	free   []int32   // batches not in use
	chunks [][]int32 // the pool's chunks: units, in push order
	freeC  []int32   // chunks not in use
	// The open batch takes more units while nothing else has been pushed
	// or rescheduled since its last unit: batch open-1 (none if open is
	// 0), at time t, after the queue's pushes pushes. Pops in between do
	// not matter: they take events out, none comes between the batch's
	// units, and the batch itself, later than now, is still queued.
	open   int32
	t      float64
	pushes uint64
}

const batchChunk = 1024

// add appends unit ui to batch id.
func (ib *issueBatches) add(id, ui int32) {
	cs := ib.b[id]
	if n := len(cs); n > 0 && len(ib.chunks[cs[n-1]]) < batchChunk {
		c := cs[n-1]
		ib.chunks[c] = append(ib.chunks[c], ui)
		return
	}
	var c int32
	if n := len(ib.freeC); n > 0 {
		c = ib.freeC[n-1]
		ib.freeC = ib.freeC[:n-1]
	} else {
		c = int32(len(ib.chunks))
		ib.chunks = append(ib.chunks, make([]int32, 0, 4))
	}
	ib.chunks[c] = append(ib.chunks[c][:0], ui)
	ib.b[id] = append(cs, c)
}

// pushIssue schedules the issue of the unit's fetched operation at t.
func (e *engine) pushIssue(ui int32, t float64) {
	if e.cfg.plainEvents {
		e.q.Push(t, ui, uint8(evIssue), 0)
		return
	}
	e.pushBatched(&e.ib, evBatch, ui, t)
}

// pushBatched schedules x (a unit, a flow) at t in a batch of ib, popped
// as one event of kind. t must be later than now.
func (e *engine) pushBatched(ib *issueBatches, kind eventKind, x int32, t float64) {
	// The queue's push count, not its length, tells whether anything came
	// in between: a flow network moves keyed events (Reschedule) without
	// changing the length, and units woken one by one (the ends of a
	// ring's messages) are popped between their issues. t > e.now, so an
	// open batch at t has not been popped.
	if ib.open > 0 && t == ib.t && e.q.Pushes() == ib.pushes {
		ib.add(ib.open-1, x)
		return
	}
	var id int32
	if n := len(ib.free); n > 0 {
		id = ib.free[n-1]
		ib.free = ib.free[:n-1]
	} else {
		id = int32(len(ib.b))
		ib.b = append(ib.b, nil)
	}
	ib.b[id] = ib.b[id][:0]
	ib.add(id, x)
	e.q.Push(t, id, uint8(kind), 0)
	ib.open, ib.t, ib.pushes = id+1, t, e.q.Pushes()
}

// runBatch issues the units of batch id (popped at e.now), each as the
// event it stands for.
func (e *engine) runBatch(id int32) error {
	return e.runBatched(&e.ib, id, func(ui int32) { e.issue(ui, e.now) })
}

// first is the first member of batch id, if it has one.
func (ib *issueBatches) first(id int32) (int32, bool) {
	if int(id) >= len(ib.b) || len(ib.b[id]) == 0 || len(ib.chunks[ib.b[id][0]]) == 0 {
		return 0, false
	}
	return ib.chunks[ib.b[id][0]][0], true
}

// runBatched calls fn for each member of batch id of ib (popped at
// e.now), each as the event it stands for, and frees the batch.
func (e *engine) runBatched(ib *issueBatches, id int32, fn func(int32)) error {
	if ib.open == id+1 {
		ib.open = 0 // popped: it takes no more members
	}
	first := true
	for _, c := range ib.b[id] {
		// A member may add chunks to the pool (other batches): look the
		// chunk up afresh; this batch's chunks stay until it is done.
		for _, x := range ib.chunks[c] {
			if !first {
				if e.err != nil {
					return nil
				}
				e.events++
				if err := e.checkEvents(); err != nil {
					return err
				}
			}
			first = false
			fn(x)
		}
	}
	for _, c := range ib.b[id] {
		ib.chunks[c] = ib.chunks[c][:0]
		ib.freeC = append(ib.freeC, c)
	}
	ib.b[id] = ib.b[id][:0]
	ib.free = append(ib.free, id)
	return nil
}
