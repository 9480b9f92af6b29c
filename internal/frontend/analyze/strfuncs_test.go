package analyze

import "testing"

// testdata/strfuncs.c: strcpy walks its source, whose allocation is n + 1
// = 1048577 bytes; strncpy and memcmp their length arguments, 4096 and
// 1000; strlen of argv[0], a string of no known size, is one call. Each
// priced as memcpy of its bytes (with memset's own key for memset).
func TestStringFunctionBytes(t *testing.T) {
	a, err := Run(load(t, "testdata/strfuncs.c"), o2)
	if err != nil {
		t.Fatal(err)
	}
	ops := blockAt(t, a, "main", 6).Ops
	for k, want := range map[string]float64{"memcpy@1048577": 1, "memcpy@4096": 1, "memcpy@1000": 1, "memset@1048576": 1, "call": 1} {
		if ops[k] != want {
			t.Errorf("%s: %v, want %v (ops %v)", k, ops[k], want, ops)
		}
	}
}
