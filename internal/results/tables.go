package results

// The CSV form of a result document (--format csv) is derived from its
// JSON, so that the two cannot differ: one table whose first column,
// record, tells the rows apart. The summary row holds the document's
// fields that are not lists of records; a record row per element of each
// list named as a record. Nested objects are flattened with their names
// joined by "_" (deadlock.time_s is the column deadlock_time_s, a
// parameter NAT of params the column params_NAT); a list of numbers or
// strings is its JSON text in one cell; null is an empty cell; numbers
// are written as in the JSON. Columns are in the order they first occur.
//
// The specs are part of the documents' description (docs/output.md), so
// they live here with the documents; internal/writers/table writes a
// document by its spec.

// TableRecord names a list of objects in a document that becomes rows.
type TableRecord struct {
	// Name is the rows' record column.
	Name string
	// Path is the list's place in the document: "processes", a field of
	// an object "deadlock.blocked", or a list inside another list's
	// elements "rows[].results".
	Path string
	// Keys are fields of the enclosing list's element repeated in each
	// row of a nested list (Path with "[]"), to say which element it
	// belongs to.
	Keys []string
}

// TableSpec says how a document is written as CSV.
type TableSpec struct {
	// Summary is the record column of the summary row; empty: no summary
	// row.
	Summary string
	Records []TableRecord
	// JSONOnly are paths of lists of objects left out of the CSV (a
	// process's own elements: one row per process and element would be
	// larger than the rest of the table).
	JSONOnly []string
}

// The CSV tables of the commands' documents (table.Write), documented with
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
