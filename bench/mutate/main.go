// Command mutate is a mutation campaign against every reader of augur, as
// a hostile user would run it: it takes each reader's inputs from the
// tree (examples, testdata), mutates them (bytes flipped, inserted and
// dropped; numbers replaced by extremes such as 1e308, 1e-320, -1, NaN,
// inf, 1.5, 2^31; lines dropped, doubled and swapped; files truncated),
// runs the augur command that reads them with a hang bound, and counts per
// reader: crashes (a Go panic or fatal error, a signal), hangs, exit
// statuses outside docs/cli.md's classes, errors that name the input
// without a line (and, apart, those about the whole file, which has
// none: empty, no events, refused), and non-finite numbers printed as an
// answer.
//
//	go build -o /tmp/augur ./cmd/augur
//	go run ./bench/mutate -augur /tmp/augur -n 300 -out /tmp/mutations
//
// The inputs that showed a problem are kept in -out, one directory per
// reader, with the command line and its output. Exit status 1 if any
// crash, hang, foreign exit status, unpositioned error or non-finite
// answer was seen.
package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"sort"
	"strings"
	"sync"
	"time"
)

// reader is one input kind: its seed files and the command that reads a
// mutated one (INPUT in args stands for the mutated file).
type reader struct {
	name  string
	seeds []string
	args  []string
	ext   string // the mutated file's extension
	// files are written beside the input before the command runs (a
	// platform that names the mutated profile), INPUT in them standing
	// for the input's file name.
	files map[string]string
}

func readers(root string) []reader {
	j := func(p ...string) string { return filepath.Join(append([]string{root}, p...)...) }
	glob := func(p string) []string { m, _ := filepath.Glob(j(p)); return m }
	ideal := j("examples/machines/ideal.yaml")
	local := j("examples/mpi/localhost.xml")
	sg := "internal/run/replay/testdata/simgrid/"
	prof := "internal/machine/platform/testdata/profiles"
	return []reader{
		{"model", glob("examples/*.aug"), []string{"predict", "INPUT", "--machine", ideal, "--procs", "3", "--max-events", "200000"}, ".aug", nil},
		{"model-check", glob("internal/frontend/export/testdata/*.aug"), []string{"check", "INPUT"}, ".aug", nil},
		{"machine", glob("examples/machines/*.yaml"), []string{"predict", j("examples/sample.aug"), "--machine", "INPUT", "--procs", "4", "--max-events", "200000"}, ".yaml", nil},
		{"platform", []string{j(sg, "small_platform.xml"), j(sg, "cluster_backbone.xml"), local}, []string{"replay", j(sg, "actions_allreduce.txt"), "--platform", "INPUT", "--max-events", "200000"}, ".xml", nil},
		{"hostfile", []string{j(sg, "hostfile")}, []string{"replay", j(sg, "actions_allreduce.txt"), "--platform", j(sg, "small_platform.xml"), "--hostfile", "INPUT"}, ".txt", nil},
		{"tit", glob(sg + "actions*.txt"), []string{"replay", "INPUT", "--platform", j(sg, "small_platform.xml"), "--max-events", "200000"}, ".txt", nil},
		{"threadtrace", glob("internal/frontend/threadtrace/testdata/*.trace"), []string{"simulate", "INPUT", "--cpus", "2", "--max-events", "200000"}, ".trace", nil},
		{"fit", glob("internal/base/fit/testdata/*.txt"), []string{"fit", "INPUT"}, ".txt", nil},
		{"c-source", []string{j("examples/mpi/jacobi.c"), j("internal/frontend/instrument/testdata/while.c"), j("internal/frontend/instrument/testdata/nests.c")},
			[]string{"analyze", "--machine", ideal, "--", "cc", "INPUT"}, ".c", nil},
		// A host's speed profile, named by the platform written beside it.
		{"profile", glob("internal/machine/platform/testdata/profiles/*.profile"),
			[]string{"replay", j(prof, "compute2e9.txt"), "--platform", "p.xml", "--hostfile", j(prof, "hosts2"), "--max-events", "200000"}, ".profile",
			map[string]string{"p.xml": `<?xml version='1.0'?>
<!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">
<platform version="4.1"><zone id="z" routing="Full">
  <host id="A" speed="1Gf" speed_file="INPUT"/><host id="B" speed="1Gf"/>
  <link id="l" bandwidth="1GBps" latency="1us" bandwidth_file="INPUT"/>
  <route src="A" dst="B"><link_ctn id="l"/></route>
</zone></platform>
`}},
		{"points", []string{j("bench/mutate/testdata/points.csv")},
			[]string{"sweep", "predict", j("internal/run/sweep/testdata/a.aug"), "--machine", ideal, "--points", "INPUT", "--out", "sweep", "-j", "1", "--max-events", "200000"}, ".csv", nil},
		{"compile-db", []string{j("bench/mutate/testdata/compile_commands.json")},
			[]string{"analyze", "--machine", ideal, "--compile-commands", "INPUT"}, ".json",
			map[string]string{"pi.c": "#include <stdio.h>\nint main(void) {\n  double s = 0;\n  for (int i = 0; i < N; i++)\n    s += 4.0 / (1 + (i + 0.5) * (i + 0.5) / ((double)N * N));\n  printf(\"%g\\n\", s / N);\n  return 0;\n}\n"}},
	}
}

