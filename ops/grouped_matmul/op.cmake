sk_add_op(grouped_matmul SOURCE grouped_matmul/grouped_matmul.cpp META grouped_matmul/grouped_matmul.json.in
          DTYPES float16 bfloat16)
