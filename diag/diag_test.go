package diag

import "testing"

func TestError(t *testing.T) {
	for _, c := range []struct {
		e    *Error
		want string
	}{
		{&Error{File: "m.yaml", Line: 3, Col: 5, Msg: "bad"}, "m.yaml:3:5: bad"},
		{&Error{File: "t.txt", Line: 7, Msg: "bad"}, "t.txt:7: bad"},
		{&Error{File: "t.txt", Msg: "empty"}, "t.txt: empty"},
		{At("p.xml", 2, 9, "host %q", "h"), `p.xml:2:9: host "h"`},
	} {
		if got := c.e.Error(); got != c.want {
			t.Errorf("%+v: %q, want %q", c.e, got, c.want)
		}
	}
}
