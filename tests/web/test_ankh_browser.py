"""Ankh in a real browser: move a figure and summon one by clicking the hex map, then play on
(clicking wherever the board offers the action, the list otherwise) until a Conflict, checking
that another god's Battle card is never shown before the reveal."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from netjer.games.ankh.gods.registry import BY_ID
from netjer.games.registry import make_game
from tests.web.positions import view_of
from tests.web.test_browser import api, click_move, legal_actions, version, wait_turn

#: With this seed and the policy below, the random agent chooses its Battle card before ours
#: in the first Conflict (event 4), so the page must show it face down.  If a rules change
#: moves that, another seed of ``policy`` will do (the assertions say what is missing).
SEED = 17
#: The opening, by clicking: Move, a figure, its destination, done; Summon, a Warrior.
SCRIPT = ("move", "pick*", "to*", "done?", "summon", "put warrior*")


def policy(obs: dict[str, Any], legal: list[str], rng: random.Random, script: list[str]) -> str:
    """The opening script, then Gain/Unlock turns (they fire events fast) and random choices."""
    while script:
        want = script[0]
        for action in legal:
            if action == want or (want.endswith("*") and action.startswith(want[:-1])):
                script.pop(0)
                return action
        if want != "done?":
            break
        script.pop(0)
    if obs["phase"] == "turn":
        if obs["turn"]["actions_taken"] == 0:
            return rng.choice(["gain", "unlock"])
        return "unlock" if "unlock" in legal else "end"
    if obs["phase"] == "camel":
        laid = [a for a in legal if a != "done"]
        return rng.choice(laid) if laid else "done"
    return rng.choice(legal)


def observation(page: Any) -> dict[str, Any]:
    obs: dict[str, Any] = page.evaluate("window.netjer.state.views.get(document.body.dataset.shown).observation")
    return obs


#: Actions whose figure, Monument or cat is chosen in the control bar before clicking a space.
KIND_BUTTONS = {"put": "summon", "build": "build", "cat": "cat"}


def ankh_target(page: Any, action: str) -> tuple[Any, str]:
    """Where a person clicks for ``action`` (choosing the figure or Monument kind, or the first
    token of a swap, on the way): the board, the control bar, else the list."""
    words = action.split()
    if words[0] in KIND_BUTTONS and len(words) == 3:
        kind = page.locator(f"#controls button[data-{KIND_BUTTONS[words[0]]}-kind='{words[1]}']")
        if kind.count() and kind.get_attribute("aria-pressed") != "true":
            kind.click()
    if words[0] == "swap":
        first = page.locator(f"#board-area .region-token[data-token='{words[1]}'][data-selectable=yes]")
        if first.count():
            first.click()
    places = (
        ("board", f'#board-area [data-action="{action}"]'),
        ("controls", f'#controls button[data-action="{action}"]'),
        ("list", f'#legal button[data-action="{action}"]'),
    )
    for attempt in range(2):
        for where, selector in places:
            found = page.locator(selector)
            if found.count() and (where != "list" or attempt == 1):
                return found.first, where
        # Not on the board or the control bar: it may be between two drawings (an animation of
        # the last change); look once more after a moment before taking the list.
        page.wait_for_timeout(500)
    raise AssertionError(f"nothing to click for {action!r}")


def hidden_cards_stay_hidden(page: Any, obs: dict[str, Any]) -> int:
    """Another god's chosen, unrevealed Battle card shows only its back; return how many."""
    battle = obs.get("battle") or {}
    if battle.get("step") != "cards":
        return 0
    hidden = [g for g in battle["chosen"] if g != obs["god"] and str(g) not in battle["cards"]]
    for god in hidden:
        card = page.locator(f"#board-area [data-battle-card='{god}']")
        assert card.get_attribute("data-card") == "back"
        assert card.get_attribute("data-value") is None
    # the page never holds another god's card face up as played in this battle
    shown = page.locator("#board-area [data-battle-card][data-card=face]").evaluate_all(
        "els => els.map(e => Number(e.dataset.battleCard))"
    )
    assert set(shown) <= {obs["god"]} | {int(g) for g in battle["cards"]}, shown
    return len(hidden)


