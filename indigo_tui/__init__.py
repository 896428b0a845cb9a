"""indigo-tui: Reiner Knizia's Indigo in the terminal."""

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("indigo-tui")
except PackageNotFoundError:  # pragma: no cover - running from a source tree
    __version__ = "0.1.0"
