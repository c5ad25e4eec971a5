"""An engine's line inside a catalogue sentence (issue 32): an illegal action's reason, written
by a game in the language of the process that played it, told in the reader's language by
reading it back to the game's catalogue messages (:func:`netjer.i18n_lines.tell`), as the
server tells an illegal move's reason (``TableError.engine``)."""

from __future__ import annotations

from netjer.i18n_lines import tell
from netjer.i18n_sentences import Sentence


class EngineLine(Sentence):
    """A line a game's engine wrote, as a :class:`Sentence` param or a sentence of its own.

    Attributes:
        game: the game's registry name (``"ankh"``), whose catalogue (with the common one)
            holds the messages the line is made from.
    """

    game: str

    def __new__(cls, text: str, game: str) -> EngineLine:
        """The line ``text`` of ``game``'s engine (shown as it is in English)."""
        made = super().__new__(cls, text)
        made.game = game
        return made

    def __getnewargs__(self) -> tuple[str, str]:  # type: ignore[override]
        """Its arguments when unpickled (a refusal crossing a worker process)."""
        return str(self), self.game

    def told(self, language: str) -> str:
        """The line read back to ``game``'s messages and told in ``language`` (as it is when
        no message reads it)."""
        return tell(str(self), language, ("common", self.game))
