"""The exceptions of rtb; the extension raises them (python/src/module.cpp)."""


class Error(Exception):
    """Every failure rtb reports."""


class MissingTableError(Error, KeyError):
    """No table for the position or the parameters in the directory (a KeyError, as in python-chess)."""

    def __str__(self) -> str:  # KeyError would show the message quoted
        return str(self.args[0]) if self.args else ""


class PositionError(Error, ValueError):
    """A position the table's game cannot read (a ValueError)."""


class CorruptTableError(Error):
    """A table that is damaged, truncated or incomplete."""
