# lit configuration for the tg IR and end-to-end tests.
import os

import lit.formats
from lit.llvm import llvm_config

config.name = "tinygrad-mlir"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir"]
# fuzz: the fuzz harnesses and their corpora (IR seeds are copies of tests);
# sdk, viz: inputs of CTest tests (test/CMakeLists.txt).
config.excludes = ["unit", "Inputs", "fuzz", "sdk", "viz", "lit.cfg.py", "lit.site.cfg.py", "CMakeLists.txt"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.tg_obj_root, "test")

llvm_config.use_default_substitutions()
llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)
# Scripts the tests run call the tools by name.
llvm_config.with_environment("PATH", config.tg_tools_dir, append_path=True)
# Each test compiles what it runs (and checks what compiling prints), and
# leaves the user's program cache alone: no disk cache unless a test asks.
config.environment["CACHELEVEL"] = "0"
llvm_config.add_tool_substitutions(["tg-opt", "tg-run", "tg-compile", "tg-import-onnx", "tg-cache"],
                                   [config.tg_tools_dir])

# Architecture features, and cross-compilation to aarch64 when Debian's cross
# gcc, its C library and qemu-user are installed (scripts/install-deps.sh).
import platform
import shutil

config.available_features.add(platform.machine())
# The ONNX backend test suite (Debian's libonnx-testdata), for the importer.
onnx_data = "/usr/share/libonnx-testdata/data"
if os.path.isdir(onnx_data):
    config.available_features.add("onnx-testdata")
config.substitutions.append(("%onnx_data", onnx_data))
# The x86-64 levels this CPU runs (x86-64-v3: AVX2; x86-64-v4: AVX-512), for
# tests that run code compiled for a level.
if os.path.exists("/proc/cpuinfo"):
    with open("/proc/cpuinfo") as cpuinfo:
        flags = set(next((l.split(":", 1)[1].split() for l in cpuinfo if l.startswith("flags")), []))
    for level, needs in (("x86-64-v3", {"avx2", "fma", "bmi2"}), ("x86-64-v4", {"avx512f", "avx512bw", "avx512vl", "avx512dq"})):
        if platform.machine() == "x86_64" and needs <= flags:
            config.available_features.add(level)
if (platform.machine() != "aarch64" and shutil.which("aarch64-linux-gnu-gcc")
        and shutil.which("qemu-aarch64")
        and os.path.exists("/usr/aarch64-linux-gnu/include/pthread.h")):
    config.available_features.add("aarch64-cross")

# Test helpers in Python use only its standard library.
config.substitutions.append(("%python", shutil.which("python3") or "/usr/bin/python3"))

# The C compiler of the programs tests link: against an instrumented libtgrt
# (a sanitizer build) that is clang with the same sanitizers, whose runtime
# the library needs; cc otherwise.
config.substitutions.append(
    ("%cc", "clang-22 -fsanitize=address,undefined" if config.tg_instrumented else "cc"))

# C programs that link libtgrt (GPU objects).
config.substitutions.append(("%tg_runtime_include", os.path.join(config.tg_src_root, "runtime", "include")))
config.substitutions.append(("%tg_lib_dir", os.path.join(config.tg_obj_root, "lib")))
