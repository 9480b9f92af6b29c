package diag

import (
	"math"
	"strings"
	"testing"
)

func TestDistance(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want int
	}{
		{"", "", 0}, {"main", "main", 0}, {"mian", "main", 1}, {"predit", "predict", 1},
		{"kitten", "sitting", 3}, {"", "abc", 3}, {"ca", "abc", 3}, // OSA: no edit after a transposition
		{strings.Repeat("a", 65), "a", math.MaxInt / 2}, // too long to be a typo
	} {
		if got := Distance(c.a, c.b); got != c.want {
			t.Errorf("Distance(%q, %q) = %d, want %d", c.a, c.b, got, c.want)
		}
	}
}

func TestSuggest(t *testing.T) {
	cmds := []string{"predict", "replay", "simulate", "sweep", "fit"}
	for _, c := range []struct {
		s, want string
		fold    bool
	}{
		{"predit", "predict", false},
		{"relpay", "replay", false},
		{"sweeep", "sweep", false},
		{"fot", "fit", false},  // 1 edit for a short word
		{"fxx", "", false},     // 2 edits: too far for 3 bytes
		{"zzzzzzz", "", false}, // nothing near
		{"PREDICT", "", false}, // case counts
		{"PREDICT", "predict", true},
	} {
		got := Suggest(c.s, cmds)
		if c.fold {
			got = SuggestFold(c.s, cmds)
		}
		if got != c.want {
			t.Errorf("suggest %q (fold %v) = %q, want %q", c.s, c.fold, got, c.want)
		}
	}
}
