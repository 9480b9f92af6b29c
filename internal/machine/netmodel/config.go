// Package netmodel holds the parameters of augur's network models and the
// interface through which an engine uses a model (Network, Flows): the
// constant model (latency + size/bandwidth, no contention; in
// netmodel/constant), and the flow-level models of SimGrid (CM02, LV08,
// SMPI) in which concurrent transfers share every link of their routes by
// weighted max-min fairness (netmodel/flow).
//
// Parameters are named by SimGrid's configuration keys (network/TCP-gamma,
// smpi/bw-factor, ...) so that `--cfg KEY:VALUE` means here what it means to
// smpirun. The package knows nothing of machines or engines: it gives the
// settings and the formulas (factors, bounds, penalties); the models in
// its subpackages apply them to a machine's routes.
package netmodel

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"

	"augur/internal/base/diag"
)

// Kind is a network model.
type Kind uint8

// The models. Constant is augur's historical model and the default of YAML
// machines; SMPI is what smpirun uses.
const (
	Constant Kind = iota // latency + size/bandwidth on the route; no sharing (see machine nic_serialise)
	CM02                 // max-min sharing, no correction factors
	LV08                 // CM02 with latency×13.01, bandwidth×0.97, weight-S 20537
	SMPI                 // CM02 with SMPI's piecewise factors by message size, weight-S 8775
)

var kindNames = [...]string{Constant: "constant", CM02: "CM02", LV08: "LV08", SMPI: "SMPI"}

func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("Kind(%d)", uint8(k))
}

// Flow reports whether the model shares links between flows (max-min).
func (k Kind) Flow() bool { return k != Constant }

// ParseKind reads a model name, case-insensitively.
func ParseKind(s string) (Kind, error) {
	for i, n := range kindNames {
		if strings.EqualFold(n, strings.TrimSpace(s)) {
			return Kind(i), nil
		}
	}
	return 0, fmt.Errorf("unknown network model %q (want constant, CM02, LV08 or SMPI)", s)
}

// Factors is a piecewise-constant correction by message size: the value of
// the entry with the largest From strictly below the size (the first entry
// also at its own size), 1 below the first. SimGrid writes it
// "65472:0.940694;15424:0.697866;...;0:0.812084" or as a single number for
// all sizes.
type Factors []Factor

// Factor is one piece of Factors.
type Factor struct{ From, Value float64 }

// At returns the factor for a message of size bytes. As SimGrid 3.32's
// FactorSet, a size equal to an entry's From still gets the entry before
// (checked against smpirun: 241+16 bytes takes SMPI's factors for 0, not
// those for 257).
func (f Factors) At(size float64) float64 {
	v := 1.0
	for i, p := range f { // ascending From; lists are short (≤ 10)
		if size < p.From || (i > 0 && size == p.From) {
			break
		}
		v = p.Value
	}
	return v
}

// String writes f in SimGrid's syntax (largest size first, as its defaults).
func (f Factors) String() string {
	if len(f) == 1 && f[0].From == 0 {
		return fmtNum(f[0].Value)
	}
	var b strings.Builder
	for i := len(f) - 1; i >= 0; i-- {
		if b.Len() > 0 {
			b.WriteByte(';')
		}
		b.WriteString(fmtNum(f[i].From) + ":" + fmtNum(f[i].Value))
	}
	return b.String()
}

func fmtNum(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }

