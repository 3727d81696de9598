#!/usr/bin/env python3
"""The layers of the build, and what a change to them affects.

    scripts/layers.py check BUILD_DIR
    scripts/layers.py affected BUILD_DIR FILE...

check fails when a file includes across a layer its library does not link.
Each layer is a library of the build (cmake/RtbLayers.cmake); BUILD_DIR's
layers/layers.txt says which target owns which folder, and CMake's graph of
the targets (cmake --graphviz) gives their link edges. A file of a folder
may include from its own folder and from the folders of the targets its
target links, directly or not: storage/ never includes games/, probe/ never
gen/, answers/ never a solver. Every tracked source and header of a layer
is checked, compiled or not (the compiler refuses the same includes in what
it compiles: no include path covers the whole tree). The tests are not a
layer: each suite links what it tests.

check prints one line per include that crosses a layer and exits 1, else a
summary and 0.

affected prints the names of the ctest tests that a change to FILEs (paths
from the source root) can break, one a line: those whose programs link the
layer of a changed file, directly or not (and those that install the whole
build), a changed suite's own, those that run a changed driver of
tests/e2e/; every test for a file of no layer (CMake files, scripts,
helpers), none for prose.
scripts/dev-check.sh runs them. Both exit 2 for bad usage.
"""
import json
import os
import pathlib
import re
import subprocess
import sys
import tempfile

INCLUDE = re.compile(r'^\s*#\s*include\s*"([^"]+)"', re.MULTILINE)


def read_layers(build):
    layers = {}
    for line in (build / "layers" / "layers.txt").read_text().split():
        folder, target = line.split("=")
        layers[folder] = target
    return layers


def read_links(build):
    """Each target's link edges, from CMake's graph of the build."""
    with tempfile.TemporaryDirectory() as work:
        dot = pathlib.Path(work) / "targets.dot"
        subprocess.run(["cmake", f"--graphviz={dot}", "."], cwd=build, check=True, stdout=subprocess.DEVNULL)
        text = dot.read_text()
    names = dict(re.findall(r'"(node\d+)" \[ label = "([^"]+)"', text))
    links = {}
    for source, target in re.findall(r'"(node\d+)" -> "(node\d+)"', text):
        links.setdefault(names[source], set()).add(names[target])
    return links


def closure(target, links):
    seen, todo = {target}, [target]
    while todo:
        for linked in links.get(todo.pop(), ()):
            if linked not in seen:
                seen.add(linked)
                todo.append(linked)
    return seen


def owner(path, layers):
    """The layer of `path`: the longest folder of `layers` it is in."""
    best = None
    for folder in layers:
        if path.startswith(folder + "/") and (best is None or len(folder) > len(best)):
            best = folder
    return best


def check(build, root):
    layers, links = read_layers(build), read_links(build)
    files = subprocess.run(["git", "ls-files", "*.h", "*.cpp", "*.c"], cwd=root, check=True,
                           capture_output=True, text=True).stdout.split()
    crossings, checked = [], 0
    for path in files:
        folder = owner(path, layers)
        if folder is None:
            continue
        checked += 1
        allowed = closure(layers[folder], links)
        for included in INCLUDE.findall((root / path).read_text()):
            to = owner(included, layers)
            if to is not None and layers[to] not in allowed:
                crossings.append(f"{path}: includes {included}, but {layers[folder]} does not link "
                                 f"{layers[to]} ({to}/)")
    for line in crossings:
        print(f"check-layers: {line}")
    if crossings:
        return 1
    print(f"check-layers: {checked} files in {len(layers)} layers include only what their layer links")
    return 0


def programs_of(test, build):
    """The build's programs a ctest test runs, by target name: its command's
    and its environment's paths into the build."""
    words = list(test.get("command", []))
    for prop in test.get("properties", []):
        if prop["name"] == "ENVIRONMENT":
            for pair in prop["value"]:
                words += pair.split("=", 1)[1].split(";")
    inside = [w for w in words if w.startswith(str(build) + os.sep)]
    return {pathlib.Path(w).name for w in inside}


def affected(build, changed):
    layers, links = read_layers(build), read_links(build)
    tests = json.loads(subprocess.run(["ctest", "--show-only=json-v1"], cwd=build, check=True,
                                      capture_output=True, text=True).stdout)["tests"]
    programs = {t["name"]: programs_of(t, build) for t in tests}
    commands = {t["name"]: " ".join(t.get("command", [])) for t in tests}
    chosen = set()
    for path in changed:
        stem, folder = pathlib.Path(path).stem, str(pathlib.Path(path).parent)
        if owner(path, layers) is not None:  # a layer: what links it
            target = layers[owner(path, layers)]
            chosen |= {n for n, ps in programs.items() if any(target in closure(p, links) for p in ps)}
            # and what installs or packs the whole build
            chosen |= {n for n, c in commands.items() if str(build) in c.split()}
        elif path.startswith("tests/") and path.endswith((".cpp", ".c")):  # a suite: its own tests
            own = {n for n, ps in programs.items() if stem in ps}
            chosen |= own or {n for n, c in commands.items() if f"/{folder}/" in c.replace(str(build), "")}
        elif path.startswith("tests/e2e/"):  # a driver: the tests that run it
            chosen |= {n for n, c in commands.items() if path in c}
        elif path.endswith(".md"):  # prose: no test reads it
            continue
        else:  # build files, scripts, helpers, fixtures: anything may depend on them
            chosen |= set(programs)
    for test in tests:
        if test["name"] in chosen:
            print(test["name"])
    return 0


def main():
    args = sys.argv[1:]
    if len(args) < 2 or args[0] not in ("check", "affected") or (args[0] == "check" and len(args) != 2):
        print("usage: layers.py check BUILD_DIR | layers.py affected BUILD_DIR FILE...", file=sys.stderr)
        return 2
    build = pathlib.Path(args[1]).resolve()
    root = pathlib.Path(__file__).resolve().parent.parent
    try:
        return check(build, root) if args[0] == "check" else affected(build, args[2:])
    except (OSError, subprocess.CalledProcessError) as e:
        print(f"layers: cannot read the build {build}: {e}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
