#include "sk/device_imports.h"

#include "llvm/ADT/STLExtras.h"
#include "sk/error.h"

namespace sk::subkernel {

const std::vector<std::string>& intrinsicNames() {
  static const std::vector<std::string> names = {
      "sk_block_idx", "sk_block_num", "sk_sub_block_idx", "sk_sub_block_num", "sk_core_type",
      "sk_ub_base", "sk_ub_size", "sk_local_base", "sk_local_size", "sk_local_physical_size", "sk_cycles", "sk_core_state", "sk_block_local", "sk_ssbuf_at",
      "sk_tiling_key", "sk_data_copy", "sk_data_copy_2d", "sk_scalar_copy", "sk_scalar_atomic", "sk_local_static", "sk_local_static_mark", "sk_local_static_release", "sk_scalar", "sk_scalar_cost", "sk_set_atomic",
      "sk_l2_mode", "sk_set_flag", "sk_wait_flag", "sk_pipe_barrier", "sk_pipe_done", "sk_pipe_wait",
      "sk_sync_all", "sk_sync_all_of_type", "sk_wait_pre_task_end", "sk_set_next_task_start", "sk_trap", "sk_trapf",
      "sk_assert_fail", "sk_printf", "sk_vec", "sk_vec_axpy", "sk_vec_mixed", "sk_vec_convert", "sk_vec_whole_reduce",
      "sk_vec_block_reduce", "sk_vec_pair_reduce", "sk_vec_reduce_all", "sk_vec_compare", "sk_vec_select", "sk_set_cmpmask", "sk_get_cmpmask",
      "sk_vec_gather", "sk_vec_scatter", "sk_vec_gatherb", "sk_vec_gather_mask", "sk_vec_brcb", "sk_vec_transpose16", "sk_vec_transpose_list",
      "sk_vec_charge", "sk_vec_index", "sk_reg_load", "sk_reg_store", "sk_reg_mask", "sk_reg_op",
      "sk_reg_reduce", "sk_reg_compare", "sk_reg_select", "sk_reg_permute", "sk_reg_reduce_groups", "sk_reg_load_blocks", "sk_reg_store_blocks",
      "sk_reg_gather_ub", "sk_reg_scatter_ub", "sk_reg_store_unaligned", "sk_reg_histogram", "sk_reg_cast", "sk_set_vector_mask", "sk_set_mask_mode", "sk_get_acc_val", "sk_get_max_min_count",
      "sk_set_deq_scale", "sk_get_rsvd_cnt", "sk_vec_binary", "sk_vec_scalar", "sk_vec_unary",
      "sk_vec_reduce", "sk_vec_cast", "sk_vec_dup", "sk_cube_mmad", "sk_launch_arg", "sk_call_kernel",
      "sk_task_wait", "sk_task_enter", "sk_task_exit", "sk_copy_nd2nz", "sk_load_2d", "sk_load_2d_transpose", "sk_img2col", "sk_mmad", "sk_fixpipe",
      "sk_load_2d_sparse", "sk_mmad_sparse", "sk_mmad_mixed", "sk_load_mx_scales",
      "sk_local_fill", "sk_cross_set", "sk_cross_wait", "sk_ib_set", "sk_ib_wait", "sk_group_arrive", "sk_group_wait", "__extendhfsf2", "__truncsfhf2", "__truncdfhf2",
      "__truncsfbf2", "__truncdfbf2"};
  return names;
}

const std::vector<std::string>& allowedHostImports() {
  static const std::vector<std::string> names = {
      "memcpy", "memset", "memmove", "memcmp", "bcmp", "sqrtf", "sqrt", "expf", "exp", "exp2f", "exp2", "logf",
      "log", "log2f", "log2", "powf", "pow", "fabsf", "fabs", "floorf", "floor", "ceilf", "ceil", "roundf",
      "round", "truncf", "trunc", "fmaxf", "fmax", "fminf", "fmin", "fmodf", "fmod", "tanhf", "tanh", "sinf",
      "sin", "cosf", "cos", "erff", "erf", "nearbyintf", "rintf", "tanf", "tan", "asinf", "asin", "acosf",
      "acos", "atanf", "atan", "sinhf", "sinh", "coshf", "cosh", "asinhf", "asinh", "atanhf", "atanh", "erfcf", "erfc"};
  return names;
}

bool isIntrinsicName(llvm::StringRef name) { return llvm::is_contained(intrinsicNames(), name); }

llvm::Error checkImports(const ObjectInfo& info, const std::string& origin) {
  for (const std::string& u : info.undefinedSymbols) {
    if (u == "_GLOBAL_OFFSET_TABLE_" || isIntrinsicName(u) || llvm::is_contained(allowedHostImports(), u)) continue;
    std::string allowed;
    for (const std::string& h : allowedHostImports()) allowed += (allowed.empty() ? "" : ", ") + h;
    return sk::inputError(origin + ": undefined symbol '" + u + "' is neither an sk_* intrinsic nor on the allow-list (" +
                          allowed + "): kernels reach the device only through intrinsics");
  }
  for (const std::string& g : info.definedGlobals)
    if (isIntrinsicName(g))
      return sk::inputError(origin + ": defines '" + g + "', the name of an intrinsic: rename it");
  return llvm::Error::success();
}

}  // namespace sk::subkernel
