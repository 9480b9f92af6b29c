package machine

import (
	"math"
	"strconv"
	"strings"
)

// OpKey is an operation class whose time per operation a node group's
// `ops` gives: what `augur bench machine` measures, and what costs made
// of operation counts (the model language's ops(...), ChronosMix's
// formula (1)) are priced with.
type OpKey struct {
	Key string
	Doc string
}

// OpKeys lists the operation classes, in the order machine files and
// reports show them.
var OpKeys = []OpKey{
	{"int_add", "64-bit integer add, subtract, compare, logic or shift"},
	{"int_mul", "64-bit integer multiply"},
	{"int_div", "64-bit integer divide or remainder"},
	{"fp_add", "double add, subtract, compare or conversion"},
	{"fp_mul", "double multiply"},
	{"fp_div", "double divide"},
	{"sqrt", "square root"},
	{"exp", "exp (Go's; a C program's calls are libm_exp)"},
	{"log", "natural logarithm"},
	{"branch", "a conditional branch (unpredictable)"},
	{"call", "a call of a function that is not inlined"},
	{"rand", "a random number"},
	{"load_l1", "a load whose working set fits 16 KiB"},
	{"load_l2", "a load whose working set fits 256 KiB"},
	{"load_l3", "a load whose working set fits 4 MiB"},
	{"load_mem", "a load from main memory"},
	{"store_l1", "a store whose working set fits 16 KiB"},
	{"store_l2", "a store whose working set fits 256 KiB"},
	{"store_l3", "a store whose working set fits 4 MiB"},
	{"store_mem", "a store to main memory"},
	{"mem_byte", "a byte streamed to or from main memory (the inverse of the bandwidth)"},
	{"mem_byte_mid1", "a byte a stream moves beyond the third level at a working set a quarter of the way from l3's to mem's (log scale): less than mem_byte where a large last cache still holds it"},
	{"mem_byte_mid2", "a byte a stream moves beyond the third level at a working set half way from l3's to mem's"},
	{"mem_byte_mid3", "a byte a stream moves beyond the third level at a working set three quarters of the way from l3's to mem's"},
	{"mem_byte_node", "a byte of the node's memory traffic when all its CPUs stream at once (the inverse of the node's bandwidth)"},
	{"page_touch", "the first write to a 4 KiB page of memory just allocated (the kernel maps and zeroes it)"},
	// Reciprocal throughputs: the cost of an operation that overlaps with
	// independent neighbours.
	{"int_add_tp", "int_add among independent operations"},
	{"int_mul_tp", "int_mul among independent operations"},
	{"int_div_tp", "int_div among independent operations"},
	{"fp_add_tp", "fp_add among independent operations"},
	{"fp_mul_tp", "fp_mul among independent operations"},
	{"fp_div_tp", "fp_div among independent operations"},
	{"sqrt_tp", "sqrt among independent operations"},
	{"exp_tp", "exp among independent operations"},
	{"log_tp", "log among independent operations"},
	{"load_tp", "a load the hardware prefetches (unit stride), among independent ones"},
	{"load_rand_l1", "a load at a random place of 16 KiB, among independent ones"},
	{"load_rand_l2", "a load at a random place of 256 KiB, among independent ones"},
	{"load_rand_l3", "a load at a random place of 4 MiB, among independent ones"},
	{"load_rand_mem", "a load at a random place of main memory, among independent ones"},
	{"load_rand_mid1", "a load at a random place of a working set a quarter of the way from l3's to mem's (log scale)"},
	{"load_rand_mid2", "a load at a random place of a working set half way from l3's to mem's"},
	{"load_rand_mid3", "a load at a random place of a working set three quarters of the way from l3's to mem's"},
	{"load_rand_mid1_8", "a load at a random place of a working set an eighth of the way from l3's to mem's"},
	{"load_rand_mid3_8", "a load at a random place of a working set three eighths of the way from l3's to mem's"},
	{"load_rand_mid5_8", "a load at a random place of a working set five eighths of the way from l3's to mem's"},
	{"load_rand_mid7_8", "a load at a random place of a working set seven eighths of the way from l3's to mem's"},
	{"store_tp", "a store with unit stride, among independent ones"},
	// C library calls, as a program compiled with gcc makes them (a C
	// kernel of augur bench machine): seconds per call, in a loop of
	// independent calls over an array; the random number generators
	// carry their state from call to call.
	{"libm_exp", "a call of libm's exp"},
	{"libm_log", "a call of libm's log"},
	{"libm_pow", "a call of libm's pow"},
	{"libm_sin", "a call of libm's sin or cos"},
	{"libm_tan", "a call of libm's tan"},
	{"libm_atan", "a call of libm's atan (asin, acos, atan2)"},
	{"libm_sqrt", "a call of libm's sqrt (gcc inlines it when optimising)"},
	{"libm_floor", "a call of a cheap libm function gcc does not inline: floor at -O0, round, fmin, fmax"},
	{"libm_exp_vec", "exp per element in a loop gcc vectorises (-O3 -ffast-math -march: libmvec)"},
	{"libm_log_vec", "log per element, vectorised"},
	{"libm_pow_vec", "pow per element, vectorised"},
	{"libm_sin_vec", "sin or cos per element, vectorised"},
	{"libm_tan_vec", "tan per element, vectorised"},
	{"libm_atan_vec", "atan per element, vectorised"},
	{"libc_rand", "a call of glibc's rand or random"},
	{"libc_drand48", "a call of glibc's drand48 (erand48, lrand48, ...)"},
	{"libc_malloc", "malloc and free of a small block, the pair"},
	{"libc_memcpy_byte", "a byte of memcpy within the caches"},
	{"libc_memset_byte", "a byte of memset within the caches"},
	{"libc_qsort", "glibc's qsort per n log2 n of the array (a sort of 16 keys is 64 of them), comparisons and moves"},
}

