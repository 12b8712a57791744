foreach(op add mul)
  sk_add_op(${op} SOURCE elementwise/${op}.cpp META elementwise/binary.json.in DTYPES float16 bfloat16 float32)
endforeach()
sk_add_op(square SOURCE elementwise/square.cpp META elementwise/unary.json.in DTYPES float16 bfloat16 float32)
