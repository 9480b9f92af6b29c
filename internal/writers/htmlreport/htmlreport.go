// Package htmlreport writes a result as one self-contained HTML file: the
// charts of the workbench (Performance Prophet Fig. 14: time per unit as bars, a pie
// of the unit chosen in a drop-down, a sortable table per element, and the
// timeline with its messages as arrows) drawn as static SVG. The file loads nothing from the network;
// its only script switches the pie and sorts the tables, and the page reads
// fine without it.
package htmlreport

import (
	"fmt"
	"io"
	"math"
	"sort"
	"strings"

	"augur/internal/results"
)

// Options tune the report.
type Options struct {
	Generator string // e.g. "augur 0.1.0", printed at the bottom
	// Source names the result file, printed under the title.
	Source string
}

// maxPieUnits bounds how many units get their own pie in the drop-down.
const maxPieUnits = 64

// Write writes the report of r to w.
func Write(w io.Writer, r *results.Result, o Options) error {
	if r == nil {
		return fmt.Errorf("htmlreport: no result")
	}
	var b strings.Builder
	title := r.Title
	if title == "" {
		title = "augur result"
	}
	fmt.Fprintf(&b, "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n"+
		"<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:\">\n"+
		"<title>%s · augur report</title>\n<style>%s</style></head><body>\n", esc(title), css)
	fmt.Fprintf(&b, "<header><h1>%s <span class=\"kind\">%s</span></h1><p class=\"sub\">%s</p>", esc(title), esc(r.Kind), esc(r.Subtitle))
	if o.Source != "" {
		fmt.Fprintf(&b, "<p class=\"sub\">from %s</p>", esc(o.Source))
	}
	fmt.Fprintf(&b, "<p class=\"time\" id=\"time\">%s</p><dl class=\"facts\">", esc(results.Seconds(r.Time)))
	for _, f := range r.Facts {
		fmt.Fprintf(&b, "<div><dt>%s</dt><dd>%s</dd></div>", esc(f.Label), esc(f.Value))
	}
	b.WriteString("</dl></header>\n")
	if r.Deadlock != "" {
		fmt.Fprintf(&b, "<p class=\"deadlock\">%s</p>\n", esc(r.Deadlock))
	}
	for _, wmsg := range r.Warnings {
		fmt.Fprintf(&b, "<p class=\"warning\">%s</p>\n", esc(wmsg))
	}

	colourOf := elementColourMap(r)

	// Bars: time per unit.
	fmt.Fprintf(&b, "<section><h2>Time per %s</h2>%s%s</section>\n", esc(r.UnitName), legend(r), barChart(r, 512))

	// Pie of the unit chosen in the drop-down, with its element table:
	// both from the unit's own figures in the result.
	pieUnits := pieUnitList(r)
	if len(pieUnits) > 0 {
		fmt.Fprintf(&b, "<section><h2>One %s</h2><label>%s <select id=\"unit\">", esc(r.UnitName), esc(r.UnitName))
		for k, i := range pieUnits {
			sel := ""
			if k == 0 {
				sel = " selected"
			}
			fmt.Fprintf(&b, "<option value=\"%d\"%s>%s (%s)</option>", k, sel, esc(r.Units[i].Name), esc(results.Seconds(r.Units[i].End)))
		}
		b.WriteString("</select></label>")
		for k, i := range pieUnits {
			u := r.Units[i]
			hidden := ""
			if k > 0 {
				hidden = " hidden"
			}
			fmt.Fprintf(&b, "<div class=\"unit scope\" data-k=\"%d\" data-unit=\"%s\"%s><div class=\"pies\">%s", k, esc(u.Name), hidden, categoryPie(r, u))
			if len(u.Elements) > 0 {
				b.WriteString(elementPie(u.Name+" per element", u.Elements, colourOf))
			}
			b.WriteString("</div>")
			if len(u.Elements) > 0 {
				fmt.Fprintf(&b, "<h3>Elements of %s</h3>%s", esc(u.Name), elementTable(u.Elements, r.Categories, true))
			}
			b.WriteString("</div>")
		}
		b.WriteString("</section>\n")
	}

	// Elements over all units.
	if len(r.Elements) > 0 {
		fmt.Fprintf(&b, "<section class=\"scope\" data-unit=\"\"><h2>Elements (all %s)</h2><div class=\"pies\">%s</div>%s</section>\n",
			esc(plural(r.UnitName)), elementPie("share per element", r.Elements, colourOf), elementTable(r.Elements, r.Categories, true))
	}

	if r.Timeline != nil && r.Timeline.Len() > 0 {
		fmt.Fprintf(&b, "<section><h2>Timeline</h2><p class=\"note\">%d slices on %d tracks, folded into a grid: each cell shows the element that took most of it, paler when partly idle.</p>%s</section>\n",
			r.Timeline.Len(), len(r.Timeline.Rows()), gantt(r.Timeline, colourOf))
	}
	gen := o.Generator
	if gen == "" {
		gen = "augur"
	}
	fmt.Fprintf(&b, "<footer>Written by %s. This file is self-contained: it loads nothing from the network.</footer>\n<script>%s</script>\n</body></html>\n", esc(gen), script)
	_, err := io.WriteString(w, b.String())
	return err
}

