// Writing results so that readers never see half a file and a failure leaves nothing behind.
#pragma once
#include <string>
#include <utility>
#include <vector>

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

namespace sk {

// Writes every (path, bytes) to a hidden temporary file beside its path, then renames them all
// into place. On failure every temporary file is removed and the error names the path: an
// InputError when the path cannot name a file (no such directory, a file where a directory must
// be), a plain error when the file system refuses it (read-only, full, no permission).
llvm::Error writeFilesAtomically(const std::vector<std::pair<std::string, llvm::StringRef>>& files);

// The same for files named inside `dir`, which is created (with its parents) first. `flag` (e.g.
// "-o") names where `dir` came from in the error.
llvm::Error writeFilesInto(const std::string& dir, const std::vector<std::pair<std::string, llvm::StringRef>>& files,
                           const std::string& flag);

inline llvm::Error writeFileAtomically(const std::string& path, llvm::StringRef bytes) {
  return writeFilesAtomically({{path, bytes}});
}

}  // namespace sk