func main() {
	augur := flag.String("augur", "augur", "the augur binary")
	root := flag.String("root", ".", "the augur tree (seeds are read from it)")
	n := flag.Int("n", 300, "mutations per reader")
	only := flag.String("only", "", "regular expression on reader names")
	out := flag.String("out", "", "directory to keep the inputs that showed a problem (default: a new temporary one)")
	hang := flag.Duration("hang", 10*time.Second, "a run longer than this is a hang")
	seed := flag.Uint64("seed", 1, "random seed")
	jobs := flag.Int("j", runtime.NumCPU(), "runs at once")
	flag.Parse()
	if *out == "" {
		d, err := os.MkdirTemp("", "augur-mutations-")
		if err != nil {
			fail(err)
		}
		*out = d
	}
	abs, err := filepath.Abs(*root) // the runs are in their own directories
	if err != nil {
		fail(err)
	}
	*root = abs
	var filter *regexp.Regexp
	if *only != "" {
		filter = regexp.MustCompile(*only)
	}
	rng := rand.New(rand.NewPCG(*seed, 0x6d75))
	bad := false
	fmt.Printf("%-12s %6s  %-28s %7s %6s %8s %12s %10s %10s\n", "reader", "runs", "exit statuses", "crashes", "hangs", "foreign", "unpositioned", "whole-file", "non-finite")
	for _, r := range readers(*root) {
		if filter != nil && !filter.MatchString(r.name) {
			continue
		}
		if len(r.seeds) == 0 {
			fmt.Printf("%-12s no seeds found under %s\n", r.name, *root)
			bad = true
			continue
		}
		dir := filepath.Join(*out, r.name)
		if err := os.MkdirAll(dir, 0o755); err != nil {
			fail(err)
		}
		inputs := make([][]byte, *n)
		for i := range inputs {
			src, err := os.ReadFile(r.seeds[rng.IntN(len(r.seeds))])
			if err != nil {
				fail(err)
			}
			inputs[i] = mutate(rng, src)
		}
		s := campaign(*augur, r, inputs, dir, *hang, *jobs)
		fmt.Printf("%-12s %6d  %-28s %7d %6d %8d %12d %10d %10d\n", r.name, s.runs, s.exits(), s.crashes, s.hangs, s.foreign, s.unpositioned, s.wholeFile, s.nonFinite)
		if s.crashes+s.hangs+s.foreign+s.unpositioned+s.nonFinite > 0 {
			bad = true
		}
	}
	fmt.Printf("inputs that showed a problem: %s\n", *out)
	if bad {
		os.Exit(1)
	}
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "mutate:", err)
	os.Exit(2)
}

// stats counts one reader's runs.
type stats struct {
	mu                                                     sync.Mutex
	runs                                                   int
	byExit                                                 map[int]int
	crashes, hangs, foreign, unpositioned, nonFinite, kept int
	wholeFile                                              int // errors of the whole file: positioned, not applicable
}

