// The harness of the package tests (packaging_test.cpp, package_faults_test.cpp,
// package_fuzz_test.cpp): processes with a kill timer, a sandbox with its own HOME and TMPDIR,
// packages built with sk_compile, snapshots of install roots and the installed state of a kernel.
#pragma once
#include <gtest/gtest.h>

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <map>
#include <optional>
#include <regex>
#include <set>
#include <sstream>
#include <mutex>
#include <thread>

#include <nlohmann/json.hpp>

#include "sk/installed_kernels.h"
#include "sk/text.h"
#include "sk/subkernel.h"
#include "test_support.h"

namespace fs = std::filesystem;
using nlohmann::json;
using sk::test::TempDir;

extern char** environ;

namespace sk::pkgtest {

// ---- processes -------------------------------------------------------------------------------

struct Proc {
  int exitCode = -1;  // -1: killed by a signal
  int signal = 0;
  std::string out, err;
  std::string all() const { return out + err; }
};

// Runs argv (argv[0] an absolute path) with the environment changed by `env` (a value of
// std::nullopt removes the variable), stdin from /dev/null, in its own process group. With
// killAfterMs >= 0 the whole group gets SIGKILL after that many milliseconds.
inline Proc runProc(const std::vector<std::string>& argv, const std::map<std::string, std::optional<std::string>>& env,
             const std::string& cwd = "", int killAfterMs = -1) {
  std::vector<std::string> envs;
  for (char** e = environ; *e; ++e) {
    std::string s = *e;
    if (!env.count(s.substr(0, s.find('=')))) envs.push_back(s);
  }
  for (const auto& [k, v] : env)
    if (v) envs.push_back(k + "=" + *v);
  std::vector<char*> args, envp;
  for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  for (auto& e : envs) envp.push_back(e.data());
  envp.push_back(nullptr);
  int outPipe[2], errPipe[2];
  if (pipe2(outPipe, O_CLOEXEC) || pipe2(errPipe, O_CLOEXEC)) throw std::runtime_error("pipe");
  pid_t pid = fork();
  if (pid == 0) {
    setpgid(0, 0);
    if (!cwd.empty() && chdir(cwd.c_str()) != 0) _exit(126);
    int devnull = open("/dev/null", O_RDONLY);
    dup2(devnull, 0);
    dup2(outPipe[1], 1);
    dup2(errPipe[1], 2);
    execve(args[0], args.data(), envp.data());
    _exit(127);
  }
  setpgid(pid, pid);
  close(outPipe[1]);
  close(errPipe[1]);
  Proc r;
  auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(killAfterMs);
  bool killed = false;
  pollfd fds[2] = {{outPipe[0], POLLIN, 0}, {errPipe[0], POLLIN, 0}};
  int open = 2;
  char buf[65536];
  while (open > 0) {
    int timeout = -1;
    if (killAfterMs >= 0 && !killed) {
      auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
      timeout = (int)std::max<int64_t>(0, left.count());
    }
    int n = poll(fds, 2, timeout);
    if (n == 0 && killAfterMs >= 0 && !killed) {
      kill(-pid, SIGKILL);
      killed = true;
      continue;
    }
    if (n < 0) break;
    for (auto& f : fds) {
      if (f.fd < 0 || !(f.revents & (POLLIN | POLLHUP | POLLERR))) continue;
      ssize_t k = read(f.fd, buf, sizeof buf);
      if (k <= 0) {
        close(f.fd);
        f.fd = -1;
        --open;
      } else {
        (&f == &fds[0] ? r.out : r.err).append(buf, (size_t)k);
      }
    }
  }
  if (killAfterMs >= 0 && !killed) kill(-pid, SIGKILL);  // in case something of the group lingers
  int status = 0;
  waitpid(pid, &status, 0);
  if (WIFEXITED(status)) r.exitCode = WEXITSTATUS(status);
  if (WIFSIGNALED(status)) r.signal = WTERMSIG(status);
  return r;
}

inline std::string hostCpu() {
  struct utsname u;
  uname(&u);
  return u.machine;
}

inline std::vector<std::string> lines(const std::string& text) {
  std::vector<std::string> r;
  std::istringstream in(text);
  for (std::string l; std::getline(in, l);)
    if (!l.empty()) r.push_back(l);
  return r;
}

inline std::string sha256File(const std::string& path) { return sk::sha256Hex(sk::test::readText(path)); }

// ---- a sandbox: HOME, TMPDIR and packages in temporary directories ---------------------------

class Sandbox {
 public:
  TempDir dir;
  Sandbox() {
    fs::create_directories(home());
    fs::create_directories(tmp());
    fs::create_directories(out());
  }
  std::string home() const { return dir.file("home"); }
  std::string tmp() const { return dir.file("tmp"); }
  std::string out() const { return dir.file("out"); }

