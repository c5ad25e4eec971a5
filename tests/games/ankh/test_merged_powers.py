"""A merged god's Ankh powers (§10.4): combined by default (rules version 3), "major" an option; old records replay."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from netjer.core.errors import RecordError
from netjer.core.record import GameRecord
from netjer.games.ankh import AnkhGame, merge
from netjer.games.ankh.powers import POWER_IDS
from netjer.games.registry import game_for_record, replay_record
from tests.games.ankh.builder import B, position

ROOT = Path(__file__).resolve().parents[3]
RECORDS = ROOT / "tests" / "data" / "ankh" / "records"


def _merge_with(options: dict[str, str] | None) -> int:
    """Merge A (minor, Revered) into B (major, Commanding) and return B's power mask."""
    s = position(
        3,
        ["A god 2,5", "B god 5,1", "C god 6,6"],
        devotion=[0, 1, 9],
        powers={"A": ["revered"], "B": ["commanding"]},
        options=options,
    )
    merge.merge_gods(s)
    assert not s.alive[0] and s.alive[B]
    return s.powers[B]


def _mask(*ids: str) -> int:
    return sum(1 << POWER_IDS.index(i) for i in ids)


def test_merged_god_has_both_gods_ankh_powers_by_default_s10_4_seed_text() -> None:
    # The seed text (/work/shared/seeds/000_*.txt, §10.4 in rules/ankh.md's tags S0): merged gods
    # "can use the abilities of both gods and their combined Ankh Powers".  Rules version 3.
    assert AnkhGame({}).opts.merged_powers == "combined"
    assert _merge_with(None) == _mask("commanding", "revered")


def test_merged_powers_major_option_keeps_the_major_gods_only_s10_4_rulings_table() -> None:
    # J and P (docs/rules/ankh.md §10.4 [CONFLICT]): the major god's powers only; the rulings
    # table keeps it as option merged_powers="major" (the default of rules version 2).
    assert _merge_with({"merged_powers": "major"}) == _mask("commanding")


def test_rulings_table_names_the_default() -> None:
    """docs/rules/ankh.md's rulings table states the option's default."""
    table = (ROOT / "docs" / "rules" / "ankh.md").read_text(encoding="utf-8")
    row = next(line for line in table.splitlines() if line.startswith("| merged god's Ankh powers |"))
    assert "combined" in row.split("|")[2] and "`merged_powers`" in row


def _first_merge_record() -> dict[str, object]:
    """A version-2 corpus game with a merge, played under the old default (major)."""
    with gzip.open(RECORDS / "ankh-3p.jsonl.gz", "rt", encoding="utf-8") as fh:
        for line in fh:
            data = json.loads(line)
            if data["options"]["merged_powers"] == "major" and any(a.startswith("adopt") for a in data["actions"]):
                return data
    raise AssertionError("the corpus has a 3-player merge under merged_powers=major")


def test_a_version_2_record_without_the_option_replays_with_the_old_default() -> None:
    data = _first_merge_record()
    del data["full_state_sha256"]
    assert data["rules_version"] == "2"
    del data["options"]["merged_powers"]  # as if the record named no value: version 2's default applies
    text = json.dumps(data)
    record = GameRecord.from_json(text)
    assert game_for_record(record, text).opts.merged_powers == "major"  # type: ignore[attr-defined]
    state = replay_record(record, text)
    assert state.returns() == record.result


def test_a_version_3_record_without_the_option_gets_the_new_default() -> None:
    data = _first_merge_record()
    del data["full_state_sha256"]
    del data["options"]["merged_powers"]
    data["rules_version"] = "3"
    record = GameRecord.from_json(json.dumps(data))
    assert game_for_record(record).opts.merged_powers == "combined"  # type: ignore[attr-defined]


def test_a_version_1_record_is_refused() -> None:
    data = _first_merge_record()
    del data["full_state_sha256"]
    data["rules_version"] = "1"
    text = json.dumps(data)
    with pytest.raises(RecordError, match="rules version '1'"):
        replay_record(GameRecord.from_json(text), text)
