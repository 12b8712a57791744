// The API tiling structs kernels receive inside their tiling data (CANN generates this header
// from the high-level API's tiling definitions): plain structs, 8-byte packed, in namespace
// AscendC::tiling and, for the older spellings, at global scope.
#ifndef SK_ASCENDC_KERNEL_TILING_H
#define SK_ASCENDC_KERNEL_TILING_H

#include <cstddef>
#include <cstdint>  // std::uint32_t too: CANN's tiling data headers spell it so

namespace AscendC {
namespace tiling {
#pragma pack(push, 8)
// Matmul tiling: 50 int32 fields (sizes, single-core and base blocks, L1 steps, buffering), in
// CANN's order. One type for both sides: the host's optiling::TCubeTiling is this struct
// (tiling/matmul_tilingdata.h), so it also has the accessors of CANN's host tiling class
// (set_<field>, get_<field>, SaveToBuffer, GetDataSize); members add no bytes.
#define SK_TCUBE_TILING_FIELDS(X)                                                                   \
  X(usedCoreNum) X(M) X(N) X(Ka) X(Kb) X(singleCoreM) X(singleCoreN) X(singleCoreK) X(baseM)        \
  X(baseN) X(baseK) X(depthA1) X(depthB1) X(stepM) X(stepN) X(isBias) X(transLength) X(iterateOrder) \
  X(shareMode) X(shareL1Size) X(shareL0CSize) X(shareUbSize) X(batchM) X(batchN) X(singleBatchM)     \
  X(singleBatchN) X(stepKa) X(stepKb) X(depthAL1CacheUB) X(depthBL1CacheUB) X(dbL0A) X(dbL0B)         \
  X(dbL0C) X(ALayoutInfoB) X(ALayoutInfoS) X(ALayoutInfoN) X(ALayoutInfoG) X(ALayoutInfoD)          \
  X(BLayoutInfoB) X(BLayoutInfoS) X(BLayoutInfoN) X(BLayoutInfoG) X(BLayoutInfoD) X(CLayoutInfoB)    \
  X(CLayoutInfoS1) X(CLayoutInfoN) X(CLayoutInfoG) X(CLayoutInfoS2) X(BatchNum) X(mxTypePara)
#define SK_TCUBE_TILING_FIELD(name)                       \
  int32_t name = 0;                                       \
  void set_##name(int32_t value) { name = value; }        \
  int32_t get_##name() const { return name; }
struct TCubeTiling {
  SK_TCUBE_TILING_FIELDS(SK_TCUBE_TILING_FIELD)
  void SaveToBuffer(void* data, size_t capacity) const {
    if (data && capacity >= sizeof(TCubeTiling)) __builtin_memcpy(data, this, sizeof(TCubeTiling));
  }
  size_t GetDataSize() const { return sizeof(TCubeTiling); }
};
#undef SK_TCUBE_TILING_FIELD
static_assert(sizeof(TCubeTiling) == 50 * sizeof(int32_t), "TCubeTiling is 50 int32_t");
// What CANN's host tiling classes of these structs (optiling::PadTiling, ...) also offer: the
// bytes the kernel receives. Members add no bytes; the structs stay aggregates.
#define SK_ADV_TILING_HOST(Name)                                                      \
  void SaveToBuffer(void* data, size_t capacity) const {                              \
    if (data && capacity >= sizeof(Name)) __builtin_memcpy(data, this, sizeof(Name)); \
  }                                                                                   \
  size_t GetDataSize() const { return sizeof(Name); }
// SoftMax / SoftmaxFlash tiling.
struct SoftMaxTiling {
  uint32_t srcM = 0;
  uint32_t srcK = 0;
  uint32_t srcSize = 0;
  uint32_t outMaxM = 0;
  uint32_t outMaxK = 0;
  uint32_t outMaxSize = 0;
  uint32_t splitM = 0;
  uint32_t splitK = 0;
  uint32_t splitSize = 0;
  uint32_t reduceM = 0;
  uint32_t reduceK = 0;
  uint32_t reduceSize = 0;
  uint32_t rangeM = 0;
  uint32_t tailM = 0;
  uint32_t tailSplitSize = 0;
  uint32_t tailReduceSize = 0;
  SK_ADV_TILING_HOST(SoftMaxTiling)
};

// The tiling structs of the other high-level APIs. Our kernel-side implementations read only
// the shape fields (named below); the host functions of tiling/adv_api_tiling.h fill every
// field with the split their sizes imply.
#define SK_ADV_TILING_U32(name) uint32_t name = 0;
// LogSoftMax: the same fields as SoftMaxTiling.
struct LogSoftMaxTiling {
  uint32_t srcM = 0;
  uint32_t srcK = 0;
  uint32_t srcSize = 0;
  uint32_t outMaxM = 0;
  uint32_t outMaxK = 0;
  uint32_t outMaxSize = 0;
  uint32_t splitM = 0;
  uint32_t splitK = 0;
  uint32_t splitSize = 0;
  uint32_t reduceM = 0;
  uint32_t reduceK = 0;
  uint32_t reduceSize = 0;
  uint32_t rangeM = 0;
  uint32_t tailM = 0;
  uint32_t tailSplitSize = 0;
  uint32_t tailReduceSize = 0;
  SK_ADV_TILING_HOST(LogSoftMaxTiling)
};
// LayerNorm [B, S, H] (and DeepNorm): shape, the temporaries' split of the work buffer, rounds.
#define SK_LAYERNORM_TILING_FIELDS(X)                                                                       \
  X(bLength) X(sLength) X(hLength) X(originalHLength) X(inputXSize) X(meanVarSize) X(numberOfTmpBuf)      \
  X(firstTmpStartPos) X(secondTmpStartPos) X(thirdTmpStartPos) X(loopRound) X(inputRoundSize)             \
  X(inputTailSize) X(inputTailPos) X(meanVarRoundSize) X(meanVarTailSize) X(meanVarTailPos)               \
  X(bshCurLength) X(bsCurLength)
struct LayerNormTiling {
  SK_LAYERNORM_TILING_FIELDS(SK_ADV_TILING_U32)
  float lastDimValueBack = 0;
  SK_ADV_TILING_HOST(LayerNormTiling)
};
struct DeepNormTiling {
  SK_LAYERNORM_TILING_FIELDS(SK_ADV_TILING_U32)
  float lastDimValueBack = 0;
  SK_ADV_TILING_HOST(DeepNormTiling)
};
// LayerNormGrad / LayerNormGradBeta [B, S, H].
#define SK_LAYERNORM_GRAD_TILING_FIELDS(X)                                                                  \
  X(stackBufferSize) X(bLength) X(sLength) X(hLength) X(originalHLength) X(oneCalSize) X(nohCalSize)      \
  X(loopNum) X(tailSize) X(nohTailSize) X(tmpTensorBSHPos) X(tmpTensorBSHSize) X(pdVarTensorPos)          \
  X(pdVarTensorSize) X(pdMeanTensorPos) X(pdMeanTensorSize) X(x1TensorPos) X(x1TensorSize) X(x2TensorPos) \
  X(x2TensorSize) X(x3TensorPos) X(x3TensorSize) X(tmpTensorPos) X(tmpTensorSize) X(tmpTensor1Pos)        \
  X(tmpTensor1Size) X(tmpTensor2Pos) X(tmpTensor2Size) X(lastDimValueBack) X(lastDimValueBackMulTwo)
struct LayerNormGradTiling {
  SK_LAYERNORM_GRAD_TILING_FIELDS(SK_ADV_TILING_U32)
  SK_ADV_TILING_HOST(LayerNormGradTiling)
};
#define SK_LAYERNORM_GRAD_BETA_TILING_FIELDS(X)                                                            \
  X(stackBufferSize) X(bLength) X(sLength) X(hLength) X(originalHLength) X(bshLength) X(bsLength)         \
  X(oneCalSize) X(numberOfTmpBuf) X(loopRound) X(inputTailSize) X(inputTailPos) X(bsTailSize)            \
  X(bshCurLength) X(bsCurLength) X(gammaTempTensorPos) X(betaTempTensorPos) X(inputDyTmpTensorPos)        \
  X(resForGammaTmpTensorPos) X(reserved)
struct LayerNormGradBetaTiling {
  SK_LAYERNORM_GRAD_BETA_TILING_FIELDS(SK_ADV_TILING_U32)
  SK_ADV_TILING_HOST(LayerNormGradBetaTiling)
};
// The LayerNorm of [A, R] rows with mean and rstd outputs (LayerNormPara, LayerNormConfig).
struct LayerNormSeparateTiling {
  uint32_t aLength = 0;
  uint32_t rLength = 0;
  uint32_t halfAddRepeatTimes = 0;
  uint32_t rHeadLength = 0;
  float k2Rec = 0;
  float k2RRec = 0;
  uint32_t inputXSize = 0;
  uint32_t meanVarSize = 0;
  uint32_t numberOfTmpBuf = 0;
  uint32_t varianceTmpTensorPos = 0;
  uint32_t varianceTmpTensorSize = 0;
  uint32_t firstTmpStartPos = 0;
  uint32_t secondTmpStartPos = 0;
  uint32_t thirdTmpStartPos = 0;
  uint32_t loopRound = 0;
  uint32_t inputRoundSize = 0;
  uint32_t inputTailSize = 0;
  uint32_t inputTailPos = 0;
  uint32_t meanVarRoundSize = 0;
  uint32_t meanVarTailSize = 0;
  uint32_t meanVarTailPos = 0;
  uint32_t arCurLength = 0;
  uint32_t aCurLength = 0;
  float rValueBack = 0;
  SK_ADV_TILING_HOST(LayerNormSeparateTiling)
};
// RmsNorm [B, S, H]: rows of H per round.
struct RmsNormTiling {
  uint32_t bLength = 0;
  uint32_t sLength = 0;
  uint32_t hLength = 0;
  uint32_t originalHLength = 0;
  float reciprocalOfHLength = 0;
  uint32_t mainBshLength = 0;
  uint32_t mainBsLength = 0;
  uint32_t mainBsLengthAlign = 0;
  uint32_t loopRound = 0;
  uint32_t inputTailPos = 0;
  uint32_t tailBshLength = 0;
  uint32_t tailBsLength = 0;
  SK_ADV_TILING_HOST(RmsNormTiling)
};
// TopK: the rows and the merge-sort layout of the hardware's sequence.
#define SK_TOPK_TILING_FIELDS(X)                                                                           \
  X(tmpLocalSize) X(allDataSize) X(innerDataSize) X(sortRepeat) X(mrgSortRepeat) X(kAlignFourBytes)       \
  X(kAlignTwoBytes) X(maskOffset) X(maskVreducev2FourBytes) X(maskVreducev2TwoBytes) X(mrgSortSrc1offset)  \
  X(mrgSortSrc2offset) X(mrgSortSrc3offset) X(mrgSortTwoQueueSrc1Offset) X(mrgFourQueueTailPara1)          \
  X(mrgFourQueueTailPara2) X(srcIndexOffset) X(copyUbToUbBlockCount) X(topkMrgSrc1MaskSizeOffset)          \
  X(topkNSmallSrcIndexOffset) X(vreduceValMask0) X(vreduceValMask1) X(vreduceIdxMask0) X(vreduceIdxMask1)  \
  X(vreducehalfValMask0) X(vreducehalfValMask1) X(vreducehalfValMask2) X(vreducehalfValMask3)              \
  X(vreducehalfValMask4) X(vreducehalfValMask5) X(vreducehalfValMask6) X(vreducehalfValMask7)
struct TopkTiling {
  SK_TOPK_TILING_FIELDS(SK_ADV_TILING_U32)
  SK_ADV_TILING_HOST(TopkTiling)
};
// Pad / UnPad of a [height, width] tensor along its width.
#define SK_PAD_TILING_FIELDS(X)                                                                            \
  X(srcHeight) X(srcWidth) X(srcOriWidth) X(widthWithoutLastBlock) X(blocksPerRow) X(heightTiling)        \
  X(heightFractal) X(heightFractalTail) X(mainLoopOffset) X(tailBlockOffset) X(tmpBuffer1BlockNum)       \
  X(tmpBuffer1RowNum) X(tmpBuffer2Offset) X(widthTiling) X(widthFractal) X(widthFractalTail)             \
  X(widthFractalTailAlingned) X(brcbTiling) X(brcbFractal) X(brcbFractalTail) X(maxRepeatTimes)           \
  X(brcbTilingRepeatTimes) X(brcbTilingRepeatTimesTail) X(brcbFractalTailRepeatTimes)                     \
  X(brcbFractalTailRepeatTimesTail) X(reserved)
struct PadTiling {
  SK_PAD_TILING_FIELDS(SK_ADV_TILING_U32)
  SK_ADV_TILING_HOST(PadTiling)
};
#define SK_UNPAD_TILING_FIELDS(X)                                                                          \
  X(srcHeight) X(srcWidth) X(tmpBuffer1BlockNum) X(tmpBuffer1RowNum) X(tmpBuffer2Offset) X(widthTiling)    \
  X(widthFractal) X(widthFractalTail)
struct UnPadTiling {
  SK_UNPAD_TILING_FIELDS(SK_ADV_TILING_U32)
  SK_ADV_TILING_HOST(UnPadTiling)
};
// ConfusionTranspose (Transpose of NZ/ND blocks): its parameters by position, as CANN names them.
// Ours (GetTransposeTilingInfo): param0 the transpose type, param1 the source's dim count, param2..
// its dims ([B, N, S, H/N], [H, W] or [N, H, W]); the kernel's Transpose reads those.
struct ConfusionTransposeTiling {
  uint32_t param0 = 0, param1 = 0, param2 = 0, param3 = 0, param4 = 0, param5 = 0, param6 = 0, param7 = 0, param8 = 0;
  uint32_t param9 = 0, param10 = 0, param11 = 0, param12 = 0, param13 = 0, param14 = 0, param15 = 0, param16 = 0, param17 = 0;
  SK_ADV_TILING_HOST(ConfusionTransposeTiling)
};
#undef SK_ADV_TILING_U32
#undef SK_ADV_TILING_HOST
#pragma pack(pop)
}  // namespace tiling

namespace sk_adv {
// The SoftMax family's split of [M, K] rows: splitM rows per round as `workBytes` hold (`perRow`
// float temporaries of a row each), reduce outputs of one 32-byte block per row. The host's
// tiling functions (tiling/adv_api_tiling.h) and the kernel-side SoftMaxFlashV2TilingFuncImpl
// both fill a SoftMaxTiling-shaped struct with it.
template <typename Tiling>
constexpr void softmaxSplit(uint32_t M, uint32_t K, uint32_t dataTypeSize, uint32_t workBytes, uint32_t perRow, Tiling& t) {
  uint32_t blk = 32 / (dataTypeSize ? dataTypeSize : 4);
  t.srcM = M;
  t.srcK = K;
  t.srcSize = M * K;
  t.outMaxM = M;
  t.outMaxK = blk;
  t.outMaxSize = M * blk;
  uint64_t rowBytes = (uint64_t)perRow * (((uint64_t)K * 4 + 31) / 32 * 32);
  uint64_t split = rowBytes ? workBytes / rowBytes : workBytes;
  uint64_t most = M ? M : 1;
  split = split < 1 ? 1 : split > most ? most : split;
  t.splitM = (uint32_t)split;
  t.splitK = K;
  t.splitSize = t.splitM * K;
  t.reduceM = t.splitM;
  t.reduceK = blk;
  t.reduceSize = t.splitM * blk;
  t.rangeM = M / t.splitM;
  t.tailM = M % t.splitM;
  t.tailSplitSize = t.tailM * K;
  t.tailReduceSize = t.tailM * blk;
}
}  // namespace sk_adv
}  // namespace AscendC

using AscendC::tiling::SoftMaxTiling;
using AscendC::tiling::LogSoftMaxTiling;
using AscendC::tiling::LayerNormTiling;
using AscendC::tiling::DeepNormTiling;
using AscendC::tiling::LayerNormGradTiling;
using AscendC::tiling::LayerNormGradBetaTiling;
using AscendC::tiling::LayerNormSeparateTiling;
using AscendC::tiling::RmsNormTiling;
using AscendC::tiling::TopkTiling;
using AscendC::tiling::PadTiling;
using AscendC::tiling::UnPadTiling;
using AscendC::tiling::ConfusionTransposeTiling;
using AscendC::tiling::TCubeTiling;

#endif /* SK_ASCENDC_KERNEL_TILING_H */
