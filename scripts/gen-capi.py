#!/usr/bin/env python3
"""The tensor ops of the C ABI, generated from tg::Tensor itself.

    gen-capi.py AST.json HEADER.h SOURCE.cpp

AST.json is clang's JSON AST of include/tg/Tensor/Tensor.h (`-Xclang
-ast-dump=json -Xclang -ast-dump-filter=tg::Tensor`). Every public method of
tg::Tensor whose parameter and result types have a C form becomes one C
function in HEADER.h (with the method's doc comment) and its wrapper in
SOURCE.cpp; the others are listed in the header with the type that keeps
them out. An op added to the C++ API reaches C with no hand-written step.

C forms: a Tensor is a tg_tensor handle (NULL for an optional one);
double, int64_t, bool as themselves; DType a tg_dtype; a list of ints
(Shape, std::vector<int64_t>, Axes) a pointer and a length (NULL: none, or
every axis); a list of pairs the same, flattened; std::optional<T> a
pointer to T (NULL: none); a string a const char *; a list of tensors a
pointer to handles and a length. Results come through out-pointers; every
function returns a tg_status.
"""
import json
import re
import sys


def read_ast(path):
    text = open(path).read()
    decoder = json.JSONDecoder()
    objects, i = [], 0
    while True:
        while i < len(text) and text[i].isspace():
            i += 1
        if i >= len(text):
            return objects
        obj, i = decoder.raw_decode(text, i)
        objects.append(obj)


# C++ parameter type → (C parameters, C++ expression building the argument, tag).
# In the templates, {n} is the parameter's name.
PARAMETERS = {
    "const Tensor &": (["tg_tensor {n}"], "tg::capi::tensor({n})", "tensor"),
    "Tensor": (["tg_tensor {n}"], "tg::capi::tensor({n})", "tensor"),
    "double": (["double {n}"], "{n}", "scalar"),
    "int64_t": (["int64_t {n}"], "{n}", "int"),
    "int": (["int64_t {n}"], "int({n})", "int"),
    "uint64_t": (["uint64_t {n}"], "{n}", "int"),
    "bool": (["bool {n}"], "{n}", "bool"),
    "DType": (["tg_dtype {n}"], "tg::capi::dtypeOf(&{n})", "dtype"),
    "Rounding": (["tg_rounding {n}"], "tg::capi::roundingOf(&{n})", "rounding"),
    "Shape": (["const int64_t *{n}", "size_t {n}_len"], "tg::capi::ints({n}, {n}_len)", "list"),
    "std::vector<int64_t>": (["const int64_t *{n}", "size_t {n}_len"], "tg::capi::ints({n}, {n}_len)",
                             "list"),
    "Axes": (["const int64_t *{n}", "size_t {n}_len"], "tg::capi::axes({n}, {n}_len)", "axes"),
    "std::vector<std::pair<int64_t, int64_t>>": (["const int64_t *{n}", "size_t {n}_len"],
                                                 "tg::capi::pairs({n}, {n}_len)", "pairs"),
    "std::optional<double>": (["const double *{n}"], "tg::capi::optional({n})", "scalar"),
    "std::optional<int64_t>": (["const int64_t *{n}"], "tg::capi::optional({n})", "int"),
    "std::optional<DType>": (["const tg_dtype *{n}"], "tg::capi::optionalDType({n})", "dtype"),
    "std::optional<std::vector<int64_t>>": (["const int64_t *{n}", "size_t {n}_len"],
                                            "tg::capi::optionalInts({n}, {n}_len)", "list"),
    "const std::string &": (["const char *{n}"], "tg::capi::text({n})", "text"),
    "const std::vector<Tensor> &": (["const tg_tensor *{n}", "size_t {n}_len"],
                                    "tg::capi::tensors({n}, {n}_len)", "tensors"),
}

# A parameter with a C++ default may be left out: NULL for a tensor.
OPTIONAL_EXPRESSIONS = {"tensor": "tg::capi::tensorOrNone({n})"}

