// Package constant is the constant network model: a message of B bytes
// from node a to node b takes the latency plus B over the bandwidth of
// the machine's path (or of its message-size segment), with no
// contention between messages, except that with NIC serialisation a
// node's link carries one transfer at a time in each direction
// (docs/network.md, docs/semantics.md).
package constant

import (
	"math"

	"augur/internal/machine"
	"augur/internal/machine/netmodel"
)

// Net is the constant model of one machine. It remembers, per node,
// until when its link is busy (NIC serialisation).
type Net struct {
	m       *machine.Machine
	nicUp   []float64 // per node: when its link is free to send
	nicDown []float64 // per node: when its link is free to receive
}

// New returns the constant model of machine m.
func New(m *machine.Machine) *Net {
	n := m.NumNodes()
	return &Net{m: m, nicUp: make([]float64, n), nicDown: make([]float64, n)}
}

// Transfer books the transfer of bytes from node a to node b that may
// start at t: its times are always known at once.
func (n *Net) Transfer(a, b int, bytes, t float64) netmodel.Transfer {
	start, inject, arrival := n.transfer(a, b, bytes, t)
	return netmodel.Transfer{Known: true, Start: start, Inject: inject, Arrival: arrival, OffLink: -1}
}

// PathCost is the latency and bandwidth of the machine's path from node
// a to node b.
func (n *Net) PathCost(a, b int) (latency, bandwidth float64) { return n.m.PathCost(a, b) }

// transfer returns when the data starts to move, how long the sender
// spends injecting it, and when it has fully arrived.
func (n *Net) transfer(a, b int, bytes, t float64) (start, inject, arrival float64) {
	lat, bw := n.m.MessageCost(a, b, bytes)
	if bytes > 0 && !math.IsInf(bw, 1) {
		inject = bytes / bw
	}
	start = t
	serialise := a != b && n.m.Net.NICSerialise
	if serialise {
		if n.nicUp[a] > start {
			start = n.nicUp[a]
		}
		n.nicUp[a] = start + inject
	}
	arrival = start + lat + inject
	if serialise {
		if n.nicDown[b]+inject > arrival {
			arrival = n.nicDown[b] + inject
		}
		n.nicDown[b] = arrival
	}
	return start, inject, arrival
}
