"""One package per game; :mod:`netjer.games.registry` finds them by name."""
