#!/usr/bin/python3
"""Writes the fixtures of TorchLoadTest.cpp: PyTorch checkpoints written by
torch.save, archives written by Python's zipfile and tarfile, and
torch_expected.safetensors, the values tg::nn::state::torch_load must find
in each checkpoint (contiguous, written by make_safetensors_fixtures.py's
writer, which does not share code with tg's).

  torch_dtypes.pt     a dict of every dtype tg and PyTorch share, a 0-d and
                      an empty tensor (torch.save's zip format).
  torch_views.pt      views: a transpose, slices sharing one storage (with
                      offsets), a permuted int64, an expand (stride 0).
  torch_net.pt        a Conv2d + BatchNorm2d + Linear net's state dict after
                      two training steps; its input and eval output are in
                      the expected file as net.in and net.out.
  torch_nested.pt     a checkpoint of nested dicts, lists, tuples, numbers,
                      strings, bytes, None and an nn.Parameter.
  torch_proto4.pt     saved with pickle protocol 4 (frames, memoize,
                      STACK_GLOBAL, short strings).
  torch_legacy.pt     the format of torch 1.5 and before
                      (_use_new_zipfile_serialization=False).
  torch_tar.pt        PyTorch 0.3's tar format (written as its torch.save
                      did, read back with torch.load): views sharing a
                      storage.
  torch_bigendian.pt  torch_dtypes.pt's tensors with their data byte-swapped
                      and a "byteorder" record of "big", as PyTorch 2.1 and
                      later write on big-endian machines.
  archive.zip         stored, deflated, empty (both ways) and directory members.
  archive64.zip       the same written with ZIP64 records.
  archive_{ustar,gnu,pax}.tar  regular files, directories, a symlink and long
                      names in each tar format (trimmed after the
                      end-of-archive blocks, to keep them small).

  /usr/bin/python3 test/unit/data/make_torch_fixtures.py
"""
import io
import pathlib
import pickle
import struct
import sys
import tarfile
import zipfile

import numpy as np
import torch

sys.dont_write_bytecode = True  # no __pycache__ next to the test data
from make_safetensors_fixtures import torch_tensors, write as write_safetensors  # noqa: E402
from reference_tools import Net  # noqa: E402

HERE = pathlib.Path(__file__).parent
CODES = {torch.bool: "BOOL", torch.uint8: "U8", torch.int8: "I8", torch.int16: "I16", torch.int32: "I32",
         torch.int64: "I64", torch.float16: "F16", torch.bfloat16: "BF16", torch.float32: "F32",
         torch.float64: "F64"}
expected = []  # (name, safetensors dtype, shape, bytes)


def raw(t):
  t = t.detach().contiguous()
  return (t.view(torch.int16) if t.dtype == torch.bfloat16 else t).numpy().tobytes()


def expect(prefix, tensors):
  for name, t in tensors.items():
    expected.append((f"{prefix}.{name}", CODES[t.dtype], list(t.shape), raw(t)))


def save(name, tensors, **kwargs):
  """torch.save of a dict of tensors, checked by reading it back with torch.load."""
  torch.save(tensors, HERE / name, **kwargs)
  loaded = torch.load(HERE / name)
  for k, t in tensors.items():
    assert (loaded[k].dtype, loaded[k].shape, loaded[k].stride(), raw(loaded[k])) == \
        (t.dtype, t.shape, t.stride(), raw(t)), (name, k)


def dtype_tensors():
  tensors = torch_tensors()
  tensors = {k: v.reshape(2, 3) for k, v in tensors.items()}
  tensors["scalar"] = torch.tensor(7.25)
  tensors["empty"] = torch.zeros(0, 3)
  return tensors


def dtypes_fixture():
  tensors = dtype_tensors()
  save("torch_dtypes.pt", tensors)
  expect("dtypes", tensors)


def views_fixture():
  base = torch.arange(24, dtype=torch.float32).reshape(4, 6)
  shared = torch.arange(10, dtype=torch.int32)
  tensors = {
    "transposed": base.t(),
    "row": base[1],
    "column": base[:, 2],
    "block": base[1:3, 2:5],
    "permuted": torch.arange(24, dtype=torch.int64).reshape(2, 3, 4).permute(2, 0, 1),
    "expanded": torch.tensor([1.5, -2.0, 3.25], dtype=torch.float16).expand(4, 3),
    "shared_all": shared,
    "shared_middle": shared[3:7],
  }
  assert not tensors["transposed"].is_contiguous() and tensors["expanded"].stride() == (0, 1)
  save("torch_views.pt", tensors)
  with zipfile.ZipFile(HERE / "torch_views.pt") as z:  # base's views are one storage, shared's another
    assert sum("/data/" in n for n in z.namelist()) == 4, z.namelist()
  expect("views", tensors)


