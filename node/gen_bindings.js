#!/usr/bin/env node
'use strict';
/* tinygrad_mlir/lowlevel.js from tg_manifest.json: koffi declarations of
 * every function, type, enum and status code of the C ABIs, with their doc
 * comments (the Node.js twin of python/gen_lowlevel.py).
 *
 *     node gen_bindings.js tg_manifest.json OUT.js LIBRARY_DIR
 *
 * LIBRARY_DIR is where libtg.so and libtgrt.so are (the build's lib/); the
 * TG_LIBRARY_DIR environment variable overrides it when the module loads.
 *
 * C types → koffi: enums are ints; an opaque handle (a typedef of a pointer
 * to an incomplete struct) is a pointer to a koffi.opaque, so handles are
 * BigInts in JS; structs are koffi.struct; a function pointer typedef is a
 * pointer to a koffi.proto. A `const T *` parameter is input (a JS array,
 * a typed array, or an object for a struct); a `T *` one to a number or a
 * handle is in/out (a one-element array like [null] gets the result), to a
 * struct it is out (an object gets the fields); `char *` and `void *` take a
 * Buffer or a typed array that the function writes into.
 */
const fs = require('fs');

const USAGE = 'usage: node gen_bindings.js tg_manifest.json OUT.js LIBRARY_DIR';

// C scalars → koffi's names.
const SCALARS = {
  'void': 'void', '_Bool': 'bool', 'bool': 'bool', 'char': 'char',
  'int': 'int', 'unsigned int': 'unsigned int',
  'int8_t': 'int8_t', 'uint8_t': 'uint8_t', 'int16_t': 'int16_t', 'uint16_t': 'uint16_t',
  'int32_t': 'int32_t', 'uint32_t': 'uint32_t', 'int64_t': 'int64_t', 'uint64_t': 'uint64_t',
  'size_t': 'size_t', 'double': 'double', 'float': 'float',
};

/** The koffi form of a C type: {code, kind} where code is a JS expression
 * (a string literal of a koffi type, or a koffi.* call) and kind tells how a
 * parameter of that type passes ('in', 'inout', 'out'); or {error}. */
function mapType(cType, known) {
  // Qualifiers of the pointer itself ("void *const *") change nothing here.
  const c = cType.trim().replace(/\*\s*const\b/g, '*').replace(/\s+/g, ' ');
  if (c in SCALARS)
    return { code: JSON.stringify(SCALARS[c]), kind: 'in', koffi: SCALARS[c] };
  if (known.enums.has(c) || known.handles.has(c) || known.structs.has(c) || known.functionPointers.has(c))
    return { code: JSON.stringify(c), kind: 'in', koffi: c, named: c };
  if (c === 'const char *')
    return { code: JSON.stringify('const char *'), kind: 'in', koffi: 'const char *' };
  const array = c.match(/^(.*?) ?\[(\d+)\]$/);
  if (array) {
    const inner = mapType(array[1], known);
    if (inner.error)
      return inner;
    return { code: `koffi.array(${inner.code}, ${array[2]})`, kind: 'in' };
  }
  const pointer = c.match(/^(const )?(.*?) ?\*$/);
  if (pointer) {
    const isConst = Boolean(pointer[1]);
    const inner = mapType(pointer[2], known);
    if (inner.error)
      return { error: `${cType}: ${inner.error}` };
    if (inner.koffi === undefined)
      return { error: `${cType}: a pointer to an array type` };
    const spelled = `${isConst ? 'const ' : ''}${inner.koffi}${inner.koffi.endsWith('*') ? '*' : ' *'}`;
    // Buffers: the caller's memory, written in place.
    if (inner.koffi === 'void' || inner.koffi === 'char' || isConst)
      return { code: JSON.stringify(spelled), kind: 'in', koffi: spelled };
    if (inner.named && known.structs.has(inner.named))
      return { code: `koffi.out(${JSON.stringify(spelled)})`, kind: 'out', koffi: spelled };
    return { code: `koffi.inout(${JSON.stringify(spelled)})`, kind: 'inout', koffi: spelled };
  }
  return { error: `${cType}: no koffi form` };
}

