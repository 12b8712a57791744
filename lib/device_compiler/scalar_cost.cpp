// Scalar cost: what a kernel's own code (loops, index arithmetic, GetValue/SetValue on local
// memory) costs on the core's scalar unit. Each basic block adds its instruction count to a
// per-function counter, which is handed to the simulator (sk_scalar) before every call out of the
// module, before returning, and at loop headers once it passes kFlushEvery — so the virtual clock
// sees scalar work, and the launch timeout can stop a kernel that spins without intrinsics.
#include "device_link.h"

#include "llvm/Analysis/CFG.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/Mem2Reg.h"

namespace sk::devcc {

namespace {

constexpr uint64_t kFlushEvery = 4096;  // instructions a loop may accumulate before reporting

// Instructions that become machine code (not PHIs, debug info, lifetime markers).
uint64_t costOf(const llvm::BasicBlock& bb) {
  uint64_t n = 0;
  for (const llvm::Instruction& i : bb) {
    if (llvm::isa<llvm::PHINode>(i) || llvm::isa<llvm::DbgInfoIntrinsic>(i)) continue;
    if (auto* ii = llvm::dyn_cast<llvm::IntrinsicInst>(&i))
      if (ii->isAssumeLikeIntrinsic() || ii->isLifetimeStartOrEnd()) continue;
    ++n;
  }
  return n;
}

bool callsOut(const llvm::Instruction& i) {
  auto* call = llvm::dyn_cast<llvm::CallBase>(&i);
  if (!call || llvm::isa<llvm::IntrinsicInst>(call)) return false;
  const llvm::Function* f = call->getCalledFunction();
  return !f || f->isDeclaration();
}

void instrument(llvm::Function& f, llvm::FunctionCallee report) {
  llvm::LLVMContext& ctx = f.getContext();
  llvm::Type* i64 = llvm::Type::getInt64Ty(ctx);
  llvm::IRBuilder<> b(&*f.getEntryBlock().getFirstInsertionPt());
  llvm::AllocaInst* acc = b.CreateAlloca(i64, nullptr, "sk.scalar");
  llvm::Instruction* counterReady = b.CreateStore(b.getInt64(0), acc);
  auto flush = [&](llvm::Instruction* before) {
    llvm::IRBuilder<> at(before);
    at.CreateCall(report, {at.CreateLoad(i64, acc)});
    at.CreateStore(at.getInt64(0), acc);
  };
  llvm::SmallVector<std::pair<const llvm::BasicBlock*, const llvm::BasicBlock*>, 16> backEdges;
  llvm::FindFunctionBackedges(f, backEdges);
  std::vector<llvm::BasicBlock*> headers;
  for (auto& e : backEdges)
    if (llvm::find(headers, e.second) == headers.end()) headers.push_back(const_cast<llvm::BasicBlock*>(e.second));
  std::vector<llvm::BasicBlock*> blocks;
  for (llvm::BasicBlock& bb : f) blocks.push_back(&bb);
  for (llvm::BasicBlock* bb : blocks) {
    uint64_t cost = costOf(*bb);
    llvm::IRBuilder<> at(bb == &f.getEntryBlock() ? counterReady->getNextNode() : &*bb->getFirstInsertionPt());
    if (cost) at.CreateStore(at.CreateAdd(at.CreateLoad(i64, acc), at.getInt64(cost)), acc);
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
    rb.CreateCall(report, {rb.CreateLoad(i64, acc)});
    rb.CreateStore(rb.getInt64(0), acc);
    rb.CreateBr(rest);
  }
}

}  // namespace

void instrumentScalarCost(llvm::Module& m) {
  llvm::FunctionCallee report = m.getOrInsertFunction("sk_scalar", llvm::Type::getVoidTy(m.getContext()),
                                                      llvm::Type::getInt64Ty(m.getContext()));
  for (llvm::Function& f : m)
    if (!f.isDeclaration() && f.getName() != "sk_scalar") instrument(f, report);
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
