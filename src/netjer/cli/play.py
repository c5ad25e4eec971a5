"""A game at the terminal: humans type their actions, agents play the other seats.

Everything shown to a human comes from ``observation(seat)`` and
``describe_action(action, seat)`` of that human's seat, so hidden information stays hidden.
The record is saved after every action, atomically: quitting or a crash loses nothing.

Learning at the table: ``help`` shows the game's overview and ``help NAME`` any rule, card,
power, Guardian, god or symbol, from the game's rules texts (:mod:`netjer.core.texts`), with
suggestions for a near miss; every choice is listed with its one-line meaning.  On a terminal
the prompt has line editing, history (arrow keys) and Tab completion through the standard
library's :mod:`readline`.  When every choice is a verb and a number (Aton's ``assign 4``,
Ankh's ``bid 3``), a bare number is that number, not a position in the list, and the list is
shown without position numbers.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

from rich.columns import Columns
from rich.console import Console, Group, RenderableType
from rich.padding import Padding
from rich.text import Text

from netjer.agents.base import Agent
from netjer.agents.registry import make_agent, parse_agent_spec
from netjer.cli.language import agent_words, seat_words
from netjer.cli.stop_signals import Stopped, StopSignals
from netjer.cli.suggest import did_you_mean
from netjer.cli.thinking import thinking
from netjer.cli.typeahead import discard_typeahead
from netjer.core.action import Action
from netjer.core.errors import ActionSyntaxError, DataFileError
from netjer.core.game import Game
from netjer.core.record import GameRecord, save_record
from netjer.core.state import State
from netjer.core.texts import DEFAULT_LANGUAGE, Overview, RulesTexts, Term, languages
from netjer.core.undo import UNDO, Transcript
from netjer.core.view import PlayerView
from netjer.drawings import (
    engine_panel_for,
    log_narrates_actions,
    render_full,
    renderer_for,
    seat_label,
    view_module,
)
from netjer.i18n import N_, _, get_language
from netjer.i18n_lines import tell
from netjer.i18n_sentences import told_error

#: ``help``'s words after the overview: how to choose, the bare number (only in a game with
#: decisions of a word and a number) and the commands; each example is the game's own
#: (:func:`numbered_example`, :func:`help_name`), never another game's.
HELP_CHOICES = N_("Type the number of a choice from the list, or its notation.")
HELP_NUMBERED = N_(
    "When every choice is a word and a number (such as '{example}'), the list has no position numbers and a "
    "bare number is that number: '{number}' means '{example}'."
)
HELP_COMMANDS = N_(
    "Commands: 'help' shows this, 'help NAME' explains a rule or a word the screen shows (e.g. 'help {example}', "
    "'help {symbols}'), 'undo' takes back your last decision (your own decisions since another player acted, "
    "as long as nothing hidden was revealed and no card or token was drawn), 'board' draws the position again, "
    "'quit' leaves (the game is saved after every action when it has a save file).  Arrow keys recall "
    "and edit earlier lines; Tab completes."
)
#: The example :func:`numbered_example` takes: the fourth of a verb's numbers (``assign 4`` of
#: Aton's 1-4, ``bid 3`` of Ankh's bids from 0), or its last if it has fewer.
NUMBERED_EXAMPLE_INDEX = 3
#: The kinds of rules entries in words (``help NAME`` shows its entry's kind).
KIND_WORDS = {
    "action": N_("action"),
    "event": N_("event"),
    "card": N_("card"),
    "power": N_("power"),
    "guardian": N_("Guardian"),
    "god": N_("god"),
    "cartouche": N_("cartouche"),
    "square": N_("square"),
    "token": N_("token"),
    # TRANSLATORS: the kind of a rules entry: a piece on a board that is no token (a figure, a stone, the hourglass).
    "piece": N_("piece"),
    # TRANSLATORS: the kind of a rules entry: a place cards or tokens lie (a draw pile, a discard pile, a hand).
    "zone": N_("zone"),
    "track": N_("track"),
    "concept": N_("concept"),
    "symbol": N_("symbol"),
    "command": N_("command"),
}
QUIT_WORDS = ("quit", "q", "exit")
HELP_WORDS = ("help", "?", "h")
BOARD_WORDS = ("board", "b")
#: The terminal's own commands, which ``help NAME`` explains too (``help undo``): name, the
#: other words that find it, its line and what it does in full.  Not rules texts: the browser
#: has buttons for these, so they live with the terminal.
COMMANDS: tuple[tuple[str, tuple[str, ...], str, str], ...] = (
    (
        "help",
        HELP_WORDS[1:],
        N_("Explains the game and anything the screen shows."),
        N_(
            "'help' alone shows the goal, a turn, how to win and these commands; 'help NAME' explains a rule, "
            "an action, a symbol or any word drawn on the screen (e.g. 'help {example}')."
        ),
    ),
    (
        "undo",
        (),
        N_("Takes back your last decision, when nothing was revealed since."),
        N_(
            "'undo' takes back your own last decision, and again the one before, as long as no other player "
            "has acted since, nothing hidden was revealed and no card or token was drawn (the game says which "
            "of these stops it)."
        ),
    ),
    (
        "board",
        BOARD_WORDS[1:],
        N_("Draws the whole position again, with its legend."),
        N_(
            "'board' draws the position again in full: on a short terminal the game shows a compact screen, "
            "and 'board' shows everything it leaves out (the full map, discards, draw piles, the legend)."
        ),
    ),
    (
        "quit",
        QUIT_WORDS[1:],
        N_("Leaves the game."),
        N_(
            "'quit' leaves the game. A game started with a save file is saved after every action, so it can be "
            "taken up again later from that file."
        ),
    ),
)
#: What each game screen one command away does (a view module's ``screens``: Ankh's ``gods``, ``tracks``).
SCREEN_HELP = {
    "gods": N_("Draws every god's board: Devotion, Followers, pool, Ankh tokens, powers and Battle cards."),
    "tracks": N_("Draws the action tracks, the event track and the Devotion track."),
}
MAX_CHOICE_DIGITS = 6
#: Lines a compact screen needs above the choices; longer choices are listed without meanings.
MIN_SCREEN_LINES = 10
_NUMBERED = re.compile(r"(\S+) (\d+)")


def numbered_verb(legal: list[Action]) -> str | None:
    """The verb when every choice is that verb and a number (``assign 1``, ``assign 4``), else None."""
    verbs = set()
    for action in legal:
        m = _NUMBERED.fullmatch(str(action))
        if m is None:
            return None
        verbs.add(m[1])
    return verbs.pop() if len(verbs) == 1 else None


def numbered_example(game: Game) -> str | None:
    """A decision of ``game`` typed as a word and a number (``assign 4``, ``bid 3``), for
    ``help``'s sentence on bare numbers: of the verb with the most such decisions in the game's
    action space, its number at :data:`NUMBERED_EXAMPLE_INDEX`; None for a game that has none
    (Dioses del Nilo: each of its decisions names a square)."""
    numbers: dict[str, list[str]] = {}
    for code in range(game.num_distinct_actions):
        text = str(game.int_to_action(code))
        numbered = _NUMBERED.fullmatch(text)
        if numbered is not None:
            numbers.setdefault(numbered[1], []).append(text)
    if not numbers:
        return None
    most = max(numbers, key=lambda verb: len(numbers[verb]))
    texts = sorted(numbers[most], key=lambda text: int(text.rsplit(maxsplit=1)[1]))
    return texts[min(NUMBERED_EXAMPLE_INDEX, len(texts) - 1)]


def help_name(texts: RulesTexts, term_id: str) -> str:
    """What to type after ``help`` for the entry ``term_id``, in the language of ``texts``: its
    shown name (``fase de colocación`` for ``placement-phase``), without what stands in
    brackets (``boca abajo ((4) o ?)`` is typed ``boca abajo``) when :meth:`RulesTexts.find`
    still finds the entry by those words; the whole name otherwise.

    Raises:
        KeyError: if ``texts`` has no entry ``term_id``.
    """
    name = texts.term(term_id).name
    short = " ".join(re.sub(r"\(.*\)", " ", name).split())
    found = texts.find(short) if short else None
    return short if found is not None and found.id == term_id else name


def verb_aliases(texts: RulesTexts, legal: Sequence[Action]) -> dict[str, str]:
    """Each legal action as it might be typed with its verb's other words in the language of
    ``texts`` (the aliases of the verb's ``action`` entry: Spanish ``invocar`` and ``elegir
    4,5`` for ``summon`` and ``pick 4,5``, German ``beschwören``), mapped to the action's
    notation, for the "did you mean" of a mistyped action (:func:`did_you_mean`'s ``aliases``)."""
    aliases: dict[str, str] = {}
    for action in legal:
        text = str(action)
        verb, space, rest = text.partition(" ")
        term = texts.of_kind("action", verb)
        for alias in term.aliases if term is not None else ():
            aliases.setdefault(f"{alias}{space}{rest}", text)
    return aliases


def choice_meaning(texts: RulesTexts, action: Action) -> str:
    """The one-line meaning of a choice (:meth:`RulesTexts.meaning`)."""
    return texts.meaning(str(action))


def kind_shown(term: Term) -> str:
    """The kind of ``term`` as ``help`` shows it after the name (``"  (zone)"``), or ``""``
    when the name already says it (``Kartuschen`` is a cartouche, ``cartouche 1`` too)."""
    kind = _(KIND_WORDS.get(term.kind, term.kind))
    return "" if term.name.casefold().startswith(kind.casefold()) else f"  ({kind})"


def term_text(term: Term) -> Text:
    """A rules entry for the terminal: name and kind (:func:`kind_shown`), its line, the rule,
    what to type (its ``terminal`` words), its source (none for a command)."""
    return Text.assemble(
        (term.name, "bold"),
        (kind_shown(term) + "\n", "dim"),
        (term.line + "\n", "italic"),
        term.rule + ("\n" if term.source or term.terminal else ""),
        (term.terminal + ("\n" if term.source else ""), "bold") if term.terminal else "",
        (_("Source: {source}").format(source=term.source) if term.source else "", "dim"),
    )


def command_term(name: str, screens: Iterable[str] = (), example: str = "symbols") -> Term | None:
    """The entry of the terminal command ``name`` (or another word for it: ``q``), as a rules
    entry of kind ``command`` in the terminal's language, or None if it is no command.
    ``screens``: the game's screens one command away (Ankh's ``gods``); ``example``: what
    ``help help`` shows typed after 'help', a name of the game being played."""
    word = " ".join(name.lower().split())
    for command, others, line, rule in COMMANDS:
        if word == command or word in others:
            return Term(command, "command", command, _(line), _(rule).format(example=example), "")
    if word in screens and word in SCREEN_HELP:
        # its one sentence once: as line and rule too it printed twice (issue 32, 'help tracks')
        return Term(word, "command", word, _(SCREEN_HELP[word]), "", "")
    return None


def find_topic(
    texts: RulesTexts,
    topic: str,
    screens: Iterable[str] = (),
    example: str = "symbols",
    short: dict[str, str] | None = None,
) -> Term | None:
    """What ``help TOPIC`` shows, or None: a terminal command (:func:`command_term`), else the
    rules entry ``topic`` names (:meth:`RulesTexts.find`), else the entry a short form of the
    screens stands for (``short``: shown form -> entry id, the view module's ``short_forms()``,
    so ``help Kri`` and ``help Obe3`` find what Ankh's compact screen abbreviates, in the
    screen's language; a number after the short form, a Monument's controller, is left out)."""
    term = command_term(topic, screens, example) or texts.find(topic)
    if term is not None or not short:
        return term
    wanted = re.sub(r"\d+$", "", " ".join(topic.split())).casefold()
    for form, term_id in short.items():
        if form.casefold() == wanted and term_id in texts.ids():
            return texts.term(term_id)
    return None


def overview_text(texts: RulesTexts) -> Text:
    """The game's overview for ``help``: goal, turn, how to win, and the topics ``help NAME`` knows."""
    o = texts.overview
    topics = ", ".join(sorted({t.name for t in texts.terms}, key=str.lower))
    return Text.assemble(
        (f"{o.title}\n", "bold"),
        (_("Goal: "), "bold"),
        o.goal + "\n",
        (_("A turn: "), "bold"),
        o.turn + "\n",
        (_("Winning: "), "bold"),
        o.win + "\n",
        (_("Source: {source}.  'help NAME' explains any of: {topics}.").format(source=o.source, topics=topics), "dim"),
    )


def _texts_language(game: Game) -> str:
    """The language of ``game``'s rules texts: the terminal's if the game has texts in it,
    else English (:func:`netjer.core.texts.languages`)."""
    wanted = get_language()
    return wanted if wanted in languages(type(game).__module__.rsplit(".", 1)[0]) else DEFAULT_LANGUAGE


def _readline_input() -> Callable[[str], str] | None:
    """``input`` with line editing and history, if the standard library's readline exists here."""
    try:
        import readline  # noqa: PLC0415 - optional: absent on some platforms; importing it enables editing
    except ImportError:  # pragma: no cover - Windows without pyreadline
        return None
    readline.parse_and_bind("tab: complete")
    return input


class QuitGame(Exception):
    """The human asked to leave (or the input ended)."""


class Interrupted(QuitGame):
    """Ctrl-C while a computer player decided: leave as after 'quit', with exit status 130."""


#: The exit status of a game left with Ctrl-C during a computer's decision (128 + SIGINT).
INTERRUPTED_STATUS = 130


def archive_path(path: Path) -> Path:
    """A free name beside ``path`` to keep an older record under (``game.20261129-1530.json``)."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    candidate = path.with_name(f"{path.stem}.{stamp}{path.suffix}")
    n = 1
    while candidate.exists():
        candidate = path.with_name(f"{path.stem}.{stamp}-{n}{path.suffix}")
        n += 1
    return candidate


def result_text(game: Game, returns: list[float], state: State | None = None) -> str:
    """The result in words (see ``Game.result_text``); with ``state``, the winners named as the
    game's screen names its seats there (``Game.seat_names_at``: Ankh's gods, "Horus wins")."""
    return game.result_text(returns, game.seat_names_at(state) if state is not None else None)


class TerminalTable:
    """Runs a game at the terminal.

    Args:
        game: the game.
        state: the position to start from (new, or replayed from a save).
        seats: one agent specification per seat (``"human"``, ``"random"``, ...).
        console: where to draw.
        save: the record file, rewritten after every action; ``None`` saves nothing.
        ask: reads one line of input given a prompt (default: the console's input); raises
            ``EOFError`` at the end of input.
        entries: the record's entries (actions and undos) when ``state`` was replayed from
            one, so that saving keeps them all (default: ``state``'s history).
        transcript: instead of ``state`` and ``entries``, a record replayed with
            :meth:`GameRecord.transcript` (a resumed game then keeps who took each decision,
            so the last ones can still be taken back).

    Raises:
        ConfigError: for an invalid agent specification.
    """

    def __init__(
        self,
        game: Game,
        state: State,
        seats: list[str],
        *,
        console: Console,
        save: Path | None,
        ask: Callable[[str], str] | None = None,
        entries: list[str] | None = None,
        transcript: Transcript | None = None,
    ) -> None:
        self.game = game
        self.transcript = transcript if transcript is not None else Transcript(state, entries)
        state = self.transcript.state
        self.seats = list(seats)
        self.console = console
        self.save = save
        try:
            self.texts = game.rules_texts(_texts_language(game))
        except DataFileError:  # a game without rules texts still plays; help has less to say
            missing = _("(no rules texts for this game yet)")
            overview = Overview(game.shown_title(), missing, missing, missing, "docs/rules/")
            self.texts = RulesTexts(game.name, "en", overview, ())
        self.completions: list[str] = []
        # On a terminal, what was typed before a prompt is shown is thrown away (cli.typeahead).
        self.discards_typeahead = ask is None and console.is_terminal
        self._typeahead_told = False
        if ask is None and console.is_terminal:
            ask = _readline_input()
            if ask is not None:
                self._install_completer()
        self.ask = ask or console.input
        specs = [parse_agent_spec(s) for s in seats]
        self.humans = [s for s, spec in enumerate(specs) if spec.is_human]
        self.agents: dict[int, Agent] = {
            s: make_agent(spec, seed=state.seed * 101 + s) for s, spec in enumerate(specs) if not spec.is_human
        }
        self.render = renderer_for(game.name)
        self.view_module = view_module(game.name)
        self.engine_panel = engine_panel_for(game.name)
        self.narrated = log_narrates_actions(game.name)
        # Whose eyes the terminal shows: the only human, the human to act (hot-seat), or a spectator.
        self.viewer: int | None = self.humans[0] if self.humans else None
        # A new game shows its opening log ("Round 1 begins."); a resumed one its last lines.
        log = self._log()
        self.log_seen = 0 if not state.history else max(0, len(log) - 5)
        self._save_warned = False
        self._stops: StopSignals | None = None  # while run() plays: SIGHUP and SIGTERM

    @property
    def state(self) -> State:
        """The current position (a new object after an undo)."""
        return self.transcript.state

    # --- the loop -----------------------------------------------------------------------

    def run(self) -> int:
        """Play until the game ends or a human quits; draw the result.

        Returns:
            The exit status: 0, or :data:`INTERRUPTED_STATUS` after Ctrl-C during a computer
            player's decision (the game saved, and said so, as after 'quit'), or ``128 +`` the
            signal's number after SIGHUP (the terminal closed) or SIGTERM: the game saved as it
            stands, nothing printed (:mod:`netjer.cli.stop_signals`).
        """
        with StopSignals() as stops:
            self._stops = stops
            try:
                return self._play()
            except Stopped as stop:
                stops.quiet()
                self.persist()  # an action applied but not yet saved is kept
                return 128 + stop.signum
            finally:
                self._stops = None

    def _play(self) -> int:
        """:meth:`run`'s loop, without the stop signals' handling."""
        if self.save is not None:
            self.console.print(
                Text(_("The game is saved to {path} after every action.").format(path=self.save), style="dim")
            )
        self._print_new_log()
        if not self.humans:
            self.draw()  # watching only; a human sees the position when asked to act
        try:
            while not self.state.is_terminal:
                state = self.state
                seat = state.current_player
                if seat in self.humans:
                    self._hand_over(seat)
                    chosen = self.choose(seat)
                    if chosen is None:  # an undo: ask again in the position before
                        continue
                    action = chosen
                else:  # computer players never undo
                    action = self._computer_choice(seat)
                words = state.describe_action(action, self.viewer)
                self.transcript.apply(action)
                self.persist()
                if not (self.narrated and len(self._log()) > self.log_seen):
                    self.console.print(Text(words), highlight=False)  # the game's log does not tell it
                self._print_new_log()
        except QuitGame as leaving:
            self.persist()
            where = (
                " "
                + _("The game is saved in {path}; resume it with `netjer play --load {path}`.").format(path=self.save)
                if self.save and not self._save_warned
                else ""
            )
            self.console.print()
            self.console.print(Text(_("Left the game.") + where))
            return INTERRUPTED_STATUS if isinstance(leaving, Interrupted) else 0
        state = self.state
        self.console.rule(_("Game over"))
        observations = [state.observation(s) for s in range(self.game.num_players)]
        self.console.print(render_full(self.game.name, observations))
        self.console.print(
            Text(_("Game over: {result}.").format(result=result_text(self.game, state.returns(), state)), style="bold")
        )
        return 0

    def choose(self, seat: int) -> Action | None:
        """Ask the human at ``seat`` for an action until a legal one is given.

        Returns:
            The action, or ``None`` after an undo (the position changed: ask again).

        Raises:
            QuitGame: on 'quit' or the end of input.
        """
        state = self.state
        legal = state.legal_actions()
        verb = numbered_verb(legal)
        screens = self._screens()
        self.completions = [str(a) for a in legal] + ["help", "board", *screens, "quit"]
        verbs = verb_aliases(self.texts, legal)
        if self.transcript.can_undo(seat):
            self.completions.append("undo")
        self._draw_and_list(legal)
        while True:
            try:
                answer = self._ask(_("{seat}, your action: ").format(seat=self.seat_name(seat))).strip()
            except (EOFError, KeyboardInterrupt):
                raise QuitGame from None
            if not answer:
                continue
            low = " ".join(answer.lower().split())
            if low in QUIT_WORDS:
                raise QuitGame
            first, _sep, rest = low.partition(" ")
            if first in HELP_WORDS:
                self.show_help(rest)
                if not rest:
                    self._list(legal)
                continue
            if low in BOARD_WORDS:
                self.draw(full=True)
                self._list(legal)
                continue
            if low in screens:
                self.console.print(screens[low](self.state.observation(self.viewer), self.viewer))
                self._list(legal)
                continue
            if low == UNDO:
                if self.take_back(seat):
                    return None
                continue
            if answer.isascii() and answer.isdigit():
                if verb is not None:  # a bare number is the number of 'assign 4', 'bid 3'
                    answer = f"{verb} {int(answer) if len(answer) <= MAX_CHOICE_DIGITS else answer}"
                else:
                    n = int(answer) if len(answer) <= MAX_CHOICE_DIGITS else 0
                    if 1 <= n <= len(legal):
                        return legal[n - 1]
                    no_such = (
                        _("There is no choice {answer}; pick 1 to {last}.")
                        if len(answer) <= MAX_CHOICE_DIGITS
                        else _("A number of {digits} digits is too long for a choice; pick 1 to {last}.")
                    )
                    self.console.print(
                        Text(no_such.format(answer=answer, digits=len(answer), last=len(legal)), style="red"),
                        highlight=False,
                    )
                    continue
            try:
                action = self.game.parse_action(answer)
            except ActionSyntaxError as err:
                hint = did_you_mean(answer, self.completions, aliases=verbs)
                said = told_error(err)  # the game's sentence in the reader's language
                self.console.print(Text(said + (f"; {hint}" if hint else ""), style="red"), highlight=False)
                self._list(legal)
                continue
            if action in legal:
                return action
            refusal = state.illegal(action)
            rule = tell(refusal.rule, get_language(), ("common", self.game.name))  # the engine cites it in English
            self.console.print(
                Text.assemble((_("Not allowed: {reason}").format(reason=refusal.reason), "red"), (f" ({rule})", "dim")),
                highlight=False,
            )
            self._list(legal)

    def _ask(self, prompt: str) -> str:
        """One line of input for ``prompt``; on a terminal, anything typed before the prompt
        was shown is thrown away first (the player is told the first time), so that a key
        pressed while the computer thought is never played as an answer unseen.

        Raises:
            EOFError, KeyboardInterrupt: from the input function.
        """
        if self.discards_typeahead and discard_typeahead() and not self._typeahead_told:
            self._typeahead_told = True
            self.console.print(
                Text(
                    _("(What you typed before this question was shown was ignored: type your answer now.)"),
                    style="yellow",
                ),
                highlight=False,
            )
        return self.ask(prompt)

    def _computer_choice(self, seat: int) -> Action:
        """The computer player at ``seat`` decides, the thinking line shown meanwhile.

        Raises:
            Interrupted: Ctrl-C during the decision (the position is as before it).
        """
        agent = self.agents[seat]
        try:
            with thinking(self.console, agent, self.player_words(seat)):
                return agent.choose(PlayerView(self.state, seat))
        except KeyboardInterrupt:
            raise Interrupted from None

    def seat_name(self, seat: int) -> str:
        """``seat``'s name as the game's view gives it (an Ankh god's name), else the game's, in
        the reader's language (``Rojo``)."""
        label = seat_label(self.game.name, self.state.observation(seat), seat)
        return label if label is not None else seat_words(self.game, seat)

    def player_words(self, seat: int) -> str:
        """``seat`` in words: its name and, for a computer, its level's title in the reader's
        language (``Red (Casual)``, ``Rojo (Aficionado)``) or its agent specification, as the web
        lobby and ``replay`` name it (:func:`netjer.cli.language.agent_words`)."""
        name = self.seat_name(seat)
        if seat in self.humans:
            return name
        return f"{name} ({agent_words(self.game, self.seats[seat])})"

    def take_back(self, seat: int) -> bool:
        """``undo``: take back ``seat``'s last decision if the policy allows (netjer.core.undo);
        say what was taken back, or why nothing can be.  Returns True if something was."""
        reason = self.transcript.why_not_undo(seat)
        if reason is not None:
            self.console.print(
                Text(_("Nothing to undo: {reason}.").format(reason=_(reason)), style="red"), highlight=False
            )
            return False
        taken_back = self.transcript.undo(seat)
        self.persist()
        self.log_seen = min(self.log_seen, len(self._log()))
        self.console.print(Text(_("Taken back: {action}.").format(action=taken_back), style="bold"), highlight=False)
        return True

    def show_help(self, topic: str) -> None:
        """``help``: the overview and the commands; ``help NAME``: that entry, or suggestions."""
        example = self._help_example()
        if not topic:
            self.console.print(overview_text(self.texts), highlight=False)
            words = [_(HELP_CHOICES)]
            numbered = numbered_example(self.game)
            if numbered is not None:
                words.append(_(HELP_NUMBERED).format(example=numbered, number=numbered.split()[1]))
            symbols = help_name(self.texts, "symbols") if "symbols" in self.texts.ids() else "symbols"
            words.append(_(HELP_COMMANDS).format(example=example, symbols=symbols))
            self.console.print(Text("  ".join(words), style="dim"), highlight=False)
            return
        short_forms = getattr(self.view_module, "short_forms", None)
        term = find_topic(self.texts, topic, self._screens(), example, short_forms() if short_forms else None)
        if term is not None:
            self.console.print(term_text(term), highlight=False)
            return
        close = self.texts.suggest(topic)
        hint = " " + _("Did you mean {names}?").format(names=_(" or ").join(repr(c) for c in close)) if close else ""
        self.console.print(
            Text(
                _("No rule called {topic} in {game}.").format(topic=repr(topic[:40]), game=self.texts.overview.title)
                + hint
                + " "
                + _("'help' lists the topics.")
            ),
            highlight=False,
        )

    def _help_example(self) -> str:
        """A topic of this game to show after 'help' in an example: its first action's name."""
        action = next((t.id for t in self.texts.terms if t.kind == "action"), None)
        return help_name(self.texts, action) if action is not None else "symbols"

    # --- output -------------------------------------------------------------------------

    def draw(self, *, full: bool = False, room: int = 0) -> None:
        """Draw the position from the viewer's seat, and the game's engine panel if it has one
        (an Ankh Battle's strengths).

        On a terminal too short for the full drawing, a game with a compact screen (its view
        module's ``render_compact``) draws that instead, in the lines left once ``room`` lines
        are kept for the choices and the prompt; ``full`` (the ``board`` command) draws the
        whole position whatever its height.
        """
        obs = self.state.observation(self.viewer)
        panel = self.engine_panel(self.state, self.viewer) if self.engine_panel is not None else None
        drawing = Group(self.render(obs, self.viewer), *([panel] if panel is not None else []))
        compact = getattr(self.view_module, "render_compact", None)
        if not full and compact is not None and self.console.is_terminal:
            height, width = self.console.size.height, self.console.size.width
            left = max(3, height - room - 1)
            if self._lines(drawing) > left:
                panel_lines = self._lines(panel) if panel is not None else 0
                drawing = Group(
                    compact(obs, self.viewer, left - panel_lines, width), *([panel] if panel is not None else [])
                )
        self.console.print(drawing)

    def _draw_and_list(self, legal: list[Action]) -> None:
        """The position and the choices, the position fitted to the lines the choices and the
        prompt leave on the terminal (see :meth:`draw`)."""
        if not self.console.is_terminal:
            self.draw()
            self._list(legal)
            return
        with self.console.capture() as listing:
            self._list(legal)
        text = listing.get()
        if text.count("\n") + 1 > self.console.size.height - MIN_SCREEN_LINES:
            with self.console.capture() as listing:  # the choices without their meanings
                self._list(legal, dense=True)
            text = listing.get()
        self.draw(room=text.count("\n") + 1)
        self.console.file.write(text)
        self.console.file.flush()

    def _screens(self) -> dict[str, Callable[[dict[str, Any], int | None], RenderableType]]:
        """The game's parts of the full drawing one command away (Ankh: ``gods``, ``tracks``)."""
        screens = getattr(self.view_module, "screens", None)
        return {} if screens is None else dict(screens())

    def _lines(self, renderable: RenderableType) -> int:
        """Lines ``renderable`` takes on this console."""
        return len(self.console.render_lines(renderable, self.console.options, pad=False))

    def _list(self, legal: list[Action], *, dense: bool = False) -> None:
        """List the choices, each with its meaning; choices of one meaning share a heading
        (``dense``: without the meanings, for a short terminal; ``help NAME`` tells them)."""
        self._list_choices(legal, dense=dense)
        seat = self.state.current_player
        if self.transcript.can_undo(seat):
            last = self.state.history[-1]
            self.console.print(
                Text("  undo  — " + _("take back your last decision ({action})").format(action=last), style="dim")
            )

    def _list_choices(self, legal: list[Action], *, dense: bool = False) -> None:
        verb = numbered_verb(legal)
        if verb is not None:
            numbers = " · ".join(str(a).split()[1] for a in legal)
            self.console.print(
                Text.assemble(
                    (_("Choose: "), "bold"),
                    f"{verb} {numbers}  ",
                    (
                        f"— {choice_meaning(self.texts, legal[0])}  "
                        + _("Type the number itself: '{action}' or '{number}'.").format(
                            action=legal[-1], number=str(legal[-1]).split()[1]
                        ),
                        "dim",
                    ),
                ),
                highlight=False,
            )
            return
        if dense:
            self.console.print(Text(_("Legal actions ('help NAME' explains one):")), highlight=False)
            items = [
                Text.assemble((f"{i}) ", "bold cyan"), self.game.shown_action(a)) for i, a in enumerate(legal, start=1)
            ]
            self.console.print(Padding(Columns(items, padding=(0, 3)), (0, 0, 0, 2)))
            return
        self.console.print(_("Legal actions:"), highlight=False)
        groups: list[tuple[str, list[Text]]] = []
        for i, action in enumerate(legal, start=1):
            meaning = choice_meaning(self.texts, action)
            item = Text.assemble((f"{i}) ", "bold cyan"), self.game.shown_action(action))
            if groups and groups[-1][0] == meaning:
                groups[-1][1].append(item)
            else:
                groups.append((meaning, [item]))
        for meaning, items in groups:
            if len(items) == 1:
                self.console.print(Text.assemble("  ", items[0], (f"  — {meaning}" if meaning else "", "dim")))
            else:
                if meaning:
                    self.console.print(Text(f"  {meaning}", style="dim"), highlight=False)
                self.console.print(Padding(Columns(items, padding=(0, 3)), (0, 0, 0, 2)))

    def _install_completer(self) -> None:
        """Tab completes the current choices, the commands and, after 'help ', the rules topics."""
        import readline  # noqa: PLC0415 - only on a terminal that has it (see _readline_input)

        topics = sorted({k for t in self.texts.terms for k in t.lookup_keys()})

        def complete(text: str, index: int) -> str | None:
            line = readline.get_line_buffer().lower()
            pool = [f"help {t}" for t in topics] if line.startswith("help ") else self.completions
            prefix = line[: readline.get_endidx()]
            start = len(prefix) - len(text)
            matches = [c[start:] for c in pool if c.lower().startswith(prefix)]
            return matches[index] if index < len(matches) else None

        readline.set_completer_delims(" ")
        readline.set_completer(complete)

    def _log(self) -> list[str]:
        log = self.state.observation(self.viewer).get("log", [])
        return [str(x) for x in log] if isinstance(log, list) else []

    def _print_new_log(self) -> None:
        log = self._log()
        for line in log[self.log_seen :]:
            self.console.print(Text(f"  {line}", style="italic"), highlight=False)
        self.log_seen = len(log)

    def _blank(self) -> None:
        """Clear the screen and, on a terminal, its scrollback (ESC [3J), so that the next
        player cannot scroll back to the previous player's hidden cards."""
        self.console.clear()
        if self.console.is_terminal:
            self.console.file.write("\x1b[3J")
            self.console.file.flush()

    def _hand_over(self, seat: int) -> None:
        """Hot-seat: blank the screen and wait before showing another human's hidden cards."""
        if self.viewer == seat:
            return
        if len(self.humans) > 1:
            self._blank()
            while True:
                try:
                    answer = self._ask(
                        _("Pass the keyboard to {seat}, then press Enter (or type quit). ").format(
                            seat=self.seat_name(seat)
                        )
                    )
                except (EOFError, KeyboardInterrupt):
                    raise QuitGame from None
                if answer.strip().lower() in QUIT_WORDS:
                    raise QuitGame
                if not answer.strip():
                    break
            self._blank()
        self.viewer = seat
        self.log_seen = len(self._log())

    def persist(self, *, strict: bool = False) -> None:
        """Write the record (atomically) if the game has a save file.

        Args:
            strict: raise ``OSError`` if it cannot be written (used before the first move);
                otherwise warn once and play on, the moves kept in memory.
        """
        if self.save is None:
            return
        try:
            record = GameRecord.from_state(self.state, self.seats, self.transcript.entries)
            if self._stops is None:
                save_record(self.save, record)
            else:
                with self._stops.held():  # a SIGHUP waits for the save: the file is whole
                    save_record(self.save, record)
        except OSError as err:
            if strict:
                raise
            if not self._save_warned:
                self.console.print(
                    Text(
                        _("Warning: cannot save to {path}: {error}").format(path=self.save, error=err), style="bold red"
                    )
                )
                self._save_warned = True
