package export

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"augur/internal/frontend/model"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// load parses and checks a model of testdata, which must be clean.
func load(t *testing.T, name string) *model.File {
	t.Helper()
	src, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	f, diags := model.Parse(name, src)
	if len(diags) > 0 {
		t.Fatalf("%s: syntax errors:\n%v", name, diags)
	}
	if diags := model.Check(f, model.CheckOptions{}); len(diags) > 0 {
		t.Fatalf("%s: check:\n%v", name, diags)
	}
	return f
}

var goldenExt = map[string]string{"dot": ".dot", "plantuml": ".puml", "json": ".json"}

func TestGolden(t *testing.T) {
	for _, name := range []string{"sample.aug", "all.aug"} {
		f := load(t, name)
		for _, format := range Formats() {
			var buf bytes.Buffer
			if err := Write(&buf, f, format); err != nil {
				t.Fatalf("%s %s: %v", name, format, err)
			}
			golden := filepath.Join("testdata", strings.TrimSuffix(name, ".aug")+goldenExt[format])
			if *update {
				if err := os.WriteFile(golden, buf.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
				continue
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run go test ./internal/frontend/export -update to create it)", err)
			}
			if !bytes.Equal(buf.Bytes(), want) {
				t.Errorf("%s: output differs from %s (go test ./internal/frontend/export -update rewrites it):\n%s", name, golden, buf.String())
			}
		}
	}
}

// TestDotRenders runs Graphviz on the dot output.
func TestDotRenders(t *testing.T) {
	dot, err := exec.LookPath("dot")
	if err != nil {
		t.Skip("graphviz (dot) is not installed; apt-get install -y graphviz to run this test")
	}
	for _, name := range []string{"sample.aug", "all.aug"} {
		var buf bytes.Buffer
		if err := Write(&buf, load(t, name), "dot"); err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command(dot, "-Tsvg")
		cmd.Stdin = &buf
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		out, err := cmd.Output()
		if err != nil || stderr.Len() > 0 {
			t.Fatalf("%s: dot -Tsvg: %v\n%s", name, err, stderr.String())
		}
		if !bytes.Contains(out, []byte("<svg")) || !bytes.Contains(out, []byte("«allreduce» SA2")) && name == "sample.aug" {
			t.Errorf("%s: dot output does not look like the diagram:\n%.500s", name, out)
		}
	}
}

// TestPlantUMLRenders runs PlantUML on the plantuml output if it is installed.
func TestPlantUMLRenders(t *testing.T) {
	plantuml, err := exec.LookPath("plantuml")
	if err != nil {
		t.Skip("plantuml is not installed")
	}
	if testing.Short() {
		t.Skip("plantuml starts a JVM; skipped with -short")
	}
	dir := t.TempDir()
	names := []string{"sample", "all"}
	var paths []string
	for _, name := range names {
		var buf bytes.Buffer
		if err := Write(&buf, load(t, name+".aug"), "plantuml"); err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(dir, name+".puml")
		if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, path)
	}
	// One JVM for all files; a syntax error makes plantuml fail.
	args := append([]string{"-tsvg", "-charset", "UTF-8", "-failfast2"}, paths...)
	if out, err := exec.Command(plantuml, args...).CombinedOutput(); err != nil {
		t.Fatalf("plantuml: %v\n%s", err, out)
	}
	for _, name := range names {
		svg, err := os.ReadFile(filepath.Join(dir, name+".svg"))
		if err != nil || !bytes.Contains(svg, []byte("<svg")) {
			t.Fatalf("%s: plantuml wrote no SVG: %v", name, err)
		}
	}
}

