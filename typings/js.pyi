# Stub of Pyodide's `js` module (the browser's global scope) for mypy: the glue reads it as untyped.
from typing import Any

Object: Any
def __getattr__(name: str) -> Any: ...
