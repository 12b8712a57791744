#!/usr/bin/env bash
# Installs the Debian packages SuperKernel needs (only those missing), then configures and
# builds the project with CMake + Ninja into ./build (or $SK_BUILD_DIR).
#
#   scripts/setup.sh            install what is missing, configure, build
#   scripts/setup.sh --no-build install only
#
# Idempotent: when every package is present and the build is up to date it takes a second or two.
set -euo pipefail

repo_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build_dir=${SK_BUILD_DIR:-$repo_root/build}
do_build=1
for arg in "$@"; do
  case "$arg" in
    --no-build) do_build=0 ;;
    -h|--help) sed -n '2,9p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "ERROR: unknown argument '$arg' (see --help)" >&2; exit 2 ;;
  esac
done

# Every package the build, the tests and the examples use. Keep this the single list.
packages=(
  ca-certificates g++ cmake ninja-build pkg-config file ccache
  llvm-19-dev clang-19 lld-19 libclang-rt-19-dev
  libcli11-dev nlohmann-json3-dev googletest libgtest-dev libgmock-dev
  libboost1.81-dev libboost-context1.81-dev libboost-filesystem1.81-dev
  makeself bats python3 python3-jsonschema chromium
  python3-dev python3-venv python3-numpy python3-pytest pybind11-dev
  util-linux perl-base gzip nettle-dev
)

missing=()
for p in "${packages[@]}"; do
  status=$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null || true)
  [[ "$status" == "install ok installed" ]] || missing+=("$p")
done

if ((${#missing[@]})); then
  echo "[setup] installing: ${missing[*]}"
  if [[ $(id -u) -ne 0 ]]; then
    echo "ERROR: missing packages (${missing[*]}) and not root; run as root or install them" >&2
    exit 2
  fi
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
else
  echo "[setup] all ${#packages[@]} packages present"
fi

((do_build)) || exit 0

if [[ ! -f "$build_dir/build.ninja" ]]; then
  cmake -S "$repo_root" -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo
fi
cmake --build "$build_dir"
