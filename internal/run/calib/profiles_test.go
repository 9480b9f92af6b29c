package calib

import "testing"

func TestGroupName(t *testing.T) {
	for host, want := range map[string]string{"node-01.cluster.org": "node-01", "a b_c": "ab_c", "": "thishost", "...": "thishost"} {
		if got := GroupName(host); got != want {
			t.Errorf("GroupName(%q) = %q, want %q", host, got, want)
		}
	}
}
