package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"augur/internal/results"
	"augur/internal/run/validate"
)

// schemaField is a row of a field table of docs/output.md.
type schemaField struct {
	path, typ string
	// optional: the table's "when" column says when it is written; a
	// field without one is in every document (every element of its
	// list, whenever its object is there).
	optional bool
}

// schema is the fields of each command's document, by path (a.b for an
// object's field, a[].b for a field of a list's elements).
type schema map[string]map[string]*schemaField

var (
	schemaHeading = regexp.MustCompile("^## `augur ([a-z ]+) --format json`")
	// a row: the fields (one or more `path`, comma-separated), the
	// type, when.
	schemaRow  = regexp.MustCompile("^\\| *(`[^|]+`) *\\| *([^|]+?) *\\| *([^|]*?) *\\|")
	schemaPath = regexp.MustCompile("`([^`]+)`")
)

// readSchema reads the field tables of docs/output.md: after a heading
// "## `augur CMD --format json`", the rows of the table whose header is
// "| field | type | when | meaning |".
func readSchema(t *testing.T) schema {
	t.Helper()
	f, err := os.Open("../../docs/output.md")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	s := schema{}
	cmd, inTable := "", false
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		l := sc.Text()
		if m := schemaHeading.FindStringSubmatch(l); m != nil {
			cmd, inTable = m[1], false
			if s[cmd] != nil {
				t.Errorf("docs/output.md:%d: a second field table for %s", line, cmd)
			}
			s[cmd] = map[string]*schemaField{}
			continue
		}
		if strings.HasPrefix(l, "#") {
			cmd = ""
		}
		if cmd == "" {
			continue
		}
		if strings.HasPrefix(l, "| field | type | when | meaning |") {
			inTable = true
			continue
		}
		if !strings.HasPrefix(l, "|") {
			inTable = false
			continue
		}
		m := schemaRow.FindStringSubmatch(l)
		if !inTable || m == nil {
			continue
		}
		when, typ := strings.TrimSpace(m[3]), strings.TrimSpace(m[2])
		if !knownType(typ) {
			t.Errorf("docs/output.md:%d: type %q is not one the test knows", line, typ)
		}
		for _, p := range schemaPath.FindAllStringSubmatch(m[1], -1) {
			if s[cmd][p[1]] != nil {
				t.Errorf("docs/output.md:%d: %s listed twice", line, p[1])
			}
			s[cmd][p[1]] = &schemaField{path: p[1], typ: typ, optional: when != ""}
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return s
}

func knownType(typ string) bool {
	typ = strings.TrimSuffix(typ, " or null")
	switch typ {
	case "string", "number", "boolean", "object", "array of number", "array of string", "array of object",
		"map of number", "map of string", "map of array of number":
		return true
	}
	return false
}

// typeOf names a JSON value's type as the tables do.
func typeOf(v any) string {
	switch x := v.(type) {
	case nil:
		return "null"
	case string:
		return "string"
	case json.Number:
		return "number"
	case bool:
		return "boolean"
	case map[string]any:
		return "object"
	case []any:
		elem := ""
		for _, e := range x {
			if te := typeOf(e); elem == "" || elem == te {
				elem = te
			} else {
				return "array of mixed"
			}
		}
		if elem == "" {
			return "array"
		}
		return "array of " + elem
	}
	return fmt.Sprintf("%T", v)
}

// typeFits says whether a value of JSON type got fits the documented
// type want.
func typeFits(got, want string) bool {
	nullable := strings.HasSuffix(want, " or null")
	want = strings.TrimSuffix(want, " or null")
	switch {
	case got == "null":
		return nullable
	case got == "array":
		return strings.HasPrefix(want, "array")
	case strings.HasPrefix(want, "map of "):
		return got == "object"
	}
	return got == want
}

// schemaCheck compares documents with a command's table.
type schemaCheck struct {
	cmd    string
	fields map[string]*schemaField
	seen   map[string]bool
	diffs  []string
}

func (c *schemaCheck) errorf(format string, args ...any) {
	c.diffs = append(c.diffs, c.cmd+": "+fmt.Sprintf(format, args...))
}

// children are the documented fields directly under path.
func (c *schemaCheck) children(path string) []*schemaField {
	var out []*schemaField
	for p, f := range c.fields {
		parent, _ := splitPath(p)
		if parent == path {
			out = append(out, f)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].path < out[j].path })
	return out
}

