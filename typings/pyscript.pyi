# Stub of PyScript's `pyscript` module for mypy: the DOM is untyped JavaScript.
from typing import Any

document: Any
window: Any
def __getattr__(name: str) -> Any: ...
