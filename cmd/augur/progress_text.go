package main

// The texts of progress lines: shares done, times left, counts.

import (
	"fmt"
	"math"
	"strings"
	"time"
)

// percent prints a share done: whole percents, but never 100 % before
// the end, and tenths below 10 %, where a long run spends a while.
func percent(done float64) string {
	switch {
	case done < 0.1:
		return fmt.Sprintf("%.1f%%", math.Floor(1000*done)/10)
	case done < 1:
		return fmt.Sprintf("%.0f%%", math.Min(math.Floor(100*done), 99))
	}
	return "100%"
}

// timeLeft estimates the time to do the share left at the rate at
// which share was done in el: ", about 3m12s left"; nothing until some
// share has been done in a measurable time.
func timeLeft(el time.Duration, share, left float64) string {
	if share <= 0 || el <= 0 {
		return ""
	}
	if left <= 0 {
		return ", nothing left"
	}
	return leftText(time.Duration(float64(el) * left / share))
}

// leftText says an estimate d of the time left: ", about 3m left".
func leftText(d time.Duration) string {
	switch {
	case d < time.Second:
		return ", less than 1s left"
	case d < time.Minute:
		return fmt.Sprintf(", about %s left", d.Round(time.Second))
	case d < 100*time.Hour:
		return fmt.Sprintf(", about %s left", strings.TrimSuffix(d.Round(time.Minute).String(), "0s"))
	}
	return ", more than 100h left"
}

// since prints a wall-clock duration for the progress line.
func since(t0, now time.Time) string {
	d := now.Sub(t0)
	if d < 10*time.Second {
		return d.Round(100 * time.Millisecond).String()
	}
	return d.Round(time.Second).String()
}

// count prints a large count with thin groups of three digits, for people.
func count(n int64) string {
	s := fmt.Sprint(n)
	if n < 0 || len(s) <= 4 {
		return s
	}
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	return b.String()
}
