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

// A problem of an entry is placed at its "{" (bench/mutate found the
// entry's number alone: "db.json: entry 2 (b.c): compile line: ...").
func TestCompileCommandsEntryPlaces(t *testing.T) {
	data := "[\n  {\"directory\": \"/src\", \"file\": \"a.c\", \"arguments\": [\"cc\", \"-c\", \"a.c\"]},\n" +
		"  \n   {\"directory\": \"/src\", \"file\": \"b.c\",\n    \"command\": \"cc -O9x -c b.c\"},\n{\"file\": \"c.c\"}\n]\n"
	_, _, err := parseCompileCommands("db.json", []byte(data))
	if err == nil || err.Error() != "db.json:4:4: entry 2 (b.c): compile line: -O9x: not an optimisation level: gcc takes -O, -O0 to -O3, -Os, -Oz, -Og and -Ofast" {
		t.Errorf("bad flag: %v", err)
	}
	_, _, err = parseCompileCommands("db.json", []byte(strings.Replace(data, "-O9x", "-O2", 1)))
	if err == nil || err.Error() != "db.json:6:1: entry 3 has no file or no command" {
		t.Errorf("no command: %v", err)
	}
}
