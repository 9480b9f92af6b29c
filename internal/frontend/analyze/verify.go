package analyze

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"augur/internal/base/diag"
	"augur/internal/frontend/model"
)

// Verify parses and checks text, the model Model wrote, as augur check
// and augur predict do at procs processes (0: no process count). The
// analysis writes models that check by construction; should one not,
// the problem is reported at the C construct the failing line of the
// model came from (the position in its comment, or the nearest one
// above), as a construct augur cannot express, never as a model the user
// did not write. The result lists errors only; nil when the model checks.
func Verify(filename, text string, procs int) diag.List {
	f, diags := model.Parse(filename, []byte(text))
	if !diags.HasErrors() {
		diags = model.Check(f, model.CheckOptions{Procs: procs})
	}
	lines := strings.Split(text, "\n")
	var out diag.List
	for _, d := range diags {
		if d.Warning {
			continue
		}
		at, ok := sourceOf(lines, d.Line)
		if !ok {
			out = append(out, &diag.Error{File: filename, Line: d.Line, Col: d.Col,
				Msg: "augur cannot express this program as a model: " + d.Msg})
			continue
		}
		out = append(out, &diag.Error{File: at.File, Line: at.Line, Col: at.Col,
			Msg: fmt.Sprintf("augur cannot express this construct in a model: the model it makes of it (%s, line %d) says: %s", filename, d.Line, d.Msg)})
	}
	return out
}

// sourceAt finds the C position a generated model's comment names.
var sourceAt = regexp.MustCompile(`// (?:.* at |loop nest |branch )?([^ :]+):(\d+):(\d+)`)

// sourceOf is the C position of model line n (1-based): the one its
// comment names, or the nearest line's above.
func sourceOf(lines []string, n int) (Position, bool) {
	for i := min(n, len(lines)) - 1; i >= 0; i-- {
		m := sourceAt.FindStringSubmatch(lines[i])
		if m == nil {
			continue
		}
		line, _ := strconv.Atoi(m[2])
		col, _ := strconv.Atoi(m[3])
		return Position{File: m[1], Line: line, Col: col}, true
	}
	return Position{}, false
}
