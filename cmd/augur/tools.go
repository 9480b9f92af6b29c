package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"

	"augur/internal/base/diag"
	"augur/internal/base/infile"
	"augur/internal/frontend/export"
	"augur/internal/frontend/model"
	"augur/internal/results"
	"augur/internal/writers/table"
)

func checkCommand() *command {
	c := &command{
		define: func(fs *flag.FlagSet) { defineCheckFlags(fs) },
		name:   "check", summary: "check a model for errors and print every problem",
		usage: "MODEL... [--format text|json|csv]",
		help: `Runs the model checker on each MODEL and prints every problem at once on
standard error, an error as file:line:col: message and a warning as
file:line:col: warning: message. With --format json or csv the problems go
to standard output instead, one record each (file, line, col, severity,
message). Exit status 1 if any model has errors;
warnings (unused definitions) do not change the status.`,
	}
	c.run = func(e *env, args []string) int {
		fs := flag.NewFlagSet(c.name, flag.ContinueOnError)
		format := defineCheckFlags(fs)
		pos, status, done := parseFlags(e, c, fs, args)
		if done {
			return status
		}
		if *format != "text" && *format != "json" && *format != "csv" {
			fmt.Fprintf(e.stderr, "augur check: --format %q: use text, json or csv\n", *format)
			return exitUsage
		}
		all := []diag.Record{}
		status = eachModel(e, c, pos, func(path string, src []byte) int {
			f, diags := model.Parse(path, src)
			if !diags.HasErrors() {
				diags = append(diags, model.Check(f, model.CheckOptions{})...)
			}
			for _, d := range diags {
				if *format == "text" {
					fmt.Fprintln(e.stderr, d.Error())
					continue
				}
				all = append(all, d.Record())
			}
			if diags.HasErrors() {
				return exitInput
			}
			return exitOK
		})
		switch *format {
		case "json":
			enc := json.NewEncoder(e.stdout)
			enc.SetIndent("", "  ")
			enc.Encode(struct {
				results.Header
				Diagnostics []diag.Record `json:"diagnostics"`
			}{results.NewHeader(results.CommandCheck), all})
		case "csv":
			doc := struct {
				results.Header
				Diagnostics []diag.Record `json:"diagnostics"`
			}{results.NewHeader(results.CommandCheck), all}
			if err := table.Write(e.stdout, doc, checkTable); err != nil {
				fmt.Fprintln(e.stderr, errorText("check", err))
				return exitInput
			}
		}
		return status
	}
	return c
}

// checkTable is check's CSV: the header, then a row per problem.
var checkTable = results.TableSpec{Summary: "summary", Records: []results.TableRecord{{Name: "diagnostic", Path: "diagnostics"}}}

func defineCheckFlags(fs *flag.FlagSet) *string {
	return fs.String("format", "text", "output `FORMAT`: text (problems on standard error), json or csv (on standard output)")
}

func fmtCommand() *command {
	c := &command{
		define: func(fs *flag.FlagSet) { defineFmtFlags(fs) },
		name:   "fmt", summary: "print a model in canonical form (-w: rewrite the file)",
		usage: "[-w] MODEL...",
		help: `Prints each MODEL in augur's canonical layout (2-space indentation, one
element per line, comments kept). Formatting is idempotent. With -w the files
are rewritten in place instead (only when they change).`,
	}
	c.run = func(e *env, args []string) int {
		fs := flag.NewFlagSet(c.name, flag.ContinueOnError)
		write := defineFmtFlags(fs)
		pos, status, done := parseFlags(e, c, fs, args)
		if done {
			return status
		}
		return eachModel(e, c, pos, func(path string, src []byte) int {
			out, err := model.FormatSource(path, src)
			if err != nil {
				fmt.Fprintln(e.stderr, err.Error())
				return exitInput
			}
			if !*write {
				e.stdout.Write(out)
				return exitOK
			}
			if bytes.Equal(out, src) {
				return exitOK
			}
			info, err := os.Stat(path)
			if err == nil {
				err = os.WriteFile(path, out, info.Mode().Perm())
			}
			if err != nil {
				fmt.Fprintln(e.stderr, errorText("fmt", err))
				return exitInput
			}
			return exitOK
		})
	}
	return c
}

func exportCommand() *command {
	c := &command{
		define: func(fs *flag.FlagSet) { defineExportFlags(fs) },
		name:   "export", summary: "draw a model as a UML activity diagram (dot, plantuml) or dump it as JSON",
		usage: "MODEL --to dot|plantuml|json",
		help: `Walks the model with the model traverser of Pllana et al.'s model transformation paper and writes it in
another representation: dot (Graphviz: dot -Tsvg), plantuml, or json (the
model tree; schema in docs/export.md).`,
	}
	c.run = func(e *env, args []string) int {
		fs := flag.NewFlagSet(c.name, flag.ContinueOnError)
		to := defineExportFlags(fs)
		pos, status, done := parseFlags(e, c, fs, args)
		if done {
			return status
		}
		if len(pos) != 1 {
			fmt.Fprintln(e.stderr, "augur export: want one MODEL file")
			return exitUsage
		}
		src, err := infile.ReadFile(pos[0], infile.Model)
		if err != nil {
			fmt.Fprintln(e.stderr, errorText("export", err))
			return exitInput
		}
		f, diags := model.Parse(pos[0], src)
		if diags.HasErrors() {
			fmt.Fprintln(e.stderr, diags.Error())
			return exitInput
		}
		var buf bytes.Buffer
		if err := export.Write(&buf, f, *to); err != nil {
			fmt.Fprintln(e.stderr, errorText("export", err))
			return exitUsage
		}
		e.stdout.Write(buf.Bytes())
		return exitOK
	}
	return c
}

// eachModel runs do on every model file named on the command line (at
// least one) and returns the worst status: a file that cannot be read is
// reported and the others are still done.
func eachModel(e *env, c *command, paths []string, do func(path string, src []byte) int) int {
	if len(paths) == 0 {
		fmt.Fprintf(e.stderr, "augur %s: want at least one MODEL file\n", c.name)
		return exitUsage
	}
	status := exitOK
	for _, path := range paths {
		src, err := infile.ReadFile(path, infile.Model)
		if err != nil {
			fmt.Fprintf(e.stderr, "augur %s: %v\n", c.name, err)
			status = exitInput
			continue
		}
		if s := do(path, src); s != exitOK {
			status = s
		}
	}
	return status
}

func defineFmtFlags(fs *flag.FlagSet) *bool {
	return fs.Bool("w", false, "write the result to the file instead of standard output")
}

func defineExportFlags(fs *flag.FlagSet) *string {
	return fs.String("to", "dot", "output `FORMAT`: dot, plantuml or json")
}
