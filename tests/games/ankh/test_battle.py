"""Conflicts and Battles (rules/ankh.md §10.1-10.3, §1 Battle cards, §9 majorities) and the
§11 edge cases and ankh-cases.md cases about them that need no god power."""

from __future__ import annotations

from netjer.games.ankh.base import BID, BUILD, CARD, OBELISK_PICK, TIEBREAK, TURN, WORSHIP
from tests.games.ankh.builder import A, B, C, legal, piece, play, position, start_conflict


def battle(players: int, pieces: list[str], **kw: object) -> object:
    """A position whose next action (seat A: move, done) fires Conflict 1."""
    return start_conflict(position(players, pieces, next_event="conflict", **kw))  # type: ignore[arg-type]


# --- Conflict (§10.1) -----------------------------------------------------------------------------


def test_triggering_player_takes_the_tiebreaker_s10_1() -> None:
    s = battle(2, ["A god 8,1", "B god 6,6", "B warrior 5,1"])
    assert s.tiebreaker_holder == A and not s.tiebreaker_used


def test_regions_resolved_in_conflict_order_tokens_s10_1() -> None:
    pieces = ["A god 4,4", "A warrior 2,5", "B god 6,6"]
    s = battle(2, pieces, tokens={"4,4": 3, "2,5": 1, "6,6": 2})
    dominations = [line for line in s.log if "dominates" in line]
    assert dominations == ["Player 1 dominates region 1", "Player 2 dominates region 2", "Player 1 dominates region 3"]


def test_empty_region_is_skipped_and_sole_player_dominates_s10_1_s10_2() -> None:
    s = battle(2, ["A god 4,4", "B god 6,6"])
    assert s.devotion == [1, 1]
    assert s.phase == TURN and s.conflicts == 1 and s.current_player == B


def test_domination_scores_majorities_then_one_s10_2() -> None:
    pieces = ["A god 4,4", "A temple 4,5", "A obelisk 5,4", "B obelisk 5,3", "- pyramid 4,3", "B god 6,6"]
    s = battle(2, pieces)
    # Temple majority (1 vs 0); Obelisks tied 1-1: nobody; the neutral Pyramid counts for nobody.
    assert s.devotion[A] == 1 + 1


def test_bountiful_adds_one_per_gain_instance_s2_2() -> None:
    pieces = ["A god 4,4", "A temple 4,5", "A obelisk 5,4", "B god 6,6"]
    s = battle(2, pieces, powers={"A": ["bountiful"]})
    assert s.devotion[A] == (2 + 1) + (1 + 1)  # majorities (one gain) then Domination (another gain)


def test_omnipresent_followers_at_the_start_of_a_conflict_s2_2() -> None:
    s = position(2, ["A god 4,4", "A warrior 6,6", "A warrior 2,5", "B god 8,8"], followers=[0, 0])
    s.powers[A] |= 1 << 2
    s.event_idx = 3
    s.markers[0] = s.tracks[0].event_space - 1
    play(s, "move", "done")
    assert s.followers[A] >= 3
    assert "gains 3 Followers (Omnipresent)" in " ".join(s.log)


# --- Cards (§1) ---------------------------------------------------------------------------------------


def test_cards_are_chosen_in_ascending_devotion_then_revealed_s10_3_s1() -> None:
    s = battle(2, ["A god 4,4", "B god 5,4"], devotion=[3, 1])
    assert s.phase == CARD and s.current_player == B  # B is lower on the track
    play(s, "card chariots")
    assert s.current_player == A
    play(s, "card plague")
    assert s.used[A] and s.used[B]


def test_used_cards_stay_face_up_until_cycle_of_maat_s1_s11_21() -> None:
    s = battle(2, ["A god 4,4", "B god 5,4"], used={"A": ["chariots", "plague", "flood"]})
    assert "card chariots" not in legal(s) and "card cycle" in legal(s)
    play(s, "card cycle", "card build", "tiebreak")  # 1 against 1: A holds the tie-breaker
    assert s.used[A] == 0  # the whole hand is back, Cycle of Ma'at included
    assert s.used[B] == 1 << 1


