"""`cmake --install --component python` puts a package that imports from the
prefix alone."""

import os
import subprocess
import sys

BUILD = os.environ.get("RTB_BUILD_DIR")
CMAKE = os.environ.get("RTB_CMAKE", "cmake")
SITE = os.environ.get("RTB_PYTHON_INSTALL_DIR", "lib/python3/dist-packages")

PROGRAM = """
import sys
import rtb, rtb.chess
print(rtb.__file__)
with rtb.open_directory(sys.argv[1]) as tb:
    print(tb.probe("tictactoe", "xx.oo....").value)
with rtb.chess.open_tablebase(sys.argv[1]) as tb:
    print(tb.probe_dtm("8/8/8/8/8/8/8/K2kr3 w - - 0 1"))
"""


def test_installed_package_imports(tables, tmp_path):
    assert BUILD, "RTB_BUILD_DIR names the build to install from (ctest sets it)"
    prefix = tmp_path / "prefix"
    subprocess.run([CMAKE, "--install", BUILD, "--component", "python", "--prefix", str(prefix)], check=True,
                   capture_output=True)
    site = prefix / SITE
    package = sorted(p.name for p in (site / "rtb").iterdir())
    assert "__init__.py" in package and "chess.py" in package
    assert any(name.startswith("_rtb.") and name.endswith(".so") for name in package)
    env = dict(os.environ, PYTHONPATH=str(site))
    out = subprocess.run([sys.executable, "-c", PROGRAM, str(tables)], cwd=tmp_path, env=env, check=True,
                         capture_output=True, text=True).stdout.splitlines()
    assert out[0] == str(site / "rtb" / "__init__.py")
    assert out[1:] == ["win in 1 plies", "-10"]
