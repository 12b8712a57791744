// 1,000 deterministic mutations each of a real index.json and a real manifest.json (byte flips,
// truncations, wrong JSON types, huge numbers, deep nesting, missing and extra fields) fed to the
// index and manifest readers, to the lookup by name and to sk_pkg_tool as the package scripts
// run it: every one ends in success or a clear error naming the file (the tool: exit 0, 1 or 2),
// never an abort, a crash or a hang.
#include "pkg_harness.h"

#include <random>

#include "sk/package_model.h"

namespace {

using ojson = nlohmann::ordered_json;

// JSON pointers of every value below the root, in document order. `at` by value: the callers
// pass out.back(), which the push_backs below may move (found by ASan).
void pointers(const ojson& v, std::string at, std::vector<std::string>& out) {
  if (v.is_object())
    for (auto it = v.begin(); it != v.end(); ++it) {
      out.push_back(at + "/" + it.key());
      pointers(it.value(), out.back(), out);
    }
  if (v.is_array())
    for (size_t i = 0; i < v.size(); ++i) {
      out.push_back(at + "/" + std::to_string(i));
      pointers(v[i], out.back(), out);
    }
}

class Mutator {
 public:
  Mutator(std::string text, uint32_t seed) : text_(std::move(text)), doc_(ojson::parse(text_)), rng_(seed) {
    pointers(doc_, "", paths_);
  }

  std::string next(int i) {
    switch (i % 8) {
      case 0: return flipBytes();
      case 1: return text_.substr(0, pick(text_.size()));
      case 2: return replaced(pickOf<ojson>({"text", 7, -3, true, nullptr, ojson::array(), ojson::object(), 2.5}));
      case 3: return withRaw(pickOf<std::string>({"1e400", "18446744073709551616", "-1", "1.5", "99999999999999999999999999999", "0", "4294967296", "-0", "1e-400"}));
      case 4: return nested();
      case 5: return removed();
      case 6: return extra();
      default: return stringHavoc();
    }
  }

 private:
  size_t pick(size_t n) { return n ? rng_() % n : 0; }
  template <class T>
  T pickOf(std::vector<T> v) { return v[pick(v.size())]; }
  const std::string& path() { return paths_[pick(paths_.size())]; }

  std::string flipBytes() {
    std::string s = text_;
    for (size_t k = 0, n = 1 + pick(3); k < n; ++k) s[pick(s.size())] ^= (char)(1 + pick(255));
    return s;
  }
  std::string replaced(const ojson& v) {
    ojson d = doc_;
    d[ojson::json_pointer(path())] = v;
    return d.dump(2);
  }
  // A raw number text where a value was (nlohmann cannot hold 1e400 itself).
  std::string withRaw(const std::string& raw) {
    std::string s = replaced("@@RAW@@");
    return s.replace(s.find("\"@@RAW@@\""), 9, raw);
  }
  std::string nested() {
    std::string deep(100000, '['), s = text_;
    switch (pick(4)) {
      case 0: return deep;
      case 1: return s.insert(pick(s.size()), deep);
      case 2: return withRaw(deep + std::string(100000, ']'));
      default: {
        std::string objs;
        for (int k = 0; k < 50000; ++k) objs += "{\"a\":";
        return withRaw(objs + "1" + std::string(50000, '}'));
      }
    }
  }
  std::string removed() {
    ojson d = doc_;
    ojson::json_pointer p(path());
    ojson& parent = d[p.parent_pointer()];
    if (parent.is_object()) parent.erase(p.back());
    else parent.erase(parent.begin() + std::stol(p.back()));
    return d.dump(2);
  }
  std::string extra() {
    ojson d = doc_;
    ojson::json_pointer p(path());
    ojson& parent = d[p.parent_pointer()];
    if (parent.is_object()) parent["unexpected"] = 1;
    else parent.push_back(parent.empty() ? ojson(1) : parent[0]);  // a duplicate item
    return d.dump();
  }
  // Strings that are valid JSON but hostile: empty, a NUL, a path, a newline, non-UTF-8 bytes.
  std::string stringHavoc() {
    std::string v = pickOf<std::string>({"", std::string("a\0b", 3), "../../etc", "x\ny", "\xff\xfe", std::string(5000, 'a'), "float32 ", "AIV\t"});
    if (v == "\xff\xfe") return withRaw("\"\xff\xfe\"");
    return replaced(v);
  }

