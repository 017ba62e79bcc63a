"""pip install ./python: the package tinygrad_mlir with the build's libraries.

The build comes first (scripts/build.sh, in ../build, or TG_BUILD_DIR). The
wheel holds the Python sources, _lowlevel.py generated from the build's
tg_manifest.json, and libtg.so, libtgrt.so and the runtime's plug-ins in
tinygrad_mlir/lib. On Debian, into a virtual environment:

    /usr/bin/python3 -m venv --system-site-packages .venv
    .venv/bin/pip install --no-index --no-build-isolation ./python
"""
import glob
import os
import re
import shutil
import subprocess
import sys

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = os.path.dirname(os.path.abspath(__file__))
BUILD = os.path.abspath(os.environ.get("TG_BUILD_DIR", os.path.join(HERE, "..", "build")))


def version():
    text = open(os.path.join(HERE, "..", "CMakeLists.txt")).read()
    return re.search(r"project\(tinygrad-mlir VERSION ([\d.]+)", text).group(1)


class BuildWithLibraries(build_py):
    """Adds the generated module and the libraries to the package."""

    def run(self):
        super().run()
        manifest = os.path.join(BUILD, "tg_manifest.json")
        libraries = [os.path.join(BUILD, "lib", name) for name in ("libtg.so", "libtgrt.so")]
        missing = [p for p in [manifest] + libraries if not os.path.exists(p)]
        if missing:
            sys.exit(f"setup.py: {', '.join(missing)} missing: build first (scripts/build.sh), "
                     "or set TG_BUILD_DIR to the build")
        package = os.path.join(self.build_lib, "tinygrad_mlir")
        os.makedirs(os.path.join(package, "lib"), exist_ok=True)
        for library in libraries + glob.glob(os.path.join(BUILD, "lib", "libtgrt-backend-*.so")):
            shutil.copy2(library, os.path.join(package, "lib"))
        subprocess.run([sys.executable, os.path.join(HERE, "gen_lowlevel.py"), manifest,
                        os.path.join(package, "_lowlevel.py"), "lib"], check=True)


setup(
    name="tinygrad_mlir",
    version=version(),
    description="tinygrad-mlir's tensor library from Python, over its C ABI",
    packages=["tinygrad_mlir"],
    python_requires=">=3.9",
    install_requires=["numpy"],
    cmdclass={"build_py": BuildWithLibraries},
    zip_safe=False,
)
