"""Fixed-size tensors of the games' observations (a layer on ``core`` and ``games`` alone).

:mod:`netjer.tensors.encoding` holds the encoders of every game (declared layouts for Aton and
Dioses del Nilo, the hashed fallback, :func:`~netjer.tensors.encoding.encoder_for`);
:mod:`netjer.tensors.ankh` the declared Ankh tensor.  Both are built from ``observation(seat)``
alone, so a tensor never holds what its seat may not know.  They sit under both the research
adapters (:mod:`netjer.adapters`, which offer them to learning libraries) and the agents (the
learned evaluation, :mod:`netjer.agents.value`, reads the Ankh tensor); ``netjer.adapters.encoding``
and ``netjer.adapters.ankh_tensor`` keep their old import paths.
"""