// splitPath splits "a[].b" into "a[]" and "b", "a.b" into "a" and "b".
func splitPath(p string) (string, string) {
	i := strings.LastIndex(p, ".")
	if i < 0 {
		return "", p
	}
	return p[:i], p[i+1:]
}

// object checks an object at path (its fields are path.k; "" the
// document).
func (c *schemaCheck) object(where string, path string, obj map[string]any) {
	for _, f := range c.children(path) {
		_, name := splitPath(f.path)
		if _, ok := obj[name]; !ok && !f.optional {
			c.errorf("%s: %s documented as always written, missing", where, f.path)
		}
	}
	keys := make([]string, 0, len(obj))
	for k := range obj {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		p := k
		if path != "" {
			p = path + "." + k
		}
		c.value(where, p, obj[k])
	}
}

func (c *schemaCheck) value(where, path string, v any) {
	f := c.fields[path]
	got := typeOf(v)
	if f == nil {
		// Go on into it: the differences list all its fields.
		c.errorf("%s: %s (%s) is written but not in docs/output.md", where, path, got)
		f = &schemaField{path: path, typ: "object"}
	} else {
		c.seen[path] = true
		if !typeFits(got, f.typ) {
			c.errorf("%s: %s is %s, documented as %s", where, path, got, f.typ)
			return
		}
	}
	switch x := v.(type) {
	case map[string]any:
		if elem, ok := strings.CutPrefix(strings.TrimSuffix(f.typ, " or null"), "map of "); ok {
			for k, e := range x {
				if !typeFits(typeOf(e), elem) {
					c.errorf("%s: %s[%q] is %s, documented as %s", where, path, k, typeOf(e), elem)
				}
			}
			return
		}
		c.object(where, path, x)
	case []any:
		for _, e := range x {
			if m, ok := e.(map[string]any); ok {
				c.object(where, path+"[]", m)
			}
		}
	}
}

// schemaUnreached are the documented fields ("command path") that none of
// the test's runs writes, and why; their type is still checked wherever
// they are written. A field of the list that a run writes is an error, so
// that the list cannot keep what the runs reach.
var schemaUnreached = map[string]string{
	"predict measured_collectives":                     "needs a machine file with measured collectives (TestMeasuredCollectives)",
	"predict partial":                                  "only an interrupted run (TestProgressInterruptedPredict); an already cancelled run stops before it starts",
	"predict simulated_time_reached_s":                 "only an interrupted run",
	"predict completed_replications":                   "only an interrupted run of replications (TestProgressInterruptedReplications)",
	"replay measured_collectives":                      "needs a machine file with measured collectives",
	"replay partial":                                   "only an interrupted run (TestProgressInterruptedReplay)",
	"replay simulated_time_reached_s":                  "only an interrupted run",
	"simulate partial":                                 "only an interrupted run (TestProgressInterruptedSimulate)",
	"simulate simulated_time_reached_s":                "only an interrupted run",
	"analyze partial":                                  "only an interrupted run",
	"validate partial":                                 "only an interrupted run (TestProgressInterruptedValidate)",
	"validate configurations":                          "only an interrupted run",
	"bench block partial":                              "only an interrupted run",
	"analyze measured_counts[].block":                  "needs --counts of an instrumented run (TestInstrumentCount)",
	"analyze measured_counts[].provenance":             "needs --counts",
	"analyze measured_counts[].static":                 "needs --counts",
	"analyze measured_counts[].measured":               "needs --counts",
	"analyze measured_counts[].disagrees":              "needs --counts",
	"bench network collectives":                        "measured with --mpi under mpirun (TestBenchNetworkMPI)",
	"bench network collectives[].collective":           "with --mpi",
	"bench network collectives[].algorithm":            "with --mpi",
	"bench network collectives[].algorithm_name":       "with --mpi",
	"bench network collectives[].procs":                "with --mpi",
	"bench network collectives[].samples":              "with --mpi",
	"bench network collectives[].samples[].size_bytes": "with --mpi",
	"bench network collectives[].samples[].min_s":      "with --mpi",
	"bench network collectives[].samples[].median_s":   "with --mpi",
	"bench network collectives[].samples[].reps":       "with --mpi",
	"bench network collectives[].samples[].trips":      "with --mpi",
}

