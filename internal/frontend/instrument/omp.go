package instrument

import (
	"bytes"
	"fmt"
	"strings"
)

// An OpenMP loop directive (#pragma omp for, parallel for, simd, ...) must
// be followed by its loop: a counter or a timer put between the two ends
// the loop's association and gcc refuses the program ("for statement
// expected"). So what opens before such a loop goes before the directive,
// and a #line directive after it keeps the directive's line number.

// ompLoop describes the OpenMP directive a loop is associated with.
type ompLoop struct {
	at   int  // offset of the directive's first line
	line int  // its line number (1-based)
	team bool // a worksharing loop run by a team already there: every thread passes the code before it
}

// loopDirective finds the `#pragma omp` directive right before the loop
// statement starting at offset start of src: its lines (continued with
// backslashes) end just before the loop's line, blank lines and comments
// between allowed. ok is false when there is none or it takes no loop.
func loopDirective(src []byte, start int) (d ompLoop, ok bool) {
	ls := lineStart(src, start)
	if len(bytes.TrimSpace(src[ls:start])) != 0 {
		return d, false // the loop does not begin its line: no directive can be just before it
	}
	end := ls // end of the directive's text (the newline before the loop's line)
	for {
		if end == 0 {
			return d, false
		}
		prev := lineStart(src, end-1)
		line := bytes.TrimSpace(src[prev:end])
		switch {
		case len(line) == 0 || bytes.HasPrefix(line, []byte("//")):
			end = prev // a blank line, a line comment
			continue
		case bytes.HasSuffix(line, []byte("*/")):
			// The end of a block comment: back to its start.
			open := bytes.LastIndex(src[:prev+bytes.Index(src[prev:end], []byte("*/"))], []byte("/*"))
			if open < 0 {
				return d, false
			}
			if start := lineStart(src, open); len(bytes.TrimSpace(src[start:open])) == 0 {
				end = start
				continue
			}
		}
		break
	}
	first := lineStart(src, end-1)
	for first > 0 && bytes.HasSuffix(bytes.TrimRight(src[lineStart(src, first-1):first-1], " \t\r"), []byte(`\`)) {
		first = lineStart(src, first-1)
	}
	text := strings.ReplaceAll(string(src[first:end]), "\\\n", " ")
	words := strings.Fields(strings.TrimPrefix(strings.TrimSpace(text), "#"))
	if len(words) < 3 || words[0] != "pragma" || words[1] != "omp" {
		return d, false
	}
	loop, parallel := false, false
	for _, w := range words[2:] {
		if i := strings.IndexAny(w, "(,"); i >= 0 {
			w = w[:i]
		}
		switch w {
		case "for", "simd", "loop", "taskloop", "distribute":
			loop = true
		case "parallel", "teams", "target":
			parallel = true
		}
	}
	if !loop {
		return d, false
	}
	return ompLoop{at: first, line: 1 + bytes.Count(src[:first], []byte("\n")), team: !parallel}, true
}

// lineStart is the offset of the start of the line holding offset i.
func lineStart(src []byte, i int) int {
	return bytes.LastIndexByte(src[:i], '\n') + 1
}

// beforeDirective is text to insert at the directive's first line: what
// opens the loop's wrap, then a #line that gives the directive its own
// line number again.
func (d ompLoop) beforeDirective(open string) string {
	return fmt.Sprintf("%s\n#line %d\n", open, d.line)
}
