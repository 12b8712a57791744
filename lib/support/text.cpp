#include "sk/text.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/SHA256.h"

namespace sk {

bool isCIdentifier(llvm::StringRef s) {
  if (s.empty() || !(llvm::isAlpha(s[0]) || s[0] == '_')) return false;
  return llvm::all_of(s, [](char c) { return llvm::isAlnum(c) || c == '_'; });
}

std::string hexAddress(uint64_t v) { return "0x" + llvm::utohexstr(v, /*LowerCase=*/true); }

std::string toHex(llvm::ArrayRef<uint8_t> bytes) { return llvm::toHex(bytes, /*LowerCase=*/true); }

std::optional<std::vector<uint8_t>> fromHex(llvm::StringRef hex) {
  std::string out;
  if (hex.size() % 2 || !llvm::tryGetFromHex(hex, out)) return std::nullopt;
  return std::vector<uint8_t>(out.begin(), out.end());
}

std::string sha256Hex(llvm::StringRef bytes) {
  return llvm::toHex(llvm::SHA256::hash(llvm::arrayRefFromStringRef(bytes)), /*LowerCase=*/true);
}

}  // namespace sk
