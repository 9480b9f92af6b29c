package platform

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// SimGrid's units (src/surf/xml/surfxml_sax_cb.cpp and the platform
// documentation). Bandwidth "Bps" is bytes per second, "bps" bits per
// second; prefixes k/M/G/T/P are powers of ten, Ki/Mi/Gi/Ti/Pi of two.

type unitTable struct {
	what  string
	def   string // unit assumed for a bare number
	units map[string]float64
}

func prefixed(base string, scale float64, bits bool) map[string]float64 {
	m := map[string]float64{}
	add := func(b string, s float64) {
		m[b] = s
		for p, f := range map[string]float64{"k": 1e3, "K": 1e3, "M": 1e6, "G": 1e9, "T": 1e12, "P": 1e15, "E": 1e18,
			"Ki": 1 << 10, "Mi": 1 << 20, "Gi": 1 << 30, "Ti": 1 << 40, "Pi": 1 << 50, "Ei": 1 << 60} {
			m[p+b] = s * f
		}
	}
	add(base, scale)
	if bits {
		add("bps", scale/8)
	}
	return m
}

var (
	speedUnits = unitTable{"speed", "f", prefixed("f", 1, false)}
	bwUnits    = unitTable{"bandwidth", "Bps", prefixed("Bps", 1, true)}
	timeUnits  = unitTable{"time", "s", map[string]float64{
		"w": 7 * 24 * 3600, "d": 24 * 3600, "h": 3600, "m": 60, "s": 1,
		"ms": 1e-3, "us": 1e-6, "ns": 1e-9, "ps": 1e-12}}
)

func init() {
	// "f" speeds also accept "flops": 1Gflops.
	for k, v := range prefixed("flops", 1, false) {
		speedUnits.units[k] = v
	}
}

// parse reads "98.095Mf", "41.279125MBps", "59.904us", "0".
func (u unitTable) parse(s string) (float64, error) {
	t := strings.TrimSpace(s)
	i := 0
	for i < len(t) {
		c := t[i]
		if (c >= '0' && c <= '9') || c == '.' || c == '+' || c == '-' {
			i++
			continue
		}
		if (c == 'e' || c == 'E') && i > 0 && i+1 < len(t) && (t[i+1] == '+' || t[i+1] == '-' || (t[i+1] >= '0' && t[i+1] <= '9')) {
			i++
			continue
		}
		break
	}
	num, unit := t[:i], strings.TrimSpace(t[i:])
	v, err := strconv.ParseFloat(num, 64)
	if err != nil || num == "" {
		return 0, fmt.Errorf("%s %q: not a number with a unit", u.what, s)
	}
	if unit == "" {
		unit = u.def
	}
	f, ok := u.units[unit]
	if !ok {
		return 0, fmt.Errorf("%s %q: unknown unit %q", u.what, s, unit)
	}
	v *= f
	if math.IsNaN(v) || math.IsInf(v, 0) || v < 0 {
		return 0, fmt.Errorf("%s %q: must be finite and not negative", u.what, s)
	}
	return v, nil
}
