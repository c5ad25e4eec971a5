"""A digest of seeded random Ankh games, to show that an engine change plays the same games.

Usage: ``python benchmarks/ankh_digest.py [--games 40]``.  Plays ``--games`` games (seeds 0,
1, ...) at each player count 2-5, with the gods drawn and with ``gods=none``; a random seat
picks each decision with ``netjer.core.Rng(7)``.  Hashes every legal-action list, a
``full_state()`` every 37 decisions, the final ``full_state()`` and seat 0's observation, and
prints the decisions played and the SHA-256.  Two checkouts or builds play the same games
exactly when they print the same line (run each through its own ``PYTHONPATH``).  Not a test:
the tests pin their own games; this covers more positions in one number.
"""

from __future__ import annotations

import argparse
import hashlib
import json

from netjer.build_info import describe_build
from netjer.core import Rng
from netjer.games.registry import make_game

#: A ``full_state()`` is hashed every this many decisions (and at the end of each game).
STATE_EVERY = 37


def digest(games: int) -> tuple[int, str]:
    """Play ``games`` seeded random games per player count and option; (decisions, hex digest)."""
    h = hashlib.sha256()
    total = 0
    for n in (2, 3, 4, 5):
        for options in ({"players": str(n)}, {"players": str(n), "gods": "none"}):
            game = make_game("ankh", options)
            rng = Rng(7)
            for seed in range(games):
                state = game.new_initial_state(seed)
                played = 0
                while not state.is_terminal:
                    legal = state.legal_actions()
                    h.update(" ".join(map(str, legal)).encode())
                    state.apply(legal[rng.below(len(legal))])
                    total += 1
                    played += 1
                    if played % STATE_EVERY == 0:
                        h.update(json.dumps(state.full_state(), sort_keys=True, default=str).encode())
                h.update(json.dumps(state.full_state(), sort_keys=True, default=str).encode())
                h.update(json.dumps(state.observation(0), sort_keys=True, default=str).encode())
    return total, h.hexdigest()


def main() -> None:
    """Parse the arguments, play the games, print the engine, the decisions and the digest."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=40, help="games per player count and option (default 40)")
    args = parser.parse_args()
    print(describe_build())
    decisions, hexdigest = digest(args.games)
    print(f"{decisions} decisions, sha256 {hexdigest}")


if __name__ == "__main__":
    main()
