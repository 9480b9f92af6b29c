package results

import "testing"

// The checkers never panic on any input. The corpus (testdata/fuzz)
// holds the trace writers' files of a hand-made timeline
// (internal/writers/internal/tracetest.TwoRanks) and of a replay.
func FuzzCheckChrome(f *testing.F) {
	f.Add([]byte(`{"traceEvents":[{"ph":"s","name":"m","pid":1,"tid":1,"ts":1,"id":1}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		CheckChrome("fuzz.json", data)
	})
}

func FuzzCheckParaver(f *testing.F) {
	f.Add([]byte("#Paraver (01/01/70 at 00:00):5_ns:1(1):1:1(1:1)\n1:1:1:1:1:0:5:1\n"), []byte("STATES\n1 Running\n"), []byte("LEVEL CPU SIZE 1\nx\n"))
	f.Fuzz(func(t *testing.T, prv, pcf, row []byte) {
		CheckParaver("fuzz", prv, pcf, row)
	})
}
