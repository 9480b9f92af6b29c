package analyze

import (
	"augur/internal/machine"
	"math"
	"sort"
	"strings"
)

// Machine is what the report needs of a machine: its name and the
// seconds per operation of the node the analysed process runs on.
type Machine struct {
	Name string
	Ops  map[string]float64
	// Nodes is how many nodes the processes are spread over: those on
	// one node share its last cache level (sharers).
	Nodes int
	// Levels are the working sets at which the levels were measured
	// (machine.Group.WorkingSets); zero: machine.DefaultLevels.
	Levels [4]float64
	// LLCPrivate is how much of the last cache level each process keeps
	// to itself (machine.Group.LLCPrivate); 0: they share it.
	LLCPrivate float64
	// CPUs is the node's CPUs: at most as many processes and threads
	// stream from its memory at once (streamers).
	CPUs int
}

// MachineOf is what the report needs of m, named name: the operation
// times, levels and sharing of the node the analysed process runs on
// (node 0), and the node count.
func MachineOf(name string, m *machine.Machine) Machine {
	g := &m.Groups[m.GroupOf(0)]
	return Machine{Name: name, Ops: g.Ops, Nodes: m.NumNodes(), Levels: g.WorkingSets(), LLCPrivate: g.LLCPrivate, CPUs: g.CPUs}
}

func (m Machine) levels() [4]float64 {
	if m.Levels[0] > 0 {
		return m.Levels
	}
	return machine.DefaultLevels
}

// Row is one block in the report: its counts and, per machine, the time
// all its executions take by formula (1).
type Row struct {
	Block      string
	Func       string
	Kind       Kind
	Pos, End   Position
	Ops        map[string]float64 // one execution's operations
	Count      string             // executions in the whole run, as a formula
	CountValue float64            // ... and its value
	How        How
	Level      string    // the memory level its loads and stores are charged at
	Seconds    []float64 // per machine
	// Classes splits Seconds by operation class, per machine.
	Classes []map[string]float64
}

// Report is formula (1) applied to every block, for one process, on
// several machines side by side.
type Report struct {
	Machines []string
	Params   map[string]float64
	Rows     []Row
	// ByFunc and ByClass are the seconds per function and per operation
	// class, per machine.
	ByFunc  map[string][]float64
	ByClass map[string][]float64
	Total   []float64
	// Missing lists, per machine, the operation keys the analysis needs
	// and the machine file does not give (priced at 0).
	Missing [][]string
	// Substituted lists, per machine, the keys the machine file does not
	// give that are priced as others (a library call as before augur
	// bench machine timed it): "libc_rand (as rand)".
	Substituted [][]string
}

