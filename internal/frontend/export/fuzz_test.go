package export

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"augur/internal/frontend/model"
)

// FuzzExport exports whatever model text parses (augur export does not
// check it first) in every format: no panic, and the JSON form is JSON.
func FuzzExport(f *testing.F) {
	paths, _ := filepath.Glob("testdata/*.aug")
	more, _ := filepath.Glob("../../../examples/*.aug")
	for _, p := range append(paths, more...) {
		if data, err := os.ReadFile(p); err == nil {
			f.Add(data)
		}
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		m, diags := model.Parse("f.aug", src)
		if diags.HasErrors() {
			return
		}
		for _, format := range Formats() {
			var b bytes.Buffer
			if err := Write(&b, m, format); err != nil {
				t.Fatalf("%s: %v", format, err)
			}
			if format == "json" && !json.Valid(b.Bytes()) {
				t.Fatalf("json export is not JSON:\n%s", b.String())
			}
		}
	})
}
