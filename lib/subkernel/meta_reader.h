// Field readers shared by the metadata parser (metadata.cpp) and the superKernel section parser
// (super_kernel_meta.cpp). Each returns the value or an InputError "<origin>: <path>: expected
// <what>, got <value>", so every rejection names the file and the field.
#pragma once
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "sk/error.h"
#include "sk/json_io.h"
#include "sk/subkernel.h"

namespace sk::subkernel::detail {

using nlohmann::json;

inline constexpr int64_t kInt64Max = std::numeric_limits<int64_t>::max();

class MetaReader {
 public:
  explicit MetaReader(const std::string& origin) : origin_(origin) {}
  const std::string& origin() const { return origin_; }

  llvm::Error fail(const std::string& path, const llvm::Twine& what) const {
    return sk::inputError(origin_ + ": " + path + ": " + what);
  }
  llvm::Error expected(const std::string& path, const llvm::Twine& what, const json& got) const {
    return fail(path, "expected " + what + ", got " + describeJson(got));
  }
  llvm::Error missing(const std::string& path, const llvm::Twine& what) const {
    return fail(path, "missing (required), expected " + what);
  }

  // An integer in [lo, hi]; `what` describes the expectation ("an integer >= 1").
  llvm::Expected<int64_t> integer(const json& v, const std::string& path, int64_t lo, int64_t hi,
                                  const char* what) const {
    if (v.is_number_unsigned()) {
      uint64_t u = v.get<uint64_t>();
      if (u <= static_cast<uint64_t>(hi) && static_cast<int64_t>(u) >= lo) return static_cast<int64_t>(u);
    } else if (v.is_number_integer()) {
      int64_t i = v.get<int64_t>();
      if (i >= lo && i <= hi) return i;
    }
    return expected(path, what, v);
  }
  llvm::Expected<uint64_t> count(const json& v, const std::string& path, const char* what = "an integer >= 0") const {
    auto i = integer(v, path, 0, kInt64Max, what);
    if (!i) return i.takeError();
    return static_cast<uint64_t>(*i);
  }
  // Any unsigned 64-bit integer (tiling keys: ops-transformer's go past 2^63).
  llvm::Expected<uint64_t> unsigned64(const json& v, const std::string& path, const char* what) const {
    if (v.is_number_unsigned()) return v.get<uint64_t>();
    if (v.is_number_integer() && v.get<int64_t>() >= 0) return static_cast<uint64_t>(v.get<int64_t>());
    return expected(path, what, v);
  }
  llvm::Expected<bool> boolean(const json& v, const std::string& path) const {
    if (!v.is_boolean()) return expected(path, "true or false", v);
    return v.get<bool>();
  }
  llvm::Expected<std::string> string(const json& v, const std::string& path, const char* what = "a string") const {
    if (!v.is_string()) return expected(path, what, v);
    return v.get<std::string>();
  }
  llvm::Expected<std::vector<int64_t>> eventList(const json& v, const std::string& path) const {
    if (!v.is_array()) return expected(path, "an array of event ids (integers >= 0)", v);
    std::vector<int64_t> out;
    for (size_t i = 0; i < v.size(); ++i) {
      auto e = integer(v[i], path + "[" + std::to_string(i) + "]", 0, kInt64Max, "an event id (integer >= 0)");
      if (!e) return e.takeError();
      out.push_back(*e);
    }
    return out;
  }

  // The member `key` of object `o`: null when it is absent.
  static const json* member(const json& o, const char* key) {
    auto it = o.find(key);
    return it == o.end() ? nullptr : &*it;
  }
  // A required member: the value or a "missing (required)" error.
  llvm::Expected<const json*> required(const json& o, const std::string& path, const char* key,
                                       const char* what) const {
    const json* v = member(o, key);
    if (!v) return missing(path.empty() ? std::string(key) : path + "." + key, what);
    return v;
  }

 private:
  const std::string& origin_;
};

// superKernel section (super_kernel_meta.cpp): validated against the SK's own params.
llvm::Error readSuperKernel(const MetaReader& r, const json& section, KernelMeta& m);

}  // namespace sk::subkernel::detail
