"""Two versions of the Ankh board module side by side in one process (not part of the test run).

Usage: ``python benchmarks/ankh_board_ab.py BEFORE.py AFTER.py [--repeats N]``, e.g. with
``git show COMMIT:src/netjer/games/ankh/board.py > /tmp/board_before.py``.  Each module is
loaded under its own name with its own board (from the shipped ``data/map.json``), and the
two are timed in turn, ``N`` times: (1) enumerating every camel line of every region that can
be cut, for region maps met after 1 to 5 random Camel Caravans (seeded); (2) building those
region maps.  Process time, so time spent waiting for a shared core is left out; prints
min / median / max seconds per pass and the after/before ratio of the medians.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import random
import statistics
import sys
import time
from importlib import resources
from types import ModuleType
from typing import Any

from netjer.build_info import describe_build


def load(name: str, path: str) -> ModuleType:
    """Import the file ``path`` as module ``name``."""
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("before")
    parser.add_argument("after")
    parser.add_argument("--repeats", type=int, default=9)
    args = parser.parse_args()
    data = json.loads((resources.files("netjer.games.ankh") / "data" / "map.json").read_text(encoding="utf-8"))
    mods: dict[str, tuple[Any, Any]] = {}
    for name, path in (("before", args.before), ("after", args.after)):
        m = load(f"_board_{name}", path)
        mods[name] = (m, m.validate_map("base", data))
    m, board = mods["before"]
    rnd = random.Random(5)
    camel_sets = []
    for _ in range(40):
        regions = board.base
        for _ in range(rnd.randint(1, 5)):
            lines = m.camel_lines(regions)
            if not lines:
                break
            regions = m.check_camel_line(regions, rnd.choice(lines)).after
            camel_sets.append(regions.camels)

    def lines_pass(m: Any, board: Any) -> float:
        maps = [m.region_map(board, c) for c in camel_sets]
        t = time.process_time()
        for rm in maps:
            for r in range(rm.num_regions):
                if rm.land_count[r] >= 2 * m.MIN_REGION_LAND:
                    m._region_lines(rm, r)
        return time.process_time() - t

    def maps_pass(m: Any, board: Any) -> float:
        t = time.process_time()
        for c in camel_sets:
            m.RegionMap(board, board.rivers | c, c)._interior_of()
        return time.process_time() - t

    times: dict[tuple[str, str], list[float]] = {(n, k): [] for n in mods for k in ("lines", "maps")}
    for _ in range(args.repeats):
        for n, (m, board) in mods.items():
            times[n, "lines"].append(lines_pass(m, board))
            times[n, "maps"].append(maps_pass(m, board))
    print(f"{len(camel_sets)} region maps, {args.repeats} passes each, process seconds per pass")
    for kind in ("lines", "maps"):
        for n in mods:
            v = times[n, kind]
            print(f"{kind:5s} {n:6s} min {min(v):.4f} / median {statistics.median(v):.4f} / max {max(v):.4f}")
        ratio = statistics.median(times["after", kind]) / statistics.median(times["before", kind])
        print(f"{kind:5s} after/before of the medians: {ratio:.2f}")


if __name__ == "__main__":
    print(describe_build(), file=sys.stderr)  # which engine the figures are of
    main()
