package machine

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"augur/internal/base/diag"
)

// A unit is a suffix and the factor that converts it to the base unit
// (seconds, bytes per second, bytes). The tables are small and read-only.
// Sub-units are divisors rather than factors: 100/1e6 is the double nearest
// to 100us, 100*1e-6 is not, and users compare printed values.
type unit struct {
	name   string
	factor float64
	div    float64 // divisor applied after factor; 0 means 1
}

var timeUnits = []unit{
	{"s", 1, 0}, {"ms", 1, 1e3}, {"us", 1, 1e6}, {"µs", 1, 1e6}, {"ns", 1, 1e9},
}

var bandwidthUnits = []unit{
	{"B/s", 1, 0}, {"KB/s", 1e3, 0}, {"MB/s", 1e6, 0}, {"GB/s", 1e9, 0},
	{"KiB/s", 1 << 10, 0}, {"MiB/s", 1 << 20, 0}, {"GiB/s", 1 << 30, 0},
	{"bit/s", 1, 8}, {"kbit/s", 1e3, 8}, {"Mbit/s", 1e6, 8}, {"Gbit/s", 1e9, 8},
}

var sizeUnits = []unit{
	{"B", 1, 0}, {"KB", 1e3, 0}, {"KiB", 1 << 10, 0}, {"MB", 1e6, 0}, {"MiB", 1 << 20, 0},
	{"GB", 1e9, 0}, {"GiB", 1 << 30, 0},
}

// ParseDuration reads a time such as "25us", "1.5 ms" or "2e-6" (a bare
// number is seconds) and returns seconds. Units: s, ms, us (or µs), ns.
// Negative, infinite and NaN times are rejected.
func ParseDuration(s string) (float64, error) {
	v, err := parseQuantity(s, timeUnits, false)
	if err != nil {
		return 0, fmt.Errorf("bad time %q: %w", s, err)
	}
	return v, nil
}

// ParseBandwidth reads a bandwidth such as "100Mbit/s", "10 GB/s", "inf" or
// "1e6" (a bare number is bytes per second) and returns bytes per second.
// Mbit is 10^6 bits, so 100Mbit/s is 12.5e6 B/s. Zero is rejected: a link
// that carries nothing would stall every message forever.
func ParseBandwidth(s string) (float64, error) {
	v, err := parseQuantity(s, bandwidthUnits, true)
	if err == nil && v == 0 {
		err = fmt.Errorf("must be positive")
	}
	if err != nil {
		return 0, fmt.Errorf("bad bandwidth %q: %w", s, err)
	}
	return v, nil
}

// ParseSize reads a size such as "64KiB", "1 MB", "inf" or "512" (a bare
// number is bytes) and returns bytes.
func ParseSize(s string) (float64, error) {
	v, err := parseQuantity(s, sizeUnits, true)
	if err != nil {
		return 0, fmt.Errorf("bad size %q: %w", s, err)
	}
	return v, nil
}

// parseQuantity reads a non-negative decimal number followed by an optional
// unit from units. The number is scanned by hand rather than handed whole to
// strconv.ParseFloat, which would also take "nan", hex floats and
// underscores, none of which belong in a machine file.
func parseQuantity(s string, units []unit, allowInf bool) (float64, error) {
	isRate := len(units) > 0 && strings.HasSuffix(units[0].name, "/s")
	s = strings.TrimSpace(s)
	switch strings.ToLower(s) {
	case "inf", "+inf", ".inf", "+.inf", "infinity":
		if !allowInf {
			return 0, fmt.Errorf("must be finite")
		}
		return math.Inf(1), nil
	}
	i := 0
	if i < len(s) && (s[i] == '-' || s[i] == '+') {
		i++
	}
	digits := 0
	for i < len(s) && isDigit(s[i]) {
		i++
		digits++
	}
	if i < len(s) && s[i] == '.' {
		i++
		for i < len(s) && isDigit(s[i]) {
			i++
			digits++
		}
	}
	if digits == 0 {
		return 0, fmt.Errorf("want a number followed by a unit (%s)", unitNames(units))
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		j := i + 1
		if j < len(s) && (s[j] == '-' || s[j] == '+') {
			j++
		}
		if j < len(s) && isDigit(s[j]) {
			for j < len(s) && isDigit(s[j]) {
				j++
			}
			i = j
		}
	}
	v, err := strconv.ParseFloat(s[:i], 64)
	if err != nil || math.IsInf(v, 0) {
		return 0, fmt.Errorf("number %q out of range", s[:i])
	}
	if v < 0 {
		return 0, fmt.Errorf("must not be negative")
	}
	u := strings.TrimSpace(s[i:])
	if u == "" {
		return v, nil
	}
	for _, x := range units {
		if x.name == u {
			r := v * x.factor
			if x.div != 0 {
				r /= x.div
			}
			if math.IsInf(r, 0) {
				return 0, fmt.Errorf("out of range")
			}
			return r, nil
		}
	}
	names := make([]string, len(units))
	for i, x := range units {
		names[i] = x.name
	}
	if best := bitHint(u); isRate && best != "" {
		return 0, fmt.Errorf("unknown unit %q; did you mean %q?", u, best)
	}
	// Units are matched case-sensitively (MB/s and Mbit/s differ by 8x),
	// but a unit that only differs in case is the likeliest intent.
	for _, x := range units {
		if strings.EqualFold(x.name, u) {
			return 0, fmt.Errorf("unknown unit %q; did you mean %q?", u, x.name)
		}
	}
	if best := diag.Suggest(u, names); best != "" {
		return 0, fmt.Errorf("unknown unit %q; did you mean %q?", u, best)
	}
	return 0, fmt.Errorf("unknown unit %q (want %s)", u, unitNames(units))
}