func (s *stats) exits() string {
	var codes []int
	for c := range s.byExit {
		codes = append(codes, c)
	}
	sort.Ints(codes)
	var parts []string
	for _, c := range codes {
		parts = append(parts, fmt.Sprintf("%d:%d", c, s.byExit[c]))
	}
	return strings.Join(parts, " ")
}

var (
	// wholeFile are the errors about a file as a whole, which has no
	// line to name (docs/cli.md: "a problem of the whole file is
	// file: message"): it is empty, holds nothing of what it must
	// (no events, no main activity, no data rows, no main function), or
	// was refused before it was read. They are counted apart, as
	// positioned where no position applies.
	wholeFile = regexp.MustCompile(`(?m)(: (empty file|no events|no activity main|no DATA|no rows after the header|no points after the header|no header line naming the axes|no hosts|no data)\b|no main function in |: is (a directory|a named pipe|a device|not a regular file)|: is \d+ bytes .* more than the )`)
	goCrash   = regexp.MustCompile(`(?m)^(panic: |fatal error: |goroutine \d+ \[|runtime: )`)
	nonFinite = regexp.MustCompile(`(^|[^A-Za-z_])([+-]?Inf|NaN)([^A-Za-z_]|$)`)
)

// campaign runs the command of r on every input, jobs at a time.
func campaign(augur string, r reader, inputs [][]byte, dir string, hang time.Duration, jobs int) *stats {
	s := &stats{byExit: map[int]int{}}
	work := make(chan int)
	var wg sync.WaitGroup
	for w := 0; w < jobs; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range work {
				runOne(augur, r, i, inputs[i], dir, hang, s)
			}
		}()
	}
	for i := range inputs {
		work <- i
	}
	close(work)
	wg.Wait()
	return s
}

func runOne(augur string, r reader, i int, input []byte, dir string, hang time.Duration, s *stats) {
	work, err := os.MkdirTemp("", "mut-")
	if err != nil {
		fail(err)
	}
	defer os.RemoveAll(work)
	base := fmt.Sprintf("input%d%s", i, r.ext)
	path := filepath.Join(work, base)
	if err := os.WriteFile(path, input, 0o644); err != nil {
		fail(err)
	}
	for name, text := range r.files {
		if err := os.WriteFile(filepath.Join(work, name), []byte(strings.ReplaceAll(text, "INPUT", base)), 0o644); err != nil {
			fail(err)
		}
	}
	args := make([]string, len(r.args))
	for k, a := range r.args {
		args[k] = strings.ReplaceAll(a, "INPUT", path)
	}
	ctx, cancel := context.WithTimeout(context.Background(), hang)
	defer cancel()
	cmd := exec.CommandContext(ctx, augur, args...)
	cmd.Dir = work
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err = cmd.Run()
	code := 0
	var problems []string
	var ee *exec.ExitError
	switch {
	case ctx.Err() != nil:
		code = -1
		problems = append(problems, "hang")
	case errors.As(err, &ee):
		code = ee.ExitCode()
		if code < 0 {
			problems = append(problems, "crash (signal)")
		}
	case err != nil:
		fail(err)
	}
	if goCrash.Match(stderr.Bytes()) {
		problems = append(problems, "crash")
	}
	if code > 4 || (code < 0 && ctx.Err() == nil) {
		problems = append(problems, "foreign exit status")
	}
	if code == 0 && nonFinite.Match(stdout.Bytes()) {
		problems = append(problems, "non-finite answer")
	}
	// An error that names the input file must say where in it, unless it
	// is about the file as a whole (wholeFile). The file is known by its
	// name: a profile is named relative to its platform.
	named := code == 1 && bytes.Contains(stderr.Bytes(), []byte(base)) &&
		!regexp.MustCompile(regexp.QuoteMeta(base)+`:\d+`).Match(stderr.Bytes())
	whole := named && wholeFile.Match(stderr.Bytes())
	unpositioned := named && !whole
	s.mu.Lock()
	defer s.mu.Unlock()
	s.runs++
	s.byExit[code]++
	for _, p := range problems {
		switch {
		case strings.HasPrefix(p, "crash"):
			s.crashes++
		case p == "hang":
			s.hangs++
		case p == "foreign exit status":
			s.foreign++
		case p == "non-finite answer":
			s.nonFinite++
		}
	}
	if whole {
		s.wholeFile++
	}
	if unpositioned {
		s.unpositioned++
		problems = append(problems, "unpositioned error")
	}
	if len(problems) > 0 && s.kept < 50 {
		s.kept++
		base := filepath.Join(dir, fmt.Sprintf("%04d", i))
		os.WriteFile(base+r.ext, input, 0o644)
		report := fmt.Sprintf("problems: %s\nexit: %d\ncommand: %s %s\n--- stdout (first 2 KiB)\n%s\n--- stderr (first 4 KiB)\n%s\n",
			strings.Join(problems, ", "), code, augur, strings.Join(args, " "), head(stdout.Bytes(), 2048), head(stderr.Bytes(), 4096))
		os.WriteFile(base+".txt", []byte(report), 0o644)
	}
}

