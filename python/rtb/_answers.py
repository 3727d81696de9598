"""The answers of rtb as Python objects, made from the JSON objects that
`tbprobe --json` prints (each keeps that object as ``json``)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import FrozenSet, Optional, Tuple, Union

@dataclass(frozen=True)
class Value:
    """Win, draw or loss for the player to move, with the plies to the end
    (None for a draw): the winner's shortest win, the loser's longest defence."""

    outcome: str
    plies: Optional[int] = None

    @property
    def is_win(self) -> bool:
        return self.outcome == "win"

    @property
    def is_draw(self) -> bool:
        return self.outcome == "draw"

    @property
    def is_loss(self) -> bool:
        return self.outcome == "loss"

    def __str__(self) -> str:
        return "draw" if self.plies is None else f"{self.outcome} in {self.plies} plies"

    @classmethod
    def _from(cls, j: dict) -> "Value":
        return cls(j["outcome"], j.get("plies"))


@dataclass(frozen=True)
class GrundyValue:
    """A Sprague-Grundy value: a natural number ``n``, or ``inf(K)`` (``infinite``,
    with ``followers`` K) in a loopy game. ``outcome`` is for the player to move."""

    value: str
    outcome: str

    @property
    def infinite(self) -> bool:
        return self.value.startswith("inf")

    @property
    def n(self) -> Optional[int]:
        return None if self.infinite else int(self.value)

    @property
    def followers(self) -> FrozenSet[int]:
        inside = re.fullmatch(r"inf\((.*)\)", self.value)
        if not inside:
            return frozenset()
        return frozenset(int(k) for k in re.split(r"[ ,]+", inside.group(1)) if k)

    def __str__(self) -> str:
        return self.value

    @classmethod
    def _from(cls, j: dict) -> "GrundyValue":
        return cls(j["value"], j["outcome"])


@dataclass(frozen=True)
class ArenaValue:
    """Who wins an arena position ("A" or "B"), under which objective, and
    the objective's detail (moves_to_target, moves_to_leave or rank)."""

    winner: str
    objective: str
    detail: dict

    @property
    def outcome(self) -> str:  # for player A
        return "win" if self.winner == "A" else "loss"


AnyValue = Union[Value, GrundyValue, ArenaValue]


@dataclass(frozen=True)
class Move:
    """A move: its ``name`` where the game names moves (chess: "Qb7# a6b7"),
    the ``position`` it leads to (None when it leaves the table), and its
    ``value`` for the player who made it (in a line: for the player then to move).
    ``parts``: for Grundy tables, 1, 2 (a sum of two positions) or 0 (out of the table)."""

    name: Optional[str]
    position: Optional[str]
    value: AnyValue
    parts: Optional[int] = None


@dataclass(frozen=True)
class Position:
    """A probed position: its ``value`` for the player to move, every move with
    its value, and the best line (with ``line=True``)."""

    position: str
    value: AnyValue
    moves: Tuple[Move, ...]
    line: Optional[Tuple[Move, ...]]
    json: dict = field(repr=False, compare=False)

    @property
    def best_move(self) -> Optional[Move]:
        """The first move of the best line (None when the game is over or
        the line was not asked for)."""
        return self.line[0] if self.line else None


def _value(kind: str, j: dict) -> AnyValue:
    return GrundyValue._from(j) if kind == "grundy16" else Value._from(j)


def _move(kind: str, j: dict) -> Move:
    return Move(j.get("name"), j.get("position"), _value(kind, j["value"]), j.get("parts"))


def position_from(kind: str, j: dict) -> Position:
    if kind == "arena16":
        detail = {k: v for k, v in j.items() if k not in ("position", "winner", "objective")}
        return Position(j["position"], ArenaValue(j["winner"], j["objective"], detail), (), None, j)
    line = tuple(_move(kind, m) for m in j["line"]) if "line" in j else None
    return Position(j["position"], _value(kind, j["value"]), tuple(_move(kind, m) for m in j["moves"]), line, j)


@dataclass(frozen=True)
class HistogramBin:
    plies: int
    wins: int
    losses: int


@dataclass(frozen=True)
class Stats:
    """A table's statistics: its meta record (``game``, ``params``,
    ``value_kind``, ``legal`` positions, ``index_size``, ``counts``), and for
    win/draw/loss tables the depth ``histogram`` and the counts per side to
    move (``sides``); for Grundy tables the positions per value (``values``)."""

    game: str
    params: str
    value_kind: str
    legal: int
    index_size: int
    counts: dict
    histogram: Tuple[HistogramBin, ...]
    sides: Tuple[dict, ...]
    values: Tuple[Tuple[str, int], ...]
    json: dict = field(repr=False, compare=False)

    @classmethod
    def _from(cls, j: dict) -> "Stats":
        return cls(
            j["game"], j["params"], j["value_kind"], j["legal"], j["index_size"], j["counts"],
            tuple(HistogramBin(h["plies"], h["wins"], h["losses"]) for h in j.get("histogram", [])),
            tuple(j.get("sides", [])),
            tuple((v["value"], v["positions"]) for v in j.get("values", [])),
            j,
        )


@dataclass(frozen=True)
class SumPart:
    position: str
    table: str
    value: GrundyValue


@dataclass(frozen=True)
class WinningMove:
    """Move component ``component`` (from 0) from ``position`` to ``to``,
    leaving a sum of value 0."""

    component: int
    position: str
    to: str
    value: GrundyValue


@dataclass(frozen=True)
class Sum:
    """The value of a sum of positions, and a winning move when the player to move has one."""

    parts: Tuple[SumPart, ...]
    value: GrundyValue
    winning_move: Optional[WinningMove]
    json: dict = field(repr=False, compare=False)

    @property
    def outcome(self) -> str:
        return self.value.outcome

    @classmethod
    def _from(cls, j: dict) -> "Sum":
        w = j.get("winning_move")
        move = WinningMove(w["component"] - 1, w["from"], w["to"], GrundyValue._from(w["value"])) if w else None
        parts = tuple(SumPart(p["position"], p["table"], GrundyValue._from(p["value"])) for p in j["parts"])
        return cls(parts, GrundyValue._from(j["sum"]), move, j)


__all__ = ["Value", "GrundyValue", "ArenaValue", "Move", "Position", "HistogramBin", "Stats", "SumPart",
           "WinningMove", "Sum", "position_from"]
