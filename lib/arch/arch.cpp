#include "sk/arch.h"

#include <cmath>
#include <fstream>
#include <limits>
#include <sstream>

#include <nlohmann/json.hpp>

#include "sk/error.h"
#include "sk/file_io.h"
#include "sk/json_io.h"

namespace sk::arch {

// Generated from arch/*.json (see lib/arch/CMakeLists.txt).
extern const char* const kBuiltinArchNames[];
extern const char* const kBuiltinArchJson[];
extern const int kBuiltinArchCount;

using nlohmann::json;

uint64_t ArchSpec::transferCycles(uint64_t bytes, double gbPerS) const {
  // bytes / (GB/s) = ns; ns * MHz / 1000 = cycles.
  return (uint64_t)std::ceil((double)bytes / gbPerS * clockMHz / 1000.0);
}

const VectorOpCost& ArchSpec::vectorOp(const std::string& op) const {
  static const VectorOpCost kUnknown{16, 2};
  auto it = vectorOps.find(op);
  return it == vectorOps.end() ? kUnknown : it->second;
}

std::vector<std::string> builtinArchNames() {
  return std::vector<std::string>(kBuiltinArchNames, kBuiltinArchNames + kBuiltinArchCount);
}

namespace {

// Every number in an arch file is {"value": N, "source": "..."}: the source is required so
// the cost model stays traceable.
class Reader {
 public:
  Reader(const json& j, const std::string& origin) : j_(j), origin_(origin) {}

  template <typename T> void number(const char* field, T& out) {
    if (err_) return;
    auto it = j_.find(field);
    if (it == j_.end()) return fail(field, "missing");
    if (!it->is_object() || !it->contains("value") || !(*it)["value"].is_number())
      return fail(field, "must be {\"value\": <number>, \"source\": \"...\"}");
    if (!it->contains("source") || !(*it)["source"].is_string() || (*it)["source"].get<std::string>().empty())
      return fail(field, "needs a non-empty \"source\" saying where the number comes from");
    double v = (*it)["value"].get<double>();
    if (v < 0) return fail(field, "must not be negative");
    // A value the field's type cannot hold would be undefined to convert (found by fuzz_arch).
    if (v > (double)std::numeric_limits<T>::max())
      return fail(field, "is too large (at most " + std::to_string(std::numeric_limits<T>::max()) + ")");
    out = (T)v;
  }
  template <typename T> void optionalNumber(const char* field, T& out) {
    if (j_.contains(field)) number(field, out);
  }
  void text(const char* field, std::string& out) {
    if (err_) return;
    auto it = j_.find(field);
    if (it == j_.end()) return fail(field, "missing");
    if (it->is_object() && it->contains("value") && (*it)["value"].is_string()) out = (*it)["value"];
    else if (it->is_string()) out = *it;
    else fail(field, "must be a string");
  }
  void optionalText(const char* field, std::string& out) {
    if (j_.contains(field)) text(field, out);
  }
  void vectorOps(std::map<std::string, VectorOpCost>& out) {
    if (err_) return;
    auto it = j_.find("vectorOps");
    if (it == j_.end() || !it->is_object()) return fail("vectorOps", "missing or not an object");
    for (auto& [op, v] : it->items()) {
      std::string field = "vectorOps." + op;
      if (!v.is_object() || !v.contains("head") || !v.contains("perRepeat") || !v.contains("source") ||
          !v["head"].is_number() || !v["perRepeat"].is_number())
        return fail(field.c_str(), "needs numeric head, perRepeat and a source");
      double head = v["head"].get<double>(), perRepeat = v["perRepeat"].get<double>();
      // Converting a number out of the field's range would be undefined (as fuzz_arch found for
      // the scalar fields); a repeat costs at most a million cycles.
      if (!(head >= 0 && head <= 1e6) || head != std::floor(head))
        return fail((field + ".head").c_str(), "must be a whole number of cycles from 0 to 1000000");
      if (!(perRepeat >= 0 && perRepeat <= 1e6))
        return fail((field + ".perRepeat").c_str(), "must be a number of cycles from 0 to 1000000");
      out[op] = VectorOpCost{(uint32_t)head, perRepeat};
    }
  }
  llvm::Error takeError() { return err_ ? inputError(*err_) : llvm::Error::success(); }

