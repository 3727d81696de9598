"""Chess tables of rtb in the shape of python-chess's ``chess.syzygy`` and
``chess.gaviota`` modules:

    import rtb.chess
    with rtb.chess.open_tablebase("tables") as tb:
        tb.probe_wdl("8/8/8/8/8/8/8/K2kr3 w - - 0 1")   # -2
        tb.probe_dtm("8/8/8/8/8/8/8/K2kr3 w - - 0 1")   # -10

``board`` is a FEN or any object with a ``fen()`` method (a python-chess
``chess.Board``). Values are for the side to move:

- WDL as chess.syzygy: 2 win, 1 cursed win (won, but drawn under the 50-move
  rule), 0 draw, -1 blessed loss, -2 loss. The classes of the 50-move rule
  come from the DTZ tables ("KQvK-dtz.rtb", tbgen --param metric=dtz); where
  a material has none, the DTM (or DTC) table answers 2, 0 or -2.
- DTZ as chess.syzygy: plies to the next zeroing move (a capture or a pawn
  move) or mate, positive when the side to move wins, negative when it loses,
  above 100 in absolute value for a cursed win or a blessed loss, 0 for a
  draw and for a side already mated. rtb's values are exact to the ply
  (Syzygy's default files may read one ply short). As in chess.syzygy the
  board's halfmove clock is not applied: with `clock` plies played, a win
  whose DTZ plus the clock passes 100 is drawn under the rule.
- DTM as chess.gaviota: plies (half-moves) to mate, positive when the side to
  move wins, negative when it loses, 0 for a draw and for a side already mated.

A missing table, more pieces than any table has, or castling rights (the
tables hold none) raise MissingTableError, a KeyError; a FEN that is no legal
position raises ValueError.
"""

from __future__ import annotations

import os
import re
from typing import Any, List, Optional, Union

from ._errors import MissingTableError as _RtbMissingTableError
from . import _rtb

__all__ = ["MissingTableError", "Tablebase", "open_tablebase"]

MissingTableError = _RtbMissingTableError

_TABLE_FILE = re.compile(r"K[QRBNP]*vK[QRBNP]*(-dtc|-dtz)?\.rtb")
_WDL = {1: 2, 0: 0, -1: -2}  # RTB_WIN, RTB_DRAW, RTB_LOSS
_DRAW_RULE = 100  # plies without a zeroing move: a DTZ beyond it is cursed or blessed


def _fen(board: Any) -> str:
    # python-chess's variant boards say their rules; these tables are for
    # standard chess only, and would value an atomic board wrongly.
    variant = getattr(board, "uci_variant", "chess")
    if variant != "chess":
        raise MissingTableError(f"rtb's chess tables are for standard chess, not {variant!r} ({type(board).__name__})")
    fen = board.fen() if hasattr(board, "fen") else board
    if not isinstance(fen, str):
        raise TypeError(f"a board is a FEN string or has a fen() method, not {type(board).__name__}")
    return fen