// schemaMeasured are documented fields that a run writes or not by what
// it measures on this machine: bench block's search measures the cold
// start at a count only where the times it reads call for it, which a
// busy machine changes. The test holds their type wherever they are
// written and asserts neither way.
var schemaMeasured = map[string]bool{
	"bench block steps[].cold_s":        true,
	"bench block steps[].cold_excess_s": true,
	"bench block steps[].cold_marginal": true,
	"bench block steps[].first_touch_s": true,
}

// schemaRun is a command line of the test and how its CSV is made.
type schemaRun struct {
	cmd  string // the document's command, as the tables name it
	args []string
	// table is the CSV's records; nil: the command has its own CSV
	// (sweep), held to the documented names only.
	table *results.TableSpec
	// cancelled runs the command already interrupted, to see the fields
	// of partial results.
	cancelled bool
}

func schemaRuns(t *testing.T) []schemaRun {
	dir := t.TempDir()
	dead := writeTemp(t, "dead.aug", "model dead\nactivity main {\n  recv R from 1 - pid size 8\n  send S to 1 - pid size 8\n}\n")
	warn := writeTemp(t, "warn.aug", "model warn\nglobal V = 0\ncost F() = 1\nactivity main {\n  action A cost F()\n}\n")
	peer := writeTemp(t, "peer.aug", "model peer\nparam peer = 0\ncost F(p) = p + 1\nactivity main {\n  action A cost F(peer)\n}\n")
	deadTrace := writeTemp(t, "dead.txt", "0 init\n1 init\n0 recv 1 0 8\n1 recv 0 0 8\n0 finalize\n1 finalize\n")
	fitData := "../../internal/base/fit/testdata/extrap_two_parameter_1.txt"
	sg := "../../internal/run/replay/testdata/simgrid/"
	vppb := "../../internal/frontend/threadtrace/testdata/"
	lapw := ex + "lapw0/"
	acd := "../../internal/frontend/analyze/testdata/"
	threads := writeTemp(t, "threads.csv", "procs,threads,tm_s\n2,1,200\n2,2,150\n")
	pt, ps, pr, an := &results.PredictionTable, &results.SimulationTable, &results.ReplayTable, &results.AnalysisTable
	v := &validate.CSVTable
	return []schemaRun{
		{cmd: "predict", args: []string{"predict", ex + "sample.aug", "--machine", ex + "machines/ideal.yaml", "--procs", "4", "--stable"}, table: pt},
		{cmd: "predict", args: []string{"predict", ex + "pingpong.aug", "--machine", ex + "machines/gescher.yaml", "--procs", "2", "--replications", "2", "--stable"}, table: pt},
		{cmd: "predict", args: []string{"predict", peer, "--machine", ex + "machines/ideal.yaml", "--procs", "2", "--set", "peer=1-pid", "--stable"}, table: pt},
		{cmd: "predict", args: []string{"predict", warn, "--machine", ex + "machines/ideal.yaml", "--procs", "1", "--stable"}, table: pt},
		{cmd: "predict", args: []string{"predict", dead, "--machine", ex + "machines/ideal.yaml", "--procs", "2", "--stable"}, table: pt},
		{cmd: "predict", args: []string{"predict", ex + "sample.aug", "--machine", ex + "machines/ideal.yaml", "--procs", "4", "--stable"}, table: pt, cancelled: true},
		{cmd: "replay", args: []string{"replay", sg + "actions_bcast.txt", "--platform", sg + "small_platform.xml", "--np", "3"}, table: pr},
		{cmd: "replay", args: []string{"replay", sg + "actions_bcast.txt", "--platform", sg + "small_platform.xml", "--np", "3"}, table: pr, cancelled: true},
		{cmd: "replay", args: []string{"replay", deadTrace, "--platform", sg + "small_platform.xml", "--np", "2"}, table: pr},
		{cmd: "simulate", args: []string{"simulate", vppb + "vppb-P.trace", "--cpus", "2"}, table: ps},
		{cmd: "simulate", args: []string{"simulate", vppb + "vppb-Q.trace", "--cpus", "2", "--model", "direct"}, table: ps},
		{cmd: "simulate", args: []string{"simulate", vppb + "vppb-Q.trace", "--cpus", "2", "--model", "auto", "--timing"}, table: ps},
		{cmd: "analyze", args: []string{"analyze", "../../internal/frontend/analyze/testdata/pi.c", "--machine", opsMachine, "--procs", "2", "--set", "darts=1000",
			"--model", filepath.Join(dir, "pi.aug")}, table: an},
		{cmd: "analyze", args: []string{"analyze", acd + "peer.c", "--machine", acd + "onens_net.yaml", "--procs", "2"}, table: an},
		{cmd: "analyze", args: []string{"analyze", acd + "peer.c", "--machine", acd + "onens_net.yaml", "--procs", "2", "--args", "1000", "--set", "peer=1-pid"}, table: an},
		// ideal.yaml times no operation: missing_ops, and the prediction
		// fails (exit status 4), the document written.
		{cmd: "analyze", args: []string{"analyze", acd + "pi.c", "--machine", ex + "machines/ideal.yaml", "--procs", "2"}, table: an},
		{cmd: "check", args: []string{"check", warn, dead}, table: &checkTable},
		{cmd: "validate", args: []string{"validate", lapw + "../lapw0.aug", lapw + "table2.csv", "--machine", ex + "machines/gescher.yaml", "--measured", "tm_s", "--reference", "ts_s"}, table: v},
		{cmd: "validate", args: []string{"validate", ex + "sample.aug", threads, "--machine", ex + "machines/ideal.yaml", "--stable"}, table: v},
		{cmd: "sweep", args: sweepAB(filepath.Join(dir, "sweep"))},
		{cmd: "sweep", args: []string{"sweep", "predict", "A=" + ex + "sample.aug", "B=" + dead, "--machine", ex + "machines/ideal.yaml", "--procs", "2,4"}},
		{cmd: "fit", args: []string{"fit", fitData, "--extrap", "--predict", "x=64,y=64"}, table: &fitTable},
		{cmd: "bench block", args: []string{"bench", "block", "../../internal/run/blockbench/blocks/pi.c", "--n", "200000", "--full"}, table: &blockTable},
	}
}

