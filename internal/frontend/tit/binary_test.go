package tit

import (
	"strings"
	"testing"
)

// An OTF2 anchor given as a TiT trace is named as one, not read as an
// index naming a trace file of its first bytes ("\x03BOTF2..." not found).
func TestOTF2AnchorNamed(t *testing.T) {
	const anchor = "../otf2/testdata/ring4/traces.otf2"
	_, err := Open(anchor, 0, DefaultSettings())
	if err == nil || !strings.Contains(err.Error(), anchor+":1: an OTF2 archive's anchor, not a time-independent trace") || strings.Contains(err.Error(), "not found") {
		t.Errorf("got %v", err)
	}
}
