package chart

import (
	"image/color"
	"strings"
	"testing"

	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg/draw"
)

// A plot renders to the same bytes twice; the root carries the given
// attributes, sized in pixels, without gonum's prelude; a tagged group
// becomes a <g> with its attributes and tooltip around its shapes.
func TestSVG(t *testing.T) {
	render := func() string {
		p := New()
		p.Title.Text = "t <1>"
		l, err := plotter.NewLine(plotter.XYs{{X: 0, Y: 0}, {X: 1, Y: 2}})
		if err != nil {
			t.Fatal(err)
		}
		p.Add(Tagged{Plotter: l, Title: `a & "b"`, Attrs: []Attr{{Name: "class", Value: "line"}, {Name: "data-v", Value: "2"}}})
		p.Y.Tick.Marker = RoundTicks{N: 4, Scale: 1e3}
		svg, err := SVG(p, 200, 100, Attr{Name: "class", Value: "chart"})
		if err != nil {
			t.Fatal(err)
		}
		return svg
	}
	svg := render()
	if svg != render() {
		t.Error("two renderings differ")
	}
	if !strings.HasPrefix(svg, `<svg width="200" height="100" viewBox="0 0 200 100" class="chart">`) {
		t.Errorf("root: %.120s", svg)
	}
	if strings.Contains(svg, "<?xml") || strings.Contains(svg, fence) {
		t.Error("gonum's prelude or a marker is left")
	}
	i := strings.Index(svg, `<g class="line" data-v="2"><title>a &amp; &#34;b&#34;</title>`)
	if i < 0 {
		t.Fatalf("no tagged group:\n%s", svg)
	}
	if j := strings.Index(svg[i:], "</g>"); j < 0 || !strings.Contains(svg[i:i+j], "<path") {
		t.Error("the group does not hold the line")
	}
	if !strings.Contains(svg, "font-family:Liberation Sans,Arial,sans-serif;") || !strings.Contains(svg, ">t &lt;1&gt;</text>") {
		t.Error("the title is not in the charts' typeface, or not escaped")
	}
	// 0 to 2 s in ms, round: 0, 500, ..., 2000.
	var ticks []string
	for _, tk := range (RoundTicks{N: 4, Scale: 1e3}).Ticks(0, 2) {
		ticks = append(ticks, tk.Label)
	}
	if strings.Join(ticks, " ") != "0 500 1000 1500 2000" {
		t.Errorf("ticks %v", ticks)
	}
}

func TestColour(t *testing.T) {
	for css, want := range map[string]color.Color{
		"#4e79a7":           color.RGBA{0x4e, 0x79, 0xa7, 255},
		"#888":              color.RGBA{0x88, 0x88, 0x88, 255},
		"#bbb":              color.RGBA{0xbb, 0xbb, 0xbb, 255},
		"hsl(0.00,55%,42%)": color.RGBA{166, 48, 48, 255},
		"hsl(120,100%,50%)": color.RGBA{0, 255, 0, 255},
		"nonsense":          color.Black,
	} {
		if got := Colour(css); got != want {
			t.Errorf("%s: %v, want %v", css, got, want)
		}
	}
}

// A drawing without a plot renders too (the pies).
func TestDraw(t *testing.T) {
	svg, err := Draw(50, 50, func(c draw.Canvas) { c.FillPolygon(color.Black, Rect(0, 0, 10, 10)) })
	if err != nil || !strings.Contains(svg, `<path d="M0,0L10,0L10,10L0,10Z"`) {
		t.Errorf("%v\n%s", err, svg)
	}
}
