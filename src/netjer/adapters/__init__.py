"""Researchers' interfaces: OpenSpiel and PettingZoo adapters for every Netjer game.

* :mod:`netjer.adapters.openspiel` (extra ``openspiel``): registers ``netjer_<game>`` with
  ``pyspiel``.
* :mod:`netjer.adapters.pettingzoo` (extra ``pettingzoo``): ``env(name, ...)`` (AEC) and
  ``parallel_env(name, ...)``.
* :mod:`netjer.adapters.encoding`: the fixed-size observation tensors both use.
* :mod:`netjer.adapters.common`: per-game facts, option mapping and the truncating session.

Both adapters read only the kernel contract and ``observation(seat)``; docs/research.md
explains the choices (chance, tensors, length caps) and shows how to train and evaluate.
The adapter modules are not imported here, so that ``netjer`` works without the extras.
"""
