"""``python -m farfalia``: see :mod:`farfalia.cli`."""

from farfalia.cli import main

raise SystemExit(main())
