"""Every Ankh action kind told in words for its actor and the others, hiding what they may not
know (src/netjer/games/ankh/narration.py; issue 14 item 5)."""

from __future__ import annotations

import re
from functools import cache

import pytest

from netjer.core import Rng
from netjer.games.ankh import AnkhGame
from netjer.games.ankh.cards import CARD_IDS
from netjer.games.ankh.narration import term_name
from netjer.games.ankh.notation import Bid, Card, CatPut, Word, parse_action
from netjer.games.ankh.phases import phase_name
from netjer.games.ankh.state import AnkhState
from netjer.server.runtime import TableRuntime, advance
from tests.games.ankh.builder import play, position

#: The notation fallback (``"Seth decides: trap 2"``) or the old ``"Seth: trap 2"``.
NOTATION = re.compile(r"decides:|^\w+( \d)?: [a-z]")


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("trap 2", "Anubis traps a killed Warrior of Thoth (Anubis)."),
        ("save 4,5", "Anubis keeps the Protected figure on 4,5 alive (Isis)."),
        ("underworld 4,5", "Anubis places an Underworld token on 4,5 (Osiris)."),
        ("reveal 4,5", "Anubis reveals Bastet's cat on 4,5."),
        ("kill 4,5", "Anubis gives the figure on 4,5 to Bastet's star cat, which kills it."),
        ("guess 2 miracle", "Anubis guesses that Thoth played Miracle (Thoth)."),
        ("eye 3", "Anubis puts an Eye on the region of Conflict Order token 3 (Horus)."),
        ("forbid chariots", "Anubis forbids the Battle card Chariots in this battle (Horus)."),
        ("push 4,5", "Anubis pushes the enemy figure to 4,5 (Satet)."),
        ("aim N-NE", "Anubis aims the Giant Scorpion at its neighbours on the N and NE sides."),
        ("claim 4,5", "Anubis puts an Ankh token on the Monument on 4,5 (Control Monument)."),
        ("keep 4,5", "Anubis gives the old Conflict Order token to the new region of 4,5."),
        ("adopt 4,5", "Anubis keeps the minor god's Guardian on 4,5."),
        ("adopt apep", "Anubis keeps an Apep of the minor god's pool."),
        ("pyramid 4,5", "Anubis makes an extra summon next to the Pyramid on 4,5 (Pyramid Attuned)."),
        ("power revered", "Anubis unlocks the Ankh power Revered (1 Follower)."),
    ],
)
def test_each_public_decision_reads_the_same_in_words_for_every_viewer(text: str, words: str) -> None:
    s = position(2, ["A god 4,4", "B god 6,6"], gods="anubis,thoth")
    action = parse_action(text)
    assert [s.describe_action(action, v) for v in (0, 1, None)] == [words] * 3


def test_a_face_down_cat_shows_its_face_to_bastet_alone() -> None:
    s = AnkhGame({"players": 2, "gods": "bastet,anubis", "first_player": 0}).new_initial_state(1)
    action = next(a for a in s.legal_actions() if isinstance(a, CatPut) and a.cat == 1)
    space = s.board.hex_name(action.hex)
    assert s.describe_action(action, 0) == f"Bastet places the +3 cat face down at {space} (Bastet)."
    for viewer in (1, None):
        assert s.describe_action(action, viewer) == f"Bastet places a cat face down at {space} (Bastet)."


@cache
def _told() -> dict[tuple[str, str], list[tuple[AnkhState, object]]]:
    """Per (phase, action kind or word): up to 3 (position, action) pairs offered in random
    5-player games with all ten gods and every Guardian."""
    found: dict[tuple[str, str], list[tuple[AnkhState, object]]] = {}
    for gods in ("amun,anubis,isis,osiris,ra", "bastet,hathor,thoth,horus,seth"):
        for seed in range(4):
            s = AnkhGame({"players": 5, "gods": gods}).new_initial_state(seed)
            rng = Rng(seed)
            while not s.is_terminal:
                acts = s.legal_actions()
                for a in acts:
                    key = (phase_name(s.phase), a.word if isinstance(a, Word) else type(a).__name__)
                    seen = found.setdefault(key, [])
                    if len(seen) < 3:
                        seen.append((s.clone(), a))
                s.apply(acts[rng.below(len(acts))])
    return found


