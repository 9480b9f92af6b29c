package model

import (
	"strings"
	"testing"
)

// The values the program's arguments give the params bound to them.
func TestArgValues(t *testing.T) {
	f, diags := Parse("t.aug", []byte("model m\nparam iters = 10 arg 1\nparam n = 1000 arg 2\nparam x = 0.5 arg 3\nparam k = 3 arg count\nparam other = 7\n"))
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	for _, c := range []struct {
		args []string
		want map[string]float64
	}{
		{nil, map[string]float64{"k": 0}},
		{[]string{"20"}, map[string]float64{"iters": 20, "k": 1}},
		{[]string{"20", "0x100", "2.5e-1", "extra"}, map[string]float64{"iters": 20, "n": 256, "x": 0.25, "k": 4}},
	} {
		got, err := ArgValues(f, c.args)
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != len(c.want) {
			t.Errorf("%q: %v, want %v", c.args, got, c.want)
		}
		for k, v := range c.want {
			if got[k] != v {
				t.Errorf("%q: %s = %v, want %v", c.args, k, got[k], v)
			}
		}
	}
	_, err := ArgValues(f, []string{"20", "big", "inf"})
	want := "t.aug:3:16: program arguments: param n is argument 2 of the program, which is \"big\", not a number\n" +
		"t.aug:4:15: program arguments: param x is argument 3 of the program, which is \"inf\", not a number"
	if err == nil || err.Error() != want {
		t.Errorf("error %v, want %s", err, want)
	}
}

// A --set value per process: what it may read, and its value for one
// process.
func TestProcessValue(t *testing.T) {
	env := map[string]float64{"pid": 3, "procs": 4, "nodes": 2, "threads": 1}
	for src, want := range map[string]float64{
		"1-pid":                        -2,
		"(pid + 1) % procs":            0,
		"pid == 0 ? procs - 1 : pid-1": 2,
		"max(pid, nodes) * 2KiB":       6144,
		"floor(pid / 2)":               1,
	} {
		e, err := ParseExpr(src)
		if err != nil {
			t.Fatal(err)
		}
		if err := CheckProcessValue(e); err != nil {
			t.Errorf("%s: %v", src, err)
		}
		if v, ok := EvalProcess(e, env); !ok || v != want {
			t.Errorf("%s = %v (%v), want %v", src, v, ok, want)
		}
	}
	for src, want := range map[string]string{
		"pid + n":         "reads n",
		"uniform(0, pid)": "draws a random variate (uniform): a param has one value per process",
		"pid == 1":        "is a bool, not a number",
		"tid":             "reads tid",
		"nosuch(pid)":     `undefined function "nosuch"`,
	} {
		e, err := ParseExpr(src)
		if err != nil {
			t.Fatal(err)
		}
		if err := CheckProcessValue(e); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want %q", src, err, want)
		}
	}
	if v, ok := Fold(mustExpr(t, "2 * 1024 + 1KiB")); !ok || v != 3072 {
		t.Errorf("Fold: %v %v", v, ok)
	}
	if _, ok := Fold(mustExpr(t, "pid + 1")); ok {
		t.Error("Fold of pid + 1 is a constant")
	}
}

func mustExpr(t *testing.T, s string) Expr {
	t.Helper()
	e, err := ParseExpr(s)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// Params bound to options (`arg -x --nx`) take the value that follows
// the option in any of getopt_long's spellings, the last one given.
func TestOptionArgValues(t *testing.T) {
	src := "model m\nparam nx = 20 arg -x --nx\nparam steps = 100 arg -N --num-steps\nparam dt = 1 arg -D\nactivity main { delay D cost nx * steps * dt }\n"
	f, diags := Parse("t.aug", []byte(src))
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	if d := Check(f, CheckOptions{}); d.HasErrors() {
		t.Fatal(d)
	}
	for _, c := range []struct {
		args []string
		want map[string]float64
	}{
		{nil, map[string]float64{}},
		{[]string{"-x", "16", "-N", "20"}, map[string]float64{"nx": 16, "steps": 20}},
		{[]string{"-x16", "--num-steps=5", "-D", "0.5"}, map[string]float64{"nx": 16, "steps": 5, "dt": 0.5}},
		{[]string{"--nx", "8", "-x", "12"}, map[string]float64{"nx": 12}},
		// -D without a number is a flag that is set; words after "--" are not options.
		{[]string{"-D", "-x", "7", "--", "-N", "3"}, map[string]float64{"dt": 1, "nx": 7}},
		// An option as the last word is a flag too.
		{[]string{"-N"}, map[string]float64{"steps": 1}},
	} {
		got, err := ArgValues(f, c.args)
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != len(c.want) {
			t.Errorf("%q: %v, want %v", c.args, got, c.want)
		}
		for k, v := range c.want {
			if got[k] != v {
				t.Errorf("%q: %s = %v, want %v", c.args, k, got[k], v)
			}
		}
	}
	// A value that is not a number is an error at the binding.
	_, err := ArgValues(f, []string{"-D0.5x"})
	if want := `t.aug:4:14: program arguments: param dt is the value of the program's option -D, which is "0.5x", not a number`; err == nil || err.Error() != want {
		t.Errorf("error %v, want %s", err, want)
	}
	// The binding is written back as it was given.
	if out := string(Format(f)); !strings.Contains(out, "param nx = 20 arg -x --nx\n") || !strings.Contains(out, "arg -N --num-steps\n") {
		t.Errorf("formatted:\n%s", out)
	}
	// Two params bound to one option, and an option that is only dashes.
	for src, want := range map[string]string{
		"model m\nparam a = 1 arg -x\nparam b = 2 arg --nx -x\nactivity main { delay D cost a + b }\n": "t.aug:3:13: arg --nx -x is already bound to param \"a\" at 2:13",
		"model m\nparam a = 1 arg - x\n": "t.aug:2:17: arg -: an option is one or two dashes and a name (arg -x, arg --nx)",
	} {
		f, diags := Parse("t.aug", []byte(src))
		if !diags.HasErrors() {
			diags = Check(f, CheckOptions{})
		}
		if !strings.Contains(diags.Error(), want) {
			t.Errorf("%q: %v, want %s", src, diags, want)
		}
	}
}
