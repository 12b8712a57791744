// The C++ side of the ACL C API, for libraries built on it (lib/jit): the runtime and the
// captured model behind ACL handles, under the API's lock.
#pragma once
#include "acl/acl.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Support/Error.h"
#include "sk/runtime.h"

namespace sk::acl {

// Runs `fn` with the current device's runtime and the model `model` names, holding the API's
// lock. An error becomes an ACL code (bad input: ACL_ERROR_INVALID_PARAM) with the message,
// prefixed by `api`, for aclGetRecentErrMsg.
aclError withModel(aclmdlRI model, const char* api, llvm::function_ref<llvm::Error(rt::Runtime&, sim::ModelId)> fn);

// Sets the message aclGetRecentErrMsg returns next, and returns `code`.
aclError fail(aclError code, const std::string& message);

}  // namespace sk::acl
