package sourceview

import (
	"bytes"
	"fmt"
	"math"
	"strings"
	"testing"
)

func samplePage() Page {
	t := 0.5
	return Page{
		Title: "demo", Machines: []string{"a", "b"}, Predicted: []*float64{&t, nil}, Compute: []float64{0.4, 0.2},
		Files: []File{{Name: "demo.c", Lines: []string{"int main(void) {", "  for (int i = 0; i < n; i++)", "    s += x[i]; /* <script>alert(1)</script> */", "}"}}},
		Blocks: []Block{
			{Name: "main_L1", Func: "main", Kind: "compute", File: "demo.c", First: 1, Last: 4, Count: "1", CountValue: 1, Provenance: "exact", Seconds: []float64{0.1, 0.05}},
			{Name: "main_L2", Func: "main", Kind: "loop", File: "demo.c", First: 2, Last: 3, Count: "n", CountValue: 1000, Provenance: "symbolic", Level: "l1",
				Ops: map[string]float64{"fp_add": 1, "load_seq": 1, "touch@8 * n": 1}, Seconds: []float64{0.3, 0.15},
				Classes: []map[string]float64{{"fp_add_tp": 0.3}, {"fp_add_tp": 0.15}}},
		},
		ByFunc:  map[string][]float64{"main": {0.4, 0.2}},
		ByClass: map[string][]float64{"fp_add_tp": {0.3, 0.15}},
	}
}

// The page shows every line, each block with its count and its time on
// both machines, and ties each line to its innermost block.
func TestWrite(t *testing.T) {
	var b bytes.Buffer
	if err := Write(&b, samplePage()); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	for _, want := range []string{
		`<span class="no">2</span>  for (int i = 0; i &lt; n; i&#43;&#43;)`, // source escaped
		`data-b="1"`, "main_L2", "runs 1000 times: <code>n</code> (symbolic)", "memory at l1",
		"300 ms", "150 ms", "75.0 %", // block L2: 0.3 s of 0.4 s on a
		"predicted run time 500 ms", "demo.c:2-3; inside main_L1", "first touch of 8 * n bytes",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the page lacks %q", want)
		}
	}
	// Lines 2 and 3 belong to main_L2 (the innermost), lines 1 and 4 to main_L1.
	if strings.Count(out, `data-b="1" style`) != 2 || strings.Count(out, `data-b="0" style`) != 2 {
		t.Errorf("lines are not tied to their innermost blocks")
	}
	if strings.Contains(out, "<script>alert(1)") {
		t.Error("source text is not escaped")
	}
	var again bytes.Buffer
	if err := Write(&again, samplePage()); err != nil || again.String() != out {
		t.Error("the page is not byte-identical for the same input")
	}
}

// luminance is WCAG's relative luminance of an sRGB colour (0-255).
func luminance(r, g, b float64) float64 {
	lin := func(c float64) float64 {
		c /= 255
		if c <= 0.03928 {
			return c / 12.92
		}
		return math.Pow((c+0.055)/1.055, 2.4)
	}
	return 0.2126*lin(r) + 0.7152*lin(g) + 0.0722*lin(b)
}

// The reddest block (all the time) keeps the code on it readable: #222
// on the heat laid over white has a contrast of at least 7:1 (WCAG AAA),
// and line numbers are #555 on their own white (7.5:1), never on red.
func TestHeatContrast(t *testing.T) {
	var r, g, b, a float64
	if _, err := fmt.Sscanf(string(heat(1)), "rgba(%g,%g,%g,%g)", &r, &g, &b, &a); err != nil {
		t.Fatal(err)
	}
	over := func(c float64) float64 { return a*c + (1-a)*255 }
	bg := luminance(over(r), over(g), over(b))
	text := luminance(0x22, 0x22, 0x22)
	if c := (bg + 0.05) / (text + 0.05); c < 7 {
		t.Errorf("code on the reddest block: contrast %.2f, want ≥ 7", c)
	}
	if c := (1 + 0.05) / (luminance(0x55, 0x55, 0x55) + 0.05); c < 7 {
		t.Errorf("line numbers: contrast %.2f", c)
	}
	if !strings.Contains(pageHTML, ".no{display:inline-block;width:4em;color:#555;background:#fff") {
		t.Error("line numbers lost their own white background")
	}
}