def test_last_card_in_hand_is_forced_s1() -> None:
    used = ["plague", "build", "chariots", "drought", "flood", "miracle"]
    s = battle(2, ["A god 4,4", "B god 5,4"], used={"A": used})
    assert legal(s) == ["card cycle"]


def test_chariots_adds_3_strength_s1() -> None:
    s = play(battle(2, ["A god 4,4", "A warrior 4,3", "B god 5,4", "B warrior 5,3"]), "card chariots", "card miracle")
    assert s.battle.strength[A] == 5 and s.battle.strength[B] == 2
    assert piece(s, "5,3") is None and piece(s, "4,3") == "A warrior"  # B's Warrior died
    assert s.devotion[A] == 1


def test_drought_adds_1_and_devotion_per_desert_figure_on_a_win_s1() -> None:
    pieces = ["A god 4,3", "A warrior 5,3", "A warrior 4,4", "B god 8,3"]
    s = play(battle(2, pieces), "card drought", "card build")
    # Strength 3 + 1 vs 1; A wins: 1 + 2 figures on Desert ((4,3), (5,3)); (4,4) is Fertile.
    assert s.devotion[A] == 1 + 2


def test_build_monument_pays_3_and_places_a_controlled_monument_s1() -> None:
    s = battle(2, ["A god 4,4", "B god 5,4"], followers=[4, 0])
    play(s, "card build", "card chariots")
    assert s.phase == BUILD  # build
    assert "nobuild" in legal(s) and "build pyramid 4,5" in legal(s) and "build pyramid 3,4" not in legal(s)
    pool = s.ankh_pool[A]
    play(s, "build pyramid 4,5")
    assert piece(s, "4,5") == "A pyramid" and s.followers[A] == 1 and s.ankh_pool[A] == pool - 1
    # The new Pyramid counts for the majority in step 4, before Resolution.
    assert s.devotion[A] == 1


def test_build_monument_needs_three_followers_unless_inspiring_s1_s2_2() -> None:
    s = play(battle(2, ["A god 4,4", "B god 5,4"], followers=[2, 0]), "card build", "card miracle")
    assert piece(s, "4,5") is None and "Player 1 cannot build" in " ".join(s.log)
    s = play(battle(2, ["A god 4,4", "B god 5,4"], followers=[0, 0], powers={"A": ["inspiring"]}), "card build")
    play(s, "card miracle", "build obelisk 4,5")
    assert piece(s, "4,5") == "A obelisk" and s.followers[A] == 0


def test_build_happens_before_plague_rulings_table() -> None:
    s = battle(2, ["A god 4,4", "A warrior 4,5", "B god 5,4"], followers=[3, 3])
    play(s, "card plague", "card build")
    assert s.phase == BUILD and s.current_player == B  # Build (step 2) first
    play(s, "build temple 5,5")
    assert s.phase == BID


def test_flood_followers_and_protection_s11_12_case19() -> None:
    pieces = ["A god 2,5", "A warrior 4,4", "A warrior 4,5", "A warrior 5,4"]
    pieces += ["B god 4,3", "B warrior 5,3", "B warrior 4,2", "B warrior 5,5"]
    s = battle(2, pieces, followers=[0, 0])
    play(s, "card flood")
    play(s, "card chariots")
    assert s.followers[A] == 2  # (4,4) and (4,5) are Fertile; (5,4) is Desert
    # B wins (4 + 3 vs 3); only A's Desert Warrior dies.
    assert piece(s, "5,4") is None
    assert piece(s, "4,4") == "A warrior" and piece(s, "4,5") == "A warrior"


def test_flood_does_not_protect_against_plague_s11_12() -> None:
    pieces = ["A god 2,5", "A warrior 4,4", "A warrior 4,5", "B god 4,3", "B warrior 5,3"]
    s = battle(2, pieces, followers=[0, 2])
    play(s, "card flood", "card plague")
    play(s, "bid 0", "bid 1")
    assert piece(s, "4,4") is None and piece(s, "4,5") is None


