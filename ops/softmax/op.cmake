sk_add_op(softmax SOURCE softmax/softmax.cpp META softmax/softmax.json.in DTYPES float16 bfloat16 float32)
