package main

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"math"
	"os/exec"
	"sort"
	"strings"
	"testing"

	"augur/internal/results"
)

// Every command that prints a table takes --format text, json and csv:
// JSON that parses, CSV whose records all have the header's number of
// fields, and text that is neither. An unknown format is a usage error.
// A command that gains a --format flag must be added here.
func TestEveryFormat(t *testing.T) {
	write := func(name, text string) string { return writeTemp(t, name, text) }
	fitData := write("runs.csv", "p,time\n2,4.1\n4,8.2\n8,16.1\n16,32.5\n32,64.2\n")
	measured := write("tm.csv", "procs,tm_s\n1,200\n2,200\n")
	ring := write("ring.txt", "0 init\n1 init\n0 send 1 5 1e6\n1 recv 0 5 1e6\n0 compute 1e9\n1 compute 1e9\n")
	cases := map[string][]string{
		"predict":  {"predict", ex + "sample.aug", "--machine", ex + "machines/ideal.yaml", "--procs", "4", "--stable"},
		"analyze":  {"analyze", "../../internal/frontend/analyze/testdata/pi.c", "--machine", opsMachine},
		"check":    {"check", write("w.aug", "model w\ncost F() = 1\nactivity main {\n  action A cost 1\n}\n")},
		"simulate": {"simulate", vppbTraces + "vppb-P.trace", "--cpus", "2"},
		"replay":   {"replay", ring, "--platform", sg + "small_platform.xml"},
		"fit":      {"fit", fitData, "--predict", "p=64"},
		"validate": {"validate", ex + "sample.aug", measured, "--machine", ex + "machines/ideal.yaml", "--stable"},
		"bench":    {"bench", "block", "../../internal/run/blockbench/blocks/pi.c", "--n", "20000", "--reps", "1", "--confirm", "0"},
		"sweep":    {"sweep", "predict", ex + "sample.aug", "--machine", ex + "machines/ideal.yaml", "--procs", "1,2", "--out", t.TempDir()},
	}
	var withFormat []string
	for _, c := range commands() {
		if fs := c.flags(); fs != nil && fs.Lookup("format") != nil {
			withFormat = append(withFormat, c.name)
		}
	}
	sort.Strings(withFormat)
	for _, name := range withFormat {
		args, ok := cases[name]
		if !ok {
			t.Errorf("augur %s has --format but no case in TestEveryFormat", name)
			continue
		}
		if name == "bench" {
			if _, err := exec.LookPath("gcc"); err != nil {
				t.Log("gcc not installed: bench block skipped")
				continue
			}
		}
		for _, format := range []string{"text", "json", "csv"} {
			code, out, errs := augur(t, append(args, "--format", format)...)
			if name == "check" && format == "text" {
				out = errs // check's text is its diagnostics, on standard error
			}
			if code != exitOK || out == "" {
				t.Errorf("augur %s --format %s: exit %d, %d bytes\n%s", name, format, code, len(out), errs)
				continue
			}
			isJSON := json.Valid([]byte(out))
			if name == "sweep" {
				// JSON lines: a record a point, then the summary.
				isJSON = true
				for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
					isJSON = isJSON && json.Valid([]byte(line))
				}
			}
			switch format {
			case "json":
				if !isJSON {
					t.Errorf("augur %s --format json: not JSON:\n%s", name, out)
				}
			case "csv":
				recs, err := csv.NewReader(strings.NewReader(out)).ReadAll()
				if err != nil || len(recs) < 2 {
					t.Errorf("augur %s --format csv: %v, %d records:\n%s", name, err, len(recs), out)
				}
			default:
				if isJSON || strings.HasPrefix(out, "record,") {
					t.Errorf("augur %s --format text: looks like JSON or CSV:\n%s", name, out)
				}
			}
		}
		if code, _, errs := augur(t, append(args, "--format", "yaml")...); code != exitUsage {
			t.Errorf("augur %s --format yaml: exit %d, want %d (%s)", name, code, exitUsage, errs)
		}
	}
}