// Evaluate prices every block at the parameter values env (with pid and
// procs) on each machine.
func (a *Analysis) Evaluate(env map[string]float64, machines []Machine) *Report {
	r := &Report{Params: env, ByFunc: map[string][]float64{}, ByClass: map[string][]float64{},
		Total: make([]float64, len(machines)), Missing: make([][]string, len(machines)), Substituted: make([][]string, len(machines))}
	for _, m := range machines {
		r.Machines = append(r.Machines, m.Name)
	}
	// Per machine, the keys it lacks: "" when priced at 0, else what
	// they are priced as (machine.OpFallback).
	missing := make([]map[string]string, len(machines))
	for i := range missing {
		missing[i] = map[string]string{}
	}
	fenv := a.funcEnvs(env)
	// A function's calls are counted in its callers' terms (a call in a
	// loop bounded by the caller's parameter): every function's values.
	callers := map[string]float64{}
	for _, fe := range fenv {
		for k, v := range fe {
			callers[k] = v
		}
	}
	for _, f := range a.Funcs {
		e := fenv[f.Name]
		ce := copyEnv(callers)
		for k, v := range e {
			ce[k] = v
		}
		calls := evalCount(f.Calls, ce)
		us := units(f.Body)
		rows := map[*Block]*Row{}
		for _, u := range us {
			// The loops around a unit that are not part of it (a loop
			// with a broadcast inside, around a nest) are run index by
			// index, so that what the unit's counts, working set and
			// streams depend on them is priced at each value, as the
			// model does.
			head := u.blocks[0]
			outer := len(head.frames)
			if head.Kind == Loop {
				outer--
			}
			for _, pt := range outerPoints(head.frames[:outer], e, maxOuterPoints) {
				count := func(b *Block) float64 { return innerCount(b.frames, outer, pt.env) * pt.weight * calls }
				entries := func(b *Block) float64 { // of a loop: its count without its own loop
					return innerCount(b.frames[:max(len(b.frames)-1, 0)], outer, pt.env) * pt.weight * calls
				}
				a.evaluateUnit(r, f, u, pt.env, count, entries, machines, missing, rows)
			}
		}
		for _, u := range us {
			for _, b := range u.blocks {
				if row := rows[b]; row != nil {
					r.Rows = append(r.Rows, *row)
				}
			}
		}
	}
	for i := range machines {
		for k, as := range missing[i] {
			if as == "" {
				r.Missing[i] = append(r.Missing[i], k)
			} else {
				r.Substituted[i] = append(r.Substituted[i], k+" (as "+as+")")
			}
		}
		sort.Strings(r.Missing[i])
		sort.Strings(r.Substituted[i])
	}
	return r
}

// total sums m in the order of its keys: a float sum in map order would
// differ in its last bits from run to run (augur analyze --format json
// must be the same every time).
func total(m map[string]float64) float64 {
	t := 0.0
	for _, k := range sortedKeys(m) {
		t += m[k]
	}
	return t
}

// maxOuterPoints bounds the index values the report runs the loops
// around a unit through; past it they are taken at the middle of their
// ranges.
const maxOuterPoints = 20000

// evaluateUnit prices the blocks of unit u once, with the indices of the
// loops around it at env, adding to their rows and the report's totals;
// count gives how often a block runs at that point.
func (a *Analysis) evaluateUnit(r *Report, f *Func, u unit, env map[string]float64, count, entries func(*Block) float64, machines []Machine, missing []map[string]string, rows map[*Block]*Row) {
	levels := make([]string, len(machines))
	ws := 0.0
	if u.ws != nil {
		ws = evalCount(u.ws, env)
	}
	for i, m := range machines {
		levels[i] = "l1"
		if u.ws != nil {
			levels[i] = levelOf(ws, sharers(env, m), m.levels())
		}
	}
	scale := iterationScales(u.blocks, levels, ws, env, machines, count)
	for _, b := range u.blocks {
		n := count(b)
		row := rows[b]
		if row == nil {
			row = &Row{Block: b.Name, Func: f.Name, Kind: b.Kind, Pos: b.Pos, End: b.End, Ops: b.Ops,
				Count: countText(b.Count, f), How: weaker(b.CountHow, f.CallsHow), Level: first(levels),
				Seconds: make([]float64, len(machines)), Classes: make([]map[string]float64, len(machines))}
			for i := range row.Classes {
				row.Classes[i] = map[string]float64{}
			}
			rows[b] = row
		}
		row.CountValue += n
		for i, m := range machines {
			_, classes := blockSeconds(b, levels[i], ws, sharers(env, m), env, m, missing[i])
			share := 1.0
			if s, ok := scale[b]; ok {
				share = s[i]
			}
			split := map[string]float64{}
			for k, v := range classes {
				split[k] = n * v * share
			}
			for k, v := range restartSeconds(b, env, ws, entries(b), m) {
				split[k] += v
			}
			for _, k := range sortedKeys(split) {
				v := split[k]
				if r.ByClass[k] == nil {
					r.ByClass[k] = make([]float64, len(machines))
				}
				r.ByClass[k][i] += v
				row.Classes[i][k] += v
				row.Seconds[i] += v
				if r.ByFunc[f.Name] == nil {
					r.ByFunc[f.Name] = make([]float64, len(machines))
				}
				r.ByFunc[f.Name][i] += v
				r.Total[i] += v
			}
		}
	}
}

