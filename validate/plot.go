package validate

import (
	"fmt"
	"html"
	"image"
	"image/color"
	"image/png"
	"io"
	"math"
	"strings"
)

// The chart of seed 000's Fig. 15: for every configuration, bars of the
// measured and the predicted time (and the reference, if any), in seconds.
// One layout drawn on two canvases: SVG text and a PNG raster (standard
// library only, with a built-in 3×5 pixel font).

const (
	chartW, chartH = 880, 460
	marginL        = 70
	marginR        = 20
	marginT        = 50
	marginB        = 80
)

type rgb struct{ r, g, b uint8 }

func (c rgb) hex() string { return fmt.Sprintf("#%02x%02x%02x", c.r, c.g, c.b) }

var (
	colMeasured  = rgb{90, 90, 90}
	colPredicted = rgb{230, 120, 30}
	colReference = rgb{60, 130, 200}
	colAxis      = rgb{0, 0, 0}
	colGrid      = rgb{220, 220, 220}
)

// canvas is what the chart is drawn on.
type canvas interface {
	rect(x, y, w, h float64, c rgb)
	line(x1, y1, x2, y2 float64, c rgb)
	// text draws s with its baseline at y; anchor: "start", "middle", "end".
	text(x, y float64, s, anchor string, c rgb)
}

// draw lays the chart out on cv.
func draw(cv canvas, t *Table, title string) {
	cv.rect(0, 0, chartW, chartH, rgb{255, 255, 255})
	series := []struct {
		name string
		c    rgb
		v    func(Row) float64
	}{
		{"measured (Tm)", colMeasured, func(r Row) float64 { return r.Measured }},
		{"augur (Ts)", colPredicted, func(r Row) float64 { return r.Predicted }},
	}
	if t.RefName != "" {
		series = append(series, struct {
			name string
			c    rgb
			v    func(Row) float64
		}{t.RefName, colReference, func(r Row) float64 { return *r.Reference }})
	}
	maxV := 0.0
	for _, r := range t.Rows {
		for _, s := range series {
			maxV = math.Max(maxV, s.v(r))
		}
	}
	step := niceStep(maxV / 5)
	top := math.Ceil(maxV/step) * step
	if top <= 0 {
		top, step = 1, 0.2
	}
	plotW := float64(chartW - marginL - marginR)
	plotH := float64(chartH - marginT - marginB)
	y := func(v float64) float64 { return float64(marginT) + plotH*(1-v/top) }
	for v := 0.0; v <= top*1.0001; v += step {
		cv.line(marginL, y(v), marginL+plotW, y(v), colGrid)
		cv.text(marginL-6, y(v)+4, trimNum(v), "end", colAxis)
	}
	cv.text(12, marginT-14, "time (s)", "start", colAxis)
	cv.text(marginL+plotW/2, 22, title, "middle", colAxis)
	n := len(t.Rows)
	group := plotW / float64(max(n, 1))
	barW := group * 0.7 / float64(len(series))
	for i, r := range t.Rows {
		x0 := float64(marginL) + group*float64(i) + group*0.15
		for k, s := range series {
			v := s.v(r)
			cv.rect(x0+barW*float64(k), y(v), barW-1, y(0)-y(v), s.c)
		}
		for j, part := range strings.Fields(r.Config.Label()) {
			cv.text(x0+group*0.35, y(0)+18+14*float64(j), part, "middle", colAxis)
		}
		cv.text(x0+group*0.35, y(0)+18+14*float64(len(strings.Fields(r.Config.Label()))), fmt.Sprintf("%.0f%%", r.Error()), "middle", colPredicted)
	}
	cv.line(marginL, y(0), marginL+plotW, y(0), colAxis)
	cv.line(marginL, marginT, marginL, y(0), colAxis)
	// Legend, top right.
	lx := float64(chartW - marginR - 150)
	for k, s := range series {
		ly := float64(marginT + 8 + 16*k)
		cv.rect(lx, ly-9, 10, 10, s.c)
		cv.text(lx+16, ly, s.name, "start", colAxis)
	}
}

// niceStep rounds a raw step up to 1, 2 or 5 times a power of ten.
func niceStep(raw float64) float64 {
	if raw <= 0 || math.IsNaN(raw) || math.IsInf(raw, 0) {
		return 1
	}
	p := math.Pow(10, math.Floor(math.Log10(raw)))
	for _, m := range []float64{1, 2, 5, 10} {
		if raw <= m*p {
			return m * p
		}
	}
	return 10 * p
}

func trimNum(v float64) string { return fmt.Sprintf("%g", math.Round(v*1e6)/1e6) }

// WriteSVG draws the chart as SVG.
func WriteSVG(w io.Writer, t *Table, title string) error {
	s := &svgCanvas{}
	draw(s, t, title)
	_, err := fmt.Fprintf(w, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" font-family=\"sans-serif\" font-size=\"12\">\n%s</svg>\n",
		chartW, chartH, chartW, chartH, s.b.String())
	return err
}

