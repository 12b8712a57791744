// A single-source program's host code may throw and catch (the SDK samples' CHECK helpers do), so
// its translation unit is compiled with exceptions; the device never unwinds. dropUnwinding makes
// the device module's code plain calls again: every invoke becomes a call, the landing pads it
// leaves unreachable go, and no function keeps a personality. A device function that throws still
// imports __cxa_throw, which the import check refuses by name.
#include "device_link.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/Local.h"

namespace sk::devcc {

void dropUnwinding(llvm::Module& m) {
  for (llvm::Function& f : m) {
    if (f.isDeclaration()) continue;
    std::vector<llvm::InvokeInst*> invokes;
    for (llvm::BasicBlock& b : f)
      if (auto* invoke = llvm::dyn_cast<llvm::InvokeInst>(b.getTerminator())) invokes.push_back(invoke);
    for (llvm::InvokeInst* invoke : invokes) llvm::changeToCall(invoke);
    if (!invokes.empty()) llvm::removeUnreachableBlocks(f);
    if (f.hasPersonalityFn()) f.setPersonalityFn(nullptr);
    f.addFnAttr(llvm::Attribute::NoUnwind);  // its unwind table (.eh_frame) stays, as without exceptions
  }
  // What only the landing pads used (__clang_call_terminate, which imports __cxa_begin_catch).
  for (bool erased = true; erased;) {
    erased = false;
    for (llvm::Function& f : llvm::make_early_inc_range(m))
      if (!f.isDeclaration() && f.use_empty() && (f.hasLocalLinkage() || f.hasLinkOnceLinkage())) {
        f.eraseFromParent();
        erased = true;
      }
  }
}

}  // namespace sk::devcc
