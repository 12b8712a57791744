// Static kernel packages (docs/packaging.md) end to end: sk_compile --package builds a
// reproducible .run; its flags; --check catches changed and appended bytes; install, run by name,
// upgrade and uninstall leave the root as it was; concurrent installs keep the index consistent;
// a SIGKILL at any step leaves the old or the new version; uninstall refuses symlinks, foreign
// folders and changed files, and keeps files a user added; hostile install paths.
//
// Every test works in its own temporary directories, with HOME, SK_HOME and TMPDIR pointing
// into them, so nothing touches the real $HOME and tests can run in parallel.
#include "pkg_harness.h"

namespace {

// ---- building packages ------------------------------------------------------------------------

TEST(Package, SameInputsGiveTheSameBytesAndTheFileNameHasVersionAndCpu) {
  Sandbox s;
  std::string a = s.package("pk", "1.0.0", {"fz_scale", "fz_add"}, "dav-2201", s.out() + "/a");
  std::string b = s.package("pk", "1.0.0", {"fz_scale", "fz_add"}, "dav-2201", s.out() + "/b");
  EXPECT_EQ(fs::path(a).filename(), "pk_1.0.0_linux-" + hostCpu() + ".run");
  ASSERT_TRUE(fs::exists(a) && fs::exists(b));
  EXPECT_TRUE(sk::test::readText(a) == sk::test::readText(b)) << "two builds of the same inputs differ";
  EXPECT_TRUE(fs::status(a).permissions() == (fs::status(a).permissions() | fs::perms::owner_exec));
  std::string c = s.package("pk", "2.1-rc1", {"fz_scale", "fz_add"}, "dav-2201", s.out() + "/c");
  EXPECT_TRUE(fs::exists(c)) << c;
  // default version
  Proc r = runProc({SK_COMPILE, "--ops", std::string(SK_PKG_KERNEL_DIR) + "/fz_scale.o", "--name", "pk", "-o",
                    s.out(), "--package", "-q"},
                   s.env());
  EXPECT_EQ(r.exitCode, 0) << r.all();
  EXPECT_TRUE(fs::exists(s.out() + "/pk_1.0.0_linux-" + hostCpu() + ".run"));
}

TEST(Package, BadVersionsAreUsageErrorsAndWriteNothing) {
  Sandbox s;
  for (std::string v : std::vector<std::string>{"", "1_0", "a/b", "1 0", "$(id)", "-1", ".1", std::string(65, '1')}) {
    TempDir o;
    Proc r = runProc({SK_COMPILE, "--ops", std::string(SK_PKG_KERNEL_DIR) + "/fz_scale.o", "--name", "pk", "-o",
                      o.path(), "--package", "--version", v},
                     s.env());
    EXPECT_EQ(r.exitCode, 2) << v << ": " << r.all();
    EXPECT_NE(r.err.find("--version"), std::string::npos) << r.err;
    EXPECT_TRUE(fs::is_empty(o.path())) << v << ": something was written";
  }
  Proc r = runProc({SK_COMPILE, "--ops", std::string(SK_PKG_KERNEL_DIR) + "/fz_scale.o", "--name", "pk", "-o",
                    s.out(), "--version", "1.0"},
                   s.env());
  EXPECT_EQ(r.exitCode, 2) << "--version without --package";
}

TEST(Package, InfoListVersionHelpAndUsageErrors) {
  Sandbox s;
  std::string pkg = s.package("pk", "3.2.1", {"fz_scale", "fz_add"}, "dav-3510");
  Proc r = s.run(pkg, {"--info"});
  EXPECT_EQ(r.exitCode, 0) << r.all();
  for (const char* want : {"Kernel:        pk (AIV", "Version:       3.2.1", "NPU arch:      dav-3510",
                           "Inputs:        x float32[2048]", "Outputs:       z float32[2048]", "pk.o (", "uninstall.sh (",
                           "Whole file:    SHA-256 ", "Built with Makeself"})
    EXPECT_NE(r.out.find(want), std::string::npos) << want << "\n" << r.out;
  EXPECT_NE(r.out.find("Installs on:   linux-" + hostCpu()), std::string::npos) << r.out;
  r = s.run(pkg, {"--list"});
  EXPECT_EQ(r.exitCode, 0) << r.all();
  for (const char* f : {"./pk.o", "./pk.json", "./manifest.json", "./install.sh", "./uninstall.sh"})
    EXPECT_NE(r.out.find(f), std::string::npos) << f << "\n" << r.out;
  r = s.run(pkg, {"--version"});
  EXPECT_EQ(r.exitCode, 0);
  EXPECT_EQ(r.out, "3.2.1\n");
  r = s.run(pkg, {"--help"});
  EXPECT_EQ(r.exitCode, 0);
  for (const char* f : {"--install ", "--upgrade ", "--uninstall ", "--install-path=DIR", "--quiet", "--check", "--list",
                        "--info", "--version"})
    EXPECT_NE(r.out.find(f), std::string::npos) << f << "\n" << r.out;
  r = s.run(pkg, {"--check"});
  EXPECT_EQ(r.exitCode, 0) << r.all();
  EXPECT_NE(r.out.find("Whole-file SHA-256 is OK"), std::string::npos) << r.out;
  // usage errors: exit 2, nothing installed
  for (std::vector<std::string> args : std::vector<std::vector<std::string>>{
           {"--bogus"}, {}, {"--install", "--uninstall"}, {"--install", "--install-path="}, {"--install", "extra"},
           {"--install", "--install-path"}}) {
    r = s.run(pkg, args);
    std::string a;
    for (auto& x : args) a += x + " ";
    EXPECT_EQ(r.exitCode, 2) << a << "\n" << r.all();
    EXPECT_NE(r.err.find("ERROR"), std::string::npos) << a << r.err;
  }
  EXPECT_FALSE(fs::exists(s.home() + "/.superkernel")) << "a usage error installed something";
}

// ---- integrity ----------------------------------------------------------------------------------

// Copies `pkg` with byte `at` XOR-ed (or with `append` appended / the last byte cut).
std::string tampered(const Sandbox& s, const std::string& pkg, long at, const std::string& append = "", bool cut = false) {
  std::string bytes = sk::test::readText(pkg);
  if (at >= 0) bytes[at] = (char)(bytes[at] ^ 0x20);
  bytes += append;
  if (cut) bytes.pop_back();
  static int n = 0;
  std::string p = s.dir.file("tampered" + std::to_string(n++) + ".run");
  sk::test::writeText(p, bytes);
  return p;
}

void expectRefused(const Sandbox& s, const std::string& pkg, const std::string& what) {
  Proc r = s.run(pkg, {"--check"});
  EXPECT_NE(r.exitCode, 0) << what << ": --check passed\n" << r.all();
  EXPECT_NE(r.err.find("integrity check failed"), std::string::npos) << what << "\n" << r.all();
  std::string root = s.dir.file("root-" + std::to_string(std::hash<std::string>()(what)));
  r = s.run(pkg, {"--install", "--install-path=" + root});
  EXPECT_NE(r.exitCode, 0) << what << ": --install went ahead\n" << r.all();
  EXPECT_NE(r.err.find("integrity check failed"), std::string::npos) << what << "\n" << r.all();
  EXPECT_FALSE(fs::exists(root)) << what << ": the install root was created";
  EXPECT_TRUE(fs::is_empty(s.tmp())) << what << ": the install left files in TMPDIR";
}

TEST(Integrity, ChangedAppendedOrMissingBytesAreRefusedBeforeAnythingIsWritten) {
  Sandbox s;
  std::string pkg = s.package("pk", "1.0.0");
  std::string bytes = sk::test::readText(pkg);
  size_t field = bytes.find("\nSK_SHA256=") + 1;
  size_t payload = bytes.size() - 2000;  // inside the gzip payload
  ASSERT_NE(field, std::string::npos + 1);
  expectRefused(s, tampered(s, pkg, 40), "a comment byte of the header");
  expectRefused(s, tampered(s, pkg, (long)bytes.find("label=")), "a header variable");
  expectRefused(s, tampered(s, pkg, (long)field + 20), "the checksum field");
  expectRefused(s, tampered(s, pkg, (long)bytes.find("SK_Check_Whole_A()") + 30), "the check function");
  expectRefused(s, tampered(s, pkg, (long)payload), "a payload byte");
  expectRefused(s, tampered(s, pkg, (long)bytes.size() - 1), "the last byte");
  expectRefused(s, tampered(s, pkg, -1, "\n"), "an appended newline");
  expectRefused(s, tampered(s, pkg, -1, std::string(1, '\0')), "an appended NUL");
  expectRefused(s, tampered(s, pkg, -1, "", true), "the last byte removed");
}

// Every byte of the verifying code (the size guard, both copies of the whole-file check and the
// --check case), every 127th byte of the rest of the header and 300 bytes spread over the payload
// (mostly sk_pkg_tool, compressed), each changed on its own, makes --check fail. The offsets are
// split over four tests (positions in the list modulo 4), each well within ctest's timeout.
void expectEveryChangedByteFailsCheck(size_t part) {
  Sandbox s;
  std::string pkg = s.package("pk", "1.0.0");
  const std::string bytes = sk::test::readText(pkg);
  size_t lo = bytes.find("SK_Check_Whole_A()"), hi = bytes.find("SK_Help()");
  size_t caseLo = bytes.find("    --check)\n"), caseHi = bytes.find("exit 0", caseLo) + 8;
  ASSERT_TRUE(lo != std::string::npos && hi != std::string::npos && caseLo != std::string::npos);
  size_t guardHi = bytes.find('\n', bytes.find('\n') + 1), payload = headerBytes(bytes);
  std::vector<size_t> offsets;
  for (size_t i = 0, n = 0; i < bytes.size(); ++i)
    if ((i >= lo && i < hi) || (i >= caseLo && i < caseHi) || i < guardHi || (i < payload && i % 127 == 0) ||
        (i >= payload && (i - payload) % ((bytes.size() - payload) / 300 + 1) == 0))
      if (n++ % 4 == part) offsets.push_back(i);
  std::vector<std::string> passed;
  std::mutex mu;
  auto worker = [&](size_t first) {
    for (size_t k = first; k < offsets.size(); k += 2) {
      std::string b = bytes;
      b[offsets[k]] = (char)(b[offsets[k]] ^ 0x20);
      std::string p = s.dir.file("mut" + std::to_string(first) + ".run");
      sk::test::writeText(p, b);
      Proc r = runProc({"/bin/sh", p, "--check"}, s.env());
      if (r.exitCode == 0) {
        std::lock_guard<std::mutex> g(mu);
        passed.push_back(std::to_string(offsets[k]));
      }
    }
  };
  std::thread t0(worker, 0), t1(worker, 1);
  t0.join();
  t1.join();
  EXPECT_TRUE(passed.empty()) << passed.size() << " of " << offsets.size() << " changed bytes passed --check, e.g. at "
                              << passed.front();
}

TEST(Integrity, AnySingleChangedByteFailsCheckPart0) { expectEveryChangedByteFailsCheck(0); }
TEST(Integrity, AnySingleChangedByteFailsCheckPart1) { expectEveryChangedByteFailsCheck(1); }
TEST(Integrity, AnySingleChangedByteFailsCheckPart2) { expectEveryChangedByteFailsCheck(2); }
TEST(Integrity, AnySingleChangedByteFailsCheckPart3) { expectEveryChangedByteFailsCheck(3); }

// ---- install, run by name, upgrade, uninstall ----------------------------------------------------

TEST(Install, RoundTripLeavesTheRootExactlyAsBefore) {
  Sandbox s;
  std::string root = s.dir.file("root");
  // the root already holds a user file and another installed kernel
  fs::create_directories(root + "/notes");
  sk::test::writeText(root + "/notes/todo.txt", "keep me\n");
  std::string other = s.package("other_sk", "0.9");
  ASSERT_EQ(s.run(other, {"--install", "--install-path=" + root}).exitCode, 0);
  for (bool preexisting : {true, false}) {
    SCOPED_TRACE(preexisting ? "root with another kernel" : "empty root");
    if (!preexisting) {
      Proc u = runProc({"/bin/bash", kdir(root) + "/other_sk/uninstall.sh", "--quiet"}, s.env());
      ASSERT_EQ(u.exitCode, 0) << u.all();
      fs::remove_all(root + "/notes");
    }
    auto before = snapshot(root);
    std::string v1 = s.package("rt_sk", "1.0.0", {"fz_scale"});
    std::string v2 = s.package("rt_sk", "2.0.0", {"fz_scale", "fz_add"});
    Proc r = s.run(v1, {"--check"});
    ASSERT_EQ(r.exitCode, 0) << r.all();
    r = s.run(v1, {"--install"}, root);  // root from SK_HOME
    ASSERT_EQ(r.exitCode, 0) << r.all();
    std::string un = uninstallLine(r.out);
    EXPECT_EQ(un, fs::canonical(root).string() + "/opp/static_kernel/ai_core/rt_sk/uninstall.sh") << r.out;
    EXPECT_EQ(installedState(root, "rt_sk"), "1.0.0");
    EXPECT_EQ(snapshot(kdir(root) + "/rt_sk").size(), 5u) << "exactly the five files of the install layout (docs/packaging.md)";
    EXPECT_TRUE(fs::exists(kdir(root) + "/rt_sk/sk_pkg_tool"));
    // run by name (root from SK_HOME, then from --install-path)
    r = s.skRun({"rt_sk", "--compare-unfused"}, root);
    EXPECT_EQ(r.exitCode, 0) << r.all();
    EXPECT_NE(r.out.find("rt_sk on dav-2201"), std::string::npos) << r.out;
    r = s.skRun({"rt_sk", "--install-path", root});
    EXPECT_EQ(r.exitCode, 0) << r.all();
    // installing again is refused; --upgrade replaces
    r = s.run(v2, {"--install", "--install-path=" + root});
    EXPECT_EQ(r.exitCode, 1) << r.all();
    EXPECT_NE(r.err.find("already installed"), std::string::npos) << r.err;
    EXPECT_EQ(installedState(root, "rt_sk"), "1.0.0");
    r = s.run(v2, {"--upgrade", "--install-path=" + root});
    ASSERT_EQ(r.exitCode, 0) << r.all();
    EXPECT_NE(r.out.find("upgraded rt_sk from 1.0.0 to 2.0.0"), std::string::npos) << r.out;
    EXPECT_EQ(installedState(root, "rt_sk"), "2.0.0");
    auto k = sk::pkg::findInstalledKernel("rt_sk", root, {"float32", "float32"});
    EXPECT_TRUE((bool)k) << (k ? "" : llvm::toString(k.takeError()));
    k = sk::pkg::findInstalledKernel("rt_sk", root, {"float16", "float16"});
    ASSERT_FALSE((bool)k);
    EXPECT_NE(llvm::toString(k.takeError()).find("takes dtypes (float32, float32)"), std::string::npos);
    r = s.skRun({"rt_sk", "--compare-unfused"}, root);
    EXPECT_EQ(r.exitCode, 0) << r.all();
    EXPECT_TRUE(hiddenEntries(root).empty());
    // the installed uninstall.sh as sk_uninstall_static_kernel_from_log runs it
    r = runProc({"/bin/bash", "--", un, "--quiet"}, s.env());
    EXPECT_EQ(r.exitCode, 0) << r.all();
    EXPECT_EQ(r.out, "") << "--quiet";
    auto after = snapshot(root);
    EXPECT_EQ(before, after) << describeDiff(before, after);
    r = s.skRun({"rt_sk"}, root);
    EXPECT_EQ(r.exitCode, 2) << r.all();
    EXPECT_NE(r.err.find("'rt_sk' is not installed"), std::string::npos) << r.err;
  }
}

TEST(Install, TheRootComesFromInstallPathThenSkHomeThenHome) {
  Sandbox s;
  std::string pkg = s.package("pk", "1.0.0");
  std::string a = s.dir.file("a"), b = s.dir.file("b");
  Proc r = s.run(pkg, {"--install", "--install-path=" + a}, b);
  ASSERT_EQ(r.exitCode, 0) << r.all();
  EXPECT_TRUE(fs::exists(kdir(a) + "/pk/pk.o"));
  EXPECT_FALSE(fs::exists(b));
  r = s.run(pkg, {"--install"}, b);
  ASSERT_EQ(r.exitCode, 0) << r.all();
  EXPECT_TRUE(fs::exists(kdir(b) + "/pk/pk.o"));
  r = s.run(pkg, {"--quiet", "--install"});
  ASSERT_EQ(r.exitCode, 0) << r.all();
  EXPECT_TRUE(fs::exists(kdir(s.home() + "/.superkernel") + "/pk/pk.o"));
  EXPECT_EQ(r.out, "[INFO] uninstall script: " + fs::canonical(s.home()).string() +
                       "/.superkernel/opp/static_kernel/ai_core/pk/uninstall.sh\n")
      << "--quiet prints only the uninstall.sh line";
  // sk_run finds it through $HOME when SK_HOME is unset
  r = s.skRun({"pk", "--seed", "3"});
  EXPECT_EQ(r.exitCode, 0) << r.all();
  // --uninstall from the package
  r = s.run(pkg, {"--uninstall", "--install-path", a});
  EXPECT_EQ(r.exitCode, 0) << r.all();
  EXPECT_FALSE(fs::exists(a + "/opp"));
  r = s.run(pkg, {"--uninstall", "--install-path=" + a});
  EXPECT_EQ(r.exitCode, 1) << r.all();
  EXPECT_NE(r.err.find("not installed"), std::string::npos) << r.err;
}

// What the AOT examples do at exit: scripts/common.sh finds the uninstall.sh in the install log,
// checks it and runs it with --quiet.
TEST(Install, TheGuardedUninstallOfCommonShRunsTheInstalledScript) {
  Sandbox s;
  std::string work = s.dir.file("example"), root = s.dir.file("example/tmp/install_root");
  fs::create_directories(root);
  root = fs::canonical(root);
  s.package("gd", "1.0.0", {"fz_scale"}, "dav-2201", work + "/static_kernel_compile_outputs");
  std::string pkg = work + "/static_kernel_compile_outputs/gd_1.0.0_linux-" + hostCpu() + ".run";
  Proc r = s.run(pkg, {"--install"}, root);
  ASSERT_EQ(r.exitCode, 0) << r.all();
  sk::test::writeText(work + "/install.log", r.out + r.err);
  EXPECT_EQ(installedState(root, "gd"), "1.0.0");
  auto e = s.env(root);
  r = runProc({"/bin/bash", "-c", "source \"$1\" && cd \"$2\" && sk_uninstall_static_kernel_from_log install.log", "_",
               sk::test::sourcePath("scripts/common.sh"), work},
              e);
  EXPECT_EQ(r.exitCode, 0) << r.all();
  EXPECT_NE(r.out.find("[INFO] uninstalled static kernel gd"), std::string::npos) << r.all();
  EXPECT_EQ(r.err, "") << "no warning expected";
  EXPECT_TRUE(fs::is_empty(root)) << describeDiff({}, snapshot(root));
}

TEST(Install, EightConcurrentInstallsOfDifferentPackagesKeepTheIndexConsistent) {
  Sandbox s;
  std::string root = s.dir.file("root");
  std::vector<std::string> pkgs;
  for (int i = 0; i < 8; ++i) pkgs.push_back(s.package("cc" + std::to_string(i), "1." + std::to_string(i)));
  std::vector<Proc> results(8);
  std::vector<std::thread> threads;
  for (int i = 0; i < 8; ++i)
    threads.emplace_back([&, i] { results[i] = s.run(pkgs[i], {"--install", "--install-path=" + root}); });
  for (auto& t : threads) t.join();
  for (int i = 0; i < 8; ++i) ASSERT_EQ(results[i].exitCode, 0) << i << ": " << results[i].all();
  json index = readJson(kdir(root) + "/index.json");
  std::vector<std::string> names;
  for (const json& e : index["kernels"]) names.push_back(e["name"]);
  EXPECT_EQ(names, (std::vector<std::string>{"cc0", "cc1", "cc2", "cc3", "cc4", "cc5", "cc6", "cc7"}));
  for (int i = 0; i < 8; ++i) {
    std::string n = "cc" + std::to_string(i);
    EXPECT_EQ(installedState(root, n), "1." + std::to_string(i));
    Proc r = s.skRun({n, "--install-path", root, "-q"});
    EXPECT_EQ(r.exitCode, 0) << n << ": " << r.all();
  }
  auto list = sk::pkg::listInstalledKernels(root);
  ASSERT_TRUE((bool)list);
  EXPECT_EQ(list->size(), 8u);
  // and eight concurrent uninstalls leave nothing
  threads.clear();
  for (int i = 0; i < 8; ++i)
    threads.emplace_back([&, i] {
      results[i] = runProc({"/bin/bash", kdir(root) + "/cc" + std::to_string(i) + "/uninstall.sh", "--quiet"}, s.env());
    });
  for (auto& t : threads) t.join();
  for (int i = 0; i < 8; ++i) EXPECT_EQ(results[i].exitCode, 0) << i << ": " << results[i].all();
  EXPECT_TRUE(fs::is_empty(root)) << describeDiff({}, snapshot(root));
}

// ---- SIGKILL ---------------------------------------------------------------------------------------

std::vector<std::string> stepsOf(Sandbox& s, const std::string& pkg, const std::string& action, bool withOld,
                                 const std::string& old) {
  std::string root = s.dir.file("steps-root"), log = s.dir.file("steps.log");
  fs::remove_all(root);
  fs::remove(log);
  if (withOld) {
    EXPECT_EQ(s.run(old, {"--install", "--install-path=" + root}).exitCode, 0);
  }
  Proc r = s.run(pkg, {action, "--install-path=" + root}, std::nullopt, {{"SK_PKG_TEST_STEP_LOG", log}});
  EXPECT_EQ(r.exitCode, 0) << r.all();
  return lines(sk::test::readText(log));
}

TEST(Kill, AnUpgradeKilledAtAnyStepLeavesTheOldOrTheNewVersion) {
  Sandbox s;
  std::string v1 = s.package("ks", "1.0.0", {"fz_scale"});
  std::string v2 = s.package("ks", "2.0.0", {"fz_scale", "fz_add"});
  std::vector<std::string> steps = stepsOf(s, v2, "--upgrade", true, v1);
  for (const char* must : {"verified", "locked", "stage-created", "staged", "committed", "install-index-written", "indexed",
                           "old-removed"})
    EXPECT_NE(std::find(steps.begin(), steps.end(), must), steps.end()) << must;
  std::set<std::string> seen;
  for (const std::string& step : steps) {
    SCOPED_TRACE("killed at " + step);
    std::string root = s.dir.file("root-" + std::to_string(seen.size()));
    seen.insert(step);
    ASSERT_EQ(s.run(v1, {"--install", "--install-path=" + root}).exitCode, 0);
    Proc r = s.run(v2, {"--upgrade", "--install-path=" + root}, std::nullopt, {{"SK_PKG_TEST_KILL_AT", step}});
    EXPECT_NE(r.exitCode, 0) << r.all();
    bool lag = step == "committed" || step == "install-index-written";  // between the folder swap and the index rename
    std::string v = installedState(root, "ks", lag);
    EXPECT_TRUE(v == "1.0.0" || v == "2.0.0") << v;
    bool afterCommit = std::find(steps.begin(), steps.end(), "committed") <= std::find(steps.begin(), steps.end(), step);
    EXPECT_EQ(v, afterCommit ? "2.0.0" : "1.0.0");
    EXPECT_EQ(s.skRun({"ks", "--install-path", root, "-q"}).exitCode, 0);
    // the next run cleans up and completes
    r = s.run(v2, {"--upgrade", "--install-path=" + root});
    ASSERT_EQ(r.exitCode, 0) << r.all();
    EXPECT_EQ(installedState(root, "ks"), "2.0.0");
    EXPECT_TRUE(hiddenEntries(root).empty()) << hiddenEntries(root).front();
  }
}

TEST(Kill, AnInstallKilledAtAnyStepLeavesNothingOrTheNewVersion) {
  Sandbox s;
  std::string v1 = s.package("ki", "1.0.0");
  std::vector<std::string> steps = stepsOf(s, v1, "--install", false, "");
  int n = 0;
  for (const std::string& step : steps) {
    SCOPED_TRACE("killed at " + step);
    std::string root = s.dir.file("root-" + std::to_string(n++));
    fs::create_directories(root);
    Proc r = s.run(v1, {"--install", "--install-path=" + root}, std::nullopt, {{"SK_PKG_TEST_KILL_AT", step}});
    EXPECT_NE(r.exitCode, 0) << r.all();
    bool lag = step == "committed" || step == "install-index-written";
    std::string v = installedState(root, "ki", lag);
    bool afterCommit = std::find(steps.begin(), steps.end(), "committed") <= std::find(steps.begin(), steps.end(), step);
    EXPECT_EQ(v, afterCommit ? "1.0.0" : "");
    r = s.run(v1, {afterCommit ? "--upgrade" : "--install", "--install-path=" + root});
    ASSERT_EQ(r.exitCode, 0) << r.all();
    EXPECT_EQ(installedState(root, "ki"), "1.0.0");
    EXPECT_TRUE(hiddenEntries(root).empty());
  }
}

TEST(Kill, AnUninstallKilledAtAnyStepIsFinishedByTheNextRun) {
  Sandbox s;
  std::string v1 = s.package("ku", "1.0.0");
  std::string root0 = s.dir.file("r0");
  ASSERT_EQ(s.run(v1, {"--install", "--install-path=" + root0}).exitCode, 0);
  std::string log = s.dir.file("u.log");
  Proc r = runProc({"/bin/bash", kdir(root0) + "/ku/uninstall.sh"}, [&] {
    auto e = s.env();
    e["SK_PKG_TEST_STEP_LOG"] = log;
    return e;
  }());
  ASSERT_EQ(r.exitCode, 0) << r.all();
  std::vector<std::string> steps = lines(sk::test::readText(log));
  int n = 0;
  for (const std::string& step : steps) {
    SCOPED_TRACE("killed at " + step);
    std::string root = s.dir.file("root-" + std::to_string(n++));
    ASSERT_EQ(s.run(v1, {"--install", "--install-path=" + root}).exitCode, 0);
    auto e = s.env();
    e["SK_PKG_TEST_KILL_AT"] = step;
    r = runProc({"/bin/bash", kdir(root) + "/ku/uninstall.sh"}, e);
    EXPECT_NE(r.exitCode, 0);
    bool afterCommit =
        std::find(steps.begin(), steps.end(), "uninstall-committed") <= std::find(steps.begin(), steps.end(), step);
    EXPECT_EQ(installedState(root, "ku", step == "uninstall-committed" || step == "uninstall-index-written"),
              afterCommit ? "" : "1.0.0");
    // another package's install finishes the interrupted uninstall
    std::string other = s.package("other" + std::to_string(n), "1.0.0");
    ASSERT_EQ(s.run(other, {"--install", "--install-path=" + root}).exitCode, 0);
    EXPECT_EQ(installedState(root, "ku"), afterCommit ? "" : "1.0.0");
    if (afterCommit) {
      EXPECT_FALSE(fs::exists(kdir(root) + "/ku")) << "the folder was not finished";
    }
    EXPECT_TRUE(hiddenEntries(root).empty());
    // nothing left blocks installing the kernel again (e.g. an empty folder after a kill between
    // removing the marker and the folder)
    r = s.run(v1, {afterCommit ? "--install" : "--upgrade", "--install-path=" + root});
    EXPECT_EQ(r.exitCode, 0) << r.all();
    EXPECT_EQ(installedState(root, "ku"), "1.0.0");
  }
  EXPECT_NE(std::find(steps.begin(), steps.end(), "uninstall-marker-removed"), steps.end());
}

TEST(Kill, UpgradesKilledAfterRandomDelaysLeaveTheOldOrTheNewVersion) {
  Sandbox s;
  std::string v1 = s.package("kr", "1.0.0", {"fz_scale"});
  std::string v2 = s.package("kr", "2.0.0", {"fz_scale", "fz_add"});
  std::string root = s.dir.file("root");
  ASSERT_EQ(s.run(v1, {"--install", "--install-path=" + root}).exitCode, 0);
  auto t0 = std::chrono::steady_clock::now();
  ASSERT_EQ(s.run(v2, {"--upgrade", "--install-path=" + root}).exitCode, 0);
  int total = (int)std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - t0).count();
  std::string outcomes, current = "2.0.0";
  for (int i = 0; i < 24; ++i) {
    std::string to = current == "1.0.0" ? "2.0.0" : "1.0.0";
    const std::string& pkg = to == "1.0.0" ? v1 : v2;
    int delay = total * (30 + 80 * i / 23) / 100;  // 30% .. 110% of a full upgrade: most of it is extraction
    Proc r = s.run(pkg, {"--upgrade", "--install-path=" + root}, std::nullopt, {}, delay);
    std::string v = installedState(root, "kr", /*allowIndexLag=*/true);
    EXPECT_TRUE(v == current || v == to) << "after a kill at " << delay << " ms: '" << v << "'";
    outcomes += std::to_string(delay) + "ms:" + (r.exitCode == 0 ? "completed" : v == current ? "old" : "new") + " ";
    // on to a known state: the version `to`, index current, no leftovers
    r = s.run(pkg, {"--upgrade", "--install-path=" + root});
    ASSERT_EQ(r.exitCode, 0) << r.all();
    EXPECT_EQ(installedState(root, "kr"), to);
    EXPECT_TRUE(hiddenEntries(root).empty());
    // a killed run's extraction folder is removed by the next run
    EXPECT_TRUE(fs::is_empty(s.tmp())) << fs::directory_iterator(s.tmp())->path();
    current = to;
  }
  RecordProperty("outcomes", outcomes);  // e.g. "14ms:old 28ms:old ... 190ms:new 205ms:completed"
}

