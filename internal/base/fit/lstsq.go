package fit

import (
	"errors"
	"math"
)

// errSingular reports a design matrix whose columns are (nearly) linearly
// dependent: the hypothesis cannot be told apart from a smaller one on
// these points, so it is skipped rather than given arbitrary coefficients.
var errSingular = errors.New("singular design matrix")

// lstsq solves min ||A·c − y||₂ for c, A given column by column (cols[j][i]
// is row i of column j). Columns are scaled to unit norm first and the
// system is solved by Householder QR: the PMNF terms span many orders of
// magnitude (p^3 next to log2(p)), where normal equations would square an
// already large condition number.
func lstsq(cols [][]float64, y []float64) ([]float64, error) {
	m := len(cols)
	if m == 0 {
		return nil, nil
	}
	n := len(y)
	if n < m {
		return nil, errSingular
	}
	// a is row-major n×m, scaled.
	a := make([]float64, n*m)
	scale := make([]float64, m)
	for j, c := range cols {
		var s float64
		for _, v := range c {
			s += v * v
		}
		s = math.Sqrt(s)
		if s == 0 || math.IsNaN(s) || math.IsInf(s, 0) {
			return nil, errSingular
		}
		scale[j] = s
		for i, v := range c {
			a[i*m+j] = v / s
		}
	}
	b := append([]float64(nil), y...)
	diag := make([]float64, m)
	for k := 0; k < m; k++ {
		var norm float64
		for i := k; i < n; i++ {
			norm += a[i*m+k] * a[i*m+k]
		}
		norm = math.Sqrt(norm)
		// Relative to the unit column norm: below this the column is a
		// combination of the previous ones to working precision.
		if norm < 1e-10 {
			return nil, errSingular
		}
		if a[k*m+k] > 0 {
			norm = -norm
		}
		// Householder vector v = x − norm·e_k stored in column k below the diagonal.
		a[k*m+k] -= norm
		var vv float64
		for i := k; i < n; i++ {
			vv += a[i*m+k] * a[i*m+k]
		}
		for j := k + 1; j < m; j++ {
			var d float64
			for i := k; i < n; i++ {
				d += a[i*m+k] * a[i*m+j]
			}
			f := 2 * d / vv
			for i := k; i < n; i++ {
				a[i*m+j] -= f * a[i*m+k]
			}
		}
		var d float64
		for i := k; i < n; i++ {
			d += a[i*m+k] * b[i]
		}
		f := 2 * d / vv
		for i := k; i < n; i++ {
			b[i] -= f * a[i*m+k]
		}
		diag[k] = norm
	}
	c := make([]float64, m)
	for k := m - 1; k >= 0; k-- {
		s := b[k]
		for j := k + 1; j < m; j++ {
			s -= a[k*m+j] * c[j]
		}
		c[k] = s / diag[k]
	}
	for j := range c {
		c[j] /= scale[j]
		if math.IsNaN(c[j]) || math.IsInf(c[j], 0) {
			return nil, errSingular
		}
	}
	return c, nil
}