  std::map<std::string, std::optional<std::string>> env(std::optional<std::string> skHome = std::nullopt) const {
    // SK_BUILD_DIR: scripts/common.sh checks uninstall scripts with this build's sk_pkg_tool.
    return {{"HOME", home()}, {"SK_HOME", skHome}, {"SK_INSTALL_ROOT", std::nullopt}, {"TMPDIR", tmp()},
            {"SK_BUILD_DIR", std::string(SK_BUILD_DIR)},
            {"SK_PKG_TEST_KILL_AT", std::nullopt}, {"SK_PKG_TEST_STEP_LOG", std::nullopt}};
  }

  // sk_compile --package of the fusion test kernels `ops` as kernel `name`.
  std::string package(const std::string& name, const std::string& version, const std::vector<std::string>& ops = {"fz_scale"},
                      const std::string& arch = "dav-2201", const std::string& outDir = "") {
    std::string list, o = outDir.empty() ? out() + "/" + name + "-" + version : outDir;
    fs::create_directories(o);
    for (const std::string& k : ops) list += (list.empty() ? "" : ",") + std::string(SK_PKG_KERNEL_DIR) + "/" + k + ".o";
    Proc r = runProc({SK_COMPILE, "--ops", list, "--name", name, "-o", o, "--package", "--version", version,
                      "--arch", arch, "-q"},
                     env());
    EXPECT_EQ(r.exitCode, 0) << r.all();
    return o + "/" + name + "_" + version + "_linux-" + hostCpu() + ".run";
  }

  // bash RUN ARGS... (as a user runs it: through the shell, its makeself header being /bin/sh code)
  Proc run(const std::string& pkg, std::vector<std::string> args, std::optional<std::string> skHome = std::nullopt,
           std::map<std::string, std::optional<std::string>> extra = {}, int killAfterMs = -1) const {
    args.insert(args.begin(), {"/bin/sh", pkg});
    auto e = env(skHome);
    for (auto& [k, v] : extra) e[k] = v;
    return runProc(args, e, "", killAfterMs);
  }

