package main

import (
	"flag"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// complete sources the bash script and completes line (the words typed,
// the last the one being completed) as bash's programmable completion
// does, returning COMPREPLY.
func complete(t *testing.T, script, line string) []string {
	t.Helper()
	words := strings.Split(line, " ")
	var q []string
	for _, w := range words {
		q = append(q, "'"+w+"'")
	}
	prog := "source " + script + "\nCOMP_WORDS=(" + strings.Join(q, " ") + ")\nCOMP_CWORD=" +
		strconv.Itoa(len(words)-1) + "\n_augur\nprintf '%s\\n' \"${COMPREPLY[@]}\"\n"
	cmd := exec.Command("bash", "--norc", "--noprofile", "-c", prog)
	cmd.Dir = t.TempDir()
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("bash: %v\n%s", err, out)
	}
	got := strings.Fields(string(out))
	sort.Strings(got)
	return got
}

// augur completion bash completes commands, a command's words and its
// flags, spelled as its help spells them, from the flag set it parses.
func TestCompletionBash(t *testing.T) {
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("no bash")
	}
	code, script, errs := augur(t, "completion", "bash")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	file := filepath.Join(t.TempDir(), "augur.bash")
	if err := os.WriteFile(file, []byte(script), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		line string
		want []string
	}{
		{"augur pre", []string{"predict"}},
		{"augur s", []string{"serve", "simulate", "sweep"}},
		{"augur predict --mach", []string{"--machine"}},
		{"augur predict model.aug --form", []string{"--format"}},
		{"augur bench ", []string{"block", "machine", "network"}},
		{"augur sweep re", []string{"replay"}},
		{"augur completion ", []string{"bash", "zsh"}},
		{"augur fmt -", []string{"--help", "-w"}},
	} {
		if got := complete(t, file, c.line); strings.Join(got, " ") != strings.Join(c.want, " ") {
			t.Errorf("%q completes to %q, want %q", c.line, got, c.want)
		}
	}
	// Every command's flags, as its flag set has them.
	for _, c := range commands() {
		want := []string{"--help"}
		if c.define != nil {
			fs := flag.NewFlagSet(c.name, flag.ContinueOnError)
			fs.SetOutput(io.Discard)
			c.define(fs)
			fs.VisitAll(func(f *flag.Flag) { want = append(want, flagSpelling(f.Name)) })
		}
		sort.Strings(want)
		if got := complete(t, file, "augur "+c.name+" -"); strings.Join(got, " ") != strings.Join(want, " ") {
			t.Errorf("augur %s -<TAB> completes to %q, want %q", c.name, got, want)
		}
	}
	// After a flag that takes a value, file names; a file here.
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "ideal.yaml"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if got := complete(t, file, "augur predict m.aug --machine "+dir+"/id"); len(got) != 1 || got[0] != dir+"/ideal.yaml" {
		t.Errorf("--machine completes to %q, want the file", got)
	}
}

// augur completion zsh is a zsh script that defines the completion of
// augur when loaded after compinit, and completes a command's words and
// flags in an interactive zsh.
func TestCompletionZsh(t *testing.T) {
	if _, err := exec.LookPath("zsh"); err != nil {
		t.Skip("no zsh (scripts/test.sh installs it)")
	}
	code, script, errs := augur(t, "completion", "zsh")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	file := filepath.Join(t.TempDir(), "_augur")
	if err := os.WriteFile(file, []byte(script), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"'predict:predict a model", "'--machine[", "'1:word:(machine network block)'"} {
		if !strings.Contains(script, want) {
			t.Errorf("the zsh script lacks %q", want)
		}
	}
	// Completion as a user sees it: the words of bench listed, a flag
	// completed, in an interactive zsh in a pseudo-terminal.
	abs, err := filepath.Abs("testdata/complete.zsh")
	if err != nil {
		t.Fatal(err)
	}
	drive := exec.Command("zsh", "-f", abs, file)
	drive.Dir = t.TempDir()
	drive.Env = append(os.Environ(), "HOME="+drive.Dir)
	out, err := drive.CombinedOutput()
	if err != nil || strings.Count(string(out), "found: ") != 3 {
		t.Errorf("zsh completion: %v\n%s", err, out)
	}
	cmd := exec.Command("zsh", "-f", "-c", "autoload -U compinit && compinit -u -D && source "+file+" && print -r -- ${_comps[augur]}")
	cmd.Dir = t.TempDir()
	cmd.Env = append(os.Environ(), "HOME="+cmd.Dir)
	out, err = cmd.CombinedOutput()
	if err != nil || strings.TrimSpace(string(out)) != "_augur" {
		t.Errorf("zsh: %v: %q, want augur completed by _augur", err, out)
	}
	if out, err := exec.Command("zsh", "-n", file).CombinedOutput(); err != nil {
		t.Errorf("zsh -n: %v\n%s", err, out)
	}
}

func TestCompletionUsage(t *testing.T) {
	for _, args := range [][]string{{"completion"}, {"completion", "fish"}, {"completion", "bash", "zsh"}} {
		if code, _, errs := augur(t, args...); code != exitUsage || errs == "" {
			t.Errorf("augur %s: exit %d, %q; want %d and why", strings.Join(args, " "), code, errs, exitUsage)
		}
	}
}