func TestJSONRoundTrip(t *testing.T) {
	f := load(t, "sample.aug")
	var buf bytes.Buffer
	if err := Write(&buf, f, "json"); err != nil {
		t.Fatal(err)
	}
	var m JSONModel
	dec := json.NewDecoder(bytes.NewReader(buf.Bytes()))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&m); err != nil {
		t.Fatal(err)
	}
	again, err := json.MarshalIndent(&m, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	if string(again)+"\n" != buf.String() {
		t.Errorf("JSON does not round-trip:\n%s\nvs\n%s", again, buf.String())
	}
	// Spot checks of the schema.
	if m.Schema != JSONSchema || m.Model != "sample" || len(m.Decls) != 9 {
		t.Fatalf("schema %q model %q decls %d", m.Schema, m.Model, len(m.Decls))
	}
	main := m.Decls[7]
	if main.Kind != "activity" || main.Name != "main" || main.Body == nil || len(*main.Body) != 3 {
		t.Fatalf("main: %+v", main)
	}
	a1 := (*main.Body)[0]
	if a1.Kind != "action" || a1.Name != "A1" || a1.Cost != "FA1()" || a1.Line != 10 || a1.Col != 3 ||
		a1.Code == nil || len(*a1.Code) != 2 || (*a1.Code)[1].Value != "3.14" {
		t.Errorf("A1: %+v", a1)
	}
	dec1 := (*main.Body)[1]
	if dec1.Kind != "if" || len(dec1.Branches) != 2 || dec1.Branches[0].Cond != "GV == 1" ||
		dec1.Branches[1].Cond != "GV == 0" || (*dec1.Branches[0].Body)[0].Kind != "call" {
		t.Errorf("if: %+v", dec1)
	}
	sa2 := (*m.Decls[8].Body)[1]
	if sa2.Kind != "allreduce" || sa2.Size != "8" || sa2.Cost != "FSA2(pid)" {
		t.Errorf("SA2: %+v", sa2)
	}
}

// counter counts what the traverser reports.
type counter struct {
	BaseHandler
	names map[string]int // element kind → count
	depth int
	max   int
}

func (c *counter) add(kind string) { c.names[kind]++ }

func (c *counter) StartActivity(*model.ActivityDecl) { c.add("activity"); c.in() }
func (c *counter) EndActivity(*model.ActivityDecl)   { c.out() }
func (c *counter) Action(*model.Action)              { c.add("action") }
func (c *counter) Delay(*model.Delay)                { c.add("delay") }
func (c *counter) Assign(*model.Assign)              { c.add("assign") }
func (c *counter) Comm(s *model.Comm)                { c.add("comm"); c.add(s.Kind.Keyword()) }
func (c *counter) Call(*model.Call)                  { c.add("call") }
func (c *counter) StartDecision(*model.If)           { c.add("if"); c.in() }
func (c *counter) EndDecision(*model.If)             { c.out() }
func (c *counter) StartChoose(*model.Choose)         { c.add("choose"); c.in() }
func (c *counter) EndChoose(*model.Choose)           { c.out() }
func (c *counter) StartBranch(b Branch)              { c.add("branch"); c.in() }
func (c *counter) EndBranch(Branch)                  { c.out() }
func (c *counter) StartLoop(model.Stmt)              { c.add("loop"); c.in() }
func (c *counter) EndLoop(model.Stmt)                { c.out() }
func (c *counter) StartParallel(model.Stmt)          { c.add("parallel"); c.in() }
func (c *counter) EndParallel(model.Stmt)            { c.out() }
func (c *counter) StartCritical(*model.Critical)     { c.add("critical"); c.in() }
func (c *counter) EndCritical(*model.Critical)       { c.out() }
func (c *counter) in()                               { c.depth++; c.max = max(c.max, c.depth) }
func (c *counter) out()                              { c.depth-- }

