#!/bin/sh
# check_packages.sh BUILD_DIR
# Makes the Debian packages (cpack -G DEB), checks each one's files and
# fields with dpkg-deb, unpacks all three into a throwaway root and runs the
# tools from there, and has lintian check them (failing on its errors).
set -eu
build=$1
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "check_packages: $*" >&2; exit 1; }

(cd "$work" && cpack -G DEB --config "$build/CPackConfig.cmake" -B "$work/out" > cpack.log 2>&1) ||
  { cat "$work/cpack.log"; fail "cpack failed"; }
version=0.1.0
for component in runtime dev tools; do
  deb=$(ls "$work/out"/tinygrad-mlir-${component}_${version}_*.deb 2>/dev/null) ||
    fail "no tinygrad-mlir-$component package"
  dpkg-deb -c "$deb" | awk '{print $6}' | sed 's|^\./|/|' > "$work/$component.files"
  echo "tinygrad-mlir-$component: $(grep -cv '/$' "$work/$component.files") files," \
    "depends: $(dpkg-deb -f "$deb" Depends)"
  eval "deb_$component=\$deb"
done
has() { grep -qx "$2" "$work/$1.files" || fail "tinygrad-mlir-$1 lacks $2"; }
lacks() { ! grep -q "$2" "$work/$1.files" || fail "tinygrad-mlir-$1 has $2"; }
for name in tgrt tg tgtensor tgcompiler; do
  has runtime "/usr/lib/lib$name.so.0.1.0"
  has runtime "/usr/lib/lib$name.so.0.1"
  has dev "/usr/lib/lib$name.so"
done
has runtime /usr/lib/libtgrt-backend-vulkan.so
lacks runtime /usr/include/
lacks runtime /usr/bin/
has dev /usr/include/tgrt/tgrt.h
has dev /usr/include/tg/tensor.h
has dev /usr/lib/cmake/TinygradMLIR/TinygradMLIRConfig.cmake
has dev /usr/lib/pkgconfig/tgrt.pc
lacks dev /usr/bin/
for tool in tg-opt tg-run tg-compile tg-import-onnx tg-cache; do
  has tools "/usr/bin/$tool"
done
lacks tools /usr/include/
for component in dev tools; do
  eval "deb=\$deb_$component"
  dpkg-deb -f "$deb" Depends | grep -q "tinygrad-mlir-runtime (= $version)" ||
    fail "tinygrad-mlir-$component does not depend on tinygrad-mlir-runtime (= $version)"
done
dpkg-deb -f "$deb_runtime" Depends | grep -q "libmlir-22" ||
  fail "tinygrad-mlir-runtime does not depend on libmlir-22 (dpkg-shlibdeps)"

# Unpacked together, the tools run from the root they are in.
root=$work/root
for deb in "$deb_runtime" "$deb_dev" "$deb_tools"; do
  dpkg-deb -x "$deb" "$root"
done
"$root/usr/bin/tg-opt" --version | grep -q "tinygrad-mlir $version" || fail "the packaged tg-opt's --version"
"$root/usr/bin/tg-run" "$here/axpy.mlir" --input=1,2,3,4 --input=10,20,30,40 > "$work/axpy.out"
grep -q "\[12, 24, 36, 48\]" "$work/axpy.out" || { cat "$work/axpy.out"; fail "the packaged tg-run's result"; }
echo "unpacked into a throwaway root: tg-opt --version and tg-run axpy.mlir work from it"

# lintian: errors fail the test; its warnings are printed.
if ! command -v lintian > /dev/null; then
  fail "lintian is not installed (scripts/install-deps.sh installs it)"
fi
lintian --no-tag-display-limit "$deb_runtime" "$deb_dev" "$deb_tools" > "$work/lintian.log" 2>&1 || true
cat "$work/lintian.log"
if grep -q '^E:' "$work/lintian.log"; then
  fail "lintian reports errors"
fi
echo "check_packages: PASS ($(grep -c '^W:' "$work/lintian.log" || true) lintian warnings, no errors)"
