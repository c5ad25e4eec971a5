"""What a seat is shown: its view of a live table (:func:`seat_view`: its observation, legal
actions, log, chat and the table's public facts), whether it may undo, the hints it has left,
and the replay of the game as it saw it.  Only ever ``observation(seat)``: hidden information
stays hidden."""

from __future__ import annotations

from typing import Any

from netjer.core.undo import UNDO, Transcript
from netjer.server.runtime import TAKEN_BACK, TableRuntime, legal_entries, log_notation, seat_entries
from netjer.server.table_endings import ending_view, result_line


def seat_view(
    rt: TableRuntime, seat: int | None, clock: dict[str, Any] | None, log_from: int = 0, chat_from: int = 0
) -> dict[str, Any]:
    """What ``seat`` (``None``: a spectator) is shown: its observation (without the
    game's own ``log``, which the view's ``log`` carries, from ``log_from`` on: the whole
    log again in every view was most of a late Ankh view), its legal actions when it is
    its turn, the chat from ``chat_from`` on, and the table's public facts (seats, ``clock``:
    the clocks' public view, :meth:`netjer.server.timekeeper.Timekeeper.view`; ``presence``:
    :func:`presence`)."""
    state = rt.state
    game = rt.game
    to_move = None if rt.finished else state.current_player
    plan = rt.plan()
    choosers = sorted(rt.choosers())
    choice = plan.get(seat) if plan is not None and seat is not None else None
    mine = seat is not None and seat in choosers and not rt.computer_plays(seat)
    # The person chooses (or chose) ahead of the engine: its own decision's observation.
    if choice is not None and (mine or (seat is not None and rt.queued.get(seat))):
        legal = choice.legal if mine else []
        observation = choice.observation
    else:
        legal = state.legal_actions() if mine else []
        observation = rt.observation(seat)
    own = seat is not None and plan is not None
    log_lines = rt.logs.get(seat, [])
    result = rt.result
    return {
        "type": "view",
        "table": rt.id,
        "game": game.name,
        "title": game.title,
        "seat": seat,
        "version": rt.version,
        "to_move": to_move,
        # Who may act now: every seat that must still choose in a window of simultaneous
        # choices (the others learn only *that* a seat has chosen), else the seat to act.
        "choosing": choosers,
        "window": plan is not None,
        # This seat's own choices made ahead of the engine's turn, and its stamp to send
        # with a move in a window (``step``).
        "queued": [str(q.action) for q in rt.queued.get(seat, [])] if own and seat is not None else [],
        "step": rt.stamps.get(seat, 0) if own and seat is not None else None,
        "finished": rt.finished,
        "result": result,
        "result_text": result_line(game, result, rt.state),
        # How it ended, whether it is adjourned, the draw or adjournment offered, whether it
        # may still be aborted (netjer.server.endings).
        **ending_view(rt),
        "seats": seat_entries(rt),
        "clock": clock,
        "rematch": rt.rematch,
        "hints": rt.hints,
        "hint_limit": rt.hint_limit,
        "rated": rt.rated,  # once finished, GET /api/tables/{id}/ratings says each seat's change
        # The hints this seat may still ask for (None: unlimited, no hints, or a spectator),
        # and whether it was given one at this position (asked again: the same, not counted).
        **hints_left(rt, seat),
        "observation": {key: value for key, value in observation.items() if key != "log"},
        "legal": legal_entries(game, legal),
        "log_from": log_from,
        "log": log_lines[log_from:],
        "chat_from": chat_from,
        "chat": rt.chat[chat_from:],
        "log_notation": log_notation(rt, seat, log_from),
        "can_undo": can_undo(rt, seat),
        "undo_refused": undo_refused(rt, seat),
        "presence": presence(rt),
    }


def presence(rt: TableRuntime) -> dict[str, Any]:
    """Who is at the table now: per seat whether a page of its player is connected
    (``seats``), and how many pages watch (``watching``), counting this server process's
    WebSockets and, with several processes on PostgreSQL, the others' as their live presence
    rows say (``rt.elsewhere``, :mod:`netjer.server.presence`)."""
    there, watching = rt.elsewhere
    return {
        "seats": [bool(rt.connections.get(s)) or s in there for s in range(len(rt.seats))],
        "watching": len(rt.listeners.get(None, ())) + watching,
    }


