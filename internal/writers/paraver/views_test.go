package paraver

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"augur/internal/results"
	"augur/internal/writers/internal/tracetest"
)

// cfgWindow is one window of a Paraver configuration file as read back:
// its keys and their values (a key given twice, as window_filter_module
// is, keeps every value).
type cfgWindow struct {
	title string
	keys  map[string][]string
}

// parseCFG reads a configuration file in the syntax Paraver documents:
// "#ParaverCFG", "ConfigFile.Version: 3.4", "ConfigFile.NumWindows: N",
// an optional description between ConfigFile.BeginDescription and
// ConfigFile.EndDescription, then N windows, each opened by
// "< NEW DISPLAYING WINDOW name >" between two rules of #, with one
// "key value" a line.
func parseCFG(text string) ([]cfgWindow, error) {
	lines := strings.Split(text, "\n")
	if len(lines) < 3 || lines[0] != "#ParaverCFG" || lines[1] != "ConfigFile.Version: 3.4" {
		return nil, fmt.Errorf("line 1-2: want #ParaverCFG and ConfigFile.Version: 3.4, got %q", lines[:min(2, len(lines))])
	}
	n, err := strconv.Atoi(strings.TrimPrefix(lines[2], "ConfigFile.NumWindows: "))
	if err != nil || !strings.HasPrefix(lines[2], "ConfigFile.NumWindows: ") {
		return nil, fmt.Errorf("line 3: %q is not ConfigFile.NumWindows: N", lines[2])
	}
	var ws []cfgWindow
	inDesc := false
	header := regexp.MustCompile(`^< NEW DISPLAYING WINDOW (.+) >$`)
	for i := 3; i < len(lines); i++ {
		l := lines[i]
		switch {
		case l == "ConfigFile.BeginDescription":
			inDesc = true
		case l == "ConfigFile.EndDescription":
			if !inDesc {
				return nil, fmt.Errorf("line %d: EndDescription without BeginDescription", i+1)
			}
			inDesc = false
		case inDesc, l == "":
		case strings.Trim(l, "#") == "":
			// A rule around a window's header.
		case header.MatchString(l):
			if i == 0 || strings.Trim(lines[i-1], "#") != "" || i+1 >= len(lines) || strings.Trim(lines[i+1], "#") != "" || lines[i+1] == "" {
				return nil, fmt.Errorf("line %d: a window's header is not between two rules", i+1)
			}
			ws = append(ws, cfgWindow{title: header.FindStringSubmatch(l)[1], keys: map[string][]string{}})
		default:
			if len(ws) == 0 {
				return nil, fmt.Errorf("line %d: %q before any window", i+1, l)
			}
			k, v, ok := strings.Cut(l, " ")
			if !ok || !strings.HasPrefix(k, "window_") {
				return nil, fmt.Errorf("line %d: %q is not \"window_KEY value\"", i+1, l)
			}
			ws[len(ws)-1].keys[k] = append(ws[len(ws)-1].keys[k], v)
		}
	}
	if inDesc {
		return nil, fmt.Errorf("the description is not closed")
	}
	if len(ws) != n {
		return nil, fmt.Errorf("ConfigFile.NumWindows: %d, but %d windows", n, len(ws))
	}
	return ws, nil
}

// parseBraceList reads "{ N, { {a, b}, {c, d} } }" into pairs, checking N.
func parseBraceList(s string) (map[string]string, error) {
	m := regexp.MustCompile(`^\{ (\d+), \{ (.*) \} \}$`).FindStringSubmatch(s)
	if m == nil {
		return nil, fmt.Errorf("%q is not { N, { ... } }", s)
	}
	pairs := regexp.MustCompile(`\{([a-z_0-9]+), ([^{}]+)\}`).FindAllStringSubmatch(m[2], -1)
	if n, _ := strconv.Atoi(m[1]); n != len(pairs) {
		return nil, fmt.Errorf("%q declares %s items and has %d", s, m[1], len(pairs))
	}
	out := map[string]string{}
	for _, p := range pairs {
		out[p[1]] = p[2]
	}
	return out, nil
}