def test_ankh_move_summon_and_a_conflict_by_clicking(server: str, page: Any, shots: Path) -> None:
    created = api(
        server,
        "/api/tables",
        {
            "game": "ankh",
            "options": {"players": 2, "gods": "none"},
            "seed": SEED,
            "seats": [{"type": "human"}, {"type": "agent", "agent": "random"}],
        },
    )
    page.goto(f"{server}{created['links']['0']}")
    wait_turn(page)
    board = page.locator("#board-area svg.board.ankh")
    assert board.get_attribute("data-layout") == "wide"
    assert page.locator("#board-area .hex").count() == 101
    terrains = page.locator("#board-area .hex").evaluate_all("els => els.map(e => e.dataset.terrain)")
    assert (terrains.count("fertile"), terrains.count("desert"), terrains.count("water")) == (43, 39, 19)
    assert page.locator("#board-area .river").count() == 31
    assert page.locator("#board-area .region-token").count() == 3
    assert page.locator("#board-area .god-board").count() == 2
    assert page.locator("#board-area [data-devotion-space]").count() == 32
    # our hand: seven Battle cards; the other god's hand is only counted
    assert page.locator("#board-area [data-hand^='0-']").count() == 7
    assert page.locator("#board-area [data-hand^='1-']").count() == 0

    rng = random.Random(SEED)
    script = list(SCRIPT)
    where_counts = {"board": 0, "controls": 0, "list": 0}
    moved = summoned = False
    hidden_seen = 0
    played_card = False
    for _ in range(300):
        wait_turn(page)
        assert page.evaluate("document.body.dataset.finished") == "no", "the game ended before a Conflict"
        obs = observation(page)
        hidden_seen += hidden_cards_stay_hidden(page, obs)
        if played_card or obs["conflicts_done"] >= 1:
            break
        actions = legal_actions(page)
        assert actions, "my turn with no legal action shown"
        action = policy(obs, actions, rng, script)
        if obs["phase"] == "card" and hidden_seen:
            page.screenshot(path=str(shots / "ankh.png"))
        target, where = ankh_target(page, action)
        where_counts[where] += 1
        before = version(page)
        click_move(page, target)
        assert page.locator("[data-error]").count() == 0, page.locator("#errors").inner_text()
        assert version(page) != before
        hexes = action.split()[-1]
        if action.startswith("to ") and not moved:
            assert where == "board"
            figure = page.locator(f"#board-area .figure[data-hex='{hexes}']")
            assert figure.get_attribute("data-owner") == "0"
            moved = True
        if action.startswith("put ") and not summoned:
            assert where == "board"
            figure = page.locator(f"#board-area .figure[data-hex='{hexes}']")
            assert (figure.get_attribute("data-owner"), figure.get_attribute("data-kind")) == ("0", "warrior")
            summoned = True
        if obs["phase"] == "card":
            assert where == "board"
            played_card = True
    else:
        raise AssertionError("no Conflict was reached")
    assert moved and summoned
    assert hidden_seen, "no battle showed the other god's card face down before ours was chosen"
    assert where_counts["board"] > where_counts["controls"] + where_counts["list"], where_counts
    log = page.locator("#log").inner_text()
    assert "action reaches the Conflict event." in log  # the event in words, not its id


# ---------- every kind of decision has a place to click ----------

#: Renders one position with ankh.js on a page of the server and, for each legal action,
#: looks for its target (after choosing a figure or Monument kind, or a swap's first token,
#: where the board asks for that first), checks that nothing covers it and that clicking it
#: plays exactly that action.  Returns {action: "board" | "controls" | "list" | problem}.
HARNESS = """
async ([view, seat]) => {
  const m = await import("/static/ankh.js");
  const played = [];
  const ctx = { table: "t", seat, version: 1, actions: new Set(view.legal.map((a) => a.text)),
                play: (t) => played.push(t), rerender: () => draw(), narrow: false };
  function draw() {
    const drawn = m.render(view, ctx);
    let holder = document.getElementById("harness");
    if (!holder) {
      holder = document.body.appendChild(document.createElement("div"));
      holder.id = "harness";
      holder.style.cssText = "position:absolute;left:0;top:0;width:1200px;background:#fff;z-index:100";
    }
    const bar = document.createElement("div");
    bar.id = "harness-controls";
    bar.append(...drawn.controls);
    drawn.board.style.width = "1200px";
    holder.replaceChildren(bar, drawn.board);
  }
  const find = (a) => document.querySelector(`#harness [data-action="${CSS.escape(a)}"]`);
  const uncovered = (el) => {
    el.scrollIntoView({ block: "center", inline: "center" });
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return hit !== null && (el === hit || el.contains(hit));
  };
  const click = (el) => el.dispatchEvent(new MouseEvent("click", { bubbles: true }));
  const out = {};
  for (const { text } of view.legal) {
    draw();
    const words = text.split(" ");
    let el = find(text);
    const which = { put: "summon", build: "build", cat: "cat" }[words[0]];
    if (!el && which) {
      const kind = document.querySelector(`#harness [data-${which}-kind="${words[1]}"]`);
      if (kind) { kind.click(); el = find(text); }
    }
    if (!el && words[0] === "swap") {
      const token = document.querySelector(`#harness .region-token[data-token="${words[1]}"][data-selectable=yes]`);
      if (token) { click(token); el = find(text); }
    }
    if (!el) { out[text] = "list"; continue; }
    const where = el.closest("#harness-controls") ? "controls" : "board";
    if (where === "board" && !uncovered(el)) { out[text] = "covered"; continue; }
    click(el);
    out[text] = played.at(-1) === text ? where : `played ${played.at(-1)}`;
  }
  return out;
}
"""


