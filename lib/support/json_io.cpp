#include "sk/json_io.h"

#include "sk/error.h"
#include "sk/file_io.h"

namespace sk {

namespace {

// The deepest nesting of `text`, counting brackets outside strings; stops early once over the
// limit. Done before parsing so no recursive step (parse, dump, destroy) meets a deep tree.
int nestingDepth(const std::string& text, int limit) {
  int depth = 0, deepest = 0;
  bool inString = false, escaped = false;
  for (char c : text) {
    if (inString) {
      if (escaped) escaped = false;
      else if (c == '\\') escaped = true;
      else if (c == '"') inString = false;
      continue;
    }
    if (c == '"') inString = true;
    else if (c == '[' || c == '{') {
      if (++depth > deepest && (deepest = depth) > limit) return deepest;
    } else if (c == ']' || c == '}') {
      --depth;
    }
  }
  return deepest;
}

}  // namespace

llvm::Expected<nlohmann::json> parseJson(const std::string& text, const std::string& origin) {
  if (nestingDepth(text, kMaxJsonDepth) > kMaxJsonDepth)
    return inputError(origin + ": not valid JSON here: arrays and objects nest deeper than " +
                      llvm::Twine(kMaxJsonDepth) + " levels");
  try {
    return nlohmann::json::parse(text);
  } catch (const nlohmann::json::exception& e) {
    // e.what() is "[json.exception.parse_error.101] parse error at line 3, column 5: ...".
    std::string msg = e.what();
    if (size_t close = msg.find("] "); msg.rfind("[json.exception", 0) == 0 && close != std::string::npos)
      msg = msg.substr(close + 2);
    return inputError(origin + ": not valid JSON: " + msg);
  }
}

llvm::Expected<nlohmann::json> readJsonFile(const std::string& path, const char* what) {
  auto text = readFile(path, kMaxJsonBytes, what);
  if (!text) return text.takeError();
  return parseJson(*text, path);
}

std::string describeJson(const nlohmann::json& v) {
  std::string s = v.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  if (s.size() > 60) s = s.substr(0, 57) + "...";
  return s;
}

}  // namespace sk
