package calib

import (
	"bufio"
	"context"
	_ "embed" // the C kernel
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
)

// libcallsC times the C library calls programs make (rand, drand48,
// exp, log, pow, sin, tan, atan, sqrt and floor as calls, malloc and
// free, memcpy and memset per byte). Go's own math functions, which the
// exp, log and sqrt keys time, are not glibc's: glibc's exp takes a
// third of the time of Go's math.Exp, and its rand takes a lock that a
// PCG generator does not. So the calls are timed in C, compiled by the
// system's compiler as programs are.
//
//go:embed csrc/libcalls.c
var libcallsC string

// libDocs are the keys the kernel prints, with what each measured.
var libDocs = map[string]string{
	"libm_exp":         "exp called on each element of an 8 KiB array (gcc -O2 -fno-builtin: a real call into libm), per call",
	"libm_log":         "log, as libm_exp",
	"libm_pow":         "pow(x, 2.37), as libm_exp",
	"libm_sin":         "sin, as libm_exp (cos the same)",
	"libm_tan":         "tan, as libm_exp",
	"libm_atan":        "atan, as libm_exp",
	"libm_sqrt":        "sqrt as a call (what gcc -O0 makes of it; optimising, gcc inlines the instruction: sqrt)",
	"libm_floor":       "floor as a call (gcc -O0; and round, fmin, fmax, which gcc calls without -ffast-math)",
	"libm_exp_vec":     "exp per element of a loop compiled with gcc -O3 -ffast-math -march=native (libmvec's vector exp)",
	"libm_log_vec":     "log per element, vectorised as libm_exp_vec",
	"libm_pow_vec":     "pow per element, vectorised as libm_exp_vec",
	"libm_sin_vec":     "sin per element, vectorised as libm_exp_vec",
	"libm_tan_vec":     "tan per element, vectorised as libm_exp_vec",
	"libm_atan_vec":    "atan per element, vectorised as libm_exp_vec",
	"libc_rand":        "glibc's rand, one call after another (its state and lock make a chain)",
	"libc_drand48":     "glibc's drand48, one call after another",
	"libc_malloc":      "malloc of 64-127 bytes, one write, free: the pair",
	"libc_memcpy_byte": "a byte of memcpy of 8 KiB within the first cache level",
	"libc_memset_byte": "a byte of memset of 8 KiB within the first cache level",
	"libc_qsort":       "glibc's qsort of 16 random 64-bit keys (a comparison of two loads), per n log2 n: 64 a call",
}

// LibCallOptions control LibCalls.
type LibCallOptions struct {
	Quick bool
	// CC is the C compiler; "" takes $CC, else cc, else gcc.
	CC string
	// WorkDir holds the compiled kernel; "" uses a temporary directory.
	WorkDir string
}

// LibCalls times the C library calls: the kernel compiled twice, at
// -O2 -fno-builtin (every call a real call) and at -O3 -ffast-math
// -march=native (the loops over arrays vectorised through libmvec where
// gcc can), each run once, printing every repetition. The vectorised
// build is left out, with a note, when the compiler refuses its flags.
func LibCalls(ctx context.Context, o LibCallOptions) ([]Op, []string, error) {
	cc, err := cCompiler(o.CC)
	if err != nil {
		return nil, nil, err
	}
	dir := o.WorkDir
	if dir == "" {
		d, err := os.MkdirTemp("", "augur-libcalls-")
		if err != nil {
			return nil, nil, fmt.Errorf("library calls: %w", err)
		}
		defer os.RemoveAll(d)
		dir = d
	}
	src := filepath.Join(dir, "libcalls.c")
	if err := os.WriteFile(src, []byte(libcallsC), 0o644); err != nil {
		return nil, nil, fmt.Errorf("library calls: %w", err)
	}
	reps, target := "15", "0.02"
	if o.Quick {
		reps, target = "9", "0.005"
	}
	var ops []Op
	var left []string
	for _, build := range []struct {
		name  string
		flags []string
	}{
		{"libcalls", []string{"-O2", "-fno-builtin"}},
		{"libcalls-vec", []string{"-O3", "-ffast-math", "-march=native", "-DVEC"}},
	} {
		bin := filepath.Join(dir, build.name)
		args := append(append([]string{}, build.flags...), "-o", bin, src, "-lm")
		if out, err := exec.CommandContext(ctx, cc, args...).CombinedOutput(); err != nil {
			if build.name == "libcalls" {
				return nil, nil, fmt.Errorf("library calls: %s %s: %v\n%s", cc, strings.Join(args, " "), err, out)
			}
			left = append(left, fmt.Sprintf("vectorised libm calls (libm_*_vec): %s %s failed: %s", cc, strings.Join(build.flags, " "), firstLine(string(out))))
			continue
		}
		out, err := exec.CommandContext(ctx, bin, reps, target).Output()
		if err != nil {
			return nil, nil, fmt.Errorf("library calls: %s: %w", bin, err)
		}
		got, err := parseLibCalls(strings.NewReader(string(out)))
		if err != nil {
			return nil, nil, fmt.Errorf("library calls: %s: %w", bin, err)
		}
		ops = append(ops, got...)
	}
	return ops, left, nil
}

// cCompiler finds the C compiler the kernel is built with.
func cCompiler(cc string) (string, error) {
	if cc == "" {
		cc = os.Getenv("CC")
	}
	if cc != "" {
		p, err := exec.LookPath(cc)
		if err != nil {
			return "", fmt.Errorf("library calls: C compiler %s: %w", cc, err)
		}
		return p, nil
	}
	for _, c := range []string{"cc", "gcc"} {
		if p, err := exec.LookPath(c); err == nil {
			return p, nil
		}
	}
	return "", errors.New("library calls: no C compiler (cc or gcc) found")
}

// parseLibCalls reads the kernel's "key t1 t2 ..." lines: seconds per
// operation of each repetition, summarised as every operation is.
func parseLibCalls(r io.Reader) ([]Op, error) {
	var out []Op
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) == 0 {
			continue
		}
		doc, ok := libDocs[f[0]]
		if !ok {
			return nil, fmt.Errorf("unknown operation %q in the kernel's output", f[0])
		}
		if len(f) < 2 {
			return nil, fmt.Errorf("%s: no repetitions", f[0])
		}
		var vals []float64
		for _, s := range f[1:] {
			v, err := strconv.ParseFloat(s, 64)
			if err != nil || !(v > 0) {
				return nil, fmt.Errorf("%s: bad time %q", f[0], s)
			}
			vals = append(vals, v)
		}
		out = append(out, Op{Key: f[0], Doc: doc, Stat: estimate(vals)})
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if len(out) == 0 {
		return nil, errors.New("the kernel printed no measurements")
	}
	return out, nil
}
