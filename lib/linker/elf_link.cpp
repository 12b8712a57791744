// sk::linker::link — a relocatable partial link (like `ld.lld -r`, modelled on mold's
// combine_objects) with per-input symbol renaming. The passes live beside this file, named
// after their step (docs/linker.md):
//   input_files.cpp     parseInputs
//   symbols.cpp         resolveSymbols, assignSymbolValues
//   output_sections.cpp createOutputSections, addSyntheticSections, layoutOutputSections
//   relocations.cpp     rewriteRelocations
//   writer.cpp          writeOutput
#include "context.h"

namespace sk::linker {

namespace {

llvm::Error combineObjects(Context& ctx) {
  if (llvm::Error e = parseInputs(ctx)) return e;
  if (llvm::Error e = resolveSymbols(ctx)) return e;
  if (llvm::Error e = createOutputSections(ctx)) return e;
  if (llvm::Error e = addSyntheticSections(ctx)) return e;
  if (llvm::Error e = layoutOutputSections(ctx)) return e;
  assignSymbolValues(ctx);
  if (llvm::Error e = rewriteRelocations(ctx)) return e;
  return writeOutput(ctx);
}

void fillStats(const Context& ctx, LinkStats& stats) {
  stats.outputBytes = ctx.output.size();
  stats.sections = ctx.outputSectionCount;
  stats.symbols = ctx.firstGlobal + (uint32_t)ctx.globals.size() - 1;
  stats.relocations = 0;
  for (const OutputSection& os : ctx.outputSections) stats.relocations += (uint32_t)os.relocations.size();
  stats.comdatGroupsDropped = ctx.comdatGroupsDropped;
}

}  // namespace

llvm::Expected<std::vector<uint8_t>> link(const LinkRequest& request, LinkStats* stats) {
  Context ctx;
  ctx.request = &request;
  if (llvm::Error e = combineObjects(ctx)) return e;
  if (stats) fillStats(ctx, *stats);
  return std::move(ctx.output);
}

}  // namespace sk::linker
