package diag

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

func TestError(t *testing.T) {
	for _, c := range []struct {
		e    *Error
		want string
	}{
		{&Error{File: "m.yaml", Line: 3, Col: 5, Msg: "bad"}, "m.yaml:3:5: bad"},
		{&Error{File: "t.txt", Line: 7, Msg: "bad"}, "t.txt:7: bad"},
		{&Error{File: "t.txt", Msg: "empty"}, "t.txt: empty"},
		{At("p.xml", 2, 9, "host %q", "h"), `p.xml:2:9: host "h"`},
		{WarnAt("m.aug", 2, 6, "cost function %q is never called", "F"), `m.aug:2:6: warning: cost function "F" is never called`},
		{WarnAt("pi.c", 0, 0, "unused"), "pi.c: warning: unused"},
	} {
		if got := c.e.Error(); got != c.want {
			t.Errorf("%+v: %q, want %q", c.e, got, c.want)
		}
	}
}

// A list prints one problem a line, sorts by place keeping the order at
// one place, and has errors only when one is not a warning.
func TestList(t *testing.T) {
	l := List{
		At("b.aug", 1, 1, "b"),
		WarnAt("a.aug", 3, 2, "late"),
		At("a.aug", 3, 2, "same place, second"),
		At("a.aug", 1, 9, "early"),
		At("a.aug", 0, 0, "whole file"),
	}
	l.Sort()
	want := "a.aug: whole file\na.aug:1:9: early\na.aug:3:2: warning: late\na.aug:3:2: same place, second\nb.aug:1:1: b"
	if got := l.Error(); got != want {
		t.Errorf("sorted list:\n%s\nwant\n%s", got, want)
	}
	if !l.HasErrors() || (List{WarnAt("a", 1, 1, "w")}).HasErrors() || (List{}).HasErrors() {
		t.Error("HasErrors")
	}
	var err error = l
	var one *Error
	if !errors.As(err, &l) || errors.As(err, &one) {
		t.Error("a List is found as a List, not as one Error")
	}
}

func TestRecord(t *testing.T) {
	b, err := json.Marshal([]Record{WarnAt("w.aug", 2, 6, "unused").Record(), At("w.aug", 0, 0, "no main").Record()})
	if err != nil {
		t.Fatal(err)
	}
	want := `[{"file":"w.aug","line":2,"col":6,"severity":"warning","message":"unused"},` +
		`{"file":"w.aug","line":0,"col":0,"severity":"error","message":"no main"}]`
	if string(b) != want {
		t.Errorf("%s\nwant %s", b, want)
	}
}

// A decoding error is placed at the offending byte, and a value of the
// wrong type at the value's first byte (the decoder gives its end).
func TestJSON(t *testing.T) {
	type inner struct{ X int }
	type doc struct {
		A string
		B []int
		C float64
		D inner
	}
	for _, c := range []struct{ in, want string }{
		{"{\n  \"A\": \"x\",\n  oops\n}", `r.json:3:3: JSON: invalid character 'o' looking for beginning of object key string`},
		{`{"A": 3}`, `r.json:1:7: JSON: A: want string, got number`},
		{`{"A": -3.5e+2}`, `r.json:1:7: JSON: A: want string, got number`},
		{`{"B": "xy"}`, `r.json:1:7: JSON: B: want array, got string`},
		{`{"C": true}`, `r.json:1:7: JSON: C: want number, got bool`},
		{`{"A": [1, 2]}`, `r.json:1:7: JSON: A: want string, got array`},
		{`{"A": {"x": 1}}`, `r.json:1:7: JSON: A: want string, got object`},
		{"{\"D\": {\"X\": \"q\\\"r\"}}", `r.json:1:13: JSON: D.X: want integer, got string`},
		{`{"D": {"X": "a\\"}}`, `r.json:1:13: JSON: D.X: want integer, got string`},
		{`[1]`, `r.json:1:1: JSON: want object, got array`},
		{`{"A": "x"`, `r.json:1:10: JSON: unexpected end of JSON input`},
	} {
		var d doc
		err := json.Unmarshal([]byte(c.in), &d)
		if err == nil {
			t.Fatalf("%s: no error", c.in)
		}
		if got := JSON("r.json", []byte(c.in), err).Error(); got != c.want {
			t.Errorf("%s:\n got %s\nwant %s", c.in, got, c.want)
		}
	}
	// An error the decoder does not place is kept, under the file's name.
	dec := json.NewDecoder(strings.NewReader(`{"E": 1}`))
	dec.DisallowUnknownFields()
	var d doc
	if got := JSON("r.json", []byte(`{"E": 1}`), dec.Decode(&d)).Error(); got != `r.json: JSON: unknown field "E"` {
		t.Errorf("unknown field: %s", got)
	}
}

// FuzzJSON: any input's decoding error is placed inside the input, never
// a panic.
func FuzzJSON(f *testing.F) {
	f.Add([]byte(`{"A": "x", "B": [1, 2], "C": 1.5, "D": {"X": 3}}`))
	f.Add([]byte(`{"D": {"X": "q\"r"}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		var d struct {
			A string
			B []int
			C float64
			D struct{ X int }
		}
		err := json.Unmarshal(data, &d)
		if err == nil {
			return
		}
		e := JSON("f.json", data, err)
		lines := strings.Count(string(data), "\n") + 1
		if e.Line < 0 || e.Line > lines || e.Col < 0 || (e.Line > 0) != (e.Col > 0) || !strings.HasPrefix(e.Msg, "JSON: ") {
			t.Fatalf("%q: %+v (%d lines)", data, e, lines)
		}
	})
}
