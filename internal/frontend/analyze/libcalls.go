package analyze

import (
	"slices"
	"strings"

	"modernc.org/cc/v4"
)

// libOps is what a call of the C library function name costs, as gcc
// makes it at the compile line's flags: the operation keys of a machine
// file and their counts, false for a function not priced here. gcc
// inlines some calls (sqrt as one instruction when optimising, fabs
// always, floor and ceil when optimising, pow(x, 2) as x·x) and
// vectorises others (exp, log, sin ... through libmvec in a loop at -O3
// with -ffast-math); the rest are calls into glibc, which augur bench
// machine times (libm_*, libc_*; docs/bench.md). The key a machine file
// lacks is priced as before it had it (machine.OpFallback), and the
// report says so.
func (mo *memOps) libOps(x *cc.PostfixExpression, name string) (map[string]float64, bool) {
	switch name {
	case "sqrt", "sqrtf", "sqrtl":
		if !mo.w.optimised(1) {
			return map[string]float64{"libm_sqrt": 1}, true // gcc -O0 calls libm
		}
		if mo.mathErrno() {
			// sqrtsd, then a compare of the result that calls libm only
			// for a negative argument (to set errno): never taken.
			return map[string]float64{"sqrt": 1, "fp_add": 1}, true
		}
		return map[string]float64{"sqrt": 1}, true
	case "exp", "expf", "expl", "exp2", "exp2f", "expm1", "expm1f":
		return mo.mathCall("libm_exp"), true
	case "log", "logf", "logl", "log2", "log2f", "log10", "log10f", "log1p", "log1pf":
		return mo.mathCall("libm_log"), true
	case "pow", "powf", "powl":
		if args := callArgs(x); len(args) == 2 && mo.w.optimised(1) {
			switch v, _ := constValue(args[1]); {
			case v == 2:
				return map[string]float64{"fp_mul": 1}, true // pow(x, 2) is x·x, exactly
			case v == 0.5 && mo.w.o.Compiled.FastMath:
				return map[string]float64{"sqrt": 1}, true
			}
		}
		return mo.mathCall("libm_pow"), true
	case "sin", "cos", "sinf", "cosf", "sinl", "cosl", "sincos":
		return mo.mathCall("libm_sin"), true
	case "tan", "tanf", "tanl":
		return mo.mathCall("libm_tan"), true
	case "atan", "atan2", "asin", "acos", "atanf", "atan2f", "asinf", "acosf":
		return mo.mathCall("libm_atan"), true
	case "sinh", "cosh", "tanh", "erf", "erfc", "cbrt", "hypot", "sinhf", "coshf", "tanhf":
		// libm calls of the same kind of cost as exp, which they
		// mostly compute through; the machine file has no key of
		// their own.
		mo.w.note(x, name, "%s is priced as one call of exp (libm_exp, a libm call of similar cost)", name)
		return mo.mathCall("libm_exp"), true
	case "fabs", "fabsf", "fabsl":
		return map[string]float64{"fp_add": 1}, true // a mask, inlined at every level
	case "abs", "labs", "llabs":
		return map[string]float64{"int_add": 1}, true
	case "floor", "ceil", "trunc", "rint", "nearbyint", "floorf", "ceilf", "truncf":
		if mo.w.optimised(1) {
			return map[string]float64{"fp_add": 1}, true // inlined (roundsd, or SSE2's few operations)
		}
		return map[string]float64{"libm_floor": 1}, true
	case "round", "roundf", "lround", "fmin", "fmax", "fminf", "fmaxf":
		if mo.w.optimised(1) && mo.w.o.Compiled.FastMath {
			return map[string]float64{"fp_add": 1}, true // minsd, or round's few operations
		}
		return map[string]float64{"libm_floor": 1}, true // called: NaN and rounding rules
	case "fmod", "fmodf":
		return map[string]float64{"libm_floor": 1, "fp_div": 1}, true
	case "rand", "random":
		return map[string]float64{"libc_rand": 1}, true
	case "rand_r":
		// The caller's state, no lock: a plain generator.
		return map[string]float64{"rand": 1}, true
	case "drand48", "erand48", "lrand48", "nrand48", "mrand48", "jrand48":
		return map[string]float64{"libc_drand48": 1}, true
	case "malloc", "calloc", "realloc", "aligned_alloc", "memalign", "valloc", "posix_memalign":
		// The pair with its free, which is priced at nothing.
		return map[string]float64{"libc_malloc": 1}, true
	case "free":
		return map[string]float64{}, true
	}
	return nil, false
}

