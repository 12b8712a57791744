// Chrome trace events (chrome://tracing, Perfetto) in virtual time. Output is sorted so the
// same run gives the same bytes whatever order the events were logged in.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "sk/arch.h"

namespace sk::sim {

class TraceLog {
 public:
  void setClock(uint32_t mhz) { mhz_ = mhz; }
  void host(const std::string& name, uint64_t begin, uint64_t end);
  void stream(uint32_t stream, const std::string& name, uint64_t begin, uint64_t end);
  void instant(uint32_t stream, const std::string& name, uint64_t at);
  void core(bool aic, uint32_t id, const std::string& name, uint64_t begin, uint64_t end, int64_t block,
            bool faulted);
  // An instruction on one pipe of a core (a lane of its own under the core).
  void pipe(bool aic, uint32_t id, uint8_t pipe, const char* what, uint64_t begin, uint64_t end);
  // Events logged from now on belong to section `name` (e.g. one mode of a comparison): each
  // section has processes of its own, named "<name>: ...". Before any call: one unnamed section.
  void section(const std::string& name);
  std::string json(const arch::ArchSpec& arch) const;

 private:
  struct Ev {
    int pid;  // host, streams, AIC or AIV cores (+ kSectionPids per section)
    uint32_t tid;
    uint64_t begin, end;
    bool instant;
    std::string name;
    std::string args;  // JSON object body, may be empty
    uint64_t seq;
  };
  void add(Ev e);
  uint32_t mhz_ = 1000;
  uint64_t seq_ = 0;
  std::vector<Ev> events_;
  std::vector<std::string> sections_{""};
};

}  // namespace sk::sim
