package analyze

import (
	"slices"
	"strings"
)

// Vectorised loops. At -O3 (and -Ofast) gcc vectorises an innermost loop
// whose iterations are independent and whose accesses are unit-stride
// streams or do not move in it: one instruction then does the work of
// several elements. ParRes DGEMM's CC(m, n) += AA(m, k) * BB(n, k) over m
// is 8 doubles a fused multiply-add at -O3 -march=native. The analysis
// divides the loop's instructions (its arithmetic, its streamed loads and
// stores, its test and step) by the elements a vector holds; the bytes
// its streams move from memory stay what they are. Short loops inside it
// that gcc unrolls completely (a stencil's radius loops) are vectorised
// with it. A vector is as wide as the system's compiler makes it at the
// compile line's flags (package cfront compiles a probe loop and reads
// its registers), at most 32 bytes (an AVX-512 processor runs most loops
// at about the same rate per byte); where that is not known, 32 bytes
// where the target has
// AVX2 (-march=native on any x86-64 of the last ten years, or a -march or
// -m flag naming AVX2 or later), 16 bytes (SSE2) otherwise. A loop with
// anything else — a branch, a call, a load the analysis cannot follow or
// that strides, a loop-carried chain (a reduction, unless -ffast-math
// lets gcc split it), an array it stores and also reads at another place
// (a[i] = a[i-1] + ...) — is left scalar.

// vectorOps are the operation keys a vectorised loop's body may have, and
// that its vectors divide (seq_bytes, the memory traffic, is kept).
var vectorOps = map[string]bool{"fp_add": true, "fp_mul": true, "fp_div": true, "int_add": true, "int_mul": true,
	"load_seq": true, "store_seq": true}

// avx2Arch are the -march values (prefixes) of processors with AVX2.
var avx2Arch = []string{"native", "haswell", "broadwell", "skylake", "cannonlake", "icelake", "cascadelake", "cooperlake",
	"tigerlake", "sapphirerapids", "alderlake", "raptorlake", "rocketlake", "znver", "x86-64-v3", "x86-64-v4", "bdver4"}

// vectorBytes is the width of the vectors gcc uses at the compile line's
// target.
func (mo *memOps) vectorBytes() float64 {
	c := mo.w.o.Compiled
	if c.VectorBytes > 0 {
		// What the compiler did with a probe loop, but no more than 32
		// bytes: the throughputs of the machine file are those of 32-byte
		// vectors at best, and a 64-byte one does not go at twice their
		// rate. On the Xeon (Cooper Lake) of docs/corpus.md, gcc's zmm
		// code of c[m] += a[m] * b in the first level is 10-35 % faster an
		// element than its ymm code (-mprefer-vector-width=256;
		// bench/probes.sh).
		return min(c.VectorBytes, 32)
	}
	for _, p := range avx2Arch {
		if c.Arch != "" && strings.HasPrefix(c.Arch, p) {
			return 32
		}
	}
	if slices.Contains(c.Flags, "-mavx2") || slices.Contains(c.Flags, "-mavx512f") {
		return 32
	}
	return 16
}

// vectorise divides the instructions of a loop gcc vectorises by the
// elements of a vector (see above).
func (mo *memOps) vectorise(b *Block) {
	if !mo.w.optimised(3) || b.Loop == nil || !b.Loop.Canonical || b.Loop.Var == "" || len(b.Body) == 0 {
		return
	}
	if k, ok := constOf(b.Loop.Step); !ok || k != 1 {
		return
	}
	if _, short := mo.shortTrips(b.Loop); short {
		// A short loop (a stencil's radius loop) gcc unrolls completely:
		// priced as straight code in the iteration around it
		// (unrolled.go), checked against gcc -O3's vector code.
		return
	}
	// The body: straight-line blocks, and short loops gcc unrolls
	// completely (a stencil's radius loops), whose copies are straight
	// code of the iteration. gcc vectorises the loop around them: ParRes
	// Stencil's i loop at -O3 -march=native is nine fused multiply-adds
	// on vectors of doubles, with a run-time check that in and out do not
	// overlap (objdump of the build).
	var body []*Block
	var collect func(bs []*Block) bool
	collect = func(bs []*Block) bool {
		for _, blk := range bs {
			switch {
			case blk.Kind == Compute:
				body = append(body, blk)
			case blk.Kind == Loop && blk.unrolled > 0:
				body = append(body, blk)
				if !collect(blk.Body) {
					return false
				}
			default:
				return false
			}
		}
		return true
	}
	if !collect(b.Body) {
		return
	}
	elem := 0.0
	stored := map[string]string{} // array → the index it is stored at
	for _, blk := range body {
		for _, acc := range blk.accesses {
			if acc.store && acc.index != nil {
				stored[acc.base] = String(acc.index)
			}
		}
	}
	all := append([]*Block{b}, body...)
	for _, blk := range all {
		for k, n := range blk.Ops {
			if n != 0 && !vectorOps[k] && k != "seq_bytes" {
				return
			}
		}
		if len(blk.chains) > 0 && !mo.w.o.Compiled.FastMath {
			return // a reduction gcc does not reassociate
		}
		for _, acc := range blk.accesses {
			if acc.unknown {
				return
			}
			if at, ok := stored[acc.base]; ok && (acc.index == nil || String(acc.index) != at) {
				// a[i] = a[i-1] + ...: an iteration reads what the one
				// before stored (ParRes p2p's wavefront); gcc does not
				// vectorise what it cannot prove independent.
				return
			}
			elem = max(elem, acc.size)
		}
	}
	if elem == 0 {
		return // no array: nothing gcc would vectorise
	}
	lanes := mo.vectorBytes() / elem
	if lanes < 2 {
		return
	}
	for _, blk := range all {
		for k := range blk.Ops {
			if vectorOps[k] {
				blk.Ops[k] /= lanes
			}
		}
		for i := range blk.accesses {
			// The loads an unrolled iteration keeps in a register
			// (keptLoads) are vector loads too.
			if vectorOps[blk.accesses[i].kind] {
				blk.accesses[i].n /= lanes
			}
		}
	}
}
