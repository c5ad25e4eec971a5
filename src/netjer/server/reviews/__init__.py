"""Game reviews and hints at the web table (issue 16), run in the server's fair AI service.

**Reviews.**  A seat of a finished table asks for a review of its own decisions
(:mod:`netjer.agents.review`: for each of its decisions, the search's estimated chance to win
before and after it, from what the seat knew then, and the action the search preferred).
The review runs in the fair AI service (:mod:`netjer.server.ai_service`) one decision at a
time, each step a *background* search: it starts only when no computer player of any table
waits, so a review never delays a move by more than the one review step already running, and
the step's end gives the progress ``done / total`` that is pushed to the page.  The steps are
exactly :func:`~netjer.agents.review.review_decision` with the review's seed, so the stored
review equals ``review_record`` (and ``netjer review``) of the same record, seed and
iterations.  The request is recorded with the table at once and the finished review
(``Review.to_dict()``) replaces it, one per seat, served again on later requests, never
recomputed; a review still running when the server stops goes on when it restarts, after the
decisions it had kept (being seeded, it comes out the same).

**Several processes** (PostgreSQL).  A running review has a lease on its row (``holder``,
``expires_at``: the design of :mod:`netjer.server.leases`, on the review's own row), taken by
the process that records the request and renewed every third of its time (``netjer serve
--lease-seconds``) by :meth:`ReviewService.run`, and with each decision kept.  A process that
starts while another computes a review leaves it alone (its lease is live); a review whose
process died (its lease expired) or stopped cleanly (it gave its leases up) is taken over by
the next sweep of another process, after the decisions kept.  A process that stalled past its
lease and finds the review taken over stops computing it.

**Stand-ins.**  The decisions the computer took for a seat whose person's time ran out (from
each ``timeout`` or ``gone`` event to the seat's ``takeback``: :func:`standins_of`) are
reviewed like the others and flagged ``standin``: they are not the person's, and the review's
marks of the seat leave them out (docs/review.md).

**Visibility.**  A seat's review is shown to that seat (its token) and, once that seat
publishes it, to everyone.  What others receive is rewritten for them: each decision's words
(the action played, the action preferred) are the viewer's own words for it in that position
(``State.describe_action(action, viewer)``), and the notation is given only where those
words equal the seat's (as in the game log), so a published review tells no hidden value the
game's log did not.  The estimates stay the seat's: they are its judgement, published at its
request.

**Hints.**  A table created with ``hints`` on lets the seat to act ask for the search's
preferred action from its own view, with its estimate (:func:`~netjer.agents.review.suggest`),
in the same service and under the same cap, with a short budget; the answer goes to that seat
only.

API (a seat's requests carry its token as ``Authorization: Bearer <token>``):

============================================  ==============================================
``POST /api/tables/{id}/reviews``             ``{"seat", "iterations"?, "depth"?}``: start a
                                              review (202 with its progress), or 200 with the
                                              stored one
``GET  /api/tables/{id}/reviews?seat=N``      the reviews N may see (its own, running or
                                              done, and the published ones); no seat: the
                                              published ones
``POST /api/tables/{id}/reviews/publish``     ``{"seat"}``: show the seat's review to everyone
``POST /api/tables/{id}/hint``                ``{"seat", "iterations"?}``: the hint
``WS   /ws/tables/{id}/reviews``              send ``{"type": "hello", "seat", "token"}``;
                                              receive ``{"type": "reviews", ...}`` (the GET's
                                              answer) at every change (progress, end, publish)
============================================  ==============================================

Errors (``{"error", "message"}``): 404 unknown table or seat, 403 missing or wrong token or
hints off, 409 ``not_over`` (an unfinished table), ``not_reviewable`` (a game ended by a
timeout, a resignation or an agreement before its rules' end), ``review_running`` (a second request while one runs),
``no_review`` (publishing before a review is done), ``not_your_turn`` / ``over`` /
``stood_in`` / ``hint_running`` / ``no_hints_left`` (a hint), 422 ``over_cap`` (iterations
over the operator's cap), ``bad_review`` (a setting the game refuses, e.g. ``depth`` in Aton) or a malformed request.

The package: :mod:`.service` (the reviews: :class:`ReviewService`), :mod:`.hints`
(:class:`HintService`), :mod:`.seats` (whose decisions, what a viewer sees) and :mod:`.steps`
(the searches' defaults and what the AI workers run); the stored rows are
:mod:`netjer.server.review_store`'s.
"""

from netjer.server.review_store import ReviewStore
from netjer.server.reviews.hints import HintService
from netjer.server.reviews.seats import actors_of, decisions_of, review_for_viewer, table_standin_plies
from netjer.server.reviews.service import ReviewService, _Running
from netjer.server.reviews.steps import (
    HINT_ITERATIONS,
    REVIEW_DEPTH,
    REVIEW_ITERATIONS,
    REVIEW_SEED,
    hint_step,
    judge_step,
    search_budget,
)

__all__ = [
    "HINT_ITERATIONS",
    "REVIEW_DEPTH",
    "REVIEW_ITERATIONS",
    "REVIEW_SEED",
    "HintService",
    "ReviewService",
    "ReviewStore",
    "_Running",
    "actors_of",
    "decisions_of",
    "hint_step",
    "judge_step",
    "review_for_viewer",
    "search_budget",
    "table_standin_plies",
]