def test_miracle_counts_own_figures_killed_s1() -> None:
    # B's second Warrior stood on 5,2, which is water (in no region, so in no battle): the public
    # position builder refuses a figure on water, so it is left out; the battle is the same.
    pieces = ["A god 4,4", "A warrior 4,3", "A warrior 5,4", "B god 5,3", "B warrior 4,2"]
    s = play(battle(2, pieces), "card miracle", "card chariots")
    assert s.devotion[A] == 2 and s.devotion[B] == 1


# --- Plague of Locusts (§1) ----------------------------------------------------------------------


def _three_in_west(**kw: object) -> object:
    pieces = ["A god 4,4", "A warrior 5,4", "B god 5,1", "B warrior 4,1", "C god 7,3", "C warrior 8,3"]
    return battle(3, pieces, **kw)


def test_plague_tie_spares_nobody_s11_6() -> None:
    s = _three_in_west(followers=[2, 2, 1])
    play(s, "card plague", "card chariots", "card miracle")
    assert s.phase == BID and s.battle.bidders == [A, B, C]
    play(s, "bid 2", "bid 2", "bid 1")
    assert s.followers == [0, 0, 0]  # every bid is sacrificed
    for h in ("5,4", "4,1", "8,3"):
        assert piece(s, h) is None
    assert piece(s, "4,4") == "A god" and piece(s, "5,1") == "B god" and piece(s, "7,3") == "C god"


def test_plague_single_highest_bidder_is_spared_s11_7() -> None:
    s = battle(2, ["A god 4,4", "A warrior 5,4", "B god 5,1", "B warrior 4,1"], followers=[3, 1])
    play(s, "card plague", "card miracle", "bid 3", "bid 1")
    assert s.followers == [0, 0]
    assert piece(s, "5,4") == "A warrior" and piece(s, "4,1") is None


def test_bids_are_limited_to_own_followers_s1() -> None:
    s = battle(2, ["A god 4,4", "B god 5,1"], followers=[3, 1])
    play(s, "card plague", "card miracle")
    assert legal(s) == ["bid 0", "bid 1", "bid 2", "bid 3"]


def test_two_plague_cards_two_separate_bids_case17() -> None:
    pieces = ["A god 4,4", "A warrior 5,4", "A warrior 4,5", "B god 5,1", "B warrior 4,1", "B warrior 4,2"]
    s = battle(2, pieces, followers=[2, 2])
    play(s, "card plague", "card plague", "bid 2", "bid 0")
    assert piece(s, "4,1") is None and piece(s, "5,4") == "A warrior"
    assert s.phase == BID  # the second Plague's round
    play(s, "bid 0", "bid 0")  # a tie: nobody spared
    assert piece(s, "5,4") is None and piece(s, "4,5") is None


def test_empty_after_plague_strength_0_no_majority_but_miracle_and_worship_s11_8_case18() -> None:
    pieces = ["A god 4,4", "B god 6,6", "B warrior 4,1", "B warrior 5,1", "B obelisk 5,0"]
    s = battle(2, pieces, followers=[1, 3], powers={"B": ["worshipful"]})
    play(s, "card plague", "card miracle", "bid 1", "bid 0")
    # B has no figure left in the West: no majority for its Obelisk, strength 0, A wins.
    assert s.phase == WORSHIP and s.current_player == B
    assert s.devotion[A] == 1
    assert s.devotion[B] == 2  # Miracle: the two Warriors killed by the Plague
    play(s, "worship")
    assert s.devotion[B] == 2 + 1 + 1 and s.followers[B] == 1  # Worshipful, then B dominates the East


def test_chariots_with_no_figures_left_is_strength_0_s11_15() -> None:
    pieces = ["A god 4,4", "B god 6,6", "B warrior 4,1"]
    s = battle(2, pieces, followers=[1, 0])
    play(s, "card plague", "card chariots", "bid 1", "bid 0")
    assert s.battle.strength[B] == 0 and s.battle.strength[A] == 2
    assert s.devotion[A] == 1