@pytest.mark.parametrize(
    ("phase", "kind", "words"),
    [
        ("obelisk-pick", "Pick", r"picks the figure on \d+,\d+ to relocate it \(Obelisk Attuned\)\."),
        ("obelisk-to", "To", r"relocates the figure on \d+,\d+ to \d+,\d+ \(Obelisk Attuned\)\."),
        ("hathor-place", "Put", r"places an? [A-Z][\w-]* on \d+,\d+ \(Hathor\)\."),
        ("ra-sun", "sun", r"makes the figure just summoned Radiant \(Ra\)\."),
        ("amun-two-cards", "amun", r"plays two Battle cards in this battle \(Amun\)\."),
        ("worship", "worship", r"sacrifices Followers for Devotion \(Worshipful\)\."),
        ("summon", "ransom", r"buys back a trapped Warrior from Anubis\."),
        ("anubis-trap", "Trap", r"traps a killed Warrior of \w+ \(Anubis\)\."),
        ("thoth-guess", "Guess", r"guesses that \w+ played [A-Z][\w' ]+ \(Thoth\)\."),
        ("horus-eye", "Eye", r"puts an Eye on the region of Conflict Order token \d \(Horus\)\."),
        ("horus-forbid", "Forbid", r"forbids the Battle card [A-Z][\w' ]+ in this battle \(Horus\)\."),
        ("osiris-underworld", "Underworld", r"places an Underworld token on \d+,\d+ \(Osiris\)\."),
        ("adopt", "AdoptPool", r"keeps an? [A-Z][\w-]* of the minor god's pool\."),
        ("turn", "Reveal", r"reveals Bastet's cat on \d+,\d+\."),
        ("bastet-star", "Kill", r"gives the figure on \d+,\d+ to Bastet's star cat, which kills it\."),
    ],
)
def test_god_phase_decisions_are_in_words_in_play(phase: str, kind: str, words: str) -> None:
    cases = _told().get((phase, kind))
    assert cases, f"no {kind} offered in {phase}"
    for s, action in cases:
        who = s.god_name(s.god_of_seat[s.to_move])
        for viewer in range(5):
            assert re.fullmatch(re.escape(who) + " " + words, s.describe_action(action, viewer))  # type: ignore[arg-type]


def test_no_action_offered_in_random_games_falls_back_to_notation() -> None:
    for cases in _told().values():
        for s, action in cases:
            for viewer in (*range(5), None):
                text = s.describe_action(action, viewer)  # type: ignore[arg-type]
                assert not NOTATION.search(text) and text.endswith("."), text


def test_secrets_stay_secret_from_the_other_gods_and_spectators() -> None:
    checked = 0
    for cases in _told().values():
        for s, action in cases:
            if not isinstance(action, (CatPut, Card, Bid)):
                continue
            actor = s.to_move
            own = s.describe_action(action, actor)
            for viewer in (*range(5), None):
                if viewer is not None and s.god_of_seat[viewer] == s.god_of_seat[actor]:
                    continue
                text = s.describe_action(action, viewer)
                assert text != own, text
                assert text.endswith(
                    (
                        "in secret.",
                        "places a cat face down at " + s.board.hex_name(getattr(action, "hex", 0)) + " (Bastet).",
                    )
                )
                assert not re.search(r"\+\d|star|\d+ Follower", text), text
                assert not any(term_name("card", c) in text for c in CARD_IDS), text
                checked += 1
    assert checked > 10


def test_the_unlock_is_told_once_in_the_table_log() -> None:
    s = position(2, ["A god 4,4", "B god 6,6"], followers=[3, 3], gods="seth,none")
    play(s, "unlock")
    rt = TableRuntime(id="t", game=s.game, state=s, seats=[])
    advance(rt, parse_action("power revered"))
    log = rt.logs[1]
    assert log[0] == "Seth unlocks the Ankh power Revered (1 Follower)."
    assert not any("unlocks" in line for line in log[1:]), log
    assert not any("unlocks" in line for line in s.log)  # the terminal prints the action's words, once
