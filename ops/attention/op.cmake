sk_add_op(attention SOURCE attention/attention.cpp META attention/attention.json.in DTYPES float16)