// pcfSections reads the numbers a .pcf defines: the states, the states
// with a colour, the event types and, per type, its values.
func pcfSections(t *testing.T, pcf string) (states, colours map[int]bool, types map[int]map[int]bool) {
	t.Helper()
	states, colours, types = map[int]bool{}, map[int]bool{}, map[int]map[int]bool{}
	section, lastType := "", 0
	colour := regexp.MustCompile(`^\{(\d+),(\d+),(\d+)\}$`)
	for i, l := range strings.Split(pcf, "\n") {
		f := strings.Fields(l)
		switch {
		case len(f) == 0:
			section = ""
		case len(f) == 1 && (f[0] == "STATES" || f[0] == "STATES_COLOR" || f[0] == "EVENT_TYPE" || f[0] == "VALUES" || f[0] == "DEFAULT_OPTIONS"):
			section = f[0]
		case section == "STATES" || section == "STATES_COLOR":
			v, err := strconv.Atoi(f[0])
			if err != nil {
				t.Fatalf("pcf line %d: %q", i+1, l)
			}
			if section == "STATES" {
				states[v] = true
				continue
			}
			c := colour.FindStringSubmatch(f[1])
			if len(f) != 2 || c == nil {
				t.Fatalf("pcf line %d: %q is not \"STATE {R,G,B}\"", i+1, l)
			}
			for _, x := range c[1:] {
				if n, _ := strconv.Atoi(x); n > 255 {
					t.Fatalf("pcf line %d: colour component %d", i+1, n)
				}
			}
			colours[v] = true
		case section == "EVENT_TYPE":
			v, err := strconv.Atoi(f[1])
			if err != nil {
				t.Fatalf("pcf line %d: %q", i+1, l)
			}
			lastType = v
			types[v] = map[int]bool{}
		case section == "VALUES":
			v, err := strconv.Atoi(f[0])
			if err != nil {
				t.Fatalf("pcf line %d: %q", i+1, l)
			}
			types[lastType][v] = true
		}
	}
	return states, colours, types
}

// zeroLengths is tracetest.TwoRanks with executions that last no time:
// rank 0 tests a request at 1.5 s, between its send and more work.
func zeroLengths() *results.Timeline {
	tl := tracetest.TwoRanks()
	tl.AddNamed(0, 0, "test", "wait", 1.5, 1.5)
	tl.Slice(0, 0, 0, 1.5, 2)
	return tl
}