// ParseFactors reads SimGrid's factor syntax: a number, or entries
// "SIZE:VALUE" separated by ';' in any order.
func ParseFactors(s string) (Factors, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return nil, fmt.Errorf("empty factor list")
	}
	if !strings.ContainsAny(s, ":;") {
		v, err := positive(s)
		if err != nil {
			return nil, err
		}
		return Factors{{0, v}}, nil
	}
	var f Factors
	for _, part := range strings.Split(s, ";") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		sz, val, ok := strings.Cut(part, ":")
		if !ok {
			return nil, fmt.Errorf("factor entry %q: want SIZE:VALUE", part)
		}
		from, err := strconv.ParseFloat(strings.TrimSpace(sz), 64)
		if err != nil || from < 0 || math.IsInf(from, 0) || math.IsNaN(from) {
			return nil, fmt.Errorf("factor entry %q: size %q is not a size ≥ 0", part, sz)
		}
		v, err := positive(val)
		if err != nil {
			return nil, fmt.Errorf("factor entry %q: %v", part, err)
		}
		f = append(f, Factor{from, v})
	}
	if len(f) == 0 {
		return nil, fmt.Errorf("empty factor list")
	}
	sort.SliceStable(f, func(i, j int) bool { return f[i].From < f[j].From })
	for i := 1; i < len(f); i++ {
		if f[i].From == f[i-1].From {
			return nil, fmt.Errorf("factor list gives size %s twice", fmtNum(f[i].From))
		}
	}
	return f, nil
}

func positive(s string) (float64, error) {
	v, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
	if err != nil || !(v > 0) || math.IsInf(v, 0) {
		return 0, fmt.Errorf("%q is not a positive finite number", strings.TrimSpace(s))
	}
	return v, nil
}

// Affine is SimGrid's piecewise-affine overhead by size (smpi/os, smpi/or,
// smpi/ois): entries "SIZE:OFFSET:FACTOR" separated by ';'; the entry with
// the largest SIZE strictly below the message applies (the first one below
// its own SIZE too, as SimGrid's Host::osend does): OFFSET + FACTOR·size
// seconds.
type Affine []AffinePiece

// AffinePiece is one piece of Affine.
type AffinePiece struct{ From, Offset, Factor float64 }

// At returns the overhead in seconds for a message of size bytes.
func (a Affine) At(size float64) float64 {
	if len(a) == 0 {
		return 0
	}
	v := a[0].Offset + a[0].Factor*size
	for _, p := range a[1:] {
		if size <= p.From {
			break
		}
		v = p.Offset + p.Factor*size
	}
	return v
}

// ParseAffine reads SimGrid's "SIZE:OFFSET:FACTOR;..." syntax; extra
// fields (SimGrid's default "0:0:0:0:0") are ignored.
func ParseAffine(s string) (Affine, error) {
	var a Affine
	for _, part := range strings.Split(strings.TrimSpace(s), ";") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		fs := strings.Split(part, ":")
		if len(fs) < 3 {
			return nil, fmt.Errorf("overhead entry %q: want SIZE:OFFSET:FACTOR", part)
		}
		var v [3]float64
		for i := range v {
			x, err := strconv.ParseFloat(strings.TrimSpace(fs[i]), 64)
			if err != nil || x < 0 || math.IsInf(x, 0) || math.IsNaN(x) {
				return nil, fmt.Errorf("overhead entry %q: %q is not a number ≥ 0", part, fs[i])
			}
			v[i] = x
		}
		a = append(a, AffinePiece{v[0], v[1], v[2]})
	}
	sort.SliceStable(a, func(i, j int) bool { return a[i].From < a[j].From })
	return a, nil
}