// point is one set of values of the indices of the loops around a unit,
// with how many times the unit runs there for each time the point is
// reached (branch factors, loops whose index is not known).
type point struct {
	env    map[string]float64
	weight float64
}

// outerPoints runs the loops and branches of frames at the values env
// gives the parameters and lists every point reached. Past limit points it
// gives one: each index at the middle of its range, weighted with the
// count of the whole nest.
func outerPoints(frames []countFrame, env map[string]float64, limit int) []point {
	const visitsPerPoint = 64
	if len(frames) == 0 {
		return []point{{env, 1}}
	}
	var out []point
	e := map[string]float64{}
	for k, v := range env {
		e[k] = v
	}
	// Iterations that reach no point (an inner loop empty for most of an
	// outer range: for (i = -1e12; i < n; i++) for (j = 0; j < i; j++))
	// count too, or a huge range would be walked to its end: at most
	// visitsPerPoint of them a point.
	visits := limit * visitsPerPoint
	var walk func(i int, w float64) bool
	walk = func(i int, w float64) bool {
		if i == len(frames) {
			if len(out) >= limit {
				return false
			}
			pe := make(map[string]float64, len(e))
			for k, v := range e {
				pe[k] = v
			}
			out = append(out, point{pe, w})
			return true
		}
		f := frames[i]
		if f.loop == nil || f.loop.Var == "" || f.loop.From == nil || f.loop.end() == nil {
			factor := f.f
			if f.loop != nil {
				factor = f.loop.Trips
			}
			x := evalCount(factor, e)
			if x == 0 {
				return true
			}
			return walk(i+1, w*x)
		}
		from, ok1 := eval(f.loop.From, e)
		to, ok2 := eval(f.loop.end(), e)
		step, ok3 := eval(f.loop.Step, e)
		if !ok1 || !ok2 || !ok3 || step == 0 {
			return false
		}
		for v := from; (step > 0 && v < to) || (step < 0 && v > to); v += step {
			if visits--; visits < 0 || v+step == v {
				return false // too many, or a step lost to rounding: from -1e308 by 1
			}
			e[f.loop.Var] = v
			if !walk(i+1, w) {
				return false
			}
		}
		delete(e, f.loop.Var)
		return true
	}
	if walk(0, 1) {
		return out
	}
	// Too many points: the middle of every range, the whole nest's count.
	mid := map[string]float64{}
	for k, v := range env {
		mid[k] = v
	}
	for _, f := range frames {
		if f.loop == nil || f.loop.Var == "" || f.loop.From == nil || f.loop.end() == nil {
			continue
		}
		from, _ := eval(f.loop.From, mid)
		to, _ := eval(f.loop.end(), mid)
		mid[f.loop.Var] = math.Floor((from + to) / 2)
	}
	n, _ := nestCount(frames)
	return []point{{mid, evalCount(n, env)}}
}

// innerCount is how often the innermost point of frames runs for one
// pass through the loops around its unit (frames from outer on), with
// their indices at env: in closed form, or the inner nest enumerated when
// it has none.
func innerCount(frames []countFrame, outer int, env map[string]float64) float64 {
	inner := frames[min(outer, len(frames)):]
	c, how := nestCount(inner)
	if how == Stepped {
		if x, ok := enumerated(inner, env, 1e8); ok {
			return x
		}
	}
	return evalCount(c, env)
}

