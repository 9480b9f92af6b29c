package analyze

import (
	"fmt"
	"sort"
	"strings"
)

// memoryCosts are the cost functions generated models use to charge
// loads and stores at the level their working set reaches. Streamed
// accesses (unit stride) beyond the last cache level cost the bytes they
// move at the memory's bandwidth, not one latency each: the hardware
// prefetches them.
const memoryCosts = `// Loads and stores at the cache level a working set of ws bytes reaches
// (the working sets augur bench machine measures).
// A load whose address does not depend on a value loaded just before
// (a[i*n+k] down a column, hist[key[i]]) overlaps with its neighbours up
// to the processor's outstanding misses: the random loads' throughput.
cost load(ws_, n_) = rlevel(eff(ws_), n_, 0) * ops(load_rand_l1: 1) + rlevel(eff(ws_), n_, 1) * ops(load_rand_l2: 1) + rlevel(eff(ws_), n_, 2) * ops(load_rand_l3: 1) + rlevel(eff(ws_), n_, 3) * ops(load_rand_mem: 1)
cost store(ws_, n_) = level(eff(ws_), n_, 0) * ops(store_l1: 1) + level(eff(ws_), n_, 1) * ops(store_l2: 1) + level(eff(ws_), n_, 2) * ops(store_l3: 1) + level(eff(ws_), n_, 3) * ops(store_mem: 1)
// A store to a place the analysis cannot follow (sorted[hist[k]++] = k)
// first reads its line (write-allocate): a load at a random place of the
// level its array fits.
cost scattered(ws_, n_) = load(ws_, n_)
// Stores through counters of k_ buckets (out[next[b]++] = v) go to k_
// sequential streams: the prefetchers follow a few dozen of them.
cost bucket(ws_, k_, n_) = k_ <= 32 ? store(ws_, n_) : scattered(ws_, n_)
// Between two working sets at which augur bench machine measured the
// levels of the node (ws_l1 … ws_mem, the machine file's levels), an
// access costs a blend of the two, log-linear in the working set:
// level(ws, n, k) is the share of n charged at level k.
cost level(ws_, n_, k_) = n_ * (k_ == 0 ? (ws_ <= ws_l1 ? 1 : ws_ <= ws_l2 ? 1 - blend(ws_, ws_l1, ws_l2) : 0) : k_ == 1 ? (ws_ <= ws_l1 ? 0 : ws_ <= ws_l2 ? blend(ws_, ws_l1, ws_l2) : ws_ <= ws_l3 ? 1 - blend(ws_, ws_l2, ws_l3) : 0) : k_ == 2 ? (ws_ <= ws_l2 ? 0 : ws_ <= ws_l3 ? blend(ws_, ws_l2, ws_l3) : ws_ <= ws_mem ? 1 - blend(ws_, ws_l3, ws_mem) : 0) : (ws_ <= ws_l3 ? 0 : ws_ <= ws_mem ? blend(ws_, ws_l3, ws_mem) : 1))
// How far ws_ is from lo_ to hi_, log-linearly.
cost blend(ws_, lo_, hi_) = log2(ws_ / lo_) / log2(hi_ / lo_)
// Beyond the private levels a working set shares the last with the
// node's other processes.
cost eff(ws_) = ws_ <= ws_l2 ? ws_ : shared(ws_)
// Unit-stride loads and stores: the hardware prefetches them and they
// overlap (load_tp, store_tp; loads and stores have ports of their own);
// the bytes that come from beyond the caches (far_) add their transfer at
// the memory's bandwidth, which does not overlap with the cycles the
// loads and stores take (the Execution-Cache-Memory model).
cost stream(loads_, stores_, far_) = max(ops(load_tp: loads_), ops(store_tp: stores_)) + transfer(far_)
// The cores of a node share its memory's bandwidth: as the
// Execution-Cache-Memory model has it, a loop speeds up with the cores
// that run it until together they saturate the node's bandwidth. Each of
// the streamers() that stream at once takes the longer of one core's
// time per byte (mem_byte) and its share of the node's (mem_byte_node
// times the streamers).
cost transfer(bytes_) = bytes_ * max(ops(mem_byte: 1), streamers() * ops(mem_byte_node: 1))
// The processes of a node (as shared()) times the threads of the
// parallel region around, at most the node's CPUs.
cost streamers() = min(cpus, max(1, ceil(procs / nodes)) * nthreads)
// What bytes_ streamed over a working set of ws_ bytes cost beyond the
// caches, in bytes at the memory's bandwidth (smid, streamfar.go).
cost far(ws_, bytes_) = bytes_ * smid(level(eff(ws_), 1, 3))
// The last level is shared by the processes of a node as much as the
// machine says (ws_shared, measured by augur bench machine): where they
// compete for it, what one's working set leaves of it is the node's, the
// ranks placed there together.
cost shared(ws_) = ws_ * (1 + ws_shared * (max(1, ceil(procs / nodes)) - 1))
// A stream that does not go on where it stopped (a gap_ of a cache line
// or more) starts afresh: its first access waits a whole latency of the
// level its working set reaches before the prefetcher follows it.
cost restart(gap_, ws_) = abs(gap_) >= 64 ? latency(ws_) : 0
// A row of a tile goes on at the next tile where it stopped: its first
// access, independent of any load before it, overlaps with the other
// rows' as the random loads do.
cost resume(gap_, ws_) = abs(gap_) >= 64 ? load(ws_, 1) : 0
cost latency(ws_) = level(eff(ws_), 1, 0) * ops(load_l1: 1) + level(eff(ws_), 1, 1) * ops(load_l2: 1) + level(eff(ws_), 1, 2) * ops(load_l3: 1) + level(eff(ws_), 1, 3) * ops(load_mem: 1)
// n_ calls of memcpy (memmove) and memset of bytes_ each: glibc's time
// per byte within the caches, or the memory's for the bytes that come
// from beyond them (a copy reads, writes and allocates each byte's
// line; a set writes and allocates), whichever is longer.
cost memcpy(bytes_, n_) = max(ops(libc_memcpy_byte: n_ * bytes_), transfer(n_ * far(2 * bytes_, 3 * bytes_)))
cost memset(bytes_, n_) = max(ops(libc_memset_byte: n_ * bytes_), transfer(n_ * far(bytes_, 2 * bytes_)))
// The first writes to n_ allocations of bytes_ each: fresh pages from the
// kernel when an allocation reaches glibc's mmap threshold (128 KiB).
cost touch(bytes_, n_) = bytes_ >= 131072 ? ops(page_touch: n_ * ceil(bytes_ / 4096)) : 0
`

