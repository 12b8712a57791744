// Reading JSON documents (metadata, op lists, arch specs, configs): one bounded, validated path
// for every reader, so none can be made to abort, recurse without bound or fill memory.
#pragma once
#include <string>

#include <nlohmann/json.hpp>

#include "llvm/Support/Error.h"

namespace sk {

// Deepest nesting of arrays and objects a document may have (real ones have < 10).
inline constexpr int kMaxJsonDepth = 256;

// Parses `text`; an InputError "<origin>: not valid JSON: <where and why>" when it is not JSON,
// or when it nests deeper than kMaxJsonDepth.
llvm::Expected<nlohmann::json> parseJson(const std::string& text, const std::string& origin);

// readFile (regular file, bounded size) then parseJson. `what` names the document in messages.
llvm::Expected<nlohmann::json> readJsonFile(const std::string& path, const char* what);

// A short rendering of a value for "expected ..., got ..." messages.
std::string describeJson(const nlohmann::json& v);

}  // namespace sk