// ---- uninstall guards ----------------------------------------------------------------------------

struct Installed {
  Sandbox s;
  std::string root, folder, pkg;
  Installed() {
    root = s.dir.file("root");
    pkg = s.package("gk", "1.0.0");
    Proc r = s.run(pkg, {"--install", "--install-path=" + root});
    EXPECT_EQ(r.exitCode, 0) << r.all();
    root = fs::canonical(root);
    folder = kdir(root) + "/gk";
  }
  Proc uninstall() const { return runProc({"/bin/bash", folder + "/uninstall.sh", "--quiet"}, s.env()); }
};

TEST(Uninstall, RefusesAFileReplacedByASymlinkAndChangesNothing) {
  Installed i;
  std::string elsewhere = i.s.dir.file("elsewhere.o");
  fs::copy_file(i.folder + "/gk.o", elsewhere);
  fs::remove(i.folder + "/gk.o");
  fs::create_symlink(elsewhere, i.folder + "/gk.o");
  auto before = snapshot(i.root);
  Proc r = i.uninstall();
  EXPECT_EQ(r.exitCode, 1) << r.all();
  EXPECT_NE(r.err.find("gk.o: is a symlink"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("nothing was removed"), std::string::npos) << r.err;
  EXPECT_EQ(before, snapshot(i.root)) << describeDiff(before, snapshot(i.root));
  EXPECT_TRUE(fs::exists(elsewhere));
  // --upgrade refuses it too
  r = i.s.run(i.pkg, {"--upgrade", "--install-path=" + i.root});
  EXPECT_EQ(r.exitCode, 1) << r.all();
  EXPECT_EQ(before, snapshot(i.root));
  // and sk_run does not load through it
  EXPECT_EQ(i.s.skRun({"gk", "--install-path", i.root}).exitCode, 2);
}

TEST(Uninstall, RefusesAChangedFile) {
  Installed i;
  sk::test::writeText(i.folder + "/gk.json", "{}\n");
  auto before = snapshot(i.root);
  Proc r = i.uninstall();
  EXPECT_EQ(r.exitCode, 1) << r.all();
  EXPECT_NE(r.err.find("gk.json: sha256"), std::string::npos) << r.err;
  EXPECT_EQ(before, snapshot(i.root));
}

TEST(Uninstall, RefusesAFolderThatIsNotWhatItsManifestSays) {
  Installed i;
  // the uninstall.sh of gk copied into another kernel's folder
  fs::create_directories(kdir(i.root) + "/other");
  fs::copy_file(i.folder + "/uninstall.sh", kdir(i.root) + "/other/uninstall.sh");
  fs::copy_file(i.folder + "/manifest.json", kdir(i.root) + "/other/manifest.json");
  auto before = snapshot(i.root);
  Proc r = runProc({"/bin/bash", kdir(i.root) + "/other/uninstall.sh"}, i.s.env());
  EXPECT_EQ(r.exitCode, 1) << r.all();
  EXPECT_NE(r.err.find("not what the manifest says"), std::string::npos) << r.err;
  EXPECT_EQ(before, snapshot(i.root));
  // a manifest naming another kernel
  std::string m = sk::test::readText(i.folder + "/manifest.json");
  sk::test::writeText(i.folder + "/manifest.json", std::regex_replace(m, std::regex("\"kernel\": \"gk\""), "\"kernel\": \"zz\""));
  before = snapshot(i.root);
  r = i.uninstall();
  EXPECT_EQ(r.exitCode, 1) << r.all();
  EXPECT_EQ(before, snapshot(i.root));
  // uninstall.sh outside the layout
  fs::copy_file(i.folder + "/uninstall.sh", i.s.dir.file("uninstall.sh"));
  r = runProc({"/bin/bash", i.s.dir.file("uninstall.sh")}, i.s.env());
  EXPECT_EQ(r.exitCode, 1) << r.all();
  EXPECT_NE(r.err.find("is not inside <root>/opp/static_kernel/ai_core/<kernel>/"), std::string::npos) << r.err;
  EXPECT_EQ(before, snapshot(i.root));
}

TEST(Uninstall, KeepsFilesAUserAddedAndSaysSo) {
  Installed i;
  sk::test::writeText(i.folder + "/notes.txt", "mine\n");
  fs::create_directories(i.folder + "/data");
  fs::create_symlink(i.s.home(), i.folder + "/home-link");  // never followed
  sk::test::writeText(i.s.home() + "/precious", "x");
  Proc r = i.uninstall();
  EXPECT_EQ(r.exitCode, 0) << r.all();
  EXPECT_NE(r.err.find("kept 3 file(s)"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("notes.txt"), std::string::npos) << r.err;
  auto left = snapshot(i.folder);
  EXPECT_EQ(left.size(), 3u) << describeDiff({}, left);
  EXPECT_TRUE(left.count("notes.txt") && left.count("data") && left.count("home-link"));
  EXPECT_TRUE(fs::exists(i.s.home() + "/precious"));
  EXPECT_FALSE(fs::exists(kdir(i.root) + "/index.json"));
  EXPECT_EQ(installedState(i.root, "gk"), "");
  // an upgrade carries user files over to the new version
  Installed j;
  sk::test::writeText(j.folder + "/notes.txt", "mine\n");
  r = j.s.run(j.pkg, {"--upgrade", "--install-path=" + j.root});
  EXPECT_EQ(r.exitCode, 0) << r.all();
  EXPECT_NE(r.out.find("kept 1 file(s) you had added"), std::string::npos) << r.out;
  EXPECT_EQ(sk::test::readText(j.folder + "/notes.txt"), "mine\n");
}

TEST(Uninstall, NeverFollowsASymlinkedKernelFolder) {
  Installed i;
  // the kernel folder replaced by a symlink to a copy elsewhere
  std::string real = i.s.dir.file("real-gk");
  fs::copy(i.folder, real);
  fs::remove_all(i.folder);
  fs::create_symlink(real, i.folder);
  auto before = snapshot(real);
  Proc r = i.s.run(i.pkg, {"--uninstall", "--install-path=" + i.root});
  EXPECT_EQ(r.exitCode, 1) << r.all();
  EXPECT_NE(r.err.find("is not a directory"), std::string::npos) << r.err;
  EXPECT_EQ(before, snapshot(real));
  r = i.s.run(i.pkg, {"--upgrade", "--install-path=" + i.root});
  EXPECT_EQ(r.exitCode, 1) << r.all();
  EXPECT_NE(r.err.find("is a symlink"), std::string::npos) << r.err;
  EXPECT_EQ(before, snapshot(real));
}

// ---- hostile install paths -------------------------------------------------------------------------

TEST(Paths, SpacesDotDotAndSymlinkedRootsInstallToTheirPhysicalPlace) {
  Sandbox s;
  std::string pkg = s.package("hp", "1.0.0");
  // spaces (and a relative path, relative to where the .run was started)
  std::string spaced = s.dir.file("my root/with  spaces");
  Proc r = s.run(pkg, {"--install", "--install-path=" + spaced});
  ASSERT_EQ(r.exitCode, 0) << r.all();
  std::string canon = fs::canonical(s.dir.path()).string();
  EXPECT_EQ(uninstallLine(r.out), canon + "/my root/with  spaces/opp/static_kernel/ai_core/hp/uninstall.sh");
  EXPECT_EQ(s.skRun({"hp", "--install-path", spaced, "-q"}).exitCode, 0);
  r = runProc({"/bin/bash", uninstallLine(r.out), "--quiet"}, s.env());
  EXPECT_EQ(r.exitCode, 0) << r.all();
  EXPECT_TRUE(fs::is_empty(spaced));
  // ".." is resolved: the printed path has none
  fs::create_directories(s.dir.file("a"));
  r = s.run(pkg, {"--install", "--install-path=" + s.dir.file("a/../b")});
  ASSERT_EQ(r.exitCode, 0) << r.all();
  EXPECT_EQ(uninstallLine(r.out), canon + "/b/opp/static_kernel/ai_core/hp/uninstall.sh");
  EXPECT_TRUE(fs::exists(s.dir.file("b/opp/static_kernel/ai_core/hp/hp.o")));
  EXPECT_TRUE(fs::is_empty(s.dir.file("a")));
  // a symlinked root component: installed at the physical path, which is what is printed
  fs::create_directories(s.dir.file("real"));
  fs::create_directory_symlink(s.dir.file("real"), s.dir.file("link"));
  r = s.run(pkg, {"--install", "--install-path=" + s.dir.file("link/root")});
  ASSERT_EQ(r.exitCode, 0) << r.all();
  EXPECT_EQ(uninstallLine(r.out), canon + "/real/root/opp/static_kernel/ai_core/hp/uninstall.sh");
  // relative --install-path: relative to the current directory of the caller
  r = runProc({"/bin/sh", pkg, "--install", "--install-path=rel root"}, s.env(), s.dir.path());
  ASSERT_EQ(r.exitCode, 0) << r.all();
  EXPECT_TRUE(fs::exists(s.dir.file("rel root/opp/static_kernel/ai_core/hp/hp.o")));
}

TEST(Paths, ASymlinkInsideTheLayoutIsRefused) {
  Sandbox s;
  std::string pkg = s.package("hp", "1.0.0");
  std::string root = s.dir.file("root"), elsewhere = s.dir.file("elsewhere");
  fs::create_directories(root);
  fs::create_directories(elsewhere);
  fs::create_directory_symlink(elsewhere, root + "/opp");
  Proc r = s.run(pkg, {"--install", "--install-path=" + root});
  EXPECT_EQ(r.exitCode, 1) << r.all();
  EXPECT_NE(r.err.find("/opp is a symlink"), std::string::npos) << r.err;
  EXPECT_TRUE(fs::is_empty(elsewhere));
  // a kernel folder that is a symlink
  fs::remove(root + "/opp");
  fs::create_directories(kdir(root));
  fs::create_directory_symlink(elsewhere, kdir(root) + "/hp");
  r = s.run(pkg, {"--install", "--install-path=" + root});
  EXPECT_EQ(r.exitCode, 1) << r.all();
  EXPECT_TRUE(fs::is_empty(elsewhere));
  EXPECT_EQ(s.skRun({"hp", "--install-path", root}).exitCode, 2);
}

TEST(Uninstall, ScriptUsage) {
  Installed i;
  Proc r = runProc({"/bin/bash", i.folder + "/uninstall.sh", "--help"}, i.s.env());
  EXPECT_EQ(r.exitCode, 0);
  EXPECT_NE(r.out.find("Usage: bash uninstall.sh [--quiet]"), std::string::npos) << r.out;
  r = runProc({"/bin/bash", i.folder + "/uninstall.sh", "--install-path=/tmp"}, i.s.env());
  EXPECT_EQ(r.exitCode, 2) << r.all();
  r = runProc({"/bin/bash", i.folder + "/uninstall.sh", "--bogus"}, i.s.env());
  EXPECT_EQ(r.exitCode, 2) << r.all();
  EXPECT_EQ(installedState(i.root, "gk"), "1.0.0") << "a usage error removed something";
}

}  // namespace
