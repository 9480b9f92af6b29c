package results

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"

	"augur/internal/base/diag"
	"augur/internal/engine"
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
		return nil, jsonErr(name, "not a result file", data, err)
	}
	switch {
	case h.TraceEvents != nil:
		return nil, fmt.Errorf("%s: this is a timeline (Chrome trace), not a result; give it as the trace", name)
	case h.Command == "" && h.SchemaVersion == 0:
		return nil, fmt.Errorf("%s: not a result of augur predict, replay or simulate (no command and schema_version; a result written before schema version %d must be written again)", name, SchemaVersion)
	case h.SchemaVersion != SchemaVersion:
		return nil, fmt.Errorf("%s: a result of schema version %d; this augur reads version %d (docs/output.md says what changed; run the command again)", name, h.SchemaVersion, SchemaVersion)
	}
	var r *Result
	switch h.Command {
	case CommandPredict:
		var d Prediction
		if err := strict(name, "prediction result", data, &d); err != nil {
			return nil, err
		}
		r = FromPrediction(&d)
	case CommandReplay:
		var d Replay
		if err := strict(name, "replay result", data, &d); err != nil {
			return nil, err
		}
		r = FromReplay(&d)
	case CommandSimulate:
		var d Simulation
		if err := strict(name, "simulation result", data, &d); err != nil {
			return nil, err
		}
		r = FromSimulation(&d)
	case CommandAnalyze:
		return nil, fmt.Errorf("%s: augur analyze's result has no per-process budget or timeline to show; its --report writes the source view, and augur predict on the model it writes (-o) gives a run's result", name)
	default:
		return nil, fmt.Errorf("%s: a result of command %q; augur reads those of predict, replay and simulate", name, h.Command)
	}
	return r, nil
}

// strict decodes data, the contents of file name, into v, refusing
// fields v does not have; what says what data is read as, for errors.
func strict(name, what string, data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return jsonErr(name, what, data, err)
	}
	return nil
}

// jsonErr is a JSON decoding error at its place in data, the contents of
// file name, saying what data was read as.
func jsonErr(name, what string, data []byte, err error) error {
	e := diag.JSON(name, data, err)
	e.Msg = what + ": " + e.Msg
	return e
}

// chromeMessageSample bounds the messages ReadChromeTrace keeps: more
// than a report draws (htmlreport.MaxArrows), and a few hundred
// kilobytes however large the trace.
const chromeMessageSample = 4096

// ReadChromeTrace reads a timeline in the Chrome Trace Event format, the
// form `augur predict --trace` (and simulate and replay) write: complete
// events ("ph":"X") with pid, tid, name, cat, ts and dur in microseconds.
// Both the object form {"traceEvents": [...]} and a bare array are read.
// Slices whose arguments carry augur's rank and thread (what writers/chrome
// writes) are put on that process and thread; others on their pid and tid.
// Flows of category "message" (a start "s" and an end "f" with one id)
// are read as messages, a sample of at most 2·chromeMessageSample of them
// (Timeline.SampleMessages): what the views draw as arrows.
func ReadChromeTrace(name string, data []byte) (*Timeline, error) {
	type event struct {
		Ph   string          `json:"ph"`
		Name string          `json:"name"`
		Cat  string          `json:"cat"`
		Pid  json.RawMessage `json:"pid"`
		Tid  json.RawMessage `json:"tid"`
		ID   json.RawMessage `json:"id"`
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
	var err error
	if trimmed := bytes.TrimLeft(data, " \t\r\n"); len(trimmed) > 0 && trimmed[0] == '[' {
		err = json.Unmarshal(data, &doc.TraceEvents)
	} else {
		err = json.Unmarshal(data, &doc)
	}
	if err != nil {
		return nil, jsonErr(name, "not a Chrome trace", data, err)
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
	t.SampleMessages(chromeMessageSample)
	open := map[[2]int32][]event{} // B/E pairs
	// Flows of category "message" (what writers/chrome writes for a
	// message): a start and an end with one id are a message from the
	// start's track to the end's.
	flows := map[string][2]int32{}
	flowAt := map[string]float64{}
	for i := range doc.TraceEvents {
		e := &doc.TraceEvents[i]
		switch e.Ph {
		case "X":
			k := track(e)
			t.AddNamed(k[0], k[1], e.Name, e.Cat, e.Ts*1e-6, (e.Ts+e.Dur)*1e-6)
		case "B":
			k := [2]int32{id(e.Pid), id(e.Tid)}
			open[k] = append(open[k], *e)
		case "s", "f":
			if e.Cat != "message" || len(e.ID) == 0 {
				continue
			}
			k, id := track(e), string(e.ID)
			if e.Ph == "s" {
				flows[id], flowAt[id] = k, e.Ts*1e-6
				continue
			}
			if from, ok := flows[id]; ok {
				delete(flows, id)
				t.Message(engine.Message{Src: from[0], SrcTid: from[1], Dst: k[0], DstTid: k[1],
					SendPost: flowAt[id], SendStart: flowAt[id], RecvPost: flowAt[id], RecvEnd: e.Ts * 1e-6})
			}
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