func plural(w string) string {
	if strings.HasSuffix(w, "s") {
		return w + "es"
	}
	return w + "s"
}

// pieUnitList picks the units offered in the drop-down: the slowest first,
// then the first ones in order.
func pieUnitList(r *results.Result) []int {
	s := r.Slowest()
	if s < 0 {
		return nil
	}
	out := []int{s}
	for i := range r.Units {
		if len(out) >= maxPieUnits {
			break
		}
		if i != s {
			out = append(out, i)
		}
	}
	return out
}

// elementColours numbers every element of the result, in name order.
func elementColourMap(r *results.Result) colours {
	var names []string
	for _, e := range r.Elements {
		names = append(names, e.Name)
	}
	for _, u := range r.Units {
		for _, e := range u.Elements {
			names = append(names, e.Name)
		}
	}
	if r.Timeline != nil {
		names = append(names, r.Timeline.ElementNames()...)
	}
	sort.Strings(names)
	c := colours{}
	for _, n := range names {
		if _, ok := c[n]; !ok {
			c[n] = len(c)
		}
	}
	return c
}

func legend(r *results.Result) string {
	var b strings.Builder
	b.WriteString(`<p class="legend">`)
	for c, name := range r.Categories {
		fmt.Fprintf(&b, `<span><i style="background:%s"></i>%s</span>`, categoryColours[c], esc(name))
	}
	for _, u := range r.Units {
		if u.Start > 0 {
			fmt.Fprintf(&b, `<span><i style="background:%s"></i>not yet created</span>`, notStartedColour)
			break
		}
	}
	b.WriteString(`</p>`)
	return b.String()
}

// timeColumns are the element table's time columns: header, key for
// programs (data-col), and the value.
var timeColumns = []struct {
	head, col string
	cat       int // -1: not a category; else its index, whose name is the header
	v         func(e *results.Stats) float64
}{
	{"total", "total_s", -1, func(e *results.Stats) float64 { return e.Total }},
	{"mean", "mean_s", -1, func(e *results.Stats) float64 { return e.Mean }},
	{"min", "min_s", -1, func(e *results.Stats) float64 { return e.Min }},
	{"max", "max_s", -1, func(e *results.Stats) float64 { return e.Max }},
	{"", "compute_s", 0, func(e *results.Stats) float64 { return e.Compute }},
	{"", "communication_s", 1, func(e *results.Stats) float64 { return e.Communication }},
	{"", "waiting_s", 2, func(e *results.Stats) float64 { return e.Waiting }},
}

