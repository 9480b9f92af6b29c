package coll

import (
	"fmt"
	"slices"
	"testing"

	"augur/internal/ir"
)

// The algorithms a program may name for a collective (ir.Algorithms,
// which the model checker reads) are exactly those Plan.Set implements:
// each named algorithm builds rounds of its own, the default builds one
// of theirs, and an algorithm not named for the kind builds the
// default's (Set ignores it). Adding an algorithm to ir without its
// rounds here, or rounds without its row in ir, fails.
func TestAlgorithmsImplemented(t *testing.T) {
	const p = 8 // a power of two: recursive doubling's allgather needs one
	all := make([]ir.Algorithm, len(ir.AlgorithmNames()))
	for i := range all {
		all[i] = ir.Algorithm(i)
	}
	for kind := ir.Barrier; kind <= ir.Exscan; kind++ {
		if !kind.IsCollective() || kind.IsVector() {
			continue
		}
		rounds := map[ir.Algorithm]string{}
		for _, a := range all {
			rounds[a] = planRounds(kind, a, p)
		}
		named := ir.Algorithms(kind)
		for _, a := range all[1:] {
			if !slices.Contains(named, a) && rounds[a] != rounds[ir.AlgoDefault] {
				t.Errorf("%v: %v builds rounds of its own but is not in ir.Algorithms", kind, a)
			}
		}
		for i, a := range named {
			for _, b := range named[:i] {
				if rounds[a] == rounds[b] {
					t.Errorf("%v: %v builds the rounds of %v: no implementation of its own", kind, a, b)
				}
			}
		}
		if len(named) > 0 && !slices.ContainsFunc(named, func(a ir.Algorithm) bool { return rounds[a] == rounds[ir.AlgoDefault] }) {
			t.Errorf("%v: the default builds rounds no named algorithm builds", kind)
		}
	}
}

// planRounds is every process's rounds of collective kind under algo,
// on p processes with root 1, as text.
func planRounds(kind ir.Kind, algo ir.Algorithm, p int32) string {
	var s []byte
	for r := range p {
		var c Plan
		c.Set(kind, algo, p, r, 1, 1000)
		for {
			st, ok := c.Next()
			if !ok {
				break
			}
			s = fmt.Appendf(s, "%d:%+v;", r, st)
		}
	}
	return string(s)
}