func head(b []byte, n int) []byte {
	if len(b) > n {
		return b[:n]
	}
	return b
}

// extremes are the numbers a hostile input puts where a number goes.
var extremes = []string{"0", "-1", "-0", "1e308", "-1e308", "1e309", "1e-320", "NaN", "nan", "inf", "-inf", "Infinity",
	"1.5", "2147483648", "999999999", "4294967296", "9223372036854775808", "1e-300", "0x10", "", "1e", "00000000000000000001"}

var number = regexp.MustCompile(`-?[0-9]+(\.[0-9]+)?([eE][-+]?[0-9]+)?`)

// mutate applies one to three random mutations to src.
func mutate(rng *rand.Rand, src []byte) []byte {
	b := append([]byte(nil), src...)
	for k := 1 + rng.IntN(3); k > 0; k-- {
		switch rng.IntN(8) {
		case 0, 1, 2: // a number replaced by an extreme
			locs := number.FindAllIndex(b, -1)
			if len(locs) == 0 {
				continue
			}
			l := locs[rng.IntN(len(locs))]
			b = append(b[:l[0]:l[0]], append([]byte(extremes[rng.IntN(len(extremes))]), b[l[1]:]...)...)
		case 3: // a byte flipped, or set to a character that matters
			if len(b) > 0 {
				i := rng.IntN(len(b))
				if rng.IntN(2) == 0 {
					b[i] ^= byte(1 << rng.IntN(8))
				} else {
					const special = "{}()[]<>\"'\\/:;,.#%\n\t\x00 -+*"
					b[i] = special[rng.IntN(len(special))]
				}
			}
		case 4: // bytes dropped or inserted
			if len(b) > 0 {
				i := rng.IntN(len(b))
				j := min(len(b), i+1+rng.IntN(16))
				if rng.IntN(2) == 0 {
					b = append(b[:i:i], b[j:]...)
				} else {
					b = append(b[:i:i], append(append([]byte(nil), b[i:j]...), b[i:]...)...)
				}
			}
		case 5: // a line dropped, doubled or swapped with another
			lines := bytes.SplitAfter(b, []byte("\n"))
			if len(lines) < 2 {
				continue
			}
			i, j := rng.IntN(len(lines)), rng.IntN(len(lines))
			switch rng.IntN(3) {
			case 0:
				lines = append(lines[:i:i], lines[i+1:]...)
			case 1:
				lines = append(lines[:i+1:i+1], append([][]byte{lines[i]}, lines[i+1:]...)...)
			default:
				lines[i], lines[j] = lines[j], lines[i]
			}
			b = bytes.Join(lines, nil)
		case 6: // truncated
			if len(b) > 0 {
				b = b[:rng.IntN(len(b))]
			}
		case 7: // a line repeated many times (long files, deep structures)
			lines := bytes.SplitAfter(b, []byte("\n"))
			i := rng.IntN(len(lines))
			rep := bytes.Repeat(lines[i], 100+rng.IntN(2000))
			b = append(append(append([]byte(nil), bytes.Join(lines[:i], nil)...), rep...), bytes.Join(lines[i:], nil)...)
		}
	}
	return b
}
