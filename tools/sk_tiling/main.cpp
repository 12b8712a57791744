// sk_tiling: puts what an op's host tiling program computed into the kernel's metadata, so an
// op goes from op_host + op_kernel sources to a runnable .o + .json without hex written by hand
// (docs/sk_tiling.md). The host program saves its tiling struct's bytes (SaveToBuffer, or
// fwrite of the struct) to a file; sk_tiling writes them as the tiling param's "data".
#include <cstdio>

#include <CLI/CLI.hpp>

#include "sk/error.h"
#include "sk/file_io.h"
#include "sk/subkernel.h"

namespace {

constexpr uint64_t kMaxTilingBytes = 1 << 20;  // the metadata's limit for a tiling param

struct Options {
  std::string meta;
  std::string data;
  std::string output;
  uint32_t blockDim = 0;
  uint64_t tilingKey = 0;
  bool tilingKeyGiven = false;
};

llvm::Error run(const Options& o) {
  auto meta = sk::subkernel::readMeta(o.meta);
  if (!meta) return meta.takeError();
  auto bytes = sk::readFile(o.data, kMaxTilingBytes, "tiling data");
  if (!bytes) return bytes.takeError();
  if (bytes->empty()) return sk::inputError(o.data + ": empty: the host tiling program wrote no tiling bytes");
  sk::subkernel::Param* tiling = nullptr;
  for (sk::subkernel::Param& p : meta->params)
    if (p.role == sk::subkernel::Role::Tiling) tiling = &p;
  if (!tiling)
    return sk::inputError(o.meta + ": no param has role \"tiling\": add {\"name\": \"tiling\", \"role\": \"tiling\", "
                          "\"bytes\": " + std::to_string(bytes->size()) + "} where the kernel takes its tiling");
  tiling->data.assign(bytes->begin(), bytes->end());
  tiling->bytes = bytes->size();
  if (o.blockDim) meta->blockDim = o.blockDim;
  if (o.tilingKeyGiven) meta->tilingKey = o.tilingKey;
  // The result must read back as valid metadata (the kernel's blockDim limits and all).
  std::string text = sk::subkernel::writeMeta(*meta);
  auto check = sk::subkernel::parseMeta(text, o.output.empty() ? o.meta : o.output);
  if (!check) return check.takeError();
  return sk::writeFileAtomically(o.output.empty() ? o.meta : o.output, text);
}

}  // namespace

int main(int argc, char** argv) {
  Options o;
  CLI::App app{"sk_tiling: write a host tiling program's bytes into a kernel's metadata (the tiling param's "
               "\"data\" and \"bytes\").\nExit codes: 0 ok, 1 internal error, 2 usage or bad input."};
  app.add_option("meta", o.meta, "the kernel's metadata K.json")->required();
  app.add_option("--data", o.data, "file with the tiling bytes (the host struct's SaveToBuffer / fwrite)")->required();
  app.add_option("--block-dim", o.blockDim, "also set blockDim (the host tiling's SetBlockDim / usedCoreNum)")
      ->check(CLI::Range(1u, 65535u));
  CLI::Option* key = app.add_option("--tiling-key", o.tilingKey, "also set tilingKey (the host tiling's SetTilingKey)");
  app.add_option("-o", o.output, "write the result here instead of over K.json");
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    int rc = app.exit(e);
    return rc == 0 ? 0 : 2;
  }
  o.tilingKeyGiven = key->count() > 0;
  if (llvm::Error e = run(o)) return sk::reportAndExitCode(std::move(e), "sk_tiling");
  return 0;
}
