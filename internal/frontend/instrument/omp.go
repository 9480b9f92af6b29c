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
// backslashes) end just before the loop's line, blank lines, comments
// and preprocessor conditionals between allowed. A directive chosen by
// #if/#else (ParRes: collapse(2) or not) is taken from its whole #if
// block, so that what goes before it stands outside the conditional.
// ok is false when there is none or it takes no loop.
func loopDirective(src []byte, start int) (d ompLoop, ok bool) {
	ls := lineStart(src, start)
	if len(bytes.TrimSpace(src[ls:start])) != 0 {
		return d, false // the loop does not begin its line: no directive can be just before it
	}
	end, depth, found, parallel := ls, 0, false, false
	for end > 0 {
		first := lineStart(src, end-1)
		for first > 0 && bytes.HasSuffix(bytes.TrimRight(src[lineStart(src, first-1):first-1], " \t\r"), []byte(`\`)) {
			first = lineStart(src, first-1)
		}
		line := bytes.TrimSpace(src[first:end])
		words := strings.Fields(strings.ReplaceAll(string(line), "\\\n", " "))
		directive := ""
		if len(words) > 0 && strings.HasPrefix(words[0], "#") {
			directive = strings.TrimPrefix(words[0], "#")
			if directive == "" && len(words) > 1 {
				directive, words = words[1], words[1:]
			}
		}
		switch {
		case len(line) == 0 || bytes.HasPrefix(line, []byte("//")):
			// a blank line, a line comment
		case bytes.HasSuffix(line, []byte("*/")):
			// The end of a block comment: back to its start.
			open := bytes.LastIndex(src[:first+bytes.LastIndex(src[first:end], []byte("*/"))], []byte("/*"))
			if open < 0 || len(bytes.TrimSpace(src[lineStart(src, open):open])) != 0 {
				return d, false
			}
			first = lineStart(src, open)
		case directive == "pragma":
			loop, par := ompLoopWords(words[1:])
			if !loop {
				return d, false
			}
			found, parallel = true, parallel || par
			if depth == 0 {
				return ompLoop{at: first, line: lineOf(src, first), team: !parallel}, true
			}
		case directive == "endif":
			depth++
		case directive == "else" || directive == "elif":
			if depth == 0 {
				return d, false
			}
		case directive == "if" || directive == "ifdef" || directive == "ifndef":
			if depth == 0 {
				return d, false
			}
			depth--
			if depth == 0 && found {
				return ompLoop{at: first, line: lineOf(src, first), team: !parallel}, true
			}
		default:
			return d, false
		}
		end = first
	}
	return d, false
}

// ompLoopWords tells whether the words after `pragma` are an OpenMP
// directive that takes a loop, and whether it starts its own team.
func ompLoopWords(words []string) (loop, parallel bool) {
	if len(words) < 2 || words[0] != "omp" {
		return false, false
	}
	for _, w := range words[1:] {
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
	return loop, parallel
}

// lineOf is the line number (1-based) of offset i.
func lineOf(src []byte, i int) int { return 1 + bytes.Count(src[:i], []byte("\n")) }

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
