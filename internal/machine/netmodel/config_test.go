package netmodel

import (
	"math"
	"strings"
	"testing"
)

func TestSMPIFactors(t *testing.T) {
	c := Defaults(SMPI)
	// The entry with the largest size strictly below the message applies
	// (checked against smpirun: 241+16 bytes gets 2.01467, 242+16 1.95341;
	// 1410+16 gets 1.9503, 1411+16 1.61075).
	for _, x := range []struct{ size, lat, bw float64 }{
		{0, 2.01467, 0.812084}, {256, 2.01467, 0.812084}, {257, 2.01467, 0.812084}, {258, 1.95341, 0.338112},
		{1016, 1.9503, 0.341987}, {1426, 1.9503, 0.341987}, {1427, 1.61075, 0.608902},
		{65472, 3.48845, 0.697866}, {65473, 11.6436, 0.940694}, {1e9, 11.6436, 0.940694},
	} {
		if l, b := c.LatFactor.At(x.size), c.BwFactor.At(x.size); l != x.lat || b != x.bw {
			t.Errorf("size %g: factors %g, %g; want %g, %g", x.size, l, b, x.lat, x.bw)
		}
	}
	if c.WeightS != 8775 || c.TCPGamma != 4194304 || !c.CrossTraffic || c.DetachedThresh != 65536 || c.ExtraBytes != 16 {
		t.Errorf("SMPI defaults %+v", c)
	}
	if l := Defaults(LV08); l.LatFactor.At(5) != 13.01 || l.BwFactor.At(5) != 0.97 || l.WeightS != 20537 {
		t.Errorf("LV08 defaults %+v", l)
	}
	if c := Defaults(CM02); c.LatFactor.At(5) != 1 || c.WeightS != 0 {
		t.Errorf("CM02 defaults %+v", c)
	}
}

func TestConfigKeys(t *testing.T) {
	c, err := New("smpi", map[string]string{"smpi/bw-factor": "0:0.5;1000:0.25", "network/crosstraffic": "no", "smpi/os": "0:1e-6:1e-9;1000:2e-6:0"})
	if err != nil {
		t.Fatal(err)
	}
	if c.Model != SMPI || c.BwFactor.At(999) != 0.5 || c.BwFactor.At(1000) != 0.5 || c.BwFactor.At(1001) != 0.25 || c.CrossTraffic {
		t.Errorf("config %+v", c)
	}
	if got := c.Os.At(10); math.Abs(got-1.01e-6) > 1e-18 {
		t.Errorf("os(10) = %g", got)
	}
	if s := c.BwFactor.String(); s != "1000:0.25;0:0.5" {
		t.Errorf("String() = %q", s)
	}
	if c, err := New("", map[string]string{"network/model": "LV08"}); err != nil || c.Model != LV08 {
		t.Errorf("network/model key: %v %v", c.Model, err)
	}
	for _, bad := range []struct{ k, v, want string }{
		{"network/TCP-gama", "1", `did you mean "network/TCP-gamma"`},
		{"network/weight-S", "-1", "not a number ≥ 0"},
		{"smpi/bw-factor", "0:0.5;0:0.6", "twice"},
		{"smpi/bw-factor", "0:0", "positive"},
		{"network/crosstraffic", "maybe", "yes or no"},
	} {
		_, err := New("SMPI", map[string]string{bad.k: bad.v})
		if err == nil || !strings.Contains(err.Error(), bad.want) {
			t.Errorf("%s:%s: error %v, want %q", bad.k, bad.v, err, bad.want)
		}
	}
	if _, err := New("NS3", nil); err == nil {
		t.Error("unknown model accepted")
	}
	if k, v, err := ParseCfg("smpi/bw-factor:0:0.5"); err != nil || k != "smpi/bw-factor" || v != "0:0.5" {
		t.Errorf("ParseCfg = %q %q %v", k, v, err)
	}
}

// FuzzFactors: factor and overhead lists never panic, and accepted factor
// lists give positive factors.
func FuzzFactors(f *testing.F) {
	f.Add(smpiBwFactor)
	f.Add("13.01")
	f.Add("0:0:0:0:0")
	f.Fuzz(func(t *testing.T, s string) {
		if fs, err := ParseFactors(s); err == nil {
			for _, size := range []float64{0, 1, 1e6} {
				if v := fs.At(size); !(v > 0) {
					t.Fatalf("%q: factor %g at %g", s, v, size)
				}
			}
		}
		if a, err := ParseAffine(s); err == nil {
			if v := a.At(100); v < 0 {
				t.Fatalf("%q: overhead %g", s, v)
			}
		}
	})
}

func TestParseBool(t *testing.T) {
	for v, want := range map[string]bool{"yes": true, "On": true, "true": true, "1": true, "no": false, " off ": false, "FALSE": false, "0": false} {
		if got, err := ParseBool(v); err != nil || got != want {
			t.Errorf("ParseBool(%q) = %v, %v; want %v", v, got, err, want)
		}
	}
	if _, err := ParseBool("maybe"); err == nil || err.Error() != `"maybe" is not yes or no` {
		t.Errorf("ParseBool(maybe): %v", err)
	}
}