# C++ result type → (C out-parameters, how the wrapper stores `result`).
RESULTS = {
    "Tensor": (["tg_tensor *out"], "return tg::capi::storeTensor(result, out);"),
    "Tensor &": (["tg_tensor *out"], "return tg::capi::storeTensor(result, out);"),
    "std::vector<Tensor>": (["tg_tensor *out", "size_t out_capacity", "size_t *out_len"],
                            "return tg::capi::storeTensors(result, out, out_capacity, out_len);"),
    "bool": (["bool *out"], "return tg::capi::storeValue(result, out);"),
    "int64_t": (["int64_t *out"], "return tg::capi::storeValue(result, out);"),
    "size_t": (["size_t *out"], "return tg::capi::storeValue(result, out);"),
    "DType": (["tg_dtype *out"], "return tg::capi::storeValue(static_cast<tg_dtype>(result), out);"),
    "void": ([], "return TG_OK;"),
}

# Methods the hand-written part of tg.h covers in a C shape of its own.
HANDWRITTEN = {"from_bytes", "shape", "dtype", "device", "str", "to_bytes", "impl", "defined",
               "operator[]"}


def split_type(qual_type):
    """'Tensor (const Tensor &, double) const' → ('Tensor', ['const Tensor &', 'double'])."""
    match = re.match(r"^(.*?) ?\((.*)\)( const)?$", qual_type)
    result, params = match.group(1).strip(), match.group(2).strip()
    depth, current, parts = 0, "", []
    for c in params:
        if c == "<":
            depth += 1
        elif c == ">":
            depth -= 1
        if c == "," and depth == 0:
            parts.append(current.strip())
            current = ""
        else:
            current += c
    if current.strip():
        parts.append(current.strip())
    return result, parts


def doc_comment(lines, line):
    """The /// lines right above source line `line` (1-based), as text."""
    comment = []
    i = line - 2
    while i >= 0 and lines[i].strip().startswith("///"):
        comment.insert(0, lines[i].strip()[3:].strip())
        i -= 1
    return " ".join(comment)


def default_text(param, source):
    """The C++ default argument of a parameter, as written ("{}", "false")."""
    span = param.get("range", {})
    begin, end = span.get("begin", {}), span.get("end", {})
    if "offset" not in begin or "offset" not in end:
        return None
    # clang's offsets count bytes, which differ from characters after any
    # non-ASCII text (a comment's "≤") earlier in the header.
    text = source[begin["offset"]:end["offset"] + end.get("tokLen", 0)].decode()
    if "=" not in text:
        return None
    # A conversion's range can end a token late (the comma or parenthesis
    # after the default).
    value = text.split("=", 1)[1].strip()
    while value.endswith((",", ";")) or value.count(")") > value.count("("):
        value = value[:-1].rstrip()
    return value


def methods(objects, source_lines):
    source = ("\n".join(source_lines) + "\n").encode()
    record = next(o for o in objects if o.get("kind") == "CXXRecordDecl"
                  and o.get("name") == "Tensor" and o.get("completeDefinition"))
    access = "private" if record.get("tagUsed") == "class" else "public"
    line = record["loc"].get("line", 0)
    found = []
    for node in record.get("inner", []):
        loc = node.get("loc", {})
        line = loc.get("line", line)
        if node.get("kind") == "AccessSpecDecl":
            access = node["access"]
            continue
        if node.get("kind") != "CXXMethodDecl" or access != "public" or node.get("isImplicit"):
            continue
        result, types = split_type(node["type"]["qualType"])
        params = [p for p in node.get("inner", []) if p.get("kind") == "ParmVarDecl"]
        names = [p.get("name") or f"arg{i}" for i, p in enumerate(params)]
        optional = [default_text(p, source) if "init" in p else None for p in params]
        found.append({
            "name": node["name"], "static": node.get("storageClass") == "static",
            "result": result, "types": types, "names": names, "optional": optional,
            "doc": doc_comment(source_lines, line),
        })
    return found


