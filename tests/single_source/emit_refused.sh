#!/usr/bin/env bash
# Bad scalar inputs around sk_cc --emit-meta, sk_compile and sk_run: each is refused with exit 2 and
# a message naming the file and the field, and nothing is written.
# usage: emit_refused.sh BIN_DIR OUT SOURCE
set -uo pipefail
bin=$1 out=$2 src=$3
rm -rf "$out" && mkdir -p "$out"
"$bin/sk_cc" -c "$src" --emit-meta "$out/kernels" || { echo "FAIL: sk_cc --emit-meta"; exit 1; }
/usr/bin/python3 "$(dirname "$0")/complete_meta.py" "$out/kernels" || exit 1
failures=0

# refused NAME REGEX COMMAND...: exit 2, a message matching REGEX, no $out/sk_NAME written.
refused() {
  local name=$1 regex=$2
  shift 2
  local msg rc
  msg=$("$@" 2>&1)
  rc=$?
  if [[ $rc -ne 2 ]]; then echo "FAIL $name: exit $rc, expected 2: $msg"; failures=$((failures + 1)); return; fi
  if ! grep -Eq -- "$regex" <<<"$msg"; then echo "FAIL $name: no message matching $regex: $msg"; failures=$((failures + 1)); return; fi
  if [[ -e $out/sk_$name ]]; then echo "FAIL $name: $out/sk_$name was written"; failures=$((failures + 1)); return; fi
  echo "ok   $name: $msg"
}

# ops NAME SCALARS0 SCALARS1: an op list of the two kernels with those "scalars" objects.
ops() {
  printf '{"op_list": [{"bin_path": "kernels/scale_tiles.o", "scalars": %s},\n' "$2"
  printf '  {"bin_path": "kernels/add_tiles.o", "bind": {"a": "y", "b": "x", "c": "z"}, "scalars": %s}]}\n' "$3"
}
fuse() {  # fuse NAME SCALARS0 SCALARS1: sk_compile of that op list into $out/sk_NAME
  ops "$1" "$2" "$3" >"$out/$1.json"
  "$bin/sk_compile" --op-list "$out/$1.json" --name fused -o "$out/sk_$1" -q
}

refused wrong_bytes "wrong_bytes.json: op_list\[0\]\.scalars\.alpha: 2 bytes of hex but 'alpha' is 4 bytes" \
  fuse wrong_bytes '{"alpha": "0000", "tiles": 2}' '{"tiles": 2}'
refused bad_hex "bad_hex.json: op_list\[0\]\.scalars\.alpha: expected a hex string of the value's 4 bytes or a number \(float32\), got \"zz00803f\"" \
  fuse bad_hex '{"alpha": "zz00803f", "tiles": 2}' '{"tiles": 2}'
refused out_of_range "out_of_range.json: op_list\[1\]\.scalars\.tiles: expected .* \(uint32\), got -1" \
  fuse out_of_range '{"alpha": 1.5, "tiles": 2}' '{"tiles": -1}'
refused missing_value "add_tiles.json: params\[3\]\.data: missing: scalar 'tiles' of add_tiles \(op 1\) has no value; give it in the op list \(.*missing_value.json: op_list\[1\]\.scalars\.tiles\)" \
  fuse missing_value '{"alpha": 1.5, "tiles": 2}' '{}'
refused not_a_scalar "not_a_scalar.json: op_list\[0\]\.scalars\.x: 'x' is an input param, not a scalar" \
  fuse not_a_scalar '{"alpha": 1.5, "tiles": 2, "x": 1}' '{"tiles": 2}'
refused scalars_not_object "scalars_not_object.json: op_list\[0\]\.scalars: expected an object" \
  fuse scalars_not_object '[1.5, 2]' '{"tiles": 2}'
refused no_such_param "no_such_param.json: op_list\[1\]\.scalars\.beta: .*add_tiles.json has no parameter 'beta'" \
  fuse no_such_param '{"alpha": 1.5, "tiles": 2}' '{"tiles": 2, "beta": 1}'

# The metadata itself: a scalar whose bytes contradict its dtype, data that is not hex.
cp -r "$out/kernels" "$out/bad_bytes" && cp -r "$out/kernels" "$out/bad_data" || exit 1
/usr/bin/python3 - "$out" <<'PY'
import json, sys
out = sys.argv[1]
for case, change in {"bad_bytes": {"bytes": 8}, "bad_data": {"data": "00g0803f"}}.items():
    path = f"{out}/{case}/scale_tiles.json"
    m = json.load(open(path))
    m["params"][2].update(change)
    json.dump(m, open(path, "w"))
PY
refused meta_bytes "bad_bytes/scale_tiles.json: params\[2\]\.bytes: 8 disagrees with dtype float32 = 4 bytes" \
  "$bin/sk_compile" --ops "$out/bad_bytes/scale_tiles.o" -o "$out/sk_meta_bytes" -q
refused meta_data "bad_data/scale_tiles.json: params\[2\]\.data: expected a hex string of the value's bytes \(two hex digits per byte\), got 'g' at position 2" \
  "$bin/sk_compile" --ops "$out/bad_data/scale_tiles.o" -o "$out/sk_meta_data" -q
# sk_run of a kernel whose scalars have no value; then with a value file of the wrong size.
refused run_missing "scale_tiles.json: params\[2\]\.data: missing: scalar 'alpha' has no value; give it as \"data\" \(hex\) or with --input alpha=FILE.bin" \
  "$bin/sk_run" "$out/kernels/scale_tiles.json" --output-dir "$out/sk_run_missing"
printf '\x00\x00' >"$out/two_bytes.bin"
refused run_short "input alpha|--input alpha: 2 bytes given, but scalar alpha is 4 bytes" \
  "$bin/sk_run" "$out/kernels/scale_tiles.json" --input "alpha=$out/two_bytes.bin" --input "tiles=$out/two_bytes.bin" \
  --output-dir "$out/sk_run_short"
# sk_cc --emit-meta over metadata that no longer fits the kernel (a param removed): refused, kept.
cp -r "$out/kernels" "$out/stale" || exit 1
/usr/bin/python3 -c 'import json, sys; m = json.load(open(sys.argv[1])); m["params"].pop(); json.dump(m, open(sys.argv[1], "w"))' \
  "$out/stale/scale_tiles.json" || exit 1
refused stale_meta "stale/scale_tiles.json: params: 3 entries but the kernel takes 4 parameters: the kernel changed; remove the file" \
  "$bin/sk_cc" -c "$src" --emit-meta "$out/stale"
cmp -s "$out/stale/scale_tiles.o" "$out/kernels/scale_tiles.o" || { echo "FAIL stale_meta: the object was rewritten"; failures=$((failures + 1)); }
# sk_cc: -c with --emit-meta writes a directory, not one object.
refused cc_output "-o .*: -c with --emit-meta writes one object per kernel into .*; leave out -o" \
  "$bin/sk_cc" -c "$src" --emit-meta "$out/sk_cc_output" -o "$out/sk_cc_output.o"
[[ $failures -eq 0 ]] || { echo "$failures failures"; exit 1; }
echo "all refused as expected"
