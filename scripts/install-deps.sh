#!/usr/bin/env bash
# Installs every Debian package tinygrad-mlir needs, and the Node.js client's
# npm package (below). Idempotent: packages that are already installed are
# skipped, so a second run does nothing.
set -euo pipefail

packages=(
  # compiler toolchain: LLVM/MLIR 22 (libMLIR.so, mlir-tblgen, FileCheck, lit), clang, lld
  libmlir-22-dev mlir-22-tools llvm-22-dev llvm-22-tools clang-22 lld-22 libomp-22-dev
  # in-process linking of CPU kernels (lldELF, lldCommon)
  liblld-22-dev
  # build
  cmake ninja-build ccache
  # the tensor library: the compiled-program cache (sqlite), gzip'd datasets
  libsqlite3-dev zlib1g-dev
  # the main job's data: /usr/share/datasets/fashion-mnist
  dataset-fashion-mnist
  # the GPT example's English text: /usr/share/games/fortunes
  fortunes
  # GPU targets: Vulkan headers for the plug-in, Mesa's lavapipe (a Vulkan
  # device on the CPU) to run it, spirv-val to check SPIR-V, the HIP runtime
  # and AMDGPU device libraries for the HIP plug-in's and hsaco's checks
  libvulkan-dev mesa-vulkan-drivers spirv-tools libamdhip64-5 rocm-device-libs
  # tests
  googletest libgtest-dev python3
  # the C target's test: its runtime plug-in compiles C with cc; the test
  # reads the history of its folder
  gcc git
  # the ONNX importer (the ONNX library and protobuf) and the ONNX backend
  # test suite its conformance run reads
  libonnx-dev libprotobuf-dev libonnx-testdata
  # models made elsewhere: torch and torchvision export them to ONNX with
  # their outputs (test/onnx/models/export.py), the onnx module checks them
  python3-torch python3-torchvision python3-onnx python3-numpy
  # OpenBLAS for torch's and numpy's matmuls (tg-bench --compare): without
  # it Debian's alternatives give them the reference BLAS, ~30x slower
  libopenblas0-pthread
  # the Python package's tests, and its pip install into a virtual
  # environment (python.install)
  python3-pytest python3-venv python3-pip python3-setuptools python3-wheel
  # compiler-rt: the builtins CPU kernels are linked with (bf16 conversions
  # on machines without AVX512-BF16), the sanitizers' and libFuzzer's
  # runtimes (scripts/test.sh --sanitize, scripts/fuzz.sh)
  libclang-rt-22-dev
  # tg-compile's aarch64 objects: the cross C library and gcc to link them,
  # qemu-user to run them in the tests
  gcc-aarch64-linux-gnu libc6-dev-arm64-cross qemu-user
  # VIZ's page is opened in headless Chromium by its test
  chromium
  # the SDK's tests: a consumer built through pkg-config; the Debian
  # packages CPack makes, listed and unpacked (dpkg-dev) and checked by lintian
  pkgconf dpkg-dev lintian
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done

sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all ${#packages[@]} packages present"
else
  echo "install-deps: installing ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  if ! $sudo apt-get install -y --no-install-recommends "${missing[@]}"; then
    $sudo apt-get update
    $sudo apt-get install -y --no-install-recommends "${missing[@]}"
  fi
fi

# The Node.js client's one npm package, koffi (node/package.json, pinned by
# node/package-lock.json), into node/node_modules (git-ignored), with the
# machine's Node.js and npm (Debian's when it has none). Its
# native code comes prebuilt in its platform package (@koromix/koffi-linux-x64),
# so no install script runs. Without node and npm, or when npm fails, the
# node.* tests are reported as skipped.
node_dir=$(cd "$(dirname "$0")/../node" && pwd)
if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
  # A machine's own Node.js is kept; Debian's is installed only without one.
  $sudo apt-get install -y --no-install-recommends nodejs npm ||
    echo "install-deps: Debian's nodejs and npm could not be installed"
fi
if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
  echo "install-deps: no node or npm here: the Node.js client's tests will be skipped"
elif (cd "$node_dir" && node -e '
    const want = require("./package-lock.json").packages["node_modules/koffi"].version;
    process.exit(require("koffi").version === want ? 0 : 1);' 2>/dev/null); then
  echo "install-deps: koffi present in node/node_modules"
elif ! (cd "$node_dir" && npm ci --no-audit --no-fund --ignore-scripts); then
  echo "install-deps: npm ci in node/ failed: the Node.js client's tests will be skipped"
fi
