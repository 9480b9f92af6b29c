package analyze

import (
	"strings"

	"modernc.org/cc/v4"
)

// Fresh memory first written by an MPI call. A vector allocated (128 KiB
// or more: pages fresh from the kernel) and handed to MPI as a receive
// buffer has its pages faulted in inside the call, as the data arrives,
// not where it was allocated: charged at the allocation, a receiver's
// faults are hidden in its wait for the sender, where in the run they
// come after it. And a large message completes only once the receiver
// has taken it (a rendezvous): the root of MPI_Scatter, which sends to
// each rank in turn and copies its own block, waits for every rank's
// faults, procs times one block's (the mpitutorial's all_avg: the root
// fills 40 MB, then scatters 20 MB blocks into buffers just allocated;
// priced at the allocations it was predicted 30 % short at 2 ranks). So
// the first writes of an allocation whose first use in the function is
// the receive buffer of MPI_Recv, MPI_Scatter, MPI_Allgather,
// MPI_Alltoall or MPI_Allreduce are charged right after that call: at
// MPI_Scatter's root procs times over, elsewhere once. augur record --mpi
// measures the same faults on the trace path (docs/replay.md §3.3).

// recvBuffer is, for the MPI calls whose receive buffer this models, the
// position of that buffer among the arguments.
var recvBuffer = map[string]int{
	"MPI_Recv": 0, "MPI_Scatter": 3, "MPI_Allgather": 3, "MPI_Alltoall": 3, "MPI_Allreduce": 1,
}

// freshReceive moves the first writes of the allocation that the MPI call
// c (just appended to out) receives into, when out shows no earlier use
// of it since it was allocated, to a block right after the call.
func (mp *mpiPart) freshReceive(c *cc.PostfixExpression, name string, args []cc.ExpressionNode, root Expr, out *[]*Block) {
	i, ok := recvBuffer[name]
	if !ok || i >= len(args) || inPlaceBuffer(args[i]) {
		return
	}
	base := baseOf(args[i])
	if base == "" || len(*out) < 2 {
		return
	}
	for k := len(*out) - 2; k >= 0; k-- {
		b := (*out)[k]
		if key, ok := mp.touchOf(b, base); ok {
			if usesBase(b, base) {
				return // written where it was allocated
			}
			n := b.Ops[key]
			delete(b.Ops, key)
			mp.chargeAfter(c, name, key, n, b.footprints, root, out)
			return
		}
		if b.Kind == CallK || usesBase(b, base) {
			return // a function of the program may write it; or a use
		}
	}
}

// touchOf is the touch@ key of b that charges the allocation of base.
func (mp *mpiPart) touchOf(b *Block, base string) (string, bool) {
	for _, k := range sortedKeys(b.Ops) {
		rest, ok := strings.CutPrefix(k, "touch@")
		if !ok {
			continue
		}
		if _, site, _ := strings.Cut(rest, "#"); mp.w.allocSites[site] == base {
			return k, true
		}
	}
	return "", false
}

// usesBase reports whether b or a block inside it accesses base.
func usesBase(b *Block, base string) bool {
	for _, x := range b.accesses {
		if x.base == base {
			return true
		}
	}
	for _, list := range [][]*Block{b.Body, b.Then, b.Else} {
		for _, in := range list {
			if usesBase(in, base) {
				return true
			}
		}
	}
	return false
}

// chargeAfter appends to out a compute block at the call c that charges
// n first writes of the allocation key (touch@SIZE#SITE) names: procs
// times over at the root of MPI_Scatter.
func (mp *mpiPart) chargeAfter(c *cc.PostfixExpression, name, key string, n float64, fps map[string]Expr, root Expr, out *[]*Block) {
	rest := strings.TrimPrefix(key, "touch@")
	sizeText, site, _ := strings.Cut(rest, "#")
	size := fps[rest]
	if size == nil {
		return // not reached: every touch@ key has its footprint
	}
	if name == "MPI_Scatter" && root != nil {
		size = Cond{Bin{"==", Name{"pid"}, root}, mul(Name{"procs"}, size), size}
		sizeText = String(size)
	}
	nk := sizeText + "#" + site
	b := &Block{Name: mp.w.fresh(mp.w.fn.Name + "_L" + itoa(pos(c).Line) + "_touch"), Kind: Compute, Func: mp.w.fn.Name, Pos: pos(c), End: pos(c),
		Ops: map[string]float64{"touch@" + nk: n}, footprints: map[string]Expr{nk: size}}
	*out = append(*out, b)
}