  Proc skRun(std::vector<std::string> args, std::optional<std::string> skHome = std::nullopt) const {
    args.insert(args.begin(), SK_RUN);
    return runProc(args, env(skHome));
  }
};

inline std::string kdir(const std::string& root) { return root + "/opp/static_kernel/ai_core"; }

// Path, type, mode, size and content hash of everything under `root` (symlinks not followed).
inline std::map<std::string, std::string> snapshot(const std::string& root) {
  std::map<std::string, std::string> m;
  if (!fs::exists(fs::symlink_status(root))) return m;
  for (auto it = fs::recursive_directory_iterator(root); it != fs::recursive_directory_iterator(); ++it) {
    const fs::path& p = it->path();
    struct stat st;
    lstat(p.c_str(), &st);
    char mode[16];
    std::snprintf(mode, sizeof mode, "%o", st.st_mode);
    std::string v = mode;
    if (S_ISREG(st.st_mode)) v += " " + std::to_string(st.st_size) + " " + sha256File(p);
    if (S_ISLNK(st.st_mode)) v += " -> " + fs::read_symlink(p).string();
    m[p.lexically_relative(root).string()] = v;
  }
  return m;
}

inline std::string describeDiff(const std::map<std::string, std::string>& a, const std::map<std::string, std::string>& b) {
  std::string s;
  for (const auto& [k, v] : a)
    if (!b.count(k)) s += "  only before: " + k + "\n";
    else if (b.at(k) != v) s += "  changed: " + k + " (" + v + " -> " + b.at(k) + ")\n";
  for (const auto& [k, v] : b)
    if (!a.count(k)) s += "  only after: " + k + "\n";
  return s;
}

inline json readJson(const std::string& path) { return json::parse(sk::test::readText(path)); }

// The installed kernel `name` under `root`: "" when absent, else its version. Fails the test
// when the folder is incomplete or the index disagrees with it (allowIndexLag: the index may
// lag one step behind a killed run, but the lookup must still give the folder's version).
inline std::string installedState(const std::string& root, const std::string& name, bool allowIndexLag = false) {
  std::string folder = kdir(root) + "/" + name;
  json index = fs::exists(kdir(root) + "/index.json") ? readJson(kdir(root) + "/index.json") : json(nullptr);
  json entry = nullptr;
  if (index.is_object())
    for (const json& e : index["kernels"])
      if (e["name"] == name) entry = e;
  if (!fs::exists(folder + "/manifest.json")) {
    EXPECT_TRUE(entry.is_null() || allowIndexLag) << "index lists " << name << " but it is not installed";
    auto k = sk::pkg::findInstalledKernel(name, root);
    EXPECT_FALSE((bool)k) << "lookup found a kernel that is not installed";
    if (!k) llvm::consumeError(k.takeError());
    return "";
  }
  json m = readJson(folder + "/manifest.json");
  for (const json& f : m["files"]) {
    if (!f["installed"].get<bool>()) continue;
    std::string p = folder + "/" + f["path"].get<std::string>();
    EXPECT_TRUE(fs::is_regular_file(fs::symlink_status(p))) << p;
    EXPECT_EQ(sha256File(p), f["sha256"]) << p << " is not the file of version " << m["version"];
  }
  if (!allowIndexLag) {
    EXPECT_EQ(entry, m["index"]) << "index.json disagrees with " << folder;
  }
  auto k = sk::pkg::findInstalledKernel(name, root);
  EXPECT_TRUE((bool)k) << (k ? "" : llvm::toString(k.takeError()));
  if (k) {
    EXPECT_EQ(k->version, m["version"].get<std::string>());
  }
  return m["version"];
}

// Hidden leftovers (staging folders, temporary index files) in the kernel directory.
inline std::vector<std::string> hiddenEntries(const std::string& root) {
  std::vector<std::string> r;
  if (!fs::exists(kdir(root))) return r;
  for (const auto& e : fs::directory_iterator(kdir(root)))
    if (e.path().filename().string()[0] == '.') r.push_back(e.path().filename());
  return r;
}

inline std::string uninstallLine(const std::string& out) {
  std::smatch m;
  std::regex re("\\[INFO\\] uninstall script: (/[^\n]*/uninstall\\.sh)\n");
  return std::regex_search(out, m, re) ? m[1].str() : "";
}

// The length of the makeself header (its "skip" lines), where the compressed payload starts.
inline size_t headerBytes(const std::string& run) {
  std::smatch m;
  std::string head = run.substr(0, 4096);
  if (!std::regex_search(head, m, std::regex("\nskip=\"([0-9]+)\"\n"))) return run.size();
  size_t at = 0;
  for (int line = std::stoi(m[1]); line > 0 && at != std::string::npos; --line) at = run.find('\n', at) + 1;
  return at;
}

}  // namespace sk::pkgtest

using namespace sk::pkgtest;
