#include "json_fields.h"

#include <algorithm>

namespace sk::pkg::detail {

bool Problem::fail(const std::string& field, const std::string& what) {
  if (error.empty()) error = origin + ": " + (field.empty() ? "" : field + ": ") + what;
  return false;
}

std::string shortText(const json& v) {
  std::string s = v.dump(-1, ' ', false, json::error_handler_t::replace);
  return s.size() <= 40 ? s : s.substr(0, 37) + "...";
}

namespace {

// The deepest nesting of [ and { outside strings, scanning stops past `limit`.
int nestingDepth(std::string_view text, int limit) {
  int depth = 0, deepest = 0;
  bool inString = false;
  for (size_t i = 0; i < text.size() && deepest <= limit; ++i) {
    char c = text[i];
    if (inString) {
      if (c == '\\') ++i;
      else if (c == '"') inString = false;
    } else if (c == '"') {
      inString = true;
    } else if (c == '[' || c == '{') {
      deepest = std::max(deepest, ++depth);
    } else if (c == ']' || c == '}') {
      --depth;
    }
  }
  return deepest;
}

}  // namespace

bool parseJson(std::string_view text, int maxDepth, Problem& p, json& out) {
  if (nestingDepth(text, maxDepth) > maxDepth)
    return p.fail("", "not a file of this format: arrays and objects nested more than " + std::to_string(maxDepth) +
                          " deep");
  try {
    out = json::parse(text.begin(), text.end());
  } catch (const json::exception& e) {
    std::string what = e.what();  // "[json.exception.parse_error.101] parse error at line 1, ..."
    size_t end = what.find("] ");
    return p.fail("", "not valid JSON: " + (end == std::string::npos ? what : what.substr(end + 2)));
  }
  return true;
}

bool isObject(const json& v, const std::string& path, const char* what, Problem& p) {
  if (v.is_object()) return true;
  return p.fail(path, std::string("expected ") + what + ", got " + shortText(v));
}

Fields::Fields(const json& object, std::string path, Problem& p) : object_(object), path_(std::move(path)), p_(p) {}

const json* Fields::member(const char* key, const char* what) {
  if (!p_.ok()) return nullptr;
  read_.push_back(key);
  auto it = object_.find(key);
  if (it == object_.end()) {
    p_.fail(field(key), std::string("missing (required), expected ") + what);
    return nullptr;
  }
  return &*it;
}

bool Fields::str(const char* key, std::string& out, bool (*valid)(std::string_view), const char* what) {
  const json* v = member(key, what);
  if (!v) return false;
  if (!v->is_string() || !valid(v->get_ref<const std::string&>()))
    return p_.fail(field(key), std::string("expected ") + what + ", got " + shortText(*v));
  out = v->get<std::string>();
  return true;
}

bool Fields::exact(const char* key, const char* want) {
  std::string what = std::string("\"") + want + "\"";
  const json* v = member(key, what.c_str());
  if (!v) return false;
  if (!v->is_string() || v->get_ref<const std::string&>() != want)
    return p_.fail(field(key), "expected " + what + ", got " + shortText(*v));
  return true;
}

bool Fields::uint(const char* key, uint64_t& out, uint64_t lo, uint64_t hi) {
  std::string what = "an integer " + std::to_string(lo) + ".." + std::to_string(hi);
  const json* v = member(key, what.c_str());
  if (!v) return false;
  if (!v->is_number_unsigned() || v->get<uint64_t>() < lo || v->get<uint64_t>() > hi)
    return p_.fail(field(key), "expected " + what + ", got " + shortText(*v));
  out = v->get<uint64_t>();
  return true;
}

bool Fields::boolean(const char* key, bool& out) {
  const json* v = member(key, "true or false");
  if (!v) return false;
  if (!v->is_boolean()) return p_.fail(field(key), "expected true or false, got " + shortText(*v));
  out = v->get<bool>();
  return true;
}

bool Fields::optionalTrue(const char* key, bool& out) {
  if (!p_.ok()) return false;
  read_.push_back(key);
  auto it = object_.find(key);
  out = it != object_.end();
  if (out && !(it->is_boolean() && it->get<bool>()))
    return p_.fail(field(key), "expected true (or no such field), got " + shortText(*it));
  return true;
}

const json* Fields::array(const char* key, size_t maxItems) {
  std::string what = "an array of at most " + std::to_string(maxItems) + " items";
  const json* v = member(key, what.c_str());
  if (!v) return nullptr;
  if (!v->is_array() || v->size() > maxItems) {
    p_.fail(field(key), "expected " + what + ", got " + (v->is_array() ? std::to_string(v->size()) + " items" : shortText(*v)));
    return nullptr;
  }
  return v;
}

const json* Fields::object(const char* key) {
  const json* v = member(key, "an object");
  if (!v) return nullptr;
  if (!isObject(*v, field(key), "an object", p_)) return nullptr;
  return v;
}

bool Fields::done() {
  if (!p_.ok()) return false;
  for (auto it = object_.begin(); it != object_.end(); ++it)
    if (std::find(read_.begin(), read_.end(), it.key()) == read_.end())
      return p_.fail(field(it.key()), "unknown field (misspelt, or written by a newer version of the format)");
  return true;
}

}  // namespace sk::pkg::detail
