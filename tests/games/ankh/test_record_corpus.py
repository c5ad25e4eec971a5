"""The committed Ankh record corpus (tests/data/ankh/records/) replays to the recorded final state and result."""

from __future__ import annotations

import gzip
import hashlib
import json
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from netjer.core.record import GameRecord
from netjer.core.state import State
from netjer.games.ankh.gods.base import GOD_IDS
from netjer.games.registry import replay_record

RECORDS = Path(__file__).resolve().parents[2] / "data" / "ankh" / "records"
#: The keys of ``full_state()`` digested (make_records.py): all it had when the corpus was made
#: but the narration (the log and the end's reason), whose words changed since (issue 14) with the rules unchanged;
#: the digests were recomputed without it after the engine of that day had replayed every game
#: to its recorded digest, log included.
CORPUS_KEYS: list[str] = json.loads((RECORDS / "full_state_keys.json").read_text(encoding="utf-8"))
#: A field renamed since the corpus was made: its name then -> its name now (``a.b``: the field
#: ``b`` of the record written under ``a``).
RENAMED: dict[str, str] = {
    # issue 15: abbreviations to words
    "fig": "figure",
    "fown": "figure_owner",
    "mon": "monument",
    "mown": "monument_owner",
    "dev": "devotion",
    "asc": "devotion_stack",
    "acts": "actions_taken",
    "sel": "selected",
    "cont": "continuation",
    "cstep": "conflict_step",
    "gpool": "guardian_pool",
    "c_order": "conflict_order",
    "c_idx": "conflict_index",
    "tb_holder": "tiebreaker_holder",
    "tb_used": "tiebreaker_used",
    "pyr_used": "pyramids_used",
    "pyr_sel": "pyramid_selected",
    "ev_god": "event_god",
    # issue 15: the battle fields became the Battle record, under "battle" (a dotted path)
    "b_region": "battle.region",
    "b_hexes": "battle.hexes",
    "b_gods": "battle.gods",
    "b_card": "battle.card",
    "b_card2": "battle.second_card",
    "b_two": "battle.two_cards",
    "b_forbidden": "battle.forbidden_card",
    "b_queue": "battle.queue",
    "b_kills": "battle.kills",
    "b_bidders": "battle.bidders",
    "bid": "battle.bids",
    "plague_queue": "battle.plagues",
    "b_winner": "battle.winner",
    "b_nfigs": "battle.figure_count",
    "b_strength": "battle.strength",
    "b_victims": "battle.victims",
    "ob_moved": "battle.relocated",
    "ob_active": "battle.relocating",
    "ob_turn": "battle.relocation_turn",
}
#: Every how many games the default (fast) run replays; the slow run replays all.
SAMPLE_EVERY = 16


def _lookup(full: dict[str, Any], path: str) -> Any:
    """The value of ``full`` at ``path`` (keys joined by dots)."""
    value: Any = full
    for key in path.split("."):
        value = value[key]
    return value


def corpus_digest(state: State) -> str:
    """The digest of ``state.full_state()`` restricted to, and named as, the corpus's keys."""
    full = state.full_state()
    chosen = {key: _lookup(full, RENAMED.get(key, key)) for key in CORPUS_KEYS}
    # As tests/data/ankh/make_records.py's state_digest: compact sorted-key JSON.
    text = json.dumps(chosen, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


@cache
def corpus(players: int) -> list[dict[str, Any]]:
    """The records of the ``players``-seat file, in order."""
    with gzip.open(RECORDS / f"ankh-{players}p.jsonl.gz", "rt", encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]


def check(line: dict[str, Any]) -> None:
    """Replay one corpus line through the record path and compare its final state and result."""
    data = dict(line)
    digest = data.pop("full_state_sha256")
    text = json.dumps(data)
    record = GameRecord.from_json(text)
    state = replay_record(record, text)
    assert state.is_terminal, "every corpus game was played to its end"
    assert state.returns() == record.result
    assert corpus_digest(state) == digest, f"seed {record.seed}: the final state differs from the recorded one"


def test_corpus_covers_every_god_and_player_count() -> None:
    """The corpus holds a few hundred finished games with every god at every player count."""
    total = 0
    for players in range(2, 6):
        lines = corpus(players)
        total += len(lines)
        named = {god for line in lines for god in str(line["options"]["gods"]).split(",")}
        assert set(GOD_IDS) <= named, f"{players} players: gods missing {set(GOD_IDS) - named}"
        assert all(line["result"] is not None for line in lines)
    assert total >= 200


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_corpus_sample_replays_identically(players: int) -> None:
    """A sample of each file (every SAMPLE_EVERY-th game) replays to the recorded digest and result."""
    for line in corpus(players)[::SAMPLE_EVERY]:
        check(line)


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_whole_corpus_replays_identically(players: int) -> None:
    """Every game of the corpus replays to the recorded digest and result."""
    for line in corpus(players):
        check(line)


def test_a_changed_action_is_noticed() -> None:
    """The check fails when the record does not match (a wrong digest is caught)."""
    line = dict(corpus(2)[0])
    line["full_state_sha256"] = "0" * 64
    with pytest.raises(AssertionError, match="differs"):
        check(line)