// TestSchemaDocumented runs every command that writes a document with
// --format json and --format csv on bundled inputs and holds what they
// write to docs/output.md's field tables: every field written is
// documented with its type, every field documented as always written is
// there, every documented field is written by one of the runs (but those
// of interrupted runs), and the CSV's columns are the JSON's fields of
// its records.
func TestSchemaDocumented(t *testing.T) {
	s := readSchema(t)
	checks := map[string]*schemaCheck{}
	for cmd, fields := range s {
		checks[cmd] = &schemaCheck{cmd: cmd, fields: fields, seen: map[string]bool{}}
	}
	runs := schemaRuns(t)
	runs = append(runs, schemaNetworkRun(t))
	for _, r := range runs {
		c := checks[r.cmd]
		if c == nil {
			t.Errorf("docs/output.md has no field table for augur %s (a heading \"## `augur %s --format json`\")", r.cmd, r.cmd)
			continue
		}
		where := strings.Join(r.args, " ")
		if r.cancelled {
			where = "interrupted " + where
		}
		out := schemaOutput(t, r, "json")
		dec := json.NewDecoder(strings.NewReader(out))
		dec.UseNumber()
		docs := 0
		for {
			var doc map[string]any
			if err := dec.Decode(&doc); err != nil {
				if err.Error() != "EOF" {
					t.Errorf("%s --format json: %v\n%s", where, err, out)
				}
				break
			}
			docs++
			if doc["command"] != r.cmd || fmt.Sprint(doc["schema_version"]) != fmt.Sprint(results.SchemaVersion) {
				c.errorf("%s: starts with command %v, schema_version %v", where, doc["command"], doc["schema_version"])
			}
			if !strings.HasPrefix(strings.TrimLeft(out, "{ \n"), `"command"`) {
				c.errorf("%s: the document does not start with command", where)
			}
			c.object(where, "", doc)
		}
		if docs == 0 {
			t.Errorf("%s --format json wrote no document", where)
		}
		checkCSV(c, where, schemaOutput(t, r, "csv"), r.table)
	}
	var diffs []string
	for cmd, c := range checks {
		diffs = append(diffs, c.diffs...)
		for p := range c.fields {
			why, unreached := schemaUnreached[cmd+" "+p]
			switch {
			case schemaMeasured[cmd+" "+p]:
			case !c.seen[p] && !unreached:
				diffs = append(diffs, fmt.Sprintf("%s: %s is in docs/output.md but no run of the test wrote it", cmd, p))
			case c.seen[p] && unreached:
				diffs = append(diffs, fmt.Sprintf("%s: %s is written by the test's runs: take it out of schemaUnreached (%s)", cmd, p, why))
			}
		}
	}
	sort.Strings(diffs)
	for _, d := range diffs {
		t.Error(d)
	}
	t.Logf("%d commands, %d runs, %d differences", len(checks), len(runs), len(diffs))
}

