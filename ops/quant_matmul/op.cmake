# One binary per output dtype (the inputs are int8 for both): quant_matmul_<y's dtype>.
sk_add_op(quant_matmul SOURCE quant_matmul/quant_matmul.cpp META quant_matmul/quant_matmul.json.in
          DTYPES float16 bfloat16)
