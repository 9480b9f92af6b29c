package platform

import (
	"encoding/xml"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"augur/internal/base/infile"
	"augur/internal/machine"
)

// maxProfilePoints keeps a hostile profile from exhausting memory.
const maxProfilePoints = 1_000_000

// ParseProfile reads a profile in SimGrid 3.32's text format (the files
// of speed_file, bandwidth_file and state_file, and the body of <trace>):
// one "TIME VALUE" pair a line, times in seconds from the start and in
// order; blank lines and lines starting with # or % are ignored;
// "PERIODICITY P" repeats the points every P seconds, "LOOPAFTER D"
// repeats them D seconds after the last point. The stochastic forms
// (STOCHASTIC, NORM, UNIF, EXP, DET) are refused: augur's predictions are
// deterministic. name names the profile in errors, which are *Error.
func ParseProfile(name string, data []byte) (*machine.Profile, error) {
	return parseProfile(name, data, -1, 0)
}

// parseProfile is ParseProfile with a default periodicity (a <trace>'s
// attribute; ≤ 0: none) and the line before the text's first (a
// <trace>'s text starts on its tag's line).
func parseProfile(name string, data []byte, periodicity float64, lineOffset int) (*machine.Profile, error) {
	p := &machine.Profile{Source: name}
	loopAfter := -1.0
	if periodicity <= 0 {
		periodicity = -1
	}
	periodLine := lineOffset + 1
	explicit := false
	lines := strings.Split(strings.ReplaceAll(string(data), "\r\n", "\n"), "\n")
	for i, raw := range lines {
		lineNo := lineOffset + i + 1
		line := strings.TrimSpace(raw)
		col := strings.Index(raw, line) + 1
		if line == "" || line[0] == '#' || line[0] == '%' {
			continue
		}
		errf := func(c int, format string, args ...any) error {
			return &Error{File: name, Line: lineNo, Col: c, Msg: fmt.Sprintf(format, args...)}
		}
		fields := strings.Fields(line)
		switch fields[0] {
		case "PERIODICITY", "LOOPAFTER":
			if len(fields) != 2 {
				return nil, errf(col, "%s takes one time in seconds", fields[0])
			}
			v, err := strconv.ParseFloat(fields[1], 64)
			if err != nil || !(v >= 0) || math.IsInf(v, 0) {
				return nil, errf(col+strings.Index(line[len(fields[0]):], fields[1])+len(fields[0]), "%s %q: want a finite time ≥ 0 in seconds", fields[0], fields[1])
			}
			if fields[0] == "PERIODICITY" {
				periodicity = v
			} else {
				if !explicit {
					periodicity = -1 // the file's own word overrides the attribute
				}
				loopAfter = v
			}
			explicit = true
			periodLine = lineNo
			continue
		case "STOCHASTIC", "DET", "NORM", "NORMAL", "GAUSS", "GAUSSIAN", "UNIF", "UNIFORM", "EXP", "EXPONENTIAL":
			return nil, errf(col, "stochastic profiles (%s) are not supported by augur: its predictions are deterministic; give the dates and values", fields[0])
		}
		if len(fields) != 2 {
			return nil, errf(col, "want TIME VALUE (two numbers), got %q", truncate(line))
		}
		t, err := strconv.ParseFloat(fields[0], 64)
		if err != nil || !(t >= 0) || math.IsInf(t, 0) {
			return nil, errf(col, "time %q: want a finite number of seconds ≥ 0", fields[0])
		}
		vcol := col + len(fields[0]) + strings.Index(line[len(fields[0]):], fields[1])
		v, err := strconv.ParseFloat(fields[1], 64)
		if err != nil || !(v >= 0) || math.IsInf(v, 0) {
			return nil, errf(vcol, "value %q: want a finite number ≥ 0", fields[1])
		}
		if n := len(p.Points); n > 0 && t < p.Points[n-1].T {
			return nil, errf(col, "time %v comes before the previous line's %v: profile points must be in time order", t, p.Points[n-1].T)
		}
		if len(p.Points) >= maxProfilePoints {
			return nil, errf(col, "more than %d points", maxProfilePoints)
		}
		p.Points = append(p.Points, machine.ProfilePoint{T: t, Value: v, Line: lineNo})
	}
	last := 0.0
	if n := len(p.Points); n > 0 {
		last = p.Points[n-1].T
	}
	switch {
	case periodicity >= 0 && loopAfter >= 0:
		return nil, &Error{File: name, Line: periodLine, Msg: "PERIODICITY and LOOPAFTER together: give one (SimGrid refuses both too)"}
	case periodicity >= 0:
		if periodicity < last {
			return nil, &Error{File: name, Line: periodLine, Msg: fmt.Sprintf("PERIODICITY %v is shorter than the last point's time %v", periodicity, last)}
		}
		p.Period = periodicity
	case loopAfter >= 0:
		p.Period = last + loopAfter
	}
	if p.Period == 0 && (periodicity >= 0 || loopAfter >= 0) && len(p.Points) > 0 {
		return nil, &Error{File: name, Line: periodLine, Msg: "the profile repeats with a period of 0 s: it would never let time advance"}
	}
	if p.Period > 0 && p.Period < minPeriod && len(p.Points) > 0 {
		return nil, &Error{File: name, Line: periodLine, Msg: fmt.Sprintf("the profile repeats every %v s: under %v s a simulation would spend its events on the profile's changes and barely advance", p.Period, minPeriod)}
	}
	return p, nil
}

