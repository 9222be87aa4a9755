# Stub of Pyodide's package for mypy.
