// Package sourceview writes the source view of a source-first prediction
// (augur analyze --report): one self-contained HTML page with the C
// source, its blocks highlighted by their share of the predicted time,
// and, for the block clicked, its counts and its time on each machine
// side by side, split by operation class. This is the interface
// ChronosMix gives its users: the program as written, with the time
// where it is spent.
package sourceview

import (
	"fmt"
	"html/template"
	"io"
	"math"
	"sort"
	"strings"

	"augur/internal/base/infile"
	"augur/internal/frontend/analyze"
	"augur/internal/results"
)

// Page is what the view shows.
type Page struct {
	Title    string
	Machines []string
	// Predicted is the model's run time per machine (nil: no prediction);
	// Compute the blocks' computation time per machine.
	Predicted []*float64
	Compute   []float64
	Files     []File
	Blocks    []Block
	// ByFunc and ByClass are seconds per function and per operation
	// class, one value per machine.
	ByFunc  map[string][]float64
	ByClass map[string][]float64
}

// File is one source file, by lines.
type File struct {
	Name  string
	Lines []string
}

// Block is one block of the analysis.
type Block struct {
	Name, Func, Kind string
	File             string
	First, Last      int // lines, 1-based and inclusive
	Count            string
	CountValue       float64
	Provenance       string
	Level            string
	Ops              map[string]float64 // one execution's operations
	Seconds          []float64          // all executions, per machine
	Classes          []map[string]float64
}

// line is one source line as drawn: its text, and the innermost block
// covering it (-1: none) with the colour of that block's share.
type line struct {
	N     int
	Text  string
	Block int
	Heat  template.CSS
}

type fileView struct {
	Name  string
	Lines []line
}

type blockView struct {
	Block
	Index   int
	Share   []float64 // of the computation, per machine
	Parents []string
	Where   string
}

type view struct {
	Page
	FileViews []fileView
	Views     []blockView
	Ranked    []blockView // by time on the first machine
	Funcs     []string
	Classes   []string
}

// Write writes the page. Equal pages give byte-identical output.
func Write(w io.Writer, p Page) error {
	v := view{Page: p}
	for i, b := range p.Blocks {
		bv := blockView{Block: b, Index: i, Share: make([]float64, len(p.Machines)),
			Where: fmt.Sprintf("%s:%d-%d", b.File, b.First, b.Last)}
		for m := range p.Machines {
			if m < len(b.Seconds) && m < len(p.Compute) && p.Compute[m] > 0 {
				bv.Share[m] = b.Seconds[m] / p.Compute[m]
			}
		}
		for j, o := range p.Blocks {
			if j != i && o.File == b.File && o.First <= b.First && o.Last >= b.Last && (o.First < b.First || o.Last > b.Last || j < i) {
				bv.Parents = append(bv.Parents, o.Name)
			}
		}
		v.Views = append(v.Views, bv)
	}
	v.Ranked = append([]blockView(nil), v.Views...)
	sort.SliceStable(v.Ranked, func(i, j int) bool { return first(v.Ranked[i].Seconds) > first(v.Ranked[j].Seconds) })
	for _, f := range p.Files {
		fv := fileView{Name: f.Name}
		for n, text := range f.Lines {
			ln := line{N: n + 1, Text: text, Block: innermost(p.Blocks, f.Name, n+1)}
			if ln.Block >= 0 {
				ln.Heat = heat(first(v.Views[ln.Block].Share))
			}
			fv.Lines = append(fv.Lines, ln)
		}
		v.FileViews = append(v.FileViews, fv)
	}
	v.Funcs = sortedKeys(p.ByFunc)
	v.Classes = sortedKeys(p.ByClass)
	sort.SliceStable(v.Classes, func(i, j int) bool { return first(p.ByClass[v.Classes[i]]) > first(p.ByClass[v.Classes[j]]) })
	return page.Execute(w, v)
}

// innermost is the smallest block covering a line (the latest of equals,
// which is the deeper one), or -1.
func innermost(bs []Block, file string, n int) int {
	best, span := -1, math.MaxInt
	for i, b := range bs {
		if b.File != file || n < b.First || n > b.Last {
			continue
		}
		if s := b.Last - b.First; s <= span {
			best, span = i, s
		}
	}
	return best
}