// libFallback is what a library call is priced as when a machine file
// does not give its key (one written before augur bench machine measured
// them): the operations it was priced as before, the keys every machine
// file has.
var libFallback = map[string][]string{
	"libm_exp":         {"exp"},
	"libm_log":         {"log"},
	"libm_pow":         {"exp", "log", "fp_mul"},
	"libm_sin":         {"exp"},
	"libm_tan":         {"exp"},
	"libm_atan":        {"exp"},
	"libm_sqrt":        {"call", "sqrt"},
	"libm_floor":       {"call", "fp_add"},
	"libc_rand":        {"rand"},
	"libc_drand48":     {"rand"},
	"libc_malloc":      {"call"},
	"libc_memcpy_byte": {"store_tp"},
	"libc_memset_byte": {"store_tp"},
	"libc_qsort":       {"call", "branch"},
}

// OpFallback says what key is priced as when a machine file lacks it:
// "exp + log + fp_mul" for libm_pow; "" when key has no fallback. A
// vectorised call falls back to the scalar call's price.
func OpFallback(key string) string {
	if base, ok := strings.CutSuffix(key, "_vec"); ok && strings.HasPrefix(key, "libm_") {
		return base
	}
	return strings.Join(libFallback[key], " + ")
}

// OpIndex is the position of key in OpKeys.
func OpIndex(key string) (int, bool) {
	for i, k := range OpKeys {
		if k.Key == key {
			return i, true
		}
	}
	return 0, false
}

// OpTime is the seconds of one operation of class key in ops (a node
// group's). A throughput a machine file does not give (one written before
// augur bench machine measured them) falls back to the operation's
// latency, the slower, safer figure.
func OpTime(ops map[string]float64, key string) (float64, bool) {
	if t, ok := ops[key]; ok {
		return t, true
	}
	if t, ok := midRandomFallback(ops, key); ok {
		return t, true
	}
	if t, ok := midStreamFallback(ops, key); ok {
		return t, true
	}
	if level, ok := strings.CutPrefix(key, "load_rand_"); ok {
		t, ok := ops["load_"+level] // a dependent load: the slower figure
		return t, ok
	}
	switch key {
	case "load_tp", "store_tp":
		t, ok := ops[strings.TrimSuffix(key, "_tp")+"_l1"]
		return t, ok
	}
	if base, ok := strings.CutSuffix(key, "_tp"); ok {
		t, ok := ops[base]
		return t, ok
	}
	if base, ok := strings.CutSuffix(key, "_vec"); ok && strings.HasPrefix(key, "libm_") {
		return OpTime(ops, base) // the scalar call: the slower figure
	}
	if fb, ok := libFallback[key]; ok {
		// memcpy and memset per byte: an 8-byte store is eight bytes.
		per := 1.0
		if strings.HasSuffix(key, "_byte") {
			per = 1.0 / 8
		}
		sum := 0.0
		for _, k := range fb {
			t, ok := OpTime(ops, k)
			if !ok {
				return 0, false
			}
			sum += t
		}
		return sum * per, true
	}
	return 0, false
}

