// Damage and hostile conditions a package must survive (issue 12): truncated .run files, stale
// extraction folders of killed runs, a bad manifest among good ones, read-only and full file
// systems (sk_compile --package and the package itself exit 1, not 2).
#include "pkg_harness.h"

#include <random>

namespace {

// ---- truncated packages -------------------------------------------------------------------------

// Cut points: every line boundary of the header, and 200 spread over the rest and inside lines.
std::vector<size_t> cutPoints(const std::string& bytes) {
  std::vector<size_t> cuts;
  size_t header = headerBytes(bytes);
  for (size_t at = bytes.find('\n'); at != std::string::npos && at < header; at = bytes.find('\n', at + 1))
    cuts.push_back(at + 1);
  std::mt19937 rng(12);
  for (int i = 0; i < 200; ++i) cuts.push_back(1 + rng() % (bytes.size() - 1));
  return cuts;
}

TEST(Truncated, EveryCutIsRefusedAsADamagedPackageWithExit2) {
  Sandbox s;
  std::string pkg = s.package("tr", "1.0.0");
  const std::string bytes = sk::test::readText(pkg);
  size_t line1 = bytes.find('\n') + 1, line2 = bytes.find('\n', line1) + 1;
  std::vector<size_t> cuts = cutPoints(bytes);
  std::vector<std::string> failures;
  std::mutex mu;
  auto worker = [&](size_t first) {
    std::string p = s.dir.file("cut" + std::to_string(first) + ".run");
    for (size_t k = first; k < cuts.size(); k += 2) {
      size_t cut = cuts[k];
      sk::test::writeText(p, bytes.substr(0, cut));
      for (const char* action : {"--check", "--install"}) {
        std::string root = s.dir.file("root" + std::to_string(first));
        Proc r = runProc({"/bin/sh", p, action, "--install-path=" + root}, s.env());
        // a cut inside the guard line leaves half a compound command: sh's syntax error, exit 2
        bool ok = r.exitCode == 2 && (cut < line2 || r.err.find("damaged package") != std::string::npos) &&
                  !fs::exists(root);
        if (!ok) {
          std::lock_guard<std::mutex> g(mu);
          failures.push_back(std::string(action) + " cut at " + std::to_string(cut) + ": exit " +
                             std::to_string(r.exitCode) + " " + r.err.substr(0, 200));
        }
      }
    }
  };
  // a file cut within its first line is a comment to sh: not a package any more (documented)
  cuts.erase(std::remove_if(cuts.begin(), cuts.end(), [&](size_t c) { return c <= line1; }), cuts.end());
  std::thread t0(worker, 0), t1(worker, 1);
  t0.join();
  t1.join();
  EXPECT_TRUE(failures.empty()) << failures.size() << " of " << 2 * cuts.size() << " runs, e.g. " << failures.front();
  EXPECT_TRUE(fs::is_empty(s.tmp())) << "a refused package left files in TMPDIR";
  RecordProperty("cuts", std::to_string(cuts.size()));
}

// ---- extraction folders of killed runs ------------------------------------------------------------

pid_t deadPid() {
  pid_t pid = fork();
  if (pid == 0) _exit(0);
  waitpid(pid, nullptr, 0);
  return pid;  // reaped: no process has it (until the kernel reuses it, which takes a while)
}

TEST(Extraction, StaleFoldersOfKilledRunsAreRemovedByTheNextRun) {
  Sandbox s;
  std::string pkg = s.package("ex", "1.0.0");
  std::string stale = s.tmp() + "/sk-pkg." + std::to_string(deadPid()) + ".AbC123";
  std::string live = s.tmp() + "/sk-pkg." + std::to_string(getpid()) + ".AbC123";
  std::string foreign = s.tmp() + "/selfgz4242", odd = s.tmp() + "/sk-pkg.x1.AbC123";
  for (const std::string& d : {stale, live, foreign, odd}) {
    fs::create_directories(d + "/sub");
    sk::test::writeText(d + "/sub/file", "x");
  }
  Proc r = s.run(pkg, {"--install", "--install-path=" + s.dir.file("root")});
  ASSERT_EQ(r.exitCode, 0) << r.all();
  EXPECT_FALSE(fs::exists(stale)) << "the folder of a dead run was kept";
  EXPECT_TRUE(fs::exists(live + "/sub/file")) << "the folder of a live process was removed";
  EXPECT_TRUE(fs::exists(foreign + "/sub/file")) << "another makeself archive's folder was removed";
  EXPECT_TRUE(fs::exists(odd + "/sub/file"));
  // a run killed during extraction leaves its folder, named after its pid; the next run removes it
  for (const auto& d : {live, foreign, odd}) fs::remove_all(d);
  r = s.run(pkg, {"--upgrade", "--install-path=" + s.dir.file("root")}, std::nullopt, {}, 40);
  r = s.run(pkg, {"--upgrade", "--install-path=" + s.dir.file("root")});
  ASSERT_EQ(r.exitCode, 0) << r.all();
  EXPECT_TRUE(fs::is_empty(s.tmp())) << fs::directory_iterator(s.tmp())->path();
}

// ---- one bad manifest among good ones -----------------------------------------------------------

TEST(Index, OneBadManifestCostsOnlyItsOwnKernel) {
  Sandbox s;
  std::string root = s.dir.file("root");
  for (const char* n : {"ia", "ib", "ic"}) ASSERT_EQ(s.run(s.package(n, "1.0.0"), {"--install", "--install-path=" + root}).exitCode, 0);
  // what broke the whole index before: an index line that the bash regex accepted verbatim
  std::string mpath = kdir(root) + "/ib/manifest.json";
  std::string m = sk::test::readText(mpath);
  size_t at = m.find("\"index\": {") + 10;
  sk::test::writeText(mpath, m.substr(0, at) + "\"name\":\"ib\",garbage," + m.substr(at));
  Proc r = s.run(s.package("id", "1.0.0"), {"--install", "--install-path=" + root});
  ASSERT_EQ(r.exitCode, 0) << r.all();
  EXPECT_NE(r.err.find(mpath + ": not valid JSON"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("keeping its old index entry"), std::string::npos) << r.err;
  json index = readJson(kdir(root) + "/index.json");  // throws if it is not JSON
  std::vector<std::string> names;
  for (const json& e : index["kernels"]) names.push_back(e["name"]);
  EXPECT_EQ(names, (std::vector<std::string>{"ia", "ib", "ic", "id"}));
  // without an old entry to keep, only ib is left out
  fs::remove(kdir(root) + "/index.json");
  r = runProc({"/bin/bash", kdir(root) + "/ia/uninstall.sh", "--quiet"}, s.env());
  ASSERT_EQ(r.exitCode, 0) << r.all();
  EXPECT_NE(r.err.find("it is left out of the index"), std::string::npos) << r.err;
  names.clear();
  index = readJson(kdir(root) + "/index.json");
  for (const json& e : index["kernels"]) names.push_back(e["name"]);
  EXPECT_EQ(names, (std::vector<std::string>{"ic", "id"}));
  EXPECT_EQ(s.skRun({"ic", "--install-path", root, "-q"}).exitCode, 0);
  // the lookup of ib names the file and what is wrong with it
  auto k = sk::pkg::findInstalledKernel("ib", root);
  ASSERT_FALSE((bool)k);
  EXPECT_NE(llvm::toString(k.takeError()).find(mpath + ": not valid JSON"), std::string::npos);
}

// ---- read-only and full file systems ------------------------------------------------------------

// Runs `argv` in a private mount namespace where `dir` is a tmpfs of `kib` KiB (read-only when
// `ro`); nothing is mounted outside. Needs root (as CI and this machine are); a machine that
// cannot mount skips these tests.
Proc withTmpfs(const std::string& dir, int kib, bool ro, std::vector<std::string> argv,
               const std::map<std::string, std::optional<std::string>>& env) {
  fs::create_directories(dir);
  std::string opts = "size=" + std::to_string(kib) + "k" + (ro ? ",ro" : "");
  argv.insert(argv.begin(), {"/usr/bin/unshare", "-m", "/bin/sh", "-c",
                             "mount -t tmpfs -o " + opts + " tmpfs \"$0\" || exit 99; shift; exec \"$@\"", dir, "--"});
  return runProc(argv, env);
}

bool canMount(const Sandbox& s) {
  return withTmpfs(s.dir.file("probe"), 64, false, {"/bin/true"}, s.env()).exitCode == 0;
}

TEST(WriteFailures, SkCompilePackageOnAReadOnlyOrFullFileSystemExits1) {
  Sandbox s;
  if (!canMount(s)) GTEST_SKIP() << "cannot mount a tmpfs here (needs root)";
  std::vector<std::string> compile = {SK_COMPILE, "--ops", std::string(SK_PKG_KERNEL_DIR) + "/fz_scale.o", "--name",
                                      "wf", "--package", "-q", "-o"};
  auto with = [&](std::vector<std::string> a, const std::string& o) { return a.push_back(o), a; };
  std::string ro = s.dir.file("ro"), full = s.dir.file("full");
  Proc r = withTmpfs(ro, 64, true, with(compile, ro), s.env());
  EXPECT_EQ(r.exitCode, 1) << r.all();
  EXPECT_NE(r.err.find("Read-only file system"), std::string::npos) << r.err;
  r = withTmpfs(ro, 64, true, with(compile, ro + "/sub"), s.env());
  EXPECT_EQ(r.exitCode, 1) << r.all();
  r = withTmpfs(full, 64, false, with(compile, full), s.env());
  EXPECT_EQ(r.exitCode, 1) << r.all();
  EXPECT_NE(r.err.find("No space left on device"), std::string::npos) << r.err;
  auto e = s.env();
  e["TMPDIR"] = full;
  r = withTmpfs(full, 64, false, with(compile, s.dir.file("out2")), e);
  EXPECT_EQ(r.exitCode, 1) << r.all();
  EXPECT_FALSE(fs::exists(s.dir.file("out2"))) << "a failed package wrote its outputs";
  // a path that cannot be a directory is still a usage error
  sk::test::writeText(s.dir.file("afile"), "x");
  EXPECT_EQ(runProc(with(compile, s.dir.file("afile/sub")), s.env()).exitCode, 2);
}

TEST(WriteFailures, InstallOnAReadOnlyOrFullFileSystemExits1AndLeavesNothing) {
  Sandbox s;
  if (!canMount(s)) GTEST_SKIP() << "cannot mount a tmpfs here (needs root)";
  std::string pkg = s.package("wf", "1.0.0");
  size_t kib = fs::file_size(pkg) / 1024;
  std::string ro = s.dir.file("ro"), full = s.dir.file("full");
  Proc r = withTmpfs(ro, 64, true, {"/bin/sh", pkg, "--install", "--install-path=" + ro}, s.env());
  EXPECT_EQ(r.exitCode, 1) << r.all();
  r = withTmpfs(ro, 64, true, {"/bin/sh", pkg, "--install", "--install-path=" + ro + "/sub"}, s.env());
  EXPECT_EQ(r.exitCode, 1) << r.all();
  // a root with room for the extraction but not for the install (one tmpfs holds both)
  auto inFull = s.env();
  inFull["TMPDIR"] = full;
  for (size_t size : {kib * 2, kib * 3, kib * 4}) {
    r = withTmpfs(full, (int)size, false,
                  {"/bin/sh", "-c", "sh \"$0\" --install --install-path=\"$1/root\"; rc=$?; ls -A \"$1\" \"$1/root/opp/static_kernel/ai_core\" 2>/dev/null; exit $rc", pkg, full},
                  inFull);
    EXPECT_TRUE(r.exitCode == 0 || r.exitCode == 1) << size << " KiB: " << r.all();
    if (r.exitCode == 1) {
      EXPECT_EQ(r.out.find(".sk-stage"), std::string::npos) << "a failed install left its staging folder";
      EXPECT_EQ(r.out.find("sk-pkg."), std::string::npos) << "a failed install left its extraction folder";
    }
  }
  // TMPDIR read-only, or too small to extract into (also past makeself's own space check)
  auto inRo = s.env();
  inRo["TMPDIR"] = ro;
  r = withTmpfs(ro, 64, true, {"/bin/sh", pkg, "--install", "--install-path=" + s.dir.file("r1")}, inRo);
  EXPECT_EQ(r.exitCode, 1) << r.all();
  r = withTmpfs(full, (int)kib / 2, false, {"/bin/sh", pkg, "--install", "--install-path=" + s.dir.file("r2")}, inFull);
  EXPECT_EQ(r.exitCode, 1) << r.all();
  r = withTmpfs(full, (int)kib / 2, false,
                {"/bin/sh", pkg, "--nodiskspace", "--install", "--install-path=" + s.dir.file("r3")}, inFull);
  EXPECT_EQ(r.exitCode, 1) << r.all();
  EXPECT_NE(r.err.find("cannot extract"), std::string::npos) << r.err;
  for (const char* d : {"r1", "r2", "r3"}) EXPECT_FALSE(fs::exists(s.dir.file(d))) << d;
}

// sk_pkg_tool must run from TMPDIR: a noexec one is an environment failure that says what to do.
TEST(Environment, ANoexecTmpdirOrAMissingToolExits1AndSaysWhy) {
  Sandbox s;
  if (!canMount(s)) GTEST_SKIP() << "cannot mount a tmpfs here (needs root)";
  std::string pkg = s.package("nx", "1.0.0"), nx = s.dir.file("noexec"), root = s.dir.file("root");
  auto e = s.env();
  e["TMPDIR"] = nx;
  fs::create_directories(nx);
  std::vector<std::string> argv = {"/usr/bin/unshare", "-m", "/bin/sh", "-c",
                                   "mount -t tmpfs -o size=8m,noexec tmpfs \"$0\" || exit 99; shift; exec \"$@\"", nx,
                                   "--", "/bin/sh", pkg, "--install", "--install-path=" + root};
  Proc r = runProc(argv, e);
  EXPECT_EQ(r.exitCode, 1) << r.all();
  EXPECT_NE(r.err.find("cannot be executed here (a file system mounted noexec?)"), std::string::npos) << r.err;
  EXPECT_FALSE(fs::exists(root));
  // an installed kernel whose sk_pkg_tool was deleted: its uninstall.sh refuses, changing nothing
  ASSERT_EQ(s.run(pkg, {"--install", "--install-path=" + root}).exitCode, 0);
  fs::remove(kdir(root) + "/nx/sk_pkg_tool");
  auto before = snapshot(root);
  r = runProc({"/bin/bash", kdir(root) + "/nx/uninstall.sh"}, s.env());
  EXPECT_EQ(r.exitCode, 1) << r.all();
  EXPECT_NE(r.err.find("run its package with --uninstall"), std::string::npos) << r.err;
  EXPECT_EQ(before, snapshot(root));
  r = s.run(pkg, {"--uninstall", "--install-path=" + root});
  EXPECT_EQ(r.exitCode, 0) << r.all();
  EXPECT_FALSE(fs::exists(kdir(root) + "/nx"));
}

}  // namespace
