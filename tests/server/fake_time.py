"""A clock the server tests move by hand (the app's ``clock=`` argument)."""

from __future__ import annotations

#: The fake clock's first reading (seconds since the epoch, in 2027).
START = 1_800_000_000.0


class FakeTime:
    """A clock the test moves by hand: ``fake.t += 60`` is a minute later."""

    def __init__(self) -> None:
        self.t = START

    def __call__(self) -> float:
        return self.t
