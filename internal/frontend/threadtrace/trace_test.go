package threadtrace

import (
	"errors"
	"math"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"
)

func parseString(t *testing.T, src string) (*Trace, error) {
	t.Helper()
	return Parse(strings.NewReader(src), "t.trace")
}

func TestParseSeedTable1(t *testing.T) {
	f, err := os.Open("testdata/vppb-P.trace")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	tr, err := Parse(f, "vppb-P.trace")
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(tr.Threads, " "); got != "P1 P2 P3 P4" {
		t.Errorf("threads %q", got)
	}
	if len(tr.Events) != 11 || tr.HasCPU {
		t.Errorf("%d events, HasCPU %v", len(tr.Events), tr.HasCPU)
	}
	if len(tr.Priority) != 4 || tr.Priority[0] != 0 || tr.Priority[3] != 3 {
		t.Errorf("priority %v", tr.Priority)
	}
	e := tr.Events[3] // 5 P2 send X P1
	if e.Line != 6 || e.Time != 5 || e.Kind != Send || tr.Threads[e.Thread] != "P2" || tr.Threads[e.Target] != "P1" || tr.Objects[e.Obj].Name != "X" {
		t.Errorf("event 3: %+v", e)
	}
}

// Bad traces give the line and what is wrong.
func TestParseErrors(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"0 P1 create P2\n1 P3 wait X\n", "t.trace:2: unknown thread P3: it is never created"},
		{"0 P1 send X P9\n", "t.trace:1: send to P9, a thread that never exists"},
		{"0 P1 send X P2\n1 P1 create P2\n", "t.trace:1: send to P2 before it is created (line 2)"},
		{"0 P1 create P2\n5 P2 wait X\n3 P1 send X P2\n", "t.trace:3: time goes backwards: 3 after 5 on line 2"},
		{"0 P1 create\n", "t.trace:1: create takes 1 argument(s), got 0"},
		{"0 P1\n", "t.trace:1: malformed line"},
		{"zero P1 exit\n", "t.trace:1: malformed time \"zero\""},
		{"0 P1 fly X\n", "t.trace:1: unknown event \"fly\""},
		{"# comment\n\n0 P1 exit\n1 P1 exit\n", "t.trace:4: thread P1 records an event after it exited (line 3)"},
		{"0 P1 create P2\n0 P1 create P2\n", "t.trace:2: create P2: thread P2 already exists"},
		{"0 P1 lock M\n1 P1 sem_post M\n", "t.trace:2: M is a mutex, used here as a semaphore"},
		{"0 P1 exit cpu=1\n", ""},
		{"0 P1 create P2 cpu=1\n1 P2 exit\n", "t.trace:2: no cpu= here but line 1 has one"},
		{"0 P1 create P2 cpu=2\n1 P1 exit cpu=1\n", "t.trace:2: CPU time of P1 goes backwards"},
		{"0 P1 trylock M maybe\n", "t.trace:1: result \"maybe\": want ok or busy"},
		{"0 P1 barrier_init B 0\n", "t.trace:1: barrier_init: bad count \"0\""},
		{"# priority P1 P7\n0 P1 exit\n", "t.trace:1: `# priority` names P7, a thread that never exists"},
		{"0 P1 join P1\n", "t.trace:1: P1 joins itself"},
		{"0 P1 create P2\n1 P1 join P2\n", "t.trace:2: join P2, but P2 has not exited yet"},
		{"", "t.trace: no events"},
		{"-1 P1 exit\n", "t.trace:1: time -1 is negative"},
		{"0 P1 send X P1\n", "t.trace:1: P1 sends to itself"},
	} {
		_, err := parseString(t, c.src)
		if c.want == "" {
			if err != nil {
				t.Errorf("%q: unexpected error %v", c.src, err)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q:\n got %v\nwant %s", c.src, err, c.want)
			continue
		}
		var pe *Error
		if !errors.As(err, &pe) {
			t.Errorf("%q: error is %T, not *Error", c.src, err)
		}
	}
}

func TestParseLongLine(t *testing.T) {
	_, err := parseString(t, "0 P1 exit\n"+strings.Repeat("x", MaxLineBytes+10)+"\n")
	if err == nil || !strings.Contains(err.Error(), "t.trace:2: line longer than") {
		t.Errorf("got %v", err)
	}
}

// parseNumber gives what strconv.ParseFloat gives, value and error, for
// the numbers of traces and for strings near them.
func TestParseNumberIsParseFloat(t *testing.T) {
	cases := []string{"0", "0.0", "1", "5.", ".5", ".", "", "-1", "+1", "1e3", "1_0", "0x1p3", "inf", "NaN",
		"0.000020000", "0.002180594", "123456789012345678", "1234567890123456789", "12345678901234567890",
		"4503599627370495", "4503599627370496", "9007199254740993", "0.1", "0.3", "1.7976931348623157",
		"0.0000000000000000000001", "0.00000000000000000000001", "00000000000000000001.5", "1..2", "1.2.3", "٣"}
	r := rand.New(rand.NewPCG(7, 8))
	for range 20000 {
		b := make([]byte, 1+r.IntN(24))
		for i := range b {
			b[i] = "0123456789"[r.IntN(10)]
		}
		if r.IntN(4) > 0 {
			b[r.IntN(len(b))] = '.'
		}
		cases = append(cases, string(b))
	}
	for _, s := range cases {
		got, gerr := parseNumber(s)
		want, werr := strconv.ParseFloat(s, 64)
		if math.Float64bits(got) != math.Float64bits(want) || (gerr == nil) != (werr == nil) ||
			(gerr != nil && gerr.Error() != werr.Error()) {
			t.Fatalf("parseNumber(%q) = %v, %v; ParseFloat gives %v, %v", s, got, gerr, want, werr)
		}
	}
}