// cost is the cost of blocks run in a nest: for each block, how often it
// runs and what one execution does.
type cost struct {
	entries  []entry
	accesses []weighted
	// stepped is set when a count has no closed form relative to where
	// the cost is collected: the blocks cannot be one action.
	stepped bool
}

// entry is one block in a cost.
type entry struct {
	count    Expr
	ops      map[string]float64
	chains   map[string]map[string]float64
	streams  map[string]float64
	streamWS map[string]Expr
	restarts []restart
}

// weighted is an access with the loop nest around it.
type weighted struct {
	access
	loops []*LoopInfo
}

// collect adds the blocks bs, run in the frames given, to c.
func (c *cost) collect(bs []*Block, frames []countFrame) {
	for _, b := range bs {
		n, how := nestCount(frames)
		inner := frames
		if b.Kind == Loop {
			inner = append(append([]countFrame(nil), frames...), countFrame{loop: b.Loop, how: b.Loop.TripsHow})
			n, how = nestCount(inner)
		}
		if how == Stepped {
			c.stepped = true
		}
		if b.Kind == Loop && len(b.restarts) > 0 {
			// Once per entry of the loop, before its iterations.
			entries, _ := nestCount(frames)
			var rs []restart
			for _, r := range b.restarts {
				r.gap = atFirst(r.gap, frames)
				if r.ws != nil {
					r.ws = atFirst(r.ws, frames)
				}
				rs = append(rs, r)
			}
			c.entries = append(c.entries, entry{count: simplify(entries), restarts: rs})
		}
		var loops []*LoopInfo
		for _, f := range inner {
			if f.loop != nil {
				loops = append(loops, f.loop)
			}
		}
		if it, ok := iteration(b); ok {
			// One entry for the whole iteration (iteration.go).
			m := merged(it)
			c.entries = append(c.entries, entry{count: simplify(n), ops: m.Ops, chains: m.chains, streams: m.streams, streamWS: wsAtFirst(m.streamWS, inner)})
			for _, x := range it {
				for _, a := range x.b.accesses {
					c.accesses = append(c.accesses, weighted{a, loops})
				}
			}
			continue
		}
		if len(b.Ops) > 0 || len(b.chains) > 0 {
			c.entries = append(c.entries, entry{count: simplify(n), ops: b.Ops, chains: b.chains, streams: b.streams, streamWS: wsAtFirst(b.streamWS, inner)})
		}
		for _, a := range b.accesses {
			c.accesses = append(c.accesses, weighted{a, loops})
		}
		switch b.Kind {
		case Loop:
			c.collect(b.Body, inner)
		case Branch:
			then, els := branchFactors(b)
			c.collect(b.Then, append(append([]countFrame(nil), frames...), countFrame{f: then}))
			c.collect(b.Else, append(append([]countFrame(nil), frames...), countFrame{f: els}))
		}
	}
}

