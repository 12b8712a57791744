#include "sk/op_summary.h"

#include <cstdio>
#include <algorithm>
#include <map>

namespace sk::rt {

namespace {

const char* taskType(const sk::sim::Device::TaskTiming& t) {
  using Kind = sk::sim::Device::TaskTiming::Kind;
  if (t.kind == Kind::Copy) return "MEMCPY_ASYNC";
  if (t.kind == Kind::Memset) return "MEMSET_ASYNC";
  if (t.ration.aic && t.ration.aiv) return "MIX_AIC";
  return t.ration.aic ? "AI_CORE" : "AI_VECTOR_CORE";
}

// A sub-kernel entry of a super kernel, <sk>__<i>__<kernel>, is of type <kernel>.
std::string opType(const std::string& name) {
  size_t a = name.find("__");
  size_t b = a == std::string::npos ? a : name.find("__", a + 2);
  return b == std::string::npos ? name : name.substr(b + 2);
}

// A name as a CSV field: quoted when it holds a separator or a quote.
std::string field(const std::string& s) {
  if (s.find_first_of(",\"\n") == std::string::npos) return s;
  std::string q = "\"";
  for (char c : s) q += c == '"' ? std::string("\"\"") : std::string(1, c);
  return q + "\"";
}

}  // namespace

std::string opSummaryCsv(const std::vector<OpSummaryBlock>& blocks) {
  std::string out =
      "Device_id,Stream ID,Task ID,Op Name,OP Type,Task Type,Task Start Time(us),Task Duration(us),"
      "Task Wait Time(us),Block Dim,Mix Block Dim,Mode\n";
  char line[512];
  size_t id = 0;
  for (const OpSummaryBlock& b : blocks) {
    std::map<sk::sim::StreamId, double> lastEnd;  // per stream, within the block
    for (size_t k = 0; k < b.tasks.size(); ++k) {
      const auto& t = b.tasks[k];
      size_t i = id++;
      auto prev = lastEnd.find(t.stream);
      double wait = prev == lastEnd.end() ? 0.0 : std::max(0.0, t.beginUs - prev->second);
      lastEnd[t.stream] = t.endUs;
      bool mix = t.ration.aic && t.ration.aiv;
      auto given = [&](const std::vector<std::string>& v) { return k < v.size() && !v[k].empty() ? &v[k] : nullptr; };
      const std::string* name = given(b.opNames);
      const std::string* type = given(b.opTypes);
      std::snprintf(line, sizeof line, "0,%u,%zu,%s,%s,%s,%.3f,%.3f,%.3f,%u,%u,%s\n", t.stream, i,
                    field(name ? *name : t.name).c_str(), field(type ? *type : opType(t.name)).c_str(), taskType(t),
                    t.beginUs, t.endUs - t.beginUs, wait, t.blockDim, mix ? t.blockDim * t.ration.aiv : 0, b.mode.c_str());
      out += line;
    }
  }
  return out;
}

}  // namespace sk::rt
