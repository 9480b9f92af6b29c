// augur workbench: the page of `augur serve`. Plain JavaScript, no
// libraries: an editor with highlighting and live diagnostics, the UML
// activity diagram of the model, runs and sweeps, and the result views of
// Performance Prophet Fig. 14 (bars, pie, sortable table) with an aggregated Gantt
// chart. All data comes from the JSON API of package serve.
'use strict';

(function () {
  const $ = (id) => document.getElementById(id);
  const CAT_COLOURS = ['#4e79a7', '#f28e2b', '#e15759'];
  const NOT_STARTED = '#e8e8e8'; // a thread's time before it was created
  const ELEM_COLOURS = ['#4e79a7', '#f28e2b', '#59a14f', '#e15759', '#76b7b2', '#edc948',
    '#b07aa1', '#ff9da7', '#9c755f', '#bab0ac', '#1f77b4', '#8c564b'];
  const SVGNS = 'http://www.w3.org/2000/svg';

  // Figures the end-to-end tests read to check that views stay bounded.
  const stats = window.augurStats = { ganttCells: 0, ganttFetches: 0, ganttMs: 0, barRects: 0, checks: 0, unitShown: -1 };

  const state = {
    keywords: new Set(), builtins: new Set(),
    filename: 'model.aug', diags: [], model: null, activityStack: [],
    runId: null, result: null, resultId: null, unitElements: null, unit: 0,
    sort: { key: 'total_s', asc: false },
    gantt: { t0: 0, t1: 0, seq: 0 },
    sweepId: null,
  };

  // ---------- helpers ----------

  // seconds formats a time as the command line does (report.Seconds).
  function seconds(x) {
    const ax = Math.abs(x);
    const g = (v) => String(Number(v.toPrecision(ax < 1 ? 4 : 6)));
    if (ax === 0) return '0 s';
    if (ax < 1e-6) return g(x * 1e9) + ' ns';
    if (ax < 1e-3) return g(x * 1e6) + ' us';
    if (ax < 1) return g(x * 1e3) + ' ms';
    return g(x) + ' s';
  }
  const plural = (w) => w + (w.endsWith('s') ? 'es' : 's');
  const bare = (x) => seconds(x).replace(/ s$/, '');
  const pct = (x) => (x * 100).toFixed(1) + '%';

  function esc(s) {
    return String(s).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }[c]));
  }

  async function api(method, path, body) {
    const opt = { method, headers: {} };
    if (body !== undefined) {
      opt.headers['Content-Type'] = 'application/json';
      opt.body = JSON.stringify(body);
    }
    const r = await fetch(path, opt);
    let data = null;
    try { data = await r.json(); } catch (e) { data = { error: r.statusText }; }
    if (!r.ok) {
      const err = new Error(data && data.error ? data.error : r.statusText);
      err.data = data;
      throw err;
    }
    return data;
  }

  function svg(tag, attrs, parent) {
    const e = document.createElementNS(SVGNS, tag);
    for (const k in attrs) e.setAttribute(k, attrs[k]);
    if (parent) parent.appendChild(e);
    return e;
  }
  function svgText(parent, x, y, text, attrs) {
    const t = svg('text', Object.assign({ x, y }, attrs || {}), parent);
    t.textContent = text;
    return t;
  }
  // elementColour gives element i its own colour, as htmlreport's
  // elementColour does: the palette, then hues a golden angle apart.
  function elementColour(i) {
    if (i < ELEM_COLOURS.length) return ELEM_COLOURS[i];
    const j = i - ELEM_COLOURS.length;
    const hue = (j * 137.50776405) % 360;
    return 'hsl(' + hue.toFixed(2) + ',' + (55 + 10 * (Math.floor(j / 3) % 3)) + '%,' + [42, 58, 50][j % 3] + '%)';
  }
  // timeUnit: the unit of a time axis reaching max seconds; ticks are
  // plain numbers in it and the axis title names it.
  function timeUnit(max) {
    if (max >= 1) return [1, 's'];
    if (max >= 1e-3) return [1e3, 'ms'];
    if (max >= 1e-6) return [1e6, 'µs'];
    return [1e9, 'ns'];
  }
  function tickText(v, step, scale) {
    const st = step * scale;
    const d = st < 1 ? Math.min(9, Math.ceil(-Math.log10(st) - 1e-9)) : 0;
    return (v * scale).toFixed(d);
  }
  function niceStep(max, n) {
    if (!(max > 0)) return 1;
    const raw = max / n, p = Math.pow(10, Math.floor(Math.log10(raw)));
    for (const m of [1, 2, 2.5, 5, 10]) if (m * p >= raw) return m * p;
    return 10 * p;
  }

  // ---------- tabs ----------
  function showTab(name) {
    document.querySelectorAll('.tab').forEach((b) => b.classList.toggle('active', b.dataset.tab === name));
    document.querySelectorAll('.tabpage').forEach((p) => { p.hidden = p.id !== 'tab-' + name; });
    if (name === 'results' && state.result) drawGantt();
  }
  document.querySelectorAll('.tab').forEach((b) => b.addEventListener('click', () => showTab(b.dataset.tab)));

  // ---------- the editor ----------
  const editor = $('editor'), hl = $('highlight'), gutter = $('gutter');

  // tokens splits a line into [class, text] pieces (comments spanning
  // lines are tracked with inComment).
  function highlightLine(line, st) {
    const out = [];
    let i = 0;
    while (i < line.length) {
      if (st.inComment) {
        const end = line.indexOf('*/', i);
        const stop = end < 0 ? line.length : end + 2;
        out.push(['com', line.slice(i, stop)]);
        if (end >= 0) st.inComment = false;
        i = stop;
        continue;
      }
      const rest = line.slice(i);
      let m;
      if (rest.startsWith('//')) { out.push(['com', rest]); break; }
      if (rest.startsWith('/*')) { st.inComment = true; out.push(['com', '/*']); i += 2; continue; }
      if ((m = /^[0-9]+(\.[0-9]*)?([eE][-+]?[0-9]+)?(KiB|MiB|GiB|KB|MB|GB|ms|us|ns|s|B)?/.exec(rest)) || (m = /^\.[0-9]+([eE][-+]?[0-9]+)?/.exec(rest))) {
        out.push(['num', m[0]]); i += m[0].length; continue;
      }
      if ((m = /^[A-Za-z_][A-Za-z0-9_]*/.exec(rest))) {
        const w = m[0];
        out.push([state.keywords.has(w) ? 'kw' : state.builtins.has(w) ? 'bi' : '', w]);
        i += w.length; continue;
      }
      if ((m = /^(==|!=|<=|>=|&&|\|\||\.\.|[-+*/%<>=!?:(){},;])/.exec(rest))) { out.push(['op', m[0]]); i += m[0].length; continue; }
      out.push(['', rest[0]]); i++;
    }
    return out;
  }

  // renderEditor draws the highlighted copy, the gutter and the wavy
  // underlines at the checker's positions (line and column are 1-based,
  // columns count bytes in the checker and characters here; models are
  // ASCII in practice).
  function renderEditor() {
    const lines = editor.value.split('\n');
    const byLine = new Map();
    for (const d of state.diags) {
      if (!byLine.has(d.line)) byLine.set(d.line, []);
      byLine.get(d.line).push(d);
    }
    const st = { inComment: false };
    let html = '';
    let gut = '';
    lines.forEach((line, n) => {
      const ds = byLine.get(n + 1) || [];
      const pieces = highlightLine(line, st);
      // Mark the token at each diagnostic's column.
      const marks = ds.map((d) => {
        let col = Math.max(1, d.col || 1) - 1;
        if (col >= line.length) col = Math.max(0, line.length - 1);
        let end = col + 1;
        const m = /^[A-Za-z0-9_.]+/.exec(line.slice(col));
        if (m) end = col + m[0].length;
        return { from: col, to: Math.max(end, col + 1), d };
      });
      let pos = 0, lineHTML = '';
      for (const [cls, text] of pieces) {
        for (let k = 0; k < text.length; k++) {
          const c = pos + k;
          const mk = marks.find((m) => c >= m.from && c < m.to);
          const open = mk && c === mk.from;
          if (open) lineHTML += '<span class="diag-' + mk.d.severity + '" data-line="' + (n + 1) + '" title="' + esc(mk.d.message) + '">';
          lineHTML += (cls ? '<span class="tk-' + cls + '">' : '') + esc(text[k]) + (cls ? '</span>' : '');
          if (mk && c === mk.to - 1) lineHTML += '</span>';
        }
        pos += text.length;
      }
      if (line.length === 0 && marks.length) {
        lineHTML = '<span class="diag-' + marks[0].d.severity + '" data-line="' + (n + 1) + '"> </span>';
      }
      html += lineHTML + '\n';
      const cls = ds.some((d) => d.severity === 'error') ? 'err' : ds.length ? 'warn' : '';
      gut += (cls ? '<span class="' + cls + '" data-line="' + (n + 1) + '">' + (n + 1) + '</span>' : String(n + 1)) + '\n';
    });
    hl.innerHTML = html + ' ';
    gutter.innerHTML = gut;
    syncScroll();
  }
  function syncScroll() {
    hl.scrollTop = editor.scrollTop; hl.scrollLeft = editor.scrollLeft;
    gutter.scrollTop = editor.scrollTop;
  }
  editor.addEventListener('scroll', syncScroll);
  editor.addEventListener('keydown', (e) => {
    if (e.key === 'Tab') {
      e.preventDefault();
      const s = editor.selectionStart;
      editor.setRangeText('  ', s, editor.selectionEnd, 'end');
      onEdit();
    }
  });

  let checkTimer = null, checkSeq = 0;
  function onEdit() {
    renderEditor();
    clearTimeout(checkTimer);
    checkTimer = setTimeout(runCheck, 250);
  }
  editor.addEventListener('input', onEdit);

  function paramsObject() {
    const out = {};
    for (const part of $('params').value.split(/[\s,;]+/)) {
      if (!part) continue;
      const i = part.indexOf('=');
      if (i <= 0) throw new Error('params: write NAME=VALUE, got "' + part + '"');
      out[part.slice(0, i)] = part.slice(i + 1);
    }
    return out;
  }

  async function runCheck() {
    const seq = ++checkSeq;
    let params = {};
    try { params = paramsObject(); } catch (e) { /* reported on run */ }
    try {
      const r = await api('POST', '/api/check', {
        filename: state.filename, source: editor.value,
        procs: Number($('procs').value) || 0, params,
      });
      if (seq !== checkSeq) return;
      stats.checks++;
      state.diags = r.diagnostics || [];
      renderEditor();
      renderDiagnostics();
      if (r.model) { state.model = r.model; renderDiagram(); }
    } catch (e) {
      // A model past augur's bounds is refused (413) with its diagnostics.
      if (seq === checkSeq && e.data && e.data.diagnostics) {
        state.diags = e.data.diagnostics;
        renderEditor();
        renderDiagnostics();
      }
      setStatus('check: ' + e.message, true);
    }
  }

  function renderDiagnostics() {
    const ul = $('diagnostics');
    ul.innerHTML = '';
    if (!state.diags.length) {
      const li = document.createElement('li');
      li.className = 'ok'; li.textContent = 'No problems.';
      ul.appendChild(li);
      return;
    }
    for (const d of state.diags) {
      const li = document.createElement('li');
      li.className = d.severity;
      li.dataset.line = d.line;
      li.textContent = d.text; // file:line:col: message, as augur check prints it
      li.addEventListener('click', () => goTo(d.line, d.col));
      ul.appendChild(li);
    }
  }

  function goTo(line, col) {
    const lines = editor.value.split('\n');
    let off = 0;
    for (let i = 0; i < line - 1 && i < lines.length; i++) off += lines[i].length + 1;
    off += Math.max(0, (col || 1) - 1);
    editor.focus();
    editor.setSelectionRange(off, off);
    editor.scrollTop = Math.max(0, (line - 5) * 18);
    syncScroll();
  }

  // ---------- the activity diagram ----------
  // A small layout of the model transformation paper's UML activity diagrams: every block is a
  // column with its entry at the top centre and its exit at the bottom.
  const GAP = 22, NODE_H = 40, PADX = 14;

  function textWidth(s, size) { return s.length * (size || 12) * 0.6; }

  function costLine(n) {
    const parts = [];
    if (n.peer) parts.push((n.kind === 'recv' || n.kind === 'irecv' ? 'from ' : 'to ') + n.peer);
    if (n.root) parts.push('root ' + n.root);
    if (n.size) parts.push('size ' + n.size);
    if (n.on) parts.push('on ' + n.on.join(', '));
    if (n.cost) parts.push('cost ' + n.cost);
    return parts.join(' ');
  }

  function layoutBlock(body) {
    const items = (body || []).filter((n) => n.kind !== 'local' && n.kind !== 'global' && n.kind !== 'param').map(layoutNode);
    if (!items.length) return { w: 20, h: 0, draw: () => {} };
    const w = Math.max(...items.map((i) => i.w));
    const h = items.reduce((s, i) => s + i.h, 0) + GAP * (items.length - 1);
    return {
      w, h, draw(g, cx, y) {
        items.forEach((it, k) => {
          it.draw(g, cx, y);
          y += it.h;
          if (k < items.length - 1) { arrow(g, cx, y, cx, y + GAP); y += GAP; }
        });
      },
    };
  }

  function arrow(g, x1, y1, x2, y2, dashed) {
    svg('line', { x1, y1, x2, y2: y2 - 1, stroke: '#444', 'marker-end': 'url(#arr)', 'stroke-dasharray': dashed ? '4 3' : '' }, g);
  }

  function box(lines, opts) {
    const w = Math.max(80, ...lines.map((l) => textWidth(l.text, l.size))) + 2 * PADX;
    const h = Math.max(NODE_H, lines.length * 15 + 10);
    return {
      w, h, draw(g, cx, y) {
        const grp = svg('g', { class: 'node ' + (opts.cls || ''), 'data-line': opts.line || 0, 'data-name': opts.name || '' }, g);
        if (opts.shape === 'send') {
          svg('path', { d: `M${cx - w / 2} ${y} h${w - 12} l12 ${h / 2} l-12 ${h / 2} h${-(w - 12)} Z`, fill: '#eef4fb', stroke: '#456' }, grp);
        } else if (opts.shape === 'recv') {
          svg('path', { d: `M${cx - w / 2} ${y} h${w} v${h} h${-w} l12 ${-h / 2} Z`, fill: '#eef4fb', stroke: '#456' }, grp);
        } else {
          svg('rect', { x: cx - w / 2, y, width: w, height: h, rx: opts.square ? 0 : 10, fill: opts.fill || '#eef4fb', stroke: '#456' }, grp);
        }
        lines.forEach((l, i) => svgText(grp, cx, y + 17 + i * 15, l.text, { 'text-anchor': 'middle', class: l.cls || '' }));
        const title = svg('title', {}, grp); title.textContent = opts.tip || lines.map((l) => l.text).join('\n');
        grp.addEventListener('click', () => { if (opts.onClick) opts.onClick(); else if (opts.line) goTo(opts.line, 1); });
      },
    };
  }

  function diamond(label, line) {
    const w = 24, h = 24;
    return {
      w: Math.max(w, textWidth(label || '', 11) * 2 + 10), h, draw(g, cx, y) {
        const grp = svg('g', { class: 'node decision', 'data-line': line || 0 }, g);
        svg('path', { d: `M${cx} ${y} l12 12 l-12 12 l-12 -12 Z`, fill: '#fff', stroke: '#456' }, grp);
        if (label) svgText(grp, cx + 16, y + 9, label, { class: 'guard' });
        if (line) grp.addEventListener('click', () => goTo(line, 1));
      },
    };
  }

  function layoutBranches(n, kind) {
    const branches = (n.branches || []).map((b) => {
      const guard = b.kind === 'else' ? '[else]' : '[' + (b.cond || b.prob || '') + ']';
      const blk = layoutBlock(b.body);
      return { guard, blk, w: Math.max(blk.w, textWidth(guard, 11) + 10) };
    });
    if (kind === 'if' && !branches.some((b) => b.guard === '[else]')) {
      branches.push({ guard: '[else]', blk: { w: 20, h: 0, draw: () => {} }, w: 50 });
    }
    const top = diamond(kind === 'choose' ? '«choose»' : '', n.line);
    const gapX = 24;
    const w = branches.reduce((s, b) => s + b.w, 0) + gapX * (branches.length - 1);
    const bodyH = Math.max(...branches.map((b) => b.blk.h), 0);
    const h = 24 + 30 + bodyH + 30 + 24;
    return {
      w: Math.max(w, top.w), h, draw(g, cx, y) {
        top.draw(g, cx, y);
        let x = cx - w / 2;
        const yb = y + 24 + 30, ym = yb + bodyH + 30;
        for (const b of branches) {
          const bx = x + b.w / 2;
          svg('polyline', { points: `${cx},${y + 24} ${cx},${y + 34} ${bx},${y + 34} ${bx},${yb - 1}`, fill: 'none', stroke: '#444', 'marker-end': 'url(#arr)' }, g);
          svgText(g, bx + 4, y + 48, b.guard, { class: 'guard' });
          b.blk.draw(g, bx, yb);
          svg('polyline', { points: `${bx},${yb + b.blk.h} ${bx},${ym - 10} ${cx},${ym - 10} ${cx},${ym - 1}`, fill: 'none', stroke: '#444', 'marker-end': 'url(#arr)' }, g);
          x += b.w + gapX;
        }
        diamond('', 0).draw(g, cx, ym);
      },
    };
  }

  function layoutLoop(n) {
    let guard = n.kind === 'loop' ? '[' + n.count + ' times]' : '[' + n.var + ' in ' + n.from + ' .. ' + n.to + (n.step ? ' step ' + n.step : '') + ']';
    const d = diamond(guard, n.line);
    const blk = layoutBlock(n.body);
    const w = Math.max(d.w, blk.w + 60);
    const h = 24 + GAP + blk.h + 20 + 26;
    return {
      w, h, draw(g, cx, y) {
        d.draw(g, cx, y);
        arrow(g, cx, y + 24, cx, y + 24 + GAP);
        blk.draw(g, cx, y + 24 + GAP);
        const yEnd = y + 24 + GAP + blk.h;
        const xl = cx - blk.w / 2 - 20;
        svg('polyline', { points: `${cx},${yEnd} ${cx},${yEnd + 10} ${xl},${yEnd + 10} ${xl},${y + 12} ${cx - 13},${y + 12}`, fill: 'none', stroke: '#444', 'marker-end': 'url(#arr)' }, g);
        const xr = cx + Math.max(blk.w / 2, 12) + 20;
        svg('polyline', { points: `${cx + 12},${y + 12} ${xr},${y + 12} ${xr},${y + h - 4} ${cx},${y + h - 4} ${cx},${y + h}`, fill: 'none', stroke: '#444' }, g);
        svgText(g, xr + 4, y + 26, '[done]', { class: 'guard' });
      },
    };
  }

  function layoutParallel(n) {
    const label = n.kind === 'pfor'
      ? '«pfor» ' + n.name + ' ' + n.var + ' in ' + n.from + ' .. ' + n.to + (n.schedule ? ' schedule ' + n.schedule : '') + (n.chunk ? ' chunk ' + n.chunk : '')
      : '«parallel» ' + n.name + (n.threads ? ' threads ' + n.threads : '');
    const blk = layoutBlock(n.body);
    const w = Math.max(blk.w + 40, textWidth(label, 12) + 20);
    const h = 6 + 16 + GAP + blk.h + GAP + 6;
    return {
      w, h, draw(g, cx, y) {
        const grp = svg('g', { class: 'node fork', 'data-line': n.line }, g);
        svg('rect', { x: cx - w / 2 + 10, y, width: w - 20, height: 6, fill: '#222' }, grp);
        svgText(grp, cx, y + 20, label, { 'text-anchor': 'middle', class: 'stereo' });
        grp.addEventListener('click', () => goTo(n.line, 1));
        arrow(g, cx, y + 22, cx, y + 22 + GAP);
        blk.draw(g, cx, y + 22 + GAP);
        const yj = y + 22 + GAP + blk.h + GAP;
        arrow(g, cx, yj - GAP, cx, yj);
        svg('rect', { x: cx - w / 2 + 10, y: yj, width: w - 20, height: 6, fill: '#222', class: 'join' }, g);
      },
    };
  }

  function layoutCritical(n) {
    const blk = layoutBlock(n.body);
    const w = blk.w + 30, h = blk.h + 40;
    return {
      w, h, draw(g, cx, y) {
        svg('rect', { x: cx - w / 2, y, width: w, height: h, fill: 'none', stroke: '#777', 'stroke-dasharray': '5 3', rx: 6 }, g);
        svgText(g, cx - w / 2 + 6, y + 14, '«' + n.kind + '» ' + n.name, { class: 'stereo' });
        blk.draw(g, cx, y + 24);
      },
    };
  }

  function layoutNode(n) {
    switch (n.kind) {
      case 'action': {
        const lines = [{ text: '«action» ' + n.name, cls: 'stereo' }];
        if (n.cost) lines.push({ text: n.cost });
        if (n.code && n.code.length) lines.push({ text: '{ ' + n.code.map((c) => c.name + ' = ' + c.value).join('; ') + ' }', size: 11 });
        return box(lines, { line: n.line, name: n.name, cls: 'action' });
      }
      case 'delay':
        return box([{ text: '«delay» ' + n.name, cls: 'stereo' }, { text: n.cost || '' }], { line: n.line, name: n.name });
      case 'assign':
        return box([{ text: n.name + ' = ' + n.value }], { line: n.line, square: true, fill: '#fff' });
      case 'priority':
        return box([{ text: 'priority ' + n.value }], { line: n.line, square: true, fill: '#fff' });
      case 'call':
        return box([{ text: '«activity+» ' + n.name, cls: 'stereo' }, { text: 'open ▸', size: 11 }], {
          line: n.line, name: n.name, cls: 'call', fill: '#fdf6e3', tip: 'open activity ' + n.name,
          onClick: () => openActivity(n.name),
        });
      case 'if': case 'choose': return layoutBranches(n, n.kind);
      case 'loop': case 'for': return layoutLoop(n);
      case 'parallel': case 'pfor': return layoutParallel(n);
      case 'critical': case 'atomic': case 'master': case 'single': return layoutCritical(n);
      default: {
        // communication elements
        const shape = (n.kind === 'send' || n.kind === 'isend') ? 'send' : (n.kind === 'recv' || n.kind === 'irecv') ? 'recv' : '';
        const lines = [{ text: '«' + n.kind + '» ' + (n.name || ''), cls: 'stereo' }];
        const c = costLine(n);
        if (c) lines.push({ text: c, size: 11 });
        return box(lines, { line: n.line, name: n.name, shape, cls: 'comm' });
      }
    }
  }

  function activities() { return (state.model && state.model.decls || []).filter((d) => d.kind === 'activity'); }

  function openActivity(name) {
    if (!activities().some((a) => a.name === name)) return;
    state.activityStack.push(name);
    $('activity').value = name;
    renderDiagram();
  }

  function renderDiagram() {
    const acts = activities();
    const sel = $('activity');
    const names = acts.map((a) => a.name);
    if (sel.dataset.names !== names.join(',')) {
      sel.innerHTML = names.map((n) => '<option>' + esc(n) + '</option>').join('');
      sel.dataset.names = names.join(',');
    }
    let cur = state.activityStack[state.activityStack.length - 1];
    if (!names.includes(cur)) {
      cur = names.includes('main') ? 'main' : names[0];
      state.activityStack = cur ? [cur] : [];
    }
    sel.value = cur || '';
    const crumbs = $('crumbs');
    crumbs.innerHTML = '';
    state.activityStack.forEach((n, i) => {
      if (i) crumbs.appendChild(document.createTextNode(' › '));
      const a = document.createElement('a');
      a.textContent = n;
      a.addEventListener('click', () => { state.activityStack = state.activityStack.slice(0, i + 1); renderDiagram(); });
      crumbs.appendChild(a);
    });
    const host = $('diagram');
    host.innerHTML = '';
    const act = acts.find((a) => a.name === cur);
    if (!act) { host.textContent = 'No activity yet.'; return; }
    const blk = layoutBlock(act.body);
    const title = '«activity» ' + act.name;
    const w = Math.max(blk.w, textWidth(title, 13)) + 60;
    const h = blk.h + 2 * 14 + 2 * GAP + 60;
    const root = svg('svg', { width: w, height: h, viewBox: `0 0 ${w} ${h}`, id: 'diagram-svg' }, host);
    const defs = svg('defs', {}, root);
    const mk = svg('marker', { id: 'arr', viewBox: '0 0 10 10', refX: 10, refY: 5, markerWidth: 7, markerHeight: 7, orient: 'auto-start-reverse' }, defs);
    svg('path', { d: 'M0 0 L10 5 L0 10 z', fill: '#444' }, mk);
    svg('rect', { x: 4, y: 4, width: w - 8, height: h - 8, rx: 12, fill: 'none', stroke: '#99a' }, root);
    svgText(root, 14, 22, title, { class: 'stereo' });
    const cx = w / 2;
    let y = 34;
    svg('circle', { cx, cy: y + 7, r: 7, fill: '#111', class: 'initial' }, root);
    arrow(root, cx, y + 14, cx, y + 14 + GAP);
    y += 14 + GAP;
    blk.draw(root, cx, y);
    y += blk.h;
    arrow(root, cx, y, cx, y + GAP);
    y += GAP;
    svg('circle', { cx, cy: y + 8, r: 8, fill: '#fff', stroke: '#111', class: 'final' }, root);
    svg('circle', { cx, cy: y + 8, r: 4.5, fill: '#111' }, root);
  }
  $('activity').addEventListener('change', () => { state.activityStack = [$('activity').value]; renderDiagram(); });

  // ---------- files ----------
  async function loadFiles() {
    const f = await api('GET', '/api/files');
    const fill = (sel, items, keep) => {
      const cur = sel.value;
      sel.innerHTML = keep + items.map((p) => '<option>' + esc(p) + '</option>').join('');
      if ([...sel.options].some((o) => o.value === cur)) sel.value = cur;
    };
    fill($('model-file'), f.models, '<option value="">(new model)</option>');
    fill($('sweep-b'), f.models, '<option value="">(none)</option>');
    fill($('machine'), f.machines, '');
    fill($('result-file'), f.results, '<option value="">—</option>');
    fill($('c-file'), f.sources || [], '<option value="">—</option>');
    fill($('trace-file'), f.results, '<option value="">(none)</option>');
    const ideal = f.machines.find((m) => /ideal\.ya?ml$/.test(m));
    if (!$('machine').dataset.touched && ideal) $('machine').value = ideal;
  }
  $('machine').addEventListener('change', () => { $('machine').dataset.touched = '1'; });

  // ---------- source view (augur analyze --report) ----------
  $('analyze').addEventListener('click', async () => {
    const status = $('analyze-status');
    const file = $('c-file').value;
    if (!file) { status.textContent = 'pick a C source of the workspace'; return; }
    let params;
    try { params = paramsObject(); } catch (e) { status.textContent = e.message; return; }
    status.textContent = 'analysing ' + file + '…';
    const body = { file, machines: $('machine').value ? [$('machine').value] : [], procs: Number($('procs').value) || 1, params };
    const r = await fetch('/api/analyze', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    if (!r.ok) {
      let msg = r.statusText;
      try { msg = (await r.json()).error || msg; } catch (e) { /* not JSON */ }
      status.textContent = msg;
      return;
    }
    const page = await r.text();
    const w = window.open('', '_blank');
    if (!w) { status.textContent = 'the browser blocked the new window: allow pop-ups for the workbench'; return; }
    w.document.write(page);
    w.document.close();
    status.textContent = '';
  });

  async function openModel(path) {
    const f = await api('GET', '/api/file?path=' + encodeURIComponent(path));
    state.filename = path;
    editor.value = f.text;
    $('save-path').value = path;
    $('file-status').textContent = 'opened ' + path;
    state.activityStack = [];
    editor.scrollTop = 0;
    clearTimeout(checkTimer);
    renderEditor();
    runCheck();
  }
  $('load').addEventListener('click', () => {
    const p = $('model-file').value;
    if (p) openModel(p).catch((e) => { $('file-status').textContent = e.message; });
  });
  $('model-file').addEventListener('change', () => $('load').click());
  $('save').addEventListener('click', async () => {
    const p = $('save-path').value.trim();
    try {
      await api('PUT', '/api/file', { path: p, text: editor.value });
      state.filename = p;
      $('file-status').textContent = 'saved ' + p;
      loadFiles();
    } catch (e) { $('file-status').textContent = e.message; }
  });

  // ---------- runs ----------
  function setStatus(text, error) {
    const s = $('run-status');
    s.textContent = text;
    s.classList.toggle('error', !!error);
  }

  function runBody() {
    return {
      filename: state.filename, source: editor.value, machine: $('machine').value,
      nodes: Number($('nodes').value) || 0, procs: Number($('procs').value) || 0,
      threads: Number($('threads').value) || 0, params: paramsObject(), seed: Number($('seed').value) || 1,
    };
  }

  async function startRun() {
    let body;
    try { body = runBody(); } catch (e) { setStatus(e.message, true); return; }
    try {
      const r = await api('POST', '/api/runs', body);
      state.runId = r.id;
      $('run').disabled = true; $('cancel').disabled = false;
      setStatus('running…');
      pollRun(r.id);
    } catch (e) {
      if (e.data && e.data.diagnostics) { state.diags = e.data.diagnostics; renderEditor(); renderDiagnostics(); }
      setStatus(e.message, true);
    }
  }
  $('run').addEventListener('click', startRun);
  $('cancel').addEventListener('click', () => { if (state.runId) api('POST', '/api/runs/' + state.runId + '/cancel'); });

  async function pollRun(id) {
    let j;
    try { j = await api('GET', '/api/runs/' + id); } catch (e) { setStatus(e.message, true); return; }
    if (j.state === 'queued' || j.state === 'running') {
      const p = j.progress || {};
      setStatus(j.state + (p.events ? ': simulated ' + seconds(p.sim_time_s) + ', ' + p.events + ' events' : '…'));
      setTimeout(() => pollRun(id), 200);
      return;
    }
    $('run').disabled = false; $('cancel').disabled = true;
    if (j.state === 'done') {
      setStatus('done: ' + seconds(j.result.time_s) + ' in ' + (j.wall_s || 0).toFixed(2) + ' s');
      showResult(id, j.result);
    } else {
      if (j.diagnostics) { state.diags = j.diagnostics; renderEditor(); renderDiagnostics(); }
      setStatus(j.state + ': ' + (j.error || ''), true);
    }
  }

  // ---------- results ----------
  function showResult(id, r) {
    r.units = r.units || []; r.elements = r.elements || []; r.facts = r.facts || [];
    state.resultId = id; state.result = r; state.unitElements = null;
    state.unit = Math.max(0, slowest(r));
    stats.unitShown = -1;
    $('no-result').hidden = true; $('result').hidden = false;
    $('result-title').textContent = r.title + ' (' + r.kind + ')';
    $('result-sub').textContent = r.subtitle;
    $('result-time').textContent = seconds(r.time_s);
    $('result-facts').innerHTML = (r.facts || []).map((f) => '<div><dt>' + esc(f.label) + '</dt><dd>' + esc(f.value) + '</dd></div>').join('');
    $('result-deadlock').hidden = !r.deadlock;
    $('result-deadlock').textContent = r.deadlock || '';
    $('result-warnings').innerHTML = (r.warnings || []).map((w) => '<p class="warning">' + esc(w) + '</p>').join('');
    document.querySelectorAll('.unit-name').forEach((e) => { e.textContent = r.unit_name; });
    $('bar-title').textContent = 'Time per ' + r.unit_name;
    $('bar-legend').innerHTML = r.categories.map((c, i) => '<span><i style="background:' + CAT_COLOURS[i] + '"></i>' + esc(c) + '</span>').join('');
    if (r.units.some((u) => u.start_s > 0)) $('bar-legend').innerHTML += '<span><i style="background:' + NOT_STARTED + '"></i>not yet created</span>';
    const sel = $('unit-select');
    const n = Math.min(r.units.length, 5000);
    let opts = '';
    for (let i = 0; i < n; i++) opts += '<option value="' + i + '">' + esc(r.units[i].name) + ' (' + seconds(r.units[i].end_s) + ')</option>';
    sel.innerHTML = opts;
    sel.value = String(state.unit);
    $('table-scope').options[0].textContent = 'all ' + plural(r.unit_name);
    $('table-scope').options[1].textContent = 'the selected ' + r.unit_name;
    $('download-report').href = '/api/runs/' + id + '/report';
    $('download-report').hidden = false;
    $('gantt-card').hidden = !r.has_timeline;
    state.gantt.t0 = 0; state.gantt.t1 = 0;
    assignElementColours(r);
    showTab('results');
    drawBars();
    selectUnit(state.unit);
  }

  function slowest(r) {
    let best = -1;
    r.units.forEach((u, i) => { if (best < 0 || u.end_s > r.units[best].end_s) best = i; });
    return best;
  }

  let colourOf = new Map();
  function assignElementColours(r) {
    colourOf = new Map();
    [...new Set((r.elements || []).map((e) => e.name))].sort().forEach((n, i) => colourOf.set(n, elementColour(i)));
  }
  // elemColour: names first met later (a timeline's tracks) get the next
  // colours, so no two names share one.
  function elemColour(name) {
    if (!colourOf.has(name)) colourOf.set(name, elementColour(colourOf.size));
    return colourOf.get(name);
  }

  // drawBars: a stacked bar per unit; beyond 400 units each bar is the
  // slowest of a group, so the chart stays a few hundred rectangles.
  // Labels never overlap: across while they fit, else upright, else only
  // every k-th (the tooltip names every bar). Segments carry data-name,
  // data-category and data-v (seconds) for the browser tests.
  function drawBars() {
    const r = state.result, host = $('bar-chart');
    host.innerHTML = '';
    const W = 760, L = 56, T = 16, PH = 230;
    const per = Math.ceil(r.units.length / 400) || 1;
    const bars = [];
    const short = (n) => n.replace(/^(process|rank|thread) /, '');
    let chars = 0;
    for (let i = 0; i < r.units.length; i += per) {
      let best = i;
      const last = Math.min(i + per, r.units.length) - 1;
      for (let k = i; k <= last; k++) if (r.units[k].end_s > r.units[best].end_s) best = k;
      let label = per > 1 ? short(r.units[i].name) + '–' + short(r.units[last].name) : short(r.units[i].name);
      if (label.length > 24) label = label.slice(0, 23) + '…';
      chars = Math.max(chars, label.length);
      bars.push({ first: i, last, u: r.units[best], idx: best, label });
    }
    const maxT = Math.max(...bars.map((b) => Math.max(b.u.end_s, (b.u.start_s || 0) + b.u.compute_s + b.u.communication_s + b.u.waiting_s)), 0);
    const [scale, unit] = timeUnit(maxT);
    const step = niceStep(maxT, 5), axisMax = Math.ceil(maxT / step) * step || 1;
    const slot = (W - L - 8) / bars.length, bw = Math.min(Math.max(slot * 0.8, 0.6), 60);
    const across = chars * 6 + 4 <= slot;
    const every = across ? 1 : Math.max(1, Math.ceil(12 / slot));
    const B = across ? 36 : Math.min(chars, 24) * 6 + 24;
    const H = T + PH + B;
    const root = svg('svg', { viewBox: `0 0 ${W} ${H}`, width: '100%', id: 'bar-svg', 'data-units': r.units.length, 'data-categories': r.categories.join('|') }, host);
    const y = (v) => T + PH - v / axisMax * PH;
    for (let v = 0; v <= axisMax + step / 2; v += step) {
      svg('line', { x1: L, x2: W - 8, y1: y(v), y2: y(v), class: 'grid' }, root);
      svgText(root, L - 4, y(v) + 4, tickText(v, step, scale), { class: 'tick', 'text-anchor': 'end' });
    }
    svgText(root, 12, T + PH / 2, 'time (' + unit + ')', { class: 'tick', 'text-anchor': 'middle', transform: `rotate(-90 12 ${T + PH / 2})` });
    const valueFits = seconds(maxT).length * 6 <= slot;
    let rects = 0;
    bars.forEach((b, i) => {
      const x = L + i * slot + (slot - bw) / 2;
      const g = svg('g', { class: 'bar', 'data-unit': b.idx, 'data-name': b.u.name }, root);
      const t = svg('title', {}, g);
      t.textContent = (per > 1 ? plural(r.unit_name) + ' ' + r.units[b.first].name + ' – ' + r.units[b.last].name + ', slowest ' : '') +
        b.u.name + ': ' + seconds(b.u.end_s) + '; ' + r.categories[0] + ' ' + seconds(b.u.compute_s) + ', ' +
        r.categories[1] + ' ' + seconds(b.u.communication_s) + ', ' + r.categories[2] + ' ' + seconds(b.u.waiting_s) +
        (b.u.start_s > 0 ? '; created at ' + seconds(b.u.start_s) : '');
      let base = 0;
      if (b.u.start_s > 0) {
        // a thread's time before it was created: the bar reaches its total
        svg('rect', { x, y: y(b.u.start_s), width: bw, height: y(0) - y(b.u.start_s), fill: NOT_STARTED, 'data-category': 'not yet created', 'data-v': b.u.start_s }, g);
        base = b.u.start_s;
      }
      [b.u.compute_s, b.u.communication_s, b.u.waiting_s].forEach((v, c) => {
        if (!(v > 0)) return;
        svg('rect', { x, y: y(base + v), width: bw, height: y(base) - y(base + v), fill: CAT_COLOURS[c], 'data-category': r.categories[c], 'data-v': v }, g);
        base += v; rects++;
      });
      // an empty-looking bar is still clickable
      svg('rect', { x: L + i * slot, y: T, width: slot, height: PH, fill: 'transparent' }, g);
      g.addEventListener('click', () => selectUnit(b.idx));
      if (valueFits) svgText(root, x + bw / 2, y(Math.max(b.u.end_s, base)) - 4, seconds(b.u.end_s), { class: 'value', 'text-anchor': 'middle' });
      if (i % every !== 0) return;
      const cx = x + bw / 2, ly = T + PH + 6;
      if (across) svgText(root, cx, T + PH + 14, b.label, { class: 'tick label', 'text-anchor': 'middle' });
      else svgText(root, cx, ly, b.label, { class: 'tick label', 'text-anchor': 'end', 'dominant-baseline': 'middle', transform: `rotate(-90 ${cx} ${ly})` });
    });
    svgText(root, L + (W - L) / 2, H - 4, per > 1 ? plural(r.unit_name) + ' (each bar: the slowest of ' + per + ')' : r.unit_name, { class: 'tick', 'text-anchor': 'middle' });
    stats.barRects = rects;
  }

  async function selectUnit(i) {
    state.unit = i;
    $('unit-select').value = String(i);
    document.querySelectorAll('#bar-svg .bar').forEach((g) => g.classList.toggle('selected', Number(g.dataset.unit) === i));
    state.unitElements = null;
    stats.unitShown = -1; // until its own figures are drawn
    const id = state.resultId;
    // The unit's own element figures, from the result (never the timeline).
    try {
      const u = await api('GET', '/api/runs/' + id + '/units/' + i);
      if (state.resultId !== id || state.unit !== i) return;
      state.unitElements = u.elements;
    } catch (e) { state.unitElements = []; }
    drawPie();
    drawTable();
    stats.unitShown = i;
  }
  $('unit-select').addEventListener('change', () => selectUnit(Number($('unit-select').value)));
  $('pie-mode').addEventListener('change', () => drawPie());
  $('table-scope').addEventListener('change', () => drawTable());

  function drawPie() {
    const r = state.result, u = r.units[state.unit], host = $('pie-chart');
    host.innerHTML = '';
    let slices, title = u.name, scope = 'unit';
    const mode = $('pie-mode').value;
    if (mode === 'elem') {
      const own = state.unitElements && state.unitElements.length;
      const els = own ? state.unitElements : r.elements;
      if (!own) { title = 'all ' + plural(r.unit_name) + ' (no figures per ' + r.unit_name + ')'; scope = 'all'; }
      slices = els.filter((e) => e.total_s > 0).map((e) => ({ label: e.name, v: e.total_s, c: elemColour(e.name) }));
      if (slices.length > 10) {
        const rest = slices.slice(9).reduce((s, x) => s + x.v, 0);
        slices = slices.slice(0, 9).concat([{ label: 'others', v: rest, c: '#bbb' }]);
      }
    } else {
      slices = [u.compute_s, u.communication_s, u.waiting_s].map((v, c) => ({ label: r.categories[c], v, c: CAT_COLOURS[c] }));
    }
    const total = slices.reduce((s, x) => s + Math.max(0, x.v), 0);
    const W = 470, H = 230, cx = 105, cy = 110, R = 95;
    const root = svg('svg', { viewBox: `0 0 ${W} ${H}`, width: '100%', id: 'pie-svg', 'data-pie': mode === 'elem' ? 'elements' : 'categories', 'data-scope': scope, 'data-unit': u.name }, host);
    svgText(root, cx, 12, title, { 'text-anchor': 'middle', class: 'tick' });
    if (total <= 0) {
      svg('circle', { cx, cy, r: R, fill: '#ddd' }, root);
    } else {
      let a = -Math.PI / 2;
      for (const s of slices) {
        if (!(s.v > 0)) continue;
        const f = s.v / total;
        let e;
        const data = { class: 'slice', 'data-label': s.label, 'data-v': s.v };
        if (f > 0.9999) e = svg('circle', Object.assign({ cx, cy, r: R, fill: s.c }, data), root);
        else {
          const a2 = a + f * 2 * Math.PI;
          e = svg('path', Object.assign({ d: `M${cx} ${cy} L${cx + R * Math.cos(a)} ${cy + R * Math.sin(a)} A${R} ${R} 0 ${f > 0.5 ? 1 : 0} 1 ${cx + R * Math.cos(a2)} ${cy + R * Math.sin(a2)} Z`, fill: s.c, stroke: '#fff' }, data), root);
          a = a2;
        }
        const t = svg('title', {}, e); t.textContent = s.label + ': ' + seconds(s.v) + ' (' + pct(f) + ')';
      }
    }
    let ly = 26;
    for (const s of slices) {
      svg('rect', { x: 215, y: ly - 10, width: 11, height: 11, fill: s.c }, root);
      svgText(root, 231, ly, s.label + ' ' + seconds(s.v) + ' (' + (total > 0 ? pct(Math.max(0, s.v) / total) : '–') + ')', { class: 'legend-text', 'font-size': 11 });
      ly += 19;
    }
  }

  const COLUMNS = [
    ['name', 'name', 's'], ['kind', 'kind', 's'], ['where', 'where', 's'], ['calls', 'calls', 'n'],
    ['total_s', 'total', 't'], ['mean_s', 'mean', 't'], ['min_s', 'min', 't'], ['max_s', 'max', 't'],
    ['share', 'share', 'p'], ['compute_s', 'cat0', 't'], ['communication_s', 'cat1', 't'], ['waiting_s', 'cat2', 't'],
  ];

  function drawTable() {
    const r = state.result, t = $('element-table');
    const unitScope = $('table-scope').value === 'unit';
    let rows = unitScope ? (state.unitElements || []) : r.elements;
    const { key, asc } = state.sort;
    const text = key === 'name' || key === 'kind' || key === 'where';
    rows = rows.slice().sort((a, b) => {
      const c = text ? String(a[key] || '').localeCompare(String(b[key] || '')) : (a[key] || 0) - (b[key] || 0);
      return asc ? c : -c;
    });
    let html = '<thead><tr>';
    for (const [k, label] of COLUMNS) {
      const l = label.startsWith('cat') ? r.categories[Number(label[3])] : label;
      html += '<th data-key="' + k + '" class="' + (k === key ? (asc ? 'asc' : 'desc') : '') + '">' + esc(l) + '</th>';
    }
    html += '</tr></thead><tbody>';
    if (unitScope && state.unitElements && !state.unitElements.length) {
      html += '<tr><td colspan="12">This result has no figures per ' + esc(r.unit_name) + '.</td></tr>';
    }
    for (const e of rows) {
      html += '<tr data-name="' + esc(e.name) + '">';
      for (const [k, , ty] of COLUMNS) {
        const v = e[k];
        const dv = ty === 's' ? '' : ' data-v="' + (v || 0) + '"';
        html += '<td' + dv + '>' + (ty === 's' ? esc(v || '') : ty === 'n' ? v : ty === 'p' ? pct(v || 0) : bare(v || 0)) + '</td>';
      }
      html += '</tr>';
    }
    t.innerHTML = html + '</tbody>';
    t.dataset.scope = unitScope ? 'unit' : 'all';
    t.dataset.unit = unitScope ? r.units[state.unit].name : '';
    t.querySelectorAll('th').forEach((th) => th.addEventListener('click', () => {
      const k = th.dataset.key;
      state.sort = { key: k, asc: state.sort.key === k ? !state.sort.asc : (k === 'name' || k === 'kind' || k === 'where') };
      drawTable();
    }));
  }

  // ---------- the Gantt chart ----------
  const canvas = $('gantt');
  let ganttTimer = null;
  function drawGantt() {
    clearTimeout(ganttTimer);
    ganttTimer = setTimeout(fetchGantt, 30);
  }

  async function fetchGantt() {
    const r = state.result;
    if (!r || !r.has_timeline || $('tab-results').hidden) return;
    const dpr = window.devicePixelRatio || 1;
    // As tall as the tracks need, up to 320 px (then rows fold).
    const tracks = (Number($('rows').value) || 0) || (state.result.units.length || 1);
    canvas.style.height = Math.max(60, Math.min(320, tracks * 18 + 20)) + 'px';
    const cssW = canvas.clientWidth || 1000, cssH = canvas.clientHeight || 320;
    canvas.width = Math.round(cssW * dpr); canvas.height = Math.round(cssH * dpr);
    const labelW = 70, axisH = 18;
    const bins = Math.max(50, Math.floor(cssW - labelW - 6));
    const maxRows = Math.max(1, Math.floor((cssH - axisH) / 6));
    const g = state.gantt;
    const seq = ++g.seq;
    const q = new URLSearchParams({ t0: g.t0, t1: g.t1, bins, max_rows: maxRows, row0: Number($('row0').value) || 0, rows: Number($('rows').value) || 0 });
    const start = performance.now();
    let data;
    try { data = await api('GET', '/api/runs/' + state.resultId + '/timeline?' + q); } catch (e) { $('gantt-info').textContent = e.message; return; }
    if (seq !== g.seq) return;
    if (!(g.t1 > g.t0)) { g.t0 = data.t0; g.t1 = data.t1; }
    const ctx = canvas.getContext('2d');
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.clearRect(0, 0, cssW, cssH);
    const rowH = Math.max(2, Math.min(18, (cssH - axisH) / Math.max(1, data.rows.length)));
    const cellW = (cssW - labelW - 6) / data.bins;
    ctx.font = '10px system-ui, sans-serif';
    ctx.textAlign = 'right';
    const labelEvery = Math.ceil(11 / rowH);
    data.rows.forEach((row, i) => {
      const y = i * rowH;
      if (i % labelEvery === 0) { ctx.fillStyle = '#555'; ctx.fillText(row.label, labelW - 4, y + Math.min(rowH, 11) - 1); }
      for (const [b0, n, e, eighths] of row.runs) {
        ctx.globalAlpha = 0.35 + 0.65 * eighths / 8;
        ctx.fillStyle = elemColour(data.elements[e]);
        ctx.fillRect(labelW + b0 * cellW, y + (rowH > 4 ? 1 : 0), n * cellW, rowH > 4 ? rowH - 2 : rowH);
      }
      ctx.globalAlpha = 1;
    });
    // time axis
    const axisY = data.rows.length * rowH + 2;
    ctx.fillStyle = '#555'; ctx.textAlign = 'center';
    const step = niceStep(data.t1 - data.t0, 8);
    const [scale, unit] = timeUnit(data.t1);
    for (let v = Math.ceil(data.t0 / step) * step; v <= data.t1 + step * 1e-9; v += step) {
      const x = labelW + (v - data.t0) / (data.t1 - data.t0) * (cssW - labelW - 6);
      ctx.fillRect(x, axisY, 1, 4);
      ctx.fillText(tickText(v, step, scale), x, axisY + 14);
    }
    ctx.textAlign = 'left';
    ctx.fillText(unit, 4, axisY + 14);
    stats.ganttCells = data.cells; stats.ganttFetches++; stats.ganttMs = performance.now() - start;
    stats.ganttRows = data.rows.length; stats.ganttSlices = data.slices;
    $('gantt-info').textContent = seconds(data.t0) + ' – ' + seconds(data.t1) + ' of ' + seconds(data.end) + '; ' +
      data.row_count + ' of ' + data.total_rows + ' tracks in ' + data.rows.length + ' rows; ' + data.slices + ' slices drawn as ' + data.cells + ' cells' +
      (data.dropped ? '; ' + data.dropped + ' slices beyond the limit' : '');
    // The legend lists the elements drawn in this window, each in its colour.
    const drawn = new Set();
    for (const row of data.rows) for (const run of row.runs) if (run[2] >= 0) drawn.add(data.elements[run[2]]);
    $('gantt-legend').innerHTML = [...drawn].sort().map((n) => '<span><i style="background:' + elemColour(n) + '"></i>' + esc(n) + '</span>').join('');
  }

  function zoom(factor, at) {
    const g = state.gantt;
    if (!(g.t1 > g.t0)) return;
    const span = g.t1 - g.t0, end = state.result.time_s || g.t1;
    const c = at === undefined ? g.t0 + span / 2 : at;
    let s2 = Math.max(span * factor, 1e-12);
    g.t0 = Math.max(0, c - (c - g.t0) * factor);
    g.t1 = g.t0 + s2;
    if (factor > 1 && g.t1 - g.t0 >= end) { g.t0 = 0; g.t1 = 0; }
    drawGantt();
  }
  function timeAt(clientX) {
    const rect = canvas.getBoundingClientRect(), labelW = 70;
    const g = state.gantt;
    return g.t0 + (clientX - rect.left - labelW) / (rect.width - labelW - 6) * (g.t1 - g.t0);
  }
  $('zoom-in').addEventListener('click', () => zoom(0.5));
  $('zoom-out').addEventListener('click', () => zoom(2));
  $('zoom-reset').addEventListener('click', () => { state.gantt.t0 = 0; state.gantt.t1 = 0; drawGantt(); });
  $('row0').addEventListener('change', drawGantt);
  $('rows').addEventListener('change', drawGantt);
  canvas.addEventListener('wheel', (e) => { e.preventDefault(); zoom(e.deltaY < 0 ? 0.8 : 1.25, timeAt(e.clientX)); }, { passive: false });
  let drag = null;
  canvas.addEventListener('mousedown', (e) => { drag = { x: e.clientX, t0: state.gantt.t0, t1: state.gantt.t1 }; });
  window.addEventListener('mouseup', () => { drag = null; });
  window.addEventListener('mousemove', (e) => {
    if (!drag || !(drag.t1 > drag.t0)) return;
    const rect = canvas.getBoundingClientRect();
    const dt = (e.clientX - drag.x) / (rect.width - 76) * (drag.t1 - drag.t0);
    state.gantt.t0 = Math.max(0, drag.t0 - dt);
    state.gantt.t1 = state.gantt.t0 + (drag.t1 - drag.t0);
    drawGantt();
  });
  window.addEventListener('resize', () => { if (state.result) drawGantt(); });

  // ---------- opening result files ----------
  async function openResult(body) {
    try {
      const r = await api('POST', '/api/open', body);
      const j = await api('GET', '/api/runs/' + r.id);
      showResult(r.id, j.result);
    } catch (e) {
      $('no-result').hidden = false;
      $('no-result').textContent = e.message;
    }
  }
  $('open-result').addEventListener('click', () => {
    const p = $('result-file').value;
    if (p) openResult({ path: p, trace_path: $('trace-file').value });
  });
  $('upload').addEventListener('change', async () => {
    const f = $('upload').files[0];
    if (f) openResult({ name: f.name, data: await f.text() });
  });

  // ---------- sweeps ----------
  $('sweep-vary').addEventListener('change', () => { $('sweep-param-label').hidden = $('sweep-vary').value !== 'param'; });

  async function startSweep() {
    let body;
    try { body = runBody(); } catch (e) { $('sweep-status').textContent = e.message; return; }
    body.vary = $('sweep-vary').value === 'param' ? $('sweep-param').value.trim() : 'procs';
    body.values = $('sweep-values').value.split(/[\s,;]+/).filter(Boolean).map(Number);
    body.procs_per_node = Number($('sweep-ppn').value) || 0;
    const b = $('sweep-b').value;
    try {
      if (b) {
        const f = await api('GET', '/api/file?path=' + encodeURIComponent(b));
        body.source_b = f.text; body.filename_b = b;
      }
      const r = await api('POST', '/api/sweeps', body);
      state.sweepId = r.id;
      $('sweep-run').disabled = true; $('sweep-cancel').disabled = false;
      pollSweep(r.id);
    } catch (e) { $('sweep-status').textContent = e.message; }
  }
  $('sweep-run').addEventListener('click', startSweep);
  $('sweep-cancel').addEventListener('click', () => { if (state.sweepId) api('POST', '/api/runs/' + state.sweepId + '/cancel'); });

  async function pollSweep(id) {
    let j;
    try { j = await api('GET', '/api/runs/' + id); } catch (e) { $('sweep-status').textContent = e.message; return; }
    drawSweep(j.sweep);
    const p = j.progress || {};
    $('sweep-status').textContent = j.state + ' ' + (p.done || 0) + '/' + (p.total || 0) + (j.error ? ': ' + j.error : '');
    if (j.state === 'queued' || j.state === 'running') { setTimeout(() => pollSweep(id), 250); return; }
    $('sweep-run').disabled = false; $('sweep-cancel').disabled = true;
  }

  function lineChart(host, series, xLabel, yLabel, opts) {
    host.innerHTML = '';
    const W = 360, H = 240, L = 48, B = 34, T = 10, R = 10;
    const xs = series.flatMap((s) => s.pts.map((p) => p[0])), ys = series.flatMap((s) => s.pts.map((p) => p[1]));
    if (!xs.length) return;
    const logX = opts && opts.logX && Math.min(...xs) > 0;
    const fx = (x) => logX ? Math.log2(x) : x;
    const x0 = Math.min(...xs.map(fx)), x1 = Math.max(...xs.map(fx)) || 1;
    const yMax = Math.max(...ys, opts && opts.yMin1 ? 1 : 0) * 1.08 || 1;
    const X = (x) => L + (x1 > x0 ? (fx(x) - x0) / (x1 - x0) : 0.5) * (W - L - R);
    const Y = (y) => T + (H - T - B) * (1 - y / yMax);
    const root = svg('svg', { viewBox: `0 0 ${W} ${H}`, width: '100%' }, host);
    const step = niceStep(yMax, 5);
    for (let v = 0; v <= yMax; v += step) {
      svg('line', { x1: L, x2: W - R, y1: Y(v), y2: Y(v), class: 'grid' }, root);
      svgText(root, L - 4, Y(v) + 4, String(Number(v.toPrecision(4))), { class: 'tick', 'text-anchor': 'end' });
    }
    [...new Set(xs)].forEach((x) => svgText(root, X(x), H - B + 13, String(x), { class: 'tick', 'text-anchor': 'middle' }));
    svgText(root, L + (W - L) / 2, H - 4, xLabel, { class: 'tick', 'text-anchor': 'middle' });
    svgText(root, 10, T + 8, yLabel, { class: 'tick' });
    series.forEach((s) => {
      if (!s.pts.length) return;
      svg('polyline', { points: s.pts.map((p) => X(p[0]) + ',' + Y(p[1])).join(' '), fill: 'none', stroke: s.colour, 'stroke-width': 2, 'stroke-dasharray': s.dash || '' }, root);
      if (!s.dash) s.pts.forEach((p) => { const c = svg('circle', { cx: X(p[0]), cy: Y(p[1]), r: 3, fill: s.colour }, root); svg('title', {}, c).textContent = s.name + ': ' + p[1].toPrecision(4); });
    });
    let ly = T + 12;
    series.forEach((s) => { svg('rect', { x: W - R - 110, y: ly - 8, width: 10, height: 3, fill: s.colour }, root); svgText(root, W - R - 96, ly, s.name, { class: 'tick' }); ly += 13; });
  }

  function drawSweep(sw) {
    if (!sw) return;
    const pts = sw.points || [];
    const procs = sw.vary === 'procs';
    const A = pts.filter((p) => !p.error_a && p.time_a_s > 0), Bp = pts.filter((p) => sw.name_b && !p.error_b && p.time_b_s > 0);
    const nameA = 'A: ' + (sw.name_a || 'editor'), nameB = 'B: ' + sw.name_b;
    const series = (list, key, f) => list.map((p) => [p.x, f(p, key)]);
    const time = [{ name: nameA, colour: '#2f6db5', pts: series(A, 'time_a_s', (p, k) => p[k]) }];
    if (sw.name_b) time.push({ name: nameB, colour: '#e15759', pts: series(Bp, 'time_b_s', (p, k) => p[k]) });
    lineChart($('sweep-time'), time, sw.vary, 'seconds', { logX: procs });
    // Speed-up and efficiency against the first point of each model.
    const su = (list, key) => list.length ? list.map((p) => [p.x, list[0][key] / p[key]]) : [];
    const eff = (list, key) => list.length ? list.map((p) => [p.x, (list[0][key] / p[key]) * (procs ? list[0].x / p.x : 1)]) : [];
    const sp = [{ name: nameA, colour: '#2f6db5', pts: su(A, 'time_a_s') }];
    const ef = [{ name: nameA, colour: '#2f6db5', pts: eff(A, 'time_a_s') }];
    if (sw.name_b) { sp.push({ name: nameB, colour: '#e15759', pts: su(Bp, 'time_b_s') }); ef.push({ name: nameB, colour: '#e15759', pts: eff(Bp, 'time_b_s') }); }
    if (procs && A.length) sp.push({ name: 'ideal', colour: '#aaa', dash: '4 3', pts: A.map((p) => [p.x, p.x / A[0].x]) });
    lineChart($('sweep-speedup'), sp, sw.vary, 'speed-up', { logX: procs, yMin1: true });
    lineChart($('sweep-efficiency'), ef, sw.vary, procs ? 'efficiency' : 'relative speed', { logX: procs, yMin1: true });
    let html = '<thead><tr><th>' + esc(sw.vary) + '</th><th>time A</th><th>speed-up A</th><th>efficiency A</th>' + (sw.name_b ? '<th>time B</th><th>speed-up B</th><th>efficiency B</th>' : '') + '</tr></thead><tbody>';
    for (const p of pts) {
      const cell = (t, err, base) => err ? '<td colspan="3">' + esc(err) + '</td>' :
        '<td>' + seconds(t) + '</td><td>' + (base ? (base.t / t).toFixed(3) : '') + '</td><td>' + (base ? ((base.t / t) * (procs ? base.x / p.x : 1)).toFixed(3) : '') + '</td>';
      html += '<tr><td>' + p.x + '</td>' + cell(p.time_a_s, p.error_a, A[0] && { t: A[0].time_a_s, x: A[0].x }) +
        (sw.name_b ? cell(p.time_b_s, p.error_b, Bp[0] && { t: Bp[0].time_b_s, x: Bp[0].x }) : '') + '</tr>';
    }
    $('sweep-table').innerHTML = html + '</tbody>';
  }

  // ---------- start ----------
  async function init() {
    const info = await api('GET', '/api/info');
    info.keywords.forEach((k) => state.keywords.add(k));
    info.builtins.forEach((k) => state.builtins.add(k));
    $('workspace').textContent = 'workspace ' + info.workspace + ' · augur ' + info.version;
    await loadFiles();
    editor.value = 'model example\n\ncost F(n) = 2 * n\n\nactivity main {\n  action Work cost F(pid + 1)\n  barrier Sync\n}\n';
    onEdit();
    runCheck();
    document.body.dataset.ready = '1';
  }
  init().catch((e) => { setStatus('cannot reach the workbench server: ' + e.message, true); });
})();