// mathCall is a call of a libm function whose machine key is key: per
// element of libmvec's vector variant (key_vec) when gcc vectorises the
// loop around it, which it does at -O3 with -ffast-math (libm's header
// declares the vector variants only then); with -march, as augur bench
// machine measures them (without, gcc takes the two-lane SSE variants,
// and the scalar call is the nearer price).
func (mo *memOps) mathCall(key string) map[string]float64 {
	if len(mo.w.loops) > 0 && mo.w.loops[len(mo.w.loops)-1].info.Var != "" &&
		mo.w.optimised(3) && mo.w.o.Compiled.FastMath && mo.w.o.Compiled.Arch != "" {
		return map[string]float64{key + "_vec": 1}
	}
	return map[string]float64{key: 1}
}

// mathErrno tells whether math functions set errno, as C requires
// unless -fno-math-errno or -ffast-math says otherwise.
func (mo *memOps) mathErrno() bool {
	if mo.w.o.Compiled.FastMath {
		return false
	}
	i := slices.Index(mo.w.o.Compiled.Flags, "-fno-math-errno")
	return i < 0 || slices.Index(mo.w.o.Compiled.Flags[i:], "-fmath-errno") > 0
}

// bulk prices memcpy, memmove and memset by their bytes (their third
// argument): per byte within the caches (libc_memcpy_byte,
// libc_memset_byte), and no faster than memory moves the bytes once
// they are beyond the caches (the model's memcpy() and memset()). A
// size the analysis cannot read is one call, with a warning.
func (o *opsCounter) bulk(x *cc.PostfixExpression, name string) bool {
	kind := "memcpy"
	switch name {
	case "memcpy", "memmove":
	case "memset":
		kind = "memset"
	default:
		return false
	}
	args := callArgs(x)
	n, ok := o.w.mem.symArg(args, 2, len(args) == 3)
	o.addSizedOr(x, kind, n, ok, "call", name+"(size)", "%s of a size the analysis cannot read: priced as one call, its bytes are not counted")
	return true
}

// addSized counts one operation of kind over n bytes (kind@n), n also a
// footprint the block's working set takes in.
func (o *opsCounter) addSized(kind string, n Expr) {
	if o.footprints == nil {
		o.footprints = map[string]Expr{}
	}
	o.footprints[String(n)] = n
	o.add(kind+"@"+String(n), 1)
}

// sort prices glibc's qsort (and qsort_r) by the elements it sorts (its
// second argument): n log2 n comparison units, which augur bench machine
// times (libc_qsort: the comparisons through the function pointer, their
// mispredicted branches and the moves, for a comparison of two loads).
// ParRes Sparse sorts the nine column indices of every row this way, and
// CoMD the atoms of every cell after each exchange; priced as one call,
// the sort was missing from both. A count the analysis cannot read is one
// call, with a warning.
func (o *opsCounter) sort(x *cc.PostfixExpression, name string) bool {
	if name != "qsort" && name != "qsort_r" {
		return false
	}
	args := callArgs(x)
	n, ok := o.w.mem.symArg(args, 1, len(args) >= 4)
	o.addSizedOr(x, "qsort", n, ok, "libc_qsort", name+"(count)", "%s of a count the analysis cannot read: priced as the sort of one element")
	return true
}

// symArg is the value of argument i of a call with arguments args, when
// the call has the arguments it needs (enough) and the analysis can read
// it.
func (mo *memOps) symArg(args []cc.ExpressionNode, i int, enough bool) (Expr, bool) {
	if !enough || i >= len(args) {
		return nil, false
	}
	return mo.w.sym(args[i])
}

// addSizedOr counts one operation of kind over n (addSized) when n is
// known; otherwise one operation of fallback and, once per call site,
// the warning unread (its %s the function's name, the first part of
// what).
func (o *opsCounter) addSizedOr(x *cc.PostfixExpression, kind string, n Expr, known bool, fallback, what, unread string) {
	if known {
		o.addSized(kind, n)
		return
	}
	o.add(fallback, 1)
	name, _, _ := strings.Cut(what, "(")
	o.w.note(x, what, unread, name)
}