// wsAtFirst binds, in working sets between uses of streamed elements, the
// indices of the loops of frames (the nest that becomes one action) to
// their first values (atFirst).
func wsAtFirst(ws map[string]Expr, frames []countFrame) map[string]Expr {
	var out map[string]Expr
	for base, e := range ws {
		if out == nil {
			out = map[string]Expr{}
		}
		out[base] = atFirst(e, frames)
	}
	return out
}

// branchFactors are the weights of a branch's arms: 1/0 by its condition,
// or its probability.
func branchFactors(b *Block) (Expr, Expr) {
	if b.Cond != nil {
		return Cond{b.Cond, Num{1}, Num{0}}, Cond{b.Cond, Num{0}, Num{1}}
	}
	return b.Prob, sub(Num{1}, orNum(b.Prob))
}

// workingSet estimates the bytes a nest touches: for each array, its
// largest access's element size times the extents of the loops its
// indices run over; an index the analysis cannot read counts the whole
// nest.
func (c *cost) workingSet() Expr {
	var per footprints
	for _, a := range c.accesses {
		per.add(a.base, a.footprint(a.loops))
	}
	return per.sum()
}

// extent is how many values a loop's index takes at most, with the
// indices of the loops around it at whichever of their extremes gives
// more (a triangular j from i+1 to n runs longest at the first i, not
// the last).
func extent(l *LoopInfo, around []*LoopInfo) Expr {
	t := l.Trips
	for i := 0; i < len(around); i++ {
		for _, o := range around {
			if o != l && o.Var != "" && mentionsName(t, o.Var) {
				lo := subst(t, o.Var, orNum(o.From))
				if o.To == nil { // an annotated count: no last value to try
					t = lo
					continue
				}
				hi := subst(t, o.Var, o.To)
				t = Call{"max", []Expr{lo, hi}}
				if String(lo) == String(hi) {
					t = hi
				}
			}
		}
	}
	return t
}

func mentionsName(e Expr, n string) bool {
	for _, x := range names(e) {
		if x == n {
			return true
		}
	}
	return false
}

// subst replaces the name n by v in e.
func subst(e Expr, n string, v Expr) Expr {
	if x, ok := e.(Name); ok {
		if x.N == n {
			return v
		}
		return e
	}
	return mapOperands(e, func(a Expr) Expr { return subst(a, n, v) })
}

// throughputKey is the key an operation is priced at when it overlaps
// with independent neighbours.
func throughputKey(k string) string {
	switch k {
	case "int_add", "int_mul", "int_div", "fp_add", "fp_mul", "fp_div", "sqrt", "exp", "log":
		return k + "_tp"
	}
	return k
}

// memoryKeys are the counts of loads and stores, moved to their level
// when priced.
var memoryKeys = map[string]bool{"load_l1": true, "store_l1": true, "load_seq": true, "store_seq": true, "seq_bytes": true,
	"load_scalar": true, "store_scalar": true, "load_hoist": true}

// unitOf is the group of execution units an operation's throughput is
// limited by: floating-point adders, multipliers, the divider, the
// integer units (which also take branches). Operations of different
// groups run side by side (a loop of six adds and two multiplies takes
// the adds' time); "" is library work (exp, log, calls, random numbers),
// which occupies every group.
func unitOf(k string) string {
	switch k {
	case "fp_add", "fp_mul":
		return k
	case "fp_div", "sqrt":
		return "fp_div"
	case "int_add", "int_mul", "int_div", "branch":
		return "int"
	}
	return ""
}

