package results

import (
	"augur/internal/engine"
)

// The JSON documents augur predict, augur replay and augur simulate write
// (--format json), described once in docs/output.md with those of the
// other commands (analyze, check, validate, sweep, fit, bench). Every
// document starts with a header that names the command and the version
// of this schema, and the same figure has the same name: a run's total
// time is time_s, a deadlock null or {time_s, blocked}; every time ends
// in _s and is in seconds (for thread traces, in the trace's own unit),
// and their CSV is the same document as one table (internal/writers/table). A unit's
// time budget is
// end_s with compute_s, communication_s and waiting_s (busy_s, blocked_s
// and ready_waiting_s for threads), and an element's figures are calls,
// total_s, mean_s, min_s, max_s and share. Decode reads them back by the
// header, into these types.

// SchemaVersion is the version of the documents below. Version 1, never
// written into the files, spelled the same figures differently per
// command (comm_s, communication_s; finish_s, total_s; busy without a
// unit). Version 2 named a run's total time differently per command
// (predicted_time_s, simulation_time_s, completion_time_s), gave
// simulate's deadlock as a boolean beside a report and predict's threads
// per process the name of simulate's list of threads; version 3 writes
// time_s, a deadlock null or {time_s, blocked}, threads_per_process, and
// the header in every command's document (docs/output.md, "What changed").
const SchemaVersion = 3

// Commands that write result documents, as Header.Command names them.
const (
	CommandPredict  = "predict"
	CommandReplay   = "replay"
	CommandSimulate = "simulate"
	CommandAnalyze  = "analyze"
	CommandCheck    = "check"
	CommandValidate = "validate"
	CommandSweep    = "sweep"
	CommandFit      = "fit"
	// bench's documents are named by the command and its mode.
	CommandBenchBlock   = "bench block"
	CommandBenchNetwork = "bench network"
)

// Header begins every result document.
type Header struct {
	Command       string `json:"command"`
	SchemaVersion int    `json:"schema_version"`
}

// NewHeader is the header of a document command writes now.
func NewHeader(command string) Header {
	return Header{Command: command, SchemaVersion: SchemaVersion}
}

// Budget is how a process or rank spent its time: it ended at End, after
// Compute + Communication + Waiting seconds.
type Budget struct {
	End           float64 `json:"end_s"`
	Compute       float64 `json:"compute_s"`
	Communication float64 `json:"communication_s"`
	Waiting       float64 `json:"waiting_s"`
}

// Prediction is augur predict's document.
type Prediction struct {
	Header
	Model   string             `json:"model"`
	Machine string             `json:"machine"`
	Nodes   int                `json:"nodes"`
	Procs   int                `json:"procs"`
	Threads int                `json:"threads_per_process"`
	Seed    uint64             `json:"seed"`
	Params  map[string]float64 `json:"params"`
	// PerProcess are the params set to an expression of pid and procs
	// (--set peer=1-pid), as written.
	PerProcess map[string]string `json:"per_process_params,omitempty"`
	// MeasuredCollectives names the node group whose measured collectives
	// (a machine file's collectives key) timed the collectives; empty when
	// they were simulated as messages.
	MeasuredCollectives string           `json:"measured_collectives,omitempty"`
	PredictedTime       float64          `json:"time_s"`
	EvalTime            float64          `json:"eval_time_s"`
	Events              int64            `json:"events"`
	Executions          int64            `json:"element_executions"`
	ClosedForm          int64            `json:"closed_form_executions"`
	Replications        *Replications    `json:"replications,omitempty"`
	Processes           []Process        `json:"processes"`
	Elements            []Stats          `json:"elements"`
	Deadlock            *engine.Deadlock `json:"deadlock"`
	Warnings            []string         `json:"warnings"`
	// Partial marks a run stopped before its end (Ctrl-C): the figures
	// are those of the operations completed by SimulatedTimeReached,
	// which PredictedTime then is (a lower bound). Both are left out of
	// complete runs' JSON.
	Partial              bool    `json:"partial,omitempty"`
	SimulatedTimeReached float64 `json:"simulated_time_reached_s,omitempty"`
	// CompletedReplications is set when a later replication than the
	// first was stopped: the figures are the first's, complete, and
	// Replications lists those that completed.
	CompletedReplications int `json:"completed_replications,omitempty"`
}