// RandomMidKey is the key of the random load measured e eighths of the
// way (log scale) from the third level's working set to memory's, e from
// 1 to 7: the quarters are load_rand_mid1 … load_rand_mid3, the odd
// eighths between them load_rand_mid1_8, load_rand_mid3_8, … (the knee
// where a random load outgrows the last cache or the TLB's reach can lie
// between two quarters: on a Cooper Lake virtual machine 2.0 ns at 4 MiB,
// 3.9 at 8, 8.9 at 16).
func RandomMidKey(e int) string {
	if e%2 == 0 {
		return "load_rand_mid" + strconv.Itoa(e/2)
	}
	return "load_rand_mid" + strconv.Itoa(e) + "_8"
}

// midRandomFallback prices a random load between the third level and
// memory (load_rand_mid1 … load_rand_mid3 and the odd eighths between
// them) that a machine file written before augur bench machine measured
// them does not give: the geometric blend of its neighbours at its
// position — for a quarter, load_rand_l3 and load_rand_mem at k/4; for an
// odd eighth, the two quarters (or ends) around it at the middle — which
// is how such a load was priced before.
func midRandomFallback(ops map[string]float64, key string) (float64, bool) {
	k, ok := strings.CutPrefix(key, "load_rand_mid")
	if !ok {
		return 0, false
	}
	if e, ok := strings.CutSuffix(k, "_8"); ok {
		if len(e) != 1 || e[0] < '1' || e[0] > '7' || (e[0]-'0')%2 == 0 {
			return 0, false
		}
		lo, okLo := OpTime(ops, eighthKey(int(e[0]-'0')-1))
		hi, okHi := OpTime(ops, eighthKey(int(e[0]-'0')+1))
		if !okLo || !okHi {
			return 0, false
		}
		return math.Sqrt(lo * hi), true
	}
	if len(k) != 1 || k[0] < '1' || k[0] > '3' {
		return 0, false
	}
	lo, okLo := OpTime(ops, "load_rand_l3")
	hi, okHi := OpTime(ops, "load_rand_mem")
	if !okLo || !okHi {
		return 0, false
	}
	f := float64(k[0]-'0') / 4
	return math.Pow(lo, 1-f) * math.Pow(hi, f), true
}

// eighthKey is RandomMidKey with the ends: 0 the third level's random
// load, 8 memory's.
func eighthKey(e int) string {
	switch e {
	case 0:
		return "load_rand_l3"
	case 8:
		return "load_rand_mem"
	}
	return RandomMidKey(e)
}

// midStreamFallback prices a streamed byte between the third level and
// memory (mem_byte_mid1 … mem_byte_mid3) that a machine file written
// before augur bench machine measured them does not give: mem_byte times
// the share of the way (k/4) from the third level, which is how such a
// byte was priced before (a share of the stream from memory, the rest
// from the cache at no transfer cost).
func midStreamFallback(ops map[string]float64, key string) (float64, bool) {
	k, ok := strings.CutPrefix(key, "mem_byte_mid")
	if !ok || len(k) != 1 || k[0] < '1' || k[0] > '3' {
		return 0, false
	}
	t, ok := ops["mem_byte"]
	if !ok {
		return 0, false
	}
	return t * float64(k[0]-'0') / 4, true
}

// MemByteNode is the seconds per byte of a node's memory bandwidth with
// all its cores streaming at once (mem_byte_node), from the operation
// times ops of a node of cpus CPUs. A machine file written before augur
// bench machine measured it does not give it: every core then has a
// bandwidth of its own, the node's being cpus times one core's
// (mem_byte / cpus), which prices memory traffic as before. false: ops
// gives neither key.
func MemByteNode(ops map[string]float64, cpus int) (float64, bool) {
	if t, ok := ops["mem_byte_node"]; ok {
		return t, true
	}
	t, ok := ops["mem_byte"]
	return t / float64(max(cpus, 1)), ok
}