// bitHint maps the common network spellings of bit rates (Mbps, Mb/s) to
// ours. Without it the nearest unit by edit distance would be the byte
// rate, eight times off.
func bitHint(u string) string {
	var prefix string
	switch {
	case strings.HasSuffix(u, "bps"):
		prefix = strings.TrimSuffix(u, "bps")
	case strings.HasSuffix(u, "b/s"):
		prefix = strings.TrimSuffix(u, "b/s")
	case strings.HasSuffix(u, "bit"):
		prefix = strings.TrimSuffix(u, "bit")
	default:
		return ""
	}
	switch strings.ToLower(prefix) {
	case "":
		return "bit/s"
	case "k":
		return "kbit/s"
	case "m":
		return "Mbit/s"
	case "g":
		return "Gbit/s"
	}
	return ""
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

func unitNames(units []unit) string {
	var b strings.Builder
	for i, u := range units {
		if u.name == "µs" {
			continue
		}
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(u.name)
	}
	return b.String()
}

// ParseFlops reads a flop rate: a bare number (flop/s) or a number with
// SimGrid's units f, kf, Mf, Gf, Tf, Pf (powers of ten) or their flops
// spellings (Gflops). Must be positive.
func ParseFlops(s string) (float64, error) {
	t := strings.TrimSpace(s)
	num, unit := splitNumber(t)
	v, err := strconv.ParseFloat(num, 64)
	if err != nil || num == "" {
		return 0, fmt.Errorf("%q is not a flop rate such as 1.5e9 or 1.5Gf", s)
	}
	mult := 1.0
	switch strings.TrimSuffix(strings.TrimSpace(unit), "lops") {
	case "", "f":
	case "kf":
		mult = 1e3
	case "Mf":
		mult = 1e6
	case "Gf":
		mult = 1e9
	case "Tf":
		mult = 1e12
	case "Pf":
		mult = 1e15
	default:
		return 0, fmt.Errorf("%q: unknown flop rate unit %q (want f, kf, Mf, Gf, Tf or Pf)", s, unit)
	}
	v *= mult
	if !(v > 0) || math.IsInf(v, 0) {
		return 0, fmt.Errorf("%q: a flop rate must be positive and finite", s)
	}
	return v, nil
}

// splitNumber cuts s after its leading decimal number.
func splitNumber(s string) (num, rest string) {
	i := 0
	for i < len(s) {
		c := s[i]
		if (c >= '0' && c <= '9') || c == '.' || c == '+' || c == '-' {
			i++
			continue
		}
		if (c == 'e' || c == 'E') && i > 0 && i+1 < len(s) && (s[i+1] == '+' || s[i+1] == '-' || (s[i+1] >= '0' && s[i+1] <= '9')) {
			i++
			continue
		}
		break
	}
	return s[:i], s[i:]
}

// FormatDuration writes seconds as a machine-file time that ParseDuration
// reads back: in ns, us, ms or s, with digits significant digits.
func FormatDuration(v float64, digits int) string {
	switch {
	case v == 0:
		return "0s"
	case v < 1e-6:
		return strconv.FormatFloat(v*1e9, 'g', digits, 64) + "ns"
	case v < 1e-3:
		return strconv.FormatFloat(v*1e6, 'g', digits, 64) + "us"
	case v < 1:
		return strconv.FormatFloat(v*1e3, 'g', digits, 64) + "ms"
	}
	return strconv.FormatFloat(v, 'g', digits, 64) + "s"
}