type svgCanvas struct{ b strings.Builder }

func (s *svgCanvas) rect(x, y, w, h float64, c rgb) {
	fmt.Fprintf(&s.b, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\"/>\n", x, y, math.Max(w, 0), math.Max(h, 0), c.hex())
}

func (s *svgCanvas) line(x1, y1, x2, y2 float64, c rgb) {
	fmt.Fprintf(&s.b, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\"/>\n", x1, y1, x2, y2, c.hex())
}

func (s *svgCanvas) text(x, y float64, str, anchor string, c rgb) {
	fmt.Fprintf(&s.b, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"%s\" fill=\"%s\">%s</text>\n", x, y, anchor, c.hex(), html.EscapeString(str))
}

// WritePNG draws the chart as PNG.
func WritePNG(w io.Writer, t *Table, title string) error {
	r := &rasterCanvas{img: image.NewRGBA(image.Rect(0, 0, chartW, chartH))}
	draw(r, t, title)
	return png.Encode(w, r.img)
}

type rasterCanvas struct{ img *image.RGBA }

func (r *rasterCanvas) set(x, y int, c rgb) {
	if image.Pt(x, y).In(r.img.Rect) {
		r.img.SetRGBA(x, y, color.RGBA{c.r, c.g, c.b, 255})
	}
}

func (r *rasterCanvas) rect(x, y, w, h float64, c rgb) {
	for j := int(math.Round(y)); j < int(math.Round(y+h)); j++ {
		for i := int(math.Round(x)); i < int(math.Round(x+w)); i++ {
			r.set(i, j, c)
		}
	}
}

func (r *rasterCanvas) line(x1, y1, x2, y2 float64, c rgb) {
	n := int(math.Max(math.Abs(x2-x1), math.Abs(y2-y1))) + 1
	for k := 0; k <= n; k++ {
		f := float64(k) / float64(n)
		r.set(int(math.Round(x1+(x2-x1)*f)), int(math.Round(y1+(y2-y1)*f)), c)
	}
}

// text draws with the 3×5 font scaled twice: 8 px per character.
func (r *rasterCanvas) text(x, y float64, s, anchor string, c rgb) {
	const scale, adv = 2, 8
	w := float64(len([]rune(s)) * adv)
	switch anchor {
	case "middle":
		x -= w / 2
	case "end":
		x -= w
	}
	top := int(y) - 5*scale
	for k, ch := range s {
		g, ok := font3x5[upper(ch)]
		if !ok {
			g = font3x5['?']
		}
		for row := 0; row < 5; row++ {
			for col := 0; col < 3; col++ {
				if g[row*3+col] == '#' {
					for dy := 0; dy < scale; dy++ {
						for dx := 0; dx < scale; dx++ {
							r.set(int(x)+k*adv+col*scale+dx, top+row*scale+dy, c)
						}
					}
				}
			}
		}
	}
}

func upper(r rune) rune {
	if r >= 'a' && r <= 'z' {
		return r - 'a' + 'A'
	}
	return r
}

// font3x5 is a 3×5 pixel font: 15 characters per glyph, rows top down.
var font3x5 = map[rune]string{
	' ': "...............", '0': "####.##.##.####", '1': ".#.##..#..#.###", '2': "###..#####..###",
	'3': "###..####..####", '4': "#.##.####..#..#", '5': "####..###..####", '6': "####..####.####",
	'7': "###..#..#..#..#", '8': "####.#####.####", '9': "####.####..####", 'A': ".#.#.#####.##.#",
	'B': "##.#.###.#.###.", 'C': ".###..#..#...##", 'D': "##.#.##.##.###.", 'E': "####..####..###",
	'F': "####..####..#..", 'G': ".###..#.##.#.##", 'H': "#.##.#####.##.#", 'I': "###.#..#..#.###",
	'J': "..#..#..##.#.#.", 'K': "#.##.###.#.##.#", 'L': "#..#..#..#..###", 'M': "#.########.##.#",
	'N': "##.#.##.##.##.#", 'O': ".#.#.##.##.#.#.", 'P': "##.#.###.#..#..", 'Q': ".#.#.##.###..##",
	'R': "##.#.###.#.##.#", 'S': ".###...#...###.", 'T': "###.#..#..#..#.", 'U': "#.##.##.##.####",
	'V': "#.##.##.##.#.#.", 'W': "#.##.########.#", 'X': "#.##.#.#.#.##.#", 'Y': "#.##.#.#..#..#.",
	'Z': "###..#.#.#..###", '.': ".............#.", ',': "..........#.#..", '=': "...###...###...",
	'%': "#.#..#.#.#..#.#", '(': ".#.#..#..#...#.", ')': ".#...#..#..#.#.", '-': "......###......",
	'/': "..#..#.#.#..#..", ':': "....#.....#....", '+': "....#.###.#....", '_': "............###",
	'?': "###..#.#.....#.", '²': "##...#.#.###...", '·': ".......#.......",
}
