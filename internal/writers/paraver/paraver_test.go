package paraver

import (
	"bytes"
	"strings"
	"testing"

	"augur/internal/results"
	"augur/internal/writers/internal/tracetest"
)

func writeParaver(t *testing.T, tl *results.Timeline) (prv, pcf, row []byte) {
	t.Helper()
	var a, b, c bytes.Buffer
	if err := Write(&a, &b, &c, tl); err != nil {
		t.Fatal(err)
	}
	return a.Bytes(), b.Bytes(), c.Bytes()
}

// The Paraver records of twoRanks, worked out by hand: states 1 (work)
// and 3 (send, recv), element events at starts (number) and ends (0),
// the communication record with its four times, in time order with an
// execution's end before the next one's start.
func TestParaverByHand(t *testing.T) {
	prv, pcf, row := writeParaver(t, tracetest.TwoRanks())
	want := `#Paraver (01/01/70 at 00:00):2000000000_ns:2(1,1):1:2(1:1,1:2)
1:1:1:1:1:0:1000000000:1
2:1:1:1:1:0:50000001:1
1:2:1:2:1:0:2000000000:3
2:2:1:2:1:0:50000001:3
2:1:1:1:1:1000000000:50000001:0
1:1:1:1:1:1000000000:1500000000:3
2:1:1:1:1:1000000000:50000001:2
3:1:1:1:1:1000000000:1200000000:2:1:2:1:0:2000000000:1000:7
2:1:1:1:1:1500000000:50000001:0
2:2:1:2:1:2000000000:50000001:0
`
	if string(prv) != want {
		t.Errorf("prv:\n%s\nwant:\n%s", prv, want)
	}
	wantRow := "LEVEL CPU SIZE 2\n1.a\n1.b\n\nLEVEL NODE SIZE 2\na\nb\n\nLEVEL TASK SIZE 2\nrank 0\nrank 1\n\nLEVEL THREAD SIZE 2\nrank 0 (a)\nrank 1 (b)\n"
	if string(row) != wantRow {
		t.Errorf("row:\n%s\nwant:\n%s", row, wantRow)
	}
	for _, s := range []string{"1    Running", "3    Waiting a message", "50000001", "1      work", "2      send", "3      recv"} {
		if !strings.Contains(string(pcf), s) {
			t.Errorf("pcf lacks %q:\n%s", s, pcf)
		}
	}
	c, err := results.CheckParaver("two", prv, pcf, row)
	if err != nil {
		t.Fatal(err)
	}
	if *c != (results.ParaverCheck{Nodes: 2, CPUs: 2, Tasks: 2, Threads: 2, States: 3, Events: 6, Comms: 1, End: 2e9}) {
		t.Errorf("check %+v", *c)
	}
}

// Past the limit the trace stops where the first slice was lost.
func TestLimit(t *testing.T) {
	prv, pcf, row := writeParaver(t, tracetest.Limited())
	if _, err := results.CheckParaver("limit", prv, pcf, row); err != nil {
		t.Error(err)
	}
}

// The checker rejects what breaks Paraver's rules, saying where.
func TestCheckerRejects(t *testing.T) {
	prv, pcf, row := writeParaver(t, tracetest.TwoRanks())
	lines := strings.Split(string(prv), "\n")
	unsorted := strings.Join(append([]string{lines[0], lines[5]}, append(lines[1:5], lines[6:]...)...), "\n")
	for _, c := range []struct{ name, prv, row, want string }{
		{"unsorted", unsorted, string(row), "not sorted"},
		{"task", strings.Replace(string(prv), "1:2:1:2:1:0:2000000000:3", "1:2:1:3:1:0:2000000000:3", 1), string(row), "two:4:"},
		{"type", string(prv) + "4:1:1:1:1:0\n", string(row), "record type 4"},
		{"header", strings.Replace(string(prv), "2(1:1,1:2)", "3(1:1,1:2)", 1), string(row), "count 3, but 2 items"},
		{"row", string(prv), strings.Replace(string(row), "LEVEL THREAD SIZE 2", "LEVEL THREAD SIZE 3", 1), "LEVEL THREAD SIZE 3"},
	} {
		_, err := results.CheckParaver("two", []byte(c.prv), pcf, []byte(c.row))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.name, err, c.want)
		}
	}
}