// iterationScales shares the time of each loop iteration that is priced
// as a whole (iteration.go) among its blocks: each block's own time,
// scaled on each machine so that they add up to the iteration's.
func iterationScales(bs []*Block, levels []string, ws float64, env map[string]float64, machines []Machine, count func(*Block) float64) map[*Block][]float64 {
	out := map[*Block][]float64{}
	for _, b := range bs {
		it, ok := iteration(b)
		if !ok {
			continue
		}
		m := merged(it)
		n := count(b)
		f := make([]float64, len(machines))
		for i, mc := range machines {
			none := map[string]string{}
			whole, _ := blockSeconds(m, levels[i], ws, sharers(env, mc), env, mc, none)
			parts := 0.0
			for _, x := range it {
				s, _ := blockSeconds(x.b, levels[i], ws, sharers(env, mc), env, mc, none)
				parts += count(x.b) * s
			}
			f[i] = 1
			if parts > 0 {
				f[i] = whole * n / parts
			}
		}
		for _, x := range it {
			out[x.b] = f
		}
	}
	return out
}

// blockSeconds is one execution of a block on a machine, as the model
// prices it (blockTime): the largest of its operations' reciprocal
// throughputs, its loop-carried chains' latencies and its memory
// accesses; and that time split by operation class.
func blockSeconds(b *Block, level string, ws, share float64, env map[string]float64, mc Machine, missing map[string]string) (float64, map[string]float64) {
	ops, lv := mc.Ops, mc.levels()
	price := func(key string, n float64) float64 {
		if key == "" {
			return 0
		}
		t, ok := machine.OpTime(ops, key)
		if _, given := ops[key]; !ok {
			missing[key] = ""
		} else if as := machine.OpFallback(key); !given && as != "" {
			missing[key] = as
		}
		return n * t
	}
	// The random loads' prices, for their geometric blend (randload.go).
	randPrice := func(key string) float64 { return price(key, 1) }
	// Bytes from memory, at the node's bandwidth shared with the others
	// that stream at once (the model's transfer()).
	transfer := func(bytes float64) float64 {
		node, _ := machine.MemByteNode(ops, mc.CPUs)
		return bytes * math.Max(price("mem_byte", 1), streamers(env, mc)*node)
	}
	var best float64
	var bestSplit map[string]float64
	consider := func(split map[string]float64) {
		t := total(split)
		if bestSplit == nil || t > best {
			best, bestSplit = t, split
		}
	}
	groups := map[string]map[string]float64{}
	lib := map[string]float64{}
	mem := map[string]float64{}
	// Streamed loads and stores within the caches go through different
	// ports: the busier of the two counts (the model's stream()).
	streamLoads, streamStores, streamFar := map[string]float64{}, map[string]float64{}, map[string]float64{}
	for _, k := range sortedKeys(b.Ops) {
		n := b.Ops[k]
		if kind, fp, ok := strings.Cut(k, "@"); ok {
			if kind == "bucket" {
				// As the model's bucket(): few streams are stores at the
				// array's level, many are scattered.
				var counters string
				fp, counters, _ = strings.Cut(fp, "@")
				kind = "store"
				if c, _ := eval(b.footprints[counters], env); c > 32 {
					kind = "scattered"
				}
			}
			size, _ := eval(b.footprints[fp], env)
			if _, ok := stridedKinds[kind]; ok {
				stridedSeconds(kind, n, size, ws, share, lv, price, transfer, mem, streamLoads, streamStores, streamFar) // strided.go
				continue
			}
			if kind == "qsort" {
				// Library work, as blockTime's: n log2 n units a sort,
				// one at least.
				lib["libc_qsort"] += price("libc_qsort", n*qsortUnits(size))
				continue
			}
			if kind == "memcpy" || kind == "memset" {
				// As the model's memcpy() and memset(): the library's
				// time per byte, or the memory's for the bytes beyond the
				// caches, whichever is longer.
				key, ws, moved := "libc_memcpy_byte", 2*size, 3*size // read, write, write-allocate
				if kind == "memset" {
					key, ws, moved = "libc_memset_byte", size, 2*size
				}
				lib := price(key, n*size)
				if far := transfer(n * moved * streamShare(ws, share, lv, randPrice)); far > lib {
					mem["mem_byte"] += far
				} else {
					mem[key] += lib
				}
				continue
			}
			if kind == "touch" {
				// As the model's touch(): fresh pages above the mmap threshold.
				if size >= 128<<10 {
					mem["page_touch"] += price("page_touch", n*math.Ceil(size/4096))
				}
				continue
			}
			// Loads as the model's load() and scattered() (a store first
			// reads its line: a load at a random place), stores into
			// lines just loaded as its store().
			prefix := "load_rand_"
			shares := randomShares(size, share, lv, randPrice)
			if kind == "store" {
				prefix, shares = "store_", levelShares(size, share, lv)
			}
			for l, f := range shares {
				if f > 0 {
					mem[prefix+levelNames[l]] += price(prefix+levelNames[l], n*f)
				}
			}
			continue
		}
		if k == "load_l1" || k == "store_l1" {
			prefix, shares := "store_", levelShares(ws, share, lv)
			if k == "load_l1" {
				// Independent loads overlap (emit.go's load()).
				prefix, shares = "load_rand_", randomShares(ws, share, lv, randPrice)
			}
			for l, f := range shares {
				if f > 0 {
					mem[prefix+levelNames[l]] += price(prefix+levelNames[l], n*f)
				}
			}
			continue
		}
		if memoryKeys[k] {
			key, secs := priced(k, level, n, ops)
			switch {
			case key == "":
			case k == "load_seq":
				streamLoads[key] += secs
			case k == "store_seq":
				streamStores[key] += secs
			case k == "seq_bytes":
				// Each array's bytes from memory at the working set
				// between two uses of its elements (reuse.go).
				far := 0.0
				rest := n - total(b.streams)
				for _, base := range sortedKeys(b.streams) {
					size := b.streams[base]
					if w, ok := b.streamWS[base]; ok {
						v, _ := eval(w, env)
						far += size * streamShare(v, share, lv, randPrice)
					} else {
						rest += size
					}
				}
				far += rest * streamShare(ws, share, lv, randPrice)
				streamFar["mem_byte"] += transfer(far)
			default:
				if _, ok := ops[key]; !ok {
					missing[key] = ""
				}
				mem[key] += secs
			}
			continue
		}
		if u := unitOf(k); u != "" {
			if groups[u] == nil {
				groups[u] = map[string]float64{}
			}
			groups[u][throughputKey(k)] += price(throughputKey(k), n)
		} else {
			lib[throughputKey(k)] += price(throughputKey(k), n)
		}
	}
	// Each group of units with the library work (blockTime).
	for _, u := range sortedKeys(groups) {
		split := map[string]float64{}
		for k, v := range groups[u] {
			split[k] = v
		}
		for k, v := range lib {
			split[k] += v
		}
		consider(split)
	}
	if len(groups) == 0 && len(lib) > 0 {
		consider(lib)
	}
	for _, chain := range b.chains {
		split := map[string]float64{}
		for k, n := range chain {
			split[k] += price(k, n)
		}
		consider(split)
	}
	// The busier of loads and stores, and the transfer from memory on
	// top (the model's stream()).
	busier := streamLoads
	if total(streamStores) > total(busier) {
		busier = streamStores
	}
	for k, v := range busier {
		mem[k] += v
	}
	for k, v := range streamFar {
		mem[k] += v
	}
	if len(mem) > 0 {
		consider(mem)
	}
	return best, bestSplit
}

// countText is a block's count in the whole run as a formula.
func countText(c Expr, f *Func) string {
	if f.Name == "main" {
		return String(orNum(c))
	}
	return String(orNum(c)) + " per call × " + String(orNum(f.Calls)) + " calls"
}

// priced maps a counted operation to the machine key it is charged at and
// its seconds: loads and stores at the working set's level, streamed ones
// at the throughput of the ports (their bytes from memory are priced by
// blockSeconds).
func priced(k, level string, n float64, ops map[string]float64) (string, float64) {
	switch k {
	case "load_scalar", "store_scalar", "load_hoist":
		key := strings.TrimSuffix(strings.TrimSuffix(k, "_scalar"), "_hoist") + "_l1"
		return key, n * ops[key]
	case "seq_bytes":
		return "mem_byte", 0 // priced per array by blockSeconds
	case "load_seq", "store_seq":
		key := strings.TrimSuffix(k, "_seq") + "_tp" // prefetched, overlapping
		t, _ := machine.OpTime(ops, key)
		return key, n * t
	}
	return k, n * ops[k]
}

// levelOf is the level a working set of ws bytes reaches, by the working
// sets augur bench machine measures; the last level is shared by the
// sharers processes of a node (the model's shared()).
func levelOf(ws, sharers float64, lv [4]float64) string {
	switch {
	case ws <= lv[0]:
		return "l1"
	case ws <= lv[1]:
		return "l2"
	case ws*sharers <= lv[2]:
		return "l3"
	}
	return "mem"
}

