#include "report.h"

#include <algorithm>
#include <cstdio>
#include <sstream>

namespace skrun {

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

// Draws one row per core (AIC, then AIV) with a rect per span, coloured by name (the per-pipe
// lanes of the trace, tid % 8 != 0, are left to trace viewers); lists the stream tasks. Marks
// <body data-rendered="yes"> when done (the browser test waits for it).
const char* kScript = R"JS(
(function () {
  const events = JSON.parse(document.getElementById('trace-data').textContent).traceEvents;
  const names = {};
  for (const e of events) if (e.ph === 'M' && e.name === 'thread_name') names[e.pid + ':' + e.tid] = e.args.name;
  const spans = events.filter(e => e.ph === 'X' && (e.pid === 3 || e.pid === 4) && e.tid % 8 === 0);
  const tasks = events.filter(e => e.ph === 'X' && e.pid === 2);
  const rows = [...new Set(spans.map(e => e.pid + ':' + e.tid))].sort((a, b) => {
    const [pa, ta] = a.split(':').map(Number), [pb, tb] = b.split(':').map(Number);
    return pa - pb || ta - tb;
  });
  let t0 = Infinity, t1 = 0;
  for (const e of spans.concat(tasks)) { t0 = Math.min(t0, e.ts); t1 = Math.max(t1, e.ts + e.dur); }
  if (!isFinite(t0)) { t0 = 0; t1 = 1; }
  const W = 1000, left = 70, rowH = 14, top = 20, width = W - left - 10;
  const x = t => left + (t - t0) / Math.max(t1 - t0, 1e-9) * width;
  const hue = s => { let h = 0; for (const c of s) h = (h * 31 + c.charCodeAt(0)) % 360; return h; };
  const ns = 'http://www.w3.org/2000/svg';
  const svg = document.createElementNS(ns, 'svg');
  svg.setAttribute('width', W);
  svg.setAttribute('height', top + rows.length * rowH + 10);
  const add = (tag, attrs, text) => {
    const el = document.createElementNS(ns, tag);
    for (const k in attrs) el.setAttribute(k, attrs[k]);
    if (text !== undefined) el.textContent = text;
    svg.appendChild(el);
    return el;
  };
  for (let i = 0; i <= 4; ++i) {
    const t = t0 + (t1 - t0) * i / 4;
    add('text', {x: x(t) - (i === 4 ? 40 : 0), y: 12}, (t - t0).toFixed(2) + ' us');
    add('line', {x1: x(t), x2: x(t), y1: 15, y2: top + rows.length * rowH, stroke: '#ddd'});
  }
  rows.forEach((r, i) => add('text', {x: 2, y: top + i * rowH + 10}, names[r] || r));
  for (const e of spans) {
    const row = rows.indexOf(e.pid + ':' + e.tid);
    const isSync = e.name === 'sk_sync_all';
    const rect = add('rect', {x: x(e.ts), y: top + row * rowH + (isSync ? 9 : 1), height: isSync ? 3 : rowH - 2,
                              width: Math.max(x(e.ts + e.dur) - x(e.ts), 0.5),
                              fill: isSync ? '#d33' : 'hsl(' + hue(e.name) + ',55%,60%)'});
    const title = document.createElementNS(ns, 'title');
    title.textContent = e.name + ' (block ' + (e.args ? e.args.block : '?') + '): ' + e.dur.toFixed(3) + ' us';
    rect.appendChild(title);
  }
  document.getElementById('timeline').appendChild(svg);
  const tbody = document.getElementById('tasks');
  for (const e of tasks) {
    const tr = document.createElement('tr');
    for (const v of [names['2:' + e.tid] || 'stream ' + e.tid, e.name, (e.ts - t0).toFixed(3), e.dur.toFixed(3)]) {
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
  if (in.unfused && in.replay) {
    double f = in.fused->deviceUs, widest = std::max({f, in.unfused->deviceUs, in.replay->deviceUs, 1e-9});
    o << "<h2>What fusion bought</h2>\n<table id=\"fusion\">\n<tr><th>mode</th><th>device time</th><th>host "
         "launch time</th><th>tasks</th><th>fused speedup</th><th></th></tr>\n";
    for (auto [name, run] : {std::pair<const char*, const sk::rt::RunResult*>{"eager", in.unfused},
                             {"graph replay", in.replay}, {"fused", in.fused}})
      o << "<tr><th>" << name << "</th><td class=\"num\">" << fmt(run->deviceUs, "us") << "</td><td class=\"num\">"
        << fmt(run->hostUs, "us") << "</td><td class=\"num\">" << run->launches << "</td><td class=\"num\">"
        << fmt(f > 0 ? run->deviceUs / f : 0.0, "x") << "</td><td><span class=\"bar" << (run == in.fused ? "" : " unfused")
        << "\" style=\"width:" << (int)(run->deviceUs * 300.0 / widest) << "px\"></span></td></tr>\n";
    o << "</table>\n";
  }
  o << "<h2>Timeline (virtual time, one row per core)</h2>\n<div id=\"timeline\"></div>\n"
    << "<p class=\"note\">Spans are kernels and sub-kernels (one colour per name); thin red marks are "
       "sk_sync_all waits. Hover a span for its name, block and duration.</p>\n";
  o << "<h2>Device tasks</h2>\n<table><thead><tr><th>stream</th><th>task</th><th>start (us)</th><th>duration "
       "(us)</th></tr></thead><tbody id=\"tasks\"></tbody></table>\n";
  o << "<script type=\"application/json\" id=\"trace-data\">" << embedJson(in.traceJson) << "</script>\n";
  o << "<script>" << kScript << "</script>\n</body></html>\n";
  return o.str();
}

}  // namespace skrun
