// Small text helpers every stage needs: names that become symbols or folder names, and the
// SHA-256 values recorded in metadata and manifests.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

namespace sk {

// [A-Za-z_][A-Za-z0-9_]*: kernel and super-kernel names become ELF symbols and folder names.
bool isCIdentifier(llvm::StringRef s);

// "0x1f40": addresses and offsets in messages.
std::string hexAddress(uint64_t v);
// Two lower-case hex digits per byte (tiling data in metadata), and back: nullopt for an odd
// length or a non-hex digit.
std::string toHex(llvm::ArrayRef<uint8_t> bytes);
std::optional<std::vector<uint8_t>> fromHex(llvm::StringRef hex);

// Lower-case hex SHA-256 of `bytes`.
std::string sha256Hex(llvm::StringRef bytes);

}  // namespace sk
