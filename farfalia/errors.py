"""The small family of exceptions the package raises: all are :class:`ValueError`."""

from __future__ import annotations


class FarfaliaError(ValueError):
    """Base class of every error this package raises on bad input."""


class NotationError(FarfaliaError):
    """Text that is not a well-formed card, action or record."""


class SettingsError(FarfaliaError):
    """Game settings that name no mode or variant, or break a mode's limits."""


class IllegalActionError(FarfaliaError):
    """An action that the rules do not allow in the current situation."""


class ReplayError(FarfaliaError):
    """A replay that cannot be decoded, or that does not replay legally."""