// schemaOutput runs r with --format format and returns what it wrote.
func schemaOutput(t *testing.T, r schemaRun, format string) string {
	t.Helper()
	var out, errb bytes.Buffer
	e := &env{stdout: &out, stderr: &errb}
	if r.cancelled {
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		e.ctx = ctx
	}
	args := append(append([]string{}, r.args...), "--format", format)
	if r.cmd == "sweep" {
		// The sweep's results file would answer the second run.
		args = append(args, "--out", filepath.Join(t.TempDir(), "sweep"))
	}
	code := run(e, args)
	// Some runs end in a deadlock or a failed point on purpose; a wrong
	// command line or nothing written is the test's mistake.
	if code == exitUsage || out.Len() == 0 {
		t.Fatalf("augur %s: exit %d\n%s", strings.Join(args, " "), code, errb.String())
	}
	return out.String()
}

// checkCSV holds a CSV to the JSON's fields: a row of record R of the
// table spec has only columns that are documented fields of R's list
// (nested objects flattened with "_", a map's keys after its name),
// the summary row the document's own fields.
func checkCSV(c *schemaCheck, where, out string, spec *results.TableSpec) {
	rows, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	if err != nil || len(rows) < 2 {
		c.errorf("%s --format csv: %v, %d rows", where, err, len(rows))
		return
	}
	head := rows[0]
	if head[0] != "record" {
		c.errorf("%s --format csv: first column %q, want record", where, head[0])
	}
	// columns of the fields under path (a list's elements: path "x[]").
	columns := func(path string) map[string]bool {
		cols := map[string]bool{}
		for p, f := range c.fields {
			rest, ok := p, path == ""
			if path != "" {
				rest, ok = strings.CutPrefix(p, path+".")
			}
			if !ok || strings.Contains(rest, "[]") {
				continue
			}
			col := strings.ReplaceAll(rest, ".", "_")
			if strings.HasPrefix(f.typ, "map of ") {
				cols[col+"_*"] = true
			}
			cols[col] = true
		}
		return cols
	}
	allowed := map[string]map[string]bool{}
	if spec == nil {
		// sweep: any documented field of any of its records, flattened.
		all := map[string]bool{}
		for p, f := range c.fields {
			_, name := splitPath(p)
			col := strings.ReplaceAll(strings.ReplaceAll(p, "[]", ""), ".", "_")
			all[name], all[col] = true, true
			if strings.HasPrefix(f.typ, "map of ") {
				all[name+"_*"] = true
			}
		}
		for _, row := range rows[1:] {
			allowed[row[0]] = all
		}
	} else {
		if spec.Summary != "" {
			allowed[spec.Summary] = columns("")
		}
		for _, r := range spec.Records {
			cols := columns(r.Path + "[]")
			if parent, _, nested := strings.Cut(r.Path, "[]."); nested {
				for k := range columns(parent + "[]") {
					for _, key := range r.Keys {
						if k == key || strings.HasPrefix(k, key+"_") {
							cols[k] = true
						}
					}
				}
			}
			allowed[r.Name] = cols
		}
	}
	fits := func(cols map[string]bool, col string) bool {
		if cols[col] {
			return true
		}
		for k := range cols {
			if prefix, ok := strings.CutSuffix(k, "*"); ok && strings.HasPrefix(col, prefix) {
				return true
			}
		}
		return false
	}
	for i, row := range rows[1:] {
		cols, ok := allowed[row[0]]
		if !ok {
			c.errorf("%s --format csv: line %d: record %q is none of the table's", where, i+2, row[0])
			continue
		}
		for j, v := range row[1:] {
			if v != "" && !fits(cols, head[j+1]) {
				c.errorf("%s --format csv: line %d: record %s has a value in column %s, not a documented field of its record", where, i+2, row[0], head[j+1])
			}
		}
	}
}

