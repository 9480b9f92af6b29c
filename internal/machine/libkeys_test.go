package machine

import (
	"math"
	"testing"
)

// A machine file written before augur bench machine timed the C library
// calls prices them as they were priced before; one that has them, with
// its own figures.
func TestLibCallFallback(t *testing.T) {
	old := map[string]float64{"exp": 30e-9, "log": 28e-9, "fp_mul": 1e-9, "rand": 2e-9, "call": 1.5e-9,
		"sqrt": 5e-9, "store_tp": 0.16e-9}
	for _, c := range []struct {
		key  string
		want float64
		says string
	}{
		{"libm_exp", 30e-9, "exp"},
		{"libm_pow", 59e-9, "exp + log + fp_mul"},
		{"libm_pow_vec", 59e-9, "libm_pow"},
		{"libm_sqrt", 6.5e-9, "call + sqrt"},
		{"libc_rand", 2e-9, "rand"},
		{"libc_memcpy_byte", 0.02e-9, "store_tp"},
	} {
		got, ok := OpTime(old, c.key)
		if !ok || math.Abs(got-c.want) > 1e-15 {
			t.Errorf("%s: %g, %v; want %g", c.key, got, ok, c.want)
		}
		if s := OpFallback(c.key); s != c.says {
			t.Errorf("%s falls back to %q, want %q", c.key, s, c.says)
		}
	}
	measured := map[string]float64{"libc_rand": 14e-9, "libm_exp": 4e-9, "libm_exp_vec": 0.6e-9}
	for k, want := range measured {
		if got, ok := OpTime(measured, k); !ok || got != want {
			t.Errorf("%s: %g, %v; want %g", k, got, ok, want)
		}
	}
	if _, ok := OpTime(map[string]float64{}, "libm_pow"); ok {
		t.Error("libm_pow priced on a file with none of its fallbacks")
	}
	if OpFallback("int_add") != "" {
		t.Error("int_add has a fallback")
	}
}
