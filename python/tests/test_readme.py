"""The README's Python example runs as written, with the output its comments give."""

import os
import pathlib
import re
import subprocess
import sys

README = pathlib.Path(__file__).resolve().parents[2] / "README.md"


def test_readme_example_runs(tables, tmp_path):
    section = README.read_text().split("## Python\n", 1)[1]
    example = re.search(r"```python\n(.*?)```", section, re.S).group(1)
    (tmp_path / "tables").symlink_to(tables)
    out = subprocess.run([sys.executable, "-c", example], cwd=tmp_path, env=dict(os.environ), check=True,
                         capture_output=True, text=True).stdout.splitlines()
    assert out[0] == "win in 1 plies True 1"
    assert "6" in out and "loss in 10 plies" in out
    assert out[-3:] == ["-2", "-10", "None"]