// Replications summarises several runs with different seeds.
type Replications struct {
	N     int       `json:"n"`
	Times []float64 `json:"times_s"`
	Mean  float64   `json:"mean_s"`
	CI95  float64   `json:"ci95_s"`
}

// Process is one process's (or thread's) budget in a prediction.
type Process struct {
	Pid  int32 `json:"pid"`
	Tid  int32 `json:"tid"`
	Node int32 `json:"node"`
	Budget
	// Elements are the unit's own figures per element it executed
	// (largest total first), when the run kept them; they add up to the
	// unit's budget.
	Elements []Stats `json:"elements,omitempty"`
}

// Replay is augur replay's document.
type Replay struct {
	Header
	// SimulationTime is what smpirun prints as "Simulation time": when
	// the last rank finished its trace.
	SimulationTime float64 `json:"time_s"`
	// Trace is the trace or index replayed, Platform where (a platform
	// or machine file; empty when the caller does not say).
	Trace    string `json:"trace"`
	Platform string `json:"platform,omitempty"`
	NP       int    `json:"np"`
	Model    string `json:"network_model"`
	Ranks    []Rank `json:"ranks"`
	// Elements are the kinds of action over all ranks, in the order of
	// SimGrid's action names.
	Elements   []Stats          `json:"elements"`
	Events     int64            `json:"events"`
	Operations int64            `json:"operations"`
	Deadlock   *engine.Deadlock `json:"deadlock"`
	// MeasuredCollectives names the node group whose measured collectives
	// (a machine file's collectives key) timed the collectives instead of
	// simulating their messages; empty when they were simulated.
	MeasuredCollectives string `json:"measured_collectives,omitempty"`
	// Warnings are settings accepted but without effect; the JSON always
	// has the list.
	Warnings []string `json:"warnings"`
	// Partial marks a replay stopped before its end: the figures are
	// those of the actions completed by SimulatedTimeReached, and
	// SimulationTime is that time (a lower bound). Left out of complete
	// replays' JSON.
	Partial              bool    `json:"partial,omitempty"`
	SimulatedTimeReached float64 `json:"simulated_time_reached_s,omitempty"`
}

// Rank is one rank's budget in a replay.
type Rank struct {
	Rank int    `json:"rank"`
	Host string `json:"host"`
	Node int32  `json:"node"` // the host's index in the platform
	Budget
	// Elements are the rank's own figures per kind of action it
	// executed; they add up to its budget.
	Elements []Stats `json:"elements"`
}

// Simulation is augur simulate's document (thread traces, VPPB).
type Simulation struct {
	Header
	Trace      string   `json:"trace"`
	Threads    []Thread `json:"threads"`
	CPUs       int      `json:"cpus"`
	ModelAsked string   `json:"model_requested"`
	Model      string   `json:"model"`
	Reason     string   `json:"model_reason,omitempty"`
	// DeadlockReport is null when the threads did not deadlock; it has
	// the shape of predict's deadlock.
	DeadlockReport *ThreadDeadlock `json:"deadlock"`
	Completion     float64         `json:"time_s"`
	OneCPU         *float64        `json:"one_processor_time_s"`
	Speedup        *float64        `json:"speedup"`
	Recorded       float64         `json:"recorded_time_s"`
	TraceEvents    int             `json:"trace_events"`
	SimEvents      int64           `json:"events"`
	WorkFrom       string          `json:"work_from"`
	Attempts       []Attempt       `json:"attempts,omitempty"`
	ReadTime       *float64        `json:"read_time_s,omitempty"`
	SimulateTime   *float64        `json:"simulate_time_s,omitempty"`
	// Partial: interrupted; Completion is the simulated time reached.
	Partial              bool    `json:"partial,omitempty"`
	SimulatedTimeReached float64 `json:"simulated_time_reached_s,omitempty"`
}

// Thread is one thread's account in a simulation (ThreadStats:
// busy + blocked + ready-waiting is the time from its creation to its
// end), with the processor it was bound to and its priority.
type Thread struct {
	ThreadStats
	CPU      *int32 `json:"cpu"`
	Priority int32  `json:"priority"`
}

// Attempt is one simulation model tried by --model auto.
type Attempt struct {
	Model      string          `json:"model"`
	Completion float64         `json:"time_s"`
	Report     *ThreadDeadlock `json:"deadlock"`
}

