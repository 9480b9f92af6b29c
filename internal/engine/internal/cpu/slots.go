package cpu

import "math/bits"

// Slots says which client holds which CPU of a node, for the priority
// scheduler (whom to preempt: Victim) and for the thread accounts (on
// which CPU a unit ran). A CPU a client gives back is handed to the next
// client that asks for it with handover (a release or a preemption hands
// it over), else a client takes the lowest free CPU, so that a trace's
// CPUs read as the former simulator's did.
type Slots struct {
	holder   []int32  // the client on each CPU, -1: free
	free     []uint64 // the CPUs no client holds, a bit each
	handover int32    // the CPU Free freed last (0 before any)
}

// NewSlots returns the slots of cpus CPUs, every one free.
func NewSlots(cpus int) *Slots {
	s := &Slots{holder: make([]int32, cpus), free: make([]uint64, (cpus+63)/64)}
	for i := range s.holder {
		s.holder[i] = -1
		s.free[i/64] |= 1 << (i % 64)
	}
	return s
}

// Take gives client CPU c, or, with c < 0, the CPU the last Free freed
// if handover and it is still free, else the lowest free CPU; it returns
// the CPU. The caller knows a CPU is free (its queue granted one).
func (s *Slots) Take(client, c int32, handover bool) int32 {
	if c < 0 {
		if handover && s.handover >= 0 && s.holder[s.handover] < 0 {
			c = s.handover
		} else {
			c = s.lowestFree()
		}
	}
	s.holder[c] = client
	s.free[c/64] &^= 1 << (c % 64)
	return c
}

// Free gives CPU c back.
func (s *Slots) Free(c int32) {
	s.holder[c] = -1
	s.free[c/64] |= 1 << (c % 64)
	s.handover = c
}

// Holder is the client on CPU c, -1 if it is free.
func (s *Slots) Holder(c int32) int32 { return s.holder[c] }

// lowestFree is the lowest CPU no client holds.
func (s *Slots) lowestFree() int32 {
	for w, b := range s.free {
		if b != 0 {
			return int32(w*64 + bits.TrailingZeros64(b))
		}
	}
	return -1 // cannot happen: the caller's queue granted a CPU
}

// Victim returns the client a preemption takes a CPU from: among the
// clients on a CPU that rank says may be preempted (ok), the one of
// lowest priority, and among equals the one whose grant came last (it
// has done the least of its run); -1 if none may be. Nil slots hold
// no one.
func (s *Slots) Victim(rank func(client int32) (prio int32, grant int64, ok bool)) int32 {
	if s == nil {
		return -1 // no client has had a CPU yet
	}
	victim, vp, vg := int32(-1), int32(0), int64(0)
	for _, r := range s.holder {
		if r < 0 {
			continue
		}
		p, g, ok := rank(r)
		if !ok {
			continue
		}
		if victim < 0 || p < vp || (p == vp && g > vg) {
			victim, vp, vg = r, p, g
		}
	}
	return victim
}
