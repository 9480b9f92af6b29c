package model

import "testing"

func TestParseNumber(t *testing.T) {
	for _, c := range []struct {
		text string
		want float64
		err  string
	}{
		{"12", 12, ""}, {" -3.5 ", -3.5, ""}, {"12ms", 0.012, ""}, {"8KiB", 8192, ""}, {"-2us", -2e-6, ""},
		{"", 0, "missing number"},
		{"x", 0, `"x" is not a number (units allowed, e.g. 12ms, 8KiB)`},
		{"1+", 0, `"1+" is not a number`},
		{"inf", 0, `"inf" is not a finite number`},
		{"NaN", 0, `"NaN" is not a finite number`},
	} {
		got, err := ParseNumber(c.text)
		switch {
		case c.err != "" && (err == nil || err.Error() != c.err):
			t.Errorf("ParseNumber(%q): error %v, want %q", c.text, err, c.err)
		case c.err == "" && (err != nil || got != c.want):
			t.Errorf("ParseNumber(%q) = %v, %v; want %v", c.text, got, err, c.want)
		}
	}
}
