package model

import "math"

// Builtin names every expression may read. Their values come from the
// simulated unit (pid, tid, uid, nid) or the system parameters of Performance Prophet
// (nodes, cpus, procs, threads).
var BuiltinVars = map[string]string{
	"pid":       "id of the process, 0 .. procs-1",
	"tid":       "id of the thread within its process, 0 outside parallel regions",
	"uid":       "unique id of the unit (process or thread) in the whole run",
	"nid":       "id of the node the unit runs on, 0 .. nodes-1",
	"nodes":     "number of nodes (system parameter, --nodes)",
	"cpus":      "number of CPUs per node of the unit's node",
	"procs":     "number of processes (system parameter, --procs)",
	"threads":   "default number of threads per process (system parameter, --threads)",
	"nthreads":  "number of threads of the enclosing parallel region (1 outside)",
	"ws_l1":     "working set in bytes at which the unit's node's first-level loads and stores were measured (machine file's levels)",
	"ws_l2":     "working set in bytes of the node's second-level measurements",
	"ws_l3":     "working set in bytes of the node's third-level measurements",
	"ws_mem":    "working set in bytes of the node's memory measurements",
	"ws_shared": "how much the node's processes compete for its last cache level, 0 (each has all of it) to 1 (they share it; machine file's levels shared)",
}

// Func describes a built-in function.
type Func struct {
	Arity  int  // number of arguments; -1: two or more
	Random bool // draws from the unit's random stream
	Doc    string
	// Math is the function itself for the one-argument math functions, so
	// the compiler and the checker's constant folding share one definition.
	Math func(float64) float64
}

// OpsFunc is ops(KEY: count, ...): a cost of operation counts priced by
// the machine file's ops of the unit's node (ChronosMix's formula (1)).
const OpsFunc = "ops"

// BuiltinFuncs are the math functions and random variates.
var BuiltinFuncs = map[string]Func{
	"min":         {-1, false, "smallest argument", nil},
	"max":         {-1, false, "largest argument", nil},
	"abs":         {1, false, "absolute value", math.Abs},
	"floor":       {1, false, "largest integer ≤ x", math.Floor},
	"ceil":        {1, false, "smallest integer ≥ x", math.Ceil},
	"round":       {1, false, "nearest integer, halves away from zero", math.Round},
	"sqrt":        {1, false, "square root", math.Sqrt},
	"pow":         {2, false, "x to the power y", nil},
	"log":         {1, false, "natural logarithm", math.Log},
	"log2":        {1, false, "base-2 logarithm", math.Log2},
	"log10":       {1, false, "base-10 logarithm", math.Log10},
	"exp":         {1, false, "e to the power x", math.Exp},
	"uniform":     {2, true, "uniform variate on [a, b)", nil},
	"normal":      {2, true, "normal variate with mean and standard deviation", nil},
	"exponential": {1, true, "exponential variate with the given mean", nil},
}

// Keywords cannot be used as names. `threads` is not among them: it is a
// built-in variable, and a clause word only right after a parallel region's
// name, a pfor's range or a barrier's name, where the parser knows which.
var Keywords = map[string]bool{
	"model": true, "param": true, "global": true, "local": true, "cost": true,
	"activity": true, "action": true, "delay": true, "call": true, "if": true,
	"else": true, "loop": true, "for": true, "in": true, "step": true,
	"choose": true, "send": true, "recv": true, "isend": true, "irecv": true,
	"wait": true, "on": true, "to": true, "from": true, "any": true, "size": true,
	"tag": true, "root": true, "algorithm": true, "barrier": true, "bcast": true,
	"reduce": true, "allreduce": true, "gather": true, "scatter": true,
	"allgather": true, "alltoall": true, "parallel": true, "pfor": true,
	"schedule": true, "static": true, "dynamic": true, "guided": true, "chunk": true,
	"critical": true, "atomic": true, "master": true, "single": true, "priority": true, "true": true, "false": true,
}