// Warnings reach every format: text prints them, JSON lists them, CSV has
// the JSON's list in its summary row.
func TestWarningsInEveryFormat(t *testing.T) {
	model := writeTemp(t, "w.aug", "model w\ncost F() = 1\nactivity main {\n  action A cost 1\n}\n")
	const msg = `cost function "F" is never called`
	args := []string{"predict", model, "--machine", ex + "machines/ideal.yaml", "--procs", "1", "--stable"}
	for _, format := range []string{"text", "json", "csv"} {
		code, out, errs := augur(t, append(args, "--format", format)...)
		if code != exitOK {
			t.Fatalf("--format %s: exit %d: %s", format, code, errs)
		}
		var want string
		switch format {
		case "text":
			want = "w.aug:2:6: warning: " + msg + "\n"
		case "json":
			want = `w.aug:2:6: warning: cost function \"F\" is never called"`
		case "csv":
			// In the summary's warnings, a JSON list in a CSV cell.
			want = `w.aug:2:6: warning: cost function \""F\"" is never called""]",`
		}
		if !strings.Contains(out, want) {
			t.Errorf("predict --format %s lacks the warning %q:\n%s", format, want, out)
		}
	}
	// validate carries the model's warnings too.
	measured := writeTemp(t, "tm.csv", "procs,tm_s\n1,1\n")
	for _, c := range []struct{ format, want string }{
		{"text", "w.aug:2:6: warning: " + msg + "\n"},
		{"json", "\"warnings\": [\n    \""},
		{"csv", `w.aug:2:6: warning: cost function \""F\"" is never called""]",`},
	} {
		code, out, errs := augur(t, "validate", model, measured, "--machine", ex+"machines/ideal.yaml", "--stable", "--format", c.format)
		if code != exitOK || !strings.Contains(out, c.want) || !strings.Contains(out, "never called") {
			t.Errorf("validate --format %s: exit %d, lacks %q:\n%s\n%s", c.format, code, c.want, out, errs)
		}
	}
	// A --cfg key smpirun takes but augur ignores is a warning too.
	ring := writeTemp(t, "ring.txt", "0 init\n1 init\n0 send 1 5 1e6\n1 recv 0 5 1e6\n")
	rargs := []string{"replay", ring, "--platform", sg + "small_platform.xml", "--cfg", "smpi/host-speed:1f"}
	for _, c := range []struct{ format, want string }{
		{"text", "warning: --cfg smpi/host-speed: accepted as smpirun does"},
		{"json", "\"warnings\": [\n    \"--cfg smpi/host-speed: accepted as smpirun does"},
		{"csv", ",\"[\"\"--cfg smpi/host-speed: accepted as smpirun does"},
	} {
		code, out, errs := augur(t, append(rargs, "--format", c.format)...)
		if code != exitOK || !strings.Contains(out, c.want) {
			t.Errorf("replay --format %s: exit %d, lacks %q:\n%s\n%s", c.format, code, c.want, out, errs)
		}
	}
}

// The JSON of predict, replay and simulate is the schema of package
// results (docs/output.md): each decodes strictly, by its header, into
// the type of its command, and says its command and schema version.
func TestJSONIsTheResultSchema(t *testing.T) {
	const simgrid = "../../internal/run/replay/testdata/simgrid/"
	for _, c := range []struct {
		command string
		args    []string
		time    float64
	}{
		{"predict", []string{"predict", ex + "sample.aug", "--machine", ex + "machines/ideal.yaml", "--procs", "4", "--stable"}, 194.18443184713374},
		{"replay", []string{"replay", simgrid + "actions_bcast.txt", "--platform", simgrid + "small_platform.xml", "--hostfile", simgrid + "hostfile", "--np", "3"}, 19.69250604051711},
		{"simulate", []string{"simulate", "../../internal/frontend/threadtrace/testdata/vppb-P.trace", "--cpus", "2"}, 0},
	} {
		code, out, errs := augur(t, append(c.args, "--format", "json")...)
		if code != exitOK {
			t.Fatalf("%s: exit %d\n%s", c.command, code, errs)
		}
		if want := fmt.Sprintf("{\n  \"command\": %q,\n  \"schema_version\": %d,\n", c.command, results.SchemaVersion); !strings.HasPrefix(out, want) {
			t.Errorf("%s: JSON does not begin with its header:\n%.200s", c.command, out)
		}
		r, err := results.Decode(c.command+".json", []byte(out))
		if err != nil {
			t.Errorf("%s: %v", c.command, err)
			continue
		}
		if c.time > 0 && math.Abs(r.Time-c.time) > 1e-9*c.time {
			t.Errorf("%s: decoded time %v, want %v", c.command, r.Time, c.time)
		}
		if len(r.Units) == 0 || len(r.Elements) == 0 {
			t.Errorf("%s: decoded without units or elements: %+v", c.command, r)
		}
	}
}