// minPeriod is the shortest period a profile may repeat with: a
// nanosecond already costs an event per change a simulated nanosecond.
const minPeriod = 1e-9

// loadProfile reads the profile file named by attribute attr of an
// element: a relative path is taken from the platform file's directory
// first, then from the working directory, as SimGrid searches them.
func (b *builder) loadProfile(attr, file string) (*machine.Profile, error) {
	if file == "" {
		return nil, b.errf("%s is empty", attr)
	}
	if p, ok := b.profiles[file]; ok {
		return p, nil
	}
	path := file
	if !filepath.IsAbs(file) {
		if cand := filepath.Join(filepath.Dir(b.file), file); fileExists(cand) {
			path = cand
		}
	}
	data, err := infile.ReadFile(path, infile.Profile)
	if err != nil {
		return nil, b.errf("%s %q: %v", attr, file, err)
	}
	p, err := ParseProfile(path, data)
	if err != nil {
		return nil, b.errf("%s: %v", attr, err)
	}
	b.profiles[file] = p
	return p, nil
}

func fileExists(p string) bool {
	st, err := os.Stat(p)
	return err == nil && !st.IsDir()
}

// hostProfiles attaches the profiles of the <host> just added: its speed
// (speed_file, or availability_file, SimGrid's older name for it) and its
// state (state_file).
func (b *builder) hostProfiles(a attrs) error {
	h := &b.hosts[len(b.hosts)-1]
	sf, hasSpeed := a["speed_file"]
	if af, ok := a["availability_file"]; ok {
		if hasSpeed {
			return b.errf("host %q: speed_file and availability_file (its older name) both given", h.name)
		}
		sf, hasSpeed = af, true
	}
	var err error
	if hasSpeed {
		if h.speedProf, err = b.loadProfile("host "+h.name+" speed_file", sf); err != nil {
			return err
		}
	}
	if f, ok := a["state_file"]; ok {
		if h.stateProf, err = b.loadProfile("host "+h.name+" state_file", f); err != nil {
			return err
		}
	}
	return nil
}

// linkProfiles attaches a <link>'s profiles to both halves of a
// split-duplex link: bandwidth_file (bytes per second, replacing the
// bandwidth as SimGrid's values do), latency_file (seconds) and
// state_file.
func (b *builder) linkProfiles(a attrs, ref linkRef) error {
	for _, at := range []string{"bandwidth_file", "latency_file", "state_file"} {
		f, ok := a[at]
		if !ok {
			continue
		}
		p, err := b.loadProfile("link "+a["id"]+" "+at, f)
		if err != nil {
			return err
		}
		if err := b.setLinkProfile(ref.id, at, p); err != nil {
			return b.errf("link %q: %v", a["id"], err)
		}
		if ref.split {
			if err := b.setLinkProfile(ref.id+1, at, p); err != nil {
				return b.errf("link %q: %v", a["id"], err)
			}
		}
	}
	return nil
}

// setLinkProfile gives link id the profile p of the kind attr names.
func (b *builder) setLinkProfile(id int32, attr string, p *machine.Profile) error {
	l := &b.links[id]
	slot := &l.BandwidthProfile
	switch attr {
	case "latency_file":
		slot = &l.LatencyProfile
	case "state_file":
		slot = &l.StateProfile
	default:
		for _, pt := range p.Points {
			if pt.Value == 0 {
				return fmt.Errorf("%s %s:%d: a bandwidth of 0 is not supported by augur (flows would never end)", attr, p.Source, pt.Line)
			}
		}
	}
	if *slot != nil {
		return fmt.Errorf("has a %s profile already", strings.TrimSuffix(attr, "_file"))
	}
	*slot = p
	return nil
}

// maxTraceText bounds the text of an inline <trace>.
const maxTraceText = 64 << 20

// traceDef is the <trace> being read.
type traceDef struct {
	id, file    string
	periodicity float64
	line        int
	text        strings.Builder
}

// traceConnect is a <trace_connect>: profile trace drives the kind of
// quantity of element.
type traceConnect struct {
	kind, trace, element string
	line                 int
}

