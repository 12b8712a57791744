// Small text helpers every stage needs: names that become symbols or folder names, and the
// SHA-256 values recorded in metadata and manifests.
#pragma once
#include <string>

#include "llvm/ADT/StringRef.h"

namespace sk {

// [A-Za-z_][A-Za-z0-9_]*: kernel and super-kernel names become ELF symbols and folder names.
bool isCIdentifier(llvm::StringRef s);

// Lower-case hex SHA-256 of `bytes`.
std::string sha256Hex(llvm::StringRef bytes);

}  // namespace sk