/** 'R (*)(A, B)' → {returns, params} (no nested function pointers). */
function parseFunctionPointer(cType) {
  const match = cType.match(/^(.*?) ?\(\*\)\((.*)\)$/);
  if (!match)
    return null;
  const params = match[2].trim() === '' || match[2].trim() === 'void' ? [] : match[2].split(',').map((p) => p.trim());
  return { returns: match[1].trim(), params };
}

function main() {
  if (process.argv.length !== 5) {
    console.error(USAGE);
    process.exit(2);
  }
  const [manifestPath, outPath, libraryDir] = process.argv.slice(2);
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8'));
  const known = { enums: new Set(), handles: new Set(), structs: new Set(), functionPointers: new Set() };
  for (const e of manifest.enums)
    known.enums.add(e.name);

  const out = [];
  const emit = (line = '') => out.push(line);
  const q = (value) => JSON.stringify(value);
  emit("'use strict';");
  emit('/* The C ABIs as koffi declarations, generated from tg_manifest.json by');
  emit(' * node/gen_bindings.js: do not edit. */');
  emit("const path = require('path');");
  emit("const koffi = require('koffi');");
  emit('');
  emit(`const LIBRARY_DIR = process.env.TG_LIBRARY_DIR || ${q(libraryDir)};`);
  emit('const libraries = {};');
  emit('function library(name) {');
  emit('  if (!(name in libraries))');
  emit('    libraries[name] = koffi.load(path.join(LIBRARY_DIR, name));');
  emit('  return libraries[name];');
  emit('}');
  emit('');
  emit('/** A C function of the manifest: calling it calls the C function; its');
  emit(' * cName, params ([name, C type]), returns (C type), doc, header and');
  emit(' * library are properties. */');
  emit('const functions = {};');
  emit('function declare(name, header, lib, restype, argtypes, params, returns, doc) {');
  emit('  const fn = library(lib).func(name, restype, argtypes);');
  emit('  Object.assign(fn, { cName: name, header, library: lib, params, returns, doc });');
  emit('  functions[name] = fn;');
  emit('  exports[name] = fn;');
  emit('}');
  emit('');
  emit(`exports.LIBRARY_DIR = LIBRARY_DIR;`);
  emit(`exports.koffi = koffi;`);
  emit(`exports.library = library;`);
  emit(`exports.functions = functions;`);
  emit(`exports.manifestVersion = ${q(manifest.manifest_version)};`);
  emit('');

  // Enums: each value as a constant, and each enum as an object of them.
  emit('// Enums (status codes among them): each value, and NAME → {VALUE: number}.');
  emit('const enums = {};');
  for (const e of manifest.enums) {
    emit(`// enum ${e.name}: ${e.doc.replace(/\n/g, ' ')}`);
    const values = {};
    for (const v of e.values) {
      emit(`exports.${v.name} = ${v.value};`);
      values[v.name] = v.value;
    }
    emit(`enums[${q(e.name)}] = exports[${q(e.name)}] = Object.freeze(${q(values)});`);
  }
  emit('exports.enums = enums;');
  const statusEnums = (manifest.status_codes || []).map((s) => s.enum);
  emit(`exports.statusEnums = ${q(statusEnums)};`);
  emit('');

  // Types, in the manifest's order (a struct's fields name earlier types).
  emit('// Types: enums are ints, handles pointers to opaque structs; the koffi');
  emit('// type objects by C name, with each one\'s doc.');
  emit('const types = {};');
  emit('const typeDocs = {};');
  const skippedTypes = [];
  const declaredOpaque = new Set();
  for (const t of manifest.types) {
    const doc = (t.doc || '').replace(/\n/g, ' ');
    if (t.kind === 'struct') {
      const fields = [];
      let error = null;
      for (const f of t.fields) {
        const mapped = mapType(f.type, known);
        if (mapped.error || mapped.kind !== 'in') {
          error = mapped.error || `${f.type}: a non-const pointer field`;
          break;
        }
        fields.push(`${q(f.name)}: ${mapped.code}`);
      }
      if (error) {
        skippedTypes.push([t.name, error]);
        continue;
      }
      known.structs.add(t.name);
      emit(`types[${q(t.name)}] = koffi.struct(${q(t.name)}, { ${fields.join(', ')} });`);
    } else if (t.kind === 'typedef') {
      const type = t.type.trim();
      if (type.startsWith('enum ')) {
        known.enums.add(t.name);
        emit(`types[${q(t.name)}] = koffi.alias(${q(t.name)}, 'int');`);
      } else if (/^struct \w+ ?\*$/.test(type)) {
        const tag = type.match(/^struct (\w+)/)[1];
        known.handles.add(t.name);
        if (!declaredOpaque.has(tag)) {
          emit(`koffi.opaque(${q(tag)});`);
          declaredOpaque.add(tag);
        }
        emit(`types[${q(t.name)}] = koffi.pointer(${q(t.name)}, ${q(tag)});`);
      } else if (/^struct \w+$/.test(type)) {
        const tag = type.slice('struct '.length);
        if (tag !== t.name) {
          if (!known.structs.has(tag)) {
            skippedTypes.push([t.name, `${type}: the struct is not in the manifest`]);
            continue;
          }
          known.structs.add(t.name);
          emit(`types[${q(t.name)}] = koffi.alias(${q(t.name)}, ${q(tag)});`);
        }
      } else if (parseFunctionPointer(type)) {
        const fp = parseFunctionPointer(type);
        const mapped = [fp.returns, ...fp.params].map((p) => mapType(p, known));
        const bad = mapped.find((m) => m.error);
        if (bad) {
          skippedTypes.push([t.name, bad.error]);
          continue;
        }
        // Callback parameters arrive as given (pointers as BigInts): no direction.
        const args = mapped.slice(1).map((m) => q(m.koffi));
        known.functionPointers.add(t.name);
        emit(`types[${q(t.name)}] = koffi.pointer(${q(t.name)}, koffi.proto(${q(t.name + '_proto')}, ${q(mapped[0].koffi)}, [${args.join(', ')}]));`);
      } else {
        const mapped = mapType(type, known);
        if (mapped.error || mapped.koffi === undefined) {
          skippedTypes.push([t.name, mapped.error || `${type}: no koffi form`]);
          continue;
        }
        emit(`types[${q(t.name)}] = koffi.alias(${q(t.name)}, ${q(mapped.koffi)});`);
      }
    } else {
      skippedTypes.push([t.name, `a ${t.kind}: no koffi form`]);
      continue;
    }
    if (doc)
      emit(`typeDocs[${q(t.name)}] = ${q(doc)};`);
  }
  emit('exports.types = types;');
  emit('exports.typeDocs = typeDocs;');
  emit(`exports.skippedTypes = ${q(skippedTypes)};`);
  emit('');

  // Functions.
  emit('// Functions: the C signature, then the koffi one.');
  const skipped = [];
  let declared = 0;
  const inline = [];
  for (const f of manifest.functions) {
    if (f.inline) {
      inline.push(f.name);
      continue;
    }
    const library = manifest.libraries[f.header];
    if (!library) {
      skipped.push([f.name, `its header ${f.header} names no library`]);
      continue;
    }
    const restype = mapType(f.returns, known);
    const args = f.params.map((p) => mapType(p.type, known));
    const bad = [restype, ...args].find((m) => m.error);
    if (bad) {
      skipped.push([f.name, bad.error]);
      continue;
    }
    // A pointer result has no direction: the JS value is its address (a BigInt).
    const restypeCode = restype.kind === 'in' ? restype.code : q(restype.koffi);
    const params = f.params.map((p) => [p.name, p.type]);
    emit(`declare(${q(f.name)}, ${q(f.header)}, ${q(library)}, ${restypeCode}, [${args.map((a) => a.code).join(', ')}],`);
    emit(`  ${q(params)}, ${q(f.returns)}, ${q(f.doc || '')});`);
    declared++;
  }
  emit('');
  emit('// Inline functions of the headers: in no library, so not declared.');
  emit(`exports.inline = ${q(inline)};`);
  emit('// Functions without a koffi form here, with why: [name, reason].');
  emit(`exports.skipped = ${q(skipped)};`);
  emit('');
  fs.writeFileSync(outPath, out.join('\n'));
  console.log(`gen_bindings: ${declared} functions declared, ${skipped.length} skipped` +
              (skipped.length ? ` (${skipped.map(([n, r]) => `${n}: ${r}`).join('; ')})` : '') +
              `, ${inline.length} inline (in no library: ${inline.join(', ')}); ${skippedTypes.length} types skipped` +
              (skippedTypes.length ? ` (${skippedTypes.map(([n, r]) => `${n}: ${r}`).join('; ')})` : ''));
}

main();
