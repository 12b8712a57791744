// The AI Core's scalar unit does not trap on an integer division by zero, and kernels rely on
// it: CATLASS's block loops take `i % n` with n = 0 on the last block and never use the result.
// The host ISA the kernels run on traps (SIGFPE), so every integer division and remainder whose
// divisor may be 0 (or -1, whose INT_MIN quotient traps too) gets a divisor that cannot trap
// and the hardware-like result on those divisors: x / 0 is all ones (-1), x % 0 is x; INT_MIN /
// -1 wraps to INT_MIN, x % -1 is 0. The public documentation does not give the hardware's
// values for a zero divisor; these are RISC-V's (docs/simulator.md#checks).
#include "device_link.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"

namespace sk::devcc {

namespace {

bool cannotTrap(const llvm::BinaryOperator& op) {
  auto* c = llvm::dyn_cast<llvm::ConstantInt>(op.getOperand(1));
  bool isSigned = op.getOpcode() == llvm::Instruction::SDiv || op.getOpcode() == llvm::Instruction::SRem;
  return c && !c->isZero() && !(isSigned && c->isMinusOne());
}

void guard(llvm::BinaryOperator& op) {
  llvm::IRBuilder<> b(&op);
  llvm::Value *x = op.getOperand(0), *y = op.getOperand(1);
  llvm::Type* t = op.getType();
  unsigned opcode = op.getOpcode();
  bool isSigned = opcode == llvm::Instruction::SDiv || opcode == llvm::Instruction::SRem;
  bool isDiv = opcode == llvm::Instruction::SDiv || opcode == llvm::Instruction::UDiv;
  llvm::Value* zero = b.CreateICmpEQ(y, llvm::ConstantInt::get(t, 0));
  llvm::Value* minusOne = isSigned ? b.CreateICmpEQ(y, llvm::ConstantInt::getSigned(t, -1)) : nullptr;
  llvm::Value* special = minusOne ? b.CreateOr(zero, minusOne) : zero;
  llvm::Value* safe = b.CreateSelect(special, llvm::ConstantInt::get(t, 1), y);
  llvm::Value* result = b.CreateBinOp((llvm::Instruction::BinaryOps)opcode, x, safe);
  // by 1: x / 1 = x, x % 1 = 0; then the special divisors' results
  if (minusOne) result = b.CreateSelect(minusOne, isDiv ? b.CreateNeg(x) : llvm::ConstantInt::get(t, 0), result);
  result = b.CreateSelect(zero, isDiv ? llvm::ConstantInt::getSigned(t, -1) : x, result);
  op.replaceAllUsesWith(result);
  op.eraseFromParent();
}

}  // namespace

void guardIntegerDivision(llvm::Module& m) {
  std::vector<llvm::BinaryOperator*> ops;
  for (llvm::Function& f : m)
    for (llvm::Instruction& i : llvm::instructions(f))
      if (auto* op = llvm::dyn_cast<llvm::BinaryOperator>(&i))
        if (op->getType()->isIntegerTy() && (op->getOpcode() == llvm::Instruction::SDiv || op->getOpcode() == llvm::Instruction::UDiv ||
                                             op->getOpcode() == llvm::Instruction::SRem || op->getOpcode() == llvm::Instruction::URem) &&
            !cannotTrap(*op))
          ops.push_back(op);
  for (llvm::BinaryOperator* op : ops) guard(*op);
}

}  // namespace sk::devcc
