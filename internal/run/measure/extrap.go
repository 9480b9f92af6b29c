package measure

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"sort"
	"strconv"
	"strings"

	"augur/internal/base/diag"
)

// ReadExtraPText reads Extra-P's text format: PARAMETER, POINTS, then
// REGION / METRIC sections each followed by one DATA line per point.
func ReadExtraPText(name string, data []byte) ([]Series, error) {
	var params []string
	var points [][]float64
	var out []Series
	var cur *Series
	region, metric := "", ""
	lines := strings.Split(string(data), "\n")
	errAt := func(line int, format string, args ...any) error {
		return &Error{File: name, Line: line, Msg: fmt.Sprintf(format, args...)}
	}
	closeCur := func(line int) error {
		if cur == nil {
			return nil
		}
		if len(cur.X) != len(points) {
			return errAt(line, "region %q metric %q has %d DATA lines for %d POINTS", cur.Region, cur.Metric, len(cur.X), len(points))
		}
		if err := check(name, cur); err != nil {
			return err
		}
		out = append(out, *cur)
		cur = nil
		return nil
	}
	lastLine := 0
	for i, raw := range lines {
		ln := i + 1
		line := strings.TrimSpace(strings.TrimPrefix(raw, "\ufeff"))
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		lastLine = ln
		var kw, rest string
		if t := strings.IndexAny(line, " \t"); t >= 0 {
			kw, rest = line[:t], line[t+1:]
		} else {
			kw, rest = line, ""
		}
		rest = strings.TrimSpace(rest)
		switch kw {
		case "PARAMETER":
			if len(points) > 0 {
				return nil, errAt(ln, "PARAMETER after POINTS: declare every parameter first")
			}
			for _, p := range strings.Fields(rest) {
				for _, q := range params {
					if q == p {
						return nil, errAt(ln, "parameter %q declared twice", p)
					}
				}
				params = append(params, p)
			}
			if rest == "" {
				return nil, errAt(ln, "PARAMETER without a name")
			}
		case "POINTS":
			if len(params) == 0 {
				return nil, errAt(ln, "POINTS before any PARAMETER")
			}
			if cur != nil || len(out) > 0 {
				return nil, errAt(ln, "POINTS after DATA: give every point first")
			}
			pts, err := parsePoints(rest, len(params))
			if err != nil {
				return nil, errAt(ln, "POINTS: %v", err)
			}
			points = append(points, pts...)
		case "REGION", "METRIC":
			if len(points) == 0 {
				return nil, errAt(ln, "%s before POINTS", kw)
			}
			if rest == "" {
				return nil, errAt(ln, "%s without a name", kw)
			}
			if err := closeCur(ln); err != nil {
				return nil, err
			}
			if kw == "REGION" {
				region = rest
			} else {
				metric = rest
			}
		case "DATA":
			if len(points) == 0 {
				return nil, errAt(ln, "DATA before POINTS")
			}
			if cur == nil {
				for _, s := range out {
					if s.Region == region && s.Metric == metric {
						return nil, errAt(ln, "region %q metric %q given twice", region, metric)
					}
				}
				cur = &Series{Region: region, Metric: metric, Params: params}
			}
			k := len(cur.X)
			if k >= len(points) {
				return nil, errAt(ln, "more DATA lines than the %d POINTS", len(points))
			}
			var vals []float64
			for j, f := range strings.Fields(rest) {
				v, err := strconv.ParseFloat(f, 64)
				if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
					return nil, errAt(ln, "DATA value %d: %q is not a finite number", j+1, f)
				}
				vals = append(vals, v)
			}
			if len(vals) == 0 {
				return nil, errAt(ln, "DATA without values")
			}
			cur.X = append(cur.X, points[k])
			cur.Values = append(cur.Values, vals)
			cur.Where = append(cur.Where, fmt.Sprintf("%s:%d", name, ln))
		default:
			return nil, errAt(ln, "unknown section %q (want PARAMETER, POINTS, REGION, METRIC or DATA)", kw)
		}
	}
	if err := closeCur(lastLine); err != nil {
		return nil, err
	}
	if len(params) == 0 {
		return nil, &Error{File: name, Msg: "no PARAMETER line"}
	}
	if len(out) == 0 {
		return nil, &Error{File: name, Msg: "no DATA"}
	}
	return out, nil
}