def c_names(found):
    """C function names: tg_NAME for static methods, tg_tensor_NAME for the
    others; an overload after the first adds the tags of its parameters."""
    seen = {}
    for m in found:
        base = ("tg_" if m["static"] else "tg_tensor_") + m["name"]
        tags = "_".join(PARAMETERS[t][2] for t in m["types"]) or "none"
        name = base if base not in seen else f"{base}_{tags}"
        while name in seen:
            name += "_"
        seen[name] = m
        m["c"] = name
    return found


def render(found, skipped):
    header = [
        "/* Generated by scripts/gen-capi.py from tg::Tensor (include/tg/Tensor/Tensor.h):",
        " * do not edit. Included by tg/tg.h. */",
        "#ifndef TG_TG_OPS_H",
        "#define TG_TG_OPS_H",
        "",
        "#ifdef __cplusplus",
        'extern "C" {',
        "#endif",
        "",
    ]
    source = [
        "// Generated by scripts/gen-capi.py from tg::Tensor: do not edit.",
        '#include "CAPISupport.h"',
        "",
    ]
    for m in found:
        params = [] if m["static"] else ["tg_tensor self"]
        args = []
        for t, n, default in zip(m["types"], m["names"], m["optional"]):
            c_params, expression, tag = PARAMETERS[t]
            if default is not None:
                expression = OPTIONAL_EXPRESSIONS.get(tag, expression)
            params += [p.format(n=n) for p in c_params]
            args.append(expression.format(n=n))
        outs, store = RESULTS[m["result"]]
        params += outs
        doc = m["doc"] or f"tg::Tensor::{m['name']}."
        defaults = [f"{n}={d}" for n, d in zip(m["names"], m["optional"]) if d is not None]
        if defaults:
            doc += " [defaults: " + "; ".join(defaults) + "]"
        header.append(f"/* {doc} */")
        header.append(f"TG_API tg_status {m['c']}({', '.join(params) or 'void'});")
        call = (f"tg::Tensor::{m['name']}" if m["static"]
                else f"tg::capi::tensor(self).{m['name']}")
        source.append(f"tg_status {m['c']}({', '.join(params) or 'void'}) {{")
        source.append("  return tg::capi::guard([&]() -> tg_status {")
        if m["result"] == "void":
            source.append(f"    {call}({', '.join(args)});")
        else:
            source.append(f"    auto &&result = {call}({', '.join(args)});")
        source.append(f"    {store}")
        source.append("  });")
        source.append("}")
        source.append("")
    header.append("")
    header.append("/* Not in the C ABI (a type without a C form):")
    for name, why in skipped:
        header.append(f" *   tg::Tensor::{name}: {why}")
    header += [" */", "", "#ifdef __cplusplus", "}", "#endif", "", "#endif /* TG_TG_OPS_H */", ""]
    return "\n".join(header), "\n".join(source)


def main():
    if len(sys.argv) != 5:
        sys.exit(__doc__ + "\nusage: gen-capi.py AST.json Tensor.h HEADER.h SOURCE.cpp")
    ast, tensor_h, header_path, source_path = sys.argv[1:]
    found, skipped = [], []
    for m in methods(read_ast(ast), open(tensor_h).read().splitlines()):
        if m["name"] in HANDWRITTEN:
            continue
        bad = [t for t in m["types"] if t not in PARAMETERS]
        if m["result"] not in RESULTS:
            bad.append(m["result"] + " result")
        if bad:
            skipped.append((m["name"], ", ".join(bad)))
        else:
            found.append(m)
    header, source = render(c_names(found), skipped)
    open(header_path, "w").write(header)
    open(source_path, "w").write(source)
    print(f"gen-capi: {len(found)} functions, {len(skipped)} methods without a C form")


if __name__ == "__main__":
    main()
