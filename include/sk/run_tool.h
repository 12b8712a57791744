// Runs an external tool (makeself, clang-19) through Boost.Process: an argument vector, never a shell
// command line (docs/architecture.md §2). Kept in one translation unit because Boost.Process is slow to compile.
#pragma once
#include <map>
#include <string>
#include <vector>

namespace sk {

struct ToolResult {
  bool started = false;  // false: the program could not be run (error says why)
  int exitCode = -1;
  std::string out, err;  // captured stdout and stderr
  std::string error;
};

// Runs `program` with `args` in `cwd`, with the current environment plus `env` (which overrides),
// stdin from /dev/null, stdout and stderr captured through files in `scratchDir`.
ToolResult runTool(const std::string& program, const std::vector<std::string>& args, const std::string& cwd,
                   const std::map<std::string, std::string>& env, const std::string& scratchDir);

// The full path of `name` on PATH, or "" when it is not there.
std::string findOnPath(const std::string& name);

}  // namespace sk
