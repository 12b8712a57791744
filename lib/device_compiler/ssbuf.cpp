// Ascend 950's SSBUF: a block's cores share a small scalar buffer, which kernels address through
// __ssbuf__ pointers from 0 (`reinterpret_cast<__ssbuf__ uint32_t*>(0)`, GetSsbufBaseAddr()).
// The headers make __ssbuf__ an address space of its own, so such a pointer is an offset; every
// access through one (load, store, atomic, memcpy / memset, a cast to a plain pointer) gets the
// simulator's address of those bytes from sk_ssbuf_at, which checks them against the buffer.
#include "device_link.h"

#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicInst.h"

#define SK_KERNEL_C_ONLY
#include "sk/kernel.h"  // SK_SSBUF_ADDRESS_SPACE

namespace sk::devcc {

namespace {

bool isSsbuf(const llvm::Value* p) {
  auto* t = llvm::dyn_cast<llvm::PointerType>(p->getType());
  return t && t->getAddressSpace() == SK_SSBUF_ADDRESS_SPACE;
}

}  // namespace

void redirectSsbufAccesses(llvm::Module& m) {
  llvm::LLVMContext& ctx = m.getContext();
  llvm::Type* i64 = llvm::Type::getInt64Ty(ctx);
  llvm::FunctionCallee at = m.getOrInsertFunction("sk_ssbuf_at", llvm::PointerType::get(ctx, 0), i64, i64);
  const llvm::DataLayout& dl = m.getDataLayout();
  for (llvm::Function& f : m) {
    for (llvm::Instruction& i : llvm::make_early_inc_range(llvm::instructions(f))) {
      llvm::IRBuilder<> b(&i);
      auto address = [&](llvm::Value* p, llvm::Value* bytes) -> llvm::Value* {
        return b.CreateCall(at, {b.CreatePtrToInt(p, i64), b.CreateZExtOrTrunc(bytes, i64)});
      };
      auto sized = [&](llvm::Value* p, llvm::Type* t) { return address(p, b.getInt64(dl.getTypeStoreSize(t))); };
      if (auto* load = llvm::dyn_cast<llvm::LoadInst>(&i); load && isSsbuf(load->getPointerOperand())) {
        load->setOperand(0, sized(load->getPointerOperand(), load->getType()));
      } else if (auto* store = llvm::dyn_cast<llvm::StoreInst>(&i); store && isSsbuf(store->getPointerOperand())) {
        store->setOperand(1, sized(store->getPointerOperand(), store->getValueOperand()->getType()));
      } else if (auto* rmw = llvm::dyn_cast<llvm::AtomicRMWInst>(&i); rmw && isSsbuf(rmw->getPointerOperand())) {
        rmw->setOperand(0, sized(rmw->getPointerOperand(), rmw->getValOperand()->getType()));
      } else if (auto* cas = llvm::dyn_cast<llvm::AtomicCmpXchgInst>(&i); cas && isSsbuf(cas->getPointerOperand())) {
        cas->setOperand(0, sized(cas->getPointerOperand(), cas->getCompareOperand()->getType()));
      } else if (auto* mem = llvm::dyn_cast<llvm::MemIntrinsic>(&i)) {
        llvm::Value* dst = mem->getRawDest();
        llvm::Value* src = llvm::isa<llvm::MemTransferInst>(mem) ? llvm::cast<llvm::MemTransferInst>(mem)->getRawSource() : nullptr;
        if (!isSsbuf(dst) && !(src && isSsbuf(src))) continue;
        llvm::Value* newDst = isSsbuf(dst) ? address(dst, mem->getLength()) : dst;
        if (auto* set = llvm::dyn_cast<llvm::MemSetInst>(mem)) {
          b.CreateMemSet(newDst, set->getValue(), set->getLength(), set->getDestAlign(), set->isVolatile());
        } else {
          auto* copy = llvm::cast<llvm::MemTransferInst>(mem);
          llvm::Value* newSrc = isSsbuf(src) ? address(src, mem->getLength()) : src;
          b.CreateMemMove(newDst, copy->getDestAlign(), newSrc, copy->getSourceAlign(), copy->getLength(), copy->isVolatile());
        }
        mem->eraseFromParent();
      } else if (auto* cast = llvm::dyn_cast<llvm::AddrSpaceCastInst>(&i); cast && isSsbuf(cast->getPointerOperand())) {
        // a plain pointer into the buffer: its start checked, the accesses through it are the kernel's
        cast->replaceAllUsesWith(b.CreateAddrSpaceCast(address(cast->getPointerOperand(), b.getInt64(0)), cast->getType()));
        cast->eraseFromParent();
      }
    }
  }
}

}  // namespace sk::devcc