// levelShares is how a working set of ws bytes splits its accesses among
// the levels l1, l2, l3, mem (the model's level()): log-linear between
// the working sets augur bench machine measures, the last level shared
// by the node's sharers processes.
func levelShares(ws, sharers float64, lv [4]float64) [4]float64 {
	if ws > lv[1] {
		ws *= sharers
	}
	blend := func(x, lo, hi float64) float64 { return math.Log2(x/lo) / math.Log2(hi/lo) }
	switch {
	case ws <= lv[0]:
		return [4]float64{1, 0, 0, 0}
	case ws <= lv[1]:
		f := blend(ws, lv[0], lv[1])
		return [4]float64{1 - f, f, 0, 0}
	case ws <= lv[2]:
		f := blend(ws, lv[1], lv[2])
		return [4]float64{0, 1 - f, f, 0}
	case ws <= lv[3]:
		f := blend(ws, lv[2], lv[3])
		return [4]float64{0, 0, 1 - f, f}
	}
	return [4]float64{0, 0, 0, 1}
}

var levelNames = [4]string{"l1", "l2", "l3", "mem"}

// sharers is how many times a working set beyond the second level counts
// in the last: the model's shared(), 1 + ws_shared·(processes per node
// − 1), with max(1, ceil(procs / nodes)) processes per node.
func sharers(env map[string]float64, m Machine) float64 {
	nodes := float64(max(m.Nodes, 1))
	return 1 + (1-m.LLCPrivate)*(max(1, math.Ceil(env["procs"]/nodes))-1)
}

// streamers is how many processes and threads of a node stream from its
// memory at once: the model's streamers(), its processes (as sharers)
// times the threads of the region (nthreads), at most its CPUs.
func streamers(env map[string]float64, m Machine) float64 {
	nodes := float64(max(m.Nodes, 1))
	procs := max(1, math.Ceil(env["procs"]/nodes))
	return math.Min(float64(max(m.CPUs, 1)), procs*max(1, env["nthreads"]))
}

func first(s []string) string {
	if len(s) == 0 {
		return ""
	}
	return s[0]
}

// unit is a group of blocks that the model prices as one action: a loop
// nest or branch that only computes, or a single block.
type unit struct {
	blocks []*Block
	ws     Expr
}

// units lists the units of a function body the way the model is written.
func units(bs []*Block) []unit {
	var out []unit
	for _, b := range bs {
		if (b.Kind == Loop || b.Kind == Branch) && pure([]*Block{b}) {
			var c cost
			c.collect([]*Block{b}, nil)
			out = append(out, unit{blocks: subtree(b), ws: c.workingSet()})
			continue
		}
		var c cost
		c.collect([]*Block{b}, nil)
		out = append(out, unit{blocks: []*Block{b}, ws: c.workingSet()})
		out = append(out, units(b.Body)...)
		out = append(out, units(b.Then)...)
		out = append(out, units(b.Else)...)
	}
	return out
}

