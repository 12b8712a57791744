// Local arrays in a core's own memories: the C API declares its buffers as automatic variables
// with a memory qualifier (`__ubuf__ float x[N];`, `__cbuf__`, `__ca__`, `__cb__`, `__cc__`,
// `__fbuf__`), which the vendor's compiler places in that memory. Here the qualifiers are
// annotations (sk_ascendc/base.h): each annotated variable's stack slot becomes space the
// simulator hands out from the running core's memory, from its start up (sk_local_static), and the
// function gives it back when it returns, as a stack frame would.
#include "device_link.h"

#include <map>
#include <optional>

#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicInst.h"
#define SK_KERNEL_C_ONLY
#include "sk/kernel.h"

namespace sk::devcc {

namespace {

// The qualifiers' annotations (sk_ascendc/base.h) and the memory each names.
std::optional<int32_t> memoryOf(llvm::StringRef annotation) {
  static const std::pair<const char*, int32_t> kQualifiers[] = {
      {"sk.mem.ub", SK_MEM_UB},   {"sk.mem.l1", SK_MEM_L1}, {"sk.mem.l0a", SK_MEM_L0A}, {"sk.mem.l0b", SK_MEM_L0B},
      {"sk.mem.l0c", SK_MEM_L0C}, {"sk.mem.bt", SK_MEM_BT}, {"sk.mem.fb", SK_MEM_FB}};
  for (auto& [name, mem] : kQualifiers)
    if (annotation == name) return mem;
  return std::nullopt;
}

struct LocalArray {
  llvm::AllocaInst* slot;
  int32_t mem;
};

// The function's qualified variables; every qualifier annotation is removed (a qualified pointer,
// variable or member, is an ordinary pointer again: only what it points to is in the memory).
std::vector<LocalArray> takeQualifiedVariables(llvm::Function& f) {
  std::vector<LocalArray> arrays;
  for (llvm::Instruction& i : llvm::make_early_inc_range(llvm::instructions(f))) {
    auto* note = llvm::dyn_cast<llvm::IntrinsicInst>(&i);
    bool onVariable = note && note->getIntrinsicID() == llvm::Intrinsic::var_annotation;
    bool onMember = note && note->getIntrinsicID() == llvm::Intrinsic::ptr_annotation;
    llvm::StringRef text;
    if (!(onVariable || onMember) || !llvm::getConstantStringInfo(note->getArgOperand(1), text)) continue;
    std::optional<int32_t> mem = memoryOf(text);
    if (!mem) continue;
    if (onMember) {  // a struct member's pointer (`__ubuf__ T* p;`): the address, unmarked
      note->replaceAllUsesWith(note->getArgOperand(0));
      note->eraseFromParent();
      continue;
    }
    auto* slot = llvm::dyn_cast<llvm::AllocaInst>(note->getArgOperand(0)->stripPointerCasts());
    note->eraseFromParent();
    if (!slot || slot->getAllocatedType()->isPointerTy() || !slot->isStaticAlloca()) continue;
    if (llvm::none_of(arrays, [&](const LocalArray& a) { return a.slot == slot; })) arrays.push_back({slot, *mem});
  }
  return arrays;
}

}  // namespace

void placeLocalArrays(llvm::Module& m) {
  llvm::LLVMContext& ctx = m.getContext();
  llvm::Type* ptr = llvm::PointerType::get(ctx, 0);
  llvm::Type* i32 = llvm::Type::getInt32Ty(ctx);
  llvm::Type* i64 = llvm::Type::getInt64Ty(ctx);
  llvm::FunctionCallee take = m.getOrInsertFunction("sk_local_static", ptr, i32, i64, i64);
  llvm::FunctionCallee mark = m.getOrInsertFunction("sk_local_static_mark", i64, i32);
  llvm::FunctionCallee release = m.getOrInsertFunction("sk_local_static_release", llvm::Type::getVoidTy(ctx), i32, i64);
  const llvm::DataLayout& dl = m.getDataLayout();
  for (llvm::Function& f : m) {
    if (f.isDeclaration()) continue;
    std::vector<LocalArray> arrays = takeQualifiedVariables(f);
    if (arrays.empty()) continue;
    // The frame: each memory's mark on entry, taken back before every return.
    llvm::IRBuilder<> entry(&*f.getEntryBlock().getFirstInsertionPt());
    std::map<int32_t, llvm::Value*> marks;
    for (const LocalArray& a : arrays)
      if (!marks.count(a.mem)) marks[a.mem] = entry.CreateCall(mark, {entry.getInt32(a.mem)});
    for (const LocalArray& a : arrays) {
      uint64_t bytes = *a.slot->getAllocationSize(dl);
      llvm::Value* at = entry.CreateCall(take, {entry.getInt32(a.mem), entry.getInt64(bytes),
                                                entry.getInt64(a.slot->getAlign().value())});
      for (llvm::User* u : llvm::make_early_inc_range(a.slot->users()))
        if (auto* ii = llvm::dyn_cast<llvm::IntrinsicInst>(u); ii && ii->isLifetimeStartOrEnd()) ii->eraseFromParent();
      a.slot->replaceAllUsesWith(at);
    }
    // Erased only now: the builder may be inserting before one of them (the entry block's first).
    for (const LocalArray& a : arrays) a.slot->eraseFromParent();
    for (llvm::BasicBlock& bb : f)
      if (auto* ret = llvm::dyn_cast<llvm::ReturnInst>(bb.getTerminator())) {
        llvm::IRBuilder<> exit(ret);
        for (auto& [mem, m0] : marks) exit.CreateCall(release, {exit.getInt32(mem), m0});
      }
  }
}

}  // namespace sk::devcc