class Tablebase:
    """The chess tables of one or more directories: DTM ("KQvK.rtb"), DTZ
    ("KQvK-dtz.rtb") and, for WDL where neither is there, DTC ("KQvK-dtc.rtb").
    Tables open on first use."""

    def __init__(self, *, load_wdl: bool = True, load_dtz: bool = True) -> None:
        self._dtm: List[_rtb.ChessProbe] = []
        self._dtz: List[_rtb.ChessProbe] = []
        self._dtc: List[_rtb.ChessProbe] = []
        self._load_wdl = load_wdl
        self._load_dtz = load_dtz

    def add_directory(self, directory: Union[str, os.PathLike]) -> int:
        """Adds the tables of a directory; returns how many chess tables it holds."""
        directory = os.fspath(directory)
        if not os.path.isdir(directory):
            raise FileNotFoundError(f"not a directory: {directory!r}")
        self._dtm.append(_rtb.ChessProbe(directory, "dtm"))
        self._dtz.append(_rtb.ChessProbe(directory, "dtz"))
        self._dtc.append(_rtb.ChessProbe(directory, "dtc"))
        return sum(1 for f in os.listdir(directory) if _TABLE_FILE.fullmatch(f))

    def _probe(self, probes: List[_rtb.ChessProbe], board: Any, what: str):
        fen = _fen(board)
        fields = fen.split()
        if len(fields) >= 3 and fields[1] in ("w", "b") and fields[2] != "-":
            raise MissingTableError(f"rtb tables hold no positions with castling rights: {fen}")
        missing = f"no {what} table for {fen} (no directory added)"
        for probe in probes:
            try:
                return probe.probe(fen)
            except MissingTableError as e:
                missing = f"no {what} table: {e}"
        raise MissingTableError(missing)

    def probe_wdl(self, board: Any) -> int:
        """2 if the side to move wins, 1 for a cursed win, 0 for a draw, -1 for
        a blessed loss, -2 if it loses (the last two classes from DTZ tables)."""
        if not self._load_wdl:
            raise MissingTableError(f"no WDL table for {_fen(board)} (opened with load_wdl=False)")
        try:
            wdl, plies = self._probe(self._dtz, board, "DTZ")
            return _WDL[wdl] // (2 if plies > _DRAW_RULE else 1)
        except MissingTableError as e:
            missing = e  # the DTZ table is the one WDL is read from first: it is named
        for probes, what in ((self._dtm, "DTM"), (self._dtc, "DTC")):
            try:
                wdl, _ = self._probe(probes, board, what)
                return _WDL[wdl]
            except MissingTableError:
                pass
        raise MissingTableError(f"{missing} (nor a DTM or DTC table of its material)")

    def probe_dtm(self, board: Any) -> int:
        """Plies to mate: positive if the side to move wins, negative if it
        loses, 0 for a draw (and for a side already mated)."""
        wdl, plies = self._probe(self._dtm, board, "DTM")
        return plies if wdl > 0 else -plies

    def probe_dtz(self, board: Any) -> int:
        """Plies to the next zeroing move or mate: positive if the side to move
        wins, negative if it loses, beyond 100 either way for a cursed win or
        a blessed loss, 0 for a draw (and for a side already mated)."""
        if not self._load_dtz:
            raise MissingTableError(f"no DTZ table for {_fen(board)} (opened with load_dtz=False)")
        wdl, plies = self._probe(self._dtz, board, "DTZ")
        return plies if wdl > 0 else -plies

    def get_wdl(self, board: Any, default: Optional[int] = None) -> Optional[int]:
        try:
            return self.probe_wdl(board)
        except KeyError:
            return default

    def get_dtm(self, board: Any, default: Optional[int] = None) -> Optional[int]:
        try:
            return self.probe_dtm(board)
        except KeyError:
            return default

    def get_dtz(self, board: Any, default: Optional[int] = None) -> Optional[int]:
        try:
            return self.probe_dtz(board)
        except KeyError:
            return default

    def close(self) -> None:
        for probe in self._dtm + self._dtz + self._dtc:
            probe.close()
        self._dtm.clear()
        self._dtz.clear()
        self._dtc.clear()

    def __enter__(self) -> "Tablebase":
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def open_tablebase(
    directory: Union[str, os.PathLike],
    *,
    load_wdl: bool = True,
    load_dtz: bool = True,
    max_fds: Optional[int] = 128,
    VariantBoard: Any = None,
) -> Tablebase:
    """Opens the chess tables of ``directory`` (more with add_directory).

    The keywords are chess.syzygy.open_tablebase's, so that code written for
    it runs unchanged: ``load_wdl=False`` and ``load_dtz=False`` leave
    probe_wdl and probe_dtz without tables (they raise MissingTableError);
    ``max_fds`` is taken and not needed (each table open keeps one
    descriptor, and tables open on first use); ``VariantBoard`` must be
    standard chess's board (a class whose ``uci_variant`` is "chess"), as
    the tables hold standard chess only."""
    variant = getattr(VariantBoard, "uci_variant", "chess")
    if variant != "chess":
        raise ValueError(f"rtb's chess tables are for standard chess, not {variant!r}")
    if max_fds is not None and max_fds < 0:
        raise ValueError(f"max_fds must be at least 0, not {max_fds}")
    tb = Tablebase(load_wdl=load_wdl, load_dtz=load_dtz)
    tb.add_directory(directory)
    return tb
