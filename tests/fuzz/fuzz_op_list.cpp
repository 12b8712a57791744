// sk_compile's op list (--op-list list.json): sk::reuse::parseOpList, and the options string
// an accepted list carries (super_kernel_options), as sk_compile reads it.
#include "fuzz_check.h"
#include "sk/reuse_analysis.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string origin = "/fuzz/op_list.json";
  auto list = sk::reuse::parseOpList(sk::fuzz::text(data, size), origin);
  if (!list) {
    sk::fuzz::requireNamed(list.takeError(), origin);
    return 0;
  }
  if (list->ops.empty()) sk::fuzz::fail("an accepted op list without ops");
  for (const sk::reuse::OpSpec& op : list->ops)
    if (op.objPath.empty()) sk::fuzz::fail("an accepted op without bin_path");
  auto options = sk::reuse::parseOptions(list->options);
  if (!options) llvm::consumeError(options.takeError());
  return 0;
}
