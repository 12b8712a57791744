# Writes OUT = the metadata in META with "sha256" set to the SHA-256 of OBJ.
file(READ ${META} json)
file(SHA256 ${OBJ} hash)
string(JSON json SET "${json}" sha256 "\"${hash}\"")
file(WRITE ${OUT} "${json}\n")
