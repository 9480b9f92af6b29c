package model

// Builtin names every expression may read. Their values come from the
// simulated unit (pid, tid, uid, nid) or the system parameters of seed 000
// (nodes, cpus, procs, threads).
var BuiltinVars = map[string]string{
	"pid":      "id of the process, 0 .. procs-1",
	"tid":      "id of the thread within its process, 0 outside parallel regions",
	"uid":      "unique id of the unit (process or thread) in the whole run",
	"nid":      "id of the node the unit runs on, 0 .. nodes-1",
	"nodes":    "number of nodes (system parameter, --nodes)",
	"cpus":     "number of CPUs per node of the unit's node",
	"procs":    "number of processes (system parameter, --procs)",
	"threads":  "default number of threads per process (system parameter, --threads)",
	"nthreads": "number of threads of the enclosing parallel region (1 outside)",
}

// Func describes a built-in function.
type Func struct {
	Arity  int  // number of arguments; -1: two or more
	Random bool // draws from the unit's random stream
	Doc    string
}

// BuiltinFuncs are the math functions and random variates.
var BuiltinFuncs = map[string]Func{
	"min":         {-1, false, "smallest argument"},
	"max":         {-1, false, "largest argument"},
	"abs":         {1, false, "absolute value"},
	"floor":       {1, false, "largest integer ≤ x"},
	"ceil":        {1, false, "smallest integer ≥ x"},
	"round":       {1, false, "nearest integer, halves away from zero"},
	"sqrt":        {1, false, "square root"},
	"pow":         {2, false, "x to the power y"},
	"log":         {1, false, "natural logarithm"},
	"log2":        {1, false, "base-2 logarithm"},
	"log10":       {1, false, "base-10 logarithm"},
	"exp":         {1, false, "e to the power x"},
	"uniform":     {2, true, "uniform variate on [a, b)"},
	"normal":      {2, true, "normal variate with mean and standard deviation"},
	"exponential": {1, true, "exponential variate with the given mean"},
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
	"schedule": true, "static": true, "dynamic": true, "chunk": true,
	"critical": true, "true": true, "false": true,
}
