// Single-source programs (`sk_cc prog.asc ... -o prog`, docs/sk_cc.md#single-source-programs).
// Per source: the launches rewritten (rewriteLaunches), clang-19 compiles the copy per core type;
// the device modules become one device object whose entries are the launched kernels; the AIV
// module, copied before that, becomes the host object: kernels dropped, each launch entry's
// address replaced by its descriptor (sk_ss_kernel) and the device object embedded. clang-19 then
// links the host objects against the runtime's shared library.
#include <map>
#include <set>

#include "compile_steps.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/xxhash.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"
#include "sk/arch.h"
#include "sk/device_imports.h"
#include "sk/file_io.h"
#include "sk/run_tool.h"
#include "sk/subkernel.h"
#include "sk/text.h"

namespace sk::devcc {

namespace {

std::string absolute(const std::string& path) {
  llvm::SmallString<256> abs(path);
  llvm::sys::fs::make_absolute(abs);
  return abs.str().str();
}

// Where -DGEN_ACLRT=DIR (CANN's ascendc_library passes it) asks for aclrtlaunch_<kernel>.h; empty without.
std::string aclrtHeaderDir(const Options& o) {
  for (llvm::StringRef d : o.defines)
    if (d.consume_front("GEN_ACLRT=")) return d.str();
  return "";
}

// With -DGEN_ACLRT=DIR: the source's aclrtlaunch_<kernel> functions appended and their headers
// written into DIR.
llvm::Expected<std::string> withAclrtLaunches(const Options& o, std::string text) {
  std::string dir = aclrtHeaderDir(o);
  if (dir.empty()) return text;
  if (std::error_code ec = llvm::sys::fs::create_directories(dir))
    return sk::inputError("-DGEN_ACLRT=" + dir + ": cannot create the directory (" + ec.message() + ")");
  for (const AclrtLaunch& l : aclrtLaunches(text)) {
    if (llvm::Error e = sk::writeFileAtomically(dir + "/aclrtlaunch_" + l.kernel + ".h", l.header)) return e;
    text += l.stub;
  }
  return text;
}

// The copy clang compiles: launches rewritten, lines and __FILE__ those of the original.
llvm::Expected<std::string> rewrittenCopy(const Options& o, const ScratchDir& scratch, size_t index) {
  const std::string& source = o.source;
  auto text = sk::readFile(source, 64ull << 20, "source");
  if (!text) return text.takeError();
  auto full = withAclrtLaunches(o, std::move(*text));
  if (!full) return full.takeError();
  std::string body = "#line 1 \"" + absolute(source) + "\"\n" + rewriteLaunches(*full);
  std::string copy = scratch.file("ss" + std::to_string(index) + "_" + llvm::sys::path::filename(source).str());
  if (llvm::Error e = sk::writeFileAtomically(copy, body)) return e;
  return copy;
}

llvm::GlobalVariable* constantGlobal(llvm::Module& m, llvm::Constant* init, const std::string& name, unsigned align) {
  auto* g = new llvm::GlobalVariable(m, init->getType(), true, llvm::GlobalValue::PrivateLinkage, init, name);
  g->setAlignment(llvm::Align(align));
  return g;
}

// sk_ss_kernel {name, source, object, objectBytes, aic, aiv, npuArch} (include/sk/single_source.h).
llvm::Constant* descriptor(llvm::Module& m, const LaunchEntry& e, llvm::Constant* source, llvm::GlobalVariable* object,
                           uint64_t objectBytes, llvm::Constant* arch) {
  llvm::LLVMContext& ctx = m.getContext();
  llvm::Type* ptr = llvm::PointerType::get(ctx, 0);
  llvm::Type* i32 = llvm::Type::getInt32Ty(ctx);
  auto* type = llvm::StructType::get(ctx, {ptr, ptr, ptr, llvm::Type::getInt64Ty(ctx), i32, i32, ptr});
  llvm::Constant* name = constantGlobal(m, llvm::ConstantDataArray::getString(ctx, e.symbol), "sk_ss.name", 1);
  llvm::Constant* init = llvm::ConstantStruct::get(
      type, {name, source, object, llvm::ConstantInt::get(llvm::Type::getInt64Ty(ctx), objectBytes),
             llvm::ConstantInt::get(i32, e.ration.aic), llvm::ConstantInt::get(i32, e.ration.aiv), arch});
  return constantGlobal(m, init, "sk_ss.kernel", 8);
}

// llvm.used and llvm.compiler.used without the kernels (`used` keeps them for the device pass).
void dropFromUsed(llvm::Module& m, const std::set<llvm::GlobalValue*>& drop) {
  for (const char* list : {"llvm.used", "llvm.compiler.used"}) {
    llvm::GlobalVariable* used = m.getNamedGlobal(list);
    if (!used) continue;
    std::vector<llvm::GlobalValue*> keep;
    if (auto* array = llvm::dyn_cast<llvm::ConstantArray>(used->getInitializer()))
      for (llvm::Use& u : array->operands())
        if (auto* g = llvm::dyn_cast<llvm::GlobalValue>(u.get()->stripPointerCasts()); g && !drop.count(g))
          keep.push_back(g);
    used->eraseFromParent();
    if (keep.empty()) continue;
    if (llvm::StringRef(list) == "llvm.used") llvm::appendToUsed(m, keep);
    else llvm::appendToCompilerUsed(m, keep);
  }
}

// The functions that call the device, directly or through others: a kernel's helpers that are
// not inline (`__aicore__ float tile_sum(...)`), which the host pass compiles too. Host code cannot
// use them, so they go with the kernels; if host code calls one anyway, checkNoIntrinsics says so.
std::vector<llvm::Function*> deviceCode(llvm::Module& m) {
  std::set<const llvm::Function*> device;
  for (llvm::Function& f : m)
    if (f.isDeclaration() && f.getName().starts_with("sk_") && !f.getName().starts_with("sk_ss_")) device.insert(&f);
  std::vector<llvm::Function*> callers;
  for (bool grew = true; grew;) {
    grew = false;
    for (llvm::Function& f : m) {
      if (f.isDeclaration() || device.count(&f) || f.getName() == "main") continue;
      bool calls = llvm::any_of(llvm::instructions(f), [&](const llvm::Instruction& i) {
        auto* call = llvm::dyn_cast<llvm::CallBase>(&i);
        return call && device.count(call->getCalledFunction());
      });
      if (calls) device.insert(&f), callers.push_back(&f), grew = true;
    }
  }
  return callers;
}

// Host code's assert (AscendC's, which the kernel headers make every assert of the file) is the
// C library's: a host function of the runtime library reports and aborts. So is its printf
// (AscendC::printf, which `using namespace AscendC` makes host code's plain printf): the runtime
// prints to stdout.
void useHostAssertAndPrintf(llvm::Module& m) {
  if (llvm::Function* a = m.getFunction("sk_assert_fail")) a->setName("sk_ss_host_assert_fail");
  if (llvm::Function* p = m.getFunction("sk_printf")) p->setName("sk_ss_host_printf");
}

// Host code must not call the device: a kernel's code runs only inside a launch.
llvm::Error checkNoIntrinsics(llvm::Module& m, const std::string& source) {
  for (llvm::Function& f : m)
    if (f.isDeclaration() && f.getName().starts_with("sk_") && !f.getName().starts_with("sk_ss_") && !f.use_empty())
      return sk::inputError(source + ": host code calls the device function " + f.getName().str() +
                            "; device code (AscendC calls) runs only in a __global__ kernel launched with <<<>>>");
  return llvm::Error::success();
}

// A static initializer telling the runtime the arch the program's kernels are compiled for, so
// the program runs on that simulated device unless aclInit's config or $SK_ARCH says otherwise.
void setProgramArch(llvm::Module& m, llvm::Constant* archName) {
  llvm::LLVMContext& ctx = m.getContext();
  auto* voidTy = llvm::Type::getVoidTy(ctx);
  llvm::FunctionCallee set =
      m.getOrInsertFunction("sk_ss_program_arch", voidTy, llvm::PointerType::getUnqual(ctx));
  auto* init = llvm::Function::Create(llvm::FunctionType::get(voidTy, false), llvm::GlobalValue::InternalLinkage,
                                      "sk_ss.set_program_arch", m);
  llvm::IRBuilder<> b(llvm::BasicBlock::Create(ctx, "entry", init));
  b.CreateCall(set, {archName});
  b.CreateRetVoid();
  llvm::appendToGlobalCtors(m, init, 65535);
}

// The host module: kernels dropped, launch entries replaced by descriptors of `object`'s entries.
llvm::Expected<std::vector<char>> hostObject(std::unique_ptr<llvm::Module> m, const std::vector<char>& object,
                                             const std::vector<LaunchEntry>& entries, const std::string& source,
                                             const std::string& arch, char optLevel) {
  auto annotations = functionAnnotations(*m);
  if (llvm::GlobalVariable* g = m->getNamedGlobal("llvm.global.annotations")) g->eraseFromParent();
  llvm::LLVMContext& ctx = m->getContext();
  llvm::GlobalVariable* blob = nullptr;
  if (!object.empty()) {
    llvm::ArrayRef<uint8_t> bytes((const uint8_t*)object.data(), object.size());
    blob = constantGlobal(*m, llvm::ConstantDataArray::get(ctx, bytes), "sk_ss.device_object", 16);
  }
  llvm::Constant* file = constantGlobal(*m, llvm::ConstantDataArray::getString(ctx, source), "sk_ss.source", 1);
  llvm::Constant* archName = constantGlobal(*m, llvm::ConstantDataArray::getString(ctx, arch), "sk_ss.npu_arch", 1);
  std::map<std::string, const LaunchEntry*> byLaunch;
  for (const LaunchEntry& e : entries) byLaunch[e.launchSymbol] = &e;
  std::set<llvm::GlobalValue*> dropped;
  for (auto& [f, text] : annotations) {
    if (text != "sk.global" && text != "sk.launch") continue;
    if (text == "sk.launch" && !f->use_empty()) {
      auto it = byLaunch.find(f->getName().str());
      if (it == byLaunch.end()) return sk::internalError(source + ": no device entry for " + f->getName().str());
      f->replaceAllUsesWith(descriptor(*m, *it->second, file, blob, object.size(), archName));
    }
    dropped.insert(f);
  }
  dropFromUsed(*m, dropped);
  if (!entries.empty()) setProgramArch(*m, archName);
  useHostAssertAndPrintf(*m);
  for (llvm::Function* f : deviceCode(*m)) dropped.insert(f);
  for (llvm::GlobalValue* g : dropped) {
    if (g->isDeclaration()) continue;
    llvm::cast<llvm::GlobalObject>(g)->setComdat(nullptr);
    g->setLinkage(llvm::GlobalValue::InternalLinkage);
  }
  dropUnreferenced(*m);
  if (llvm::Error e = checkNoIntrinsics(*m, source)) return e;
  return emitObject(*m, optLevel);
}

// The rewritten copy of o.source compiled for each core type its launched kernels run on.
struct FrontEnd {
  std::string copy;
  std::vector<std::string> includes;
  DeviceModule aiv;
  std::optional<DeviceModule> aic;  // when a launched kernel runs on the cube
  std::vector<LaunchEntry> entries;
};
llvm::Expected<FrontEnd> frontEnd(const Options& o, const Target& t, const std::string& clang, const ScratchDir& scratch,
                                  size_t index, llvm::LLVMContext& ctx) {
  if (llvm::Error e = checkInputs(o)) return e;
  auto copy = rewrittenCopy(o, scratch, index);
  if (!copy) return copy.takeError();
  auto includes = forceIncludes(o, scratch);
  if (!includes) return includes.takeError();
  includes->insert(includes->begin(), headerRoot() + "/sk/single_source.h");
  Options program = o;
  program.programSource = true;  // its host code may throw; dropUnwinding cleans the device code
  auto aiv = compileFor(program, t, CoreType::AIV, clang, *copy, *includes, nullptr, scratch, ctx);
  if (!aiv) return aiv.takeError();
  auto entries = launchEntries(*aiv->module, o.source);
  if (!entries) return entries.takeError();
  FrontEnd fe{*copy, std::move(*includes), std::move(*aiv), std::nullopt, std::move(*entries)};
  auto runsOnCube = [](const LaunchEntry& e) { return e.ration.aic > 0; };
  bool cube = llvm::any_of(fe.entries, runsOnCube);
  bool open = llvm::any_of(fe.entries, [](const LaunchEntry& e) { return e.typeOpen; });
  if (cube || open) {
    // Only open entries asking: a source the cube side cannot compile has no cube code to run.
    std::string errors;
    auto aic = compileFor(program, t, CoreType::AIC, clang, fe.copy, fe.includes, nullptr, scratch, ctx,
                          cube ? nullptr : &errors);
    if (!aic && cube) return aic.takeError();
    if (aic) {
      refineKernelTypes(fe.entries, *aic->module);
      if (llvm::any_of(fe.entries, runsOnCube)) fe.aic = std::move(*aic);
    } else {
      // Said, not silent: a kernel whose cube code does not compile would run without it.
      llvm::consumeError(aic.takeError());
      llvm::StringRef all(errors);
      size_t at = all.find("error: ");
      llvm::StringRef first = at == llvm::StringRef::npos ? "" : all.substr(all.rfind('\n', at) + 1).split('\n').first;
      std::fprintf(stderr, "sk_cc: note: %s: its kernels run on the vector core only: the cube-core compile failed (%s); "
                           "declare a kernel __vector__ if it has no cube code, or fix the error\n",
                   o.source.c_str(), first.str().c_str());
    }
  }
  return fe;
}

// `modules` linked into one device object with the entries of `entries`, instrumented, emitted
// and checked as the runtime will check it (`what` names it in errors).
llvm::Expected<std::vector<char>> linkedObject(std::vector<DeviceModule> modules, const std::vector<LaunchEntry>& entries,
                                               const Options& o, const std::string& what) {
  auto linked = linkLaunchEntries(std::move(modules), entries, o.source);
  if (!linked) return linked.takeError();
  dropUnwinding(**linked);
  if (llvm::Error e = redirectBlockLocals(**linked, o.source)) return e;
  redirectStdioToDevice(**linked);
  placeLocalArrays(**linked);
  redirectSsbufAccesses(**linked);
  instrumentScalarCost(**linked);
  guardIntegerDivision(**linked);  // after: a division costs what the hardware's does
  placeEmbeddedMetadata(**linked, nullptr);
  auto object = emitObject(**linked, o.optLevel[2]);
  if (!object) return object.takeError();
  auto info = subkernel::checkObject(llvm::MemoryBufferRef(llvm::StringRef(object->data(), object->size()), what), what);
  if (!info) return info.takeError();
  if (llvm::Error e = subkernel::checkImports(*info, what)) return e;
  return object;
}

// The device object of the launched kernels: every core type they run on (the modules are used up).
llvm::Expected<std::vector<char>> deviceObject(const Options& o, FrontEnd& fe) {
  std::vector<DeviceModule> modules;
  modules.push_back(std::move(fe.aiv));
  if (fe.aic) modules.push_back(std::move(*fe.aic));
  return linkedObject(std::move(modules), fe.entries, o, "the device code compiled from " + o.source);
}

// A launched kernel as a sub-kernel of its own (--emit-meta): DIR/<stem>.o and DIR/<stem>.json.
struct EmittedKernel {
  std::string stem;
  std::vector<char> object;
  std::string json;
};

// The file name of an emitted kernel: its entry symbol, or, when that is longer than file systems
// take (a template library's kernel names its policies: CATLASS's run to a thousand bytes), its
// head and a hash of the whole, so two long names that share a head do not clash.
std::string emittedStem(const std::string& symbol) {
  constexpr size_t kMaxStem = 200;  // NAME_MAX 255, less ".json" and the atomic writer's suffix
  if (symbol.size() <= kMaxStem) return symbol;
  return symbol.substr(0, kMaxStem - 17) + "_" + llvm::utohexstr(llvm::xxh3_64bits(symbol), true, 16);
}

// Its metadata: what the source says (kernel type, params in order: GM addresses as inputs of
// their pointee's dtype, by-value params as scalars of their size), and placeholders for what
// only a launch knows (blockDim 1, shapes [1]), docs/sk_cc.md#kernels-of-a-single-source-program.
subkernel::KernelMeta emittedMeta(const LaunchEntry& e, const std::vector<char>& object, const std::string& source) {
  subkernel::KernelMeta m;
  m.kernelName = e.symbol;
  m.binFileName = emittedStem(e.symbol);
  m.coreType = e.ration.kernelType();
  m.taskRation = e.ration;
  m.blockDim = 1;
  for (const LaunchParam& lp : e.params) {
    subkernel::Param p;
    p.name = lp.name;
    std::optional<DType> d = lp.dtype >= 0 ? dtypeFromCode(lp.dtype) : std::nullopt;
    if (lp.pointer) {
      p.role = subkernel::Role::Input;
      p.dtype = d.value_or(DType::UInt8);
      p.shape = {1};
      p.bytes = dtypeStorageBytes(p.dtype, 1);
    } else {
      p.role = subkernel::Role::Scalar;
      p.typed = d && dtypeBytes(*d) == lp.bytes;
      p.dtype = d.value_or(DType::UInt8);
      p.bytes = lp.bytes;
    }
    m.params.push_back(std::move(p));
  }
  m.sha256 = sha256Hex(llvm::StringRef(object.data(), object.size()));
  m.raw = nlohmann::json::object();
  m.raw["emittedBy"] = "sk_cc --emit-meta from " + source + ": set blockDim, the shapes, the output params' role and "
                       "the scalars' data (or give them in the op list) before running or fusing it";
  return m;
}

// The metadata already at `path` (an earlier --emit-meta the user completed) keeps what it says
// about launches: blockDim, streams and events, the GM params (names, roles, dtypes, shapes) and
// the scalars' names and data; the source decides the rest. A file that no longer fits the
// kernel's parameters is refused rather than overwritten.
llvm::Expected<subkernel::KernelMeta> keepCompleted(const std::string& path, subkernel::KernelMeta fresh) {
  if (!llvm::sys::fs::exists(path)) return fresh;
  auto old = subkernel::readMeta(path);
  if (!old) return sk::inputError(llvm::toString(old.takeError()) + " (fix it, or remove it to have sk_cc regenerate it)");
  auto differs = [&](const std::string& what) {
    return sk::inputError(path + ": " + what + ": the kernel changed; remove the file to have sk_cc regenerate it");
  };
  if (old->params.size() != fresh.params.size())
    return differs("params: " + std::to_string(old->params.size()) + " entries but the kernel takes " +
                   std::to_string(fresh.params.size()) + " parameters");
  for (size_t j = 0; j < fresh.params.size(); ++j) {
    subkernel::Param &now = fresh.params[j], &was = old->params[j];
    bool scalar = now.role == subkernel::Role::Scalar;
    if (scalar != (was.role == subkernel::Role::Scalar) || (scalar && was.bytes != now.bytes))
      return differs("params[" + std::to_string(j) + "]: a " + subkernel::roleName(was.role) + " of " +
                     std::to_string(was.bytes) + " bytes, but the kernel's parameter " + std::to_string(j + 1) + " is " +
                     (scalar ? "a value of " + std::to_string(now.bytes) + " bytes" : std::string("a GM address")));
    if (!scalar) {
      now = was;
    } else {
      now.name = was.name;
      if (!was.data.empty()) now.data = was.data;
    }
  }
  fresh.blockDim = old->blockDim;
  fresh.streamId = old->streamId;
  fresh.sendEvents = old->sendEvents;
  fresh.recvEvents = old->recvEvents;
  fresh.earlyStartWait = old->earlyStartWait;
  fresh.earlyStartSet = old->earlyStartSet;
  fresh.intercoreSync = old->intercoreSync;
  fresh.tilingKey = old->tilingKey;
  fresh.raw = old->raw;  // the user's own fields (and emittedBy, or not)
  return fresh;
}

// Each launched kernel linked alone (its entry and what it calls), checked like any sub-kernel.
llvm::Expected<std::vector<EmittedKernel>> emitKernels(const Options& o, const FrontEnd& fe) {
  std::vector<EmittedKernel> out;
  for (const LaunchEntry& e : fe.entries) {
    std::vector<DeviceModule> modules;
    modules.push_back(DeviceModule{CoreType::AIV, llvm::CloneModule(*fe.aiv.module)});
    if (e.ration.aic > 0) modules.push_back(DeviceModule{CoreType::AIC, llvm::CloneModule(*fe.aic->module)});
    auto object = linkedObject(std::move(modules), {e}, o, "kernel " + e.name + " of " + o.source);
    if (!object) return object.takeError();
    subkernel::KernelMeta fresh = emittedMeta(e, *object, o.source);
    std::string stem = fresh.binFileName;
    auto meta = keepCompleted(o.emitMetaDir + "/" + stem + ".json", std::move(fresh));
    if (!meta) return meta.takeError();
    std::string json = subkernel::writeMeta(*meta);
    out.push_back(EmittedKernel{stem, std::move(*object), std::move(json)});
  }
  return out;
}

// DIR/<entry>.o and DIR/<entry>.json of every kernel, each written atomically; DIR is created.
llvm::Error writeEmitted(const std::string& dir, const std::vector<EmittedKernel>& kernels) {
  std::set<std::string> seen;
  for (const EmittedKernel& k : kernels)
    if (!seen.insert(k.stem).second)
      return sk::inputError("--emit-meta " + dir + ": two sources launch kernels named " + k.stem +
                            "; their files would clash: rename one");
  // Every pair at once: the old files or the new ones, never an object beside another's metadata.
  std::vector<std::pair<std::string, llvm::StringRef>> files;
  for (const EmittedKernel& k : kernels) {
    files.push_back({k.stem + ".o", llvm::StringRef(k.object.data(), k.object.size())});
    files.push_back({k.stem + ".json", k.json});
  }
  return sk::writeFilesInto(dir, files, "--emit-meta");
}

// One source of the program to a host object. With --emit-meta its kernels are added to
// `emitted`.
llvm::Expected<std::vector<char>> programObject(const Options& o, const Target& t, const std::string& clang,
                                                const ScratchDir& scratch, size_t index, std::vector<EmittedKernel>& emitted) {
  llvm::LLVMContext ctx;
  auto fe = frontEnd(o, t, clang, scratch, index, ctx);
  if (!fe) return fe.takeError();
  std::unique_ptr<llvm::Module> host = llvm::CloneModule(*fe->aiv.module);
  if (!o.emitMetaDir.empty()) {
    auto kernels = emitKernels(o, *fe);
    if (!kernels) return kernels.takeError();
    for (EmittedKernel& k : *kernels) emitted.push_back(std::move(k));
  }
  std::vector<char> device;
  if (!fe->entries.empty()) {
    auto d = deviceObject(o, *fe);
    if (!d) return d.takeError();
    device = std::move(*d);
  }
  return hostObject(std::move(host), device, fe->entries, o.source, o.arch, o.optLevel[2]);
}

// The same, written to scratch: its path.
llvm::Expected<std::string> compileSource(const Options& o, const Target& t, const std::string& clang,
                                          const ScratchDir& scratch, size_t index, std::vector<EmittedKernel>& emitted) {
  auto object = programObject(o, t, clang, scratch, index, emitted);
  if (!object) return object.takeError();
  std::string path = scratch.file("host" + std::to_string(index) + ".o");
  if (llvm::Error e = sk::writeFileAtomically(path, llvm::StringRef(object->data(), object->size()))) return e;
  return path;
}

// libsk_acl.so: <prefix>/lib beside an installed sk_cc, else the build tree's.
std::string aclLibrary() {
  std::string exe = llvm::sys::fs::getMainExecutable(nullptr, (void*)&aclLibrary);
  llvm::SmallString<256> installed(llvm::sys::path::parent_path(llvm::sys::path::parent_path(exe)));
  llvm::sys::path::append(installed, "lib", "libsk_acl.so");
  if (llvm::sys::fs::exists(installed)) return installed.str().str();
  return SK_ACL_SHARED_LIBRARY;
}

// clang-19 links the host objects (then the other link inputs) against libsk_acl.so (found at
// run time through the rpath); the executable or shared library appears at `output` only when
// the link succeeded.
llvm::Error linkProgram(const std::string& clang, const std::vector<std::string>& objects, const ProgramOptions& p,
                        const ScratchDir& scratch) {
  std::string lib = aclLibrary();
  if (!llvm::sys::fs::exists(lib))
    return sk::inputError(lib + " is missing: build the sk_acl_shared target (single-source programs link it)");
  const std::string& output = p.output;
  std::string tmp = output + ".sk_cc.tmp";
  std::vector<std::string> args = {"--driver-mode=g++"};
  if (p.shared) args.push_back("-shared");
#ifdef SK_PROGRAM_SANITIZE
  args.push_back("-fsanitize=" SK_PROGRAM_SANITIZE);
#endif
  args.insert(args.end(), objects.begin(), objects.end());
  args.insert(args.end(), p.linkInputs.begin(), p.linkInputs.end());
  // Last, for what the host code's conversions need from compiler-rt only (bfloat16's).
  for (const std::string& a : {lib, std::string(SK_CLANG_RT_BUILTINS), "-Wl,-rpath," + llvm::sys::path::parent_path(lib).str(),
                               std::string("-o"), tmp})
    args.push_back(a);
  auto run = runClang(clang, args, scratch, p.compile.verbose);
  if (!run) return run.takeError();
  if (run->exitCode != 0) {
    std::fputs(run->err.c_str(), stderr);
    llvm::sys::fs::remove(tmp);
    return sk::inputError(output + ": linking the program failed (the linker's message is above; objects given to a " +
                          "program link come from --program-object or a host compiler, not from -c)");
  }
  if (std::error_code ec = llvm::sys::fs::rename(tmp, output)) {
    llvm::sys::fs::remove(tmp);
    return sk::inputError(output + ": cannot write it (" + ec.message() + ")");
  }
  return llvm::Error::success();
}

// What every program step needs: the arch's target, clang-19 and a scratch directory.
struct Toolchain {
  Target target{};
  std::string clang;
  ScratchDir scratch;
  llvm::Error prepare(const std::string& arch) {
    auto t = targetFor(arch);
    if (!t) return t.takeError();
    target = *t;
    auto c = findClang();
    if (!c) return c.takeError();
    clang = *c;
    return scratch.create();
  }
};

}  // namespace

llvm::Error buildProgram(const ProgramOptions& p) {
  if (p.sources.empty() && p.linkInputs.empty())
    return sk::inputError("no source: give the program's .asc/.cpp files (see --help)");
  Toolchain tc;
  if (llvm::Error e = tc.prepare(p.compile.arch)) return e;
  const Target& target = tc.target;
  const std::string& clang = tc.clang;
  ScratchDir& scratch = tc.scratch;
  std::vector<std::string> objects;
  std::vector<EmittedKernel> emitted;
  for (size_t i = 0; i < p.sources.size(); ++i) {
    Options o = p.compile;
    o.source = p.sources[i];
    auto object = compileSource(o, target, clang, scratch, i, emitted);
    if (!object) return object.takeError();
    objects.push_back(*object);
  }
  // The kernels' files first: a program is written only when everything else succeeded.
  if (!p.compile.emitMetaDir.empty())
    if (llvm::Error e = writeEmitted(p.compile.emitMetaDir, emitted)) return e;
  return linkProgram(clang, objects, p, scratch);
}

llvm::Expected<std::vector<char>> compileProgramObject(const Options& o) {
  if (!o.emitMetaDir.empty()) return sk::inputError("--program-object makes one host object: leave out --emit-meta");
  Toolchain tc;
  if (llvm::Error e = tc.prepare(o.arch)) return e;
  std::vector<EmittedKernel> none;
  return programObject(o, tc.target, tc.clang, tc.scratch, 0, none);
}

llvm::Error emitProgramKernels(const Options& o) {
  Toolchain tc;
  if (llvm::Error e = tc.prepare(o.arch)) return e;
  llvm::LLVMContext ctx;
  auto fe = frontEnd(o, tc.target, tc.clang, tc.scratch, 0, ctx);
  if (!fe) return fe.takeError();
  if (fe->entries.empty())
    return sk::inputError(o.source + ": --emit-meta: no kernel is launched with <<<>>> in it; the kernels of a "
                          "single-source program are those its host code launches");
  auto kernels = emitKernels(o, *fe);
  if (!kernels) return kernels.takeError();
  return writeEmitted(o.emitMetaDir, *kernels);
}

}  // namespace sk::devcc
