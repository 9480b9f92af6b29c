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
// its streams move from memory stay what they are. A vector is 32 bytes
// where the target has AVX2 (-march=native on any x86-64 of the last ten
// years, or a -march or -m flag naming AVX2 or later; processors with
// AVX-512 run most of it at the same rate per byte), 16 bytes (SSE2)
// otherwise. A loop with anything else — a branch, a call, a load the
// analysis cannot follow or that strides, a loop-carried chain (a
// reduction, unless -ffast-math lets gcc split it), an array it stores
// and also reads at another place (a[i] = a[i-1] + ...) — is left
// scalar.

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
	elem := 0.0
	stored := map[string]string{} // array → the index it is stored at
	for _, blk := range b.Body {
		for _, acc := range blk.accesses {
			if acc.store && acc.index != nil {
				stored[acc.base] = String(acc.index)
			}
		}
	}
	for _, blk := range append([]*Block{b}, b.Body...) {
		if blk != b && blk.Kind != Compute {
			return
		}
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
	for _, blk := range append([]*Block{b}, b.Body...) {
		for k := range blk.Ops {
			if vectorOps[k] {
				blk.Ops[k] /= lanes
			}
		}
	}
}
