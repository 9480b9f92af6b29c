package main

import (
	"flag"
	"io"
	"os"
	"regexp"
	"sort"
	"strings"
	"testing"

	"augur/internal/frontend/ccline"
)

// docs/cli.md and the commands' own flags cannot drift apart: every flag a
// command defines is documented in its section of docs/cli.md, and every
// flag that section names exists.
func TestCLIDocMatchesFlags(t *testing.T) {
	doc, err := os.ReadFile("../../docs/cli.md")
	if err != nil {
		t.Fatal(err)
	}
	sections := cliSections(string(doc))
	flagRef := regexp.MustCompile(`(?:^|[^-\w])(--[a-z][a-z0-9-]*|-[A-Za-z])\b`)
	otherCmd := regexp.MustCompile(`augur ([a-z]+)`)
	defs := map[string]map[string]bool{}
	for _, c := range commands() {
		defs[c.name] = map[string]bool{}
		if c.define != nil {
			fs := flag.NewFlagSet(c.name, flag.ContinueOnError)
			fs.SetOutput(io.Discard)
			c.define(fs)
			fs.VisitAll(func(f *flag.Flag) { defs[c.name][f.Name] = true })
		}
	}
	for _, c := range commands() {
		text, ok := sections[c.name]
		if !ok {
			t.Errorf("docs/cli.md has no section \"## augur %s\"", c.name)
			continue
		}
		defined := map[string]bool{"help": true}
		if c.name == "version" {
			defined["version"], defined["v"] = true, true // augur --version, augur -v
		}
		for f := range defs[c.name] {
			defined[f] = true
		}
		documented := map[string]bool{}
		// A line continued with a backslash is one command.
		text = strings.ReplaceAll(text, "\\\n", " ")
		var prev [2]string
		for _, line := range strings.Split(text, "\n") {
			// A sentence about another command may run on over lines.
			context := prev[0] + " " + prev[1] + " " + line
			prev[0], prev[1] = prev[1], line
			for _, m := range flagRef.FindAllStringSubmatch(line, -1) {
				if takesCompileLine(c.name) && m[1] == "-h" {
					continue // --help's short form
				}
				if takesCompileLine(c.name) && !strings.HasPrefix(m[1], "--") {
					// The compiler's flag: one that augur takes.
					if _, err := ccline.Parse([]string{m[1], "x.c"}); err != nil {
						t.Errorf("docs/cli.md's section of %s names the compiler flag %s: %v", c.name, m[1], err)
					}
					continue
				}
				name := strings.TrimLeft(m[1], "-")
				if !defined[name] && mentionedElsewhere(context, name, c.name, otherCmd, defs) {
					continue // another command's flag, named with it
				}
				documented[name] = true
			}
		}
		for _, name := range sortedNames(defined) {
			if name != "help" && !documented[name] {
				t.Errorf("augur %s --%s is not documented in docs/cli.md's section of %s", c.name, name, c.name)
			}
		}
		for _, name := range sortedNames(documented) {
			if !defined[name] && !foreignFlag(c.name, name) {
				t.Errorf("docs/cli.md documents augur %s --%s, which the command does not define", c.name, name)
			}
		}
	}
}

// takesCompileLine tells whether a command's single-dash words are the
// compiler's.
func takesCompileLine(cmd string) bool { return cmd == "analyze" || cmd == "instrument" }

// mentionedElsewhere tells whether line names another augur command that
// defines the flag: "augur analyze --counts DIR" in instrument's section.
func mentionedElsewhere(line, name, self string, otherCmd *regexp.Regexp, defs map[string]map[string]bool) bool {
	for _, m := range otherCmd.FindAllStringSubmatch(line, -1) {
		if m[1] != self && defs[m[1]][name] {
			return true
		}
	}
	return false
}

// foreignFlag is a flag that a section names although it belongs to
// another program (mpirun's, smpirun's) or to another augur command it
// refers to.
func foreignFlag(cmd, name string) bool {
	switch name {
	case "oversubscribe", "showme", "cfg", "replay", "hostfile", "np", "platform", "trace-ti", "mca":
		return cmd != "replay" && cmd != "predict"
	}
	return false
}

// cliSections splits docs/cli.md at its "## augur NAME" headings.
func cliSections(doc string) map[string]string {
	out := map[string]string{}
	name := ""
	for _, line := range strings.Split(doc, "\n") {
		if rest, ok := strings.CutPrefix(line, "## augur "); ok {
			name = strings.Fields(rest)[0]
			continue
		}
		if strings.HasPrefix(line, "## ") {
			name = ""
			continue
		}
		if name != "" {
			out[name] += line + "\n"
		}
	}
	return out
}

func sortedNames(m map[string]bool) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// Every input file in the repository that a command's help names (a
// path with a directory, of a kind augur reads) exists: the examples in
// `augur CMD --help` run as written from a clone.
func TestHelpNamesFilesThatExist(t *testing.T) {
	path := regexp.MustCompile(`(?:^|[\s=])([\w.-]+/[\w./-]*\.(?:aug|trace|c|h|yaml|xml|csv))\b`)
	for _, c := range commands() {
		for _, m := range path.FindAllStringSubmatch(c.usage+"\n"+c.help, -1) {
			if _, err := os.Stat("../../" + m[1]); err != nil {
				t.Errorf("augur %s --help names %s, which does not exist", c.name, m[1])
			}
		}
	}
}

// A flag is spelled the same in `augur CMD --help` (printDefaults: one
// dash for a one-letter name, two otherwise), in the command's usage and
// help texts and in its section of docs/cli.md: "bench --help says -n N,
// cli.md says --n N" was a user's finding. Both spellings parse; only one
// is printed.
func TestFlagSpellingAgrees(t *testing.T) {
	doc, err := os.ReadFile("../../docs/cli.md")
	if err != nil {
		t.Fatal(err)
	}
	sections := cliSections(string(doc))
	ref := regexp.MustCompile("(?:^|[\\s`(\\[|,])(--?)([A-Za-z][a-z0-9-]*)\\b")
	for _, c := range commands() {
		fs := c.flags()
		if fs == nil {
			continue
		}
		var help strings.Builder
		commandHelp(&help, c)
		for where, text := range map[string]string{"augur " + c.name + " --help": help.String(), "docs/cli.md's section of " + c.name: sections[c.name]} {
			for _, m := range ref.FindAllStringSubmatch(text, -1) {
				f := fs.Lookup(m[2])
				if f == nil || (takesCompileLine(c.name) && m[1] == "-") {
					continue // another program's flag, or the compiler's
				}
				if got, want := m[1]+m[2], flagSpelling(f.Name); got != want {
					t.Errorf("%s spells %s, help prints %s", where, got, want)
				}
			}
		}
	}
}
