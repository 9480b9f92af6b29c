package results

// The CSV tables of the commands' documents (WriteTable), documented with
// the documents in docs/output.md.
var (
	PredictionTable = TableSpec{Summary: "summary",
		Records: []TableRecord{
			{Name: "process", Path: "processes"},
			{Name: "element", Path: "elements"},
			{Name: "blocked", Path: "deadlock.blocked"},
		},
		JSONOnly: []string{"processes[].elements"}}
	ReplayTable = TableSpec{Summary: "summary",
		Records: []TableRecord{
			{Name: "rank", Path: "ranks"},
			{Name: "element", Path: "elements"},
			{Name: "blocked", Path: "deadlock.blocked"},
		},
		JSONOnly: []string{"ranks[].elements"}}
	SimulationTable = TableSpec{Summary: "summary",
		Records: []TableRecord{
			{Name: "thread", Path: "threads"},
			{Name: "blocked", Path: "deadlock.blocked"},
			{Name: "attempt", Path: "attempts"},
		},
		JSONOnly: []string{"threads[].elements", "attempts[].deadlock.blocked"}}
	AnalysisTable = TableSpec{Summary: "summary",
		Records: []TableRecord{
			{Name: "machine", Path: "machines"},
			{Name: "block", Path: "blocks"},
			{Name: "param", Path: "params"},
			{Name: "unknown", Path: "unknowns"},
			{Name: "measured_count", Path: "measured_counts"},
		},
		JSONOnly: []string{"machines[].deadlock.blocked"}}
)