 private:
  void fail(const char* field, const std::string& what) {
    err_ = origin_ + ": " + field + ": " + what;
  }
  const json& j_;
  std::string origin_;
  std::optional<std::string> err_;
};

}  // namespace

llvm::Expected<ArchSpec> parseArch(const std::string& jsonText, const std::string& origin) {
  auto doc = parseJson(jsonText, origin);
  if (!doc) return doc.takeError();
  const json& j = *doc;
  if (!j.is_object()) return inputError(origin + ": expected a JSON object with the arch spec, got " + describeJson(j));
  ArchSpec a;
  Reader r(j, origin);
  r.text("name", a.name);
  r.text("socName", a.socName);
  r.number("clockMHz", a.clockMHz);
  r.number("aicCores", a.aicCores);
  r.number("aivCores", a.aivCores);
  r.number("ubBytes", a.ubBytes);
  r.optionalNumber("ubReservedBytes", a.ubReservedBytes);
  r.optionalNumber("ssbufBytes", a.ssbufBytes);
  r.number("l1Bytes", a.l1Bytes);
  r.number("l0aBytes", a.l0aBytes);
  r.number("l0bBytes", a.l0bBytes);
  r.number("l0cBytes", a.l0cBytes);
  r.number("btBytes", a.btBytes);
  r.number("fbBytes", a.fbBytes);
  r.number("hbmBytes", a.hbmBytes);
  r.number("hbmGBps", a.hbmGBps);
  r.number("l2Bytes", a.l2Bytes);
  r.number("l2GBps", a.l2GBps);
  r.number("gmToUbGiBps", a.gmToUbGiBps);
  r.number("ubToGmGiBps", a.ubToGmGiBps);
  r.number("gmToL1GiBps", a.gmToL1GiBps);
  r.number("nd2nzUnalignedGiBps", a.nd2nzUnalignedGiBps);
  r.number("l1ToGmGiBps", a.l1ToGmGiBps);
  r.number("localCopyGiBps", a.localCopyGiBps);
  r.number("l1ToL0aGiBps", a.l1ToL0aGiBps);
  r.number("l1ToL0bGiBps", a.l1ToL0bGiBps);
  r.number("l0cToL1GiBps", a.l0cToL1GiBps);
  r.number("l1ToBtGiBps", a.l1ToBtGiBps);
  r.number("dataCopyLatencyCycles", a.dataCopyLatencyCycles);
  r.number("localCopyLatencyCycles", a.localCopyLatencyCycles);
  r.number("hbmRequestOverheadBytes", a.hbmRequestOverheadBytes);
  r.optionalNumber("gmRequestAlignBytes", a.gmRequestAlignBytes);
  r.number("scalarCyclesPerInstruction", a.scalarCyclesPerInstruction);
  r.number("scalarLocalAccessCycles", a.scalarLocalAccessCycles);
  r.vectorOps(a.vectorOps);
  r.number("cubeHeadCycles", a.cubeHeadCycles);
  r.number("cubeFractalCyclesF16", a.cubeFractalCyclesF16);
  r.number("cubeFractalCyclesF32", a.cubeFractalCyclesF32);
  r.optionalNumber("cubeHf32MantissaBits", a.cubeHf32MantissaBits);
  r.text("l0aFormat", a.l0aFormat);
  r.optionalText("l1FillPipe", a.l1FillPipe);
  r.number("launchHostNs", a.launchHostNs);
  r.number("hostApiNs", a.hostApiNs);
  r.number("dispatchNs", a.dispatchNs);
  r.number("blockDispatchCycles", a.blockDispatchCycles);
  r.number("kernelStartupCycles", a.kernelStartupCycles);
  r.number("syncAllCycles", a.syncAllCycles);
  r.number("taskSyncCycles", a.taskSyncCycles);
  r.number("eventSyncNs", a.eventSyncNs);
  r.number("h2dGBps", a.h2dGBps);
  r.number("d2dGBps", a.d2dGBps);
  r.number("memcpyLatencyNs", a.memcpyLatencyNs);
  r.number("instrFetchBytesPerCycle", a.instrFetchBytesPerCycle);
  if (llvm::Error e = r.takeError()) return e;
  if (a.clockMHz == 0 || a.aivCores + a.aicCores == 0 || a.ubBytes == 0 || a.l1Bytes == 0 || a.hbmBytes == 0 ||
      a.hbmGBps <= 0 || a.gmToUbGiBps <= 0 || a.ubToGmGiBps <= 0 || a.gmToL1GiBps <= 0 || a.nd2nzUnalignedGiBps <= 0 ||
      a.l1ToGmGiBps <= 0 || a.localCopyGiBps <= 0 || a.l1ToL0aGiBps <= 0 || a.l1ToL0bGiBps <= 0 || a.l0cToL1GiBps <= 0 ||
      a.l1ToBtGiBps <= 0 || a.h2dGBps <= 0 || a.d2dGBps <= 0)
    return inputError(origin + ": clock, core counts, memory sizes and bandwidths must be positive");
  if (a.l0aFormat != "Zz" && a.l0aFormat != "Nz") return inputError(origin + ": l0aFormat must be \"Zz\" or \"Nz\"");
  if (a.l1FillPipe != "MTE2" && a.l1FillPipe != "MTE1" && a.l1FillPipe != "MTE1+MTE2")
    return inputError(origin + ": l1FillPipe must be \"MTE2\", \"MTE1\" or \"MTE1+MTE2\"");
  if (a.gmRequestAlignBytes & (a.gmRequestAlignBytes - 1))
    return inputError(origin + ": gmRequestAlignBytes must be 0 (byte-exact) or a power of two, got " +
                      std::to_string(a.gmRequestAlignBytes));
  if (a.cubeHf32MantissaBits > 22)
    return inputError(origin + ": cubeHf32MantissaBits must be 0 (no HF32) to 22 (fp32 keeps 23)");
  return a;
}

llvm::Expected<ArchSpec> loadArch(const std::string& nameOrPath) {
  for (int i = 0; i < kBuiltinArchCount; ++i)
    if (nameOrPath == kBuiltinArchNames[i]) return parseArch(kBuiltinArchJson[i], "arch/" + nameOrPath + ".json");
  if (nameOrPath.find('/') == std::string::npos && nameOrPath.find(".json") == std::string::npos) {
    std::string known;
    for (int i = 0; i < kBuiltinArchCount; ++i) known += std::string(i ? ", " : "") + kBuiltinArchNames[i];
    return inputError("unsupported NPU architecture '" + nameOrPath + "' (known: " + known +
                      "; or give the path of an arch JSON file)");
  }
  auto text = readFile(nameOrPath, kMaxJsonBytes, "arch spec");
  if (!text) return text.takeError();
  return parseArch(*text, nameOrPath);
}

}  // namespace sk::arch
