/* The ACL profiling API (CANN's acl/acl_prof.h, names and prototypes of its public reference):
 * a collection from aclprofStart to aclprofStop writes the device tasks that ran in it, in
 * virtual time, as an msprof-style op_summary CSV under aclprofInit's path:
 *   <path>/PROF_<nnnnnn>/mindstudio_profiler_output/op_summary.csv   (nnnnnn: 1, 2, ... per process)
 * Ranges opened by aclprofRangePushEx with tensor information name the kernels launched inside
 * them (Op Name, OP Type) in that CSV. What is not collected: AI Core metrics, AICPU, HCCL, the
 * subscription API (aclprofModelSubscribe and the aclprofGetOp* readers), msproftx stamps.
 * docs/acl_api.md lists the behaviour.
 */
#ifndef SK_ACL_ACL_PROF_H
#define SK_ACL_ACL_PROF_H

#include <stddef.h>
#include <stdint.h>

#include "acl/acl.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclprofCreateConfig's dataTypeConfig bits (accepted; every collection records the tasks) */
#define ACL_PROF_ACL_API 0x0001ULL
#define ACL_PROF_TASK_TIME 0x0002ULL
#define ACL_PROF_AICORE_METRICS 0x0004ULL
#define ACL_PROF_AICPU 0x0008ULL
#define ACL_PROF_L2CACHE 0x0010ULL
#define ACL_PROF_HCCL_TRACE 0x0020ULL
#define ACL_PROF_TRAINING_TRACE 0x0040ULL
#define ACL_PROF_MSPROFTX 0x0080ULL
#define ACL_PROF_RUNTIME_API 0x0100ULL
#define ACL_PROF_GE_API_L0 0x0200ULL
#define ACL_PROF_TASK_TIME_L0 0x0800ULL
#define ACL_PROF_TASK_MEMORY 0x1000ULL
#define ACL_PROF_TASK_TIME_L2 0x2000ULL
#define ACL_PROF_OP_ATTR 0x4000ULL
#define ACL_PROF_TASK_TIME_L3 0x8000ULL
#define ACL_PROF_GE_API_L1 0x01000000ULL
#define ACL_PROF_API_STATS 0x400000000ULL

typedef enum {
  ACL_AICORE_ARITHMETIC_UTILIZATION = 0,
  ACL_AICORE_PIPE_UTILIZATION = 1,
  ACL_AICORE_MEMORY_BANDWIDTH = 2,
  ACL_AICORE_L0B_AND_WIDTH = 3,
  ACL_AICORE_RESOURCE_CONFLICT_RATIO = 4,
  ACL_AICORE_MEMORY_UB = 5,
  ACL_AICORE_L2_CACHE = 6,
  ACL_AICORE_PIPE_EXECUTE_UTILIZATION = 7,
  ACL_AICORE_MEMORY_ACCESS = 8,
  ACL_AICORE_NONE = 0xFF
} aclprofAicoreMetrics;

typedef struct aclprofConfig aclprofConfig;
typedef struct aclprofAicoreEvents aclprofAicoreEvents;

/* aclprofRangePushEx's tensor information */
typedef struct {
  uint32_t type;      /* 0: input, 1: output */
  uint32_t format;    /* an aclFormat */
  uint32_t dataType;  /* an aclDataType */
  uint32_t shapeDim;  /* at most 8 */
  uint32_t shape[8];
} aclprofTensor;

typedef struct {
  uint64_t opNameId; /* aclprofStr2Id of the op's name */
  uint64_t opTypeId; /* aclprofStr2Id of its type */
  uint32_t resv;
  uint32_t tensorNum;
  uint32_t kernelType;
  uint32_t blockNums;
  void* stream;
  aclprofTensor* tensors;
} aclprofTensorInfo;

typedef enum { MESSAGE_TYPE_TENSOR_INFO = 0 } ProfMessageType;
#define ACL_PROF_MESSAGE_TYPE_TENSOR_INFO 0
#define ACL_PROF_EVENT_ATTR_VERSION 1

typedef struct aclprofEventAttributes {
  uint16_t version; /* ACL_PROF_EVENT_ATTR_VERSION */
  uint16_t size;    /* sizeof(aclprofEventAttributes::message) */
  uint32_t messageType;
  union Message {
    aclprofTensorInfo* tensorInfo;
  } message;
} aclprofEventAttributes;

/* Collections. aclprofInit makes the result directory if it is missing; length is strlen(path). */
aclError aclprofInit(const char* profilerResultPath, size_t length);
aclError aclprofFinalize(void);
aclprofConfig* aclprofCreateConfig(uint32_t* deviceIdList, uint32_t deviceNums, aclprofAicoreMetrics aicoreMetrics,
                                   const aclprofAicoreEvents* aicoreEvents, uint64_t dataTypeConfig);
aclError aclprofDestroyConfig(const aclprofConfig* profilerConfig);
aclError aclprofStart(const aclprofConfig* profilerConfig);
aclError aclprofStop(const aclprofConfig* profilerConfig);

/* Names: an id for a string (the same string, the same id, in this process). */
uint64_t aclprofStr2Id(const char* message);
/* Opens a range naming the kernels launched before the matching aclprofRangePop. */
aclError aclprofRangePushEx(aclprofEventAttributes* attr);
aclError aclprofRangePop(void);

#ifdef __cplusplus
}
#endif

#endif /* SK_ACL_ACL_PROF_H */
