// What every harness checks besides "no crash": a rejected input gets an error that names the
// document (the project's rule for bad input), and an accepted one survives its writer.
#pragma once
#include <cstdio>
#include <cstdlib>
#include <string>

#include "llvm/Support/Error.h"

namespace sk::fuzz {

// A failed property is a finding: print it and abort, so libFuzzer saves the input.
[[noreturn]] inline void fail(const std::string& what) {
  std::fprintf(stderr, "fuzz property failed: %s\n", what.c_str());
  std::abort();
}

inline void requireNamed(const std::string& message, const std::string& origin) {
  if (message.find(origin) == std::string::npos) fail("error does not name '" + origin + "': " + message);
}

inline void requireNamed(llvm::Error e, const std::string& origin) { requireNamed(llvm::toString(std::move(e)), origin); }

inline std::string text(const uint8_t* data, size_t size) { return std::string(reinterpret_cast<const char*>(data), size); }

}  // namespace sk::fuzz
