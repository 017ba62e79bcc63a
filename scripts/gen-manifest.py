#!/usr/bin/env python3
"""tg_manifest.json: every function, type, enum and status code of the C
ABIs (tg.h with its generated tg_ops.h, and the runtime's tgrt.h with
tg_executable.h), read from the headers by clang, with their doc comments.

    gen-manifest.py AST.json OUT.json

AST.json is `clang -x c -fparse-all-comments -Xclang -ast-dump=json` of a
file that includes tg/tg.h and tgrt.h. Bindings (python/, the Node.js
client) are generated from OUT.json.
"""
import json
import os
import sys

HEADERS = ("tg.h", "tg_ops.h", "tgrt.h", "tg_executable.h")
STATUS_ENUMS = ("tg_status", "tgrt_status")


def comment_text(node):
    """The text of a node's comment (its FullComment), one line."""
    parts = []

    def walk(n):
        if n.get("kind") == "TextComment":
            parts.append(n.get("text", "").strip())
        for child in n.get("inner", []):
            walk(child)

    for child in node.get("inner", []):
        if child.get("kind") == "FullComment":
            walk(child)
    text = " ".join(p for p in parts if p)
    return text.replace("*/", "").strip(" */")


def file_of(loc, current):
    """The file after reading `loc`: clang names a file only where it
    changes from the last location it printed."""
    current = loc.get("file", current)
    for key in ("spellingLoc", "expansionLoc"):
        if key in loc:
            current = file_of(loc[key], current)
    return current


def file_after(node, current):
    """The file after every location in `node`, in the order clang prints."""
    current = file_of(node.get("loc", {}), current)
    for edge in ("begin", "end"):
        current = file_of(node.get("range", {}).get(edge, {}), current)
    for child in node.get("inner", []):
        current = file_after(child, current)
    return current


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    ast = json.load(open(sys.argv[1]))
    functions, enums, types = [], [], []
    current = ""
    for node in ast.get("inner", []):
        header = os.path.basename(file_of(node.get("loc", {}), current))
        current = file_after(node, current)
        if header not in HEADERS or node.get("isImplicit"):
            continue
        kind, name = node.get("kind"), node.get("name")
        doc = comment_text(node)
        if kind == "FunctionDecl":
            params = [{"name": p.get("name", ""), "type": p["type"]["qualType"]}
                      for p in node.get("inner", []) if p.get("kind") == "ParmVarDecl"]
            returns = node["type"]["qualType"].split("(")[0].strip()
            function = {"name": name, "returns": returns, "params": params, "doc": doc,
                        "header": header}
            # A static inline function is in the header, not the library.
            if node.get("storageClass") == "static" or node.get("inline"):
                function["inline"] = True
            functions.append(function)
        elif kind == "EnumDecl" and name:
            values, next_value = [], 0
            for constant in node.get("inner", []):
                if constant.get("kind") != "EnumConstantDecl":
                    continue
                explicit = [c for c in constant.get("inner", []) if "value" in c]
                value = int(explicit[0]["value"]) if explicit else next_value
                values.append({"name": constant["name"], "value": value,
                               "doc": comment_text(constant)})
                next_value = value + 1
            enums.append({"name": name, "doc": doc, "values": values, "header": header})
        elif kind == "TypedefDecl":
            types.append({"name": name, "kind": "typedef", "type": node["type"]["qualType"],
                          "doc": doc, "header": header})
        elif kind == "RecordDecl" and name and node.get("completeDefinition"):
            fields = [{"name": f["name"], "type": f["type"]["qualType"]}
                      for f in node.get("inner", []) if f.get("kind") == "FieldDecl"]
            types.append({"name": name, "kind": node.get("tagUsed", "struct"), "fields": fields,
                          "doc": doc, "header": header})
    status = [{"enum": e["name"], "values": e["values"]} for e in enums
              if e["name"] in STATUS_ENUMS]
    manifest = {
        "manifest_version": 1,
        "headers": list(HEADERS),
        "libraries": {"tg.h": "libtg.so", "tg_ops.h": "libtg.so", "tgrt.h": "libtgrt.so",
                      "tg_executable.h": "libtgrt.so"},
        "counts": {"functions": len(functions), "types": len(types), "enums": len(enums)},
        "status_codes": status,
        "functions": functions,
        "types": types,
        "enums": enums,
    }
    with open(sys.argv[2], "w") as f:
        json.dump(manifest, f, indent=1)
        f.write("\n")
    print(f"gen-manifest: {len(functions)} functions, {len(types)} types, {len(enums)} enums")


if __name__ == "__main__":
    main()
