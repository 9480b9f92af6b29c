package cfront

import (
	"path/filepath"
	"strings"
	"testing"
)

// FuzzCompileCommands: whatever a compile_commands.json holds, reading it
// names the file in its error, or gives every file it lists (relative to
// the working directory when below it) a compile line.
func FuzzCompileCommands(f *testing.F) {
	for _, s := range []string{
		`[{"directory": "/src", "file": "a.c", "arguments": ["cc", "-Iinclude", "-D", "MODE=3", "-c", "a.c"]}]`,
		`[{"directory": "/src", "file": "b.c", "command": "mpicc -O3 -march=native -DMPI -I../include -c b.c -o b.o"}]`,
		`[{"directory": "/src", "file": "/abs/c.c", "command": "cc 'quoted arg' \"x y\" -c /abs/c.c"}]`,
		`{"not": "a list"}`, `[]`, `[{"file": ""}]`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		lines, files, err := parseCompileCommands("db.json", data)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "db.json") {
				t.Fatalf("error without the file: %v", err)
			}
			return
		}
		for _, file := range files {
			abs, err := filepath.Abs(file)
			if err != nil || lines[abs] == nil {
				t.Fatalf("file %q: no compile line", file)
			}
		}
	})
}