// Config is a model and its parameters. The zero value is not useful: start
// from Defaults.
type Config struct {
	Model        Kind
	LatFactor    Factors // network/latency-factor (smpi/lat-factor)
	BwFactor     Factors // network/bandwidth-factor (smpi/bw-factor)
	WeightS      float64 // network/weight-S: bytes; a flow's sharing penalty is its latency + Σ WeightS/bandwidth
	TCPGamma     float64 // network/TCP-gamma: bytes; a flow's rate is at most TCPGamma/(2·route latency)
	CrossTraffic bool    // network/crosstraffic: a flow loads its back route at 5 %
	LoopbackLat  float64 // network/loopback-lat: seconds, for a host to itself without a loopback link
	LoopbackBw   float64 // network/loopback-bw: bytes/s, idem
	Precision    float64 // maxmin/precision: rates below it count as zero
	// Timing is SimGrid's precision/timing (surf/precision, 1e-9 s as
	// smpirun sets it): when simulated time moves on to the next end of
	// an action, every other action due less than Timing later ends at
	// that same instant. Under a flow model the engine does the same, so
	// that replays give smpirun's times where ends fall within a
	// nanosecond of each other; 0 ends every action at its own time.
	Timing float64

	// SMPI's point-to-point protocol (engine.Config follows these when the
	// machine asks for a flow model).
	DetachedThresh   float64 // smpi/send-is-detached-thresh: sends smaller than this return at once
	AsyncSmallThresh float64 // smpi/async-small-thresh: messages smaller than this move without waiting for the receive
	Os, Or, Ois      Affine  // smpi/os, smpi/or, smpi/ois: per-message CPU overheads
	TestTime         float64 // smpi/test: seconds an MPI_Test costs
	// ExtraBytes is added to every message's size by SMPI 3.32 (measured:
	// a replayed send of s bytes moves s+16 bytes and its factors are
	// looked up at s+16). Key augur/extra-bytes.
	ExtraBytes float64

	// Given holds the keys set explicitly (file or --cfg), as written.
	Given map[string]string
}

// SMPI's default factors (SimGrid 3.32, from MPI ping-pongs).
const (
	smpiBwFactor  = "65472:0.940694;15424:0.697866;9376:0.58729;5776:1.08739;3484:0.77493;1426:0.608902;732:0.341987;257:0.338112;0:0.812084"
	smpiLatFactor = "65472:11.6436;15424:3.48845;9376:2.59299;5776:2.18796;3484:1.88101;1426:1.61075;732:1.9503;257:1.95341;0:2.01467"
)

// Defaults returns the parameters SimGrid 3.32's smpirun uses with model k.
func Defaults(k Kind) Config {
	c := Config{
		Model:            k,
		LatFactor:        Factors{{0, 1}},
		BwFactor:         Factors{{0, 1}},
		TCPGamma:         4194304,
		CrossTraffic:     true,
		LoopbackLat:      0,
		LoopbackBw:       10e9,
		Precision:        1e-5,
		Timing:           1e-9,
		DetachedThresh:   65536,
		AsyncSmallThresh: 0,
		TestTime:         1e-4,
		ExtraBytes:       16,
	}
	switch k {
	case LV08:
		c.LatFactor, c.BwFactor, c.WeightS = Factors{{0, 13.01}}, Factors{{0, 0.97}}, 20537
	case SMPI:
		c.LatFactor, _ = ParseFactors(smpiLatFactor)
		c.BwFactor, _ = ParseFactors(smpiBwFactor)
		c.WeightS = 8775
	case Constant:
		c.ExtraBytes = 0
	}
	return c
}

// Key documents one configuration key.
type Key struct {
	Name    string
	Aliases []string
	Doc     string
	set     func(c *Config, v string) error
}

