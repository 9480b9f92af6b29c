package sweep

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"augur/internal/frontend/model"
)

// maxValues bounds the values one list may expand to, so that a typo
// such as 1..1e12 is an error rather than a run out of memory.
const maxValues = 1_000_000

// ParseList reads a list of numbers as the sweep's flags take them: items
// separated by commas, each a number or a range FIRST..LAST (step 1),
// FIRST..LAST+STEP (arithmetic) or FIRST..LAST*FACTOR (geometric), e.g.
// "4,8,16..1024*2" is 4, 8, 16, 32, ..., 1024. Numbers may carry units
// (12ms, 8KiB) as the model language writes them. Repeated values are
// kept once, in the order they first come.
func ParseList(s string) ([]float64, error) {
	if strings.TrimSpace(s) == "" {
		return nil, fmt.Errorf("empty list")
	}
	var out []float64
	seen := map[float64]bool{}
	for i, item := range strings.Split(s, ",") {
		vals, err := parseItem(strings.TrimSpace(item))
		if err != nil {
			return nil, fmt.Errorf("item %d %q: %v", i+1, strings.TrimSpace(item), err)
		}
		for _, v := range vals {
			if !seen[v] {
				seen[v] = true
				out = append(out, v)
			}
		}
		if len(out) > maxValues {
			return nil, fmt.Errorf("more than %d values", maxValues)
		}
	}
	return out, nil
}

func parseItem(item string) ([]float64, error) {
	first, rest, isRange := strings.Cut(item, "..")
	if !isRange {
		v, err := model.ParseNumber(item)
		if err != nil {
			return nil, err
		}
		return []float64{v}, nil
	}
	a, err := model.ParseNumber(first)
	if err != nil {
		return nil, fmt.Errorf("first value: %v", err)
	}
	last, step, geometric := rest, "1", false
	// The step follows the last + or * whose both sides are numbers, so
	// that 1..1e+3 is read as a range to 1000 in steps of 1.
	for i := len(rest) - 1; i > 0; i-- {
		if rest[i] != '+' && rest[i] != '*' {
			continue
		}
		if _, err := model.ParseNumber(rest[:i]); err != nil {
			continue
		}
		if _, err := model.ParseNumber(rest[i+1:]); err != nil {
			continue
		}
		last, step, geometric = rest[:i], rest[i+1:], rest[i] == '*'
		break
	}
	b, err := model.ParseNumber(last)
	if err != nil {
		return nil, fmt.Errorf("last value: %v", err)
	}
	st, err := model.ParseNumber(step)
	if err != nil {
		return nil, fmt.Errorf("step: %v", err)
	}
	if b < a {
		return nil, fmt.Errorf("the range ends (%g) before it starts (%g)", b, a)
	}
	// A value within a relative 1e-9 of LAST is LAST: 0.1..0.3+0.1 ends
	// at 0.3 despite rounding.
	limit := b + 1e-9*math.Max(math.Abs(b), math.Abs(a))
	var out []float64
	add := func(v float64) error {
		if len(out) >= maxValues {
			return fmt.Errorf("more than %d values", maxValues)
		}
		out = append(out, v)
		return nil
	}
	if geometric {
		if !(st > 1) {
			return nil, fmt.Errorf("a geometric step must be a factor > 1, got %g", st)
		}
		if !(a > 0) {
			return nil, fmt.Errorf("a geometric range must start above 0, got %g", a)
		}
		for k := 0.0; ; k++ {
			v := a * math.Pow(st, k)
			if v > limit {
				break
			}
			if err := add(math.Min(v, b)); err != nil {
				return nil, err
			}
		}
		return out, nil
	}
	if !(st > 0) {
		return nil, fmt.Errorf("the step must be > 0, got %g", st)
	}
	if (b-a)/st >= maxValues {
		return nil, fmt.Errorf("more than %d values", maxValues)
	}
	for k := 0.0; ; k++ {
		v := a + k*st
		if v > limit {
			break
		}
		if err := add(math.Min(v, b)); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// formatNum writes a number as the outputs show it: the shortest form
// that reads back exactly.
func formatNum(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }
