// LLVM ORC/JITLink behind a small interface, so only one translation unit pays for the ORC
// headers. One JITDylib per loaded object, linked against one JITDylib of host symbols.
#pragma once
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "llvm/Support/Error.h"
#include "llvm/Support/MemoryBuffer.h"

namespace sk::rt {

class JitLoader {
 public:
  struct Module;

  // `hostSymbols` are the only symbols loaded objects can import.
  static llvm::Expected<std::unique_ptr<JitLoader>> create(
      const std::vector<std::pair<std::string, void*>>& hostSymbols);
  ~JitLoader();

  llvm::Expected<Module*> add(llvm::MemoryBufferRef object, const std::string& name);
  // Address of a symbol of the module, linking the module on first use.
  llvm::Expected<void*> lookup(Module* m, const std::string& symbol);
  llvm::Error remove(Module* m);
  // "entry+0x1c (add_custom.o)" for an address in a loaded function, "" elsewhere.
  std::string symbolize(uint64_t pc);

 private:
  struct Impl;
  explicit JitLoader(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace sk::rt
