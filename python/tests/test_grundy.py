"""Grundy values and sums equal tbprobe's (--position, --sum)."""

import itertools
import random

import pytest

import rtb
from conftest import tbprobe

KAYLES = {"octal": "0.77", "heaps": 40}
NIM = {"heaps": 3, "max": 5}


def test_grundy_positions_equal_tbprobe(tables):
    with rtb.open_directory(tables) as tb:
        for heap in range(0, 41, 3):
            p = tb.probe("octal", str(heap), solver="grundy", **KAYLES)
            args = ["--dir", str(tables), "--game", "octal", "--grundy", "--param", "octal=0.77",
                    "--param", "heaps=40", "--position", str(heap)]
            assert p.json == tbprobe(*args)[0]
            assert tb.grundy("octal", str(heap), **KAYLES) == p.value
        # Kayles' values are periodic with period 12 from 71 on; the first are known.
        assert [tb.grundy("octal", str(h), **KAYLES).n for h in range(0, 12)] == [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]
        splits = [m for m in tb.probe("octal", "5", solver="grundy", **KAYLES).moves if m.parts == 2]
        assert splits and all(" + " in m.position for m in splits)


def test_nim_value_is_the_xor_of_the_heaps(tables):
    with rtb.open_directory(tables) as tb:
        t = tb.table("nim", solver="grundy", **NIM)
        for heaps in itertools.product(range(6), repeat=3):
            v = t.grundy(",".join(map(str, heaps)))
            assert v.n == heaps[0] ^ heaps[1] ^ heaps[2]
            assert v.outcome == ("loss" if v.n == 0 else "win")
            assert not v.infinite


def test_sums_equal_tbprobe_sum(tables):
    rng = random.Random(7)
    with rtb.open_directory(tables) as tb:
        kayles = tb.table("octal", solver="grundy", **KAYLES)
        nim = tb.table("nim", solver="grundy", **NIM)
        for _ in range(15):
            terms = [(kayles, str(rng.randrange(41))) for _ in range(rng.randrange(1, 4))]
            terms += [(nim, ",".join(str(rng.randrange(6)) for _ in range(3))) for _ in range(rng.randrange(0, 2))]
            s = rtb.grundy_sum(terms)
            expected = tbprobe("--sum", *[f"{t.path}:{p}" for t, p in terms])[0]
            assert s.json == expected
            assert s.value.value == expected["sum"]["value"]
            assert [p.value.value for p in s.parts] == [p["value"]["value"] for p in expected["parts"]]
            if s.outcome == "win":
                w = s.winning_move
                assert w is not None and w.component + 1 == expected["winning_move"]["component"]
                # The move leaves a sum of value 0: the opponent loses.
                table = terms[w.component][0]
                after = [t for j, t in enumerate(terms) if j != w.component]
                if w.to != "(outside the table)":
                    after += [(table, part) for part in w.to.split(" + ")]
                if after:
                    assert rtb.grundy_sum(after).value.n == 0
            else:
                assert s.winning_move is None


def test_sum_of_one_table(tables):
    with rtb.open_directory(tables) as tb:
        s = tb.grundy_sum("octal", ["3", "5", "6"], **KAYLES)
        assert s.value.n == 3 ^ 4 ^ 3
        assert tb.table("octal", solver="grundy", **KAYLES).grundy_sum("1", "1").value.n == 0


def test_sum_errors(tables):
    with rtb.open_directory(tables) as tb:
        kayles = tb.table("octal", solver="grundy", **KAYLES)
        with pytest.raises(ValueError):
            rtb.grundy_sum([])
        with pytest.raises(ValueError):  # a win/draw/loss table has no Grundy values
            rtb.grundy_sum([(tb.table("tictactoe"), "x........")])
        with pytest.raises(rtb.PositionError):
            rtb.grundy_sum([(kayles, "41")])