// blockTime writes what one execution of a block costs: its operations
// overlap as far as the processor's units allow (per group of units, the
// sum of its operations' reciprocal throughputs, plus library work; the
// busiest group sets the pace), but no faster than its longest
// loop-carried dependency chain (the sum of those operations'
// latencies), nor than its loads and stores at the working set's level;
// the largest of these.
func blockTime(e entry, ws string) (string, bool) {
	var parts []string
	groups := map[string][]string{}
	var lib []string
	for _, k := range sortedKeys(e.ops) {
		if elems, ok := strings.CutPrefix(k, "qsort@"); ok && e.ops[k] != 0 {
			// glibc's sort is library work: n log2 n units a call, one
			// at least (libcalls.go).
			lib = append(lib, fmt.Sprintf("libc_qsort: %s * max(1, %s * log2(max(1, %s)))", numText(e.ops[k]), elems, elems))
			continue
		}
		if memoryKeys[k] || strings.Contains(k, "@") || e.ops[k] == 0 {
			continue
		}
		term := throughputKey(k) + ": " + numText(e.ops[k])
		if u := unitOf(k); u != "" {
			groups[u] = append(groups[u], term)
		} else {
			lib = append(lib, term)
		}
	}
	for _, u := range sortedKeys(groups) {
		parts = append(parts, "ops("+strings.Join(append(groups[u], lib...), ", ")+")")
	}
	if len(groups) == 0 && len(lib) > 0 {
		parts = append(parts, "ops("+strings.Join(lib, ", ")+")")
	}
	var vars []string
	for v := range e.chains {
		vars = append(vars, v)
	}
	sort.Strings(vars)
	for _, v := range vars {
		var ch []string
		for _, k := range sortedKeys(e.chains[v]) {
			ch = append(ch, k+": "+numText(e.chains[v][k]))
		}
		if len(ch) > 0 {
			parts = append(parts, "ops("+strings.Join(ch, ", ")+")")
		}
	}
	mem := false
	var m []string
	if n := e.ops["load_l1"]; n > 0 {
		m = append(m, fmt.Sprintf("load(%s, %s)", ws, numText(n)))
	}
	if n := e.ops["store_l1"]; n > 0 {
		m = append(m, fmt.Sprintf("store(%s, %s)", ws, numText(n)))
	}
	loads, stores, far, strided := stridedStream(e.ops, ws, numText(e.ops["load_seq"]), numText(e.ops["store_seq"]), farText(e, ws))
	if e.ops["load_seq"] > 0 || e.ops["store_seq"] > 0 || strided {
		m = append(m, fmt.Sprintf("stream(%s, %s, %s)", loads, stores, far))
	}
	for _, k := range sortedKeys(e.ops) {
		kind, fp, ok := strings.Cut(k, "@")
		if !ok || e.ops[k] == 0 {
			continue
		}
		if kind == "touch" {
			// The call site is not the model's; the threads that share
			// the faults divide them (firsttouch.go).
			fp, _, _ = strings.Cut(fp, "#")
			if size, threads, ok := strings.Cut(fp, sharedBy); ok {
				m = append(m, fmt.Sprintf("touch(%s, %s) / %s", size, numText(e.ops[k]), threads))
				continue
			}
		}
		if kind == "qsort" {
			continue // library work (blockTime)
		}
		if kind == "bucket" {
			fp, counters, _ := strings.Cut(fp, "@")
			m = append(m, fmt.Sprintf("bucket(%s, %s, %s)", fp, counters, numText(e.ops[k])))
			continue
		}
		if _, ok := stridedKinds[kind]; ok {
			m = append(m, fmt.Sprintf("%s(%s, %s, %s)", kind, fp, ws, numText(e.ops[k])))
			continue
		}
		m = append(m, fmt.Sprintf("%s(%s, %s)", kind, fp, numText(e.ops[k])))
	}
	var sc []string
	// A hoisted load left in the block (its short loop not unrolled)
	// is a load of the first level, as a scalar's.
	if n := e.ops["load_scalar"] + e.ops["load_hoist"]; n > 0 {
		sc = append(sc, "load_l1: "+numText(n))
	}
	if n := e.ops["store_scalar"]; n > 0 {
		sc = append(sc, "store_l1: "+numText(n))
	}
	if len(sc) > 0 {
		m = append(m, "ops("+strings.Join(sc, ", ")+")")
	}
	if len(m) > 0 {
		parts = append(parts, strings.Join(m, " + "))
		mem = true
	}
	switch len(parts) {
	case 0:
		return "", false
	case 1:
		return parts[0], mem
	}
	return "max(" + strings.Join(parts, ", ") + ")", mem
}

// farText writes the bytes of one execution's streams that come from
// memory: each array's at the working set between two uses of its
// elements (reuse.go), the others at the nest's working set ws.
func farText(e entry, ws string) string {
	var terms []string
	rest := e.ops["seq_bytes"] - total(e.streams)
	for _, base := range sortedKeys(e.streams) {
		if w, ok := e.streamWS[base]; ok {
			terms = append(terms, fmt.Sprintf("far(%s, %s)", String(w), numText(e.streams[base])))
		} else {
			rest += e.streams[base]
		}
	}
	if rest > 0 || len(terms) == 0 {
		terms = append(terms, fmt.Sprintf("far(%s, %s)", ws, numText(rest)))
	}
	return strings.Join(terms, " + ")
}

