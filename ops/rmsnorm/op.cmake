sk_add_op(rmsnorm SOURCE rmsnorm/rmsnorm.cpp META rmsnorm/rmsnorm.json.in DTYPES float16 bfloat16)
