// Package chart renders the writers' charts with gonum/plot: a plot (or
// any drawing on a gonum canvas) becomes an SVG element to embed in a
// page or to write as a document, in the project's fonts, with round
// time ticks, and with the attributes and tooltips the pages' scripts
// and browser tests read on its shapes.
package chart

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"html"
	"image/color"
	"math"
	"regexp"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgsvg"

	"augur/internal/results"
)

// Attr is an attribute of an SVG element: a class, a data-* value a
// script reads.
type Attr struct{ Name, Value string }

// Sans is the charts' typeface: Liberation Sans, embedded in gonum/plot,
// which measures the text; pages fall back to its metric twin Arial.
var Sans = font.Font{Typeface: "Liberation", Variant: "Sans"}

// New is a plot in the charts' typeface and sizes: 10 pt ticks and
// legend, 11 pt axis labels, a 12 pt title.
func New() *plot.Plot {
	p := plot.New()
	set := func(s *draw.TextStyle, size float64) {
		s.Font = Sans
		s.Font.Size = font.Length(size)
	}
	set(&p.Title.TextStyle, 12)
	set(&p.Legend.TextStyle, 10)
	for _, a := range []*plot.Axis{&p.X, &p.Y} {
		set(&a.Label.TextStyle, 11)
		set(&a.Tick.Label, 10)
	}
	return p
}

// Face is the charts' typeface at size points, for text a plotter draws.
func Face(size float64) font.Face {
	return font.DefaultCache.Lookup(Sans, font.Length(size))
}

// Namespace is SVG's, the xmlns of a standalone document (an SVG
// element in HTML has none: the reports refer to nothing outside them).
const Namespace = "http://www.w3.org/2000/svg"

// SVG renders p as an SVG element w × h, one point of the plot a pixel
// of the page, with attrs on the root element.
func SVG(p *plot.Plot, w, h vg.Length, attrs ...Attr) (string, error) {
	return Draw(w, h, p.Draw, attrs...)
}

// Draw renders what draw draws on a w × h canvas as an SVG element. The
// output depends only on what is drawn: gonum's SVG backend writes no
// time or random name.
func Draw(w, h vg.Length, drawFn func(draw.Canvas), attrs ...Attr) (string, error) {
	c := vgsvg.New(w, h)
	drawFn(draw.New(c))
	var b bytes.Buffer
	if _, err := c.WriteTo(&b); err != nil {
		return "", fmt.Errorf("rendering a chart: %w", err)
	}
	out := b.String()
	// gonum's prelude (an XML declaration, a comment, a root sized in
	// points) gives way to a root that can sit in HTML, sized in pixels.
	i := strings.Index(out, "<svg")
	j := strings.Index(out[max(i, 0):], ">")
	if i < 0 || j < 0 {
		return "", fmt.Errorf("rendering a chart: gonum wrote no <svg> element")
	}
	var root strings.Builder
	fmt.Fprintf(&root, `<svg width="%s" height="%s" viewBox="0 0 %s %s"`,
		num(w.Points()), num(h.Points()), num(w.Points()), num(h.Points()))
	for _, a := range attrs {
		fmt.Fprintf(&root, ` %s="%s"`, a.Name, html.EscapeString(a.Value))
	}
	root.WriteString(">")
	out = root.String() + out[i+j+1:]
	out = strings.ReplaceAll(out, "font-family:Liberation Sans;", "font-family:Liberation Sans,Arial,sans-serif;")
	return marker.ReplaceAllStringFunc(out, func(m string) string {
		raw, err := base64.StdEncoding.DecodeString(marker.FindStringSubmatch(m)[1])
		if err != nil {
			return m // cannot happen: Open and Close wrote it
		}
		return string(raw)
	}), nil
}

func num(x float64) string {
	return strings.TrimRight(strings.TrimRight(fmt.Sprintf("%.2f", x), "0"), ".")
}

// gonum's canvas has no way to give a shape attributes or a tooltip, so
// Open and Close write the group's tags as text drawn on the canvas,
// between private-use characters, base64 (which html escaping leaves
// alone), and Draw turns each such <text> into the tags it carries.
const fence = "\uE000"

var marker = regexp.MustCompile(`<text [^>]*>` + fence + `([A-Za-z0-9+/=]*)` + fence + `</text>\n?`)

func emit(c vg.Canvas, raw string) {
	c.FillString(Face(1), vg.Point{}, fence+base64.StdEncoding.EncodeToString([]byte(raw))+fence)
}

