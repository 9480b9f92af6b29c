package platform

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"augur/machine"
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
	p := &machine.Profile{Source: name}
	periodicity, loopAfter := -1.0, -1.0
	var periodLine int
	lines := strings.Split(strings.ReplaceAll(string(data), "\r\n", "\n"), "\n")
	for i, raw := range lines {
		lineNo := i + 1
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
				loopAfter = v
			}
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
	return p, nil
}

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
	data, err := os.ReadFile(path)
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

// linkProfiles attaches a <link>'s bandwidth_file (values in bytes per
// second replace the bandwidth, as SimGrid's do) to both halves of a
// split-duplex link; latency_file and state_file are refused.
func (b *builder) linkProfiles(a attrs, ref linkRef) error {
	for _, at := range []string{"latency_file", "state_file"} {
		if _, ok := a[at]; ok {
			return b.errf("link %q: %s is not supported by augur (bandwidth_file is, and speed_file and state_file on hosts)", a["id"], at)
		}
	}
	f, ok := a["bandwidth_file"]
	if !ok {
		return nil
	}
	p, err := b.loadProfile("link "+a["id"]+" bandwidth_file", f)
	if err != nil {
		return err
	}
	for _, pt := range p.Points {
		if pt.Value == 0 {
			return b.errf("link %q: bandwidth_file %s:%d: a bandwidth of 0 is not supported by augur (flows would never end)", a["id"], p.Source, pt.Line)
		}
	}
	b.links[ref.id].BandwidthProfile = p
	if ref.split {
		b.links[ref.id+1].BandwidthProfile = p
	}
	return nil
}
