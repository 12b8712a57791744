// Per-block globals: AscendC's __BLOCK_LOCAL__ gives a namespace-scope variable one copy per
// core, as the hardware keeps it in each core's own memory. Every core of a simulated launch
// runs in one host process, so the copies are the simulator's (sk_block_local); the variable
// itself stays as the initial image each block's copy starts from.
#include "device_link.h"

#include <map>

#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/ReplaceConstant.h"
#include "sk/error.h"

namespace sk::devcc {

llvm::Error redirectBlockLocals(llvm::Module& m, const std::string& source) {
  std::vector<llvm::GlobalVariable*> vars;
  for (llvm::GlobalVariable& g : m.globals())
    if (g.hasSection() && g.getSection() == kBlockLocalSection) vars.push_back(&g);
  if (vars.empty()) return llvm::Error::success();
  llvm::LLVMContext& ctx = m.getContext();
  llvm::Type* ptr = llvm::PointerType::get(ctx, 0);
  llvm::Type* i64 = llvm::Type::getInt64Ty(ctx);
  llvm::FunctionCallee copyOf = m.getOrInsertFunction("sk_block_local", ptr, ptr, i64);
  for (llvm::GlobalVariable* g : vars) {
    g->setSection("");
    // Constant expressions over the variable (a member's address) become instructions, so that
    // every use is in a function.
    llvm::convertUsersOfConstantsToInstructions({g});
    std::map<llvm::Function*, std::vector<llvm::Use*>> uses;
    for (llvm::Use& u : g->uses()) {
      if (auto* i = llvm::dyn_cast<llvm::Instruction>(u.getUser())) {
        uses[i->getFunction()].push_back(&u);
        continue;
      }
      auto* user = llvm::dyn_cast<llvm::GlobalVariable>(u.getUser());
      if (user && user->getName().starts_with("llvm.")) continue;  // llvm.used and the like
      return sk::inputError(source + ": __BLOCK_LOCAL__ variable '" + g->getName().str() +
                            "' has its address in a global's initializer: each core has its own copy, so "
                            "take the address in kernel code");
    }
    uint64_t size = m.getDataLayout().getTypeAllocSize(g->getValueType());
    for (auto& [f, list] : uses) {
      llvm::IRBuilder<> b(&*f->getEntryBlock().getFirstInsertionPt());
      llvm::Value* copy = b.CreateCall(copyOf, {g, b.getInt64(size)}, g->getName() + ".block_local");
      for (llvm::Use* u : list) u->set(copy);
    }
  }
  return llvm::Error::success();
}

}  // namespace sk::devcc
