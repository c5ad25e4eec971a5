"""The ten gods of Ankh and their powers (rules/ankh.md §4): one module per god.

Base game: :mod:`.amun`, :mod:`.anubis`, :mod:`.isis`, :mod:`.osiris`, :mod:`.ra`.
Pantheon: :mod:`.bastet`, :mod:`.hathor`, :mod:`.thoth`, :mod:`.horus`, :mod:`.seth`.

:mod:`.base` defines :class:`~.base.GodPower`, the explicit set of hooks the engine calls at
the moments the rules name; :mod:`.registry` imports every god so that each registers its
power.  This package's ``__init__`` imports nothing, so that the engine's lowest layer can
import :mod:`.base` without importing the gods.
"""
