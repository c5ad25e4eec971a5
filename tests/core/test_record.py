"""Game records: JSON form, exact fault positions, replay refusals (netjer.core.record)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from netjer.core import GameRecord, RecordError, Rng, load_record, save_record
from netjer.core.record import locate
from netjer.games.aton import AtonGame
from netjer.games.registry import replay_record


def _record(moves: int = 30, seed: int = 4) -> GameRecord:
    state = AtonGame().new_initial_state(seed)
    rng = Rng(1)
    for _ in range(moves):
        state.apply(rng.choice(state.legal_actions()))
    return GameRecord.from_state(state, ["human", "random"])


def _line_of(text: str, needle: str) -> int:
    return text[: text.index(needle)].count("\n") + 1


def test_record_round_trips_and_replays() -> None:
    record = _record()
    text = record.to_json()
    again = GameRecord.from_json(text)
    assert again == record
    state = replay_record(again, text)
    assert [str(a) for a in state.history] == record.actions


def test_one_action_per_line() -> None:
    text = _record().to_json()
    assert '    "keep",\n' in text or '    "exchange",\n' in text


def test_malformed_json_names_line_and_column() -> None:
    text = _record().to_json().replace('"seed": 4', '"seed": 4,,')
    with pytest.raises(RecordError) as err:
        GameRecord.from_json(text)
    assert err.value.line == _line_of(text, '"seed": 4')
    assert "line" in str(err.value)


def test_wrong_type_names_the_field_and_line() -> None:
    text = _record().to_json().replace('"seed": 4', '"seed": "four"')
    with pytest.raises(RecordError) as err:
        GameRecord.from_json(text)
    assert err.value.line == _line_of(text, '"seed"')
    assert "seed" in str(err.value)


def test_tampered_action_is_refused_with_index_text_and_line() -> None:
    record = _record()
    bad_index = 12
    actions = list(record.actions)
    actions[bad_index] = "remove 4+2"
    tampered = GameRecord(**{**record.__dict__, "actions": actions})
    text = tampered.to_json()
    with pytest.raises(RecordError) as err:
        replay_record(GameRecord.from_json(text), text)
    assert err.value.index == bad_index
    assert err.value.action == "remove 4+2"
    lines = text.splitlines()
    assert err.value.line is not None and '"remove 4+2"' in lines[err.value.line - 1]


def test_unparsable_action_is_refused() -> None:
    record = _record(5)
    tampered = GameRecord(**{**record.__dict__, "actions": [*record.actions, "fly 3"]})
    with pytest.raises(RecordError, match="not an Aton action") as err:
        replay_record(tampered, tampered.to_json())
    assert err.value.index == 5


def test_action_after_the_end_is_refused() -> None:
    state = AtonGame().new_initial_state(2)
    rng = Rng(2)
    while not state.is_terminal:
        state.apply(rng.choice(state.legal_actions()))
    record = GameRecord.from_state(state, ["random", "random"])
    tampered = GameRecord(**{**record.__dict__, "actions": [*record.actions, "keep"], "result": None})
    with pytest.raises(RecordError, match="already over"):
        replay_record(tampered)


def test_false_result_is_refused() -> None:
    record = _record(5)
    tampered = GameRecord(**{**record.__dict__, "result": [1.0, -1.0]})
    text = tampered.to_json()
    with pytest.raises(RecordError, match="not over") as err:
        replay_record(GameRecord.from_json(text), text)
    assert err.value.line == _line_of(text, '"result"')


def test_unknown_game_and_bad_options_are_refused_with_line() -> None:
    text = _record(3).to_json()
    with pytest.raises(RecordError, match="unknown game 'chess'"):
        bad = text.replace('"game": "aton"', '"game": "chess"')
        replay_record(GameRecord.from_json(bad), bad)
    bad = text.replace('"reveal": "staged"', '"reveal": "never"')
    with pytest.raises(RecordError, match="reveal") as err:
        replay_record(GameRecord.from_json(bad), bad)
    assert err.value.line == _line_of(bad, '"options"')


def test_other_rules_version_is_refused() -> None:
    text = _record(3).to_json().replace('"rules_version": "1"', '"rules_version": "0"')
    with pytest.raises(RecordError, match="rules version '0'"):
        replay_record(GameRecord.from_json(text), text)


def test_wrong_seat_count_is_refused() -> None:
    text = _record(3).to_json().replace('"human",\n', "")
    with pytest.raises(RecordError, match="2 seats"):
        replay_record(GameRecord.from_json(text), text)


def test_unknown_field_is_refused() -> None:
    data = json.loads(_record(3).to_json())
    data["cheat"] = True
    text = json.dumps(data, indent=2)
    with pytest.raises(RecordError, match="cheat") as err:
        GameRecord.from_json(text)
    assert err.value.line == _line_of(text, '"cheat"')


def test_save_is_atomic_and_loads_back(tmp_path: Path) -> None:
    record = _record()
    path = tmp_path / "sub" / "game.json"
    save_record(path, record)
    loaded, _ = load_record(path)
    assert loaded == record
    assert [p.name for p in path.parent.iterdir()] == ["game.json"]  # no temporary left behind


def test_unreadable_file(tmp_path: Path) -> None:
    with pytest.raises(RecordError, match="cannot read"):
        load_record(tmp_path / "missing.json")
    binary = tmp_path / "bin.json"
    binary.write_bytes(b"\xff\xfe\x00")
    with pytest.raises(RecordError):
        load_record(binary)


def test_locate_paths() -> None:
    text = '{\n  "a": [1,\n    {"b": "x"}],\n  "c": 3\n}'
    assert locate(text, ("a", 1, "b")) == (3, 11)
    assert locate(text, ("c",)) == (4, 8)
    assert locate(text, ("zzz",)) is None
    assert locate(None, ("a",)) is None
