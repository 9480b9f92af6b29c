package platform

import "testing"

// Without a hostfile ranks go round robin over the hosts by name, as
// smpirun places them.
func TestDefaultPlacement(t *testing.T) {
	m, err := Load("testdata/named_hosts.xml")
	if err != nil {
		t.Fatal(err)
	}
	_, hosts := DefaultPlacement(m, 6)
	want := []string{"c0", "c1", "p0", "p1", "c0", "c1"}
	for r := range want {
		if hosts[r] != want[r] {
			t.Fatalf("hosts %v, want %v", hosts, want)
		}
	}
}