// restartText writes what the streams that start afresh at an entry of
// their loop wait: a latency of the level their data comes from each.
func restartText(rs []restart, ws string) string {
	var terms []string
	for _, r := range rs {
		w := ws
		if r.ws != nil {
			w = String(r.ws)
		}
		f := "restart"
		if r.resumed {
			f = "resume"
		}
		terms = append(terms, fmt.Sprintf("%s(%s, %s)", f, String(r.gap), w))
	}
	return strings.Join(terms, " + ")
}

// expr writes the cost as a model expression, ChronosMix's formula (1)
// with the processor's overlap of independent operations: Σ over the
// blocks of count × the time of one execution (blockTime).
func (c *cost) expr() (Expr, bool) {
	ws := String(simplify(c.workingSet()))
	var terms []string
	usesMemory := false
	for _, e := range c.entries {
		t, mem := blockTime(e, ws)
		if len(e.restarts) > 0 {
			t, mem = restartText(e.restarts, ws), true
		}
		if t == "" {
			continue
		}
		usesMemory = usesMemory || mem
		if v, ok := constOf(e.count); ok {
			if v == 0 {
				continue
			}
			if v == 1 {
				terms = append(terms, t)
				continue
			}
		}
		terms = append(terms, String(Bin{"*", e.count, raw(t)}))
	}
	if len(terms) == 0 {
		return nil, false
	}
	return raw(strings.Join(terms, " + ")), usesMemory
}

// raw is model text used as an expression.
type raw string

func (raw) prec() int { return 0 }

// Model writes the analysis as an augur model named name.
func (a *Analysis) Model(name string, sources []string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "// Written by augur analyze from %s: ChronosMix-style static analysis.\n", strings.Join(sources, ", "))
	b.WriteString("// Costs are operation counts priced by the machine file's ops (formula (1)).\n")
	fmt.Fprintf(&b, "model %s\n\n", sanitize(name))
	body, usesMemory := a.writer().body()
	// Parameters the model reads (a macro that only named a constant is
	// left out: the checker would warn of it, and no --set could matter).
	read := a.readParams(body)
	for _, p := range a.Params {
		if !read[p.Name] {
			continue
		}
		value := p.defaultText()
		if bind := p.Binding(); bind != "" {
			value += " " + bind
		}
		fmt.Fprintf(&b, "param %s = %s // %s: %s\n", p.Name, value, p.Pos, p.Doc)
	}
	for _, f := range a.Funcs {
		for _, p := range f.Params {
			if mentionsWord(body, p) { // not a pointer no call could follow
				fmt.Fprintf(&b, "local %s = 0 // a parameter of %s, set by its callers\n", p, f.Name)
			}
		}
	}
	a.writer().touchersLocals(&b)
	if usesMemory {
		b.WriteString("\n" + usedCosts(memoryCosts+stridedCosts+randomCosts+streamCosts, body))
	}
	b.WriteString(body)
	return b.String()
}

// modelWriter writes an analysis's blocks as the model's activities
// (emit.go, omp.go's parallel constructs, spin.go's spin-waits,
// firsttouch.go's locals): the text of the model, where the Analysis
// is what was found.
type modelWriter struct {
	a *Analysis
}

// writer is a writer of the analysis's model.
func (a *Analysis) writer() *modelWriter {
	return &modelWriter{a: a}
}

// body writes the model's activities; it reports whether they use the
// memory cost functions.
func (mw *modelWriter) body() (string, bool) {
	var body strings.Builder
	usesMemory := false
	for _, f := range mw.orderedFuncs() {
		fmt.Fprintf(&body, "\n// %s at %s\nactivity %s {\n", f.Name, f.Pos, activityName(f.Name))
		if mw.emit(&body, f.Body, 1) {
			usesMemory = true
		}
		body.WriteString("}\n")
	}
	return body.String(), usesMemory
}

// mentionsWord tells whether name occurs in text as a whole word.
func mentionsWord(text, name string) bool {
	word := func(r byte) bool {
		return r == '_' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z'
	}
	for i := 0; ; {
		j := strings.Index(text[i:], name)
		if j < 0 {
			return false
		}
		j += i
		end := j + len(name)
		if (j == 0 || !word(text[j-1])) && (end == len(text) || !word(text[end])) {
			return true
		}
		i = j + 1
	}
}

