sk_add_op(concat SOURCE concat/concat.cpp META concat/concat.json.in DTYPES float16 bfloat16 float32 int8 int32)
