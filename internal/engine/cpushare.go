package engine

// Processor sharing (machine.Share) on the engine: the discipline is
// cpu.Sharing; the engine starts computations on it and takes its one
// versioned event per node (evCPU).

// startShared starts the unit's computation (u.work seconds at full
// speed) on its processor-sharing node at t (== e.now).
func (cp *cpus) startShared(ui int32, t float64) {
	e := cp.e
	u := &e.units[ui]
	p := cp.nodes[u.node].ps
	u.state = stComputing
	u.runFrom = t
	p.Start(ui, u.work, t)
	cp.scheduleShared(u.node)
}

// scheduleShared schedules the next end of a computation on the node's
// processor sharing (the one pending before goes stale).
func (cp *cpus) scheduleShared(node int32) {
	e := cp.e
	if t, version, ok := cp.nodes[node].ps.Next(); ok {
		e.q.Push(t, node, uint8(evCPU), version)
	}
}

// cpuEvent ends the first computation of a processor-sharing node, and
// every other that ends at the same virtual time.
func (cp *cpus) cpuEvent(node, version int32) {
	e := cp.e
	p := cp.nodes[node].ps
	if p == nil {
		return
	}
	done, ok := p.End(e.now, version, nil)
	if !ok {
		return // superseded
	}
	now := e.now
	cp.scheduleShared(node)
	for _, ui := range done {
		e.complete(ui, now)
		e.advance(ui, now)
	}
}