// The three views read back as Paraver configuration files; every window
// shows states the .pcf names and colours, or an event type it names with
// every value the trace uses; and no state record lasts no time, while
// the zero-length execution keeps its two events.
func TestParaverViews(t *testing.T) {
	tl := zeroLengths()
	prv, pcf, row := writeParaver(t, tl)
	if _, err := results.CheckParaver("zero", prv, pcf, row); err != nil {
		t.Fatal(err)
	}
	states, colours, types := pcfSections(t, string(pcf))
	usedStates, usedValues := map[int]bool{}, map[int]map[int]bool{}
	zero := 0
	for _, l := range strings.Split(strings.TrimSpace(string(prv)), "\n")[1:] {
		f := strings.Split(l, ":")
		v := make([]int, len(f))
		for i := range f {
			v[i], _ = strconv.Atoi(f[i])
		}
		switch v[0] {
		case 1:
			if v[5] == v[6] {
				t.Errorf("zero-length state record %q", l)
			}
			usedStates[v[7]] = true
		case 2:
			if usedValues[v[6]] == nil {
				usedValues[v[6]] = map[int]bool{}
			}
			usedValues[v[6]][v[7]] = true
			if v[5] == 1500000000 && v[6] == EventType && (v[7] == 4 || v[7] == 0) && v[2] == 1 {
				zero++
			}
		}
	}
	// At 1.5 s rank 0's send ends (0), test starts (4) and ends (0), and
	// work starts (1): the test's two events are there.
	if !usedValues[EventType][4] || zero < 3 {
		t.Errorf("the zero-length test lost its events (%d at 1.5 s):\n%s", zero, prv)
	}
	if n := strings.Count(string(prv), "\n1:"); n != 4 {
		t.Errorf("%d state records, want 4 (work, send, work, recv):\n%s", n, prv)
	}
	for s := range usedStates {
		if !states[s] || !colours[s] {
			t.Errorf("state %d: named %v, coloured %v in the .pcf", s, states[s], colours[s])
		}
	}
	views := Views(tl)
	var names []string
	for _, v := range views {
		names = append(names, v.Name)
		ws, err := parseCFG(v.Text)
		if err != nil {
			t.Errorf("%s.cfg: %v\n%s", v.Name, err, v.Text)
			continue
		}
		for i, w := range ws {
			get := func(k string) string {
				if vs := w.keys[k]; len(vs) == 1 {
					return vs[0]
				}
				t.Errorf("%s.cfg window %d: %s given %d times", v.Name, i+1, k, len(w.keys[k]))
				return ""
			}
			if get("window_name") != w.title || get("window_type") != "single" || get("window_id") != strconv.Itoa(i+1) || get("window_level") != "thread" {
				t.Errorf("%s.cfg window %d: name %q type %q id %q level %q", v.Name, i+1, get("window_name"), get("window_type"), get("window_id"), get("window_level"))
			}
			fns, err := parseBraceList(get("window_selected_functions"))
			if err != nil || len(fns) != 14 {
				t.Errorf("%s.cfg: selected functions %v (%d)", v.Name, err, len(fns))
				continue
			}
			if _, err := parseBraceList(get("window_compose_functions")); err != nil {
				t.Errorf("%s.cfg: %v", v.Name, err)
			}
			maxY, _ := strconv.ParseFloat(get("window_maximum_y"), 64)
			switch fns["thread"] {
			case "State As Is":
				for s := range usedStates {
					if float64(s) > maxY {
						t.Errorf("%s.cfg: state %d above window_maximum_y %g", v.Name, s, maxY)
					}
				}
				if fns["evt_type"] != "All" || len(w.keys["window_filter_module"]) != 0 {
					t.Errorf("%s.cfg: a state view filters events", v.Name)
				}
			case "Last Evt Val":
				filters := w.keys["window_filter_module"]
				if fns["evt_type"] != "=" || len(filters) == 0 {
					t.Errorf("%s.cfg: an event view without an event type filter", v.Name)
					continue
				}
				f := strings.Fields(filters[0])
				typ, _ := strconv.Atoi(f[len(f)-1])
				if len(f) != 3 || f[0] != "evt_type" || f[1] != "1" || types[typ] == nil {
					t.Errorf("%s.cfg: filter %q is not an event type the .pcf names (%v)", v.Name, filters[0], types)
					continue
				}
				for val := range usedValues[typ] {
					if !types[typ][val] || float64(val) > maxY {
						t.Errorf("%s.cfg: value %d of type %d: named %v, maximum %g", v.Name, val, typ, types[typ][val], maxY)
					}
				}
			default:
				t.Errorf("%s.cfg: thread function %q", v.Name, fns["thread"])
			}
			comms := get("window_comm_lines_enabled")
			if (v.Name == "communication") != (comms == "true") {
				t.Errorf("%s.cfg: comm lines %s", v.Name, comms)
			}
		}
	}
	if strings.Join(names, " ") != "states communication elements" {
		t.Errorf("views %v", names)
	}
}

// The reader in this test refuses what Paraver would: it can fail.
func TestParseCFGRefuses(t *testing.T) {
	good := Views(zeroLengths())[0].Text
	for _, bad := range []string{
		strings.Replace(good, "ConfigFile.NumWindows: 1", "ConfigFile.NumWindows: 2", 1),
		strings.Replace(good, "#ParaverCFG", "#Paraver", 1),
		strings.Replace(good, "ConfigFile.EndDescription\n", "", 1),
		strings.Replace(good, "window_level thread", "level thread", 1),
	} {
		if _, err := parseCFG(bad); err == nil {
			t.Errorf("accepted:\n%s", bad)
		}
	}
	if _, err := parseBraceList("{ 3, { {a, b}, {c, d} } }"); err == nil {
		t.Error("a brace list with a wrong count was accepted")
	}
}
