package cfront

import (
	"context"
	"os"
	"os/exec"
	"strings"
)

// The width of the vectors the compiler vectorises with depends on its
// target and its tuning, not only on the instruction set: gcc 12 with
// -march=native on a Cooper Lake processor writes 64-byte zmm code for
// ParRes Stencil's i loop, where on Skylake-SP it keeps to 32-byte ymm
// registers (its tuning prefers 256 bits there). Rather than tabulate
// gcc's tunings, the loader asks the compiler: it compiles a loop that
// every vectoriser takes, with the compile line's code-generation flags,
// and reads the widest vector register of the code.

// vectorProbe is a loop gcc vectorises at -O3 on any target with vectors.
const vectorProbe = "void augur_probe(double *restrict a, const double *restrict b, long n) {\n" +
	"  for (long i = 0; i < n; i++) a[i] = a[i] * 2.5 + b[i];\n}\n"

// vectorBytes is the width in bytes of the vectors the compiler uses
// with flags (a loop of doubles), 8 when it does not vectorise the
// probe, 0 when it cannot tell (the compiler fails, or the target's
// registers are not x86's). Only the code-generation flags matter; the
// answer is kept per set of them.
func (l *Loader) vectorBytes(ctx context.Context, flags []string) float64 {
	key := strings.Join(flags, "\x00")
	l.mu.Lock()
	w, ok := l.vectors[key]
	l.mu.Unlock()
	if ok {
		return w
	}
	args := append(append([]string(nil), flags...), "-S", "-x", "c", "-o", "-", "-")
	cmd := exec.CommandContext(ctx, l.cfg.CC, args...)
	cmd.Env = append(os.Environ(), "LC_ALL=C")
	cmd.Stdin = strings.NewReader(vectorProbe)
	out, err := cmd.Output()
	w = 0
	if err == nil {
		w = widestVector(string(out))
	}
	l.mu.Lock()
	l.vectors[key] = w
	l.mu.Unlock()
	return w
}

// widestVector reads x86 assembly: 64 for zmm registers, 32 for ymm, 16
// for packed operations on xmm, 8 for scalar code only, 0 when the code
// is not x86's.
func widestVector(asm string) float64 {
	switch {
	case strings.Contains(asm, "%zmm"):
		return 64
	case strings.Contains(asm, "%ymm"):
		return 32
	case strings.Contains(asm, "pd\t") && strings.Contains(asm, "%xmm"):
		return 16
	case strings.Contains(asm, "%xmm"):
		return 8
	}
	return 0
}
