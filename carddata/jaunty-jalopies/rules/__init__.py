"""Jaunty Jalopies rules: composition checks, the standard-race rules model, simulated players."""

from .checks import CHECKS

__all__ = ["CHECKS"]