# --- Majorities (§9) ----------------------------------------------------------------------------


def test_majority_holder_absent_scores_nothing_s11_17() -> None:
    pieces = ["A obelisk 4,5", "A god 6,6", "B god 4,4", "C god 5,3"]
    s = battle(3, pieces)
    play(s, "card chariots", "card miracle")  # B then C (A is not in the West)
    assert s.devotion[B] == 1 and s.devotion[C] == 0  # B won the battle; nobody scored the Obelisk
    assert "Monument majorities" not in " ".join(s.log)


def test_majorities_strict_and_only_for_present_players_s9() -> None:
    pieces = ["A god 4,4", "A temple 4,5", "A temple 4,3", "B god 5,4", "B temple 5,5", "B obelisk 5,3"]
    s = play(battle(2, pieces), "card miracle", "card miracle")
    # A: Temples 2-1 -> 1; B: Obelisk 1-0 -> 1.  Then a 1-1 tie, A holds the tie-breaker.
    assert s.phase == TIEBREAK
    assert s.devotion == [1, 1]


# --- Resolution (§10.3) -------------------------------------------------------------------------


def test_battle_tie_tiebreaker_used_s11_9() -> None:
    s = battle(2, ["A god 4,4", "A warrior 4,3", "B god 5,4", "B warrior 5,3"])
    play(s, "card chariots", "card chariots")
    assert s.phase == TIEBREAK and s.current_player == A
    play(s, "tiebreak")
    assert s.devotion[A] == 1 and piece(s, "5,3") is None and piece(s, "4,3") == "A warrior"
    assert not any("uses the tie-breaker" in line for line in s.log)  # the decision's words tell it, once


def test_battle_tie_tiebreaker_declined_everyone_loses_s11_9() -> None:
    s = battle(2, ["A god 4,4", "A warrior 4,3", "B god 5,4", "B warrior 5,3"])
    play(s, "card chariots", "card chariots", "notiebreak")
    assert s.devotion == [0, 0]
    assert piece(s, "5,3") is None and piece(s, "4,3") is None
    assert piece(s, "4,4") == "A god" and piece(s, "5,4") == "B god"


def test_tie_without_the_holder_nobody_wins_s10_3() -> None:
    s = battle(3, ["A god 2,5", "B god 5,4", "B warrior 5,3", "C god 4,4", "C warrior 4,3"])
    play(s, "card chariots", "card chariots")
    assert s.devotion == [1, 0, 0]  # A dominated the North; the West is a tie nobody breaks
    assert piece(s, "5,3") is None and piece(s, "4,3") is None


def test_tiebreaker_once_per_conflict_s11_11() -> None:
    pieces = ["A god 4,4", "B god 5,4", "A warrior 6,6", "B warrior 6,7"]
    s = battle(2, pieces)
    play(s, "card chariots", "card chariots", "tiebreak")  # region 1 (West)
    play(s, "card miracle", "card miracle")  # region 2 (East): another tie, token spent
    assert s.phase != TIEBREAK
    assert piece(s, "6,6") is None and piece(s, "6,7") is None  # nobody won: both die
    assert s.devotion == [1 + 1, 1]  # A: West won + Miracle; B: Miracle


def test_glorious_margin_of_3_gives_3_s11_14() -> None:
    pieces = ["A god 4,4", "A warrior 4,3", "A warrior 4,5", "A warrior 3,3", "B god 5,4", "C god 5,1"]
    s = battle(3, pieces, powers={"A": ["glorious"]})
    play(s, "card chariots", "card chariots", "card miracle")  # A 7, B 4, C 1
    assert s.devotion[A] == 3
    s = battle(3, [*pieces, "B warrior 5,3"], powers={"A": ["glorious"]})
    play(s, "card chariots", "card chariots", "card miracle")  # A 7, B 5: margin 2
    assert s.devotion[A] == 1


