// Field-by-field reading of the JSON objects of manifest.json and index.json (package_model.h).
// Each read checks that the member is there and of the right type and value; the first problem
// becomes the one error, "<file>: <field>: <what is wrong>", and every later read returns false,
// so a parser is a straight list of reads. No LLVM here: sk_pkg_tool links this code statically.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "sk/package_model.h"

namespace sk::pkg::detail {

using nlohmann::json;

// The error of one parse: the file, and the first problem found.
struct Problem {
  const std::string& origin;
  std::string error;

  bool ok() const { return error.empty(); }
  // Records "origin: field: what" unless a problem is already recorded; returns false.
  bool fail(const std::string& field, const std::string& what);
};

// Short text of a JSON value for messages (at most ~40 characters).
std::string shortText(const json& v);

// Parses `text` as JSON: at most `maxDepth` nested arrays or objects, checked before nlohmann
// parses it (its comparison and printing recurse, so hostile nesting must not reach them).
bool parseJson(std::string_view text, int maxDepth, Problem& p, json& out);

class Fields {
 public:
  // `path` is the field path of `object` ("" at the top, "files[2]", "index.inputs[0]").
  Fields(const json& object, std::string path, Problem& p);

  bool str(const char* key, std::string& out, bool (*valid)(std::string_view), const char* what);
  bool exact(const char* key, const char* want);  // a string equal to `want`
  bool uint(const char* key, uint64_t& out, uint64_t lo, uint64_t hi);
  bool boolean(const char* key, bool& out);
  bool optionalTrue(const char* key, bool& out);  // absent = false; present: must be true
  // The member as an array of at most `maxItems` / as an object; nullptr after a problem.
  const json* array(const char* key, size_t maxItems);
  const json* object(const char* key);
  // A problem for the first member that no read asked for.
  bool done();

  std::string field(const std::string& key) const { return path_.empty() ? key : path_ + "." + key; }
  bool ok() const { return p_.ok(); }

 private:
  const json* member(const char* key, const char* what);
  const json& object_;
  std::string path_;
  Problem& p_;
  std::vector<std::string> read_;
};

// "<path>[<i>]"
inline std::string item(const std::string& path, size_t i) { return path + "[" + std::to_string(i) + "]"; }

// The object at `path`, or a problem.
bool isObject(const json& v, const std::string& path, const char* what, Problem& p);

// Shared by manifest.cpp and index.cpp: the index entry (an index.json line, a manifest's
// "index" field) and the checks of single values.
bool readIndexEntry(const json& v, const std::string& path, Problem& p, IndexEntry& out);
nlohmann::ordered_json indexEntryJson(const IndexEntry& e);
bool isCoreType(std::string_view s);
bool anyText(std::string_view s);  // at most 1024 bytes: compared with an expected value next

}  // namespace sk::pkg::detail