// Keys lists the configuration keys augur understands, in documentation
// order. network/model is handled by New (it selects the defaults).
var Keys = []Key{
	{Name: "network/latency-factor", Aliases: []string{"smpi/lat-factor"}, Doc: "latency correction factor(s) by message size", set: func(c *Config, v string) (err error) {
		c.LatFactor, err = ParseFactors(v)
		return
	}},
	{Name: "network/bandwidth-factor", Aliases: []string{"smpi/bw-factor"}, Doc: "bandwidth correction factor(s) by message size", set: func(c *Config, v string) (err error) {
		c.BwFactor, err = ParseFactors(v)
		return
	}},
	{Name: "network/weight-S", Doc: "bytes; RTT-unfairness of sharing: penalty = latency + Σ S/bandwidth", set: setNum(func(c *Config) *float64 { return &c.WeightS }, false)},
	{Name: "network/TCP-gamma", Doc: "bytes; TCP window: rate ≤ gamma / (2 · route latency); 0 disables", set: setNum(func(c *Config) *float64 { return &c.TCPGamma }, false)},
	{Name: "network/crosstraffic", Doc: "yes/no; a flow also loads its back route with 5 % of its rate", set: func(c *Config, v string) (err error) {
		c.CrossTraffic, err = ParseBool(v)
		return
	}},
	{Name: "network/loopback-lat", Doc: "seconds; a host to itself when the platform has no loopback link", set: setNum(func(c *Config) *float64 { return &c.LoopbackLat }, false)},
	{Name: "network/loopback-bw", Doc: "bytes/s; idem", set: setNum(func(c *Config) *float64 { return &c.LoopbackBw }, true)},
	{Name: "maxmin/precision", Doc: "rates and remainders below this are zero", set: setNum(func(c *Config) *float64 { return &c.Precision }, true)},
	{Name: "precision/timing", Aliases: []string{"surf/precision"}, Doc: "seconds; under a flow model, actions due less than this after the next end end with it, as in SimGrid (0: each at its own time)", set: setNum(func(c *Config) *float64 { return &c.Timing }, false)},
	{Name: "smpi/send-is-detached-thresh", Doc: "bytes; a send smaller than this returns at once (detached), larger ones wait for the transfer", set: setNum(func(c *Config) *float64 { return &c.DetachedThresh }, false)},
	{Name: "smpi/async-small-thresh", Doc: "bytes; only 0 (SimGrid's default): augur does not model messages that move before their receive is posted", set: func(c *Config, v string) error {
		if err := setNum(func(c *Config) *float64 { return &c.AsyncSmallThresh }, false)(c, v); err != nil {
			return err
		}
		if c.AsyncSmallThresh != 0 {
			return fmt.Errorf("%s bytes: augur does not model messages that move before their receive is posted; only 0, SimGrid's default, is accepted", strings.TrimSpace(v))
		}
		return nil
	}},
	{Name: "smpi/os", Doc: "SIZE:OFFSET:FACTOR;...: sender overhead in seconds", set: func(c *Config, v string) (err error) {
		c.Os, err = ParseAffine(v)
		return
	}},
	{Name: "smpi/or", Doc: "SIZE:OFFSET:FACTOR;...: receiver overhead in seconds", set: func(c *Config, v string) (err error) {
		c.Or, err = ParseAffine(v)
		return
	}},
	{Name: "smpi/ois", Doc: "SIZE:OFFSET:FACTOR;...: overhead of a non-blocking send in seconds", set: func(c *Config, v string) (err error) {
		c.Ois, err = ParseAffine(v)
		return
	}},
	{Name: "smpi/test", Doc: "seconds an MPI_Test costs", set: setNum(func(c *Config) *float64 { return &c.TestTime }, false)},
	{Name: "augur/extra-bytes", Doc: "bytes SMPI adds to every message (16 in SimGrid 3.32)", set: setNum(func(c *Config) *float64 { return &c.ExtraBytes }, false)},
}

// Ignored keys are SimGrid keys accepted for compatibility that change
// nothing in augur (they tune SimGrid's own machinery); the commands say
// so on standard error when one is given (IsIgnored).
var Ignored = []string{"precision/work-amount", "network/optim",
	"network/maxmin-selective-update", "smpi/host-speed", "smpi/privatization",
	"smpi/display-timing", "smpi/cpu-threshold", "smpi/np", "smpi/hostfile",
	"smpi/tmpdir", "contexts/factory", "contexts/stack-size", "network/solver", "cpu/optim",
	"smpi/keep-temps", "smpi/wtime", "smpi/iprobe", "smpi/init"}

// IsIgnored reports whether key is one of the Ignored keys.
func IsIgnored(key string) bool { return slices.Contains(Ignored, strings.TrimSpace(key)) }

func setNum(field func(*Config) *float64, pos bool) func(*Config, string) error {
	return func(c *Config, v string) error {
		x, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
		if err != nil || math.IsNaN(x) || x < 0 || (pos && x == 0) {
			want := "a number ≥ 0"
			if pos {
				want = "a positive number"
			}
			return fmt.Errorf("%q is not %s", v, want)
		}
		*field(c) = x
		return nil
	}
}

