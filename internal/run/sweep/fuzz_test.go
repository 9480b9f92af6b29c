package sweep

import (
	"math"
	"strings"
	"testing"
)

// FuzzParseList: any text gives values or an error, never a panic, and
// never more than maxValues values, none of them NaN or infinite.
func FuzzParseList(f *testing.F) {
	for _, s := range []string{"4,8,16..1024*2", "1..16", "0.5..2+0.5", "1ms..8ms*2", "8KiB", "-3..3+1.5", "1..1e+3*10", "1..2*1.0000001"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		vals, err := ParseList(s)
		if err != nil {
			return
		}
		if len(vals) == 0 || len(vals) > maxValues {
			t.Fatalf("%q: %d values", s, len(vals))
		}
		for _, v := range vals {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				t.Fatalf("%q: %v", s, v)
			}
		}
	})
}

// FuzzParsePoints: any file gives points or an error that starts with the
// file's name; every row has a value per axis.
func FuzzParsePoints(f *testing.F) {
	for _, s := range []string{"NAT,nodes,procs\n32,1,4\n64,8,32\n", "# c\nnp,network/model\n4,SMPI\n8,CM02\n", "cpus\n1\n2\n", "procs\n\"4\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, m := range []Mode{Predict, Replay, Simulate} {
			axes, rows, err := ParsePoints(m, "p.csv", []byte(s))
			if err != nil {
				if !strings.HasPrefix(err.Error(), "p.csv:") {
					t.Fatalf("error without the file's name: %v", err)
				}
				continue
			}
			for _, r := range rows {
				if len(r) != len(axes) {
					t.Fatalf("row %v for axes %v", r, axes)
				}
			}
		}
	})
}

// FuzzReadRecords: any results file gives records or an error naming a
// line; every record read is valid.
func FuzzReadRecords(f *testing.F) {
	for _, s := range []string{
		`{"key":"a","version":"A","point":{"procs":"4"},"status":"ok","time_s":1.5,"wall_s":0.01}` + "\n",
		`{"key":"b","status":"error","time_s":0,"error":"x"}` + "\n" + `{"key":"c","sta`,
		"\n\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		done := map[string]Record{}
		if err := ReadRecords("r.jsonl", strings.NewReader(s), done); err != nil {
			if !strings.HasPrefix(err.Error(), "r.jsonl:") {
				t.Fatalf("error without the file's name: %v", err)
			}
			return
		}
		for k, r := range done {
			if k != r.Key || !validRecord(r) {
				t.Fatalf("invalid record %+v", r)
			}
		}
	})
}
