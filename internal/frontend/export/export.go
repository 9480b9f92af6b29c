package export

import (
	"fmt"
	"io"
	"strings"

	"augur/internal/frontend/model"
)

// Formats lists the formats Write accepts.
func Formats() []string { return []string{"dot", "plantuml", "json"} }

// Write writes f in the given format: "dot" (Graphviz), "plantuml" or
// "json". Every declaration is written, in source order.
func Write(w io.Writer, f *model.File, format string) error {
	if f == nil {
		return fmt.Errorf("export: no model")
	}
	var out []byte
	switch format {
	case "dot":
		d := NewDotWriter()
		(&Traverser{Handler: d}).Traverse(f)
		out = []byte(d.String())
	case "plantuml":
		p := NewPlantUMLWriter()
		(&Traverser{Handler: p}).Traverse(f)
		out = []byte(p.String())
	case "json":
		j := NewJSONWriter()
		(&Traverser{Handler: j}).Traverse(f)
		b, err := j.MarshalIndent()
		if err != nil {
			return err
		}
		out = append(b, '\n')
	default:
		return fmt.Errorf("export: unknown format %q (valid: %s)", format, strings.Join(Formats(), ", "))
	}
	_, err := w.Write(out)
	return err
}
