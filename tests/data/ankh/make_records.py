"""Make the Ankh record corpus: seeded games of the current rules version, saved for replay.

Usage (from the worktree root)::

    python tests/data/ankh/make_records.py [--games 80]

Writes ``tests/data/ankh/records/ankh-{2,3,4,5}p.jsonl.gz``: one game record a line (the
fields of a Netjer record file, :mod:`netjer.core.record`) plus ``full_state_sha256``, the
SHA-256 of the final ``full_state()`` as sorted-key JSON without the narration (the ``log``
and the ``end_reason``: their words may change without any change of the rules, as issue 14's
did), and ``full_state_keys.json``, the keys digested, as ``full_state()`` had them when the
corpus was made (so that a later engine that renames or adds
fields can still rebuild the same dictionary: tests/games/ankh/test_record_corpus.py).

The games: every god at every player count (the gods rotate through the seats), seats played
by seeded random and heuristic agents, and the rulings options varied (scenario, second
action, track length, Guardian slots and types, merged powers, red section, Satet, Osiris's
Underworld).  The corpus pins the engine's behaviour before a refactoring (issue 15): it is
made once, committed, and only regenerated on purpose under a new rules version.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
from pathlib import Path
from typing import Any

from netjer.agents.registry import make_agent
from netjer.core.record import RECORD_FORMAT, GameRecord
from netjer.core.rng import Rng
from netjer.core.state import State
from netjer.core.view import PlayerView
from netjer.games.ankh.gods.base import GOD_IDS
from netjer.games.registry import make_game

HERE = Path(__file__).resolve().parent
OUT = HERE / "records"
GUARDIANS = ("cat-mummy", "satet", "mummy", "apep", "giant-scorpion", "androsphinx")
LEVELS = (("cat-mummy", "satet"), ("mummy", "apep"), ("giant-scorpion", "androsphinx"))


#: Keys of ``full_state()`` left out of the digest: the game's narration, not its state.
NARRATION = frozenset({"log", "end_reason"})


def state_digest(full_state: dict[str, Any]) -> str:
    """SHA-256 (hex) of ``full_state`` without :data:`NARRATION`, as compact sorted-key JSON."""
    kept = {k: v for k, v in full_state.items() if k not in NARRATION}
    text = json.dumps(kept, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def game_options(players: int, index: int, rng: Rng) -> dict[str, Any]:
    """The options of game ``index`` at ``players`` seats: gods rotating so that every god
    plays at every count, the other options drawn from ``rng``."""
    gods = ",".join(GOD_IDS[(index * players + s) % len(GOD_IDS)] for s in range(players))
    options: dict[str, Any] = {"players": players, "gods": gods if index % 8 else "draw"}
    if index % 10 == 9:
        options["gods"] = "none"
    options["scenario"] = rng.choice(["middle-kingdom", "old-kingdom"])
    options["second_action"] = rng.choice(["optional", "optional", "mandatory"])
    options["track_length"] = rng.choice(["rulebook", "rulebook", "long"])
    options["guardian_slots"] = rng.choice(["2,4,5", "2,4,6", "1,3,5"])
    options["merged_powers"] = rng.choice(["major", "major", "combined"])
    options["red_max"] = rng.choice([19, 20])
    options["satet_push"] = rng.choice(["choose", "opposite"])
    options["osiris_underworld"] = rng.choice(["extra", "instead"])
    options["guardians"] = ",".join(rng.choice([*pair, "draw"]) for pair in LEVELS)
    return options


def play(players: int, index: int) -> tuple[GameRecord, State]:
    """Play game ``index`` at ``players`` seats to the end; its record and final state."""
    rng = Rng(1000 * players + index)
    options = game_options(players, index, rng)
    game = make_game("ankh", options)
    kinds = ["heuristic" if index % 3 == 0 or rng.below(2) else "random" for _ in range(players)]
    agents = [make_agent(kind, seed=100 * index + seat) for seat, kind in enumerate(kinds)]
    state = game.new_initial_state(index)
    while not state.is_terminal:
        seat = state.current_player
        state.apply(agents[seat].choose(PlayerView(state, seat)))
    return GameRecord.from_state(state, kinds), state


def main() -> None:
    """Write the corpus files."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=80, help="games per player count (default 80)")
    args = parser.parse_args()
    OUT.mkdir(exist_ok=True)
    keys: list[str] | None = None
    for players in range(2, 6):
        lines = []
        for index in range(args.games):
            record, state = play(players, index)
            full = state.full_state()
            keys = sorted(k for k in full if k not in NARRATION)
            line = {
                "format": RECORD_FORMAT,
                "game": record.game,
                "rules_version": record.rules_version,
                "options": record.options,
                "seed": record.seed,
                "seats": record.seats,
                "result": record.result,
                "actions": record.actions,
                "full_state_sha256": state_digest(full),
            }
            lines.append(json.dumps(line, separators=(",", ":")))
        path = OUT / f"ankh-{players}p.jsonl.gz"
        # mtime=0: the same corpus gives the same bytes.
        with path.open("wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb", mtime=0) as fh:
            fh.write(("\n".join(lines) + "\n").encode("utf-8"))
        print(f"{path.relative_to(HERE.parent.parent.parent)}: {len(lines)} games")
    (OUT / "full_state_keys.json").write_text(json.dumps(keys, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
