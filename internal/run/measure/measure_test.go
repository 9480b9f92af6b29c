package measure

import (
	"strings"
	"testing"
)

func TestCSV(t *testing.T) {
	src := "# comment\np,n,time,energy\n4,10,1.0,5\n4,10,1.2,5.5\n8,10,2.0,6\n16,10,4.1,7\n4,20,2.0,8\n8,20,4.0,9\n16,20,8.3,10\n4,30,3,9\n8,30,6,9\n16,30,12,9\n"
	ss, err := Read("m.csv", []byte(src), Options{Params: []string{"p", "n"}})
	if err != nil {
		t.Fatal(err)
	}
	if len(ss) != 2 || ss[0].Metric != "time" || ss[1].Metric != "energy" {
		t.Fatalf("got %+v", ss)
	}
	s := ss[0]
	if len(s.X) != 9 || len(s.Values[0]) != 2 || s.Values[0][1] != 1.2 || s.Where[0] != "m.csv:3" {
		t.Errorf("repetitions not merged: %+v", s)
	}
	// Without --params the last column is the metric.
	ss, err = Read("m.csv", []byte("p,time\n1,1\n2,2\n4,4\n"), Options{})
	if err != nil || len(ss) != 1 || ss[0].Params[0] != "p" {
		t.Fatalf("got %+v, %v", ss, err)
	}
}

func TestCSVRegions(t *testing.T) {
	src := "region,p,time\na,1,1\na,2,2\na,4,4\nb,1,3\nb,2,3\nb,4,3\n"
	ss, err := Read("r.csv", []byte(src), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(ss) != 2 || ss[0].Region != "a" || ss[1].Region != "b" || ss[1].Name() != "b/time" {
		t.Fatalf("got %+v", ss)
	}
}

// Bad data gives an error naming the file, the row and the column.
func TestBadData(t *testing.T) {
	cases := []struct{ name, src, want string }{
		{"nonnumeric", "p,time\n1,1\n2,abc\n4,4\n", `bad.csv:3:3: row 2, column "time": "abc" is not a number`},
		{"nan", "p,time\n1,1\n2,NaN\n4,4\n", `bad.csv:3:3: row 2, column "time": NaN is not a measurement`},
		{"inf", "p,time\n1,1\n2,2\n4,-Inf\n", `bad.csv:4:3: row 3, column "time": -Inf is not a measurement`},
		{"empty", "p,time\n1,1\n,2\n4,4\n", `bad.csv:3:1: row 2, column "p": empty cell`},
		{"few", "p,time\n1,1\n2,2\n", "too few points: parameter p takes 2 distinct values, at least 3"},
		{"constant", "p,n,time\n1,5,1\n2,5,2\n4,5,4\n", "parameter n is constant (5 in every row)"},
		{"cells", "p,time\n1,1\n2\n", "bad.csv:3: row has 1 cells, the header 2"},
		{"zero", "p,time\n0,1\n2,2\n4,4\n", "bad.csv:2: parameter p: value 0 must be positive"},
		{"nocol", "p,time\n1,1\n2,2\n4,4\n", `no column "q"`},
		{"header", "p,p\n1,1\n", `column "p" appears twice`},
		{"quote", "p,time\n1,\"2\n", "bad.csv:2:"},
		{"nothing", "", "empty file"},
		// Squares of such values overflow: the fit was a constant with
		// 80 % SMAPE, or an internal error, before the bound.
		{"huge", "p,time\n1,1e200\n2,2e200\n4,4e200\n", "bad.csv:2: time: value 1e+200 is beyond ±1e+150"},
		{"all1e308", "p,time\n1,1e308\n2,1e308\n4,1e308\n", "bad.csv:2: time: value 1e+308 is beyond ±1e+150"},
		{"params1e308", "p,time\n1e306,1e308\n1e307,1e308\n1e308,1e308\n", "bad.csv:2: time: value 1e+308 is beyond ±1e+150"},
		// Every cell 1e308: no line is the culprit, the column is.
		{"every1e308", "p,time\n1e308,1e308\n1e308,1e308\n1e308,1e308\n", "bad.csv: time: parameter p is constant (1e+308 in every row)"},
	}
	for _, c := range cases {
		o := Options{}
		if c.name == "nocol" {
			o.Params = []string{"q"}
		}
		_, err := Read("bad.csv", []byte(c.src), o)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want %q", c.name, err, c.want)
		}
	}
}

