package model

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// checkSrc parses src as t.aug, failing on syntax errors, and checks it.
func checkSrc(t *testing.T, src string, opts CheckOptions) []string {
	t.Helper()
	f, diags := Parse("t.aug", []byte(src))
	if len(diags) > 0 {
		t.Fatalf("syntax errors:\n%v", diags)
	}
	var got []string
	for _, d := range Check(f, opts) {
		got = append(got, d.Error())
	}
	return got
}

func TestCheckSample(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("testdata", "check", "sample.aug"))
	if err != nil {
		t.Fatal(err)
	}
	for _, procs := range []int{0, 1, 4, 1024} {
		if got := checkSrc(t, string(src), CheckOptions{Procs: procs}); len(got) > 0 {
			t.Errorf("procs %d: sample model: unexpected diagnostics:\n%s", procs, strings.Join(got, "\n"))
		}
	}
}

var checkTests = []struct {
	name string
	src  string
	opts CheckOptions
	want []string
}{
	{name: "clean: every element kind", src: `model t
param N = 4
global G = 0
local L = 1.5
cost Work(n) = 1ms * n + uniform(0, 1us)
activity main {
  action A cost Work(N) { G = G + 1 }
  delay D cost 2ms
  loop N {
    send S to (pid + 1) % procs size 8KiB tag 3
    recv R from any size 8KiB tag any
  }
  for i in 0 .. N step 2 {
    isend IS to 0 size 16 + i
    irecv IR from 1 size 16
    wait W on IS, IR
  }
  choose {
    0.3 { action C1 cost 1 }
    0.5 { call Sub }
    else { L = L * 2 }
  }
  barrier B
  bcast BC root 0 size 64 algorithm binomial
  allreduce AR size 8 algorithm recursive_doubling
  alltoall AA size 64 cost 1ms algorithm pairwise
  parallel P threads 4 {
    action PA cost Work(tid)
    critical CR { action CA cost 1us }
    barrier TB threads
    send PS to 0 size 8
    call Inner
  }
  pfor PF j in 0 .. 100 threads 2 schedule dynamic chunk N {
    action PFA cost Work(j)
  }
  if G > 2 && L < 3 { action T cost 1 } else { action E cost G > 1 ? 2 : 3 }
}
activity Sub {
  action SubA cost max(1, 2, N)
}
activity Inner {
  critical CI { action IA cost 1 }
}
`, opts: CheckOptions{Procs: 2}},
	{name: "no main", src: `model t
activity A {
}
`, want: []string{
		`t.aug: no activity main`,
		`t.aug:2:10: warning: activity "A" is never called`,
	}},
	{name: "duplicate declarations", src: `model t
param N = 1
global N = 2
cost N() = 1
activity main {
  action A cost N
}
activity main {
}
`, want: []string{
		`t.aug:3:8: "N" already declared at 2:7`,
		`t.aug:4:6: "N" already declared at 2:7`,
		`t.aug:8:10: "main" already declared at 5:10`,
	}},
	{name: "builtin names", src: `model t
global pid = 0
cost max(a) = a
local nthreads = 1
activity main {
}
`, want: []string{
		`t.aug:2:8: cannot declare "pid": it is a builtin variable`,
		`t.aug:3:6: cannot declare "max": it is a builtin function`,
		`t.aug:4:7: cannot declare "nthreads": it is a builtin variable`,
	}},
	{name: "duplicate elements", src: `model t
activity main {
  action A1 cost 1
  call B
}
activity B {
  delay A1 cost 2
  parallel A1 { critical A1 { } }
  barrier X
  allreduce X size 8
}
`, want: []string{
		`t.aug:7:9: element "A1" already defined at 3:10`,
		`t.aug:8:12: element "A1" already defined at 3:10`,
		`t.aug:8:26: element "A1" already defined at 3:10`,
		`t.aug:10:13: element "X" already defined at 9:11`,
	}},
	{name: "undefined names", src: `model t
cost F(a) = a + b
activity main {
  action A cost F(x) { y = 1 }
  call Nowhere
  action B cost G(1)
}
`, want: []string{
		`t.aug:2:17: undefined: "b"`,
		`t.aug:4:19: undefined: "x"`,
		`t.aug:4:24: undefined: "y"`,
		`t.aug:5:8: undefined activity "Nowhere"`,
		`t.aug:6:17: undefined function "G"`,
	}},
	{name: "arity", src: `model t
cost F() = 1
cost G(a, b) = a * b
activity main {
  action A cost F(1) + G(1) + abs(1, 2) + min(1) + max(1, 2, 3) + pow(2) + uniform(1)
}
`, want: []string{
		`t.aug:5:17: cost function "F" takes 0 arguments, got 1`,
		`t.aug:5:24: cost function "G" takes 2 arguments, got 1`,
		`t.aug:5:31: "abs" takes 1 argument, got 2`,
		`t.aug:5:43: "min" takes two or more arguments, got 1`,
		`t.aug:5:67: "pow" takes 2 arguments, got 1`,
		`t.aug:5:76: "uniform" takes 2 arguments, got 1`,
	}},
	{name: "wrong kind of name", src: `model t
global V = 1
cost F() = 1
activity main {
  action A cost F + V() + main + pid(1) + sqrt
  call F
  call V
  F = 2
}
`, want: []string{
		`t.aug:2:8: warning: global "V" is never used`,
		`t.aug:3:6: warning: cost function "F" is never called`,
		`t.aug:5:17: cost function "F" is not a variable`,
		`t.aug:5:21: global "V" is not a function`,
		`t.aug:5:27: activity "main" is not a variable`,
		`t.aug:5:34: builtin variable "pid" is not a function`,
		`t.aug:5:43: builtin function "sqrt" is not a variable`,
		`t.aug:6:8: cost function "F" is not an activity`,
		`t.aug:7:8: global "V" is not an activity`,
		`t.aug:8:3: cannot assign to cost function "F"`,
	}},
	{name: "wait", src: `model t
activity main {
  send S to 1 size 8
  isend IS to 1 size 8
  irecv IR from 1 size 8
  wait W1 on IS, IR
  wait W2 on S, Missing
  wait W3
}
`, want: []string{
		`t.aug:7:14: wait on "S": it is a send, not an isend or irecv`,
		`t.aug:7:17: wait on undefined element "Missing"`,
	}},
	{name: "algorithms", src: `model t
activity main {
  bcast B1 root 0 size 8 algorithm ring
  bcast B2 root 0 size 8 algorithm default
  allreduce A1 size 8 algorithm ring
  allreduce A2 size 8 algorithm pairwise
  alltoall A3 size 8 algorithm quick
  gather G size 8 root 0 algorithm recursive_doubling
  allgather AG size 8 algorithm binomial
}
`, want: []string{
		`t.aug:3:36: algorithm "ring" does not apply to bcast (use default, linear, binomial)`,
		`t.aug:6:33: algorithm "pairwise" does not apply to allreduce (use default, binomial, recursive_doubling, ring)`,
		`t.aug:7:32: unknown algorithm "quick" (known: default, linear, binomial, recursive_doubling, ring, pairwise, dissemination)`,
		`t.aug:8:36: algorithm "recursive_doubling" does not apply to gather (use default, linear, binomial)`,
		`t.aug:9:33: algorithm "binomial" does not apply to allgather (use default, recursive_doubling, ring)`,
	}},
	{name: "condition types", src: `model t
global G = 0
activity main {
  if G { action A cost 1 } else if G > 1 { action B cost 1 }
  action C cost G > 1 ? 1 : 2
  action D cost G ? 1 : 2
}
`, want: []string{
		`t.aug:4:6: if condition must be a bool, got number`,
		`t.aug:6:17: condition of ?: must be a bool, got number`,
	}},
	{name: "operator types", src: `model t
global B = true
global G = 1
activity main {
  action A cost 1 + B
  action C cost -B
  action D cost G && B ? 1 : 2
  action E cost !G ? 1 : 2
  action F cost B < 1 ? 1 : 2
  action H cost B == G ? 1 : 2
}
`, want: []string{
		`t.aug:5:19: operator + needs numbers, got number and bool`,
		`t.aug:6:17: operator - needs a number, got bool`,
		`t.aug:7:19: operator && needs bools, got number and bool`,
		`t.aug:8:17: operator ! needs a bool, got number`,
		`t.aug:9:19: operator < needs numbers, got bool and number`,
		`t.aug:10:19: operator == compares bool with number`,
	}},
	{name: "numbers required", src: `model t
global B = false
activity main {
  action A cost B
  delay D cost B
  send S to B size B tag B cost B
  loop B { }
  for i in B .. 3 { }
  parallel P threads B { }
  choose { B { } }
  bcast BC root B size 1
}
`, want: []string{
		`t.aug:4:17: cost must be a number, got bool`,
		`t.aug:5:16: cost must be a number, got bool`,
		`t.aug:6:13: peer must be a number, got bool`,
		`t.aug:6:20: size must be a number, got bool`,
		`t.aug:6:26: tag must be a number, got bool`,
		`t.aug:6:33: cost must be a number, got bool`,
		`t.aug:7:8: loop count must be a number, got bool`,
		`t.aug:8:12: range start must be a number, got bool`,
		`t.aug:9:22: thread count must be a number, got bool`,
		`t.aug:10:12: probability must be a number, got bool`,
		`t.aug:11:17: root must be a number, got bool`,
	}},
	{name: "assignment types", src: `model t
global G = 0
local B = G > 0
activity main {
  action A { G = true; B = 1 }
  G = B
  B = !B
  G = G + 1
}
`, want: []string{
		`t.aug:5:18: cannot assign bool to global "G" of type number`,
		`t.aug:5:28: cannot assign number to local "B" of type bool`,
		`t.aug:6:7: cannot assign bool to global "G" of type number`,
	}},
	{name: "cond branches", src: `model t
global G = 1
global H = G > 0 ? true : 1
activity main {
  G = G > 0 ? G : H
}
`, want: []string{
		`t.aug:3:27: branches of ?: have different types: bool and number`,
	}},
	{name: "assignment targets", src: `model t
param N = 1
cost F() = 1
activity main {
  N = 2
  pid = 3
  for i in 0 .. N { i = i + 1 }
  action A { procs = 1; nope = 2 }
  action B cost F()
}
`, want: []string{
		`t.aug:5:3: cannot assign to param "N"`,
		`t.aug:6:3: cannot assign to builtin variable "pid"`,
		`t.aug:7:21: cannot assign to loop variable "i"`,
		`t.aug:8:14: cannot assign to builtin variable "procs"`,
		`t.aug:8:25: undefined: "nope"`,
	}},
	{name: "recursive calls", src: `model t
activity main {
  call SA
}
activity SA {
  call SB
}
activity SB {
  call main
  call SB
}
`, want: []string{
		`t.aug:9:8: recursive call: main → SA → SB → main`,
		`t.aug:10:8: recursive call: SB → SB`,
	}},
	{name: "recursive cost functions", src: `model t
cost F(n) = G(n) + 1
cost G(n) = n > 0 ? F(n - 1) : 0
cost H(n) = H(n)
cost K() = F(2)
activity main {
  action A cost K()
}
`, want: []string{
		`t.aug:3:21: recursive cost function: F → G → F`,
		`t.aug:4:13: recursive cost function: H → H`,
	}},
	{name: "cost function scope", src: `model t
param N = 10
global GV = 0
local L = 2
cost F(a, b) = a * N + GV + L + pid + normal(b, 1) + G()
cost G() = exponential(3)
cost Bad(a, a, pid) = 1
activity main {
  action A cost F(1, 2) + Bad(1, 2, 3)
}
`, want: []string{
		`t.aug:7:13: duplicate parameter "a" (first at 7:10)`,
		`t.aug:7:16: parameter "pid" shadows a builtin variable`,
	}},
	{name: "peers and roots in range", src: `model t
param ROOT = 5
param ANY = 9
activity main {
  send S to 7 size 8
  recv R from -1 size 8
  isend I to 1.5 size 8
  bcast B root ROOT size 8
  reduce RE root ROOT - 2 size 8
  gather G root procs size 8
  scatter SC root procs - 1 size 8
  send S2 to ANY size 8
  send S3 to pid + 7 size 8
}
`, opts: CheckOptions{Procs: 4, SetParams: []string{"ANY"}}, want: []string{
		`t.aug:5:13: peer 7 is out of range 0..3 (procs = 4)`,
		`t.aug:6:15: peer -1 is out of range: it must not be negative`,
		`t.aug:7:14: peer 1.5 is not a whole number`,
		`t.aug:8:16: root 5 is out of range 0..3 (procs = 4)`,
		`t.aug:10:17: root 4 is out of range 0..3 (procs = 4)`,
	}},
	{name: "peers without procs", src: `model t
activity main {
  send S to 7 size 8
  recv R from -2 size 8
  gather G root procs size 8
}
`, want: []string{
		`t.aug:4:15: peer -2 is out of range: it must not be negative`,
	}},
	{name: "negative constants", src: `model t
param N = 2
activity main {
  action A cost N - 5
  delay D cost -1ms
  loop -3 { }
  send S to 0 size -8 tag -1
  allreduce AR size 8 cost 2 * -N
  parallel P threads 0 { }
  pfor F i in 0 .. 10 threads N schedule static chunk 0 { }
  for j in 0 .. 10 step 0 { }
}
`, want: []string{
		`t.aug:4:17: cost must not be negative, got -3`,
		`t.aug:5:16: cost must not be negative, got -0.001`,
		`t.aug:6:8: loop count must not be negative, got -3`,
		`t.aug:7:20: size must not be negative, got -8`,
		`t.aug:7:27: tag must not be negative, got -1`,
		`t.aug:8:28: cost must not be negative, got -4`,
		`t.aug:9:22: thread count must be at least 1, got 0`,
		`t.aug:10:55: chunk must be at least 1, got 0`,
		`t.aug:11:25: step must be positive, got 0`,
	}},
	{name: "choose probabilities", src: `model t
param P = 0.5
activity main {
  choose { 0.6 { } P { } }
  choose { -0.1 { } 0.2 { } }
  choose { 0.5 { } P { } else { } }
  choose { 1.5 { } }
  choose { uniform(0, 1) { } 0.9 { } 0.9 { } }
}
`, want: []string{
		`t.aug:4:3: choose probabilities sum to 1.1, more than 1`,
		`t.aug:5:12: probability must not be negative, got -0.1`,
		`t.aug:7:12: probability must not exceed 1, got 1.5`,
		`t.aug:8:3: choose probabilities sum to 1.8, more than 1`,
	}},
	{name: "thread constructs outside parallel", src: `model t
activity main {
  barrier B threads
  critical C { }
  parallel P { call Both call Only }
  call Both
}
activity Both {
  critical C2 { }
}
activity Only {
  barrier B2 threads
  call Deeper
}
activity Deeper {
  critical C3 { }
}
`, want: []string{
		`t.aug:3:3: barrier threads outside a parallel region`,
		`t.aug:4:3: critical outside a parallel region`,
		`t.aug:9:3: critical outside a parallel region`,
	}},
	{name: "critical sections of one name share a lock", src: `model t
activity main {
  parallel P {
    critical C { }
    critical C { }
    atomic C { }
    single S { }
    single S { }
  }
}
`, want: []string{
		`t.aug:6:12: element "C" already defined at 4:14`,
		`t.aug:8:12: element "S" already defined at 7:12`,
	}},
	{name: "nested parallel regions", src: `model t
activity main {
  parallel P {
    pfor F i in 0 .. 8 threads 2 { }
    pfor G i in 0 .. 8 schedule guided { }
    call Inner
  }
  call Inner
}
activity Inner {
  parallel Q { }
}
`, want: []string{
		`t.aug:4:5: a pfor inside a parallel region shares the region's threads: it takes no threads clause`,
		`t.aug:11:3: nested parallel regions are not supported (activity "Inner" is called inside a parallel region)`,
	}},
	{name: "loop variables", src: `model t
global G = 0
activity main {
  for i in 0 .. 4 {
    for i in 0 .. 2 { }
    action A cost i
  }
  action B cost i
  pfor F j in 0 .. j { }
  for G in 0 .. 3 { }
  for pid in 0 .. 3 { }
}
`, want: []string{
		`t.aug:2:8: warning: global "G" is never used`,
		`t.aug:5:9: loop variable "i" shadows the loop variable at 4:7`,
		`t.aug:8:17: undefined: "i"`,
		`t.aug:9:20: undefined: "j"`,
		`t.aug:10:7: loop variable "G" shadows global "G" declared at 2:8`,
		`t.aug:11:7: loop variable "pid" shadows a builtin variable`,
	}},
	{name: "unused declarations", src: `model t
param N = 1
param SETME = 2
global G = 0
local L = 0
cost F() = 1
cost Used() = 2
activity main {
  action A cost Used()
  G = 3
}
activity Lonely {
  call Lonelier
}
activity Lonelier {
}
`, opts: CheckOptions{SetParams: []string{"SETME"}}, want: []string{
		`t.aug:2:7: warning: param "N" is never used`,
		`t.aug:4:8: warning: global "G" is assigned but never read`,
		`t.aug:5:7: warning: local "L" is never used`,
		`t.aug:6:6: warning: cost function "F" is never called`,
		`t.aug:12:10: warning: activity "Lonely" is never called`,
	}},
	{name: "set params", src: `model t
param N = 1
global G = 2
activity main {
  action A cost N + G
}
`, opts: CheckOptions{SetParams: []string{"N", "G", "M"}}, want: []string{
		`t.aug: parameter G: "G" is a global, not a param`,
		`t.aug: parameter M: no param "M" in the model`,
	}},
	{name: "initializers", src: `model t
param N = M + 1
param M = 2
global G = 1
param P = G + 1
param R = uniform(0, 1)
local L = uniform(0, N) + G
global H = H + 1
param Q = procs * 2 + sqrt(M)
activity main {
  action A cost N + M + G + P + R + L + H + Q
}
`, want: []string{
		`t.aug:2:11: param "M" is used before its declaration at 3:7`,
		`t.aug:5:11: param "P" cannot depend on global "G"`,
		`t.aug:6:11: param "R" cannot use the random variate "uniform"`,
		`t.aug:8:12: global "H" is used before its declaration at 8:8`,
	}},
	{name: "many problems at once", src: `model t
param N = 4
global N = 1
cost F(x) = x + undefinedVar
activity main {
  action A1 cost F(1, 2)
  if N { call SA }
  send S to 9 size -1
  action A1 cost true
  barrier B threads
  choose { 0.7 { } 0.6 { } }
  wait W on S
  bcast BC root 0 size 8 algorithm ring
  N = 5
}
activity SA {
  call main
}
`, opts: CheckOptions{Procs: 4, SetParams: []string{"K"}}, want: []string{
		`t.aug: parameter K: no param "K" in the model`,
		`t.aug:3:8: "N" already declared at 2:7`,
		`t.aug:4:17: undefined: "undefinedVar"`,
		`t.aug:6:18: cost function "F" takes 1 argument, got 2`,
		`t.aug:7:6: if condition must be a bool, got number`,
		`t.aug:8:13: peer 9 is out of range 0..3 (procs = 4)`,
		`t.aug:8:20: size must not be negative, got -1`,
		`t.aug:9:10: element "A1" already defined at 6:10`,
		`t.aug:9:18: cost must be a number, got bool`,
		`t.aug:10:3: barrier threads outside a parallel region`,
		`t.aug:11:3: choose probabilities sum to 1.3, more than 1`,
		`t.aug:12:13: wait on "S": it is a send, not an isend or irecv`,
		`t.aug:13:36: algorithm "ring" does not apply to bcast (use default, linear, binomial)`,
		`t.aug:14:3: cannot assign to param "N"`,
		`t.aug:17:8: recursive call: main → SA → main`,
	}},
	{name: "priority", src: `model t
activity main {
  priority 2
  priority pid - 1
  priority 1.5
  priority 1e10
  priority true
}
`, want: []string{
		`t.aug:5:12: priority 1.5 is not a whole number in ±2147483647`,
		`t.aug:6:12: priority 1e+10 is not a whole number in ±2147483647`,
		`t.aug:7:12: priority must be a number, got bool`,
	}},
	{name: "arguments and values per process", src: `model t
param n = 1000 arg 2
param k = 0 arg count
param m = 5 arg 2
param ok = true arg 3
global g = 1 arg 4
param peer = (pid + 1) % procs
param t = tid
param u = nthreads + uid
activity main {
  action A cost n + k + m + peer + t + u + g
  if ok { }
}
`, want: []string{
		`t.aug:4:13: arg 2 is already bound to param "n" at 2:16`,
		`t.aug:5:17: param "ok" is a bool: an argument of the program gives a number`,
		`t.aug:6:14: only a param can be bound to an argument of the program, not global "g"`,
		`t.aug:8:11: param "t" cannot depend on tid: a param has one value per process`,
		`t.aug:9:11: param "u" cannot depend on nthreads: a param has one value per process`,
		`t.aug:9:22: param "u" cannot depend on uid: a param has one value per process`,
	}},
}