// Open starts an SVG group of what is drawn next on c, up to the
// matching Close: a <g> with attrs and, if title is not empty, that
// tooltip. Open and Close must be called at the same depth of c's
// Push and Pop.
func Open(c vg.Canvas, title string, attrs ...Attr) {
	var b strings.Builder
	b.WriteString("<g")
	for _, a := range attrs {
		fmt.Fprintf(&b, ` %s="%s"`, a.Name, html.EscapeString(a.Value))
	}
	b.WriteString(">")
	if title != "" {
		fmt.Fprintf(&b, "<title>%s</title>", html.EscapeString(title))
	}
	emit(c, b.String())
}

// Close ends the group Open started.
func Close(c vg.Canvas) { emit(c, "</g>\n") }

// RoundTicks are round ticks (1, 2 or 5 times a power of ten, about N
// of them), written times Scale: an axis in seconds in the unit
// results.TimeUnit picks, or 1 for numbers; ticks outside the axis are
// left out.
type RoundTicks struct {
	N     int
	Scale float64
}

// Ticks implements plot.Ticker.
func (t RoundTicks) Ticks(lo, hi float64) []plot.Tick {
	vs, step := results.Ticks(lo, hi, t.N)
	var ts []plot.Tick
	for _, v := range vs {
		if v < lo-step*1e-9 || v > hi+step*1e-9 {
			continue
		}
		ts = append(ts, plot.Tick{Value: v, Label: results.TickText(v, step, t.Scale)})
	}
	return ts
}

// AxisMax is the top of an axis from 0 holding max: its last round tick
// (1 when there is nothing to show).
func AxisMax(max float64, n int) float64 {
	ticks, _ := results.Ticks(0, max, n)
	top := ticks[len(ticks)-1]
	if !(top > 0) || math.IsInf(top, 0) {
		return 1
	}
	return top
}

// Colour reads a CSS colour as the writers write them: #rrggbb, #rgb, or
// hsl(h,s%,l%) for the hues past a palette.
func Colour(css string) color.Color {
	var r, g, b uint8
	if len(css) == 4 { // #rgb
		if _, err := fmt.Sscanf(css, "#%1x%1x%1x", &r, &g, &b); err == nil {
			return color.RGBA{r * 17, g * 17, b * 17, 255}
		}
	}
	if _, err := fmt.Sscanf(css, "#%02x%02x%02x", &r, &g, &b); err == nil {
		return color.RGBA{r, g, b, 255}
	}
	var h, s, l float64
	if _, err := fmt.Sscanf(css, "hsl(%g,%g%%,%g%%)", &h, &s, &l); err == nil {
		return hsl(h, s/100, l/100)
	}
	return color.Black
}

// hsl converts a hue (degrees), saturation and lightness (0 to 1) to RGB,
// as CSS does.
func hsl(h, s, l float64) color.Color {
	f := func(n float64) uint8 {
		k := math.Mod(n+h/30, 12)
		a := s * math.Min(l, 1-l)
		return uint8(math.Round(255 * (l - a*math.Max(-1, math.Min(math.Min(k-3, 9-k), 1)))))
	}
	return color.RGBA{f(0), f(8), f(4), 255}
}

// Tagged is a plotter whose drawing is one tagged group (Open): a line
// with its series' name as tooltip, a point with its value.
type Tagged struct {
	plot.Plotter
	Title string
	Attrs []Attr
}

// Plot implements plot.Plotter.
func (t Tagged) Plot(c draw.Canvas, p *plot.Plot) {
	Open(c, t.Title, t.Attrs...)
	t.Plotter.Plot(c, p)
	Close(c)
}

// DataRange is the wrapped plotter's, if it has one.
func (t Tagged) DataRange() (xmin, xmax, ymin, ymax float64) {
	if r, ok := t.Plotter.(plot.DataRanger); ok {
		return r.DataRange()
	}
	return math.Inf(1), math.Inf(-1), math.Inf(1), math.Inf(-1)
}

// Text is the style of text a plotter writes: the charts' typeface at
// size points, black, aligned by xAlign and yAlign (draw.XLeft, XCenter,
// XRight; draw.YBottom, YCenter, YTop).
func Text(size float64, xAlign draw.XAlignment, yAlign draw.YAlignment) draw.TextStyle {
	f := Sans
	f.Size = font.Length(size)
	return draw.TextStyle{Color: color.Black, Font: f, XAlign: xAlign, YAlign: yAlign, Handler: plot.DefaultTextHandler}
}

// Rect is the corners of a rectangle, for FillPolygon.
func Rect(x0, y0, x1, y1 vg.Length) []vg.Point {
	return []vg.Point{{X: x0, Y: y0}, {X: x1, Y: y0}, {X: x1, Y: y1}, {X: x0, Y: y1}}
}
