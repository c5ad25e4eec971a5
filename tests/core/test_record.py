"""Game records: JSON form, exact fault positions, replay refusals (netjer.core.record)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

import netjer.core.record
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
    path = tmp_path / "game.json"
    save_record(path, record)
    loaded, _ = load_record(path)
    assert loaded == record
    assert [p.name for p in path.parent.iterdir()] == ["game.json"]  # no temporary left behind
    assert path.stat().st_mode & 0o777 == 0o644 or path.stat().st_mode & 0o077 != 0  # not private 0600
    path.chmod(0o640)
    save_record(path, record)
    assert path.stat().st_mode & 0o777 == 0o640  # a rewrite keeps the file's permissions
    with pytest.raises(OSError):
        save_record(tmp_path / "missing" / "game.json", record)  # folders are not created


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


# --- linear loading and hostile files (issue 18) ----------------------------------------


def test_a_good_record_replays_without_working_out_any_position(monkeypatch: pytest.MonkeyPatch) -> None:
    # Positions are for the one error reported: working them out per action made loading
    # quadratic in the file's size.
    calls: list[object] = []
    monkeypatch.setattr(netjer.core.record, "locate", lambda *args: calls.append(args))
    text = _record(60).to_json()
    replay_record(GameRecord.from_json(text), text)
    assert calls == []


def test_positions_are_right_behind_padding() -> None:
    record = _record()
    text = " " * 100_000 + "\n" * 3 + record.to_json()
    actions = list(record.actions)
    actions[20] = "remove 4+2"
    tampered = " " * 100_000 + "\n" * 3 + GameRecord(**{**record.__dict__, "actions": actions}).to_json()
    with pytest.raises(RecordError) as err:
        replay_record(GameRecord.from_json(tampered), tampered)
    assert err.value.line == _line_of(tampered, '"remove 4+2"') and err.value.column == 5
    assert replay_record(GameRecord.from_json(text), text).history  # padding alone is fine


@pytest.mark.parametrize(
    ("old", "new", "message", "needle"),
    [
        ('"seed": 4', '"seed": ' + "9" * 5000, "integer of 5000 digits", '"seed"'),
        ('"seed": 4', '"seed": -' + "9" * 21, "integer of 21 digits", '"seed"'),
        ('"reveal": "staged"', '"reveal": ' + "7" * 4400, "integer of 4400 digits", '"reveal"'),
        ('"seed": 4', f'"seed": {2**64}', "seed: Input should be less than", '"seed"'),
        ('"seed": 4', f'"seed": {-(2**63) - 1}', "seed: Input should be greater than", '"seed"'),
        ('"seed": 4', '"seed": NaN', "NaN is not a JSON number", '"seed"'),
        ('"seed": 4', '"seed": -Infinity', "-Infinity is not a JSON number", '"seed"'),
        ('"seed": 4', '"seed": 1e999', "number out of range", '"seed"'),
        ('"seed": 4', '"seed": 4.0', "seed: Input should be a valid integer", '"seed"'),
        ('"seed": 4', '"seed": 4, "seed": 7', "the key 'seed' is given twice", '"seed": 7'),
        ('"reveal": "staged"', '"reveal": "staged", "r\\u0065veal": "staged"', "'reveal' is given twice", '"r\\u'),
        ('"human"', '"\\udc00human"', "lone surrogate", '"\\udc00'),
        ('"human"', '"' + "h" * 121 + '"', "seats.0: String should have at most 120", '"hhh'),
        ('"seed": 4', '"seed": ' + "[" * 5000 + "]" * 5000, "nested more than 100 levels", '"seed"'),
        ('"result": null', '"result": [1, "x"]', r"result\.1\.float: Input should be a valid number", '"result"'),
    ],
)
def test_hostile_values_are_refused_with_their_line(old: str, new: str, message: str, needle: str) -> None:
    text = _record(5).to_json()
    assert old in text
    bad = text.replace(old, new, 1)
    with pytest.raises(RecordError, match=message) as err:
        GameRecord.from_json(bad)
    assert err.value.line == _line_of(bad, needle)
    assert "Traceback" not in str(err.value) and len(str(err.value)) < 300


def test_64_bit_seeds_both_signed_and_unsigned_load() -> None:
    text = _record(5).to_json()
    for seed in (2**64 - 1, -(2**63), 0):
        assert GameRecord.from_json(text.replace('"seed": 4', f'"seed": {seed}')).seed == seed


def test_an_over_long_action_is_refused_before_it_is_parsed() -> None:
    record = _record(5)
    tampered = GameRecord(**{**record.__dict__, "actions": [*record.actions, "keep" * 30]})
    text = tampered.to_json()
    with pytest.raises(RecordError, match=r"actions\.5: String should have at most 100") as err:
        GameRecord.from_json(text)
    assert err.value.line == _line_of(text, '"keepkeep')


def test_text_that_is_not_utf8_is_refused_with_line_and_column(tmp_path: Path) -> None:
    raw = _record(5).to_json().encode()
    cut = raw.index(b'"seed"') + 3
    path = tmp_path / "latin.json"
    path.write_bytes(raw[:cut] + "é".encode("latin-1") + raw[cut:])
    with pytest.raises(RecordError, match="not UTF-8") as err:
        load_record(path)
    assert (err.value.line, err.value.column) == (_line_of(raw.decode(), '"seed"'), 6)
    assert err.value.file == str(path) and str(err.value).startswith(f"{path}: line ")
    path.write_bytes(_record(5).to_json().encode("utf-16"))
    with pytest.raises(RecordError, match="looks like UTF-16"):
        load_record(path)
    path.write_bytes(b"\xef\xbb\xbf" + raw)  # a byte-order mark, as some editors write
    assert load_record(path)[0] == _record(5)


def test_files_of_the_wrong_kind_or_size_are_refused_unread(tmp_path: Path) -> None:
    with pytest.raises(RecordError, match="folder") as err:
        load_record(tmp_path)
    assert err.value.file == str(tmp_path)
    big = tmp_path / "big.json"
    with big.open("wb") as fh:
        fh.truncate(20_000_001)  # sparse: its size is checked before reading
    with pytest.raises(RecordError, match="larger than 20 MB"):
        load_record(big)
    if hasattr(os, "mkfifo"):
        fifo = tmp_path / "pipe.json"
        os.mkfifo(fifo)
        with pytest.raises(RecordError, match="named pipe"):
            load_record(fifo)  # would block forever if it were opened for reading
    if Path("/dev/zero").exists():
        with pytest.raises(RecordError, match="device"):
            load_record("/dev/zero")


def test_locate_walks_strings_escapes_and_nesting() -> None:
    text = '{"a\\"]": [ "x,]}", {"b": [[], {}, "\\\\"]} ], "c" :\n\t null}'
    assert locate(text, ('a"]', 1, "b", 2)) == (1, 35)
    assert locate(text, ("c",)) == (2, 3)
    assert locate(text, ()) == (1, 1)
    assert locate(text, ('a"]', 5)) is None
    assert locate("[1, 2", (1,)) == (1, 5)  # a broken document is walked as far as it goes
    assert locate("{,}", ("a",)) is None


# --- stand-ins: the computer's decisions for a seat whose person's time ran out ---------------


def test_standins_round_trip_and_are_written_only_when_there_are_some() -> None:
    from netjer.core.record import StandIn  # noqa: PLC0415

    record = _record()
    assert "standins" not in record.to_json()  # every other record's text is unchanged
    stood = GameRecord(**{**record.__dict__, "standins": [StandIn(1, 4, 9), StandIn(0, 20)]})
    text = stood.to_json()
    assert json.loads(text)["standins"] == [{"seat": 1, "start": 4, "end": 9}, {"seat": 0, "start": 20, "end": None}]
    again = GameRecord.from_json(text)
    assert again == stood
    replay_record(again, text)


def test_standin_plies_follow_the_entries_through_undos() -> None:
    from netjer.core.record import StandIn, entry_of_plies, standin_plies  # noqa: PLC0415

    entries = ["a", "b", "undo", "c", "d", "e"]
    assert entry_of_plies(entries) == [0, 3, 4, 5]  # "c" took the place of the undone "b"
    actors = [0, 1, 0, 1]
    assert standin_plies(entries, [StandIn(1, 2, 5)], actors) == {1}  # "c" (entry 3); "e" is after the take-back
    assert standin_plies(entries, [StandIn(1, 2)], actors) == {1, 3}
    assert standin_plies(entries, [StandIn(0, 0, 1)], actors) == {0}
    assert standin_plies(entries, [], actors) == set()


def test_standins_that_do_not_fit_the_game_are_refused_with_their_line() -> None:
    from netjer.core.record import StandIn  # noqa: PLC0415

    record = _record()
    entries = len(record.actions)
    for bad, why in (
        (StandIn(2, 0), "seat 2: Aton with these options has seats 0 to 1"),
        (StandIn(0, 5, 4), r"it ends \(entry 4\) before it starts \(entry 5\)"),
        (StandIn(0, entries + 1), f"entry {entries + 1} to the end is past the record's {entries} entries"),
        (StandIn(0, 1, entries + 1), f"entry 1 to entry {entries + 1} is past the record's {entries} entries"),
    ):
        text = GameRecord(**{**record.__dict__, "standins": [bad]}).to_json()
        with pytest.raises(RecordError, match=rf"standins\.0: {why}") as err:
            replay_record(GameRecord.from_json(text), text)
        assert err.value.line == _line_of(text, '"standins"') + 1
    text = record.to_json().replace('"actions"', '"standins": [{"seat": -1, "start": 0}],\n  "actions"')
    with pytest.raises(RecordError, match=r"standins\.0\.seat"):
        GameRecord.from_json(text)


def test_one_seats_overlapping_standins_are_refused_and_stretches_that_touch_are_not() -> None:
    """Two stretches of one seat overlapping were accepted (their union counted); the server
    writes a seat's next stretch only from its take-back on, so touching stretches are valid."""
    from netjer.core.record import StandIn  # noqa: PLC0415

    record = _record()
    fine = [StandIn(1, 2, 4), StandIn(1, 4, 6), StandIn(0, 3), StandIn(1, 8)]  # other seats may overlap
    text = GameRecord(**{**record.__dict__, "standins": fine}).to_json()
    replay_record(GameRecord.from_json(text), text)
    overlapping = [StandIn(1, 2, 6), StandIn(0, 1), StandIn(1, 5, 7)]
    text = GameRecord(**{**record.__dict__, "standins": overlapping}).to_json()
    why = r"standins\.2: it overlaps standins\.0 \(seat 1, entry 2 to entry 6\)"
    with pytest.raises(RecordError, match=why) as err:
        replay_record(GameRecord.from_json(text), text)
    assert err.value.line is not None and err.value.line > _line_of(text, '"standins"')