func TestCheck(t *testing.T) {
	for _, tt := range checkTests {
		t.Run(tt.name, func(t *testing.T) {
			got := checkSrc(t, tt.src, tt.opts)
			if strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
				var b strings.Builder
				for _, g := range got {
					b.WriteString("\t\t\t" + quoteGo(g) + ",\n")
				}
				t.Errorf("got:\n%s\nwant:\n\t%s", b.String(), strings.Join(tt.want, "\n\t"))
			}
		})
	}
}

func quoteGo(s string) string {
	if !strings.Contains(s, "`") {
		return "`" + s + "`"
	}
	return "\"" + strings.ReplaceAll(s, "\"", "\\\"") + "\""
}

// TestCheckPartialTrees checks every prefix of some models: the parser's
// partial trees must never make Check panic.
func TestCheckPartialTrees(t *testing.T) {
	srcs := []string{checkTests[0].src, checkTests[len(checkTests)-1].src}
	if b, err := os.ReadFile(filepath.Join("testdata", "check", "sample.aug")); err == nil {
		srcs = append(srcs, string(b))
	}
	for _, src := range srcs {
		for i := range len(src) {
			f, _ := Parse("t.aug", []byte(src[:i]))
			Check(f, CheckOptions{Procs: 3, SetParams: []string{"N"}})
		}
	}
}

