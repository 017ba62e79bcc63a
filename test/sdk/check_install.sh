#!/bin/sh
# check_install.sh BUILD_DIR C_COMPILER CXX_COMPILER
# Installs the build into a temporary prefix (cmake --install), checks what
# is where and the libraries' sonames, then builds the out-of-tree
# consumers against the prefix alone and runs them: the runtime's through
# find_package and through pkg-config, the tensor library's, the compiler's.
set -eu
build=$1 cc=$2 cxx=$3
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
prefix=$work/prefix
fail() { echo "check_install: $*" >&2; exit 1; }

cmake --install "$build" --prefix "$prefix" > "$work/install.log"
echo "installed $(wc -l < "$work/install.log") files into a temporary prefix"
for file in bin/tg-opt bin/tg-run bin/tg-compile bin/tg-import-onnx bin/tg-cache \
    include/tgrt/tgrt.h include/tgrt/tg_executable.h include/tg/tg.h include/tg/tg_ops.h \
    include/tg/tensor.h include/tg/Tensor/Tensor.h include/tg/Compiler/Compiler.h \
    include/tg/Dialect/TG/IR/TGOps.h include/tg/Dialect/TG/IR/TGOps.h.inc \
    include/tg/Target/TargetBackend.h \
    lib/cmake/TinygradMLIR/TinygradMLIRConfig.cmake \
    lib/cmake/TinygradMLIR/TinygradMLIRConfigVersion.cmake \
    lib/cmake/TinygradMLIR/TinygradMLIRTargets.cmake \
    lib/pkgconfig/tgrt.pc lib/pkgconfig/tg.pc lib/libtgrt-backend-vulkan.so; do
  [ -e "$prefix/$file" ] || fail "$file is not installed"
done
[ ! -e "$prefix/include/tgrt.h" ] || fail "tgrt.h is installed outside include/tgrt/"
for name in tgrt tg tgtensor tgcompiler; do
  library=$prefix/lib/lib$name.so
  [ -L "$library" ] && [ -f "$library.0.1.0" ] || fail "lib$name.so is not a namelink to lib$name.so.0.1.0"
  readelf -d "$library.0.1.0" | grep -q "SONAME.*\[lib$name\.so\.0\.1\]" ||
    fail "lib$name's soname is not lib$name.so.0.1"
done
echo "libraries: libtgrt, libtg, libtgtensor, libtgcompiler with sonames lib*.so.0.1"

"$prefix/bin/tg-opt" --version | grep -q "tinygrad-mlir 0.1.0" || fail "the installed tg-opt's --version"
"$prefix/bin/tg-compile" --emit=exe "$here/axpy.mlir" -o "$work/axpy.tgx"

export CACHEDB="$work/cache.db"
for consumer in runtime tensor compiler; do
  cmake -S "$here/$consumer-consumer" -B "$work/$consumer" -G Ninja \
    -DCMAKE_C_COMPILER="$cc" -DCMAKE_CXX_COMPILER="$cxx" -DCMAKE_PREFIX_PATH="$prefix" \
    > "$work/$consumer.configure.log" 2>&1 || { cat "$work/$consumer.configure.log"; fail "configuring the $consumer consumer"; }
  cmake --build "$work/$consumer" > "$work/$consumer.build.log" 2>&1 ||
    { cat "$work/$consumer.build.log"; fail "building the $consumer consumer"; }
done
"$work/runtime/run-axpy" "$work/axpy.tgx"
"$work/tensor/tensor-matmul"
"$work/compiler/compile-and-run" "$here/axpy.mlir"

# The same runtime consumer through pkg-config.
flags=$(PKG_CONFIG_PATH="$prefix/lib/pkgconfig" pkg-config --cflags --libs tgrt)
"$cc" "$here/runtime-consumer/run_axpy.c" $flags -Wl,-rpath,"$prefix/lib" -o "$work/run-axpy-pc"
"$work/run-axpy-pc" "$work/axpy.tgx"
echo "check_install: PASS"
