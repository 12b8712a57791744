// The C++ side of the ACL C API, for libraries built on it (lib/jit): the runtime and the
// captured model behind ACL handles, under the API's lock.
#pragma once
#include "acl/acl.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Support/Error.h"
#include "sk/runtime.h"
#include "sk/subkernel.h"

namespace sk::acl {

// Runs `fn` with the current device's runtime, holding the API's lock; errors as below.
aclError withRuntime(const char* api, llvm::function_ref<llvm::Error(rt::Runtime&)> fn);

// Runs `fn` with the current device's runtime and the model `model` names, holding the API's
// lock. An error becomes an ACL code (bad input: ACL_ERROR_INVALID_PARAM) with the message,
// prefixed by `api`, for aclGetRecentErrMsg.
aclError withModel(aclmdlRI model, const char* api, llvm::function_ref<llvm::Error(rt::Runtime&, sim::ModelId)> fn);

// aclrtLaunchKernel with the arguments from the host (so it may be captured without a copy) and
// this launch's own metadata (shapes per call) for fusing a capture of it.
aclError launchKernel(aclrtFuncHandle f, uint32_t numBlocks, std::vector<uint64_t> args, aclrtStream stream,
                      uint64_t tilingKey, std::shared_ptr<const subkernel::KernelMeta> metadata);

// Sets the message aclGetRecentErrMsg returns next, and returns `code`.
aclError fail(aclError code, const std::string& message);

}  // namespace sk::acl
