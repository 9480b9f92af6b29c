package measure

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"augur/internal/base/fit"
	"augur/internal/frontend/model"
)

// Model is one series' fitted model, as augur fit's document lists it:
// the PMNF expression in the model language, its quality and its values
// at the points asked for.
type Model struct {
	Region      string       `json:"region,omitempty"`
	Metric      string       `json:"metric"`
	Params      []string     `json:"params"`
	Expression  string       `json:"expression"`
	ExtraP      string       `json:"extrap_form"`
	SMAPE       float64      `json:"smape"`
	CVSMAPE     *float64     `json:"cv_smape"`
	AdjR2       *float64     `json:"adj_r2"`
	RSS         float64      `json:"rss"`
	Points      int          `json:"points"`
	Predictions []Prediction `json:"predictions"`
}

// Prediction is a model's value at a point of its parameters.
type Prediction struct {
	Point map[string]float64 `json:"point"`
	Value float64            `json:"value"`
}

// PointError is a point to predict at that does not fit the series'
// parameters: one is missing, or one is unknown.
type PointError struct {
	Point string // the point, NAME=VALUE,... sorted; "" for an unknown parameter
	Msg   string
}

func (e *PointError) Error() string { return e.Msg }

// ExprError is a fitted expression that the model language does not
// read: augur's own fault, not the input's.
type ExprError struct {
	Expr string
	Err  error
}

func (e *ExprError) Error() string {
	return fmt.Sprintf("internal error: the expression %q does not parse: %v", e.Expr, e.Err)
}

// FitSeries fits s and evaluates the model at points (values by the
// series' parameter names or by their identifiers). A failed fit is
// returned as "NAME: error"; a bad point as a *PointError.
func FitSeries(s *Series, opts fit.Options, points []map[string]float64) (*Model, error) {
	m, err := fit.Fit(s.Data(), opts)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", s.Name(), err)
	}
	// Parameter names become the cost function's arguments: they must
	// be identifiers of the model language.
	m.Params = Identifiers(s.Params)
	r := &Model{Region: s.Region, Metric: s.Metric, Params: m.Params, Expression: m.Expr(), ExtraP: m.String(),
		SMAPE: m.SMAPE, CVSMAPE: finite(m.CVSMAPE), AdjR2: finite(m.AdjR2), RSS: m.RSS, Points: m.Points,
		Predictions: []Prediction{}}
	if _, err := model.ParseExpr(r.Expression); err != nil {
		return nil, &ExprError{r.Expression, err}
	}
	for _, pt := range points {
		x := make([]float64, len(s.Params))
		for k, name := range s.Params {
			v, ok := pt[name]
			if !ok {
				v, ok = pt[m.Params[k]]
			}
			if !ok {
				return nil, &PointError{FormatPoint(pt), fmt.Sprintf("no value for parameter %s (the parameters are %s)", name, strings.Join(s.Params, ", "))}
			}
			x[k] = v
		}
		for name := range pt {
			if !contains(s.Params, name) && !contains(m.Params, name) {
				return nil, &PointError{"", fmt.Sprintf("unknown parameter %s (the parameters are %s)", name, strings.Join(s.Params, ", "))}
			}
		}
		r.Predictions = append(r.Predictions, Prediction{Point: pt, Value: m.Eval(x)})
	}
	return r, nil
}

func finite(v float64) *float64 {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return nil
	}
	return &v
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// FormatPoint prints a point as NAME=VALUE,... in the order of the names.
func FormatPoint(pt map[string]float64) string {
	keys := make([]string, 0, len(pt))
	for k := range pt {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = fmt.Sprintf("%s=%g", k, pt[k])
	}
	return strings.Join(parts, ",")
}

// Identifiers turns column names into model-language identifiers:
// characters outside [A-Za-z0-9_] become _, a leading digit gets a _
// prefix, keywords get a _ suffix.
func Identifiers(names []string) []string {
	out := make([]string, len(names))
	for i, n := range names {
		var b strings.Builder
		for j, r := range n {
			ok := r == '_' || (r >= 'a' && r <= 'z') || (r >= 'A' && r <= 'Z') || (j > 0 && r >= '0' && r <= '9')
			if j == 0 && r >= '0' && r <= '9' {
				b.WriteByte('_')
				ok = true
			}
			if ok {
				b.WriteRune(r)
			} else {
				b.WriteByte('_')
			}
		}
		s := b.String()
		if s == "" {
			s = "x"
		}
		if model.Keywords[s] {
			s += "_"
		}
		out[i] = s
	}
	return out
}
