package cfront

import (
	"context"
	"testing"
)

// The system's gcc is asked for the width of its vectors at the compile
// line's flags: SSE2's 16 bytes by default on x86-64, 32 with AVX2, 64
// with AVX-512 where its tuning takes 512-bit vectors, and 8 (scalar)
// when vectorisation is off.
func TestVectorBytesFromTheCompiler(t *testing.T) {
	l, err := NewLoader()
	if err != nil {
		t.Skip(err)
	}
	if w := l.vectorBytes(context.Background(), []string{"-O3"}); w == 0 {
		t.Skip("not an x86 compiler")
	}
	for _, c := range []struct {
		flags []string
		want  float64
	}{
		{[]string{"-O3"}, 16},
		{[]string{"-O3", "-mavx2"}, 32},
		{[]string{"-O3", "-mavx512f", "-mprefer-vector-width=512"}, 64},
		{[]string{"-O3", "-mavx512f", "-mprefer-vector-width=256"}, 32},
		{[]string{"-O3", "-fno-tree-vectorize"}, 8},
	} {
		if got := l.vectorBytes(context.Background(), c.flags); got != c.want {
			t.Errorf("%v: %g bytes, want %g", c.flags, got, c.want)
		}
	}
}

func TestWidestVector(t *testing.T) {
	for asm, want := range map[string]float64{
		"vfmadd213pd\t(%rax), %zmm1, %zmm0": 64,
		"vmulpd\t%ymm1, %ymm0, %ymm0":       32,
		"mulpd\t%xmm1, %xmm0":               16,
		"mulsd\t%xmm1, %xmm0":               8,
		"fmul\td0, d0, d1":                  0,
	} {
		if got := widestVector(asm); got != want {
			t.Errorf("%q: %g, want %g", asm, got, want)
		}
	}
}
