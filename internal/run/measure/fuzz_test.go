package measure

import (
	"testing"

	"augur/internal/base/fit"
)

// FuzzRead feeds arbitrary bytes to every reader (the format is detected
// from the content): an error or series that fit accepts, never a panic.
func FuzzRead(f *testing.F) {
	f.Add("p,time\n1,1\n2,2\n4,4\n")
	f.Add("region,p,n,time\na,1,1,1\na,2,1,2\na,4,2,3\n")
	f.Add("PARAMETER p\nPOINTS (1) (2) (4)\nREGION r\nMETRIC t\nDATA 1 2\nDATA 2\nDATA 4\n")
	f.Add("PARAMETER x y\nPOINTS ((1) (2)) ((2) (2)) ((4) (3))\nREGION r\nDATA 1\nDATA 2\nDATA 3\n")
	f.Add(`{"parameters": ["p"], "measurements": {"m": {"t": [{"point": [1], "values": [1]}, {"point": [2], "values": [2]}, {"point": [4], "values": [3]}]}}}`)
	f.Add("{\"params\": {\"p\": 1}, \"value\": 1}\n{\"params\": {\"p\": 2}, \"value\": [2]}\n")
	f.Add(`{"callpaths": [{"id": 1, "name": "c"}], "parameters": [{"id": 1, "name": "p"}], "coordinates": [], "measurements": [], "metrics": []}`)
	f.Fuzz(func(t *testing.T, src string) {
		for _, name := range []string{"f.csv", "f.txt", "f.jsonl"} {
			ss, err := Read(name, []byte(src), Options{})
			if err != nil {
				continue
			}
			for _, s := range ss {
				if len(s.X) != len(s.Values) || len(s.X) != len(s.Where) {
					t.Fatalf("inconsistent series %+v", s)
				}
				if len(s.X) > 200 {
					continue // keep each fuzz iteration fast
				}
				if _, err := fit.Fit(s.Data(), fit.Options{MaxTerms: 1}); err != nil {
					t.Fatalf("checked series rejected by fit: %v", err)
				}
			}
		}
	})
}
