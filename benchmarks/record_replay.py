"""Replay of a game record from its text against replay from the parsed record, side by side.

Usage::

    python benchmarks/record_replay.py [--repeats 7] [--seconds 0.3] [--padding-mb 1]

For each game (Aton, Dioses del Nilo, Ankh with 2 and 5 players) a seeded random game is
played to its end and saved as a record's text.  Each repeat then times, one right after the
other:

* **from text**: what ``netjer replay`` and ``play --load`` do once the file is read: parse
  the text (JSON, schema, refusals) and replay it with the text at hand for error positions
  (``GameRecord.from_json(text)`` then ``replay_record(record, text)``);
* **from the record**: replay of the already parsed record (``replay_record(record)``).

Each timing is the mean time per replay over as many pairs of replays (one of each kind,
alternating) as fit in ``--seconds``.  It
prints min/median/max over the repeats for both, the ratio of the medians, and min/median/max
of each repeat's own ratio (the two timings of a repeat are interleaved, so they share the
machine's load).  Goal: at most 1.2×; before issue 18 it was 7.6× for 5-player Ankh and
10× for Aton, as every action's line was worked out from the start of the text.  The parse
alone (``GameRecord.from_json``) is timed too, the figure least disturbed by other load.  A
last row pads the 5-player Ankh record with ``--padding-mb`` of leading white space (before
issue 18: 32 s for 1 MB).  Not a test: numbers depend on the machine.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

from netjer.build_info import describe_build
from netjer.core import GameRecord, Rng
from netjer.games.registry import make_game, replay_record

#: (label, game, options, seed) of the records replayed.
CASES: list[tuple[str, str, dict[str, Any], int]] = [
    ("Aton", "aton", {}, 3),
    ("Dioses del Nilo", "nile", {}, 10),  # seed 10: a long one (random games often end early)
    ("Ankh, 2 players", "ankh", {"players": 2}, 3),
    ("Ankh, 5 players", "ankh", {"players": 5}, 3),
]


def finished_record(game: str, options: dict[str, Any], seed: int) -> GameRecord:
    """A game played to its end by seeded uniformly random choices."""
    state = make_game(game, options).new_initial_state(seed)
    rng = Rng(seed)
    while not state.is_terminal:
        state.apply(rng.choice(state.legal_actions()))
    return GameRecord.from_state(state, ["random"] * state.game.num_players)


def per_call(work: Callable[[], object], seconds: float) -> float:
    """Mean seconds per call of ``work`` over as many calls as fit in ``seconds`` (at least 1)."""
    calls = 0
    start = time.perf_counter()
    while True:
        work()
        calls += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return elapsed / calls


def measure(text: str, repeats: int, seconds: float) -> tuple[list[float], list[float], list[float]]:
    """Side-by-side timings (seconds per replay) from text and from the parsed record, and of
    the parse alone.

    Within a repeat the two replays alternate call by call (the order swapped every pair), so
    both meet the same load from whatever else the machine runs.
    """
    record = GameRecord.from_json(text)

    def from_text() -> object:
        parsed = GameRecord.from_json(text)
        return replay_record(parsed, text)

    def from_record() -> object:
        return replay_record(record)

    assert from_text().history == from_record().history  # type: ignore[attr-defined]
    clock = time.perf_counter
    texts, records, parses = [], [], []
    for _ in range(repeats):
        spent = {from_text: 0.0, from_record: 0.0}
        pairs = 0
        start = clock()
        while clock() - start < seconds:
            for work in (from_text, from_record) if pairs % 2 == 0 else (from_record, from_text):
                before = clock()
                work()
                spent[work] += clock() - before
            pairs += 1
        texts.append(spent[from_text] / pairs)
        records.append(spent[from_record] / pairs)
        parses.append(per_call(lambda: GameRecord.from_json(text), seconds / 3))
    return texts, records, parses


def spread(values: list[float]) -> str:
    """``min / median / max`` in milliseconds."""
    return f"{min(values) * 1e3:.2f} / {statistics.median(values) * 1e3:.2f} / {max(values) * 1e3:.2f}"


def main() -> None:
    """Run the comparison and print a Markdown table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeats", type=int, default=7, help="side-by-side repeats (at least 3)")
    parser.add_argument("--seconds", type=float, default=0.3, help="time per timing")
    parser.add_argument("--padding-mb", type=float, default=1.0, help="leading white space of the last row")
    args = parser.parse_args()
    if args.repeats < 3:
        parser.error("--repeats must be at least 3")
    print(f"Python {platform.python_version()} on {platform.machine()}; {args.repeats} repeats of {args.seconds} s")
    print()
    print(
        "| record | actions | KB | from text, ms (min / median / max) | from the record, ms "
        "| ratio of medians | ratio per repeat (min / median / max) | parse alone, ms (median) |"
    )
    print("|---|---|---|---|---|---|---|---|")
    rows = [(label, finished_record(game, options, seed).to_json()) for label, game, options, seed in CASES]
    padding = int(args.padding_mb * 1_000_000)
    rows.append((f"Ankh, 5 players, {args.padding_mb:g} MB of padding", " " * padding + rows[-1][1]))
    for label, text in rows:
        texts, records, parses = measure(text, args.repeats, args.seconds)
        ratio = statistics.median(texts) / statistics.median(records)
        paired = [t / r for t, r in zip(texts, records, strict=True)]
        actions = len(GameRecord.from_json(text).actions)
        print(
            f"| {label} | {actions} | {len(text.encode()) / 1000:.0f} | {spread(texts)} | {spread(records)} "
            f"| {ratio:.2f}× | {min(paired):.2f}× / {statistics.median(paired):.2f}× / {max(paired):.2f}× "
            f"| {statistics.median(parses) * 1e3:.3f} |"
        )


if __name__ == "__main__":
    print(describe_build(), file=sys.stderr)  # which engine the figures are of
    main()
