// The only translation unit that includes Boost.Process.
#include "sk/run_tool.h"

#include <cstdio>

#include "sk/file_io.h"

#include <boost/filesystem.hpp>
#include <boost/process.hpp>

namespace bp = boost::process;

namespace sk {

namespace {
// What the tool printed (at most 64 MiB of it; nothing when it printed nothing).
std::string slurp(const std::string& path) {
  auto text = sk::readFile(path, 64ull << 20, "tool output");
  if (!text) {
    llvm::consumeError(text.takeError());
    return "";
  }
  return std::move(*text);
}
}  // namespace

ToolResult runTool(const std::string& program, const std::vector<std::string>& args, const std::string& cwd,
                   const std::map<std::string, std::string>& env, const std::string& scratchDir) {
  ToolResult r;
  std::string outPath = scratchDir + "/tool.stdout", errPath = scratchDir + "/tool.stderr";
  // boost.process opens a redirect target without truncating it: a shorter output would end
  // with the last tool's
  std::remove(outPath.c_str());
  std::remove(errPath.c_str());
  try {
    bp::environment e = boost::this_process::environment();
    for (const auto& [k, v] : env) e[k] = v;
    bp::child c(bp::exe = program, bp::args = args, bp::start_dir = cwd, e, bp::std_in < bp::null,
                bp::std_out > boost::filesystem::path(outPath), bp::std_err > boost::filesystem::path(errPath));
    c.wait();
    r.started = true;
    r.exitCode = c.exit_code();
  } catch (const std::exception& ex) {
    r.error = ex.what();
  }
  r.out = slurp(outPath);
  r.err = slurp(errPath);
  return r;
}

std::string findOnPath(const std::string& name) {
  boost::filesystem::path p = bp::search_path(name);
  return p.empty() ? std::string() : p.string();
}

}  // namespace sk
