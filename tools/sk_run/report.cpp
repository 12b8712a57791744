#include "report.h"

#include <algorithm>
#include <cstdio>
#include <sstream>

namespace skrun {

using sk::rt::Comparison;

namespace {

std::string escapeHtml(const std::string& s) {
  std::string o;
  for (char c : s) {
    switch (c) {
      case '<': o += "&lt;"; break;
      case '>': o += "&gt;"; break;
      case '&': o += "&amp;"; break;
      case '"': o += "&quot;"; break;
      default: o += c;
    }
  }
  return o;
}

// JSON inside <script>: a "</" would close the element early.
std::string embedJson(const std::string& json) {
  std::string o;
  for (size_t i = 0; i < json.size(); ++i) {
    if (json[i] == '<' && i + 1 < json.size() && json[i + 1] == '/') o += "<\\";
    else o += json[i];
  }
  return o;
}

std::string fmt(double v, const char* unit) {
  char b[64];
  std::snprintf(b, sizeof b, "%.3f %s", v, unit);
  return b;
}

const char* kStyle = R"CSS(
body { font: 14px/1.4 system-ui, sans-serif; margin: 24px; color: #222; }
h1 { font-size: 20px; margin: 0 0 12px; } h2 { font-size: 16px; margin: 24px 0 8px; }
table { border-collapse: collapse; } td, th { padding: 3px 10px; border-bottom: 1px solid #ddd; text-align: left; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
.bar { height: 14px; background: #4a7fd4; display: inline-block; vertical-align: middle; }
.bar.unfused { background: #c77c3c; }
#timeline svg { border: 1px solid #ccc; background: #fafafa; }
#timeline text { font-size: 10px; fill: #444; }
.note { color: #666; font-size: 12px; }
)CSS";

// Draws, per trace section (a mode of --compare-unfused, or the one run), one row per core (AIC,
// then AIV) with a rect per span coloured by name (the per-pipe lanes of the trace, tid % 8 != 0,
// are left to trace viewers), all on one time axis: each section from its own start, at one
// scale. Lists the stream tasks. Marks <body data-rendered="yes"> when done (the browser test
// waits for it).
const char* kScript = R"JS(
(function () {
  const trace = JSON.parse(document.getElementById('trace-data').textContent);
  const events = trace.traceEvents, sections = trace.otherData.sections;
  const names = {};
  for (const e of events) if (e.ph === 'M' && e.name === 'thread_name') names[e.pid + ':' + e.tid] = e.args.name;
  const kind = e => e.pid % 10, section = e => Math.floor(e.pid / 10);
  const label = s => s === 'replay' ? 'graph replay' : s;
  const order = ['eager', 'replay', 'fused'];
  const shown = sections.map((s, i) => i).sort((a, b) => order.indexOf(sections[a]) - order.indexOf(sections[b]));
  const spansOf = k => events.filter(e => e.ph === 'X' && section(e) === k && (kind(e) === 3 || kind(e) === 4) && e.tid % 8 === 0);
  const tasksOf = k => events.filter(e => e.ph === 'X' && section(e) === k && kind(e) === 2);
  const start = {}, length = {};
  let widest = 1e-9;
  for (const k of shown) {
    let t0 = Infinity, t1 = 0;
    for (const e of spansOf(k).concat(tasksOf(k))) { t0 = Math.min(t0, e.ts); t1 = Math.max(t1, e.ts + e.dur); }
    if (!isFinite(t0)) { t0 = 0; t1 = 0; }
    start[k] = t0; length[k] = t1 - t0; widest = Math.max(widest, t1 - t0);
  }
  const W = 1000, left = 70, rowH = 14, top = 20, width = W - left - 10;
  const hue = s => { let h = 0; for (const c of s) h = (h * 31 + c.charCodeAt(0)) % 360; return h; };
  const ns = 'http://www.w3.org/2000/svg';
  const timeline = document.getElementById('timeline');
  for (const k of shown) {
    const spans = spansOf(k), t0 = start[k];
    const x = t => left + (t - t0) / widest * width;
    const rows = [...new Set(spans.map(e => e.pid + ':' + e.tid))].sort((a, b) => {
      const [pa, ta] = a.split(':').map(Number), [pb, tb] = b.split(':').map(Number);
      return pa - pb || ta - tb;
    });
    const svg = document.createElementNS(ns, 'svg');
    svg.setAttribute('width', W);
    svg.setAttribute('height', top + rows.length * rowH + 10);
    svg.setAttribute('data-mode', sections[k] || 'run');
    const add = (tag, attrs, text) => {
      const el = document.createElementNS(ns, tag);
      for (const a in attrs) el.setAttribute(a, attrs[a]);
      if (text !== undefined) el.textContent = text;
      svg.appendChild(el);
      return el;
    };
    for (let i = 0; i <= 4; ++i) {
      const t = t0 + widest * i / 4;
      add('text', {x: x(t) - (i === 4 ? 40 : 0), y: 12}, (t - t0).toFixed(2) + ' us');
      add('line', {x1: x(t), x2: x(t), y1: 15, y2: top + rows.length * rowH, stroke: '#ddd'});
    }
    rows.forEach((r, i) => add('text', {x: 2, y: top + i * rowH + 10}, names[r] || r));
    for (const e of spans) {
      const row = rows.indexOf(e.pid + ':' + e.tid);
      const isWait = e.name === 'sk_sync_all' || e.name === 'sk_task_wait';
      const rect = add('rect', {x: x(e.ts), y: top + row * rowH + (isWait ? 9 : 1), height: isWait ? 3 : rowH - 2,
                                width: Math.max(x(e.ts + e.dur) - x(e.ts), 0.5),
                                fill: isWait ? '#d33' : 'hsl(' + hue(e.name) + ',55%,60%)'});
      const title = document.createElementNS(ns, 'title');
      title.textContent = e.name + ' (block ' + (e.args ? e.args.block : '?') + '): ' + e.dur.toFixed(3) + ' us from ' +
                          (e.ts - t0).toFixed(3) + ' us';
      rect.appendChild(title);
    }
    if (sections[k]) {
      const h = document.createElement('h3');
      h.textContent = label(sections[k]) + ': ' + length[k].toFixed(3) + ' us';
      timeline.appendChild(h);
    }
    timeline.appendChild(svg);
  }
  const tbody = document.getElementById('tasks');
  for (const k of shown)
    for (const e of tasksOf(k)) {
      const tr = document.createElement('tr');
      const stream = (names[e.pid + ':' + e.tid] || 'stream ' + e.tid);
      for (const v of [label(sections[k] || 'run'), stream, e.name, (e.ts - start[k]).toFixed(3), e.dur.toFixed(3)]) {
        const td = document.createElement('td');
        td.textContent = v;
        if (/^-?[0-9.]+$/.test(v)) td.className = 'num';
        tr.appendChild(td);
      }
      tbody.appendChild(tr);
    }
  document.body.setAttribute('data-rendered', 'yes');
})();
)JS";

}  // namespace

std::string htmlReport(const ReportInput& in) {
  const auto& m = *in.meta;
  std::ostringstream o;
  o << "<!doctype html>\n<html><head><meta charset=\"utf-8\"><title>sk_run report: " << escapeHtml(m.kernelName)
    << "</title><style>" << kStyle << "</style></head>\n<body>\n";
  o << "<h1>" << escapeHtml(m.kernelName) << " on " << escapeHtml(in.arch) << "</h1>\n";
  o << "<table id=\"summary\">\n";
  o << "<tr><th>kernel type</th><td>" << sk::coreTypeName(m.coreType) << " " << m.taskRation.str()
    << ", blockDim " << m.blockDim << "</td></tr>\n";
  o << "<tr><th>device time (virtual)</th><td class=\"num\">" << fmt(in.fused->deviceUs, "us") << "</td></tr>\n";
  o << "<tr><th>launches</th><td class=\"num\">" << in.fused->launches << "</td></tr>\n</table>\n";
  if (m.superKernel)
    o << "<p class=\"note\">A super kernel of " << m.superKernel->instances.size() << " sub-kernels; options "
      << escapeHtml(m.superKernel->options) << ".</p>\n";
  if (const Comparison* c = in.comparison) {
    double widest = 1e-9;
    for (const Comparison::Mode& md : c->modes) widest = std::max(widest, md.run->endToEndUs);
    o << "<h2>What fusion bought</h2>\n<table id=\"fusion\">\n<tr><th>mode</th><th>end-to-end</th><th>device "
         "time</th><th>busy</th><th>idle</th><th>host launch time</th><th>tasks</th><th>fused speedup</th><th></th></tr>\n";
    for (const Comparison::Mode& md : c->modes) {
      const sk::rt::RunResult& r = *md.run;
      o << "<tr><th>" << md.name << "</th>";
      for (double us : {r.endToEndUs, r.deviceUs, r.busyUs, r.deviceUs - r.busyUs, r.hostUs})
        o << "<td class=\"num\">" << fmt(us, "us") << "</td>";
      o << "<td class=\"num\">" << r.launches << "</td><td class=\"num\">" << fmt(md.fusedSpeedup, "x")
        << "</td><td><span class=\"bar" << (md.run == in.fused ? "" : " unfused") << "\" style=\"width:"
        << (int)(r.endToEndUs * 300.0 / widest) << "px\"></span></td></tr>\n";
    }
    o << "</table>\n<p id=\"sync\">Sync inside the super kernel: " << fmt(c->syncUs, "us")
      << " per core and launch (" << fmt(100 * c->syncShare, "%") << " of its device time), the waits at task "
         "boundaries and in SyncAll.</p>\n";
    o << "<h2>Sub-kernels (mean per run)</h2>\n<table id=\"subkernels\">\n<tr><th>sub-kernel</th><th>eager</th>"
         "<th>graph replay</th><th>fused</th></tr>\n";
    for (const Comparison::SubKernel& sub : c->subKernels)
      o << "<tr><td>" << escapeHtml(sub.label) << "</td><td class=\"num\">" << fmt(sub.eagerUs, "us")
        << "</td><td class=\"num\">" << fmt(sub.replayUs, "us") << "</td><td class=\"num\">" << fmt(sub.fusedUs, "us")
        << "</td></tr>\n";
    o << "</table>\n";
  }
  o << "<h2>Timeline (virtual time, one row per core)</h2>\n<div id=\"timeline\"></div>\n"
    << "<p class=\"note\">Spans are kernels and sub-kernels (one colour per name); thin red marks are "
       "waits at task boundaries and in SyncAll. Each mode is drawn from its own start on one scale. Hover a span "
       "for its name, block, duration and start.</p>\n";
  o << "<h2>Device tasks</h2>\n<table><thead><tr><th>mode</th><th>stream</th><th>task</th><th>start (us)</th>"
       "<th>duration (us)</th></tr></thead><tbody id=\"tasks\"></tbody></table>\n";
  o << "<script type=\"application/json\" id=\"trace-data\">" << embedJson(in.traceJson) << "</script>\n";
  o << "<script>" << kScript << "</script>\n</body></html>\n";
  return o.str();
}

}  // namespace skrun