  std::string text_;
  ojson doc_;
  std::mt19937 rng_;
  std::vector<std::string> paths_;
};

struct Counts {
  int ok = 0, refused = 0;
};

// sk_pkg_tool as the scripts run it: exit 0/1/2, no signal, no hang; a failure names `file`.
void expectToolBehaves(const Sandbox& s, std::vector<std::string> args, const std::string& file, const std::string& what,
                       Counts& c) {
  args.insert(args.begin(), SK_PKG_TOOL);
  Proc r = runProc(args, s.env(), "", 20000);
  ASSERT_EQ(r.signal, 0) << what << ": sk_pkg_tool " << args[1] << " was killed (crash or hang)";
  ASSERT_TRUE(r.exitCode >= 0 && r.exitCode <= 2) << what << ": exit " << r.exitCode << "\n" << r.err;
  if (r.exitCode != 0 || !r.err.empty()) {
    EXPECT_NE(r.err.find(file), std::string::npos) << what << ": " << args[1] << " does not name " << file << ":\n" << r.err;
  }
  (r.exitCode == 0 ? c.ok : c.refused)++;
}

// A root with two installed kernels: fz (good) and fb, whose manifest is damaged so that
// rebuild-index falls back to the old index's entries.
struct FuzzRoot {
  Sandbox s;
  std::string root, kd, index, manifest, indexText, manifestText;
  FuzzRoot() {
    root = s.dir.file("root");
    for (const char* n : {"fz", "fb"}) EXPECT_EQ(s.run(s.package(n, "1.0.0"), {"--install", "--install-path=" + root}).exitCode, 0);
    kd = kdir(root);
    index = kd + "/index.json";
    manifest = kd + "/fz/manifest.json";
    indexText = sk::test::readText(index);
    manifestText = sk::test::readText(manifest);
    sk::test::writeText(kd + "/fb/manifest.json", "{\"format\": 1}\n");
  }
};

// Each mutation runs sk_pkg_tool two or three times: 500 keep the sanitizer build within ctest's
// timeout on two cores (1,000 took over 300 s there).
constexpr int kMutations = 500;

TEST(Fuzz, FiveHundredMutatedIndexFilesGiveSuccessOrAnErrorNamingTheFile) {
  FuzzRoot f;
  Mutator m(f.indexText, 20250101);
  Counts reader, lookup, tool;
  for (int i = 0; i < kMutations; ++i) {
    std::string what = "mutation " + std::to_string(i);
    sk::test::writeText(f.index, m.next(i));
    auto idx = sk::pkg::readIndex(f.index);
    if (!idx) {
      EXPECT_EQ(idx.error.rfind(f.index + ": ", 0), 0u) << what << ": " << idx.error;
    }
    (idx ? reader.ok : reader.refused)++;
    auto k = sk::pkg::findInstalledKernel("fz", f.root);  // the folder is the truth
    if (k) {
      EXPECT_EQ(k->version, "1.0.0");
      if (!idx) {
        EXPECT_NE(k->indexNote.find(f.index), std::string::npos) << what << ": " << k->indexNote;
      }
      lookup.ok++;
    } else {
      std::string e = llvm::toString(k.takeError());
      ADD_FAILURE() << what << ": the lookup of an intact kernel failed: " << e;
    }
    expectToolBehaves(f.s, {"read-index", f.index}, f.index, what, tool);
    expectToolBehaves(f.s, {"rebuild-index", f.kd, f.kd + "/.index.json.fuzz.tmp"}, "manifest.json", what, tool);
    if (HasFatalFailure()) return;
  }
  RecordProperty("reader", std::to_string(reader.ok) + " ok, " + std::to_string(reader.refused) + " refused");
  EXPECT_GT(reader.refused, kMutations / 2);
  EXPECT_GT(reader.ok, 5);  // e.g. a flipped byte inside a string that stays valid
}

TEST(Fuzz, FiveHundredMutatedManifestsGiveSuccessOrAnErrorNamingTheFile) {
  FuzzRoot f;
  Mutator m(f.manifestText, 20250102);
  Counts reader, tool;
  for (int i = 0; i < kMutations; ++i) {
    std::string what = "mutation " + std::to_string(i);
    sk::test::writeText(f.manifest, m.next(i));
    auto man = sk::pkg::readManifest(f.manifest);
    if (!man) {
      EXPECT_EQ(man.error.rfind(f.manifest + ": ", 0), 0u) << what << ": " << man.error;
    }
    (man ? reader.ok : reader.refused)++;
    auto k = sk::pkg::findInstalledKernel("fz", f.root);
    if (!k) {
      std::string e = llvm::toString(k.takeError());
      EXPECT_TRUE(e.find(f.manifest) != std::string::npos || e.find(f.kd + "/fz/") != std::string::npos) << what << ": " << e;
    }
    expectToolBehaves(f.s, {"manifest-info", f.manifest}, f.manifest, what, tool);
    expectToolBehaves(f.s, {"check-files", f.manifest, f.kd + "/fz", "installed"}, f.kd + "/fz", what, tool);
    expectToolBehaves(f.s, {"rebuild-index", f.kd, f.kd + "/.index.json.fuzz.tmp"}, "manifest.json", what, tool);
    if (HasFatalFailure()) return;
  }
  RecordProperty("reader", std::to_string(reader.ok) + " ok, " + std::to_string(reader.refused) + " refused");
  EXPECT_GT(reader.refused, kMutations / 2);
}

}  // namespace