// schemaNetworkRun is bench network against a listener on the loopback.
func schemaNetworkRun(t *testing.T) schemaRun {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	go func() {
		var out, errb bytes.Buffer
		run(&env{stdout: &out, stderr: &errb}, []string{"bench", "network", "--listen", addr, "--timeout", "30s", "--sessions", "2"})
	}()
	return schemaRun{cmd: "bench network", args: []string{"bench", "network", "--peer", addr, "--max-size", "64KiB", "--reps", "2", "--timeout", "30s"}, table: &netTable}
}

// csvRecords reads a command's CSV into rows by column name, for tests
// that look at some of its cells.
func csvRecords(t *testing.T, out string) []map[string]string {
	t.Helper()
	rows, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	if err != nil || len(rows) == 0 {
		t.Fatalf("CSV: %v\n%s", err, out)
	}
	var recs []map[string]string
	for _, r := range rows[1:] {
		m := map[string]string{}
		for i, v := range r {
			m[rows[0][i]] = v
		}
		recs = append(recs, m)
	}
	return recs
}

// csvOf are the rows of record name.
func csvOf(recs []map[string]string, name string) []map[string]string {
	var out []map[string]string
	for _, r := range recs {
		if r["record"] == name {
			out = append(out, r)
		}
	}
	return out
}

// The comparison catches each kind of difference: a field not in the
// tables, a field of the tables missing where it is always written, a
// type that differs, a map's value of another type.
func TestSchemaCheckCatches(t *testing.T) {
	c := &schemaCheck{cmd: "x", seen: map[string]bool{}, fields: map[string]*schemaField{
		"a":      {path: "a", typ: "number"},
		"b":      {path: "b", typ: "string"},
		"m":      {path: "m", typ: "map of number"},
		"l":      {path: "l", typ: "array of object", optional: true},
		"l[].id": {path: "l[].id", typ: "number"},
		"d":      {path: "d", typ: "object or null"},
	}}
	var doc map[string]any
	dec := json.NewDecoder(strings.NewReader(`{"a": "one", "c": 1, "m": {"k": "v"}, "l": [{"id": 1}, {"name": "n"}], "d": null}`))
	dec.UseNumber()
	if err := dec.Decode(&doc); err != nil {
		t.Fatal(err)
	}
	c.object("doc", "", doc)
	want := []string{
		"x: doc: a is string, documented as number",
		"x: doc: b documented as always written, missing",
		"x: doc: c (number) is written but not in docs/output.md",
		`x: doc: m["k"] is string, documented as number`,
		"x: doc: l[].id documented as always written, missing",
		"x: doc: l[].name (string) is written but not in docs/output.md",
	}
	sort.Strings(want)
	got := append([]string{}, c.diffs...)
	sort.Strings(got)
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("differences\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