def net_fixture():
  torch.manual_seed(0)
  net = Net()
  opt = torch.optim.SGD(net.parameters(), lr=0.1)
  for _ in range(2):  # running statistics and num_batches_tracked that are not the initial ones
    opt.zero_grad()
    net(torch.randn(3, 2, 4, 4)).square().mean().backward()
    opt.step()
  net.eval()
  x = torch.randn(2, 2, 4, 4)
  with torch.no_grad():
    out = net(x)
  save("torch_net.pt", net.state_dict())
  expect("net", dict(net.state_dict(), **{"in": x, "out": out}))


def nested_fixture():
  a, b, c = torch.tensor([1.0, 2.0]), torch.tensor([[3, 4]], dtype=torch.int64), torch.tensor(True)
  param = torch.nn.Parameter(torch.tensor([0.5, -0.25]))
  checkpoint = {
    "model": {"a": a, "inner": {"b": b}},
    "epoch": 3, "big": 2**70, "lr": 0.5, "name": "run", "raw": b"\x00\xff", "none": None, "flag": True,
    "layers": [a, c],
    "pair": (b, 7),
    "optimizer": {"state": {0: {"step": torch.tensor(5.0)}}, "param_groups": [{"params": [0], "lr": 0.1}]},
    "param": param,
  }
  torch.save(checkpoint, HERE / "torch_nested.pt")
  loaded = torch.load(HERE / "torch_nested.pt")
  assert isinstance(loaded["param"], torch.nn.Parameter) and loaded["big"] == 2**70
  expect("nested", {"model.a": a, "model.inner.b": b, "layers.0": a, "layers.1": c, "pair.0": b,
                    "optimizer.state.0.step": torch.tensor(5.0), "param": param})


def proto4_fixture():
  tensors = {"weight": torch.arange(6, dtype=torch.float32).reshape(3, 2).t(), "bias": torch.tensor([1, 2], dtype=torch.int8)}
  save("torch_proto4.pt", tensors, pickle_protocol=4)
  data = zipfile.ZipFile(HERE / "torch_proto4.pt").read("torch_proto4/data.pkl")
  assert data[:3] == b"\x80\x04\x95", data[:16]  # PROTO 4, FRAME
  expect("proto4", tensors)


def legacy_fixture():
  base = torch.arange(12, dtype=torch.int64).reshape(3, 4)
  tensors = {"weight": torch.tensor([[0.5, -1.0, 2.0], [4.0, 8.0, -16.0]]), "transposed": base.t(),
             "slice": base[1, 1:], "half": torch.tensor([1.0, -0.5], dtype=torch.float16)}
  save("torch_legacy.pt", tensors, _use_new_zipfile_serialization=False)
  assert not zipfile.is_zipfile(HERE / "torch_legacy.pt")
  expect("legacy", tensors)


def tar_checkpoint_fixture():
  base = torch.arange(12, dtype=torch.float32).reshape(3, 4)
  tensors = {"weight": base, "transposed": base.t()[1:], "bias": torch.tensor([1, -2], dtype=torch.int64)}
  storages = {t.storage().data_ptr(): t.storage() for t in tensors.values()}
  dump = lambda f, obj: pickle.dump(obj, f, protocol=2)
  files = {n: io.BytesIO() for n in ("sys_info", "pickle", "tensors", "storages")}
  dump(files["sys_info"], {"protocol_version": 1001, "little_endian": True,
                           "type_sizes": {"short": 2, "int": 4, "long": 4}})
  pickler = pickle.Pickler(files["pickle"], protocol=2)
  pickler.persistent_id = lambda obj: str(id(obj)) if torch.is_tensor(obj) else None
  pickler.dump(tensors)
  f = files["tensors"]
  dump(f, len(tensors))
  for t in tensors.values():  # its key, its storage's, its type; ndim (8 bytes), sizes, strides, offset
    dump(f, (id(t), t.storage().data_ptr(), getattr(torch, t.type().split(".")[-1])))
    f.write(struct.pack(f"<iI{2 * t.dim() + 1}q", t.dim(), 0, *t.shape, *t.stride(), t.storage_offset()))
  f = files["storages"]
  dump(f, len(storages))
  for key, storage in storages.items():  # its key, location, type; numel (8 bytes), data
    dump(f, (key, "cpu", getattr(torch, storage.pickle_storage_type())))
    f.write(struct.pack("<q", storage.size()) + raw(torch.tensor([], dtype=storage.dtype).set_(storage)))
  dump(f, [])  # no storage views
  write_tar(HERE / "torch_tar.pt", tarfile.PAX_FORMAT, {name: f.getvalue() for name, f in files.items()})
  loaded = torch.load(HERE / "torch_tar.pt")
  assert all(raw(loaded[k]) == raw(t) and loaded[k].stride() == t.stride() for k, t in tensors.items())
  expect("tar", tensors)


class StorageSpy(pickle.Unpickler):
  """Reads a data.pkl into {name: storage key} and {storage key: dtype}."""
  dtypes = {}

  def find_class(self, module, name):
    if name == "_rebuild_tensor_v2":
      return lambda storage, *args: storage
    return super().find_class(module, name)

  def persistent_load(self, pid):
    self.dtypes[pid[2]] = pid[1].dtype
    return pid[2]