func TestExtraPText(t *testing.T) {
	src := "PARAMETER x\nPARAMETER y\nPOINTS (1 1) (2 1) (4 1)\nPOINTS (1 2) (2 2) (4 2)\nPOINTS (1 3) (2 3) (4 3)\n" +
		"REGION r\nMETRIC time\nDATA 1 1.1\nDATA 2\nDATA 4\nDATA 2\nDATA 4\nDATA 8\nDATA 3\nDATA 6\nDATA 12\n" +
		"METRIC bytes\nDATA 1\nDATA 1\nDATA 1\nDATA 2\nDATA 2\nDATA 3\nDATA 1\nDATA 1\nDATA 1\n"
	ss, err := Read("x.txt", []byte(src), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(ss) != 2 || ss[0].Metric != "time" || ss[1].Metric != "bytes" || len(ss[0].Values[0]) != 2 || ss[0].X[5][1] != 2 {
		t.Fatalf("got %+v", ss)
	}
	// One parameter: parentheses optional.
	if _, err := Read("x.txt", []byte("PARAMETER p\nPOINTS 1 2 4\nREGION r\nDATA 1\nDATA 2\nDATA 3\n"), Options{}); err != nil {
		t.Error(err)
	}
	bad := []struct{ src, want string }{
		{"PARAMETER p\nPOINTS 1 2 4\nREGION r\nDATA 1\nDATA x\nDATA 3\n", "x.txt:5: DATA value 1: \"x\" is not a finite number"},
		{"PARAMETER p\nPOINTS 1 2 4\nREGION r\nDATA 1\nDATA 2\n", "has 2 DATA lines for 3 POINTS"},
		{"PARAMETER p q\nPOINTS (1 2) (3)\n", "x.txt:2: POINTS: point (3) has 1 coordinates for 2 parameters"},
		{"PARAMETER p\nPOINTS 1 2 4\nFOO\n", `unknown section "FOO"`},
		{"PARAMETER p\nPOINTS 1 2 4\nREGION r\nDATA nan\nDATA 1\nDATA 1\n", "x.txt:4: DATA value 1"},
	}
	for _, b := range bad {
		if _, err := Read("x.txt", []byte(b.src), Options{}); err == nil || !strings.Contains(err.Error(), b.want) {
			t.Errorf("%q: got %v, want %q", b.src, err, b.want)
		}
	}
}

func TestExtraPJSON(t *testing.T) {
	src := `{"parameters": ["p"], "measurements": {"main": {"time": [
		{"point": [1], "values": [1, 1.1]}, {"point": ["2"], "values": [2]}, {"point": [4], "values": [4]}]}}}`
	ss, err := Read("m.json", []byte(src), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(ss) != 1 || ss[0].Region != "main" || ss[0].X[1][0] != 2 || len(ss[0].Values[0]) != 2 {
		t.Fatalf("got %+v", ss)
	}
	old := `{"parameters": [{"id": 1, "name": "p"}], "callpaths": [{"id": 1, "name": "c"}], "metrics": [{"id": 1, "name": "time"}],
		"coordinates": [{"id": 1, "parameter_value_pairs": [{"parameter_id": 1, "parameter_value": 1}]},
		                {"id": 2, "parameter_value_pairs": [{"parameter_id": 1, "parameter_value": 2}]},
		                {"id": 3, "parameter_value_pairs": [{"parameter_id": 1, "parameter_value": 4}]}],
		"measurements": [{"callpath_id": 1, "coordinate_id": 1, "metric_id": 1, "value": 1},
		                 {"callpath_id": 1, "coordinate_id": 2, "metric_id": 1, "value": 2},
		                 {"callpath_id": 1, "coordinate_id": 3, "metric_id": 1, "value": 4}]}`
	ss, err = Read("old.json", []byte(old), Options{})
	if err != nil || len(ss) != 1 || ss[0].Metric != "time" || len(ss[0].X) != 3 {
		t.Fatalf("old format: %+v %v", ss, err)
	}
	lines := "{\"params\": {\"p\": 1}, \"value\": 1}\n{\"params\": {\"p\": 2}, \"value\": [2, 2.1]}\n{\"params\": {\"p\": 4}, \"value\": 4}\n" +
		"{\"params\": {\"p\": 1}, \"value\": 1, \"metric\": \"time\"}\n{\"params\": {\"p\": 2}, \"value\": 1, \"metric\": \"time\"}\n{\"params\": {\"p\": 4}, \"value\": 1, \"metric\": \"time\"}\n"
	ss, err = Read("m.jsonl", []byte(lines), Options{})
	if err != nil || len(ss) != 2 {
		t.Fatalf("JSON Lines: %+v %v", ss, err)
	}
	bad := []struct{ src, want string }{
		{`{"parameters": ["p"], "measurements": {"m": {"t": [{"point": [1], "values": ["x"]}]}}}`, `"x" is not a finite number`},
		{"{\"parameters\": [\"p\"],\n \"measurements\": {\"m\": \n[}", "m.json:3:2: JSON"},
		{`{"parameters": ["p", "q"], "measurements": {"m": {"t": [{"point": [1], "values": [1]}]}}}`, "point has 1 coordinates for 2 parameters"},
		{`{"parameters": ["p"], "measurements": {"m": {"t": [{"point": [1], "values": [1]}, {"point": [2], "values": [1]}]}}}`, "too few points"},
	}
	for _, b := range bad {
		if _, err := Read("m.json", []byte(b.src), Options{}); err == nil || !strings.Contains(err.Error(), b.want) {
			t.Errorf("%s: got %v, want %q", b.src, err, b.want)
		}
	}
}

func TestMetricFilter(t *testing.T) {
	src := "PARAMETER p\nPOINTS 1 2 4\nREGION r\nMETRIC a\nDATA 1\nDATA 2\nDATA 3\nMETRIC b\nDATA 1\nDATA 2\nDATA 3\n"
	ss, err := Read("x.txt", []byte(src), Options{Metrics: []string{"b"}})
	if err != nil || len(ss) != 1 || ss[0].Metric != "b" {
		t.Fatalf("got %+v %v", ss, err)
	}
	if _, err := Read("x.txt", []byte(src), Options{Metrics: []string{"c"}}); err == nil || !strings.Contains(err.Error(), `no metric c`) {
		t.Errorf("got %v", err)
	}
}
