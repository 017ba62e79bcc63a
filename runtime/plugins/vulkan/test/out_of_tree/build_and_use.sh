#!/bin/sh
# A backend plug-in built outside this tree against the installed runtime
# headers alone: installs the runtime into a temporary prefix (without its
# own Vulkan plug-in), compiles the Vulkan plug-in's source with nothing of
# ours but that prefix's include/tgrt directory, and uses it through the
# installed libtgrt, found on TGRT_BACKEND_PATH.
#   build_and_use.sh <build dir> <plug-in source> <C compiler> <C++ compiler>
# TG_SANITIZE_FLAGS: the sanitizers of an instrumented build, whose libtgrt
# needs their runtime in the program.
set -eu
build=$1; plugin_source=$2; cc=$3; cxx=$4
flags=${TG_SANITIZE_FLAGS:-}
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

cmake --install "$build" --prefix "$work/prefix" >/dev/null
rm -f "$work/prefix/lib/libtgrt-backend-vulkan.so"
ls "$work/prefix/include/tgrt"

mkdir "$work/plugins"
"$cxx" $flags -std=c++17 -shared -fPIC -O1 -I"$work/prefix/include/tgrt" \
  "$plugin_source" -o "$work/plugins/libtgrt-backend-vulkan.so" -ldl -pthread
"$cc" $flags -I"$work/prefix/include/tgrt" "$here/use_plugin.c" -o "$work/use_plugin" \
  -L"$work/prefix/lib" -ltgrt -Wl,-rpath,"$work/prefix/lib"
TGRT_BACKEND_PATH="$work/plugins" "$work/use_plugin" "$work/plugins"
