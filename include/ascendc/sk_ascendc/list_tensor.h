// Dynamic (list) inputs: a GM descriptor of N tensors, parsed by ListTensorDesc. Layout (as
// CANN's framework writes it): uint64 word 0 = the byte offset of the data-pointer array; then per
// tensor one word (dim | index << 32) and `dim` shape words; then N uint64 GM addresses.
#ifndef SK_ASCENDC_LIST_TENSOR_H
#define SK_ASCENDC_LIST_TENSOR_H

#include "sk_ascendc/tensor.h"

namespace AscendC {

template <typename T> class TensorDesc {
 public:
  __aicore__ TensorDesc() = default;
  __aicore__ void SetShapeAddr(uint64_t* shapePtr) { shape_ = shapePtr; }
  __aicore__ uint64_t GetDim() const { return dim_; }
  __aicore__ uint64_t GetIndex() const { return index_; }
  __aicore__ uint64_t GetShape(uint32_t offset) const { return shape_ && offset < dim_ ? shape_[offset] : 0; }
  __aicore__ __gm__ T* GetDataPtr() const { return data_; }
  __aicore__ GlobalTensor<T> GetDataObj() const {
    GlobalTensor<T> t;
    uint64_t n = dim_ ? 1 : 0;
    for (uint64_t i = 0; i < dim_ && shape_; ++i) n *= shape_[i];
    t.SetGlobalBuffer(data_, n);
    return t;
  }

 private:
  friend class ListTensorDesc;
  uint64_t* shape_ = nullptr;
  uint64_t dim_ = 0, index_ = 0;
  __gm__ T* data_ = nullptr;
};

class ListTensorDesc {
 public:
  __aicore__ ListTensorDesc() = default;
  __aicore__ ListTensorDesc(__gm__ void* data, uint32_t length = 0xffffffff, uint32_t shapeSize = 0xffffffff) {
    Init(data, length, shapeSize);
  }
  __aicore__ void Init(__gm__ void* data, uint32_t length = 0xffffffff, uint32_t shapeSize = 0xffffffff) {
    words_.SetGlobalBuffer((__gm__ uint64_t*)data);
    uint64_t pointersAt = words_.GetValue(0) / sizeof(uint64_t);
    count_ = 0;
    for (uint64_t w = 1; w < pointersAt; ++count_) w += 1 + (words_.GetValue(w) & 0xffffffffu);
    pointers_ = pointersAt;
    if (shapeSize != 0xffffffff && shapeSize != count_)
      ::sk_trapf(2, "ListTensorDesc: the descriptor holds %u tensors, shapeSize says %u", count_, shapeSize);
  }
  __aicore__ uint32_t GetSize() const { return count_; }
  template <class T> __aicore__ __gm__ T* GetDataPtr(uint32_t index) const {
    check(index);
    return (__gm__ T*)words_.GetValue(pointers_ + index);
  }
  template <class T> __aicore__ void GetDesc(TensorDesc<T>& desc, uint32_t index) const {
    check(index);
    uint64_t w = 1;
    for (uint32_t i = 0; i < index; ++i) w += 1 + (words_.GetValue(w) & 0xffffffffu);
    uint64_t head = words_.GetValue(w);
    desc.dim_ = head & 0xffffffffu;
    desc.index_ = head >> 32;
    for (uint64_t d = 0; d < desc.dim_ && desc.shape_; ++d) desc.shape_[d] = words_.GetValue(w + 1 + d);
    desc.data_ = GetDataPtr<T>(index);
  }

 private:
  __aicore__ void check(uint32_t index) const {
    if (index >= count_) ::sk_trapf(2, "ListTensorDesc: index %u of %u tensors", index, count_);
  }
  GlobalTensor<uint64_t> words_;
  uint64_t pointers_ = 0;
  uint32_t count_ = 0;
};

}  // namespace AscendC

#endif /* SK_ASCENDC_LIST_TENSOR_H */
