package compile

import "augur/internal/ir"

// The first calls of a collective whose MPI library allocates temporary
// vectors of the message's size (Open MPI's reduce in place at the root,
// its allreduce) get them fresh from the kernel, and fault their pages in.
// glibc maps an allocation of 128 KiB or more afresh, and after freeing
// one raises its mapping threshold to that size, up to 32 MiB: the
// second call takes the vector from the heap, which grows into fresh
// pages, and from the third on the heap's free memory is used again. A
// collective measured in a loop (augur bench machine) holds that steady
// state below 32 MiB, and the faults of every call beyond. So a call is
// charged the steady time and, for its first coldCalls calls of a size
// between the two thresholds, the measured cost per byte of fresh
// temporaries: how much more a byte costs beyond 32 MiB than just below
// (ParRes Reduce at 32 MB on 2 ranks, 11 calls in place: 56 % short when
// every call was the steady state).
const (
	mmapMin   = 128 << 10 // glibc's first mapping threshold
	mmapMax   = 32 << 20  // the highest it rises to (64-bit)
	coldCalls = 2         // mapped, then grown from the heap
)

// coldKey is a collective of a size, called in place or not.
type coldKey struct {
	kind    ir.Kind
	inPlace bool
	bytes   float64
}

// coldCost is the extra seconds this process's call of a collective of
// bytes timed by ct spends faulting in fresh temporaries: for one of the
// first coldCalls calls of that size, bytes at the excess per byte of a
// size where every call is cold (128 MiB) over one where the temporaries
// are reused (31 MiB); 0 otherwise.
func (v *vm) coldCost(ct func(ir.Kind, bool, float64) (float64, bool), kind ir.Kind, inPlace bool, bytes float64) float64 {
	if bytes < mmapMin || bytes >= mmapMax {
		return 0
	}
	k := coldKey{kind, inPlace, bytes}
	if v.cold == nil {
		v.cold = map[coldKey]int{}
	}
	if v.cold[k] >= coldCalls {
		return 0
	}
	v.cold[k]++
	const below, beyond = 31 << 20, 128 << 20
	steady, ok1 := ct(kind, inPlace, below)
	cold, ok2 := ct(kind, inPlace, beyond)
	if !ok1 || !ok2 {
		return 0
	}
	return max(0, cold/beyond-steady/below) * bytes
}
