"""rtb's answers equal tbprobe --json's for the same questions, on many
positions of real tables."""

import random

import pytest

import rtb
from conftest import param_args, tbprobe

C4 = {"width": 4, "height": 4}


def sample(positions, n, seed):
    positions = list(positions)
    random.Random(seed).shuffle(positions)
    return positions[:n]


def dump(tables, game, params, solver="wdl"):
    return tbprobe("--dir", str(tables), "--game", game, *param_args(params), "--solver", solver, "--dump")


def test_every_tictactoe_value_equals_the_dump(tables):
    with rtb.open_directory(tables) as tb:
        t = tb.table("tictactoe")
        rows = dump(tables, "tictactoe", {})
        assert len(rows) == 765  # the published count up to symmetry
        for row in rows:
            assert t.probe(row["position"]).json["value"] == row["value"]


@pytest.mark.parametrize("game,params,n", [("tictactoe", {}, 40), ("connect4", C4, 40)])
def test_positions_moves_and_lines_equal_tbprobe(tables, game, params, n):
    rows = dump(tables, game, {k: str(v) for k, v in params.items()})
    # Typed positions too: symmetric images of stored ones, move sequences.
    texts = ["x........", "..x......", "....x...o"] if game == "tictactoe" else ["", "1", "12", "4", "2231"]
    texts += sample((r["position"] for r in rows), n, seed=12)
    with rtb.open_directory(tables) as tb:
        for text in texts:
            expected = tbprobe("--dir", str(tables), "--game", game, *param_args(params), "--position", text,
                               "--line")[0]
            p = tb.probe(game, text, line=True, **params)
            assert p.json == expected
            assert p.position == expected["position"]
            assert p.value == rtb.Value(expected["value"]["outcome"], expected["value"].get("plies"))
            assert [m.position for m in p.moves] == [m["position"] for m in expected["moves"]]
            assert [m.value.outcome for m in p.moves] == [m["value"]["outcome"] for m in expected["moves"]]
            assert len(p.line) == len(expected["line"])
            # Best first for the mover: the first move's value is the position's.
            ranks = [_preference(m.value) for m in p.moves]
            assert ranks == sorted(ranks), text
            assert not p.moves or p.moves[0].value == p.value, text


def _preference(v):
    """Smaller is better for the player who moves: quick wins, draws, slow losses."""
    return (0, v.plies) if v.is_win else (2, -v.plies) if v.is_loss else (1, 0)


def test_tictactoe_values_mean_what_they_say(tables):
    with rtb.open_directory(tables) as tb:
        empty = tb.probe("tictactoe", ".........", line=True)
        assert empty.value.is_draw and empty.value.plies is None
        assert len(empty.moves) == 9 and all(m.value.is_draw for m in empty.moves)
        assert empty.best_move is not None and empty.best_move.value.is_draw
        win = tb.probe("tictactoe", "xx.oo....")  # x to move completes the top row
        assert win.value == rtb.Value("win", 1)
        assert str(win.value) == "win in 1 plies"
        assert any(m.value == rtb.Value("win", 1) for m in win.moves)


def test_stats_equal_tbprobe(tables):
    with rtb.open_directory(tables) as tb:
        for game, params in [("tictactoe", {}), ("connect4", C4)]:
            s = tb.stats(game, **params)
            expected = tbprobe("--dir", str(tables), "--game", game, *param_args(params), "--stats")[0]
            assert s.json == expected
            assert s.legal == expected["legal"]
            assert sum(h.wins + h.losses for h in s.histogram) == expected["counts"]["wins"] + expected["counts"]["losses"]
            assert [h.plies for h in s.histogram] == [h["plies"] for h in expected["histogram"]]
        assert tb.table("tictactoe").stats().counts["wins"] > 0


def test_probe_by_index_and_reachable(tables):
    with rtb.open_directory(tables) as tb:
        t = tb.table("tictactoe")
        for i in sample(range(t.size), 30, seed=3):
            try:
                p = t.probe_index(i)
            except ValueError:  # a broken index
                continue
            assert p.json == tbprobe("--table", t.path, "--index", str(i))[0]
        assert t.reachable() == tbprobe("--table", t.path, "--reachable")[0]
        assert t.reachable()["positions"] == 5478  # from the empty board, full board


def test_open_table_by_path(tables):
    with rtb.open_table(tables / "tictactoe.rtb") as t:
        assert (t.game, t.value_kind) == ("tictactoe", "wdl16")
        expected = tbprobe("--table", t.path, "--position", "x...o....")[0]["value"]
        assert t.value("x...o....") == rtb.Value(expected["outcome"], expected.get("plies"))
        t.check()