func TestTraverserVisitsEverything(t *testing.T) {
	tests := []struct {
		file string
		nav  Navigator
		want map[string]int
	}{
		{"sample.aug", SourceOrder{}, map[string]int{"activity": 2, "action": 4, "comm": 1, "allreduce": 1,
			"call": 1, "if": 1, "branch": 2}},
		{"all.aug", SourceOrder{}, map[string]int{"activity": 2, "action": 9, "delay": 1, "assign": 1,
			"comm": 13, "send": 1, "recv": 1, "isend": 1, "irecv": 1, "wait": 1, "barrier": 2, "bcast": 1,
			"reduce": 1, "gather": 1, "scatter": 1, "allgather": 1, "alltoall": 1, "allreduce": 0,
			"call": 1, "if": 1, "choose": 2, "branch": 6, "loop": 2, "parallel": 2, "critical": 1}},
	}
	for _, tt := range tests {
		c := &counter{names: map[string]int{}}
		(&Traverser{Nav: tt.nav, Handler: c}).Traverse(load(t, tt.file))
		for k, v := range tt.want {
			if c.names[k] != v {
				t.Errorf("%s: %d %s, want %d", tt.file, c.names[k], k, v)
			}
		}
		if c.depth != 0 {
			t.Errorf("%s: Start/End calls do not balance: depth %d", tt.file, c.depth)
		}
	}
}

func TestReachableNavigator(t *testing.T) {
	src := `model r
activity main { call B }
activity A { action AA cost 1 }
activity B { call C }
activity C { action CC cost 1 }
`
	f, diags := model.Parse("r.aug", []byte(src))
	if len(diags) > 0 {
		t.Fatal(diags)
	}
	var order []string
	h := &activityNames{names: &order}
	(&Traverser{Nav: Reachable{}, Handler: h}).Traverse(f)
	if got := strings.Join(order, " "); got != "main B C" {
		t.Errorf("Reachable visits %q, want %q", got, "main B C")
	}
}

type activityNames struct {
	BaseHandler
	names *[]string
}

func (a *activityNames) StartActivity(d *model.ActivityDecl) {
	*a.names = append(*a.names, d.Name.Name)
}

func TestUnknownFormat(t *testing.T) {
	err := Write(&bytes.Buffer{}, load(t, "sample.aug"), "svg")
	if err == nil || err.Error() != `export: unknown format "svg" (valid: dot, plantuml, json)` {
		t.Errorf("err = %v", err)
	}
	if err := Write(&bytes.Buffer{}, nil, "dot"); err == nil {
		t.Error("no error for a nil model")
	}
}

// TestPartialTrees writes every prefix of a model in every format: the
// parser's partial trees must never make a writer panic, and JSON must
// stay valid.
func TestPartialTrees(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("testdata", "all.aug"))
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < len(src); i += 3 {
		f, _ := model.Parse("p.aug", src[:i])
		for _, format := range Formats() {
			var buf bytes.Buffer
			if err := Write(&buf, f, format); err != nil {
				t.Fatalf("prefix %d, %s: %v", i, format, err)
			}
			if format == "json" && !json.Valid(buf.Bytes()) {
				t.Fatalf("prefix %d: invalid JSON", i)
			}
		}
	}
}

func TestExprString(t *testing.T) {
	for _, src := range []string{"1 + 2 * 3", "(1 + 2) * 3", "a - (b - c)", "-x", "!(a && b) || c",
		"f(1, g(2), 3)", "a > 1 ? 2 : 3", "12ms", "8KiB", "x == true"} {
		e, err := model.ParseExpr(src)
		if err != nil {
			t.Fatal(err)
		}
		if got := ExprString(e); got != src {
			t.Errorf("ExprString(%q) = %q", src, got)
		}
	}
	// Hand-built trees get the parentheses precedence needs.
	one, two := &model.Number{Value: 1}, &model.Number{Value: 2}
	e := &model.Binary{X: &model.Binary{X: one, Op: "+", Y: two}, Op: "*", Y: &model.Binary{X: one, Op: "-", Y: two}}
	if got := ExprString(e); got != "(1 + 2) * (1 - 2)" {
		t.Errorf("got %q", got)
	}
	if got := ExprString(&model.Binary{Op: "+"}); got != "? + ?" {
		t.Errorf("got %q", got)
	}
}
