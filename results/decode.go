package results

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
)

// Decode reads a result document of augur predict, replay or simulate
// (--format json; docs/output.md) by its header, into the type of its
// command, and adapts it for the views. name is used in error messages.
// A field the schema does not have is an error, as is another version
// of the schema.
func Decode(name string, data []byte) (*Result, error) {
	var h struct {
		Header
		TraceEvents json.RawMessage `json:"traceEvents"`
	}
	if err := json.Unmarshal(data, &h); err != nil {
		return nil, fmt.Errorf("%s: not a result file: %v", name, jsonErr(data, err))
	}
	switch {
	case h.TraceEvents != nil:
		return nil, fmt.Errorf("%s: this is a timeline (Chrome trace), not a result; give it as the trace", name)
	case h.Command == "" && h.SchemaVersion == 0:
		return nil, fmt.Errorf("%s: not a result of augur predict, replay or simulate (no command and schema_version; a result written before schema version %d must be written again)", name, SchemaVersion)
	case h.SchemaVersion != SchemaVersion:
		return nil, fmt.Errorf("%s: a result of schema version %d; this augur reads version %d", name, h.SchemaVersion, SchemaVersion)
	}
	var r *Result
	switch h.Command {
	case CommandPredict:
		var d Prediction
		if err := strict(data, &d); err != nil {
			return nil, fmt.Errorf("%s: prediction result: %v", name, err)
		}
		r = FromPrediction(&d)
	case CommandReplay:
		var d Replay
		if err := strict(data, &d); err != nil {
			return nil, fmt.Errorf("%s: replay result: %v", name, err)
		}
		r = FromReplay(&d)
	case CommandSimulate:
		var d Simulation
		if err := strict(data, &d); err != nil {
			return nil, fmt.Errorf("%s: simulation result: %v", name, err)
		}
		r = FromSimulation(&d)
	default:
		return nil, fmt.Errorf("%s: a result of command %q; augur reads those of predict, replay and simulate", name, h.Command)
	}
	return r, nil
}

// strict decodes data into v, refusing fields v does not have.
func strict(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return jsonErr(data, err)
	}
	return nil
}

// jsonErr adds the line and column to a JSON syntax error.
func jsonErr(data []byte, err error) error {
	var se *json.SyntaxError
	if errors.As(err, &se) {
		// Offset counts the offending byte.
		line, col := lineCol(data, se.Offset-1)
		return fmt.Errorf("line %d col %d: %v", line, col, err)
	}
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		line, col := lineCol(data, te.Offset)
		return fmt.Errorf("line %d col %d: %v", line, col, err)
	}
	return err
}

func lineCol(data []byte, off int64) (int, int) {
	off = min(max(off, 0), int64(len(data)))
	before := data[:off]
	line := bytes.Count(before, []byte("\n")) + 1
	col := int(off) - bytes.LastIndexByte(before, '\n')
	return line, col
}

// ReadChromeTrace reads a timeline in the Chrome Trace Event format, the
// form `augur predict --trace` (and simulate and replay) write: complete
// events ("ph":"X") with pid, tid, name, cat, ts and dur in microseconds.
// Both the object form {"traceEvents": [...]} and a bare array are read.
// Slices whose arguments carry augur's rank and thread (what WriteChrome
// writes) are put on that process and thread; others on their pid and tid.
func ReadChromeTrace(name string, data []byte) (*Timeline, error) {
	type event struct {
		Ph   string          `json:"ph"`
		Name string          `json:"name"`
		Cat  string          `json:"cat"`
		Pid  json.RawMessage `json:"pid"`
		Tid  json.RawMessage `json:"tid"`
		Ts   float64         `json:"ts"`
		Dur  float64         `json:"dur"`
		Args struct {
			Name   string   `json:"name"`
			Rank   *float64 `json:"rank"`
			Thread *float64 `json:"thread"`
		} `json:"args"`
	}
	var doc struct {
		TraceEvents []event `json:"traceEvents"`
	}
	trimmed := bytes.TrimLeft(data, " \t\r\n")
	var err error
	if len(trimmed) > 0 && trimmed[0] == '[' {
		err = json.Unmarshal(trimmed, &doc.TraceEvents)
	} else {
		err = json.Unmarshal(data, &doc)
	}
	if err != nil {
		return nil, fmt.Errorf("%s: not a Chrome trace: %v", name, jsonErr(data, err))
	}
	if doc.TraceEvents == nil {
		return nil, fmt.Errorf("%s: not a Chrome trace: no traceEvents", name)
	}
	// pid and tid may be numbers or strings; strings get numbers in order
	// of appearance.
	ids := map[string]int32{}
	id := func(raw json.RawMessage) int32 {
		var n float64
		if json.Unmarshal(raw, &n) == nil && n == math.Trunc(n) && math.Abs(n) < 1<<31 {
			return int32(n)
		}
		k := string(raw)
		v, ok := ids[k]
		if !ok {
			v = int32(len(ids))
			ids[k] = v
		}
		return v
	}
	small := func(p *float64) bool { return p != nil && *p == math.Trunc(*p) && math.Abs(*p) < 1<<31 }
	// augur's (process, thread) of each Chrome track, from its slices.
	unit := map[[2]int32][2]int32{}
	track := func(e *event) [2]int32 {
		k := [2]int32{id(e.Pid), id(e.Tid)}
		if small(e.Args.Rank) && small(e.Args.Thread) {
			u := [2]int32{int32(*e.Args.Rank), int32(*e.Args.Thread)}
			unit[k] = u
			return u
		}
		if u, ok := unit[k]; ok {
			return u
		}
		return k
	}
	t := NewTimeline(nil, nil)
	open := map[[2]int32][]event{} // B/E pairs
	for i := range doc.TraceEvents {
		e := &doc.TraceEvents[i]
		switch e.Ph {
		case "X":
			k := track(e)
			t.AddNamed(k[0], k[1], e.Name, e.Cat, e.Ts*1e-6, (e.Ts+e.Dur)*1e-6)
		case "B":
			k := [2]int32{id(e.Pid), id(e.Tid)}
			open[k] = append(open[k], *e)
		case "E":
			k := [2]int32{id(e.Pid), id(e.Tid)}
			if st := open[k]; len(st) > 0 {
				b := st[len(st)-1]
				open[k] = st[:len(st)-1]
				u := track(&b)
				t.AddNamed(u[0], u[1], b.Name, b.Cat, b.Ts*1e-6, e.Ts*1e-6)
			}
		}
	}
	t.Finish()
	// Name the tracks as the trace's metadata does, when it does.
	for _, e := range doc.TraceEvents {
		if e.Ph == "M" && e.Name == "thread_name" && e.Args.Name != "" {
			k := [2]int32{id(e.Pid), id(e.Tid)}
			if u, ok := unit[k]; ok {
				k = u
			}
			if r := t.RowOf(k[0], k[1]); r >= 0 && e.Args.Name != "thread 0" {
				t.rows[r].Name = e.Args.Name
				t.named = true
			}
		}
	}
	return t, nil
}