def test_commanding_gives_3_followers_for_a_battle_won_not_a_domination_s2_2() -> None:
    s = battle(2, ["A god 4,4", "B god 5,4", "A warrior 2,5"], followers=[0, 0], powers={"A": ["commanding"]})
    play(s, "card chariots", "card miracle")
    assert s.followers[A] == 3  # won the West; the North domination gives none


def test_magnanimous_loser_with_2_figures_s11_19() -> None:
    pieces = ["A god 4,4", "A warrior 4,3", "B god 5,4", "B warrior 5,3", "B warrior 5,5"]
    s = play(battle(2, pieces, powers={"A": ["magnanimous"]}), "card miracle", "card chariots")
    assert s.devotion[A] == 2 + 1  # Magnanimous 2, then Miracle 1 (the Warrior)
    s = battle(2, ["A god 4,4", "B god 5,4", "B warrior 5,3"], powers={"A": ["magnanimous"]})
    play(s, "card build", "card build")  # 1 Follower each: nobody can build
    assert s.battle.figure_count[A] == 1 and s.devotion[A] == 0


def test_worshipful_after_miracle_once_per_battle_s11_20() -> None:
    pieces = ["A god 4,4", "A warrior 4,3", "B god 5,4", "B warrior 5,3", "B warrior 5,5"]
    s = battle(2, pieces, followers=[5, 0], powers={"A": ["worshipful"]})
    play(s, "card miracle", "card chariots")
    assert s.phase == WORSHIP and s.devotion[A] == 1  # Miracle already resolved
    play(s, "worship")
    assert s.devotion[A] == 2 and s.followers[A] == 3 and s.phase != WORSHIP


def test_temple_attuned_two_per_temple_with_an_adjacent_figure_s2_2() -> None:
    pieces = ["A god 4,4", "A temple 4,5", "A temple 4,3", "A temple 7,3", "B god 5,1", "B warrior 4,1"]
    s = play(battle(2, pieces, powers={"A": ["temple-attuned"]}), "card miracle", "card chariots")
    assert s.battle.strength[A] == 1 + 2 + 2  # (7,3) has no A figure next to it
    assert s.devotion[A] >= 1


def test_resplendent_god_strength_3_with_three_monuments_of_a_type_s2_2() -> None:
    pieces = ["A god 4,4", "A temple 2,5", "A temple 6,6", "A temple 8,8", "B god 5,4", "B warrior 5,3"]
    s = play(battle(2, pieces, powers={"A": ["resplendent"]}), "card miracle", "card miracle")
    assert s.battle.strength[A] == 3 and s.battle.strength[B] == 2


def test_obelisk_attuned_relocates_figures_from_anywhere_s2_2() -> None:
    pieces = ["A god 4,4", "A obelisk 5,3", "A warrior 6,6", "B god 5,1"]
    s = battle(2, pieces, powers={"A": ["obelisk-attuned"]})
    assert s.phase == OBELISK_PICK and legal(s) == ["pick 4,4", "pick 6,6", "done"]
    play(s, "pick 6,6")
    assert legal(s) == ["to 4,3", "to 5,4"]  # next to the Obelisk at (5,3); (5,2) is water
    play(s, "to 4,3")
    assert piece(s, "4,3") == "A warrior"
    assert "pick 4,3" not in legal(s)  # each figure once
    play(s, "done")
    assert s.phase == CARD


def test_a_win_at_31_ends_the_game_mid_conflict_s5() -> None:
    pieces = ["A god 4,4", "A temple 4,5", "B god 5,4", "A warrior 6,6"]
    s = battle(2, pieces, devotion=[29, 0])
    play(s, "card chariots", "card miracle")
    assert s.is_terminal and s.returns() == [1.0, -1.0]
    assert s.devotion[A] == 31