// startTrace reads <trace id periodicity [file]>: a profile given inline
// (its text) or by file, named for <trace_connect>.
func (b *builder) startTrace(se xml.StartElement) error {
	a, err := b.attrs(se, "id", "file", "periodicity")
	if err != nil {
		return err
	}
	if err := b.need(se, a, "id", "periodicity"); err != nil {
		return err
	}
	per, err := strconv.ParseFloat(strings.TrimSpace(a["periodicity"]), 64)
	if err != nil || math.IsNaN(per) || math.IsInf(per, 0) {
		return b.errf("trace %q: periodicity %q is not a number of seconds", a["id"], a["periodicity"])
	}
	if _, dup := b.traces[a["id"]]; dup {
		return b.errf("trace %q defined twice", a["id"])
	}
	b.trace = &traceDef{id: a["id"], file: a["file"], periodicity: per, line: b.line()}
	return nil
}

// endTrace builds the profile of the <trace> just read. As SimGrid 3.32,
// a file takes precedence and ignores the periodicity attribute; text
// gets it unless it says PERIODICITY or LOOPAFTER itself.
func (b *builder) endTrace() error {
	t := b.trace
	b.trace = nil
	var p *machine.Profile
	var err error
	if t.file != "" {
		p, err = b.loadProfile("trace "+t.id+" file", t.file)
	} else {
		text := t.text.String()
		if strings.TrimSpace(text) == "" {
			return &Error{File: b.file, Line: t.line, Msg: fmt.Sprintf("trace %q has neither text nor a file (SimGrid refuses it too)", t.id)}
		}
		p, err = parseProfile(b.file, []byte(text), t.periodicity, t.line-1)
	}
	if err != nil {
		return err
	}
	if b.traces == nil {
		b.traces = map[string]*machine.Profile{}
	}
	b.traces[t.id] = p
	return nil
}

// traceConnect records a <trace_connect kind trace element>.
func (b *builder) traceConnect(se xml.StartElement) error {
	a, err := b.attrs(se, "kind", "trace", "element")
	if err != nil {
		return err
	}
	if err := b.need(se, a, "trace", "element"); err != nil {
		return err
	}
	kind := a["kind"]
	if kind == "" {
		kind = "HOST_AVAIL" // the DTD's default
	}
	switch kind {
	case "HOST_AVAIL", "SPEED", "BANDWIDTH", "LINK_AVAIL", "LATENCY":
	default:
		return b.errf("trace_connect: kind %q (want HOST_AVAIL, SPEED, LINK_AVAIL, BANDWIDTH or LATENCY)", kind)
	}
	b.connects = append(b.connects, traceConnect{kind: kind, trace: a["trace"], element: a["element"], line: b.line()})
	return nil
}

// connectTraces applies the <trace_connect>s once every trace, host and
// link is known (SimGrid connects them after parsing too).
func (b *builder) connectTraces() error {
	for _, c := range b.connects {
		errf := func(format string, args ...any) error {
			return &Error{File: b.file, Line: c.line, Msg: fmt.Sprintf(format, args...)}
		}
		p, ok := b.traces[c.trace]
		if !ok {
			return errf("trace_connect: no <trace> with id %q", c.trace)
		}
		if attr, isLink := map[string]string{"BANDWIDTH": "bandwidth_file", "LATENCY": "latency_file", "LINK_AVAIL": "state_file"}[c.kind]; isLink {
			ids, err := b.linkHalves(c.element)
			if err != nil {
				return errf("trace_connect %s: %v", c.kind, err)
			}
			for _, id := range ids {
				if err := b.setLinkProfile(id, attr, p); err != nil {
					return errf("trace_connect %s: link %q: %v", c.kind, c.element, err)
				}
			}
			continue
		}
		np, ok := b.npName[c.element]
		if !ok || b.nps[np].kind != npHost {
			return errf("trace_connect %s: %q is not a host", c.kind, c.element)
		}
		h := &b.hosts[b.nps[np].idx]
		slot, what := &h.speedProf, "speed"
		if c.kind == "HOST_AVAIL" {
			slot, what = &h.stateProf, "state"
		}
		if *slot != nil {
			return errf("trace_connect: host %q has a %s profile already", c.element, what)
		}
		*slot = p
	}
	return nil
}

// linkHalves returns the link ids a name stands for: a link, both halves
// of a SPLITDUPLEX link, or one half as NAME_UP or NAME_DOWN.
func (b *builder) linkHalves(name string) ([]int32, error) {
	if ref, ok := b.lnames[name]; ok {
		if ref.split {
			return []int32{ref.id, ref.id + 1}, nil
		}
		return []int32{ref.id}, nil
	}
	for suffix, off := range map[string]int32{"_UP": 0, "_DOWN": 1} {
		if base, ok := strings.CutSuffix(name, suffix); ok {
			if ref, ok := b.lnames[base]; ok && ref.split {
				return []int32{ref.id + off}, nil
			}
		}
	}
	return nil, fmt.Errorf("%q is not a link", name)
}
