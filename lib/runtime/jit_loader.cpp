#include "jit_loader.h"

#include <cstdio>
#include <atomic>
#include <map>
#include <mutex>

#include "llvm/ExecutionEngine/Orc/Core.h"
#include "llvm/ExecutionEngine/Orc/ExecutorProcessControl.h"
#include "llvm/ExecutionEngine/JITLink/JITLink.h"
#include "llvm/ExecutionEngine/Orc/ObjectLinkingLayer.h"
#include "sk/error.h"

namespace sk::rt {

using namespace llvm;
using namespace llvm::orc;

namespace {

// Kernel code is never unwound: a fault abandons the core's fiber without unwinding (see
// lib/sim/scheduler.cpp), so unwind tables are of no use at run time. Dropping .eh_frame
// before JITLink's own passes also avoids LLVM 19's pathological dependency propagation
// through FDE blocks: a 1,000-instance super kernel registers in ~20 ms instead of seconds.
Error dropUnwindTables(jitlink::LinkGraph& g) {
  if (jitlink::Section* s = g.findSectionByName(".eh_frame")) g.removeSection(*s);
  return Error::success();
}

class DropUnwindTablesPlugin : public ObjectLinkingLayer::Plugin {
 public:
  void modifyPassConfig(MaterializationResponsibility&, jitlink::LinkGraph&, jitlink::PassConfiguration& config) override {
    config.PrePrunePasses.insert(config.PrePrunePasses.begin(), dropUnwindTables);
  }
  Error notifyFailed(MaterializationResponsibility&) override { return Error::success(); }
  Error notifyRemovingResources(JITDylib&, ResourceKey) override { return Error::success(); }
  void notifyTransferringResources(JITDylib&, ResourceKey, ResourceKey) override {}
};

// Where each loaded function lives, to name the code a faulting core was running.
struct CodeMap {
  struct Symbol {
    std::string name;
    uint64_t size;
    const JITDylib* jd;
  };
  std::mutex mu;
  std::map<uint64_t, Symbol> byAddress;
};

class CodeMapPlugin : public ObjectLinkingLayer::Plugin {
 public:
  explicit CodeMapPlugin(CodeMap& map) : map_(map) {}
  void modifyPassConfig(MaterializationResponsibility& mr, jitlink::LinkGraph&, jitlink::PassConfiguration& config) override {
    const JITDylib* jd = &mr.getTargetJITDylib();
    config.PostAllocationPasses.push_back([this, jd](jitlink::LinkGraph& g) {
      std::lock_guard<std::mutex> lk(map_.mu);
      for (jitlink::Symbol* s : g.defined_symbols())
        if (s->hasName() && s->isCallable())
          map_.byAddress[s->getAddress().getValue()] = {s->getName().str(), s->getSize(), jd};
      return Error::success();
    });
  }
  Error notifyFailed(MaterializationResponsibility&) override { return Error::success(); }
  Error notifyRemovingResources(JITDylib&, ResourceKey) override { return Error::success(); }
  void notifyTransferringResources(JITDylib&, ResourceKey, ResourceKey) override {}

