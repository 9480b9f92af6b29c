package diag

import (
	"math"
	"strings"
)

// Suggest returns the candidate nearest to a misspelt s ("" if none is
// near enough to be a plausible typo: at most 2 edits, 1 for words of up
// to 4 bytes, and fewer than s has bytes). Case counts.
func Suggest(s string, candidates []string) string { return suggest(s, candidates, false) }

// SuggestFold is Suggest ignoring case.
func SuggestFold(s string, candidates []string) string { return suggest(s, candidates, true) }

func suggest(s string, candidates []string, fold bool) string {
	best, bestD := "", math.MaxInt
	for _, c := range candidates {
		a, b := s, c
		if fold {
			a, b = strings.ToLower(a), strings.ToLower(b)
		}
		if d := Distance(a, b); d < bestD {
			best, bestD = c, d
		}
	}
	limit := 2
	if len(s) <= 4 {
		limit = 1
	}
	if bestD > limit || bestD >= len(s) {
		return ""
	}
	return best
}

// Distance is the optimal string alignment distance between a and b in
// bytes: insertions, deletions, substitutions and transpositions of
// adjacent bytes ("mian" for "main") each cost 1. Strings longer than 64
// bytes are never typos of a short name: their distance is taken as
// huge, skipping the quadratic work (fuzzed inputs can be large).
func Distance(a, b string) int {
	if len(a) > 64 || len(b) > 64 {
		return math.MaxInt / 2
	}
	// d[i][j] is the distance between a[:i] and b[:j], rows kept whole
	// since transpositions look two rows back.
	w := len(b) + 1
	d := make([]int, (len(a)+1)*w)
	for j := 0; j <= len(b); j++ {
		d[j] = j
	}
	for i := 1; i <= len(a); i++ {
		d[i*w] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			v := min(d[(i-1)*w+j]+1, d[i*w+j-1]+1, d[(i-1)*w+j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				v = min(v, d[(i-2)*w+j-2]+1)
			}
			d[i*w+j] = v
		}
	}
	return d[len(a)*w+len(b)]
}
