"""Lay out the served runtime in ``vendor/`` (git-ignored): Pyodide and PyScript
from ``node_modules`` (pinned in package-lock.json), micropip's wheel from PyPI,
and the wheel of this package. Everything the page loads then comes from its own
origin, so it plays offline.

micropip fix (SETUP-NOTES): the Pyodide lock file's sha256 for
``micropip-0.11.1-py3-none-any.whl`` does not match the wheel on PyPI, and the
browser's integrity check would block it, so the copied lock file gets the
hash of the wheel actually served.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VENDOR = ROOT / "vendor"
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
MICROPIP = "micropip==0.11.1"


def run(*command: str) -> None:
    subprocess.run(command, check=True, cwd=ROOT)


def copy_runtime() -> None:
    pyodide = VENDOR / "pyodide"
    pyodide.mkdir(parents=True)
    for name in PYODIDE_FILES:
        shutil.copy2(ROOT / "node_modules" / "pyodide" / name, pyodide / name)
    shutil.copytree(
        ROOT / "node_modules" / "@pyscript" / "core" / "dist",
        VENDOR / "pyscript",
        ignore=shutil.ignore_patterns("*.map"),
    )


def add_micropip() -> None:
    pyodide = VENDOR / "pyodide"
    run(sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:",
        "--python-version", "3.14", "--dest", str(pyodide), MICROPIP)  # fmt: skip
    lock_path = pyodide / "pyodide-lock.json"
    lock = json.loads(lock_path.read_text())
    entry = lock["packages"]["micropip"]
    wheel = pyodide / entry["file_name"]
    entry["sha256"] = hashlib.sha256(wheel.read_bytes()).hexdigest()
    lock_path.write_text(json.dumps(lock))


def build_wheel() -> Path:
    wheels = VENDOR / "wheels"
    run(sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--wheel-dir", str(wheels), str(ROOT))
    (built,) = wheels.glob("farfalia-*.whl")
    return built


def main() -> None:
    shutil.rmtree(VENDOR, ignore_errors=True)
    copy_runtime()
    add_micropip()
    wheel = build_wheel()
    print(f"vendor/ ready: Pyodide, PyScript, micropip and {wheel.name}")


if __name__ == "__main__":
    main()
