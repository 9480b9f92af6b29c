// Package htmlreport writes a result as one self-contained HTML file: the
// charts of the workbench (Performance Prophet Fig. 14: time per unit as bars, a pie
// of the unit chosen in a drop-down, a sortable table per element, and the
// timeline) drawn as static SVG. The file loads nothing from the network;
// its only script switches the pie and sorts the tables, and the page reads
// fine without it.
package htmlreport

import (
	"fmt"
	"io"
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

func elementColourMap(r *results.Result) map[string]int {
	m := map[string]int{}
	names := make([]string, 0, len(r.Elements))
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
	for _, n := range names {
		if _, ok := m[n]; !ok {
			m[n] = len(m)
		}
	}
	return m
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

// elementTable is a table sortable by any column (the script sorts on the
// data-v values; without the script it stays in the given order).
func elementTable(els []results.Stats, cats [3]string, where bool) string {
	var b strings.Builder
	b.WriteString(`<div class="scroll"><table class="elements sortable"><thead><tr><th data-t="s" data-col="name">name</th><th data-t="s" data-col="kind">kind</th>`)
	if where {
		b.WriteString(`<th data-t="s" data-col="where">where</th>`)
	}
	fmt.Fprintf(&b, `<th data-col="calls">calls</th><th data-col="total_s">total</th><th data-col="mean_s">mean</th><th data-col="min_s">min</th><th data-col="max_s">max</th><th data-col="share">share</th><th data-col="compute_s">%s</th><th data-col="communication_s">%s</th><th data-col="waiting_s">%s</th></tr></thead><tbody>`,
		esc(cats[0]), esc(cats[1]), esc(cats[2]))
	sec := func(v float64) string {
		return fmt.Sprintf(`<td data-v="%g">%s</td>`, v, esc(strings.TrimSuffix(results.Seconds(v), " s")))
	}
	for _, e := range els {
		fmt.Fprintf(&b, `<tr data-name="%s"><td>%s</td><td>%s</td>`, esc(e.Name), esc(e.Name), esc(e.Kind))
		if where {
			fmt.Fprintf(&b, `<td>%s</td>`, esc(e.Where))
		}
		fmt.Fprintf(&b, `<td data-v="%d">%d</td>%s%s%s%s<td data-v="%g">%.1f%%</td>%s%s%s</tr>`,
			e.Calls, e.Calls, sec(e.Total), sec(e.Mean), sec(e.Min), sec(e.Max), e.Share, e.Share*100,
			sec(e.Compute), sec(e.Communication), sec(e.Waiting))
	}
	b.WriteString(`</tbody></table></div><p class="note">Times in seconds. Click a column to sort.</p>`)
	return b.String()
}

const css = `
body{font:14px/1.4 system-ui,-apple-system,"Segoe UI",sans-serif;margin:0 auto;max-width:960px;padding:16px;color:#222}
h1{font-size:22px;margin:0}h2{font-size:17px;margin:24px 0 8px;border-bottom:1px solid #ddd}h3{font-size:15px}
.kind{font-size:12px;color:#fff;background:#666;border-radius:3px;padding:1px 6px;vertical-align:middle}
.sub{color:#555;margin:2px 0}.time{font-size:28px;font-weight:600;margin:8px 0}
.facts{display:flex;flex-wrap:wrap;gap:4px 18px;margin:0}.facts div{display:flex;gap:6px}.facts dt{color:#666}.facts dd{margin:0}
.deadlock{background:#fde2e1;border:1px solid #e15759;padding:6px}.warning{background:#fff6d5;padding:4px}
svg.chart{max-width:100%;height:auto;display:block}svg .grid{stroke:#eee}svg .tick{font-size:10px;fill:#555}
svg .axis{font-size:11px;fill:#333}svg .value{font-size:10px;fill:#222}svg .legend{font-size:12px}
.legend span{margin-right:12px;white-space:nowrap}.legend i{display:inline-block;width:10px;height:10px;margin-right:4px}
.pies{display:flex;flex-wrap:wrap;gap:8px}.scroll{overflow-x:auto}
table{border-collapse:collapse;margin:6px 0;font-size:13px}th,td{padding:2px 8px;border-bottom:1px solid #eee;text-align:right}
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
