// Reading the op list and the option string.
#include <cctype>
#include <fstream>
#include <set>
#include <sstream>

#include <nlohmann/json.hpp>

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/Path.h"
#include "sk/error.h"
#include "sk/file_io.h"
#include "sk/json_io.h"
#include "sk/reuse_analysis.h"
#include "sk/text.h"

namespace sk::reuse {

using nlohmann::json;

namespace {

std::string resolve(const std::string& base, const std::string& p) {
  if (p.empty() || llvm::sys::path::is_absolute(p)) return p;
  llvm::SmallString<256> out(llvm::sys::path::parent_path(base));
  llvm::sys::path::append(out, p);
  return std::string(out);
}

llvm::Expected<std::vector<int64_t>> eventList(const json& v, const std::string& where) {
  if (!v.is_array()) return inputError(where + ": expected an array of event ids");
  std::vector<int64_t> out;
  for (const json& e : v) {
    if (!e.is_number_integer() || e.get<int64_t>() < 0) return inputError(where + ": event ids are integers >= 0");
    out.push_back(e.get<int64_t>());
  }
  return out;
}

}  // namespace

llvm::Expected<OpList> readOpList(const std::string& path) {
  auto text = readFile(path, kMaxJsonBytes, "op list");
  if (!text) return text.takeError();
  return parseOpList(*text, path);
}

llvm::Expected<OpList> parseOpList(const std::string& text, const std::string& path) {
  auto doc = parseJson(text, path);
  if (!doc) return doc.takeError();
  const json& j = *doc;
  if (!j.is_object()) return inputError(path + ": expected a JSON object {\"op_list\": [...]}, got " + describeJson(j));
  OpList list;
  if (j.contains("super_kernel_options")) {
    if (!j["super_kernel_options"].is_string()) return inputError(path + ": super_kernel_options: expected a string");
    list.options = j["super_kernel_options"];
  }
  if (j.contains("keep_outputs")) {
    const json& k = j["keep_outputs"];
    if (!k.is_array()) return inputError(path + ": keep_outputs: expected an array of tensor names");
    for (size_t i = 0; i < k.size(); ++i) {
      if (!k[i].is_string() || !sk::isCIdentifier(k[i].get<std::string>()))
        return inputError(path + ": keep_outputs[" + std::to_string(i) + "]: expected a tensor name that is a C identifier");
      list.keepOutputs.push_back(k[i]);
    }
  }
  if (!j.contains("op_list") || !j["op_list"].is_array() || j["op_list"].empty())
    return inputError(path + ": op_list: expected a non-empty array of ops");
  for (size_t i = 0; i < j["op_list"].size(); ++i) {
    const json& e = j["op_list"][i];
    std::string at = path + ": op_list[" + std::to_string(i) + "]";
    if (!e.is_object()) return inputError(at + ": expected an object");
    OpSpec op;
    if (!e.contains("bin_path") || !e["bin_path"].is_string() || e["bin_path"].get<std::string>().empty())
      return inputError(at + ".bin_path: missing (the sub-kernel's .o)");
    op.objPath = resolve(path, e["bin_path"]);
    if (e.contains("json_path")) {
      if (!e["json_path"].is_string()) return inputError(at + ".json_path: expected a string");
      op.jsonPath = resolve(path, e["json_path"]);
    }
    if (e.contains("task_type") && e["task_type"] != "normal")
      return inputError(at + ".task_type: only \"normal\" (static) sub-kernels can be fused; dynamic tiling is not supported");
    if (e.contains("stream_id")) {
      if (!e["stream_id"].is_number_integer() || e["stream_id"].get<int64_t>() < 0)
        return inputError(at + ".stream_id: expected an integer >= 0");
      op.streamId = e["stream_id"].get<int64_t>();
    }
    for (auto [key, field] : {std::pair{"send_event_list", &op.sendEvents}, std::pair{"recv_event_list", &op.recvEvents}}) {
      if (!e.contains(key)) continue;
      auto ev = eventList(e[key], at + "." + key);
      if (!ev) return ev.takeError();
      *field = std::move(*ev);
    }
    if (e.contains("bind")) {
      if (!e["bind"].is_object()) return inputError(at + ".bind: expected an object {\"param\": \"tensor\"}");
      for (auto& [param, tensor] : e["bind"].items()) {
        // Tensor names become the super kernel's parameter names, and so file names.
        if (!tensor.is_string() || !sk::isCIdentifier(tensor.get<std::string>()))
          return inputError(at + ".bind." + param + ": expected a tensor name that is a C identifier (letters, digits, _)");
        op.bind[param] = tensor;
      }
    }
    if (e.contains("scalars")) {
      if (!e["scalars"].is_object())
        return inputError(at + ".scalars: expected an object {\"param\": value} (a hex string or a number per scalar param)");
      for (auto& [param, value] : e["scalars"].items()) op.scalars[param] = value;
    }
    op.where = at;
    list.ops.push_back(std::move(op));
  }
  return list;
}

std::string writeOpList(const OpList& list) {
  json j = json::object();
  if (!list.options.empty()) j["super_kernel_options"] = list.options;
  if (!list.keepOutputs.empty()) j["keep_outputs"] = list.keepOutputs;
  json ops = json::array();
  for (const OpSpec& op : list.ops) {
    json e = {{"bin_path", op.objPath}};
    if (!op.jsonPath.empty()) e["json_path"] = op.jsonPath;
    if (op.streamId) e["stream_id"] = *op.streamId;
    if (op.sendEvents) e["send_event_list"] = *op.sendEvents;
    if (op.recvEvents) e["recv_event_list"] = *op.recvEvents;
    if (!op.bind.empty()) e["bind"] = op.bind;
    if (!op.scalars.empty()) e["scalars"] = op.scalars;
    ops.push_back(std::move(e));
  }
  j["op_list"] = std::move(ops);
  return j.dump(2) + "\n";
}

OpList opListFromObjects(const std::vector<std::string>& objects) {
  OpList list;
  for (const std::string& o : objects) list.ops.push_back(OpSpec{o, "", std::nullopt, std::nullopt, std::nullopt, {}, {}, nullptr, ""});
  return list;
}

const std::vector<std::string>& optionKeys() {
  static const std::vector<std::string> keys = {"early-start",  "stream-fusion", "debug-sync-all", "feed-sync-all",
                                                "preload-code", "split-mode",    "profiling", "auto-op-parallel"};
  return keys;
}

std::string Options::text() const {
  return "early-start=" + std::to_string(earlyStart) + ":stream-fusion=" + std::to_string(streamFusion) +
         ":debug-sync-all=" + std::to_string(debugSyncAll) + ":feed-sync-all=" + std::to_string(feedSyncAll) +
         ":preload-code=" + std::string(preloadCode ? "per-func" : "none") + ":split-mode=" + std::to_string(splitMode) +
         ":profiling=" + std::to_string(profiling) + ":auto-op-parallel=" + std::to_string(autoOpParallel);
}

llvm::Expected<Options> parseOptions(const std::string& textIn) {
  Options o;
  std::string text = textIn;
  if (text.size() >= 2 && (text.front() == '"' || text.front() == '\'') && text.back() == text.front())
    text = text.substr(1, text.size() - 2);
  std::string valid;
  for (const std::string& k : optionKeys()) valid += (valid.empty() ? "" : ", ") + k;
  std::set<std::string> seen;
  std::stringstream ss(text);
  std::string pair;
  while (std::getline(ss, pair, ':')) {
    if (pair.empty()) continue;  // "a=1:" (a trailing separator, as the anchor writes them)
    size_t eq = pair.find('=');
    if (eq == std::string::npos || eq == 0 || eq + 1 == pair.size())
      return inputError("--options: '" + pair + "' is not key=value (valid keys: " + valid + ")");
    std::string key = pair.substr(0, eq), value = pair.substr(eq + 1);
    for (char& ch : key)
      if (ch == '_') ch = '-';
    if (std::find(optionKeys().begin(), optionKeys().end(), key) == optionKeys().end())
      return inputError("--options: unknown option '" + key + "' (valid keys: " + valid + ")");
    if (!seen.insert(key).second) return inputError("--options: option '" + key + "' is given twice");
    auto flag = [&](bool& out, std::initializer_list<const char*> on, std::initializer_list<const char*> off) -> llvm::Error {
      for (const char* v : on)
        if (value == v) {
          out = true;
          return llvm::Error::success();
        }
      for (const char* v : off)
        if (value == v) {
          out = false;
          return llvm::Error::success();
        }
      std::string allowed;
      for (const char* v : on) allowed += (allowed.empty() ? "" : ", ") + std::string(v);
      for (const char* v : off) allowed += ", " + std::string(v);
      return inputError("--options: " + key + "=" + value + ": expected one of " + allowed);
    };
    llvm::Error e = llvm::Error::success();
    if (key == "early-start") e = flag(o.earlyStart, {"1", "2"}, {"0"});
    else if (key == "stream-fusion") e = flag(o.streamFusion, {"1"}, {"0"});
    else if (key == "debug-sync-all") e = flag(o.debugSyncAll, {"1"}, {"0"});
    else if (key == "feed-sync-all") e = flag(o.feedSyncAll, {"1"}, {"0"});
    else if (key == "preload-code") e = flag(o.preloadCode, {"per-func", "max", "1"}, {"none", "0"});
    else if (key == "profiling") e = flag(o.profiling, {"1"}, {"0"});
    else if (key == "auto-op-parallel") e = flag(o.autoOpParallel, {"1"}, {"0"});
    else if (key == "split-mode") {
      char* end = nullptr;
      long v = std::strtol(value.c_str(), &end, 10);
      // The whole value must be the number (a NUL inside the string would end strtol early).
      if (end != value.c_str() + value.size() || v < 1 || v > 64) {
        std::string shown;  // the value as given, control bytes as \xNN
        for (unsigned char ch : value) shown += std::isprint(ch) ? std::string(1, (char)ch) : "\\x" + sk::toHex({&ch, 1});
        e = inputError("--options: split-mode=" + shown + ": expected an integer in [1, 64]");
      } else {
        o.splitMode = (uint32_t)v;
      }
    }
    if (e) return e;
  }
  return o;
}

llvm::Expected<Options> listOptions(const OpList& list, const std::string& extra) {
  std::string text = list.options;
  if (!extra.empty()) text += (text.empty() ? "" : ":") + extra;
  return parseOptions(text);
}

}  // namespace sk::reuse
