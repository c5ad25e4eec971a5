"""The sentence helpers (src/netjer/core/words.py): no "1 Followers", no "a obelisk"."""

from __future__ import annotations

from netjer.core.words import article, join_words, plural, plural_of


def test_plural_agrees_with_the_count() -> None:
    assert plural(1, "Follower") == "1 Follower"
    assert plural(0, "Follower") == "0 Followers"
    assert plural(3, "Eye") == "3 Eyes"
    assert plural(2, "mummy") == "2 mummies" and plural(2, "androsphinx") == "2 androsphinxes"
    assert plural(2, "die", "dice") == "2 dice"
    assert plural_of("day") == "days"


def test_article_before_a_vowel_sound() -> None:
    assert article("obelisk") == "an obelisk" and article("apep") == "an apep"
    assert article("temple") == "a temple" and article("giant-scorpion") == "a giant-scorpion"
    assert article("8") == "an 8" and article("11") == "an 11" and article("3") == "a 3"


def test_join_words() -> None:
    assert join_words([]) == "" and join_words(["0,1"]) == "0,1"
    assert join_words(["0,1", "0,2"]) == "0,1 and 0,2"
    assert join_words(["a", "b", "c"], "or") == "a, b or c"