def test_cards_chosen_in_a_battle_are_secret_until_the_reveal_s1() -> None:
    s = battle(2, ["A god 4,4", "B god 5,4"])
    play(s, "card chariots")
    obs_b = s.observation(B)
    assert obs_b["battle"]["chosen"] == [A] and obs_b["battle"]["cards"] == {}
    assert s.observation(A)["battle"]["cards"] == {"0": "chariots"}
    assert s.observation(None)["battle"]["cards"] == {}
    card = s.legal_actions()[0]
    assert s.describe_action(card, A) == "Player 2 chooses a Battle card in secret."
    assert s.describe_action(card, B) == "Player 2 chooses the Battle card Plague of Locusts."


def test_bids_are_secret_until_all_have_bid_s1() -> None:
    s = battle(2, ["A god 4,4", "B god 5,4"], followers=[3, 3])
    play(s, "card plague", "card miracle", "bid 2")
    assert s.observation(B)["battle"]["bids"] == {} and s.observation(B)["battle"]["bid_made"] == [A]
    assert s.observation(B)["gods"][A]["followers"] == 3  # nothing paid before all have bid
    assert s.observation(A)["battle"]["bids"] == {"0": 2}


def test_start_of_conflict_order_omnipresent_then_scorpion_rulings_table() -> None:
    pieces = ["A god 4,4", "A giant-scorpion 2,5 aim=S-SW", "- temple 3,5", "B god 6,6"]
    s = position(2, pieces, powers={"A": ["omnipresent"]}, guardians="satet,apep,giant-scorpion")
    s.event_idx = 3
    s.markers[0] = s.tracks[0].event_space - 1
    play(s, "move", "done")
    omni = next(i for i, line in enumerate(s.log) if "Omnipresent" in line)
    scorpion = next(i for i, line in enumerate(s.log) if "Giant Scorpion" in line)
    assert omni < scorpion and piece(s, "3,5") is None


def test_after_battle_order_rulings_table() -> None:
    # B wins with Commanding; A loses a Cat-Mummy and a Warrior and has Magnanimous, Miracle
    # and Worshipful.
    pieces = ["A god 4,4", "A cat-mummy 4,3", "A warrior 4,5", "B god 5,4", "B warrior 5,3", "B warrior 5,5"]
    powers = {"A": ["magnanimous", "worshipful"], "B": ["commanding"]}
    s = start_conflict(position(2, pieces, followers=[2, 0], powers=powers, next_event="conflict"))
    play(s, "card miracle", "card chariots")  # A 3, B 6
    assert s.phase == WORSHIP
    play(s, "worship")
    steps = ["(battle won)", "(Commanding)", "(a Cat-Mummy died)", "(Magnanimous)", "(Miracle)", "(Worshipful)"]
    where = [next(i for i, line in enumerate(s.log) if key in line) for key in steps]
    assert where == sorted(where)
    assert s.devotion == [2 + 2 + 1, 1 - 1]  # B: won 1, lost 1 to the Cat-Mummy; A: 2 + 2 + 1


def test_obelisk_attuned_alternates_one_figure_at_a_time_in_ascending_devotion_s2_2() -> None:
    pieces = [
        "A god 4,4",
        "A obelisk 4,3",
        "A warrior 8,8",
        "A warrior 2,5",
        "B god 8,1",
        "B obelisk 7,2",
        "B warrior 6,6",
    ]
    s = start_conflict(
        position(
            2,
            pieces,
            devotion=[1, 0],
            powers={"A": ["obelisk-attuned"], "B": ["obelisk-attuned"]},
            next_event="conflict",
        )
    )
    assert s.phase == OBELISK_PICK and s.current_player == B  # B is lower on the track
    play(s, "pick 6,6", "to 7,1")
    assert s.current_player == A
    play(s, "pick 8,8", "to 4,2")
    assert s.current_player == B
    play(s, "done")  # B is out; A goes on alone
    assert s.current_player == A and "pick 4,2" not in legal(s)
    play(s, "pick 2,5", "to 5,3")
    assert s.current_player == A
    play(s, "done")
    assert s.phase == CARD
    assert piece(s, "7,1") == "B warrior" and piece(s, "4,2") == "A warrior" and piece(s, "5,3") == "A warrior"