// ParseBool reads a --cfg yes/no value as SimGrid takes it (yes, on,
// true, 1; no, off, false, 0), for the network keys here and the other
// --cfg keys replay reads.
func ParseBool(v string) (bool, error) {
	switch strings.ToLower(strings.TrimSpace(v)) {
	case "yes", "on", "true", "1":
		return true, nil
	case "no", "off", "false", "0":
		return false, nil
	}
	return false, fmt.Errorf("%q is not yes or no", v)
}

func findKey(name string) *Key {
	for i := range Keys {
		k := &Keys[i]
		if k.Name == name || slices.Contains(k.Aliases, name) {
			return k
		}
	}
	return nil
}

// New builds the configuration for model (a name ParseKind accepts; "" is
// constant) with the keys of kv applied over the model's defaults, in
// sorted key order so that the result does not depend on map order. A
// network/model key in kv overrides model.
func New(model string, kv map[string]string) (Config, error) {
	if v, ok := kv["network/model"]; ok {
		model = v
	}
	k := Constant
	if strings.TrimSpace(model) != "" {
		var err error
		if k, err = ParseKind(model); err != nil {
			return Config{}, err
		}
	}
	c := Defaults(k)
	keys := make([]string, 0, len(kv))
	for key := range kv {
		keys = append(keys, key)
	}
	sort.Strings(keys)
	for _, key := range keys {
		if err := c.Set(key, kv[key]); err != nil {
			return Config{}, err
		}
	}
	return c, nil
}

// Set applies one key (SimGrid's name or an alias). network/model is
// accepted only if it names the model already selected: changing the model
// changes the defaults, which New handles.
func (c *Config) Set(key, value string) error {
	key = strings.TrimSpace(key)
	if key == "network/model" {
		k, err := ParseKind(value)
		if err != nil {
			return fmt.Errorf("network/model: %v", err)
		}
		if k != c.Model {
			return fmt.Errorf("network/model: %s set after other keys; give the model first", k)
		}
		c.remember(key, value)
		return nil
	}
	if slices.Contains(Ignored, key) {
		c.remember(key, value)
		return nil
	}
	if key == "tracing" || strings.HasPrefix(key, "tracing/") {
		return fmt.Errorf("%s: augur writes no SimGrid trace; use %w (Chrome/Perfetto JSON) or %w", key, diag.OptionName("trace"), diag.OptionName("paraver"))
	}
	k := findKey(key)
	if k == nil {
		if s := closest(key); s != "" {
			return fmt.Errorf("unknown configuration key %q; did you mean %q?", key, s)
		}
		return fmt.Errorf("unknown configuration key %q (see docs/network.md for the keys)", key)
	}
	if err := k.set(c, value); err != nil {
		return fmt.Errorf("%s: %v", key, err)
	}
	c.remember(key, value)
	return nil
}

func (c *Config) remember(key, value string) {
	if c.Given == nil {
		c.Given = map[string]string{}
	}
	c.Given[key] = value
}

// GivenSetting is the setting key as a caller gives it (a command
// line's --cfg KEY:VALUE).
func GivenSetting(key string) diag.Given { return diag.Given{What: "setting", Name: key} }

// ParseCfg splits a setting "KEY:VALUE" (SimGrid's syntax, as --cfg
// takes it; the first ':' separates, since values such as factor lists
// contain more).
func ParseCfg(arg string) (key, value string, err error) {
	key, value, ok := strings.Cut(arg, ":")
	key = strings.TrimSpace(key)
	if !ok || key == "" {
		return "", "", &diag.GivenError{Given: GivenSetting(strconv.Quote(arg)), Err: errors.New("want KEY:VALUE, such as network/model:SMPI")}
	}
	return key, value, nil
}

// closest suggests a known key at small edit distance.
func closest(key string) string {
	best, bestD := "", 4
	all := append([]string{"network/model"}, Ignored...)
	for _, k := range Keys {
		all = append(all, k.Name)
		all = append(all, k.Aliases...)
	}
	for _, k := range all {
		if d := diag.Distance(strings.ToLower(key), strings.ToLower(k)); d < bestD {
			best, bestD = k, d
		}
	}
	return best
}
