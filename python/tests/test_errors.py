"""Errors become Python exceptions: KeyError for a missing table, ValueError
for a bad position, rtb.CorruptTableError for a damaged table; closing."""

import os
import shutil

import pytest

import rtb
from conftest import tbprobe


def test_missing_table(tables):
    with rtb.open_directory(tables) as tb:
        with pytest.raises(KeyError) as e:
            tb.table("connect4", width=7, height=6)
        assert isinstance(e.value, rtb.MissingTableError) and isinstance(e.value, rtb.Error)
        assert "no table for connect4" in str(e.value) and "expected" in str(e.value)
        with pytest.raises(rtb.MissingTableError):
            tb.probe("chess", "k7/8/8/8/8/8/6r1/KQ6 w - - 0 1")  # KQvKR was not built
        with pytest.raises(rtb.MissingTableError):
            tb.table("nim", heaps=3, max=5)  # there is a Grundy table, not a win/draw/loss one
    with pytest.raises(rtb.MissingTableError):
        rtb.open_table(tables / "nothing.rtb")
    with pytest.raises(FileNotFoundError):
        rtb.open_directory(tables / "nowhere")


def test_bad_positions_and_arguments(tables):
    with rtb.open_directory(tables) as tb:
        for bad in ["xxxx", "xxxxxxxxx", "abcdefghi", ""]:
            with pytest.raises(ValueError):
                tb.probe("tictactoe", bad)
        with pytest.raises(rtb.PositionError):
            tb.probe("connect4", "9", width=4, height=4)
        with pytest.raises(rtb.PositionError):
            tb.probe("chess", "this is no FEN")
        with pytest.raises(rtb.PositionError):
            tb.table("tictactoe").probe_index(3**9 * 10)
        with pytest.raises(ValueError):
            tb.table("no-such-game")
        with pytest.raises(ValueError):
            tb.table("connect4", width="abc", height=4)
        with pytest.raises(ValueError):
            tb.table("tictactoe", solver="nonsense")


def test_damaged_tables(tables, tmp_path):
    damaged = tmp_path / "tictactoe.rtb"
    shutil.copy(tables / "tictactoe.rtb", damaged)
    data = bytearray(damaged.read_bytes())
    for k in range(len(data) // 3, len(data) // 3 + 64):
        data[k] ^= 0x5A
    damaged.write_bytes(bytes(data))
    with pytest.raises(rtb.CorruptTableError):
        t = rtb.open_table(damaged)
        t.check()
    truncated = tmp_path / "truncated.rtb"
    truncated.write_bytes((tables / "tictactoe.rtb").read_bytes()[:5000])
    with pytest.raises(rtb.CorruptTableError):
        rtb.open_table(truncated)


def test_context_managers_close(tables):
    with rtb.open_directory(tables) as tb:
        t = tb.table("tictactoe")
        assert tb.table("tictactoe") is t  # opened once
        assert t.probe("x........").value.is_draw
    assert t.closed
    with pytest.raises(rtb.Error):
        t.probe("x........")
    with pytest.raises(rtb.Error):
        tb.table("tictactoe")
    with rtb.open_table(tables / "tictactoe.rtb") as t2:
        assert not t2.closed
    assert t2.closed
    with pytest.raises(rtb.Error):
        t2.stats()


def test_module_facts():
    assert "chess" in rtb.games() and "tictactoe" in rtb.games()
    assert rtb.__version__.count(".") == 2


def test_another_table_under_the_name_asked_for(tables, tmp_path):
    """A table of another board size (or material) saved under the name of
    the one asked for is refused, naming both, never answered as it."""
    shutil.copy(tables / "connect4-4x4.rtb", tmp_path / "connect4-5x4.rtb")
    shutil.copy(tables / "KRvK.rtb", tmp_path / "KQvK.rtb")
    with rtb.open_directory(tmp_path) as tb:
        with pytest.raises(rtb.MissingTableError) as e:
            tb.probe("connect4", "12", width=5, height=4)
        message = str(e.value)
        assert "connect4;height=4,width=4 wdl16" in message and "not the connect4;height=4,width=5" in message
        with pytest.raises(rtb.MissingTableError) as e:
            tb.probe("chess", "7k/8/8/8/8/8/8/KQ6 w - - 0 1")
        assert "material=KRvK" in str(e.value) and "material=KQvK" in str(e.value)
    # Opened by its path alone, the file is read as what it is.
    assert rtb.open_table(tmp_path / "connect4-5x4.rtb").params == "height=4,width=4"


def test_fifo_is_refused_at_once(tmp_path):
    fifo = tmp_path / "fifo.rtb"
    os.mkfifo(fifo)
    with pytest.raises(rtb.MissingTableError) as e:
        rtb.open_table(fifo)
    assert "is not a regular file" in str(e.value)


def test_a_table_truncated_while_open_is_an_error_not_a_crash(tables, tmp_path):
    """The file shrinks under the open table (truncated, or copied over by a
    shorter one): each probe that reads past the new end raises
    CorruptTableError naming the change; the process lives on."""
    shrinking = tmp_path / "connect4-4x4.rtb"
    shutil.copy(tables / "connect4-4x4.rtb", shrinking)
    t = rtb.open_table(shrinking)
    dump = tbprobe("--table", str(tables / "connect4-4x4.rtb"), "--dump")
    positions = [row["position"] for row in dump[::500]]
    with rtb.open_table(tables / "connect4-4x4.rtb") as intact:
        before = {p: intact.value(p) for p in positions}
    os.truncate(shrinking, shrinking.stat().st_size // 2)
    errors = 0
    for p in positions:
        try:
            assert t.value(p) == before[p]
        except rtb.CorruptTableError as e:
            assert "changed on disk" in str(e)
            errors += 1
    assert errors > 0