// usedCosts keeps of the cost functions defs (each with the comment lines
// above it) those that text calls, directly or through one another: a
// model with costs nobody calls would draw a warning for each.
func usedCosts(defs, text string) string {
	type def struct {
		name, text string
	}
	var all []def
	var pending []string
	for _, line := range strings.SplitAfter(defs, "\n") {
		pending = append(pending, line)
		if rest, ok := strings.CutPrefix(line, "cost "); ok {
			name, _, _ := strings.Cut(rest, "(")
			all = append(all, def{name, strings.Join(pending, "")})
			pending = nil
		}
	}
	calls := func(t, name string) bool { return strings.Contains(t, name+"(") }
	used := map[string]bool{}
	for changed := true; changed; {
		changed = false
		for _, d := range all {
			if used[d.name] {
				continue
			}
			if calls(text, d.name) {
				used[d.name], changed = true, true
				continue
			}
			for _, u := range all {
				if used[u.name] && u.name != d.name && calls(u.text[strings.LastIndex(u.text, "cost "):], d.name) {
					used[d.name], changed = true, true
					break
				}
			}
		}
	}
	var out strings.Builder
	for _, d := range all {
		if used[d.name] {
			out.WriteString(d.text)
		}
	}
	return out.String()
}

// orderedFuncs lists main first, then the functions it reaches in source
// order; unreachable functions are left out of the model.
func (mw *modelWriter) orderedFuncs() []*Func {
	var out []*Func
	if m := mw.a.Func("main"); m != nil {
		out = append(out, m)
	}
	for _, f := range mw.a.Funcs {
		if f.Name != "main" && f.Calls != nil {
			if v, ok := constOf(f.Calls); !ok || v > 0 {
				out = append(out, f)
			}
		}
	}
	return out
}

func activityName(fn string) string {
	if fn == "main" {
		return fn
	}
	return sanitize(fn)
}

func sanitize(s string) string {
	if modelKeywords[s] && s != "main" {
		return s + "_"
	}
	return s
}

// preludeCosts are the names of the cost functions of memoryCosts, which
// every model that charges memory declares: no name the analysis makes
// may be one of them.
func preludeCosts() []string {
	var names []string
	for _, line := range strings.Split(memoryCosts, "\n") {
		if rest, ok := strings.CutPrefix(line, "cost "); ok {
			if name, _, ok := strings.Cut(rest, "("); ok {
				names = append(names, name)
			}
		}
	}
	return names
}

// pure reports whether blocks only compute: no communication, no calls
// of the program's functions. Such a subtree becomes one action whose
// cost is the sum over its iterations, so that evaluating it costs the
// simulator nothing per iteration.
func pure(bs []*Block) bool {
	if !computesOnly(bs) {
		return false
	}
	// One pass over the whole subtree: a part of it that steps steps
	// in it too (more loops around a block only add indices its counts
	// may read), so the parts need not be collected apart, which made
	// an else-if chain of n arms cost n passes over what follows.
	var c cost
	c.collect(bs, nil)
	return !c.stepped
}

// computesOnly reports whether the blocks bs and those in them only
// compute: no OpenMP construct, MPI call or call of a function priced
// apart.
func computesOnly(bs []*Block) bool {
	for _, b := range bs {
		if b.omp != nil || b.Kind == MPI || b.Kind == CallK || !computesOnly(b.Body) || !computesOnly(b.Then) || !computesOnly(b.Else) {
			return false
		}
	}
	return true
}

// maxCostOps bounds the binary operators of one cost the analysis writes
// for a whole subtree, under what the model language reads in one
// expression (10,000): a subtree of many branches summed into one action
// (miniAMR's pack_face: 96 cases of loops under different bounds) made
// costs of millions. Past it the subtree is written as statements, each
// block with a cost of its own. Not lower: a nest written as statements
// loses what is priced on the whole nest (ParRes Stencil's unrolled
// radius loops, 2,000 operators and more, were 20 % cheaper so).
const maxCostOps = 8000

// tooLong reports whether the model expression text has more than
// maxCostOps binary operators (the model writer puts spaces around
// every one).
func tooLong(text string) bool {
	n := 0
	for _, op := range []string{" + ", " - ", " * ", " / ", " % ", " < ", " > ", " <= ", " >= ", " == ", " != ", " && ", " || ", " ? "} {
		if n += strings.Count(text, op); n > maxCostOps {
			return true
		}
	}
	return false
}

