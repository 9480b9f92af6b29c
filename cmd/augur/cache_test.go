package main

import (
	"os"
	"testing"
)

// TestMain gives the tests a trace cache of their own (the replays
// compile their traces into it and read them back from it), not the
// user's.
func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "augur-test-cache")
	if err != nil {
		panic(err)
	}
	os.Setenv("AUGUR_CACHE_DIR", dir)
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}