 private:
  CodeMap& map_;
};

}  // namespace

struct JitLoader::Module {
  JITDylib* jd = nullptr;
  std::string name;
  bool linked = false;
};

struct JitLoader::Impl {
  std::unique_ptr<ExecutionSession> es;
  std::unique_ptr<ObjectLinkingLayer> layer;
  JITDylib* host = nullptr;
  std::mutex mu;
  std::map<Module*, std::unique_ptr<Module>> modules;
  uint64_t counter = 0;
  CodeMap code;
};

JitLoader::JitLoader(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}

JitLoader::~JitLoader() {
  if (!impl_ || !impl_->es) return;
  if (Error e = impl_->es->endSession()) consumeError(std::move(e));
}

Expected<std::unique_ptr<JitLoader>> JitLoader::create(const std::vector<std::pair<std::string, void*>>& hostSymbols) {
  auto epc = SelfExecutorProcessControl::Create();
  if (!epc) return epc.takeError();
  auto impl = std::make_unique<Impl>();
  impl->es = std::make_unique<ExecutionSession>(std::move(*epc));
  // Errors ORC cannot hand back to a caller (e.g. while a session ends) would vanish: say them.
  impl->es->setErrorReporter([](Error e) { std::fprintf(stderr, "sk: JIT linker: %s\n", toString(std::move(e)).c_str()); });
  impl->layer = std::make_unique<ObjectLinkingLayer>(*impl->es);
  impl->layer->addPlugin(std::make_unique<DropUnwindTablesPlugin>());
  impl->layer->addPlugin(std::make_unique<CodeMapPlugin>(impl->code));
  impl->host = &impl->es->createBareJITDylib("sk_host_symbols");
  SymbolMap syms;
  for (const auto& [name, addr] : hostSymbols)
    syms[impl->es->intern(name)] = {ExecutorAddr::fromPtr(addr), JITSymbolFlags::Exported | JITSymbolFlags::Callable};
  if (Error e = impl->host->define(absoluteSymbols(std::move(syms)))) return e;
  return std::unique_ptr<JitLoader>(new JitLoader(std::move(impl)));
}

Expected<JitLoader::Module*> JitLoader::add(MemoryBufferRef object, const std::string& name) {
  std::lock_guard<std::mutex> lk(impl_->mu);
  auto m = std::make_unique<Module>();
  m->name = name;
  auto jd = impl_->es->createJITDylib(name + "#" + std::to_string(++impl_->counter));
  if (!jd) return jd.takeError();
  m->jd = &*jd;
  m->jd->addToLinkOrder(*impl_->host);
  if (Error e = impl_->layer->add(*m->jd, MemoryBuffer::getMemBufferCopy(object.getBuffer(), name))) {
    consumeError(impl_->es->removeJITDylib(*m->jd));
    // LLVM's reasons do not name the object (found by tests/fuzz/fuzz_load_binary).
    return inputError(name + ": the loader (JITLink) cannot read the object: " + toString(std::move(e)));
  }
  Module* raw = m.get();
  impl_->modules[raw] = std::move(m);
  return raw;
}

Expected<void*> JitLoader::lookup(Module* m, const std::string& symbol) {
  auto sym = impl_->es->lookup(makeJITDylibSearchOrder(m->jd, JITDylibLookupFlags::MatchAllSymbols),
                               impl_->es->intern(symbol));
  if (!sym) {
    std::string msg = toString(sym.takeError());
    return inputError(m->name + ": cannot resolve '" + symbol + "': " + msg);
  }
  m->linked = true;
  return sym->getAddress().toPtr<void*>();
}

Error JitLoader::remove(Module* m) {
  std::unique_ptr<Module> owned;
  {
    std::lock_guard<std::mutex> lk(impl_->mu);
    auto it = impl_->modules.find(m);
    if (it == impl_->modules.end()) return internalError("JitLoader::remove: unknown module");
    owned = std::move(it->second);
    impl_->modules.erase(it);
  }
  {
    std::lock_guard<std::mutex> lk(impl_->code.mu);
    for (auto it = impl_->code.byAddress.begin(); it != impl_->code.byAddress.end();)
      it = it->second.jd == owned->jd ? impl_->code.byAddress.erase(it) : std::next(it);
  }
  return impl_->es->removeJITDylib(*owned->jd);
}

std::string JitLoader::symbolize(uint64_t pc) {
  std::lock_guard<std::mutex> lk(impl_->code.mu);
  auto it = impl_->code.byAddress.upper_bound(pc);
  if (it == impl_->code.byAddress.begin()) return "";
  --it;
  if (pc >= it->first + std::max<uint64_t>(it->second.size, 1)) return "";
  char off[32];
  std::snprintf(off, sizeof off, "+0x%llx", (unsigned long long)(pc - it->first));
  std::string module = it->second.jd->getName();
  return it->second.name + off + " (" + module.substr(0, module.rfind('#')) + ")";
}

}  // namespace sk::rt