// emit writes blocks as model statements; it reports whether they use
// the memory cost functions.
func (mw *modelWriter) emit(b *strings.Builder, bs []*Block, depth int) bool {
	ind := strings.Repeat("  ", depth)
	usesMemory := false
	for _, blk := range bs {
		if blk.omp != nil {
			// An OpenMP construct (omp.go).
			if mw.emitOMP(b, blk, depth) {
				usesMemory = true
			}
			continue
		}
		switch blk.Kind {
		case Compute:
			var c cost
			c.collect([]*Block{blk}, nil)
			if e, mem := c.expr(); e != nil {
				usesMemory = usesMemory || mem
				fmt.Fprintf(b, "%saction %s cost %s // %s\n", ind, blk.Name, String(e), span(blk))
			}
		case Loop:
			if blk.spin != nil {
				usesMemory = mw.emitSpin(b, blk, depth) || usesMemory
				continue
			}
			if pure([]*Block{blk}) {
				var c cost
				c.collect([]*Block{blk}, nil)
				e, mem := c.expr()
				if text := String(orNum(e)); !tooLong(text) {
					usesMemory = usesMemory || mem
					fmt.Fprintf(b, "%saction %s cost %s // loop nest %s\n", ind, blk.Name, text, span(blk))
					continue
				}
			}
			l := blk.Loop
			if l.Canonical || (l.Var != "" && l.From != nil && l.To != nil) {
				step := ""
				if s, ok := constOf(l.Step); !ok || s != 1 {
					step = " step " + String(l.Step)
				}
				fmt.Fprintf(b, "%sfor %s in %s .. %s%s { // %s\n", ind, l.Var, String(l.From), String(l.To), step, span(blk))
			} else if l.Var != "" && l.From != nil && l.Step != nil && mw.bodyReads(blk, l.Var) {
				// A count from an annotation, and a body that reads the
				// index: it runs from its start by its step.
				fmt.Fprintf(b, "%sfor %s in %s .. %s step %s { // %s\n", ind, l.Var, String(l.From), String(l.end()), String(l.Step), span(blk))
			} else {
				fmt.Fprintf(b, "%sloop %s { // %s\n", ind, String(l.Trips), span(blk))
			}
			if mw.emitIteration(b, blk, depth+1) {
				usesMemory = true
			}
			fmt.Fprintf(b, "%s}\n", ind)
		case Branch:
			if pure([]*Block{blk}) {
				var c cost
				c.collect([]*Block{blk}, nil)
				e, mem := c.expr()
				if text := String(orNum(e)); !tooLong(text) {
					usesMemory = usesMemory || mem
					fmt.Fprintf(b, "%saction %s cost %s // branch %s\n", ind, blk.Name, text, span(blk))
					continue
				}
			}
			fmt.Fprintf(b, "%saction %s cost ops(branch: 1) // the test at %s\n", ind, blk.Name, blk.Pos)
			if blk.Cond != nil {
				fmt.Fprintf(b, "%sif %s {\n", ind, String(blk.Cond))
			} else {
				fmt.Fprintf(b, "%schoose {\n%s  %s {\n", ind, ind, String(blk.Prob))
				ind += "  "
			}
			if mw.emit(b, blk.Then, strings.Count(ind, "  ")+1) {
				usesMemory = true
			}
			if len(blk.Else) > 0 {
				fmt.Fprintf(b, "%s} else {\n", ind)
				if mw.emit(b, blk.Else, strings.Count(ind, "  ")+1) {
					usesMemory = true
				}
			}
			fmt.Fprintf(b, "%s}\n", ind)
			if blk.Cond == nil {
				ind = ind[:len(ind)-2]
				fmt.Fprintf(b, "%s}\n", ind)
			}
		case CallK:
			callee := mw.a.Func(blk.Callee)
			for i, v := range blk.Args {
				if callee != nil && i < len(callee.Params) && v != nil {
					fmt.Fprintf(b, "%s%s = %s\n", ind, callee.Params[i], String(v))
				}
			}
			if local, v := mw.touchersAt(blk); local != "" {
				fmt.Fprintf(b, "%s%s = %s\n", ind, local, String(v))
			}
			fmt.Fprintf(b, "%scall %s // %s\n", ind, activityName(blk.Callee), blk.Pos)
		case MPI:
			mw.emitComm(b, ind, blk.Name, blk.Comm, blk.Pos)
		}
	}
	return usesMemory
}

