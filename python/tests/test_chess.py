"""rtb.chess in the shape of python-chess's chess.syzygy and chess.gaviota,
its values equal to tbprobe --position FEN --json's."""

import os
import random
import shutil
import subprocess

import pytest

import rtb
import rtb.chess
from conftest import TBGEN, tbgen, tbprobe


class Board:
    """A stand-in for python-chess's chess.Board: all rtb.chess reads is fen()."""

    def __init__(self, fen):
        self._fen = fen

    def fen(self):
        return self._fen


def swap_colours(fen):
    board, stm = fen.split()[:2]
    board = "/".join(rank.swapcase() for rank in reversed(board.split("/")))
    return f"{board} {'b' if stm == 'w' else 'w'} - - 0 1"


def fens(tables, material, n, seed):
    rows = tbprobe("--dir", str(tables), "--game", "chess", "--param", f"material={material}", "--dump")
    random.Random(seed).shuffle(rows)
    picked = [r["position"] for r in rows[:n]]
    return picked + [swap_colours(f) for f in picked[: n // 3]]


@pytest.mark.parametrize("material", ["KQvK", "KRvK"])
def test_wdl_and_dtm_equal_tbprobe(tables, material):
    with rtb.chess.open_tablebase(tables) as tb:
        for fen in fens(tables, material, 45, seed=len(material)):
            v = tbprobe("--dir", str(tables), "--position", fen)[0]["value"]
            wdl = {"win": 2, "draw": 0, "loss": -2}[v["outcome"]]
            dtm = {"win": 1, "draw": 0, "loss": -1}[v["outcome"]] * v.get("plies", 0)
            assert tb.probe_wdl(fen) == wdl, fen
            assert tb.probe_dtm(Board(fen)) == dtm, fen
            assert tb.get_wdl(Board(fen)) == wdl and tb.get_dtm(fen) == dtm


def test_values_as_python_chess_gives_them(tables):
    with rtb.chess.open_tablebase(tables) as tb:
        # python-chess's gaviota documentation: White to move is mated in 10 half-moves.
        assert tb.probe_dtm("8/8/8/8/8/8/8/K2kr3 w - - 0 1") == -10
        assert tb.probe_wdl("8/8/8/8/8/8/8/K2kr3 w - - 0 1") == -2
        assert tb.probe_dtm("k7/8/1K6/8/8/8/8/6Q1 w - - 0 1") == 1  # Qg8#
        assert tb.probe_wdl("k7/1Q6/1K6/8/8/8/8/8 b - - 0 1") == -2  # mated: a loss with 0 plies left
        assert tb.probe_dtm("k7/1Q6/1K6/8/8/8/8/8 b - - 0 1") == 0
        assert tb.probe_wdl("k7/8/1Q6/8/8/8/8/K7 b - - 0 1") == 0  # stalemate
        assert tb.probe_wdl("k7/8/8/8/8/8/8/K7 w - - 0 1") == 0  # bare kings: no table needed
        longest = max(-tb.probe_dtm(f) for f in fens(tables, "KQvK", 200, seed=5))
        assert longest <= 20  # KQK: mate in at most 10 moves


def test_across_tables_in_the_general_api(tables):
    with rtb.open_directory(tables) as tb:
        fen = "8/8/8/8/8/8/8/K2kr3 w - - 0 1"
        p = tb.probe("chess", fen, line=True)
        assert p.json == tbprobe("--dir", str(tables), "--position", fen, "--line")[0]
        assert p.value == rtb.Value("loss", 10)
        assert all(m.name for m in p.moves) and len(p.line) == 10


def test_missing_tables_and_bad_positions(tables):
    with rtb.chess.open_tablebase(tables) as tb:
        kqkr = "k7/8/8/8/8/8/6r1/KQ6 w - - 0 1"
        with pytest.raises(KeyError):
            tb.probe_wdl(kqkr)
        with pytest.raises(rtb.chess.MissingTableError) as e:
            tb.probe_dtm(Board(kqkr))
        assert "KQvKR" in str(e.value)
        assert tb.get_wdl(kqkr) is None and tb.get_dtm(kqkr, 99) == 99
        with pytest.raises(KeyError):  # the tables hold no castling rights
            tb.probe_wdl("r3k3/8/8/8/8/8/8/4K3 w q - 0 1")
        with pytest.raises(ValueError):
            tb.probe_wdl("not a fen")
        with pytest.raises(ValueError):  # two white kings
            tb.probe_wdl("k7/8/8/8/8/8/8/KK6 w - - 0 1")
        with pytest.raises(TypeError):
            tb.probe_wdl(42)


class _VariantBoard:
    """A python-chess variant board as the module sees one: a FEN and its rules."""

    uci_variant = "atomic"

    def __init__(self, fen):
        self._fen = fen

    def fen(self):
        return self._fen


def test_python_chess_keywords_and_variants(tables):
    krk = "8/8/8/8/8/8/8/K2kr3 w - - 0 1"
    with rtb.chess.open_tablebase(tables, load_wdl=True, load_dtz=False, max_fds=None) as tb:
        assert tb.probe_wdl(krk) == -2 and tb.probe_dtm(krk) == -10
        with pytest.raises(rtb.chess.MissingTableError, match="load_dtz=False"):
            tb.probe_dtz(krk)
    with rtb.chess.open_tablebase(tables, load_wdl=False, max_fds=4) as tb:
        assert tb.probe_dtm(krk) == -10 and tb.get_wdl(krk) is None
        with pytest.raises(KeyError, match="load_wdl=False"):
            tb.probe_wdl(krk)
    with rtb.chess.open_tablebase(tables) as tb:
        # An atomic board is not valued as standard chess.
        with pytest.raises(rtb.chess.MissingTableError, match="atomic"):
            tb.probe_wdl(_VariantBoard(krk))
        assert tb.get_dtm(_VariantBoard(krk)) is None
        # WDL reads the DTZ table first: that is the one a missing table names.
        with pytest.raises(rtb.chess.MissingTableError) as e:
            tb.probe_wdl("k7/8/8/8/8/8/6r1/KQ6 w - - 0 1")
        assert "KQvKR-dtz.rtb" in str(e.value) and "-dtc.rtb" not in str(e.value)
    with pytest.raises(ValueError, match="atomic"):
        rtb.chess.open_tablebase(tables, VariantBoard=_VariantBoard)


def test_missing_dtz_table(tables):
    with rtb.chess.open_tablebase(tables) as tb:
        fen = "8/8/8/8/8/8/8/K2kr3 w - - 0 1"
        with pytest.raises(rtb.chess.MissingTableError) as e:
            tb.probe_dtz(fen)
        assert isinstance(e.value, KeyError) and "no DTZ table" in str(e.value)
        assert tb.get_dtz(fen) is None and tb.get_dtz(Board(fen), -1) == -1


SAMPLE = os.path.join(os.path.dirname(__file__), "..", "..", "tests", "fixtures", "syzygy_sample.tsv")


def sample_rows(materials):
    """(fen, wdl, dtz, how) of Syzygy's sample for these materials, in either colour."""
    wanted = {"".join(sorted(m.replace("v", ""))) for m in materials}
    rows = []
    with open(SAMPLE) as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            fen, wdl, dtz, how = line.rstrip("\n").split("\t")[:4]
            pieces = "".join(sorted(c.upper() for c in fen.split()[0] if c.isalpha()))
            if pieces in wanted:
                rows.append((fen, int(wdl), int(dtz), how))
    return rows


@pytest.mark.parametrize("compact", [False, True])
def test_dtz_tables_match_syzygy(tmp_path, compact):
    """probe_wdl's class and probe_dtz from metric=dtz tables, whole or
    compact (streams only: tbgen compact), against Syzygy's values (Fathom
    on rtbgen's default files, which read a DTZ at most one ply short and
    -1 for a mated side)."""
    for material in ("KQvK", "KRvK"):
        tbgen(tmp_path, "chess", {"material": material, "metric": "dtz"})
    if compact:
        for table in tmp_path.glob("*.rtb"):
            subprocess.run([TBGEN, "compact", "--table", str(table), "--quiet"], check=True)
    rows = sample_rows(["KQvK", "KRvK"])
    assert len(rows) >= 400
    with rtb.chess.open_tablebase(tmp_path) as tb:
        for fen, wdl, dtz, how in rows:
            assert tb.probe_wdl(Board(fen)) == wdl, fen
            ours = tb.probe_dtz(fen)
            if how == "mate":
                assert ours == 0 and wdl == -2, fen
            else:
                assert (ours > 0) == (dtz > 0) and abs(ours) - abs(dtz) in (0, 1), (fen, ours, dtz)
        assert tb.get_dtz("8/8/8/8/8/8/8/K2kb3 w - - 0 1") is None  # no KBvK table here


def test_add_directory_and_close(tables, tmp_path):
    only_kqk = tmp_path / "kqk"
    only_kqk.mkdir()
    shutil.copy(tables / "KQvK.rtb", only_kqk)
    tb = rtb.chess.open_tablebase(only_kqk)
    krk = "8/8/8/8/8/8/8/K2kr3 w - - 0 1"
    assert tb.get_dtm(krk) is None
    assert tb.add_directory(tables) >= 2
    assert tb.probe_dtm(krk) == -10
    with pytest.raises(FileNotFoundError):
        tb.add_directory(tmp_path / "nowhere")
    with tb:
        assert tb.probe_wdl("k7/8/1K6/8/8/8/8/6Q1 w - - 0 1") == 2
    with pytest.raises(KeyError):  # closed: no tables left
        tb.probe_wdl(krk)
