/* ACL-style C API of the SuperKernel runtime (docs/acl_api.md). Prototypes and error codes follow
 * the public CANN runtime (names, prototypes and codes of its public headers), so CANN sample code ports by swapping this
 * header and linking libsk_acl. Deviations are listed in docs/acl_api.md.
 *
 * One simulated device (id 0). Its architecture is dav-2201 unless the environment variable
 * SK_ARCH names another (dav-3510, or the path of an arch JSON), or aclInit's config file
 * says {"superkernel": {"arch": "..."}}.
 */
#ifndef SK_ACL_ACL_H
#define SK_ACL_ACL_H

#include <stddef.h>
#include <stdint.h>

#include "acl/acl_base.h"

#ifdef __cplusplus
// CANN's host headers bring the C++ streams in; sample programs use std::cout without including them.
#include <iostream>
#endif

#ifdef __cplusplus
extern "C" {
#endif

typedef int aclError;
typedef void* aclrtStream;
typedef void* aclrtContext;
typedef void* aclrtEvent;
typedef void* aclrtBinHandle;
typedef void* aclrtFuncHandle;
typedef void* aclmdlRI;  /* a captured model runtime instance */

typedef enum {
  ACL_MODEL_RI_CAPTURE_MODE_GLOBAL = 0,   /* no thread may call unsafe APIs */
  ACL_MODEL_RI_CAPTURE_MODE_THREAD_LOCAL, /* the capturing thread may not; others may */
  ACL_MODEL_RI_CAPTURE_MODE_RELAXED,      /* everyone may */
} aclmdlRICaptureMode;

typedef enum {
  ACL_MODEL_RI_CAPTURE_STATUS_NONE = 0,   /* the stream is not being captured */
  ACL_MODEL_RI_CAPTURE_STATUS_ACTIVE,     /* being captured */
  ACL_MODEL_RI_CAPTURE_STATUS_INVALIDATED /* the capture failed: aclmdlRICaptureEnd reports it */
} aclmdlRICaptureStatus;
typedef int32_t rtError_t;
typedef void* rtStream_t;

/* ---- memory ---- */
typedef enum aclrtMemMallocPolicy {
  ACL_MEM_MALLOC_HUGE_FIRST,
  ACL_MEM_MALLOC_HUGE_ONLY,
  ACL_MEM_MALLOC_NORMAL_ONLY,
  ACL_MEM_MALLOC_HUGE_FIRST_P2P,
  ACL_MEM_MALLOC_HUGE_ONLY_P2P,
  ACL_MEM_MALLOC_NORMAL_ONLY_P2P,
  ACL_MEM_MALLOC_HUGE1G_ONLY,
  ACL_MEM_MALLOC_HUGE1G_ONLY_P2P,
  ACL_MEM_TYPE_LOW_BAND_WIDTH = 0x0100,
  ACL_MEM_TYPE_HIGH_BAND_WIDTH = 0x1000,
  ACL_MEM_ACCESS_USER_SPACE_READONLY = 0x100000
} aclrtMemMallocPolicy;

typedef enum aclrtMemcpyKind {
  ACL_MEMCPY_HOST_TO_HOST,
  ACL_MEMCPY_HOST_TO_DEVICE,
  ACL_MEMCPY_DEVICE_TO_HOST,
  ACL_MEMCPY_DEVICE_TO_DEVICE,
  ACL_MEMCPY_DEFAULT,
  ACL_MEMCPY_HOST_TO_BUF_TO_DEVICE,
  ACL_MEMCPY_INNER_DEVICE_TO_DEVICE,
  ACL_MEMCPY_INTER_DEVICE_TO_DEVICE
} aclrtMemcpyKind;

/* ---- binaries ---- */
#define ACL_RT_BINARY_MAGIC_ELF_AICORE 0x43554245U
#define ACL_RT_BINARY_MAGIC_ELF_VECTOR_CORE 0x41415246U
#define ACL_RT_BINARY_MAGIC_ELF_CUBE_CORE 0x41494343U

typedef enum aclrtBinaryLoadOptionType {
  ACL_RT_BINARY_LOAD_OPT_LAZY_LOAD = 1,
  ACL_RT_BINARY_LOAD_OPT_LAZY_MAGIC = 2,
  ACL_RT_BINARY_LOAD_OPT_MAGIC = 2,
  ACL_RT_BINARY_LOAD_OPT_CPU_KERNEL_MODE = 3
} aclrtBinaryLoadOptionType;

typedef union aclrtBinaryLoadOptionValue {
  uint32_t isLazyLoad;
  uint32_t magic;
  int32_t cpuKernelMode;
  uint32_t rsv[4];
} aclrtBinaryLoadOptionValue;

typedef struct {
  aclrtBinaryLoadOptionType type;
  aclrtBinaryLoadOptionValue value;
} aclrtBinaryLoadOption;

typedef struct aclrtBinaryLoadOptions {
  aclrtBinaryLoadOption* options;
  size_t numOpt;
} aclrtBinaryLoadOptions;

/* ---- legacy rt registration path ---- */
typedef struct tagRtDevBinary {
  uint32_t magic;
  uint32_t version;
  const void* data;
  uint64_t length;
} rtDevBinary_t;
typedef struct rtSmDesc rtSmDesc_t;

#define RT_DEV_BINARY_MAGIC_ELF 0x43554245U
#define RT_DEV_BINARY_MAGIC_ELF_AICPU 0x41415243U
#define RT_DEV_BINARY_MAGIC_ELF_AIVEC 0x41415246U
#define RT_DEV_BINARY_MAGIC_ELF_AICUBE 0x41494343U

/* ---- initialisation and devices ---- */
aclError aclInit(const char* configPath);
aclError aclFinalize(void);
aclError aclrtSetDevice(int32_t deviceId);
aclError aclrtResetDevice(int32_t deviceId);
aclError aclrtGetDevice(int32_t* deviceId);
aclError aclrtGetDeviceCount(uint32_t* count);
aclError aclrtSynchronizeDevice(void);
const char* aclrtGetSocName(void);
/* The cube/vector sync address kernels pass to AscendC::SetSyncBaseAddr (A2/A3; not on dav-3510). */
aclError aclrtGetHardwareSyncAddr(void** addr);
aclError aclrtCreateContext(aclrtContext* context, int32_t deviceId);
aclError aclrtDestroyContext(aclrtContext context);
aclError aclrtSetCurrentContext(aclrtContext context);
aclError aclrtGetCurrentContext(aclrtContext* context);

/* ---- half-precision values on the host (acl_base.h) ---- */
typedef uint16_t aclFloat16;
aclFloat16 aclFloatToFloat16(float value);
float aclFloat16ToFloat(aclFloat16 value);

/* ---- streams ---- */
aclError aclrtCreateStream(aclrtStream* stream);
aclError aclrtDestroyStream(aclrtStream stream);
aclError aclrtSynchronizeStream(aclrtStream stream);

/* ---- memory ---- */
aclError aclrtMalloc(void** devPtr, size_t size, aclrtMemMallocPolicy policy);
aclError aclrtMallocHost(void** hostPtr, size_t size);
aclError aclrtFree(void* devPtr);
aclError aclrtFreeHost(void* hostPtr);
aclError aclrtMemcpy(void* dst, size_t destMax, const void* src, size_t count, aclrtMemcpyKind kind);
aclError aclrtMemcpyAsync(void* dst, size_t destMax, const void* src, size_t count, aclrtMemcpyKind kind,
                          aclrtStream stream);
aclError aclrtMemset(void* devPtr, size_t maxCount, int32_t value, size_t count);
aclError aclrtMemsetAsync(void* devPtr, size_t maxCount, int32_t value, size_t count, aclrtStream stream);

/* ---- events ---- */
aclError aclrtCreateEvent(aclrtEvent* event);
#define ACL_EVENT_SYNC 0x00000001U
#define ACL_EVENT_CAPTURE_STREAM_PROGRESS 0x00000002U
#define ACL_EVENT_TIME_LINE 0x00000008U
#define ACL_EVENT_DEVICE_USE_ONLY 0x00000010U
#define ACL_EVENT_EXTERNAL 0x00000020U
#define ACL_EVENT_IPC 0x00000040U
aclError aclrtCreateEventWithFlag(aclrtEvent* event, uint32_t flag);
aclError aclrtCreateEventExWithFlag(aclrtEvent* event, uint32_t flag);
aclError aclrtRecordEvent(aclrtEvent event, aclrtStream stream);
aclError aclrtStreamWaitEvent(aclrtStream stream, aclrtEvent event);
aclError aclrtSynchronizeEvent(aclrtEvent event);
aclError aclrtEventElapsedTime(float* ms, aclrtEvent startEvent, aclrtEvent endEvent);
aclError aclrtDestroyEvent(aclrtEvent event);

/* Stream capture and replay (docs/acl_api.md) */
aclError aclmdlRICaptureBegin(aclrtStream stream, aclmdlRICaptureMode mode);
aclError aclmdlRICaptureEnd(aclrtStream stream, aclmdlRI* modelRI);
aclError aclmdlRICaptureGetInfo(aclrtStream stream, aclmdlRICaptureStatus* status, aclmdlRI* modelRI);
aclError aclmdlRICaptureThreadExchangeMode(aclmdlRICaptureMode* mode);
aclError aclmdlRIExecuteAsync(aclmdlRI modelRI, aclrtStream stream);
aclError aclmdlRIDestroy(aclmdlRI modelRI);
aclError aclmdlRIDebugJsonPrint(aclmdlRI modelRI, const char* path, uint32_t flags);

/* SuperKernel on a captured model (docs/acl_api.md): mark scopes while capturing, then fuse
   each into one super kernel. A NULL scope name marks a region not to fuse. */
typedef struct aclskOptions {
  const char* superKernelOptions; /* sk_compile's --options, "key=value:..."; NULL: the defaults */
} aclskOptions;
aclError aclskScopeBegin(const char* scopeName, aclrtStream stream);
aclError aclskScopeEnd(const char* scopeName, aclrtStream stream);
aclError aclskOptimize(aclmdlRI modelRI, const aclskOptions* options);

/* ---- kernels ---- */
aclError aclrtBinaryLoadFromFile(const char* binPath, aclrtBinaryLoadOptions* options, aclrtBinHandle* binHandle);
aclError aclrtBinaryLoadFromData(const void* data, size_t length, const aclrtBinaryLoadOptions* options,
                                 aclrtBinHandle* binHandle);
aclError aclrtBinaryGetFunction(const aclrtBinHandle binHandle, const char* kernelName, aclrtFuncHandle* funcHandle);
aclError aclrtBinaryUnLoad(aclrtBinHandle binHandle);
/* argsData: device memory holding the packed arguments (one 8-byte device address each). */
aclError aclrtLaunchKernel(aclrtFuncHandle funcHandle, uint32_t numBlocks, const void* argsData, size_t argsSize,
                           aclrtStream stream);

rtError_t rtDevBinaryRegister(const rtDevBinary_t* bin, void** hdl);
// The C2C (core-to-core) control address CANN's MIX kernels take as a hidden first argument. A
// launch may pass it first; the runtime drops it (the simulated cores synchronise without it).
rtError_t rtGetC2cCtrlAddr(uint64_t* addr, uint32_t* len);
rtError_t rtDevBinaryUnRegister(void* hdl);
rtError_t rtFunctionRegister(void* binHandle, const void* stubFunc, const char* stubName, const void* kernelInfoExt,
                             uint32_t funcMode);
/* args: host buffer holding the packed arguments; copied at the call. */
rtError_t rtKernelLaunch(const void* stubFunc, uint32_t numBlocks, void* args, uint32_t argsSize, rtSmDesc_t* smDesc,
                         rtStream_t stm);

/* ---- errors ---- */
const char* aclGetRecentErrMsg(void);
typedef enum aclrtLastErrLevel { ACL_RT_THREAD_LEVEL = 0 } aclrtLastErrLevel;
aclError aclrtGetLastError(aclrtLastErrLevel level);   /* the thread's last error code, then cleared */
aclError aclrtPeekAtLastError(aclrtLastErrLevel level);

#ifdef __cplusplus
}
#endif

#endif /* SK_ACL_ACL_H */
