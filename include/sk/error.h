// Error kinds shared by every library. Inside the libraries errors travel as llvm::Error;
// the tools turn them into one message and an exit code at the edge (docs/architecture.md §3.6):
//   InputError  -> 2 (usage or bad input: the user must change a file, flag or field)
//   DeviceError -> 1 (the simulated device faulted, timed out or deadlocked)
//   anything else -> 1
#pragma once
#include <string>
#include <system_error>

#include "llvm/ADT/Twine.h"
#include "llvm/Support/Error.h"

namespace sk {

class InputError : public llvm::ErrorInfo<InputError> {
 public:
  static char ID;
  explicit InputError(std::string msg) : msg_(std::move(msg)) {}
  void log(llvm::raw_ostream& os) const override { os << msg_; }
  std::error_code convertToErrorCode() const override { return llvm::inconvertibleErrorCode(); }
  const std::string& text() const { return msg_; }

 private:
  std::string msg_;
};

// An error with an ACL runtime code (include/acl/acl_base.h), e.g. 507015 for an AI Core
// exception or 107000 for a bad parameter value.
class DeviceError : public llvm::ErrorInfo<DeviceError> {
 public:
  static char ID;
  DeviceError(int code, std::string msg) : code_(code), msg_(std::move(msg)) {}
  void log(llvm::raw_ostream& os) const override { os << msg_; }
  std::error_code convertToErrorCode() const override { return llvm::inconvertibleErrorCode(); }
  int code() const { return code_; }
  const std::string& text() const { return msg_; }

 private:
  int code_;
  std::string msg_;
};

inline llvm::Error inputError(const llvm::Twine& msg) { return llvm::make_error<InputError>(msg.str()); }
inline llvm::Error deviceError(int code, const llvm::Twine& msg) {
  return llvm::make_error<DeviceError>(code, msg.str());
}
inline llvm::Error internalError(const llvm::Twine& msg) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), msg);
}

// Exit code of a tool for `err` (consumes it) and writes "<tool>: error: <msg>" to stderr.
int reportAndExitCode(llvm::Error err, const char* tool);

}  // namespace sk
