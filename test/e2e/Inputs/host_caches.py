#!/usr/bin/python3
"""Prints the caches Linux reports for the first CPU as the CPU target's
DEBUG line names them ("32 KB L1d and 512 KB L2 per core"), or "none" when
sysfs does not say, for FileCheck to look for in tg-run's output.

    host_caches.py
"""
import glob
import os


def size_of(level: int) -> int:
    for index in sorted(glob.glob("/sys/devices/system/cpu/cpu0/cache/index*")):
        def read(name: str) -> str:
            with open(os.path.join(index, name)) as f:
                return f.read().strip()
        if read("level") != str(level) or read("type") == "Instruction":
            continue
        text = read("size")
        scale = {"K": 1 << 10, "M": 1 << 20}.get(text[-1], 1)
        return int(text.rstrip("KM")) * scale
    return 0


def main() -> None:
    first, core = size_of(1), size_of(2)
    if first and core:
        print(f"HOST: {first >> 10} KB L1d and {core >> 10} KB L2 per core")
    else:
        print("HOST: none")


if __name__ == "__main__":
    main()
