"""The core of mcp-memorybank: what a memory bank is, and whether it holds to its own rules."""

__version__ = "0.1.0"
