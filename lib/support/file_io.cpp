#include "sk/file_io.h"

#include <cstdio>
#include <fstream>

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "sk/error.h"

namespace sk {

llvm::Error writeFilesAtomically(const std::vector<std::pair<std::string, llvm::StringRef>>& files) {
  std::vector<std::string> temps;
  auto cleanup = [&] {
    for (const std::string& t : temps) std::remove(t.c_str());
  };
  for (const auto& [path, bytes] : files) {
    llvm::SmallString<256> temp = llvm::sys::path::parent_path(path);
    llvm::sys::path::append(temp, "." + llvm::sys::path::filename(path) + ".tmp");
    temps.push_back(std::string(temp));
    std::ofstream out(temps.back(), std::ios::binary | std::ios::trunc);
    if (!out || !out.write(bytes.data(), (std::streamsize)bytes.size())) {
      cleanup();
      return inputError(path + ": cannot write (does its directory exist, is it writable, is the disk full?)");
    }
  }
  for (size_t i = 0; i < files.size(); ++i) {
    if (std::rename(temps[i].c_str(), files[i].first.c_str()) != 0) {
      cleanup();
      return inputError(files[i].first + ": cannot move the written file into place");
    }
  }
  return llvm::Error::success();
}

llvm::Error writeFilesInto(const std::string& dir, const std::vector<std::pair<std::string, llvm::StringRef>>& files,
                           const std::string& flag) {
  if (std::error_code ec = llvm::sys::fs::create_directories(dir))
    return inputError(flag + " " + dir + ": cannot create the directory: " + ec.message());
  std::vector<std::pair<std::string, llvm::StringRef>> paths;
  for (const auto& [name, bytes] : files) {
    llvm::SmallString<256> path(dir);
    llvm::sys::path::append(path, name);
    paths.push_back({std::string(path), bytes});
  }
  return writeFilesAtomically(paths);
}

}  // namespace sk
