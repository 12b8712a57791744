// Writing results so that readers never see half a file and a failure leaves nothing behind.
#pragma once
#include <string>
#include <utility>
#include <vector>

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

namespace sk {

// Reads the whole of `path`, which must be a regular file (not a directory, FIFO or device) of
// at most `maxBytes` bytes: a reader never blocks on a FIFO or fills memory from /dev/zero.
// `what` names the file's role in messages ("kernel metadata"). Errors are InputErrors naming
// the path.
llvm::Expected<std::string> readFile(const std::string& path, uint64_t maxBytes, const char* what);

// Size limits of the files the tools read (far above anything real, far below the machine).
inline constexpr uint64_t kMaxJsonBytes = 256ull << 20;    // metadata, op lists, arch specs, indexes
inline constexpr uint64_t kMaxObjectBytes = 1024ull << 20; // kernel objects

// Writes every (path, bytes) or none: each to a hidden temporary of its own beside its path
// (a unique name: concurrent writers never share one), then, holding an exclusive lock on the
// directories, renames them all into place; if a rename fails, those done are undone from
// hard links of the old files. So the files are the old set or the new set, never a mix, also
// with several processes writing the same set. On failure every temporary file is removed and
// the error names the path: an InputError when the path cannot name a file (no such directory,
// a file where a directory must be), a plain error when the file system refuses it (read-only,
// full, no permission).
llvm::Error writeFilesAtomically(const std::vector<std::pair<std::string, llvm::StringRef>>& files);

// The same for files named inside `dir`, which is created (with its parents) first. `flag` (e.g.
// "-o") names where `dir` came from in the error.
llvm::Error writeFilesInto(const std::string& dir, const std::vector<std::pair<std::string, llvm::StringRef>>& files,
                           const std::string& flag);

inline llvm::Error writeFileAtomically(const std::string& path, llvm::StringRef bytes) {
  return writeFilesAtomically({{path, bytes}});
}

}  // namespace sk