func subtree(b *Block) []*Block {
	out := []*Block{b}
	for _, l := range [][]*Block{b.Body, b.Then, b.Else} {
		for _, c := range l {
			out = append(out, subtree(c)...)
		}
	}
	return out
}

// funcEnvs gives each function the values of the parameters of the model
// and of its own parameters, as its first caller passes them.
func (a *Analysis) funcEnvs(env map[string]float64) map[string]map[string]float64 {
	out := map[string]map[string]float64{}
	base := map[string]float64{}
	for _, ps := range [][]*Param{a.unused, a.Params} {
		for _, p := range ps {
			base[p.Name] = p.Default
		}
	}
	for k, v := range env {
		base[k] = v
	}
	// A value of procs (a grid the program computes) at the report's
	// procs, unless env gives the parameter.
	for _, ps := range [][]*Param{a.unused, a.Params} {
		for _, p := range ps {
			if _, given := env[p.Name]; given || p.Value == nil {
				continue
			}
			if v, ok := eval(p.Value, base); ok {
				base[p.Name] = v
			}
		}
	}
	for _, f := range a.Funcs {
		out[f.Name] = base
	}
	// Callers before callees: repeat until nothing changes (the call
	// graph has no cycles; recursion was cut).
	var calls []*Block
	for _, b := range a.Blocks() {
		if b.Kind == CallK {
			calls = append(calls, b)
		}
	}
	byName := map[string]*Func{}
	for _, f := range a.Funcs {
		byName[f.Name] = f
	}
	for pass := 0; pass < len(a.Funcs); pass++ {
		changed := false
		for _, b := range calls {
			callee := byName[b.Callee]
			if callee == nil {
				continue
			}
			e := map[string]float64{}
			for k, v := range out[callee.Name] {
				e[k] = v
			}
			for i, arg := range b.Args {
				if arg == nil || i >= len(callee.Params) {
					continue
				}
				if v, ok := eval(arg, out[b.Func]); ok && !math.IsNaN(v) {
					if old, had := out[callee.Name][callee.Params[i]]; !had || old != v {
						changed = true
					}
					e[callee.Params[i]] = v
				}
			}
			out[callee.Name] = e
		}
		if !changed {
			break
		}
	}
	return out
}

// restartSeconds is what the streams that start afresh at every entry of
// the loop b wait over its entries on machine m, by operation class: the
// model's restart(), a latency of the level of each stream's data.
func restartSeconds(b *Block, env map[string]float64, unitWS, entries float64, m Machine) map[string]float64 {
	out := map[string]float64{}
	if len(b.restarts) == 0 {
		return out
	}
	for _, r := range b.restarts {
		gap, _ := eval(r.gap, env)
		if math.Abs(gap) < 64 {
			continue
		}
		w := unitWS
		if r.ws != nil {
			w, _ = eval(r.ws, env)
		}
		prefix := "load_"
		shares := levelShares(w, sharers(env, m), m.levels())
		if r.resumed {
			// The model's resume(): an independent load, its levels
			// blended geometrically as every random load's (randload.go).
			prefix = "load_rand_"
			shares = randomShares(w, sharers(env, m), m.levels(), func(key string) float64 {
				t, _ := machine.OpTime(m.Ops, key)
				return t
			})
		}
		for l, f := range shares {
			key := prefix + levelNames[l]
			// The model's price: a machine file without this key times
			// it as another (machine.OpFallback), as the model does.
			price, _ := machine.OpTime(m.Ops, key)
			if t := entries * f * price; t > 0 {
				out[key] += t
			}
		}
	}
	return out
}

// qsortUnits is the comparison units of a sort of n elements, as
// blockTime writes them: n log2 n, one at least.
func qsortUnits(n float64) float64 {
	return math.Max(1, n*math.Log2(math.Max(1, n)))
}