// heat is a background for a share of the time: white to red, never so
// red that the code on it (#222) falls below a contrast of 7:1. Line
// numbers keep a white background of their own.
func heat(share float64) template.CSS {
	a := math.Sqrt(math.Max(0, math.Min(1, share))) // small shares stay visible
	return template.CSS(fmt.Sprintf("rgba(220,40,30,%.3f)", 0.06+maxHeat*a))
}

// maxHeat is the most red a block gets on top of the least (0.06).
const maxHeat = 0.34

// opName reads an analysis key for people: load@SIZE, store@SIZE and
// touch@SIZE are accesses to, and the first touch of, an allocation of
// SIZE bytes.
func opName(key string) string {
	kind, size, ok := strings.Cut(key, "@")
	if !ok {
		return key
	}
	switch kind {
	case "touch":
		return "first touch of " + size + " bytes (page_touch a page)"
	case "load", "store":
		return kind + " in an array of " + size + " bytes"
	}
	return key
}

func first(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	return xs[0]
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

var page = template.Must(template.New("page").Funcs(template.FuncMap{
	"seconds": results.Seconds,
	"pct":     func(x float64) string { return fmt.Sprintf("%.1f %%", 100*x) },
	"num":     func(x float64) string { return fmt.Sprintf("%.6g", x) },
	"at": func(xs []float64, i int) float64 {
		if i < len(xs) {
			return xs[i]
		}
		return 0
	},
	"opsKeys": func(m map[string]float64) []string { return sortedKeys(m) },
	"opName":  opName,
	"classAt": func(cs []map[string]float64, i int) map[string]float64 {
		if i < len(cs) {
			return cs[i]
		}
		return nil
	},
}).Parse(pageHTML))

const pageHTML = `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<title>{{.Title}}: where the time goes</title>
<style>
body{font:14px/1.4 system-ui,sans-serif;margin:0;color:#222}
header{padding:12px 20px;border-bottom:1px solid #ddd}
h1{font-size:18px;margin:0 0 4px}
main{display:flex;gap:16px;padding:12px 20px;align-items:flex-start}
#code{flex:3;min-width:0}
aside{flex:2;position:sticky;top:8px;max-height:96vh;overflow:auto}
pre{margin:0;font:12.5px/1.45 ui-monospace,monospace}
.ln{display:block;white-space:pre;cursor:default}
.ln[data-b]{cursor:pointer}
.ln.sel{outline:2px solid #1565c0}
.no{display:inline-block;width:4em;color:#555;background:#fff;text-align:right;padding-right:1em;margin-right:.5em;user-select:none}
table{border-collapse:collapse;margin:6px 0 14px}
td,th{padding:2px 8px;text-align:right;border-bottom:1px solid #eee}
td:first-child,th:first-child{text-align:left}
tr.pick{cursor:pointer}tr.pick:hover{background:#f3f6fb}
.panel{display:none}.panel.on{display:block}
h2{font-size:15px;margin:14px 0 4px}h3{font-size:14px;margin:10px 0 2px}
.muted{color:#777}
</style></head><body>
<header><h1>{{.Title}}</h1>
<div>{{range $i, $m := .Machines}}<div><b>{{$m}}</b>: computation {{seconds (at $.Compute $i)}}{{with index $.Predicted $i}}, predicted run time {{seconds .}}{{end}}</div>{{end}}
<div class="muted">Click a line or a block to see its counts and its time on each machine. The redder a block, the larger its share of the time on {{index .Machines 0}}.</div></div></header>
<main>
<div id="code">{{range .FileViews}}<h2>{{.Name}}</h2><pre>{{range .Lines}}<span class="ln"{{if ge .Block 0}} data-b="{{.Block}}" style="background:{{.Heat}}"{{end}}><span class="no">{{.N}}</span>{{.Text}}</span>{{end}}</pre>{{end}}</div>
<aside>
<div id="panels">{{range .Views}}<div class="panel" id="b{{.Index}}">
<h2>{{.Name}} <span class="muted">{{.Kind}} in {{.Func}}</span></h2>
<div>{{.Where}}{{if .Parents}}; inside {{range $i, $p := .Parents}}{{if $i}}, {{end}}{{$p}}{{end}}{{end}}</div>
<div>runs {{num .CountValue}} times: <code>{{.Count}}</code> ({{.Provenance}}){{if .Level}}; memory at {{.Level}}{{end}}</div>
<h3>Time</h3><table><tr><th>machine</th><th>time</th><th>share</th></tr>
{{$b := .}}{{range $i, $m := $.Machines}}<tr><td>{{$m}}</td><td>{{seconds (at $b.Seconds $i)}}</td><td>{{pct (at $b.Share $i)}}</td></tr>{{end}}</table>
{{if .Classes}}<h3>By operation class</h3><table><tr><th>class</th>{{range $.Machines}}<th>{{.}}</th>{{end}}</tr>
{{range $k := opsKeys (classAt $b.Classes 0)}}<tr><td>{{$k}}</td>{{range $i, $m := $.Machines}}<td>{{seconds (index (classAt $b.Classes $i) $k)}}</td>{{end}}</tr>{{end}}</table>{{end}}
{{if .Ops}}<h3>One execution</h3><table><tr><th>operation</th><th>count</th></tr>
{{range $k := opsKeys .Ops}}<tr><td>{{opName $k}}</td><td>{{num (index $b.Ops $k)}}</td></tr>{{end}}</table>{{end}}
</div>{{end}}</div>
<h2>Blocks by time</h2><table><tr><th>block</th><th>lines</th>{{range .Machines}}<th>{{.}}</th>{{end}}</tr>
{{range .Ranked}}{{$b := .}}<tr class="pick" data-b="{{.Index}}"><td>{{.Name}}</td><td>{{.First}}-{{.Last}}</td>{{range $i, $m := $.Machines}}<td>{{seconds (at $b.Seconds $i)}}</td>{{end}}</tr>
{{end}}</table>
<h2>By function</h2><table><tr><th>function</th>{{range .Machines}}<th>{{.}}</th>{{end}}</tr>
{{range $f := .Funcs}}<tr><td>{{$f}}</td>{{range $i, $m := $.Machines}}<td>{{seconds (at (index $.ByFunc $f) $i)}}</td>{{end}}</tr>{{end}}</table>
<h2>By operation class</h2><table><tr><th>class</th>{{range .Machines}}<th>{{.}}</th>{{end}}</tr>
{{range $c := .Classes}}<tr><td>{{$c}}</td>{{range $i, $m := $.Machines}}<td>{{seconds (at (index $.ByClass $c) $i)}}</td>{{end}}</tr>{{end}}</table>
</aside></main>
<script>
(function(){
  var cur = null;
  function show(b){
    if (cur !== null) {
      document.getElementById('b' + cur).classList.remove('on');
      document.querySelectorAll('.ln[data-b="' + cur + '"]').forEach(function(e){ e.classList.remove('sel'); });
    }
    cur = b;
    document.getElementById('b' + b).classList.add('on');
    document.querySelectorAll('.ln[data-b="' + b + '"]').forEach(function(e){ e.classList.add('sel'); });
  }
  document.querySelectorAll('[data-b]').forEach(function(e){
    e.addEventListener('click', function(){ show(e.getAttribute('data-b')); });
  });
  var top = document.querySelector('tr.pick');
  if (top) show(top.getAttribute('data-b'));
})();
</script>
</body></html>
`

// FromReport builds the page of an analysis report (augur analyze) over
// the given source files; predicted holds the model's run time per
// machine, nil where there is none.
func FromReport(title string, files []File, r *analyze.Report, predicted []*float64) Page {
	p := Page{Title: title, Machines: r.Machines, Predicted: predicted, Compute: r.Total,
		Files: files, ByFunc: r.ByFunc, ByClass: r.ByClass}
	if len(p.Machines) == 0 {
		p.Machines, p.Predicted, p.Compute = []string{"(no machine)"}, []*float64{nil}, []float64{0}
	}
	for len(p.Predicted) < len(p.Machines) {
		p.Predicted = append(p.Predicted, nil)
	}
	for _, row := range r.Rows {
		p.Blocks = append(p.Blocks, Block{Name: row.Block, Func: row.Func, Kind: string(row.Kind),
			File: row.Pos.File, First: row.Pos.Line, Last: max(row.End.Line, row.Pos.Line),
			Count: row.Count, CountValue: row.CountValue, Provenance: string(row.How), Level: row.Level,
			Ops: row.Ops, Seconds: row.Seconds, Classes: row.Classes})
	}
	return p
}

// ReadFile reads a source file for the page.
func ReadFile(name, shown string) (File, error) {
	text, err := infile.ReadFile(name, infile.CSource)
	if err != nil {
		return File{}, err
	}
	return File{Name: shown, Lines: strings.Split(strings.TrimSuffix(string(text), "\n"), "\n")}, nil
}
