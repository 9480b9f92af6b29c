package validation

import (
	"fmt"
	"image/color"
	"io"
	"math"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"

	"augur/internal/run/validate"
)

// The chart of Performance Prophet's Fig. 15: for every configuration,
// bars of the measured and the predicted time (and the reference, if
// any), drawn with gonum/plot, which sets text in real fonts (Liberation,
// embedded) and writes SVG and PNG from one layout.

// Chart size in points; the PNG is rendered at 96 dots per inch.
const (
	chartW = 9 * vg.Inch
	chartH = 4.8 * vg.Inch
)

var (
	colMeasured  = color.RGBA{90, 90, 90, 255}
	colPredicted = color.RGBA{230, 120, 30, 255}
	colReference = color.RGBA{60, 130, 200, 255}
)

// maxLabels is how many configuration labels (a few short lines each) fit
// side by side under the chart; past it every k-th configuration is
// labelled, so labels never overlap.
const maxLabels = 12

// chart lays the table out as grouped bars.
func chart(t *validate.Table, title string) (*plot.Plot, error) {
	p := plot.New()
	p.Title.Text = title
	maxV := 0.0
	for _, r := range t.Rows {
		maxV = math.Max(maxV, math.Max(r.Measured, r.Predicted))
		if r.Reference != nil {
			maxV = math.Max(maxV, *r.Reference)
		}
	}
	unit, scale := timeUnit(maxV)
	p.Y.Label.Text = "time (" + unit + ")"
	p.Y.Min = 0
	series := []struct {
		name string
		c    color.Color
		v    func(validate.Row) float64
	}{
		{"measured (Tm)", colMeasured, func(r validate.Row) float64 { return r.Measured }},
		{"augur (Ts)", colPredicted, func(r validate.Row) float64 { return r.Predicted }},
	}
	if t.RefName != "" {
		series = append(series, struct {
			name string
			c    color.Color
			v    func(validate.Row) float64
		}{t.RefName, colReference, func(r validate.Row) float64 { return *r.Reference }})
	}
	n := max(len(t.Rows), 1)
	// Bars share a group's width: narrower the more configurations.
	width := vg.Length(float64(chartW-1.2*vg.Inch) / float64(n) * 0.75 / float64(len(series)))
	for k, s := range series {
		vals := make(plotter.Values, len(t.Rows))
		for i, r := range t.Rows {
			vals[i] = s.v(r) * scale
		}
		bars, err := plotter.NewBarChart(vals, width)
		if err != nil {
			return nil, fmt.Errorf("chart: %w", err)
		}
		bars.Color = s.c
		bars.LineStyle.Width = 0
		bars.Offset = width * (vg.Length(k) - vg.Length(len(series)-1)/2)
		p.Add(bars)
		p.Legend.Add(s.name, bars)
	}
	// Headroom above the tallest bar holds the legend.
	p.Y.Max = maxV * scale * 1.25
	if p.Y.Max == 0 {
		p.Y.Max = 1
	}
	p.Y.Tick.Marker = plainTicks{}
	p.X.Min, p.X.Max = -0.6, float64(n)-0.4
	p.Legend.Top = true
	p.Legend.Left = false
	p.Legend.Padding = vg.Points(4)
	grid := plotter.NewGrid()
	grid.Vertical.Width = 0 // configurations are categories: no vertical lines
	p.Add(grid)
	every := (len(t.Rows) + maxLabels - 1) / maxLabels
	labels := make([]string, len(t.Rows))
	for i, r := range t.Rows {
		if i%max(every, 1) == 0 {
			labels[i] = strings.Join(strings.Fields(r.Config.Label()), "\n") + fmt.Sprintf("\n%.1f %%", r.Error())
		}
	}
	p.NominalX(labels...)
	p.X.Tick.Label.Font.Size = font.Length(9)
	p.X.Label.Text = "configuration, and augur's error"
	return p, nil
}

// plainTicks are gonum/plot's default ticks written without trailing
// zeros (250, not 250.00).
type plainTicks struct{}

func (plainTicks) Ticks(lo, hi float64) []plot.Tick {
	ticks := plot.DefaultTicks{}.Ticks(lo, hi)
	for i := range ticks {
		if ticks[i].Label != "" {
			ticks[i].Label = fmt.Sprintf("%g", ticks[i].Value)
		}
	}
	return ticks
}

// timeUnit picks the unit of the time axis from its largest value: the
// name and the factor from seconds.
func timeUnit(maxS float64) (string, float64) {
	switch {
	case maxS >= 1 || maxS == 0:
		return "s", 1
	case maxS >= 1e-3:
		return "ms", 1e3
	case maxS >= 1e-6:
		return "µs", 1e6
	}
	return "ns", 1e9
}

// WriteSVG draws the chart as SVG.
func WriteSVG(w io.Writer, t *validate.Table, title string) error {
	return write(w, t, title, "svg")
}

// WritePNG draws the chart as PNG.
func WritePNG(w io.Writer, t *validate.Table, title string) error {
	return write(w, t, title, "png")
}

func write(w io.Writer, t *validate.Table, title, format string) error {
	p, err := chart(t, title)
	if err != nil {
		return err
	}
	wt, err := p.WriterTo(chartW, chartH, format)
	if err != nil {
		return fmt.Errorf("chart: %w", err)
	}
	if _, err := wt.WriteTo(w); err != nil {
		return fmt.Errorf("writing the chart: %w", err)
	}
	return nil
}
