"""Governed writes: every change to a bank's files goes through this package."""
