#include "trace.h"

#include <algorithm>
#include <map>
#include <set>
#include <tuple>

#include <nlohmann/json.hpp>

#include "timing.h"

namespace sk::sim {

namespace {
enum Pid { kHost = 1, kStreams = 2, kAic = 3, kAiv = 4 };
constexpr int kSectionPids = 10;  // section k's processes are pid + k * kSectionPids

// Microseconds with nanosecond digits, from integer math only (byte-stable output).
std::string us(uint64_t cycles, uint32_t mhz) {
  uint64_t ns = cycles * 1000 / mhz;
  char b[32];
  std::snprintf(b, sizeof b, "%llu.%03llu", (unsigned long long)(ns / 1000), (unsigned long long)(ns % 1000));
  return b;
}

std::string quoted(const std::string& s) { return nlohmann::json(s).dump(); }
}  // namespace

void TraceLog::section(const std::string& name) {
  if (events_.empty() && sections_.size() == 1) sections_.clear();  // nothing logged unnamed
  sections_.push_back(name);
}

void TraceLog::add(Ev e) {
  e.seq = seq_++;
  e.pid += (int)(sections_.size() - 1) * kSectionPids;
  events_.push_back(std::move(e));
}

void TraceLog::host(const std::string& name, uint64_t begin, uint64_t end) {
  add(Ev{kHost, 0, begin, end, false, name, "", 0});
}

void TraceLog::stream(uint32_t s, const std::string& name, uint64_t begin, uint64_t end) {
  add(Ev{kStreams, s, begin, end, false, name, "", 0});
}

void TraceLog::instant(uint32_t s, const std::string& name, uint64_t at) {
  add(Ev{kStreams, s, at, at, true, name, "", 0});
}

// A core's lanes: tid = core * kLanes (blocks and sub-kernels), + 1 + pipe (its pipes).
constexpr uint32_t kLanes = 8;

void TraceLog::core(bool aic, uint32_t id, const std::string& name, uint64_t begin, uint64_t end, int64_t block,
                    bool faulted) {
  std::string args = "\"block\":" + std::to_string(block);
  if (faulted) args += ",\"fault\":true";
  add(Ev{aic ? kAic : kAiv, id * kLanes, begin, end, false, name, args, 0});
}

void TraceLog::pipe(bool aic, uint32_t id, uint8_t pipe, const char* what, uint64_t begin, uint64_t end) {
  add(Ev{aic ? kAic : kAiv, id * kLanes + 1 + pipe, begin, end, false, what ? what : "?", "", 0});
}

std::string TraceLog::json(const arch::ArchSpec& arch) const {
  std::vector<const Ev*> evs;
  for (const Ev& e : events_) evs.push_back(&e);
  std::sort(evs.begin(), evs.end(), [](const Ev* a, const Ev* b) {
    return std::tie(a->pid, a->tid, a->begin, a->end, a->seq) < std::tie(b->pid, b->tid, b->begin, b->end, b->seq);
  });
  std::string sections;
  for (const std::string& s : sections_) sections += (sections.empty() ? "" : ",") + quoted(s);
  std::string out = "{\"displayTimeUnit\":\"ns\",\"otherData\":{\"arch\":" + quoted(arch.name) +
                    ",\"clockMHz\":" + std::to_string(arch.clockMHz) + ",\"timeBase\":\"virtual\",\"sections\":[" +
                    sections + "]},\"traceEvents\":[\n";
  bool first = true;
  auto emit = [&](const std::string& line) {
    if (!first) out += ",\n";
    first = false;
    out += line;
  };
  static const char* kNames[] = {"", "host", "streams", "AIC cores", "AIV cores"};
  std::set<std::pair<int, uint32_t>> threads;
  for (const Ev* e : evs) threads.insert({e->pid, e->tid});
  std::set<int> pids;
  for (auto& [pid, tid] : threads) pids.insert(pid);
  for (int pid : pids) {
    const std::string& section = sections_[pid / kSectionPids];
    const std::string name = (section.empty() ? "" : section + ": ") + kNames[pid % kSectionPids];
    emit("{\"ph\":\"M\",\"name\":\"process_name\",\"pid\":" + std::to_string(pid) + ",\"args\":{\"name\":" +
         quoted(name) + "}}");
  }
  for (auto& [pid, tid] : threads) {
    int kind = pid % kSectionPids;
    std::string tname = kind == kHost ? "host thread" : kind == kStreams ? "stream " + std::to_string(tid)
                      : std::string(kind == kAic ? "aic" : "aiv") + std::to_string(tid / kLanes);
    if ((kind == kAic || kind == kAiv) && tid % kLanes) tname += " " + std::string(timing::pipeName(tid % kLanes - 1));
    emit("{\"ph\":\"M\",\"name\":\"thread_name\",\"pid\":" + std::to_string(pid) + ",\"tid\":" + std::to_string(tid) +
         ",\"args\":{\"name\":\"" + tname + "\"}}");
  }
  for (const Ev* e : evs) {
    std::string line = "{\"ph\":\"" + std::string(e->instant ? "i" : "X") + "\",\"name\":" + quoted(e->name) +
                       ",\"pid\":" + std::to_string(e->pid) + ",\"tid\":" + std::to_string(e->tid) +
                       ",\"ts\":" + us(e->begin, mhz_);
    if (e->instant) line += ",\"s\":\"t\"";
    else line += ",\"dur\":" + us(e->end - e->begin, mhz_);
    if (!e->args.empty()) line += ",\"args\":{" + e->args + "}";
    emit(line + "}");
  }
  out += "\n]}\n";
  return out;
}

}  // namespace sk::sim
