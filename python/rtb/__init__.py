"""rtb: probe retrograde tablebases written by tbgen, from Python.

    import rtb
    with rtb.open_directory("tables") as tb:
        p = tb.probe("tictactoe", "x...o....", line=True)
        print(p.value, [(m.position, str(m.value)) for m in p.moves])

Every answer is built from the same JSON object `tbprobe --json` prints for
the same question (kept as ``.json``). Errors: MissingTableError (a KeyError)
for a table that is not there, PositionError (a ValueError) for a position
the game cannot read, CorruptTableError for a damaged table; all are rtb.Error.
"""

from __future__ import annotations

import os
from typing import Dict, Iterable, Optional, Tuple, Union

from ._errors import CorruptTableError, Error, MissingTableError, PositionError
from ._answers import (ArenaValue, GrundyValue, HistogramBin, Move, Position, Stats, Sum, SumPart, Value,
                       WinningMove, position_from)
from . import _rtb

__version__ = _rtb.__version__

Params = Optional[Dict[str, object]]


def _params(params: Params, extra: Dict[str, object]) -> Dict[str, str]:
    both = dict(params or {})
    both.update(extra)
    return {str(k): str(v) for k, v in both.items()}


class Table:
    """One table of any kind (win/draw/loss, Grundy, arena), opened once.
    A context manager: leaving the ``with`` block closes it."""

    def __init__(self, path: Union[str, os.PathLike], game: str = "", _asked=None):
        # _asked: what Tablebase found the table must be (its game, identity
        # and value kind), so that another table under its name is refused.
        self._t = _rtb.Table(os.fspath(path), game, _asked)
        meta = self._t.meta
        self.path: str = os.fspath(path)
        self.game: str = meta["game"]
        self.params: str = meta["params"]
        self.value_kind: str = meta["value_kind"]
        self.size: int = meta["index_size"]

    def probe(self, position: str, line: bool = False) -> Position:
        """The value of ``position`` (its text, as tbprobe --position takes
        it), every move with its value and, with ``line``, the best line."""
        return position_from(self.value_kind, self._t.position(position, line))

    def probe_index(self, index: int, line: bool = False) -> Position:
        return position_from(self.value_kind, self._t.position_at(index, line))

    def value(self, position: str):
        """The value alone (a Value, a GrundyValue or an ArenaValue)."""
        return self.probe(position).value

    def grundy(self, position: str) -> GrundyValue:
        """The Grundy value of a position of a Grundy table."""
        if self.value_kind != "grundy16":
            raise ValueError(f"table {self.path} holds {self.value_kind} values, not Grundy values")
        return self.probe(position).value

    def grundy_sum(self, *positions: str) -> Sum:
        """The value of the sum of these positions of this table, and a winning move."""
        return grundy_sum((self, p) for p in positions)

    def stats(self) -> Stats:
        """Counts and the depth histogram (tbprobe --stats)."""
        return Stats._from(self._t.stats())

    def reachable(self, threads: int = 0) -> dict:
        """The positions reachable from the game's start (tbprobe --reachable),
        found by `threads` workers (0: every core)."""
        return self._t.reachable(threads)

    def check(self) -> None:
        """Checks every page, block and value; CorruptTableError on damage."""
        self._t.check()

    @property
    def meta(self) -> dict:
        return self._t.meta

    @property
    def closed(self) -> bool:
        return self._t.closed

    def close(self) -> None:
        self._t.close()

    def __enter__(self) -> "Table":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"rtb.Table({self.path!r}: {self.game} {self.params} {self.value_kind})"


class Tablebase:
    """A directory of tables, each opened on first use and kept open until
    close(). A context manager."""

    def __init__(self, directory: Union[str, os.PathLike]):
        self.directory = os.fspath(directory)
        if not os.path.isdir(self.directory):
            raise FileNotFoundError(f"no directory of tables at {self.directory!r}")
        self._tables: Dict[tuple, Table] = {}
        self._closed = False

    def table(self, game: str, params: Params = None, *, solver: str = "wdl", position: Optional[str] = None,
              **kwargs) -> Table:
        """The table of ``game`` with its parameters (a dict, keywords, or
        both): ``tb.table("connect4", width=5, height=4)``;
        ``solver="grundy"`` or ``"arena"`` for those kinds. With
        ``position``, the parameters it names come first (chess: its material)."""
        if self._closed:
            raise Error(f"the tablebase of {self.directory} is closed")
        path, asked = _rtb.table_file(self.directory, game, _params(params, kwargs), solver, position)
        key = (os.fspath(path), asked)
        if key not in self._tables:
            self._tables[key] = Table(key[0], game, asked)
        return self._tables[key]

    def probe(self, game: str, position: str, params: Params = None, *, solver: str = "wdl", line: bool = False,
              **kwargs) -> Position:
        """Probes ``position`` of ``game`` (a chess FEN finds its table by material)."""
        return self.table(game, params, solver=solver, position=position, **kwargs).probe(position, line)

    def value(self, game: str, position: str, params: Params = None, *, solver: str = "wdl", **kwargs):
        return self.probe(game, position, params, solver=solver, **kwargs).value

    def stats(self, game: str, params: Params = None, *, solver: str = "wdl", **kwargs) -> Stats:
        return self.table(game, params, solver=solver, **kwargs).stats()

    def grundy(self, game: str, position: str, params: Params = None, **kwargs) -> GrundyValue:
        """The Grundy value of ``position`` in the Grundy table of ``game``."""
        return self.table(game, params, solver="grundy", **kwargs).grundy(position)

    def grundy_sum(self, game: str, positions: Iterable[str], params: Params = None, **kwargs) -> Sum:
        """The sum of several positions of one Grundy table."""
        return self.table(game, params, solver="grundy", **kwargs).grundy_sum(*positions)

    def close(self) -> None:
        for t in self._tables.values():
            t.close()
        self._tables.clear()
        self._closed = True

    def __enter__(self) -> "Tablebase":
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def open_directory(directory: Union[str, os.PathLike]) -> Tablebase:
    """Opens a directory of tables written by tbgen --out."""
    return Tablebase(directory)


def open_table(path: Union[str, os.PathLike], game: str = "") -> Table:
    """Opens one table file (as tbprobe --table); with ``game``, refuses one of another game."""
    return Table(path, game)


def grundy_sum(terms: Iterable[Tuple[Table, str]]) -> Sum:
    """The value of the sum of positions of one or several Grundy tables,
    given as (table, position) pairs, and a winning move (tbprobe --sum)."""
    return Sum._from(_rtb.grundy_sum([(t._t, p) for t, p in terms]))


def games() -> list:
    """The names of the games this build knows."""
    return list(_rtb.games())


__all__ = ["Tablebase", "Table", "open_directory", "open_table", "grundy_sum", "games", "Value", "GrundyValue",
           "ArenaValue", "Move", "Position", "Stats", "HistogramBin", "Sum", "SumPart", "WinningMove", "Error",
           "MissingTableError", "PositionError", "CorruptTableError", "__version__"]