// Analysis is augur analyze's document: a C/MPI program split into
// blocks, each counted and priced on every machine (times are process
// 0's, at the parameters given), and the generated model's predicted run
// time there. It has no per-unit budget or timeline: the prediction on
// each machine is one predict run, whose own document augur predict
// writes.
type Analysis struct {
	Header
	Model string `json:"model"`
	// ModelFile is where the model was written (--model); empty if not.
	ModelFile string   `json:"model_file"`
	Files     []string `json:"files"`
	Procs     int      `json:"procs"`
	// CompileFlags are the compile line's code-generation and dialect
	// flags, as given (-O3, -march=native, -ffast-math).
	CompileFlags []string `json:"compile_flags"`
	// Machines, Blocks' TimeS and ByFunction/ByClass share one order.
	Machines   []AnalysisMachine    `json:"machines"`
	Blocks     []AnalysisBlock      `json:"blocks"`
	Params     []AnalysisParam      `json:"params"`
	Unknowns   []AnalysisUnknown    `json:"unknowns"`
	ByFunction map[string][]float64 `json:"by_function_s"`
	ByClass    map[string][]float64 `json:"by_class_s"`
	// Errors are the machines whose prediction failed, and why.
	Errors         []string        `json:"errors"`
	MeasuredCounts []MeasuredCount `json:"measured_counts"`
	Warnings       []string        `json:"warnings"`
	// Partial: interrupted while predicting; machines not reached have a
	// null time_s.
	Partial bool `json:"partial,omitempty"`
}

// AnalysisMachine is one machine's column: the computation of process 0
// priced by formula (1) and the predicted run time (null if not
// predicted).
type AnalysisMachine struct {
	Name      string   `json:"name"`
	Predicted *float64 `json:"time_s"`
	Compute   float64  `json:"compute_time_s"`
	// MissingOps are operations the program needs that the machine file
	// does not time (priced at 0).
	MissingOps []string `json:"missing_ops,omitempty"`
	// SubstitutedOps are operations the machine file does not time that
	// are priced as others ("libc_rand (as rand)": a file written before
	// augur bench machine timed the C library calls).
	SubstitutedOps []string `json:"substituted_ops,omitempty"`
	// Deadlock says who waits for whom when the model deadlocked on this
	// machine (time_s is then null), at the C calls' positions.
	Deadlock *engine.Deadlock `json:"deadlock"`
}

// AnalysisBlock is a block of the program: where it is, its operations
// per execution, how often it runs (a formula and its value) and how
// that count is known, and its time on each machine.
type AnalysisBlock struct {
	Name        string             `json:"name"`
	Function    string             `json:"function"`
	Kind        string             `json:"kind"`
	Where       string             `json:"where"`
	Lines       [2]int             `json:"lines"`
	Ops         map[string]float64 `json:"ops"`
	Count       string             `json:"count"`
	CountValue  float64            `json:"count_value"`
	Provenance  string             `json:"provenance"`
	MemoryLevel string             `json:"memory_level"`
	TimeS       []float64          `json:"times_s"`
}

// AnalysisParam is a parameter of the program (a #define, a command-line
// argument) with its default and where it comes from.
type AnalysisParam struct {
	Name    string  `json:"name"`
	Default float64 `json:"default"`
	Where   string  `json:"where"`
	From    string  `json:"from"`
	// Arg is the program argument the model binds it to, "arg 2" (argv[2])
	// or "arg count" (argc - 1); empty if none.
	Arg string `json:"arg,omitempty"`
	// PerProcess is its value per process, an expression of pid and
	// procs given with --set (Default is process 0's); empty if none.
	PerProcess string `json:"per_process,omitempty"`
}

// AnalysisUnknown is what the analysis cannot know statically (a while
// loop's count, a branch's probability) and how it was settled.
type AnalysisUnknown struct {
	Where      string `json:"where"`
	Block      string `json:"block,omitempty"`
	What       string `json:"what"`
	Param      string `json:"param,omitempty"`
	Provenance string `json:"provenance"`
	Value      string `json:"value"`
}

// MeasuredCount is a block's count in the analysis against a counted run
// (augur analyze --counts).
type MeasuredCount struct {
	Block      string  `json:"block"`
	Provenance string  `json:"provenance"`
	Static     float64 `json:"static"`
	Measured   float64 `json:"measured"`
	// Disagrees: an exact count that the run contradicts.
	Disagrees bool `json:"disagrees"`
}