def hints_left(rt: TableRuntime, seat: int | None) -> dict[str, Any]:
    """``{"hints_left", "hint_given"}`` of ``seat``'s view: how many more positions it may
    ask a hint at (``None`` at a table without hints or without a limit, or for a
    spectator), and whether it was given a hint at the current position (asking again
    there gets the same answer and is not counted, even with none left)."""
    if seat is None or not rt.hints or rt.hint_limit is None:
        return {"hints_left": None, "hint_given": False}
    given = rt.hints_at.get(seat, set())
    return {"hints_left": max(0, rt.hint_limit - len(given)), "hint_given": rt.version in given}


def can_undo(rt: TableRuntime, seat: int | None) -> bool:
    """Whether ``seat`` may take back its last decision now: a human seat, under the undo
    policy of :mod:`netjer.core.undo` (computer seats never undo)."""
    if seat is None or rt.transcript is None or rt.finished or rt.computer_plays(seat):
        return False
    return bool(rt.queued.get(seat)) or why_not_undo(rt, seat) is None


def undo_refused(rt: TableRuntime, seat: int | None) -> str | None:
    """Why ``seat``'s own latest decision cannot be taken back (it revealed hidden information
    or drew chance; others chose in the window it began), in English words marked for
    translation (:func:`why_not_undo`), so that the browser says why instead of the Undo button
    silently not being there (issue 30, item 6).

    ``None`` when it may undo, and when there is no decision of its own to take back: a
    spectator or a computer seat, a finished game, nothing decided yet, or another seat acted
    last (its turn came back; nothing was refused)."""
    if seat is None or rt.transcript is None or rt.finished or rt.computer_plays(seat) or rt.queued.get(seat):
        return None
    if rt.transcript.last_actor() != seat:
        return None
    return why_not_undo(rt, seat)


def why_not_undo(rt: TableRuntime, seat: int) -> str | None:
    """Why ``seat`` may not take back its last applied decision (``None``: it may).

    Besides the policy of :mod:`netjer.core.undo`: the decision that began a window of
    simultaneous choices cannot be taken back once another seat has chosen in it (its
    choice would have been made in a window that is no more)."""
    assert rt.transcript is not None
    reason = rt.transcript.why_not_undo(seat)
    if reason is not None:
        return reason
    others = [rt.who(s) for s, waiting in sorted(rt.queued.items()) if waiting and s != seat]
    if others and rt.window_version == rt.version:
        return f"{' and '.join(others)} already chose in the secret choices your decision began"
    return None


def replay(rt: TableRuntime, seat: int | None) -> list[dict[str, Any]]:
    """Every step of the game as ``seat`` saw it (the replay viewer): the observation before
    the first entry and after each entry of the table's append-only record, with the entry in
    words. An undo is a step too (``"undo": true``), told as the live log told it ("Taken
    back: ..." in ``seat``'s words for the decision) and showing the position it went back
    to; the decisions played again after it follow as later steps."""
    game = rt.game
    entries = rt.transcript.entries if rt.transcript is not None else [str(a) for a in rt.state.history]
    transcript = Transcript(game.new_initial_state(rt.state.seed))
    steps: list[dict[str, Any]] = [
        {"version": 0, "action": None, "undo": False, "observation": transcript.state.observation(seat)}
    ]
    for number, entry in enumerate(entries, start=1):
        if entry == UNDO:
            actor = transcript.last_actor()
            taken = transcript.state.history[-1]
            transcript.undo(actor if actor is not None else -1)
            words = TAKEN_BACK.format(words=transcript.state.describe_action(taken, seat))
            undo = True
        else:
            action = game.parse_action(entry)
            words = transcript.state.describe_action(action, seat)
            transcript.apply(action)
            undo = False
        steps.append(
            {"version": number, "action": words, "undo": undo, "observation": transcript.state.observation(seat)}
        )
    return steps
