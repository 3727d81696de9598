#!/usr/bin/env python3
"""tbprobe --stats --plot: the SVG is XML with the table's name and the axis
labels, one panel per side to move where the game has sides (chess) and one
otherwise (tic-tac-toe), one bar per depth that has positions in each panel
(counted from --stats --json) and one legend swatch per series and panel;
the PNG has PNG's signature and the size asked; a bad path or extension is
one line, a non-zero exit and no file.   plot_cli_test.py TBGEN TBPROBE"""
import json
import os
import re
import struct
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

tbgen, tbprobe = sys.argv[1], sys.argv[2]
# The bar colours of cli/plot.cpp (wins, losses), as cairo writes them.
WIN, LOSS = "rgb(18%,55%,27%)", "rgb(80%,24%,18%)"


def run(*args):
    return subprocess.run(args, capture_output=True, text=True)


def fills_of(svg_root):
    ns = "{http://www.w3.org/2000/svg}"
    return [re.sub(r"\s", "", p.get("style", "") + p.get("fill", "")) for p in svg_root.iter(ns + "path")]


def check(ok, what):
    if not ok:
        sys.exit("FAIL: " + what)


with tempfile.TemporaryDirectory() as d:
    check(run(tbgen, "--game", "tictactoe", "--out", d, "-q").returncode == 0, "tbgen")
    table = os.path.join(d, "tictactoe.rtb")
    stats = json.loads(run(tbprobe, "--table", table, "--stats", "--json").stdout)
    wins = sum(1 for b in stats["histogram"] if b["wins"] > 0)
    losses = sum(1 for b in stats["histogram"] if b["losses"] > 0)
    check(wins >= 3 and losses >= 3, "a histogram with several depths")

    svg = os.path.join(d, "h.svg")
    r = run(tbprobe, "--table", table, "--stats", "--plot", svg)
    check(r.returncode == 0 and "depth  wins  losses" in r.stdout, "--stats --plot prints the stats too")
    root = ET.parse(svg).getroot()  # raises on anything that is not XML
    ns = "{http://www.w3.org/2000/svg}"
    check(root.tag == ns + "svg", "an <svg> root")
    check(root.find(ns + "title").text == "tictactoe", "the table's name as title")
    desc = root.find(ns + "desc").text
    check("depth (plies)" in desc and "positions" in desc, "axis labels: " + desc)
    check(sum(WIN in f for f in fills_of(root)) == wins + 1, "one win bar per depth with wins, one swatch")
    check(sum(LOSS in f for f in fills_of(root)) == losses + 1, "one loss bar per depth with losses, one swatch")

    # Chess: one panel per side to move, each with its own bars.
    check(run(tbgen, "--game", "chess", "--param", "material=KQvK", "--out", d, "-q").returncode == 0, "tbgen KQvK")
    kqvk = os.path.join(d, "KQvK.rtb")
    sides = json.loads(run(tbprobe, "--table", kqvk, "--stats", "--json").stdout)["sides"]
    check([s["side"] for s in sides] == ["first", "second"], "KQvK has both sides to move")
    side_wins = sum(1 for s in sides for b in s["histogram"] if b["wins"] > 0)
    side_losses = sum(1 for s in sides for b in s["histogram"] if b["losses"] > 0)
    check(side_wins > 5 and side_losses > 5, "both sides' histograms have depths")
    chess_svg = os.path.join(d, "kqvk.svg")
    check(run(tbprobe, "--table", kqvk, "--plot", chess_svg).returncode == 0, "--plot KQvK")
    chess = ET.parse(chess_svg).getroot()
    desc = chess.find(ns + "desc").text
    check("first player (white) to move" in desc and "second player (black) to move" in desc, "panels: " + desc)
    check(sum(WIN in f for f in fills_of(chess)) == side_wins + 2, "win bars of both sides, two swatches")
    check(sum(LOSS in f for f in fills_of(chess)) == side_losses + 2, "loss bars of both sides, two swatches")
    os.remove(chess_svg)
    os.remove(kqvk)

    for size, args in (((800, 600), ()), ((400, 300), ("--plot-size", "400x300"))):
        png = os.path.join(d, "h.png")
        check(run(tbprobe, "--table", table, "--plot", png, *args).returncode == 0, "--plot png")
        data = open(png, "rb").read()
        check(data[:8] == b"\x89PNG\r\n\x1a\n", "the PNG signature")
        check(struct.unpack(">II", data[16:24]) == size, "a PNG of %dx%d" % size)

    for bad in (os.path.join(d, "h.gif"), os.path.join(d, "missing", "h.svg")):
        r = run(tbprobe, "--table", table, "--plot", bad)
        check(r.returncode != 0 and r.stderr.count("\n") == 1, "one line and a failure for " + bad)
        check(not os.path.exists(bad), "no file for " + bad)
    check(sorted(os.listdir(d)) == ["h.png", "h.svg", "tictactoe.rtb"], "no temporary left: %s" % os.listdir(d))
print("plot ok")