// parsePoints reads "(20 1) (20 2)" or, for one parameter, "4 8 16" too.
func parsePoints(s string, dims int) ([][]float64, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return nil, errors.New("no points")
	}
	var out [][]float64
	if !strings.Contains(s, "(") {
		if dims != 1 {
			return nil, fmt.Errorf("with %d parameters each point needs parentheses: (x y)", dims)
		}
		for _, f := range strings.Fields(s) {
			v, err := parseCoord(f)
			if err != nil {
				return nil, err
			}
			out = append(out, []float64{v})
		}
		return out, nil
	}
	for s != "" {
		if s[0] != '(' {
			return nil, fmt.Errorf("want \"(\" at %q", abbreviate(s))
		}
		end := strings.IndexByte(s, ')')
		if end < 0 {
			return nil, errors.New("missing \")\"")
		}
		inner := strings.NewReplacer("(", " ", ")", " ").Replace(s[1:end])
		// Extra-P also writes ((1) (2)): nested coordinates.
		if strings.Count(s[:end], "(") > 1 {
			depth, j := 0, 0
			for j = 0; j < len(s); j++ {
				if s[j] == '(' {
					depth++
				} else if s[j] == ')' {
					depth--
					if depth == 0 {
						break
					}
				}
			}
			if depth != 0 {
				return nil, errors.New("unbalanced parentheses")
			}
			end = j
			inner = strings.NewReplacer("(", " ", ")", " ").Replace(s[1:end])
		}
		var pt []float64
		for _, f := range strings.Fields(inner) {
			v, err := parseCoord(f)
			if err != nil {
				return nil, err
			}
			pt = append(pt, v)
		}
		if len(pt) != dims {
			return nil, fmt.Errorf("point (%s) has %d coordinates for %d parameters", strings.TrimSpace(inner), len(pt), dims)
		}
		out = append(out, pt)
		s = strings.TrimSpace(s[end+1:])
	}
	return out, nil
}

func parseCoord(f string) (float64, error) {
	v, err := strconv.ParseFloat(f, 64)
	if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
		return 0, fmt.Errorf("coordinate %q is not a finite number", f)
	}
	return v, nil
}

func abbreviate(s string) string {
	if len(s) > 20 {
		return s[:20] + "..."
	}
	return s
}

// jsonObjects counts top-level JSON values in t (up to 2).
func jsonObjects(t []byte) int {
	dec := json.NewDecoder(bytes.NewReader(t))
	n := 0
	for n < 2 {
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			break
		}
		n++
	}
	return n
}

// jsonNumber accepts a JSON number or a string holding one (Extra-P's
// schema example quotes coordinates).
type jsonNumber float64

func (n *jsonNumber) UnmarshalJSON(b []byte) error {
	s := string(b)
	if strings.HasPrefix(s, "\"") {
		if err := json.Unmarshal(b, &s); err != nil {
			return err
		}
	}
	v, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
	if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
		return fmt.Errorf("%s is not a finite number", b)
	}
	*n = jsonNumber(v)
	return nil
}

