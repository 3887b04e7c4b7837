"""What you can do with a memory bank: seed it, route and read it, and write to it under governance."""

from memorybank_lint import __version__

__all__ = ["__version__"]
