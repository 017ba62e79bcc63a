#!/usr/bin/env python3
"""tinygrad_mlir/_lowlevel.py from tg_manifest.json: ctypes declarations of
every function, enum and status code of the C ABIs, with their doc comments.

    gen_lowlevel.py tg_manifest.json OUT.py LIBRARY_DIR

LIBRARY_DIR is where libtg.so and libtgrt.so are: the build's lib/, or a
path relative to the module (an installed package's lib/). The
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


def ctype(c_type, enums, handles, named=None):
    """The ctypes form of a C type; `named` maps the structs and function
    pointer types declared so far to their Python names."""
    c_type = re.sub(r"\s*\bconst$", "", c_type.strip())  # a const pointer is a pointer
    named = named or {}
    if c_type in SCALARS:
        return SCALARS[c_type]
    if c_type in enums or c_type.startswith("enum "):
        return "ctypes.c_int"
    if c_type in handles:
        return "ctypes.c_void_p"
    if c_type.removeprefix("struct ") in named:
        return named[c_type.removeprefix("struct ")]
    array = re.match(r"^(.*?) ?\[(\d+)\]$", c_type)
    if array:
        inner = ctype(array.group(1), enums, handles, named)
        return inner and f"({inner} * {array.group(2)})"
    pointer = re.match(r"^(const )?(.*?) ?\*$", c_type)
    if pointer:
        inner = ctype(pointer.group(2), enums, handles, named)
        if inner is None:
            return None
        return "ctypes.c_void_p" if inner in ("None", "ctypes.c_void_p") else f"ctypes.POINTER({inner})"
    return None


def declare_types(manifest, enums, handles, out):
    """ctypes.Structure classes for the structs and CFUNCTYPEs for the
    function pointer types, in the manifest's order; returns their names."""
    named = {}
    for t in manifest["types"]:
        if t["kind"] == "struct":
            fields = [(f["name"], ctype(f["type"], enums, handles, named)) for f in t["fields"]]
            if any(c is None for _, c in fields):
                continue
            out.append(f"class {t['name']}(ctypes.Structure):")
            out.append(f"    {(t['doc'] or 'struct ' + t['name'])!r}")
            out.append("    _fields_ = [" + ", ".join(f"({n!r}, {c})" for n, c in fields) + "]")
            out.append("")
            named[t["name"]] = t["name"]
        elif t["kind"] == "typedef" and "(*)" in t["type"]:
            result, params = re.match(r"^(.*?) ?\(\*\)\((.*)\)$", t["type"]).groups()
            types = [ctype(result, enums, handles, named)] + [
                ctype(p, enums, handles, named) for p in params.split(",") if p.strip()]
            if any(c is None for c in types):
                continue
            out.append(f"{t['name']} = ctypes.CFUNCTYPE({', '.join(types)})")
            out.append("")
            named[t["name"]] = t["name"]
        elif t["kind"] == "typedef" and t["type"].removeprefix("struct ") in named:
            named[t["name"]] = named[t["type"].removeprefix("struct ")]
    return named


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
        "LIBRARY_DIR = os.environ.get('TG_LIBRARY_DIR', os.path.join(",
        f"    os.path.dirname(os.path.abspath(__file__)), {sys.argv[3]!r}))",
        "_libraries = {}",
        "",
        "",
        "def _library(name):",
        "    if name not in _libraries:",
        "        # libtgrt first: libtg.so's dependency is then this one, not",
        "        # whichever its run path finds.",
        "        if name != 'libtgrt.so':",
        "            _library('libtgrt.so')",
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
    named = declare_types(manifest, enums, handles, out)
    out.append("functions = {}")
    skipped = []
    for f in manifest["functions"]:
        if f.get("inline"):
            continue
        restype = ctype(f["returns"], enums, handles, named)
        argtypes = [ctype(p["type"], enums, handles, named) for p in f["params"]]
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