// emitIteration writes the statements of one iteration of loop blk at
// depth; it reports whether they use the memory cost functions.
func (mw *modelWriter) emitIteration(b *strings.Builder, blk *Block, depth int) bool {
	ind := strings.Repeat("  ", depth)
	if it, ok := iteration(blk); ok {
		// One action for the whole iteration (iteration.go); the loop
		// itself is left to the engine, which sums it in closed form when
		// its bounds allow.
		m := merged(it)
		c := cost{entries: []entry{{count: Num{1}, ops: m.Ops, chains: m.chains}}}
		for _, x := range it {
			for _, acc := range x.b.accesses {
				c.accesses = append(c.accesses, weighted{acc, []*LoopInfo{blk.Loop}})
			}
		}
		e, mem := c.expr()
		if e != nil {
			fmt.Fprintf(b, "%saction %s cost %s // one iteration %s\n", ind, blk.Name, String(e), span(blk))
		}
		return e != nil && mem
	}
	usesMemory := false
	c := cost{entries: []entry{{count: Num{1}, ops: blk.Ops}}}
	if e, mem := c.expr(); e != nil {
		usesMemory = mem
		fmt.Fprintf(b, "%saction %s cost %s // the loop's test and step\n", ind, blk.Name, String(e))
	}
	if mw.emit(b, blk.Body, depth) {
		usesMemory = true
	}
	return usesMemory
}

// bodyReads reports whether the model of a loop's body reads the name v.
func (mw *modelWriter) bodyReads(blk *Block, v string) bool {
	var body strings.Builder
	if it, ok := iteration(blk); ok {
		for _, x := range it {
			if x.b != blk && blockReads(x.b, v) {
				return true
			}
		}
		return false
	}
	mw.emit(&body, blk.Body, 0)
	return mentionsWord(body.String(), v)
}

// blockReads reports whether a block of an iteration reads v: in its
// branch condition or the sizes of its accesses.
func blockReads(b *Block, v string) bool {
	if b.Cond != nil && mentionsName(b.Cond, v) || b.Prob != nil && mentionsName(b.Prob, v) {
		return true
	}
	for _, fp := range b.footprints {
		if mentionsName(fp, v) {
			return true
		}
	}
	return false
}

// span is a block's source range for comments.
func span(b *Block) string {
	if b.End.Line > b.Pos.Line {
		return fmt.Sprintf("%s-%d", b.Pos, b.End.Line)
	}
	return b.Pos.String()
}

// emitComm writes a communication element; a peer that may be negative
// (MPI_PROC_NULL at a boundary) guards it with an if.
func (mw *modelWriter) emitComm(b *strings.Builder, ind, name string, c *Comm, at Position) {
	if c == nil {
		return
	}
	if len(c.Parts) > 0 {
		for i, p := range c.Parts {
			mw.emitComm(b, ind, fmt.Sprintf("%s_%c", name, 'a'+i), p, at)
		}
		return
	}
	size := func() string {
		if c.Size == nil {
			return "0"
		}
		return String(c.Size)
	}
	var line string
	switch c.Elem {
	case "send", "isend":
		line = fmt.Sprintf("%s %s to %s size %s tag %s", c.Elem, name, String(c.Peer), size(), String(orNum(c.Tag)))
	case "recv", "irecv":
		from, tag := "any", "any"
		if c.Peer != nil {
			from = String(c.Peer)
		}
		if c.Tag != nil {
			tag = String(c.Tag)
		}
		line = fmt.Sprintf("%s %s from %s size %s tag %s", c.Elem, name, from, size(), tag)
	case "wait":
		line = "wait " + name
	case "barrier":
		line = "barrier " + name
	case "bcast", "reduce", "gather", "scatter":
		line = fmt.Sprintf("%s %s root %s size %s", c.Elem, name, String(orNum(c.Root)), size())
	default:
		line = fmt.Sprintf("%s %s size %s", c.Elem, name, size())
	}
	if c.InPlace {
		line += " in_place"
	}
	if v, ok := constOf(c.Peer); ok && v < 0 {
		// MPI_PROC_NULL itself: the call moves nothing and completes at once.
		fmt.Fprintf(b, "%s// %s at %s: to or from MPI_PROC_NULL, no message\n", ind, c.Call, at)
		return
	}
	if c.Peer != nil && mayBeNegative(c.Peer) {
		fmt.Fprintf(b, "%sif %s { // %s at %s (no message to MPI_PROC_NULL)\n%s  %s\n%s}\n", ind, String(Bin{">=", c.Peer, Num{0}}), c.Call, at, ind, line, ind)
		return
	}
	fmt.Fprintf(b, "%s%s // %s at %s\n", ind, line, c.Call, at)
}

// mayBeNegative reports whether a peer expression holds a negative
// constant (MPI_PROC_NULL) in one of its arms.
func mayBeNegative(e Expr) bool {
	switch x := e.(type) {
	case Num:
		return x.V < 0
	case Cond:
		return mayBeNegative(x.A) || mayBeNegative(x.B)
	}
	return false
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