// TestCheckNilParts checks hand-built trees with every kind of missing part.
func TestCheckNilParts(t *testing.T) {
	var nilIdent *Ident
	f := &File{Filename: "t.aug", Decls: []Decl{
		nil,
		(*VarDecl)(nil),
		&VarDecl{},
		&VarDecl{Name: &Ident{Name: "G"}, Kind: Global, Value: &Binary{Op: "+"}},
		&CostDecl{Name: &Ident{Name: "F"}, Params: []*Ident{nil, {Name: "a"}}, Body: &Cond{}},
		&ActivityDecl{Name: &Ident{Name: "main"}},
		&ActivityDecl{Name: &Ident{Name: "X"}, Body: &Block{Stmts: []Stmt{
			nil, (*Action)(nil), &Action{Code: []*Assign{nil, {}}},
			&Assign{Name: &Ident{Name: "G"}, Value: &CallExpr{Args: []Expr{nil, nilIdent}}},
			&If{Conds: []Expr{nil, &Unary{Op: "!"}}, Thens: []*Block{nil}},
			&Choose{Probs: []Expr{&Paren{}}, Alts: []*Block{nil, nil}},
			&Loop{}, &For{}, &Call{}, &Call{Name: &Ident{Name: "main"}},
			&Comm{Kind: WaitComm, On: []*Ident{nil}}, &Comm{Kind: CommKind(200)},
			&Comm{Kind: BcastComm, Algo: &Ident{}}, &Comm{Kind: BarrierComm, Threads: true},
			&Parallel{Body: &Block{Stmts: []Stmt{&ParallelFor{}, &Critical{}}}},
			&Delay{Cost: &Binary{Op: "-", Y: &Number{Value: 1}}},
		}}},
	}}
	Check(f, CheckOptions{Procs: 2})
	Check(nil, CheckOptions{})
	Check(&File{}, CheckOptions{SetParams: []string{"X"}})
}

func FuzzCheck(f *testing.F) {
	for _, tt := range checkTests {
		f.Add(tt.src)
	}
	for _, src := range repoModels(f) {
		f.Add(string(src))
	}
	f.Fuzz(func(t *testing.T, src string) {
		file, _ := Parse("t.aug", []byte(src))
		Check(file, CheckOptions{Procs: 4})
	})
}
