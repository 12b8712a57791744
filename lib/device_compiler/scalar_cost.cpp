// Scalar cost: what a kernel's own code (loops, index arithmetic, GetValue/SetValue on local
// memory) costs on the core's scalar unit. Each basic block adds its instruction count, and its
// count of scalar local-memory accesses, to per-function counters, which are handed to the
// simulator (sk_scalar_cost) before every call out of the module, before returning, and at loop
// headers once they pass kFlushEvery — so the virtual clock sees scalar work, and the launch
// timeout can stop a kernel that spins without intrinsics.
#include "device_link.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/Analysis/CFG.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/Mem2Reg.h"

namespace sk::devcc {

namespace {

constexpr uint64_t kFlushEvery = 4096;  // instructions a loop may accumulate before reporting

// The AscendC headers pass the address of every LocalTensor scalar access through an empty asm,
// `asm("# sk.scalar.local.load" : "+r"(p))` (sk_ascendc/tensor.h): it lives exactly as long as
// the access does through the optimizer (hoisted, merged or deleted with it), and is counted
// and removed here.
bool isLocalAccessMarker(const llvm::Instruction& i) {
  auto* call = llvm::dyn_cast<llvm::CallInst>(&i);
  auto* asmCall = call ? llvm::dyn_cast<llvm::InlineAsm>(call->getCalledOperand()) : nullptr;
  return asmCall && llvm::StringRef(asmCall->getAsmString()).starts_with("# sk.scalar.local");
}

struct BlockCost {
  uint64_t instructions = 0;  // that become machine code (not PHIs, debug info, lifetime markers)
  uint64_t localAccesses = 0;
};

// Counts the block and removes its markers (each becomes the address it carried).
BlockCost takeCost(llvm::BasicBlock& bb) {
  BlockCost c;
  for (llvm::Instruction& i : llvm::make_early_inc_range(bb)) {
    if (isLocalAccessMarker(i)) {
      ++c.localAccesses;
      i.replaceAllUsesWith(llvm::cast<llvm::CallInst>(i).getArgOperand(0));
      i.eraseFromParent();
      continue;
    }
    if (llvm::isa<llvm::PHINode>(i) || llvm::isa<llvm::DbgInfoIntrinsic>(i)) continue;
    if (auto* ii = llvm::dyn_cast<llvm::IntrinsicInst>(&i))
      if (ii->isAssumeLikeIntrinsic() || ii->isLifetimeStartOrEnd()) continue;
    ++c.instructions;
  }
  return c;
}

bool callsOut(const llvm::Instruction& i) {
  auto* call = llvm::dyn_cast<llvm::CallBase>(&i);
  if (!call || llvm::isa<llvm::IntrinsicInst>(call) || call->isInlineAsm()) return false;
  const llvm::Function* f = call->getCalledFunction();
  return !f || f->isDeclaration();
}

void instrument(llvm::Function& f, llvm::FunctionCallee report) {
  llvm::LLVMContext& ctx = f.getContext();
  llvm::Type* i64 = llvm::Type::getInt64Ty(ctx);
  llvm::IRBuilder<> b(&*f.getEntryBlock().getFirstInsertionPt());
  llvm::AllocaInst* acc = b.CreateAlloca(i64, nullptr, "sk.scalar");
  llvm::AllocaInst* local = b.CreateAlloca(i64, nullptr, "sk.scalar.local");
  b.CreateStore(b.getInt64(0), local);
  llvm::Instruction* counterReady = b.CreateStore(b.getInt64(0), acc);
  auto add = [&](llvm::IRBuilder<>& at, llvm::AllocaInst* counter, uint64_t n) {
    if (n) at.CreateStore(at.CreateAdd(at.CreateLoad(i64, counter), at.getInt64(n)), counter);
  };
  auto reportAndReset = [&](llvm::IRBuilder<>& at) {
    at.CreateCall(report, {at.CreateLoad(i64, acc), at.CreateLoad(i64, local)});
    at.CreateStore(at.getInt64(0), acc);
    at.CreateStore(at.getInt64(0), local);
  };
  auto flush = [&](llvm::Instruction* before) {
    llvm::IRBuilder<> at(before);
    reportAndReset(at);
  };
  llvm::SmallVector<std::pair<const llvm::BasicBlock*, const llvm::BasicBlock*>, 16> backEdges;
  llvm::FindFunctionBackedges(f, backEdges);
  std::vector<llvm::BasicBlock*> headers;
  for (auto& e : backEdges)
    if (llvm::find(headers, e.second) == headers.end()) headers.push_back(const_cast<llvm::BasicBlock*>(e.second));
  std::vector<llvm::BasicBlock*> blocks;
  for (llvm::BasicBlock& bb : f) blocks.push_back(&bb);
  for (llvm::BasicBlock* bb : blocks) {
    BlockCost cost = takeCost(*bb);
    llvm::IRBuilder<> at(bb == &f.getEntryBlock() ? counterReady->getNextNode() : &*bb->getFirstInsertionPt());
    add(at, acc, cost.instructions);
    add(at, local, cost.localAccesses);
    std::vector<llvm::Instruction*> points;
    for (llvm::Instruction& i : *bb)
      if (callsOut(i) || (llvm::isa<llvm::ReturnInst>(i) && !bb->getTerminatingMustTailCall())) points.push_back(&i);
    for (llvm::Instruction* i : points) flush(i);
  }
  // A loop header reports once the count passes kFlushEvery (a loop with no calls in it).
  for (llvm::BasicBlock* h : headers) {
    llvm::Instruction* split = &*h->getFirstInsertionPt();
    llvm::BasicBlock* rest = llvm::SplitBlock(h, split);
    h->getTerminator()->eraseFromParent();
    llvm::BasicBlock* due = llvm::BasicBlock::Create(ctx, "sk.scalar.report", &f, rest);
    llvm::IRBuilder<> hb(h);
    hb.CreateCondBr(hb.CreateICmpUGE(hb.CreateLoad(i64, acc), hb.getInt64(kFlushEvery)), due, rest);
    llvm::IRBuilder<> rb(due);
    reportAndReset(rb);
    rb.CreateBr(rest);
  }
}

// The functions that simulate vector work in C++ (the high-level APIs' element loops, which the
// hardware runs as vector instructions and the headers charge to the V pipe): those the headers
// mark SK_SIMULATED (never inlined; keepSimulatedMarks), and the functions only they call.
llvm::DenseSet<const llvm::Function*> simulatedFunctions(llvm::Module& m) {
  keepSimulatedMarks(m);  // a module whose annotations are still there (not linked)
  llvm::DenseSet<const llvm::Function*> out;
  for (llvm::Function& f : m)
    if (f.hasFnAttribute("sk.simulated")) out.insert(&f);
  for (bool grew = !out.empty(); grew;) {
    grew = false;
    for (llvm::Function& f : m) {
      if (f.isDeclaration() || out.contains(&f) || f.use_empty()) continue;
      bool onlyFromSimulated = llvm::all_of(f.uses(), [&](const llvm::Use& u) {
        auto* call = llvm::dyn_cast<llvm::CallBase>(u.getUser());
        return call && call->isCallee(&u) && out.contains(call->getFunction());
      });
      if (onlyFromSimulated) out.insert(&f), grew = true;
    }
  }
  return out;
}

}  // namespace

void instrumentScalarCost(llvm::Module& m) {
  llvm::Type* i64 = llvm::Type::getInt64Ty(m.getContext());
  llvm::FunctionCallee report = m.getOrInsertFunction("sk_scalar_cost", llvm::Type::getVoidTy(m.getContext()), i64, i64);
  llvm::DenseSet<const llvm::Function*> simulated = simulatedFunctions(m);
  for (llvm::Function& f : m)
    if (!f.isDeclaration() && !simulated.contains(&f)) instrument(f, report);
  // The counters become registers again (mem2reg); the back end does the rest.
  llvm::FunctionAnalysisManager fam;
  llvm::PassBuilder pb;
  pb.registerFunctionAnalyses(fam);
  llvm::FunctionPassManager fpm;
  fpm.addPass(llvm::PromotePass());
  for (llvm::Function& f : m)
    if (!f.isDeclaration()) fpm.run(f, fam);
}

}  // namespace sk::devcc
