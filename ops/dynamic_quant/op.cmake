sk_add_op(dynamic_quant SOURCE dynamic_quant/dynamic_quant.cpp META dynamic_quant/dynamic_quant.json.in
          DTYPES float16 bfloat16)
