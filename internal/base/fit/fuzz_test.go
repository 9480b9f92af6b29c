package fit_test

import (
	"math"
	"os"
	"strconv"
	"testing"

	"augur/internal/base/fit"
	"augur/internal/frontend/model"
	"augur/internal/run/measure"
)

// FuzzFit fits whatever measurements read: no panic, finite coefficients,
// and an expression the model language parses (all-1e308 data once gave
// "+Inf", an internal error).
func FuzzFit(f *testing.F) {
	for _, p := range []string{"testdata/extrap_quickstart.txt", "testdata/extrap_two_parameter_1.txt"} {
		if data, err := os.ReadFile(p); err == nil {
			f.Add(data)
		}
	}
	f.Add([]byte("p,time\n1,1e-170\n2,2e-170\n4,4e-170\n8,8e-170\n16,1.6e-169\n"))
	f.Add([]byte("p,n,time\n1,1,3\n2,1,5\n4,1,9\n1,2,6\n2,2,10\n4,2,18\n1,4,12\n2,4,20\n4,4,36\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		series, err := measure.Read("f.csv", data, measure.Options{})
		if err != nil {
			return
		}
		for _, s := range series {
			m, err := fit.Fit(s.Data(), fit.Options{})
			if err != nil {
				continue
			}
			for _, c := range append([]float64{m.Constant}, m.Coefs...) {
				if math.IsInf(c, 0) || math.IsNaN(c) {
					t.Fatalf("%s: coefficient %v", s.Name(), c)
				}
			}
			// The parameters as augur fit names them: identifiers.
			for k := range m.Params {
				m.Params[k] = "p" + strconv.Itoa(k)
			}
			if _, err := model.ParseExpr(m.Expr()); err != nil {
				t.Fatalf("%s: expression %q does not parse: %v", s.Name(), m.Expr(), err)
			}
		}
	})
}
