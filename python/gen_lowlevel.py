#!/usr/bin/env python3
"""tinygrad_mlir/_lowlevel.py from tg_manifest.json: ctypes declarations of
every function, enum and status code of the C ABIs, with their doc comments.

    gen_lowlevel.py tg_manifest.json OUT.py LIBRARY_DIR

LIBRARY_DIR is where libtg.so and libtgrt.so are (the build's lib/); the
TG_LIBRARY_DIR environment variable overrides it when the module loads.
"""
import json
import re
import sys

# C types of the manifest → ctypes.
SCALARS = {
    "void": "None",
    "_Bool": "ctypes.c_bool", "bool": "ctypes.c_bool",
    "char": "ctypes.c_char", "int": "ctypes.c_int", "unsigned int": "ctypes.c_uint",
    "int32_t": "ctypes.c_int32", "uint32_t": "ctypes.c_uint32",
    "int64_t": "ctypes.c_int64", "uint64_t": "ctypes.c_uint64",
    "size_t": "ctypes.c_size_t", "double": "ctypes.c_double", "float": "ctypes.c_float",
    "const char *": "ctypes.c_char_p", "char *": "ctypes.c_char_p",
    "void *": "ctypes.c_void_p", "const void *": "ctypes.c_void_p",
}


def ctype(c_type, enums, handles):
    c_type = c_type.strip()
    if c_type in SCALARS:
        return SCALARS[c_type]
    if c_type in enums:
        return "ctypes.c_int"
    if c_type in handles:
        return "ctypes.c_void_p"
    pointer = re.match(r"^(const )?(.*?) ?\*$", c_type)
    if pointer:
        inner = ctype(pointer.group(2), enums, handles)
        return "ctypes.c_void_p" if inner in ("None", "ctypes.c_void_p") else f"ctypes.POINTER({inner})"
    return None


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    manifest = json.load(open(sys.argv[1]))
    enums = {e["name"] for e in manifest["enums"]}
    # Opaque handles: typedefs of pointers to incomplete structs.
    handles = {t["name"] for t in manifest["types"]
               if t["kind"] == "typedef" and t["type"].startswith("struct ") and t["type"].endswith("*")}
    out = [
        '"""The C ABIs as ctypes declarations, generated from tg_manifest.json by',
        'python/gen_lowlevel.py: do not edit."""',
        "import ctypes",
        "import os",
        "",
        f"LIBRARY_DIR = os.environ.get('TG_LIBRARY_DIR', {sys.argv[3]!r})",
        "_libraries = {}",
        "",
        "",
        "def _library(name):",
        "    if name not in _libraries:",
        "        _libraries[name] = ctypes.CDLL(os.path.join(LIBRARY_DIR, name))",
        "    return _libraries[name]",
        "",
        "",
        "class Function:",
        '    """A C function of the manifest: its name, parameters (name, C type),',
        '    result C type and doc comment; calling it calls the C function."""',
        "",
        "    def __init__(self, name, library, restype, argtypes, params, returns, doc):",
        "        self.name, self.params, self.returns, self.__doc__ = name, params, returns, doc",
        "        self._c = getattr(_library(library), name)",
        "        self._c.restype, self._c.argtypes = restype, argtypes",
        "",
        "    def __call__(self, *args):",
        "        return self._c(*args)",
        "",
        "",
    ]
    for e in manifest["enums"]:
        out.append(f"# enum {e['name']}: {e['doc']}")
        for v in e["values"]:
            out.append(f"{v['name']} = {v['value']}")
        out.append(f"{e['name']} = {{{', '.join(repr(v['name']) + ': ' + str(v['value']) for v in e['values'])}}}")
        out.append("")
    out.append("functions = {}")
    skipped = []
    for f in manifest["functions"]:
        if f.get("inline"):
            continue
        restype = ctype(f["returns"], enums, handles)
        argtypes = [ctype(p["type"], enums, handles) for p in f["params"]]
        if any(t is None for t in argtypes + [restype]):
            skipped.append(f["name"])
            continue
        library = manifest["libraries"][f["header"]]
        params = [(p["name"], p["type"]) for p in f["params"]]
        out.append(f"functions[{f['name']!r}] = Function({f['name']!r}, {library!r}, {restype}, "
                   f"[{', '.join(argtypes)}], {params!r}, {f['returns']!r}, {f['doc']!r})")
    out.append("")
    out.append(f"# Functions whose types have no ctypes form here: {skipped!r}")
    out.append("")
    open(sys.argv[2], "w").write("\n".join(out))
    print(f"gen_lowlevel: {len(manifest['functions']) - len(skipped)} functions, "
          f"{len(skipped)} without a ctypes form")


if __name__ == "__main__":
    main()
