// Linking the per-core-type device modules into one sub-kernel and emitting its object code.
#include "device_link.h"

#include <cctype>
#include <cstdlib>
#include <map>
#include <set>

#include "llvm/ADT/StringExtras.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Linker/Linker.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"
#include "llvm/Transforms/IPO/GlobalDCE.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"
#include "sk/error.h"
#include "sk/text.h"

#define SK_KERNEL_C_ONLY
#include "sk/kernel.h"

namespace sk::devcc {

namespace {

const char* suffixOf(CoreType t) { return t == CoreType::AIC ? "__sk_aic" : "__sk_aiv"; }

// "add_custom" for extern "C" add_custom and for C++ add_custom(unsigned char*, ...); an entry
// sk_cc renamed in the source gets its name back.
std::string baseName(const llvm::Function& f) {
  std::string demangled = llvm::demangle(f.getName().str());
  size_t paren = demangled.find('(');
  llvm::StringRef name = paren == std::string::npos ? demangled : llvm::StringRef(demangled).substr(0, paren);
  name.consume_back(kEntrySuffix);
  return name.str();
}

void eraseGlobal(llvm::Module& m, llvm::StringRef name) {
  if (llvm::GlobalVariable* g = m.getNamedGlobal(name)) g->eraseFromParent();
}

// Every definition but `keep` becomes internal to the module (no two core types' copies of an
// inline function may merge when the modules are linked).
void internalizeAllBut(llvm::Module& m, const std::vector<llvm::Function*>& keep) {
  auto internalize = [&](llvm::GlobalValue& g) {
    if (g.isDeclaration() || std::find(keep.begin(), keep.end(), &g) != keep.end()) return;
    if (auto* go = llvm::dyn_cast<llvm::GlobalObject>(&g)) go->setComdat(nullptr);
    g.setLinkage(llvm::GlobalValue::InternalLinkage);
  };
  for (llvm::Function& f : m) internalize(f);
  for (llvm::GlobalVariable& g : m.globals())
    if (!g.getName().starts_with("llvm.")) internalize(g);
  for (llvm::GlobalAlias& a : m.aliases()) internalize(a);
  m.getComdatSymbolTable().clear();
}

// The entries of one module to keep: the metadata's kernel, or all.
llvm::Expected<std::vector<llvm::Function*>> selectEntries(llvm::Module& m, const subkernel::KernelMeta* meta,
                                                           const std::string& source) {
  std::vector<llvm::Function*> all = annotatedEntries(m);
  if (!meta) return all;
  std::vector<std::string> names;
  for (llvm::Function* f : all) {
    if (baseName(*f) == meta->kernelName) return std::vector<llvm::Function*>{f};
    names.push_back(baseName(*f));
  }
  return sk::inputError(source + ": no __global__ kernel named '" + meta->kernelName + "' (kernelName in " +
                        meta->origin + "); the source defines: " + (names.empty() ? "none" : llvm::join(names, ", ")));
}

// How the metadata's params arrive in the entry's IR arguments. A GM address is one pointer. A
// by-value parameter (a struct or a number, as kernel-launch samples take their tiling struct)
// must be a `tiling` or `scalar` param: the device ABI passes the GM address of its bytes, and the
// entry reads them and passes the value as the kernel expects it on the host ISA — a `byval`
// pointer (structs over 16 bytes) or one IR argument per eightbyte (x86-64 registers).
struct ParamArgs {
  unsigned first = 0, count = 1;  // IR arguments [first, first + count)
  uint64_t bytes = 0;             // a by-value param's size; 0: a GM address
};

llvm::Expected<std::vector<ParamArgs>> paramArgs(const llvm::Function& f, const std::string& name,
                                                 const subkernel::KernelMeta* meta, const std::string& source) {
  auto what = [&](unsigned arg) { return source + ": kernel " + name + ": parameter " + std::to_string(arg + 1); };
  auto gmAddress = [&](unsigned i) { return f.getArg(i)->getType()->isPointerTy() && !f.getArg(i)->hasByValAttr(); };
  const llvm::DataLayout& dl = f.getParent()->getDataLayout();
  std::vector<ParamArgs> out;
  unsigned arg = 0, n = (unsigned)f.arg_size();
  size_t params = meta ? meta->params.size() : n;
  for (size_t p = 0; p < params && arg < n; ++p) {
    if (gmAddress(arg)) {
      out.push_back({arg++, 1, 0});
      continue;
    }
    if (!meta)
      return sk::inputError(what(arg) + " is passed by value (a struct or a number); entries take GM addresses (GM_ADDR): "
                            "compile with --meta, giving it a `tiling` or `scalar` param (its bytes)");
    const subkernel::Param& q = meta->params[p];
    std::string param = meta->origin + " params[" + std::to_string(p) + "] '" + q.name + "'";
    if (q.role != subkernel::Role::Tiling && q.role != subkernel::Role::Scalar)
      return sk::inputError(what(arg) + " is passed by value, but " + param + " is " + subkernel::roleName(q.role) +
                            "; a by-value parameter is a `tiling` or `scalar` param holding its bytes");
    ParamArgs pa{arg, 0, q.bytes};
    uint64_t taken = 0;
    if (f.getArg(arg)->hasByValAttr()) {
      taken = dl.getTypeAllocSize(f.getArg(arg)->getParamByValType());
      pa.count = 1;
    } else {
      while (taken < q.bytes && arg + pa.count < n && !f.getArg(arg + pa.count)->getType()->isPointerTy())
        taken += dl.getTypeAllocSize(f.getArg(arg + pa.count++)->getType());
      taken = std::min(taken, q.bytes);  // the last eightbyte's padding
    }
    if (!pa.count || taken != q.bytes)
      return sk::inputError(what(arg) + " is a value of " + std::to_string(pa.count ? taken : 0) + " bytes, but " + param +
                            " has " + std::to_string(q.bytes) + "; give it the size of the parameter's type");
    arg += pa.count;
    out.push_back(pa);
  }
  if (arg != n || out.size() != params) {
    bool byValue = std::any_of(out.begin(), out.end(), [](const ParamArgs& p) { return p.bytes != 0; });
    return sk::inputError(source + ": kernel " + name + " takes " + std::to_string(out.size() + (n - arg)) +
                          " parameters but " + meta->origin + " lists " + std::to_string(params) +
                          " params; give each parameter of the entry a param, in order" +
                          (byValue ? " (a by-value param's bytes must be its type's size)" : ""));
  }
  return out;
}

int workspaceIndex(const subkernel::KernelMeta* meta) {
  if (!meta) return -1;
  for (size_t i = 0; i < meta->params.size(); ++i)
    if (meta->params[i].role == subkernel::Role::Workspace) return (int)i;
  return -1;
}

// The argument of `kernel` marked __kfc_workspace__ (sk_ascendc/base.h): clang keeps the
// parameter's annotation on the stack slot the argument is stored to. -1: none.
int kfcWorkspaceArg(const llvm::Function& kernel) {
  for (const llvm::Instruction& i : llvm::instructions(kernel)) {
    auto* call = llvm::dyn_cast<llvm::CallInst>(&i);
    llvm::Function* callee = call ? call->getCalledFunction() : nullptr;
    if (!callee || !callee->getName().starts_with("llvm.var.annotation") || call->arg_size() < 2) continue;
    auto* text = llvm::dyn_cast<llvm::GlobalVariable>(call->getArgOperand(1)->stripPointerCasts());
    auto* data = text && text->hasInitializer() ? llvm::dyn_cast<llvm::ConstantDataSequential>(text->getInitializer()) : nullptr;
    if (!data || !data->isCString() || data->getAsCString() != "sk.kfc_workspace") continue;
    for (const llvm::User* u : call->getArgOperand(0)->stripPointerCasts()->users())
      if (auto* store = llvm::dyn_cast<llvm::StoreInst>(u))
        if (auto* a = llvm::dyn_cast<llvm::Argument>(store->getValueOperand())) return (int)a->getArgNo();
  }
  return -1;
}

// The system workspace among an entry's params: which one (-1: none), and how far into it the
// user's part starts when the kernel is handed that part instead (HAVE_WORKSPACE builds).
struct WorkspaceParam {
  int param = -1;
  uint64_t userOffset = 0;
};

// How far into a __kfc_workspace__ parameter the kernel's body starts (sk_ascendc/base.h).
uint64_t kfcUserOffset(const llvm::Module& linked) {
  const llvm::GlobalVariable* g = linked.getNamedGlobal("sk_kfc_user_offset");
  auto* value = g && g->hasInitializer() ? llvm::dyn_cast<llvm::ConstantInt>(g->getInitializer()) : nullptr;
  return value ? value->getZExtValue() : 0;
}

// A kernel-launch build's HAVE_WORKSPACE (sk_ascendc/base.h's marker): the param that many from
// the end of `paramCount` is the workspace, its user part after the system's bytes. `known`:
// what the metadata or a __kfc_workspace__ mark named (-1: nothing); `kfc`: the marked one, whose
// user part the body gets too.
llvm::Expected<WorkspaceParam> workspaceParam(const llvm::Module& linked, size_t paramCount, int known, int kfc,
                                              const std::string& name, const std::string& source) {
  const llvm::GlobalVariable* marker = linked.getNamedGlobal("sk_have_workspace");
  auto* words = marker && marker->hasInitializer() ? llvm::dyn_cast<llvm::ConstantDataArray>(marker->getInitializer()) : nullptr;
  if (!words || words->getNumElements() != 2) return WorkspaceParam{known, known >= 0 && known == kfc ? kfcUserOffset(linked) : 0};
  uint64_t fromEnd = words->getElementAsInteger(0);
  if (fromEnd > paramCount)
    return sk::inputError(source + ": kernel " + name + " has " + std::to_string(paramCount) + " parameter(s), HAVE_WORKSPACE" +
                          (fromEnd == 2 ? " with HAVE_TILING" : "") + " needs the workspace " +
                          (fromEnd == 2 ? "before the last (the tiling)" : "last"));
  int param = (int)(paramCount - fromEnd);
  if (known >= 0 && known != param)
    return sk::inputError(source + ": kernel " + name + ": HAVE_WORKSPACE makes parameter " + std::to_string(param) +
                          " the workspace, the metadata's workspace is parameter " + std::to_string(known) +
                          "; make them agree (or drop -DHAVE_WORKSPACE / -DHAVE_TILING)");
  return WorkspaceParam{param, words->getElementAsInteger(1)};
}

// <name>(p0..pN), one GM address per param: store the workspace, read the by-value params'
// bytes, call the variant for sk_core_type().
void addDispatchEntry(llvm::Module& m, const std::string& name, const std::map<CoreType, llvm::Function*>& variants,
                      const std::vector<ParamArgs>& params, WorkspaceParam workspace) {
  llvm::LLVMContext& ctx = m.getContext();
  llvm::Function* first = variants.begin()->second;
  llvm::Type* ptr = llvm::PointerType::get(ctx, 0);
  auto* type = llvm::FunctionType::get(llvm::Type::getVoidTy(ctx), std::vector<llvm::Type*>(params.size(), ptr), false);
  auto* entry = llvm::Function::Create(type, llvm::GlobalValue::ExternalLinkage, name, m);
  entry->copyAttributesFrom(first);
  entry->setAttributes(llvm::AttributeList::get(ctx, llvm::AttributeList::FunctionIndex,
                                                llvm::AttrBuilder(ctx, first->getAttributes().getFnAttrs())));
  llvm::IRBuilder<> b(llvm::BasicBlock::Create(ctx, "entry", entry));
  llvm::Value* userWorkspace = nullptr;
  if (workspace.param >= 0) {
    llvm::FunctionCallee state = m.getOrInsertFunction("sk_core_state", ptr);
    llvm::Value* words = b.CreateCall(state);
    llvm::Value* slot = b.CreateConstGEP1_64(b.getInt64Ty(), words, SK_STATE_SYS_WORKSPACE);
    llvm::Value* arg = entry->getArg(workspace.param);
    b.CreateStore(b.CreatePtrToInt(arg, b.getInt64Ty()), slot);
    if (workspace.userOffset)  // null stays null (GetUserWorkspace's rule)
      userWorkspace = b.CreateSelect(b.CreateIsNull(arg), arg, b.CreateConstGEP1_64(b.getInt8Ty(), arg, workspace.userOffset));
  }
  const llvm::DataLayout& dl = m.getDataLayout();
  llvm::FunctionCallee copy = m.getOrInsertFunction("sk_data_copy", b.getVoidTy(), ptr, ptr, b.getInt64Ty());
  std::vector<llvm::Value*> args;
  for (size_t p = 0; p < params.size(); ++p) {
    const ParamArgs& pa = params[p];
    if (!pa.bytes) {
      args.push_back(userWorkspace && (int)p == workspace.param ? userWorkspace : entry->getArg(p));
      continue;
    }
    // The bytes into a zeroed stack buffer (as GET_TILING_DATA copies a tiling), then as the
    // kernel takes them: the buffer itself for byval, else each IR argument at its offset.
    uint64_t room = pa.bytes;
    for (unsigned i = 0; i < pa.count; ++i) room = std::max<uint64_t>(room, dl.getTypeAllocSize(first->getArg(pa.first + i)->getType()) * (i + 1));
    auto* buffer = b.CreateAlloca(llvm::ArrayType::get(b.getInt8Ty(), (room + 7) / 8 * 8));
    buffer->setAlignment(llvm::Align(16));
    b.CreateMemSet(buffer, b.getInt8(0), (room + 7) / 8 * 8, llvm::Align(16));
    b.CreateCall(copy, {buffer, entry->getArg(p), b.getInt64(pa.bytes)});
    if (first->getArg(pa.first)->hasByValAttr()) {
      args.push_back(buffer);
      continue;
    }
    uint64_t offset = 0;
    for (unsigned i = 0; i < pa.count; ++i) {
      llvm::Type* t = first->getArg(pa.first + i)->getType();
      args.push_back(b.CreateAlignedLoad(t, b.CreateConstGEP1_64(b.getInt8Ty(), buffer, offset), llvm::Align(1)));
      offset += dl.getTypeAllocSize(t);
    }
  }
  auto call = [&](llvm::Function* f) {
    llvm::CallInst* c = b.CreateCall(f, args);
    c->setAttributes(f->getAttributes());  // byval, signext, ... as the callee declares them
    b.CreateRetVoid();
  };
  if (variants.size() == 1) {
    call(first);
    return;
  }
  llvm::FunctionCallee coreType = m.getOrInsertFunction("sk_core_type", b.getInt32Ty());
  llvm::Value* isAic = b.CreateICmpEQ(b.CreateCall(coreType), b.getInt32((int)CoreType::AIC));
  llvm::BasicBlock* aic = llvm::BasicBlock::Create(ctx, "aic", entry);
  llvm::BasicBlock* aiv = llvm::BasicBlock::Create(ctx, "aiv", entry);
  b.CreateCondBr(isAic, aic, aiv);
  b.SetInsertPoint(aic);
  call(variants.at(CoreType::AIC));
  b.SetInsertPoint(aiv);
  call(variants.at(CoreType::AIV));
}

}  // namespace

void dropUnreferenced(llvm::Module& m) {
  llvm::LoopAnalysisManager lam;
  llvm::FunctionAnalysisManager fam;
  llvm::CGSCCAnalysisManager cam;
  llvm::ModuleAnalysisManager mam;
  llvm::PassBuilder pb;
  pb.registerModuleAnalyses(mam);
  pb.registerCGSCCAnalyses(cam);
  pb.registerFunctionAnalyses(fam);
  pb.registerLoopAnalyses(lam);
  pb.crossRegisterProxies(lam, fam, cam, mam);
  llvm::ModulePassManager mpm;
  mpm.addPass(llvm::GlobalDCEPass());
  mpm.run(m, mam);
}

void redirectStdioToDevice(llvm::Module& m) {
  llvm::LLVMContext& ctx = m.getContext();
  llvm::Type* ptr = llvm::PointerType::get(ctx, 0);
  llvm::Type* i32 = llvm::Type::getInt32Ty(ctx);
  auto device = [&] { return m.getOrInsertFunction("sk_printf", llvm::FunctionType::get(i32, {ptr}, true)); };
  if (llvm::Function* f = m.getFunction("printf"); f && f->isDeclaration()) {
    llvm::FunctionCallee sk = device();
    f->replaceAllUsesWith(sk.getCallee());
    f->eraseFromParent();
  }
  for (auto [name, format] : {std::pair{"puts", "%s\n"}, std::pair{"putchar", "%c"}}) {
    llvm::Function* f = m.getFunction(name);
    if (!f || !f->isDeclaration()) continue;
    std::vector<llvm::CallInst*> calls;
    for (llvm::User* u : f->users())
      if (auto* call = llvm::dyn_cast<llvm::CallInst>(u); call && call->getCalledFunction() == f) calls.push_back(call);
    for (llvm::CallInst* call : calls) {
      llvm::IRBuilder<> b(call);
      llvm::Value* printed = b.CreateCall(device(), {b.CreateGlobalString(format, "sk.stdio.format"), call->getArgOperand(0)});
      call->replaceAllUsesWith(printed);
      call->eraseFromParent();
    }
    if (f->use_empty()) f->eraseFromParent();
  }
}

std::vector<std::pair<llvm::Function*, std::string>> functionAnnotations(llvm::Module& m) {
  std::vector<std::pair<llvm::Function*, std::string>> out;
  llvm::GlobalVariable* annotations = m.getNamedGlobal("llvm.global.annotations");
  if (!annotations || !annotations->hasInitializer()) return out;
  auto* array = llvm::dyn_cast<llvm::ConstantArray>(annotations->getInitializer());
  if (!array) return out;
  for (llvm::Use& u : array->operands()) {
    auto* entry = llvm::dyn_cast<llvm::ConstantStruct>(u.get());
    if (!entry || entry->getNumOperands() < 2) continue;
    auto* f = llvm::dyn_cast<llvm::Function>(entry->getOperand(0)->stripPointerCasts());
    auto* text = llvm::dyn_cast<llvm::GlobalVariable>(entry->getOperand(1)->stripPointerCasts());
    if (!f || !text || !text->hasInitializer()) continue;
    auto* data = llvm::dyn_cast<llvm::ConstantDataSequential>(text->getInitializer());
    if (data && data->isCString()) out.emplace_back(f, data->getAsCString().str());
  }
  return out;
}

void keepSimulatedMarks(llvm::Module& m) {
  for (llvm::Function* f : annotatedEntries(m, "sk.simulated")) f->addFnAttr("sk.simulated");
}

std::vector<llvm::Function*> annotatedEntries(llvm::Module& m, llvm::StringRef annotation) {
  std::vector<llvm::Function*> out;
  for (auto& [f, text] : functionAnnotations(m))
    if (text == annotation && std::find(out.begin(), out.end(), f) == out.end()) out.push_back(f);
  return out;
}

llvm::Expected<std::unique_ptr<llvm::Module>> linkDeviceModules(std::vector<DeviceModule> modules,
                                                                const subkernel::KernelMeta* meta,
                                                                const std::string& source) {
  std::map<std::string, std::map<CoreType, llvm::Function*>> kernels;  // name -> variants (in the linked module)
  std::map<std::string, std::map<CoreType, std::string>> variantNames;
  std::map<std::string, std::vector<ParamArgs>> argsOf;  // the same for every core type's variant
  std::unique_ptr<llvm::Module> linked;
  for (DeviceModule& dm : modules) {
    llvm::Module& m = *dm.module;
    auto entries = selectEntries(m, meta, source);
    if (!entries) return entries.takeError();
    for (llvm::Function* f : *entries) {
      std::string name = baseName(*f);
      auto pa = paramArgs(*f, name, meta, source);
      if (!pa) return pa.takeError();
      argsOf[name] = std::move(*pa);
      f->setName(name + suffixOf(dm.coreType));
      variantNames[name][dm.coreType] = f->getName().str();
    }
    keepSimulatedMarks(m);
    eraseGlobal(m, "llvm.global.annotations");
    eraseGlobal(m, "llvm.used");
    eraseGlobal(m, "llvm.compiler.used");
    // Constructors come from host code in the same file (<iostream> in a .asc program's main);
    // device code has none (the contract forbids them), so the entries never need them.
    eraseGlobal(m, "llvm.global_ctors");
    eraseGlobal(m, "llvm.global_dtors");
    internalizeAllBut(m, *entries);
    if (!linked) {
      linked = std::move(dm.module);
    } else if (llvm::Linker::linkModules(*linked, std::move(dm.module))) {
      return sk::internalError(source + ": linking the AIC and AIV device code failed");
    }
  }
  if (variantNames.empty())
    return sk::inputError(source + ": no __global__ kernel entry found; mark the kernel `extern \"C\" __global__ __aicore__`");
  for (auto& [name, variants] : variantNames) {
    if (linked->getFunction(name))
      return sk::inputError(source + ": the name " + name + " is used by another function; rename it or the kernel");
    for (auto& [type, symbol] : variants) {
      llvm::Function* f = linked->getFunction(symbol);
      f->setLinkage(llvm::GlobalValue::InternalLinkage);
      kernels[name][type] = f;
    }
    int known = workspaceIndex(meta), kfc = -1;
    if (int arg = kfcWorkspaceArg(*kernels[name].begin()->second); arg >= 0)
      for (size_t p = 0; p < argsOf[name].size(); ++p)
        if (argsOf[name][p].first == (unsigned)arg && !argsOf[name][p].bytes) kfc = (int)p;
    if (known < 0) known = kfc;  // a parameter marked __kfc_workspace__ instead
    auto workspace = workspaceParam(*linked, argsOf[name].size(), known, kfc, name, source);
    if (!workspace) return workspace.takeError();
    addDispatchEntry(*linked, name, kernels[name], argsOf[name], *workspace);
  }
  dropUnreferenced(*linked);
  std::string problems;
  llvm::raw_string_ostream os(problems);
  if (llvm::verifyModule(*linked, &os)) return sk::internalError(source + ": invalid device module: " + problems);
  return linked;
}

namespace {

// The kernel an sk_ss::Entry<...>::call launches: the operand of its "# sk.launch.kernel"
// marker, which survives where the call itself was deleted (a body that is empty on this core
// type).
llvm::Function* launchedKernel(llvm::Function& entry) {
  for (llvm::Instruction& i : llvm::instructions(entry)) {
    auto* call = llvm::dyn_cast<llvm::CallInst>(&i);
    auto* marker = call ? llvm::dyn_cast<llvm::InlineAsm>(call->getCalledOperand()) : nullptr;
    if (marker && llvm::StringRef(marker->getAsmString()).starts_with("# sk.launch.kernel") && call->arg_size() == 1)
      return llvm::dyn_cast<llvm::Function>(call->getArgOperand(0)->stripPointerCasts());
  }
  return nullptr;
}

// "add_custom", "ns::scale<float>": the qualified name with template arguments, no signature.
std::string kernelNameOf(const llvm::Function& f) {
  std::string mangled = f.getName().str();  // the demangler's nodes point into it
  llvm::ItaniumPartialDemangler d;
  if (d.partialDemangle(mangled.c_str())) return mangled;  // extern "C"
  size_t size = 0;
  char* name = d.getFunctionName(nullptr, &size);
  std::string out = name ? name : mangled;
  std::free(name);
  return out;
}

std::string symbolOf(llvm::StringRef name) {
  std::string out;
  for (char ch : name) out += std::isalnum((unsigned char)ch) ? ch : '_';
  return out;
}

// __cube__ 1:0, __mix__(c, v) c:v ("sk.mix:c:v"), else 0:1.
// KERNEL_TASK_TYPE_DEFAULT(value) in the kernel's code (sk_ascendc/tiling.h): the type's
// KernelMetaType value, or -1.
int64_t defaultTaskType(llvm::Function& kernel) {
  for (llvm::Instruction& i : llvm::instructions(kernel)) {
    auto* call = llvm::dyn_cast<llvm::CallInst>(&i);
    auto* asmCall = call ? llvm::dyn_cast<llvm::InlineAsm>(call->getCalledOperand()) : nullptr;
    if (!asmCall || !llvm::StringRef(asmCall->getAsmString()).starts_with("# sk.task.type") || call->arg_size() != 1)
      continue;
    if (auto* v = llvm::dyn_cast<llvm::ConstantInt>(call->getArgOperand(0))) return v->getSExtValue();
  }
  return -1;
}

llvm::Expected<TaskRation> rationOfTaskType(int64_t type, const std::string& name, const std::string& source) {
  // AscendC's KernelMetaType order: AIV_ONLY, AIC_ONLY, MIX_AIV_1_0, MIX_AIC_1_0, MIX_AIC_1_1, MIX_AIC_1_2.
  static const TaskRation kRations[] = {{0, 1}, {1, 0}, {0, 1}, {1, 0}, {1, 1}, {1, 2}};
  if (type >= 0 && type < (int64_t)std::size(kRations)) return kRations[type];
  return sk::inputError(source + ": kernel " + name + ": KERNEL_TASK_TYPE_DEFAULT(" + std::to_string(type) +
                        ") is not a kernel type of dav-2201 or dav-3510; use KERNEL_TYPE_AIV_ONLY, KERNEL_TYPE_AIC_ONLY, "
                        "KERNEL_TYPE_MIX_AIC_1_1 or KERNEL_TYPE_MIX_AIC_1_2");
}

// What a kernel's code (with everything it calls) does, by the intrinsics it reaches.
struct CodeKinds {
  bool cube = false, vector = false, cross = false;
  bool any() const { return cube || vector || cross; }
};
CodeKinds codeKindsOf(const llvm::Function& kernel) {
  std::set<const llvm::Function*> seen;
  std::vector<const llvm::Function*> work{&kernel};
  CodeKinds k;
  while (!work.empty()) {
    const llvm::Function* f = work.back();
    work.pop_back();
    if (!seen.insert(f).second) continue;
    if (f->isDeclaration()) {
      llvm::StringRef n = f->getName();
      k.cube |= n == "sk_mmad" || n == "sk_cube_mmad" || n == "sk_fixpipe" || n == "sk_copy_nd2nz" ||
                n.starts_with("sk_load_2d") || n == "sk_img2col";
      k.vector |= n.starts_with("sk_vec");
      k.cross |= n == "sk_cross_set" || n == "sk_cross_wait";
      continue;
    }
    for (const llvm::Instruction& i : llvm::instructions(*f))
      if (auto* call = llvm::dyn_cast<llvm::CallBase>(&i))
        if (const llvm::Function* callee = call->getCalledFunction()) work.push_back(callee);
  }
  return k;
}

// A kernel that says nothing of its type (`__global__ __aicore__`, no KERNEL_TASK_TYPE_DEFAULT)
// gets the one its code implies, as the device compiler infers it: cube instructions with no
// vector ones run on the AIC; cross-core flags (the Matmul API's messages between an AIC and its
// AIVs, or the kernel's own) make it MIX 1:2; anything else runs on the AIVs.
TaskRation rationOfCode(const CodeKinds& k) {
  if (k.cross) return {1, 2};
  if (k.cube && !k.vector) return {1, 0};
  return {0, 1};
}

// `open` is set when neither the annotations nor `kernel`'s code (the vector-core compile, where
// ASCEND_IS_AIC code is folded away) say anything of its type.
llvm::Expected<TaskRation> rationOf(const std::vector<std::pair<llvm::Function*, std::string>>& annotations,
                                    llvm::Function* kernel, const std::string& name, const std::string& source,
                                    bool& open) {
  TaskRation r{0, 1};
  open = false;
  bool annotated = false;
  for (auto& [f, text] : annotations)
    if (f == kernel) annotated |= llvm::StringRef(text).starts_with("sk.vector") || llvm::StringRef(text) == "sk.cube" ||
                                  llvm::StringRef(text).starts_with("sk.mix:");
  if (!annotated) {
    if (int64_t type = defaultTaskType(*kernel); type >= 0) return rationOfTaskType(type, name, source);
    CodeKinds k = codeKindsOf(*kernel);
    open = !k.any();
    return rationOfCode(k);
  }
  for (auto& [f, text] : annotations) {
    if (f != kernel) continue;
    llvm::StringRef t(text);
    unsigned aic = 0, aiv = 0;
    if (t == "sk.cube") {
      r = {1, 0};
    } else if (t.consume_front("sk.mix:")) {
      auto [c, v] = t.split(':');
      if (c.trim().getAsInteger(10, aic) || v.trim().getAsInteger(10, aiv) || aic != 1 || aiv < 1 || aiv > 2)
        return sk::inputError(source + ": kernel " + name + ": __mix__(" + c.str() + ", " + v.str() +
                              ") is not a kernel type of the device; use __mix__(1, 1) or __mix__(1, 2)");
      r = {(uint8_t)aic, (uint8_t)aiv};
    }
  }
  return r;
}

// The source's parameter names, from the kernel's IR arguments (clang names them when value
// names are kept): a struct passed in registers arrives as x.coerce or x.coerce0, x.coerce1.
// When they cannot be matched one to one with the `count` params: p0, p1, ...
std::vector<std::string> paramNames(const llvm::Function& kernel, size_t count) {
  std::vector<std::string> names;
  for (const llvm::Argument& a : kernel.args()) {
    llvm::StringRef n = a.getName();
    if (size_t dot = n.find(".coerce"); dot != llvm::StringRef::npos) n = n.substr(0, dot);
    if (a.getArgNo() > 0 && a.getName().contains(".coerce") && !names.empty() && names.back() == n) continue;
    names.push_back(n.str());
  }
  std::set<std::string> unique(names.begin(), names.end());
  bool usable = names.size() == count && unique.size() == count &&
                llvm::all_of(names, [](const std::string& n) { return sk::isCIdentifier(n); });
  if (usable) return names;
  names.clear();
  for (size_t i = 0; i < count; ++i) names.push_back("p" + std::to_string(i));
  return names;
}

// Entry<...>::call's `info` (include/sk/single_source.h): the function-local static, mangled
// _ZZ<call's encoding>E4info.
llvm::Expected<std::vector<LaunchParam>> launchParams(llvm::Module& m, llvm::Function& entry, const llvm::Function& kernel,
                                                      const std::string& source) {
  std::string symbol = "_ZZ" + entry.getName().drop_front(2).str() + "E4info";
  llvm::GlobalVariable* info = m.getNamedGlobal(symbol);
  auto* array = info && info->hasInitializer() ? llvm::dyn_cast<llvm::ArrayType>(info->getValueType()) : nullptr;
  if (!array || array->getNumElements() != entry.arg_size() + 1)
    return sk::internalError(source + ": no parameter description (" + symbol + ") for " + entry.getName().str());
  std::vector<std::string> names = paramNames(kernel, entry.arg_size());
  std::vector<LaunchParam> out;
  for (unsigned i = 0; i < entry.arg_size(); ++i) {
    llvm::Constant* c = info->getInitializer()->getAggregateElement(i);
    auto field = [&](unsigned k) -> int64_t {
      auto* v = c ? llvm::dyn_cast_or_null<llvm::ConstantInt>(c->getAggregateElement(k)) : nullptr;
      return v ? v->getSExtValue() : 0;
    };
    out.push_back(LaunchParam{names[i], field(0) == 0, (int32_t)field(1), (uint64_t)field(2)});
  }
  return out;
}

}  // namespace

llvm::Expected<std::vector<LaunchEntry>> launchEntries(llvm::Module& m, const std::string& source) {
  auto annotations = functionAnnotations(m);
  std::vector<LaunchEntry> out;
  std::map<std::string, std::string> launchOf;  // symbol -> launch symbol
  for (llvm::Function* entry : annotatedEntries(m, "sk.launch")) {
    llvm::Function* kernel = launchedKernel(*entry);
    if (!kernel) return sk::internalError(source + ": the launch entry " + entry->getName().str() + " calls no kernel");
    LaunchEntry e{entry->getName().str(), kernelNameOf(*kernel), "", {}, {}, -1};
    e.symbol = symbolOf(e.name);
    auto r = rationOf(annotations, kernel, e.name, source, e.typeOpen);
    if (!r) return r.takeError();
    e.ration = *r;
    auto params = launchParams(m, *entry, *kernel, source);
    if (!params) return params.takeError();
    e.params = std::move(*params);
    e.kfcWorkspace = kfcWorkspaceArg(*kernel);
    // overloads (CATLASS's KernelAdapter<Op>(params) and (params, syncAddr)), or names differing
    // in punctuation: the second and later entries numbered in the order the module has them
    for (int n = 2; !launchOf.emplace(e.symbol, e.launchSymbol).second; ++n)
      e.symbol = symbolOf(e.name) + "__" + std::to_string(n);
    out.push_back(std::move(e));
  }
  return out;
}

void refineKernelTypes(std::vector<LaunchEntry>& entries, llvm::Module& aic) {
  for (LaunchEntry& e : entries) {
    llvm::Function* entry = e.typeOpen ? aic.getFunction(e.launchSymbol) : nullptr;
    llvm::Function* kernel = entry ? launchedKernel(*entry) : nullptr;
    if (!kernel) continue;
    CodeKinds k = codeKindsOf(*kernel);
    if (k.cross) e.ration = {1, 2};
    else if (k.cube) e.ration = {1, 0};
    e.typeOpen = false;
  }
}

llvm::Expected<std::unique_ptr<llvm::Module>> linkLaunchEntries(std::vector<DeviceModule> modules,
                                                                const std::vector<LaunchEntry>& entries,
                                                                const std::string& source) {
  std::unique_ptr<llvm::Module> linked;
  for (DeviceModule& dm : modules) {
    llvm::Module& m = *dm.module;
    std::vector<llvm::Function*> keep;
    for (const LaunchEntry& e : entries) {
      llvm::Function* f = m.getFunction(e.launchSymbol);
      bool runsHere = dm.coreType == CoreType::AIC ? e.ration.aic > 0 : e.ration.aiv > 0;
      if (!f || !runsHere) continue;
      f->setName(e.symbol + suffixOf(dm.coreType));
      f->setComdat(nullptr);  // an instantiation's (linkonce_odr) group is named after its old name
      f->setLinkage(llvm::GlobalValue::ExternalLinkage);
      keep.push_back(f);
    }
    keepSimulatedMarks(m);
    for (const char* g : {"llvm.global.annotations", "llvm.used", "llvm.compiler.used", "llvm.global_ctors",
                          "llvm.global_dtors"})
      eraseGlobal(m, g);  // host code's constructors and the kernels' `used`: the entries need neither
    internalizeAllBut(m, keep);
    if (!linked) {
      linked = std::move(dm.module);
    } else if (llvm::Linker::linkModules(*linked, std::move(dm.module))) {
      return sk::internalError(source + ": linking the AIC and AIV device code failed");
    }
  }
  for (const LaunchEntry& e : entries) {
    // an extern "C" kernel has the entry's name: internal now, it makes way
    if (llvm::Function* kernel = linked->getFunction(e.symbol); kernel && kernel->hasLocalLinkage())
      kernel->setName(e.symbol + ".kernel");
    if (linked->getFunction(e.symbol))
      return sk::inputError(source + ": the name " + e.symbol + " is used by another function; rename it or the kernel");
    std::map<CoreType, llvm::Function*> variants;
    for (CoreType t : {CoreType::AIC, CoreType::AIV})
      if (llvm::Function* f = linked->getFunction(e.symbol + suffixOf(t))) {
        f->setLinkage(llvm::GlobalValue::InternalLinkage);
        variants[t] = f;
      }
    if (variants.empty()) return sk::internalError(source + ": no device code for the launched kernel " + e.name);
    auto params = paramArgs(*variants.begin()->second, e.name, nullptr, source);  // GM addresses (sk_ss::Entry)
    if (!params) return params.takeError();
    auto workspace = workspaceParam(*linked, params->size(), e.kfcWorkspace, e.kfcWorkspace, e.name, source);
    if (!workspace) return workspace.takeError();
    addDispatchEntry(*linked, e.symbol, variants, *params, *workspace);
  }
  dropUnreferenced(*linked);
  std::string problems;
  llvm::raw_string_ostream os(problems);
  if (llvm::verifyModule(*linked, &os)) return sk::internalError(source + ": invalid device module: " + problems);
  return linked;
}

void placeEmbeddedMetadata(llvm::Module& m, const std::string* embed) {
  if (embed) {
    llvm::Constant* text = llvm::ConstantDataArray::getString(m.getContext(), *embed, /*AddNull=*/true);
    auto* g = new llvm::GlobalVariable(m, text->getType(), /*isConstant=*/true, llvm::GlobalValue::InternalLinkage, text,
                                       "sk_embedded_metadata");
    g->setSection(SK_METADATA_SECTION);
    g->setAlignment(llvm::Align(1));
    llvm::appendToCompilerUsed(m, {g});
  }
  for (llvm::GlobalVariable& g : m.globals())
    if (g.getSection() == SK_METADATA_SECTION)
      g.setMetadata(llvm::LLVMContext::MD_exclude, llvm::MDNode::get(m.getContext(), {}));
}

llvm::Expected<std::vector<char>> emitObject(llvm::Module& m, char optLevel) {
  static const bool initialized = [] {
    llvm::InitializeNativeTarget();
    llvm::InitializeNativeTargetAsmPrinter();
    llvm::InitializeNativeTargetAsmParser();  // inline asm
    return true;
  }();
  (void)initialized;
  std::string error;
  const llvm::Target* target = llvm::TargetRegistry::lookupTarget(m.getTargetTriple(), error);
  if (!target) return sk::internalError("no code generator for " + m.getTargetTriple() + ": " + error);
  llvm::CodeGenOptLevel level = optLevel == '0' ? llvm::CodeGenOptLevel::None
                                : optLevel == '1' ? llvm::CodeGenOptLevel::Less
                                : optLevel == '3' ? llvm::CodeGenOptLevel::Aggressive
                                                  : llvm::CodeGenOptLevel::Default;
  std::unique_ptr<llvm::TargetMachine> tm(target->createTargetMachine(m.getTargetTriple(), "x86-64", "", llvm::TargetOptions(),
                                                                      llvm::Reloc::PIC_, llvm::CodeModel::Small, level));
  m.setDataLayout(tm->createDataLayout());
  llvm::SmallVector<char, 0> buffer;
  llvm::raw_svector_ostream os(buffer);
  llvm::legacy::PassManager pm;
  if (tm->addPassesToEmitFile(pm, os, nullptr, llvm::CodeGenFileType::ObjectFile))
    return sk::internalError("the code generator cannot emit an object file");
  pm.run(m);
  return std::vector<char>(buffer.begin(), buffer.end());
}

}  // namespace sk::devcc