// ReadExtraPJSON reads Extra-P's JSON input: the current form
// {"parameters": [...], "measurements": {callpath: {metric: [{"point":
// [...], "values": [...]}]}}} or the older one of id-referenced lists.
func ReadExtraPJSON(name string, data []byte) ([]Series, error) {
	var probe map[string]json.RawMessage
	if err := json.Unmarshal(data, &probe); err != nil {
		return nil, diag.JSON(name, data, err)
	}
	if _, old := probe["callpaths"]; old {
		return readOldJSON(name, data)
	}
	var doc struct {
		Parameters   []string                                `json:"parameters"`
		Measurements map[string]map[string][]json.RawMessage `json:"measurements"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		return nil, diag.JSON(name, data, err)
	}
	if len(doc.Parameters) == 0 {
		return nil, &Error{File: name, Msg: `JSON: "parameters" is missing or empty`}
	}
	if len(doc.Measurements) == 0 {
		return nil, &Error{File: name, Msg: `JSON: "measurements" is missing or empty`}
	}
	var out []Series
	for _, cp := range sortedKeys(doc.Measurements) {
		metrics := doc.Measurements[cp]
		for _, met := range sortedKeys(metrics) {
			s := Series{Region: cp, Metric: met, Params: doc.Parameters}
			idx := map[string]int{}
			for i, raw := range metrics[met] {
				path := fmt.Sprintf("measurements[%q][%q][%d]", cp, met, i)
				var m struct {
					Point  []jsonNumber `json:"point"`
					Values []jsonNumber `json:"values"`
				}
				if err := json.Unmarshal(raw, &m); err != nil {
					return nil, &Error{File: name, Msg: fmt.Sprintf("JSON %s: %v", path, err)}
				}
				if len(m.Point) != len(doc.Parameters) {
					return nil, &Error{File: name, Msg: fmt.Sprintf("JSON %s: point has %d coordinates for %d parameters", path, len(m.Point), len(doc.Parameters))}
				}
				if len(m.Values) == 0 {
					return nil, &Error{File: name, Msg: fmt.Sprintf("JSON %s: no values", path)}
				}
				x := make([]float64, len(m.Point))
				for k, v := range m.Point {
					x[k] = float64(v)
				}
				key := fmt.Sprint(x)
				j, ok := idx[key]
				if !ok {
					j = len(s.X)
					idx[key] = j
					s.X = append(s.X, x)
					s.Values = append(s.Values, nil)
					s.Where = append(s.Where, name+": JSON "+path)
				}
				for _, v := range m.Values {
					s.Values[j] = append(s.Values[j], float64(v))
				}
			}
			if err := check(name, &s); err != nil {
				return nil, err
			}
			out = append(out, s)
		}
	}
	return out, nil
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// readOldJSON reads Extra-P's older JSON: lists of parameters, callpaths,
// metrics, coordinates and measurements that refer to each other by id.
func readOldJSON(name string, data []byte) ([]Series, error) {
	var doc struct {
		Parameters []struct {
			ID   int    `json:"id"`
			Name string `json:"name"`
		} `json:"parameters"`
		Callpaths []struct {
			ID   int    `json:"id"`
			Name string `json:"name"`
		} `json:"callpaths"`
		Metrics []struct {
			ID   int    `json:"id"`
			Name string `json:"name"`
		} `json:"metrics"`
		Coordinates []struct {
			ID    int `json:"id"`
			Pairs []struct {
				Param int        `json:"parameter_id"`
				Value jsonNumber `json:"parameter_value"`
			} `json:"parameter_value_pairs"`
		} `json:"coordinates"`
		Measurements []struct {
			Callpath   int        `json:"callpath_id"`
			Coordinate int        `json:"coordinate_id"`
			Metric     int        `json:"metric_id"`
			Value      jsonNumber `json:"value"`
		} `json:"measurements"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		return nil, diag.JSON(name, data, err)
	}
	pidx := map[int]int{}
	var params []string
	for _, p := range doc.Parameters {
		pidx[p.ID] = len(params)
		params = append(params, p.Name)
	}
	if len(params) == 0 {
		return nil, &Error{File: name, Msg: `JSON: "parameters" is empty`}
	}
	coords := map[int][]float64{}
	for i, c := range doc.Coordinates {
		x := make([]float64, len(params))
		set := make([]bool, len(params))
		for _, pv := range c.Pairs {
			k, ok := pidx[pv.Param]
			if !ok {
				return nil, &Error{File: name, Msg: fmt.Sprintf("JSON coordinates[%d]: unknown parameter_id %d", i, pv.Param)}
			}
			x[k], set[k] = float64(pv.Value), true
		}
		for k, ok := range set {
			if !ok {
				return nil, &Error{File: name, Msg: fmt.Sprintf("JSON coordinates[%d]: no value for parameter %s", i, params[k])}
			}
		}
		coords[c.ID] = x
	}
	names := func(list []struct {
		ID   int    `json:"id"`
		Name string `json:"name"`
	}) map[int]string {
		m := map[int]string{}
		for _, e := range list {
			m[e.ID] = e.Name
		}
		return m
	}
	cps, mets := names(doc.Callpaths), names(doc.Metrics)
	type key struct{ cp, met string }
	series := map[key]*Series{}
	pointIdx := map[string]int{}
	var order []key
	for i, m := range doc.Measurements {
		cp, ok1 := cps[m.Callpath]
		met, ok2 := mets[m.Metric]
		x, ok3 := coords[m.Coordinate]
		if !ok1 || !ok2 || !ok3 {
			return nil, &Error{File: name, Msg: fmt.Sprintf("JSON measurements[%d]: unknown callpath, metric or coordinate id", i)}
		}
		k := key{cp, met}
		s := series[k]
		if s == nil {
			s = &Series{Region: cp, Metric: met, Params: params}
			series[k] = s
			order = append(order, k)
		}
		pk := fmt.Sprint(k, x)
		j, seen := pointIdx[pk]
		if !seen {
			pointIdx[pk] = len(s.X)
			j = len(s.X)
			s.X = append(s.X, x)
			s.Values = append(s.Values, nil)
			s.Where = append(s.Where, fmt.Sprintf("%s: JSON measurements[%d]", name, i))
		}
		s.Values[j] = append(s.Values[j], float64(m.Value))
	}
	var out []Series
	for _, k := range order {
		if err := check(name, series[k]); err != nil {
			return nil, err
		}
		out = append(out, *series[k])
	}
	if len(out) == 0 {
		return nil, &Error{File: name, Msg: "JSON: no measurements"}
	}
	sortSeries(out)
	return out, nil
}

