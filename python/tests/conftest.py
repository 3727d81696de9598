"""Tables for the Python tests, written once per run by the built tbgen, and
tbprobe --json to compare the module's answers with."""

import json
import os
import subprocess

import pytest

TBGEN = os.environ.get("RTB_TBGEN", "tbgen")
TBPROBE = os.environ.get("RTB_TBPROBE", "tbprobe")

# (game, params, solver)
TABLES = [
    ("tictactoe", {}, "wdl"),
    ("connect4", {"width": "4", "height": "4"}, "wdl"),
    ("octal", {"octal": "0.77", "heaps": "40"}, "grundy"),
    ("nim", {"heaps": "3", "max": "5"}, "grundy"),
    ("chess", {"material": "KQvK"}, "wdl"),
    ("chess", {"material": "KRvK"}, "wdl"),
]


def tbgen(out, game, params, solver="wdl"):
    cmd = [TBGEN, "--game", game, "--out", str(out), "--quiet", "--threads", "2", "--solver", solver]
    for k, v in params.items():
        cmd += ["--param", f"{k}={v}"]
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)


def tbprobe(*args):
    """The JSON objects tbprobe --json prints, one per line."""
    out = subprocess.run([TBPROBE, *args, "--json"], check=True, capture_output=True, text=True).stdout
    return [json.loads(line) for line in out.splitlines()]


def param_args(params):
    out = []
    for k, v in params.items():
        out += ["--param", f"{k}={v}"]
    return out


@pytest.fixture(scope="session")
def tables(tmp_path_factory):
    out = tmp_path_factory.mktemp("tables")
    for game, params, solver in TABLES:
        tbgen(out, game, params, solver)
    return out
