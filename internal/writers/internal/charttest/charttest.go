// Package charttest reads back what the writers' charts draw, for their
// tests: the groups the chart package tags (their attributes, tooltip and
// the extent of their shapes) and the texts, so that a test checks that a
// bar is as high as its value says without knowing gonum's SVG.
package charttest

import (
	"encoding/xml"
	"io"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// Group is a tagged group: its attributes, its tooltip and the box of
// the paths in it, in the canvas's points (y up, as gonum draws).
type Group struct {
	Attrs                  map[string]string
	Title                  string
	MinX, MinY, MaxX, MaxY float64
}

// Text is a text drawn, at its position on the page (y down).
type Text struct {
	X, Y  float64
	Value string
}

// Chart is what an SVG chart holds.
type Chart struct {
	Root   map[string]string
	Groups []Group
	Texts  []Text
	Paths  int
}

var pathToken = regexp.MustCompile(`[A-Za-z]|-?[0-9.]+(e-?[0-9]+)?`)

// points are the end points of a path's segments (M, L, A, Z: what
// gonum writes).
func points(d string) [][2]float64 {
	var pts [][2]float64
	var nums []float64
	arc := false
	flush := func() {
		if arc && len(nums) >= 7 {
			nums = nums[len(nums)-2:]
		}
		for i := 0; i+1 < len(nums); i += 2 {
			pts = append(pts, [2]float64{nums[i], nums[i+1]})
		}
		nums = nums[:0]
	}
	for _, tok := range pathToken.FindAllString(d, -1) {
		if v, err := strconv.ParseFloat(tok, 64); err == nil {
			nums = append(nums, v)
			continue
		}
		flush()
		arc = tok == "A" || tok == "a"
	}
	flush()
	return pts
}

// Read parses an SVG chart; the error says where it is not well-formed.
func Read(svg string) (*Chart, error) {
	d := xml.NewDecoder(strings.NewReader(svg))
	c := &Chart{}
	var open []int // for each open <g>: its index in Groups, or -1
	inTitle, inText := false, false
	for {
		tok, err := d.Token()
		if err == io.EOF {
			return c, nil
		}
		if err != nil {
			return nil, err
		}
		switch t := tok.(type) {
		case xml.StartElement:
			attrs := map[string]string{}
			for _, a := range t.Attr {
				attrs[a.Name.Local] = a.Value
			}
			switch t.Name.Local {
			case "svg":
				c.Root = attrs
			case "g":
				if _, ok := attrs["transform"]; ok {
					open = append(open, -1)
					break
				}
				c.Groups = append(c.Groups, Group{Attrs: attrs, MinX: math.Inf(1), MinY: math.Inf(1), MaxX: math.Inf(-1), MaxY: math.Inf(-1)})
				open = append(open, len(c.Groups)-1)
			case "title":
				inTitle = true
			case "text":
				inText = true
				x, _ := strconv.ParseFloat(attrs["x"], 64)
				y, _ := strconv.ParseFloat(attrs["y"], 64)
				// gonum writes text at (x, -y) under scale(1, -1).
				c.Texts = append(c.Texts, Text{X: x, Y: -y})
			case "path":
				c.Paths++
				pts := points(attrs["d"])
				for _, k := range open {
					if k < 0 {
						continue
					}
					g := &c.Groups[k]
					for _, pt := range pts {
						g.MinX, g.MaxX = math.Min(g.MinX, pt[0]), math.Max(g.MaxX, pt[0])
						g.MinY, g.MaxY = math.Min(g.MinY, pt[1]), math.Max(g.MaxY, pt[1])
					}
				}
			}
		case xml.EndElement:
			switch t.Name.Local {
			case "g":
				open = open[:len(open)-1]
			case "title":
				inTitle = false
			case "text":
				inText = false
			}
		case xml.CharData:
			if inTitle && len(open) > 0 && open[len(open)-1] >= 0 {
				c.Groups[open[len(open)-1]].Title += string(t)
			} else if inText && !inTitle {
				c.Texts[len(c.Texts)-1].Value += string(t)
			}
		}
	}
}

// Titled is the groups whose tooltip is title.
func (c *Chart) Titled(title string) []Group {
	return c.groups(func(g Group) bool { return g.Title == title })
}

// With is the groups whose attribute name is value.
func (c *Chart) With(name, value string) []Group {
	return c.groups(func(g Group) bool { v, ok := g.Attrs[name]; return ok && v == value })
}

func (c *Chart) groups(keep func(Group) bool) []Group {
	var out []Group
	for _, g := range c.Groups {
		if keep(g) {
			out = append(out, g)
		}
	}
	return out
}

// HasText says whether a text reads s.
func (c *Chart) HasText(s string) bool {
	return slices.ContainsFunc(c.Texts, func(t Text) bool { return t.Value == s })
}
