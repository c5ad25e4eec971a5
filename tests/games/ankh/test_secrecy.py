"""What a seat may see is decided in one module, :mod:`netjer.games.ankh.secrecy` (issue 28, item 4).

The behaviour (nothing hidden leaks) is checked by the hidden-information and leak tests; here,
that the secrecy functions say what the rules say (rules/ankh.md §1, §10.3), and that every
caller asks them instead of deciding again.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from netjer.core.action import Action
from netjer.games.ankh import secrecy
from netjer.games.ankh.base import B_BIDS, B_CARDS, B_RESOLVE, B_REVEAL
from netjer.games.ankh.game import AnkhGame

SRC = Path(__file__).resolve().parents[3] / "src" / "netjer"


def test_a_seat_knows_only_its_own_gods_secrets() -> None:
    s = AnkhGame({"players": 3}).new_initial_state(1)
    s.god_of_seat = [0, 1, 0]  # seats 0 and 2 play one merged god (§10.4)
    assert secrecy.knows_secrets_of(s, 2, 0) and secrecy.knows_secrets_of(s, 0, 0)
    assert not secrecy.knows_secrets_of(s, 1, 0) and not secrecy.knows_secrets_of(s, None, 0)
    assert secrecy.hidden_gods(s, 1) == [0, 2] and secrecy.hidden_gods(s, None) == [0, 1, 2]


@pytest.mark.parametrize(
    ("step", "cards", "bids"),
    [(B_CARDS, True, False), (B_REVEAL, True, False), (B_BIDS, False, True), (B_RESOLVE, False, False)],
)
def test_cards_and_bids_are_secret_until_revealed(step: int, cards: bool, bids: bool) -> None:
    s = AnkhGame({"players": 2}).new_initial_state(1)
    s.conflict_step = step
    assert (secrecy.cards_hidden(s), secrecy.bids_hidden(s)) == (cards, bids)


@pytest.mark.parametrize(("word", "secret"), [("card", True), ("bid", True), ("reveal", True), ("move", False)])
def test_a_secret_action_is_known_by_its_first_word(word: str, secret: bool) -> None:
    class Named(Action):
        def __str__(self) -> str:
            return f"{word} 1"

    assert secrecy.is_secret_action(Named()) is secret


def _asks_secrecy(path: Path) -> set[str]:
    """The names of :mod:`secrecy` that the module at ``path`` imports or reads."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module == "netjer.games.ankh.secrecy":
            names |= {a.name for a in node.names}
        elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "secrecy":
            names.add(node.attr)
    return names


@pytest.mark.parametrize(
    ("module", "asks"),
    [
        ("games/ankh/state.py", {"hidden_gods", "cards_hidden", "bids_hidden"}),
        ("games/ankh/narration.py", {"knows_secrets_of"}),
        ("games/ankh/undo.py", {"is_secret_action"}),
        ("drawings/ankh.py", {"SECRET_BATTLE_PARTS"}),
    ],
)
def test_each_caller_asks_the_secrecy_module(module: str, asks: set[str]) -> None:
    assert asks <= _asks_secrecy(SRC / module)
