#include "sk/error.h"

#include "llvm/Support/raw_ostream.h"

namespace sk {

char InputError::ID = 0;
char DeviceError::ID = 0;

int reportAndExitCode(llvm::Error err, const char* tool) {
  int code = 0;
  llvm::handleAllErrors(
      std::move(err),
      [&](const InputError& e) {
        llvm::errs() << tool << ": error: " << e.text() << "\n";
        code = 2;
      },
      [&](const DeviceError& e) {
        llvm::errs() << tool << ": device error " << e.code() << ": " << e.text() << "\n";
        code = 1;
      },
      [&](const llvm::ErrorInfoBase& e) {
        llvm::errs() << tool << ": error: " << e.message() << "\n";
        code = 1;
      });
  return code;
}

}  // namespace sk