// ReadExtraPJSONLines reads Extra-P's JSON Lines: one object per line,
// {"params": {"p": 4}, "value": 1.5 or [..], "callpath": "..", "metric": ".."}.
func ReadExtraPJSONLines(name string, data []byte) ([]Series, error) {
	type key struct{ cp, met string }
	series := map[key]*Series{}
	pointIdx := map[string]int{}
	var order []key
	var params []string
	dec := json.NewDecoder(bytes.NewReader(data))
	for n := 1; ; n++ {
		start := dec.InputOffset()
		var obj struct {
			Params   map[string]jsonNumber `json:"params"`
			Value    json.RawMessage       `json:"value"`
			Callpath string                `json:"callpath"`
			Metric   string                `json:"metric"`
		}
		if err := dec.Decode(&obj); err != nil {
			if errors.Is(err, io.EOF) {
				break
			}
			return nil, diag.JSON(name, data, err)
		}
		line := 1 + bytes.Count(data[:start], []byte("\n"))
		if start < int64(len(data)) && data[start] == '\n' {
			line++
		}
		if len(obj.Params) == 0 {
			return nil, &Error{File: name, Line: line, Msg: `JSON Lines: "params" is missing or empty`}
		}
		names := sortedKeys(obj.Params)
		if params == nil {
			params = names
		} else if strings.Join(params, "\x00") != strings.Join(names, "\x00") {
			return nil, &Error{File: name, Line: line, Msg: fmt.Sprintf("JSON Lines: parameters %v differ from the first line's %v", names, params)}
		}
		var vals []float64
		var one jsonNumber
		var many []jsonNumber
		if err := json.Unmarshal(obj.Value, &one); err == nil {
			vals = []float64{float64(one)}
		} else if err := json.Unmarshal(obj.Value, &many); err == nil && len(many) > 0 {
			for _, v := range many {
				vals = append(vals, float64(v))
			}
		} else {
			return nil, &Error{File: name, Line: line, Msg: `JSON Lines: "value" must be a number or a list of numbers`}
		}
		x := make([]float64, len(params))
		for k, p := range params {
			x[k] = float64(obj.Params[p])
		}
		k := key{obj.Callpath, obj.Metric}
		s := series[k]
		if s == nil {
			s = &Series{Region: obj.Callpath, Metric: obj.Metric, Params: params}
			series[k] = s
			order = append(order, k)
		}
		pk := fmt.Sprint(k, x)
		j, seen := pointIdx[pk]
		if !seen {
			pointIdx[pk] = len(s.X)
			j = len(s.X)
			s.X = append(s.X, x)
			s.Values = append(s.Values, nil)
			s.Where = append(s.Where, fmt.Sprintf("%s:%d", name, line))
		}
		s.Values[j] = append(s.Values[j], vals...)
	}
	var out []Series
	for _, k := range order {
		if err := check(name, series[k]); err != nil {
			return nil, err
		}
		out = append(out, *series[k])
	}
	if len(out) == 0 {
		return nil, &Error{File: name, Msg: "JSON Lines: no measurements"}
	}
	return out, nil
}