// elementTable is a table sortable by any column (the script sorts on the
// data-v values; without the script it stays in the given order). Each
// time column has one unit, chosen from its largest value and named in
// its header; its cells are plain numbers in it, their exact value in
// seconds in data-v and their tooltip.
func elementTable(els []results.Stats, cats [3]string, where bool) string {
	var b strings.Builder
	b.WriteString(`<div class="scroll"><table class="elements sortable"><thead><tr><th data-t="s" data-col="name">name</th><th data-t="s" data-col="kind">kind</th>`)
	if where {
		b.WriteString(`<th data-t="s" data-col="where">where</th>`)
	}
	b.WriteString(`<th data-col="calls">calls</th>`)
	type colUnit struct {
		top, scale float64
	}
	units := make([]colUnit, len(timeColumns))
	for k, c := range timeColumns {
		for i := range els {
			if v := math.Abs(c.v(&els[i])); v > units[k].top && !math.IsInf(v, 0) {
				units[k].top = v
			}
		}
		scale, unit := results.TimeUnit(units[k].top)
		units[k].scale = scale
		head := c.head
		if c.cat >= 0 {
			head = cats[c.cat]
		}
		fmt.Fprintf(&b, `<th data-col="%s" data-unit="%s">%s (%s)</th>`, c.col, unit, esc(head), unit)
		if c.col == "max_s" {
			b.WriteString(`<th data-col="share">share</th>`)
		}
	}
	b.WriteString(`</tr></thead><tbody>`)
	for i := range els {
		e := &els[i]
		fmt.Fprintf(&b, `<tr data-name="%s"><td class="name" title="%s">%s</td><td>%s</td>`, esc(e.Name), esc(e.Name), esc(e.Name), esc(e.Kind))
		if where {
			fmt.Fprintf(&b, `<td class="where" title="%s">%s</td>`, esc(e.Where), esc(e.Where))
		}
		fmt.Fprintf(&b, `<td data-v="%d">%d</td>`, e.Calls, e.Calls)
		for k, c := range timeColumns {
			v := c.v(e)
			fmt.Fprintf(&b, `<td data-v="%g" title="%s">%s</td>`, v, esc(results.Seconds(v)), results.ValueText(v, units[k].top, units[k].scale))
			if c.col == "max_s" {
				fmt.Fprintf(&b, `<td data-v="%g">%.1f%%</td>`, e.Share, e.Share*100)
			}
		}
		b.WriteString(`</tr>`)
	}
	b.WriteString(`</tbody></table></div><p class="note">Each time column is in the unit its header names (s, ms, µs, ns); hover a cell for its value with its unit. Click a column to sort.</p>`)
	return b.String()
}

const css = `
body{font:14px/1.4 system-ui,-apple-system,"Segoe UI",sans-serif;margin:0 auto;max-width:1232px;padding:16px;color:#222}
h1{font-size:22px;margin:0}h2{font-size:17px;margin:24px 0 8px;border-bottom:1px solid #ddd}h3{font-size:15px}
.kind{font-size:12px;color:#fff;background:#666;border-radius:3px;padding:1px 6px;vertical-align:middle}
.sub{color:#555;margin:2px 0}.time{font-size:28px;font-weight:600;margin:8px 0}
.facts{display:flex;flex-wrap:wrap;gap:4px 18px;margin:0}.facts div{display:flex;gap:6px}.facts dt{color:#666}.facts dd{margin:0}
.deadlock{background:#fde2e1;border:1px solid #e15759;padding:6px}.warning{background:#fff6d5;padding:4px}
svg.chart{max-width:100%;height:auto;display:block}
.legend span{margin-right:12px;white-space:nowrap}.legend i{display:inline-block;width:10px;height:10px;margin-right:4px}
.pies{display:flex;flex-wrap:wrap;gap:8px}.scroll{overflow-x:auto}
table{border-collapse:collapse;margin:6px 0;font-size:13px}th,td{padding:2px 6px;border-bottom:1px solid #eee;text-align:right;white-space:nowrap}
th[data-col=where]{text-align:left}td.name{max-width:16em;overflow:hidden;text-overflow:ellipsis}td.where{max-width:15em;overflow:hidden;text-overflow:ellipsis;text-align:left}
.legend .note{color:#666;font-size:12px}.legend .arrow svg{vertical-align:middle;margin-right:4px}
th:first-child,td:first-child,th:nth-child(2),td:nth-child(2){text-align:left}th{cursor:pointer;background:#f4f4f4}
th.asc::after{content:" ▲"}th.desc::after{content:" ▼"}.note{color:#666;font-size:12px}footer{margin-top:24px;color:#777;font-size:12px}
`

const script = `
(function(){
var sel=document.getElementById('unit');
if(sel){sel.addEventListener('change',function(){
 document.querySelectorAll('div.unit').forEach(function(d){d.hidden=d.getAttribute('data-k')!==sel.value;});});}
document.querySelectorAll('table.sortable').forEach(function(t){
 t.querySelectorAll('th').forEach(function(th,col){th.addEventListener('click',function(){
  var asc=!th.classList.contains('asc');
  t.querySelectorAll('th').forEach(function(h){h.classList.remove('asc','desc');});
  th.classList.add(asc?'asc':'desc');
  var text=th.getAttribute('data-t')==='s';var body=t.tBodies[0];
  var rows=Array.prototype.slice.call(body.rows);
  rows.sort(function(a,b){var x=a.cells[col],y=b.cells[col];var c;
   if(text){c=x.textContent.localeCompare(y.textContent);}else{c=parseFloat(x.getAttribute('data-v'))-parseFloat(y.getAttribute('data-v'));}
   return asc?c:-c;});
  rows.forEach(function(r){body.appendChild(r);});});});});
})();
`
