// Package protocol is the engine's point-to-point protocol: when a
// send's data leaves (at its post, eager; once its receive is matched,
// rendezvous), when a send returns (once its data has left, or at once:
// detached), and the CPU overheads charged around a message. It is
// chosen at set-up and knows nothing of how links are shared: the
// network model (netmodel.Network) times the data once it moves, so a
// protocol composes with any model, as SimGrid keeps smpi/ apart from
// kernel/resource.
package protocol

import (
	"math"

	"augur/internal/machine/netmodel"
)

// Protocol is one point-to-point protocol; its zero value is none of
// the two below (every send a rendezvous without handshake, no
// overheads).
type Protocol struct {
	// eager: sends of at most this many bytes leave at their post and
	// complete once injected; -Inf: none does.
	eager float64
	// detached: sends of fewer bytes complete at their post, their
	// data moving once matched; 0: none does.
	detached float64
	// handshake: a rendezvous waits one path latency (the receiver's
	// clear-to-send reaching the sender) before its data moves.
	handshake bool
	// os, or, ois: SMPI's per-message CPU overheads (smpi/os, smpi/or,
	// smpi/ois); empty: none.
	os, or, ois netmodel.Affine
}

// Augur is augur's protocol (docs/semantics.md, section 3): a send of at
// most eager bytes leaves at once and completes once injected; a larger
// one waits for its receive, whose clear-to-send takes one latency, then
// moves. No overheads.
func Augur(eager float64) Protocol {
	return Protocol{eager: eager, handshake: true}
}

// SMPI is SimGrid 3.32's protocol with c's settings: a send smaller than
// smpi/send-is-detached-thresh returns at once, every message moves from
// its match on (the flow pays its own latency), and sends and receives
// pay SMPI's overheads.
func SMPI(c *netmodel.Config) Protocol {
	return Protocol{eager: math.Inf(-1), detached: c.DetachedThresh, os: c.Os, or: c.Or, ois: c.Ois}
}

// Eager reports whether a send of bytes leaves at its post.
func (p *Protocol) Eager(bytes float64) bool { return bytes <= p.eager }

// Detached reports whether a send of bytes that does not leave at its
// post still returns at once.
func (p *Protocol) Detached(bytes float64) bool { return bytes < p.detached }

// Handshake reports whether a rendezvous pays a path latency before its
// data moves.
func (p *Protocol) Handshake() bool { return p.handshake }

// SendOverhead is the CPU time a send of bytes spends before it is
// posted: smpi/ois before an isend, smpi/os before a blocking send that
// is detached.
func (p *Protocol) SendOverhead(isend bool, bytes float64) float64 {
	if isend {
		return p.ois.At(bytes)
	}
	if p.Detached(bytes) {
		return p.os.At(bytes)
	}
	return 0
}

// RecvOverhead is the CPU time a receive of bytes spends once it
// completes in a wait: smpi/or for a detached message.
func (p *Protocol) RecvOverhead(bytes float64) float64 {
	if len(p.or) == 0 || !p.Detached(bytes) {
		return 0
	}
	return p.or.At(bytes)
}
