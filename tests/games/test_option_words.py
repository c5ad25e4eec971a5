"""Option descriptions are written for players (issue 30, item 3): the lobby's option notes and
``netjer games`` show each option's schema description, which says what the option does and,
for a ruling of ours, why in words ("the rules are silent here; we chose ..."), never the rules
documents' internal tags (PROPOSAL, GUESS, SDIMAG, J, P, S0, GLASS, SEED, "§"): those stay in the
code's comments and in docs/rules/."""

from __future__ import annotations

import re

import pytest
from typer.testing import CliRunner

from netjer.cli.main import app
from netjer.games.registry import game_class, game_names

#: The internal marks of docs/rules/*.md: its source tags and confidence marks, section signs
#: and paths.
SOURCE_TAG = re.compile(
    r"\b(PROPOSAL|GUESS|INFERRED|FACT|CONFLICT|OK\d|SDIMAG|GLASS|SEED|LUDIG|HALL|LABSK|EN-RULES|J|P|H|S\d+|ST)\b"
    r"|§|rules/|\.md\b|transcribed by"
)


def _descriptions(name: str) -> dict[str, str]:
    schema = game_class(name).option_schema()
    return {opt: prop.get("description", "") for opt, prop in schema.get("properties", {}).items()}


@pytest.mark.parametrize("name", game_names())
def test_every_option_is_described_in_words_without_source_tags(name: str) -> None:
    descriptions = _descriptions(name)
    assert descriptions
    for option, words in descriptions.items():
        assert len(words) >= 20, f"{name}.{option}: {words!r} says too little"
        tag = SOURCE_TAG.search(words)
        assert tag is None, f"{name}.{option} shows the source tag {tag[0]!r}: {words}"


def test_the_tag_pattern_finds_the_tags_it_must_keep_out() -> None:
    for tagged in ("(rules/nilo.md §3.1 PROPOSAL)", "2,4,5 (default, J)", "GLASS: none", "(SEED)", "transcribed by J"):
        assert SOURCE_TAG.search(tagged), tagged
    assert SOURCE_TAG.search("The rules are silent here; we chose a draw.") is None


def test_netjer_games_lists_the_options_without_source_tags() -> None:
    result = CliRunner().invoke(app, ["games"], env={"COLUMNS": "240"})
    assert result.exit_code == 0, result.output
    assert "we chose" in result.output
    tag = SOURCE_TAG.search(result.output)
    assert tag is None, tag[0]