#: God line-ups played besides the random draws, so that every god's decisions come up (Isis
#: next to Seth or in battles, Osiris losing often enough to move a token, Bastet's star...).
LINEUPS = (
    "isis,seth",
    "osiris,bastet,isis",
    "ra,hathor,anubis,bastet",
    "thoth,horus,amun,osiris,isis",
    "seth,bastet,osiris",
)
#: Every decision of the god powers (each power's PHASES) and the end of a turn (Bastet's reveals).
GOD_DECISIONS = {name for power in BY_ID.values() for name, _, _ in power.PHASES.values()} | {"turn-end"}


def richness(texts: list[str]) -> int:
    """How many kinds of choice a position offers ('put warrior', 'cat star', 'guess 2', 'trap'...)."""
    return len({t.rsplit(" ", 1)[0] if len(t.split()) > 1 else t for t in texts})


def positions_of_every_decision(until: str | None = None) -> dict[str, tuple[dict[str, Any], list[str]]]:
    """One position per kind of decision — its phase and the verbs of its actions, e.g.
    ``"turn: end gain reveal unlock"`` — from seeded random games of 2-5 players with gods
    drawn or seated from :data:`LINEUPS`, and both sets of Guardians (Satet, Apep and the
    Scorpion ask for pushes, water and aims).  Among positions of one kind, the one with the
    most kinds of choice (several figures to summon, cats to place, opponents to guess).
    With ``until`` (a phase), the search stops at the end of the first game that found it."""
    found: dict[str, tuple[dict[str, Any], list[str]]] = {}
    for i in range(150):
        guardians = ("satet,apep,giant-scorpion", "cat-mummy,mummy,androsphinx")[i % 2]
        gods = "draw" if i % 3 else LINEUPS[(i // 3) % len(LINEUPS)]
        players = 2 + i % 4 if gods == "draw" else len(gods.split(","))
        game = make_game("ankh", {"players": players, "guardians": guardians, "gods": gods})
        state = game.new_initial_state(i)
        rng = random.Random(i)
        while not state.is_terminal:
            legal = state.legal_actions()
            obs = state.observation(state.current_player)
            texts = [str(a) for a in legal]
            key = f"{obs['phase']}: {' '.join(sorted({t.split()[0] for t in texts}))}"
            old = found.get(key)
            if old is None or richness(texts) > richness(old[1]):
                found[key] = (obs, texts)
            state.apply(rng.choice(legal))
        if until is not None and any(k.split(":")[0] == until for k in found):
            break
    return found


def decision(found: dict[str, tuple[dict[str, Any], list[str]]], phase: str) -> tuple[dict[str, Any], list[str]]:
    """A position of ``found`` whose decision is ``phase``."""
    return next(v for k, v in found.items() if k.split(":")[0] == phase)


@pytest.mark.slow
def test_every_ankh_decision_has_a_place_to_click(server: str, page: Any) -> None:
    """Every kind of decision, the gods' included: each legal action has a target on the board
    or in the control bar that plays it (the list is only a fallback)."""
    found = positions_of_every_decision()
    phases = {key.split(":")[0] for key in found}
    base = {"turn", "move-pick", "move-to", "summon", "unlock", "claim", "camel", "keep", "swap", "card", "bid"}
    assert base | GOD_DECISIONS <= phases, sorted(base | GOD_DECISIONS - phases)
    assert any(" ransom" in key for key in found), "no summon with Anubis's ransom"
    page.goto(f"{server}/")
    page.wait_for_selector("body[data-ready=yes]")
    problems = {}
    for key, (obs, legal) in sorted(found.items()):
        result = page.evaluate(HARNESS, [view_of(obs, legal), obs["seat"]])
        assert set(result) == set(legal)
        bad = {a: how for a, how in result.items() if how not in ("board", "controls")}
        if bad:
            problems[key] = bad
    assert not problems, problems
