"""Prints the launch plan of a runtime executable (tg-compile --emit=exe):
its buffer table, and the buffers each step passes, by the layout of
runtime/include/tg_executable.h."""
import struct
import sys

ROLES = {1: "input", 2: "output", 3: "intermediate"}
KINDS = {1: "launch", 2: "copy"}

blob = open(sys.argv[1], "rb").read()
assert blob[:8] == b"TGEXEC\0\0", "not an executable"
(num_buffers, num_kernels, num_steps) = struct.unpack_from("<3I", blob, 24)
buffers_offset, _, steps_offset = struct.unpack_from("<3Q", blob, 56)
roles = []
for b in range(num_buffers):
    size, _, role = struct.unpack_from("<QII", blob, buffers_offset + 32 * b)
    roles.append(ROLES[role])
    print(f"buffer {b}: {ROLES[role]}, {size} bytes")
print(f"{roles.count('intermediate')} intermediates")
for s in range(num_steps):
    kind, kernel, count, _, offset = struct.unpack_from("<4IQ", blob, steps_offset + 24 * s)
    ids = struct.unpack_from(f"<{count}I", blob, offset)
    print(f"step {s}: {KINDS[kind]} {kernel if kind == 1 else ''} buffers {list(ids)}")