def bigendian_fixture():
  buffer = io.BytesIO()
  torch.save(dtype_tensors(), buffer)
  source = zipfile.ZipFile(buffer)
  prefix = source.namelist()[0].split("/")[0]
  StorageSpy(io.BytesIO(source.read(f"{prefix}/data.pkl"))).load()
  with zipfile.ZipFile(HERE / "torch_bigendian.pt", "w") as out:
    for info in source.infolist():
      data = source.read(info)
      key = info.filename.split("/data/")[-1]
      if "/data/" in info.filename:
        dtype = StorageSpy.dtypes[key]
        size = torch.empty(0, dtype=dtype).element_size()
        data = np.frombuffer(data, dtype=np.dtype(f"<u{size}")).astype(f">u{size}").tobytes()
      out.writestr(info, data)
    out.writestr(f"{prefix}/byteorder", "big")


def write_zip(path, **kwargs):
  with zipfile.ZipFile(path, "w") as z:
    z.writestr("stored.txt", b"Hello, World!", compress_type=zipfile.ZIP_STORED)
    z.writestr("dir/", b"")
    z.writestr("dir/deflated.bin", bytes(range(256)) + b"tinygrad " * 300, compress_type=zipfile.ZIP_DEFLATED)
    z.writestr("empty", b"", compress_type=zipfile.ZIP_STORED)
    z.writestr("empty_deflated", b"", compress_type=zipfile.ZIP_DEFLATED)


def zip_fixtures():
  write_zip(HERE / "archive.zip")
  # Python writes ZIP64 records past these limits, so small ones make a small ZIP64 archive.
  limits = zipfile.ZIP64_LIMIT, zipfile.ZIP_FILECOUNT_LIMIT
  zipfile.ZIP64_LIMIT, zipfile.ZIP_FILECOUNT_LIMIT = 8, 2
  try:
    write_zip(HERE / "archive64.zip")
  finally:
    zipfile.ZIP64_LIMIT, zipfile.ZIP_FILECOUNT_LIMIT = limits
  raw = (HERE / "archive64.zip").read_bytes()
  assert b"PK\x06\x06" in raw and b"PK\x06\x07" in raw  # the ZIP64 end records
  assert zipfile.ZipFile(HERE / "archive64.zip").read("dir/deflated.bin")[256:265] == b"tinygrad "


TAR_FILES = {
  "a/file1.txt": b"Hello, World!",
  "a/b/file2.bin": b"\x00\x01\x02\x03\x04",
  "empty_file.txt": b"",
  "512file": b"a" * 512,
  "long_file": b"some data" * 60,
  "very" * 15 + "/" + "very" * 15 + "_long_filename.txt": b"Hello, World!!",  # ustar's prefix field
  "very" * 50 + "_long_filename.txt": b"Hello, World!!!",  # longer than ustar allows
}


def write_tar(path, fmt, files, others=()):
  """files: {name: bytes}; others: TarInfos without data. The file ends with
  the end-of-archive blocks, not padded to tarfile's 10 KiB records."""
  out = io.BytesIO()
  with tarfile.open(fileobj=out, mode="w", format=fmt) as tar:
    for info in others:
      tar.addfile(info)
    for name, content in files.items():
      info = tarfile.TarInfo(name)
      info.size = len(content)
      tar.addfile(info, io.BytesIO(content))
    end = tar.offset + 2 * tarfile.BLOCKSIZE
  path.write_bytes(out.getvalue()[:end])


def tar_fixture(name, fmt):
  files = {k: v for k, v in TAR_FILES.items() if fmt != tarfile.USTAR_FORMAT or len(k) < 200}
  others = []
  for d in sorted({k.rsplit("/", 1)[0] for k in files if "/" in k}):
    others.append(tarfile.TarInfo(d))
    others[-1].type = tarfile.DIRTYPE
  others.append(tarfile.TarInfo("link"))
  others[-1].type, others[-1].linkname = tarfile.SYMTYPE, "very" * (20 if fmt == tarfile.USTAR_FORMAT else 50)
  write_tar(HERE / name, fmt, files, others)
  with tarfile.open(HERE / name) as tar:
    assert {m.name: tar.extractfile(m).read() for m in tar if m.isreg()} == files


if __name__ == "__main__":
  dtypes_fixture()
  views_fixture()
  net_fixture()
  nested_fixture()
  proto4_fixture()
  legacy_fixture()
  tar_checkpoint_fixture()
  write_safetensors(HERE / "torch_expected.safetensors", expected, {"writer": "make_torch_fixtures.py"})
  bigendian_fixture()
  zip_fixtures()
  tar_fixture("archive_ustar.tar", tarfile.USTAR_FORMAT)
  tar_fixture("archive_gnu.tar", tarfile.GNU_FORMAT)
  tar_fixture("archive_pax.tar", tarfile.PAX_FORMAT)
