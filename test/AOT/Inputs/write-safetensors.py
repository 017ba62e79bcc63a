"""Writes a safetensors file from the command line, for the tests:
   write-safetensors.py OUT NAME:DTYPE:SHAPE:VALUES...
e.g. weight:F32:4,3:1,2,3,4,5,6,7,8,9,10,11,12 (an empty SHAPE is a scalar).
Only the standard library: the tests run it with any python3."""
import json
import struct
import sys

FORMATS = {"F32": "f", "F64": "d", "I32": "i", "I64": "q", "U8": "B", "I8": "b"}

header, data = {}, b""
for spec in sys.argv[2:]:
    name, dtype, shape, values = spec.split(":")
    shape = [int(s) for s in shape.split(",") if s]
    values = values.split(",") if values else []
    cast = float if dtype.startswith("F") else int
    raw = struct.pack("<%d%s" % (len(values), FORMATS[dtype]), *[cast(v) for v in values])
    header[name] = {"dtype": dtype, "shape": shape, "data_offsets": [len(data), len(data) + len(raw)]}
    data += raw
text = json.dumps(header).encode()
with open(sys.argv[1], "wb") as out:
    out.write(struct.pack("<Q", len(text)) + text + data)
