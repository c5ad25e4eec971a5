"""The store: every part of the database's reads and writes in one object."""

from __future__ import annotations

from sqlalchemy.exc import IntegrityError

from netjer.server.db.accounts import AccountsPart
from netjer.server.db.choices import ChoicesPart
from netjer.server.db.core import ActionItem, EventItem
from netjer.server.db.events import EventsPart
from netjer.server.db.hints import HintsPart
from netjer.server.db.invitations import InvitationsPart
from netjer.server.db.moderation import ModerationPart
from netjer.server.db.passkeys import PasskeysPart
from netjer.server.db.social import SocialPart
from netjer.server.db.tables import TablesPart


class Store(
    TablesPart,
    ChoicesPart,
    EventsPart,
    HintsPart,
    AccountsPart,
    PasskeysPart,
    InvitationsPart,
    ModerationPart,
    SocialPart,
):
    """Reads and writes tables, seats, actions, events, queued choices, hints, accounts and
    their passkeys, invitations, the audit log, moderation, ratings, follows and presence: each
    concern is a part (:mod:`.tables`, :mod:`.actions`, :mod:`.events`, :mod:`.choices`,
    :mod:`.hints`, :mod:`.accounts`, :mod:`.passkeys`, :mod:`.invitations`, :mod:`.moderation`,
    :mod:`.social`, :mod:`.ratings`: the actions' and events' parts
    rate a rated game in the transaction that finishes it)
    sharing the engine and the news of :class:`~netjer.server.db.core.StoreCore`.

    Args:
        url: a SQLAlchemy database URL (``sqlite:///netjer.db`` by default in the CLI); the
            schema is created or upgraded at once.
    """

    def write(self, actions: list[ActionItem], events: list[EventItem]) -> tuple[list[bool], list[int]]:
        """Store actions (as :meth:`append_actions`) and events in one transaction (group
        commit); if an action conflicts, the actions are retried one by one and the events
        stored together.

        Returns:
            For each action whether it was stored, and each event's id.
        """
        try:
            with self.sessions.begin() as s:
                self._add_actions(s, actions)
                ids = self._add_events(s, events)
            return [True] * len(actions), ids
        except IntegrityError:
            stored = self.append_actions(actions) if actions else []
            with self.sessions.begin() as s:
                ids = self._add_events(s, events)
            return stored, ids
