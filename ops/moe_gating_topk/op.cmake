sk_add_op(moe_gating_topk SOURCE moe_gating_topk/moe_gating_topk.cpp META moe_gating_topk/moe_gating_topk.json.in
          DTYPES float16 bfloat16 float32)
