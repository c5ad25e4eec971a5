"""Agent specifications (``"random"``, ``"ismcts:time=1.0"``) and the agents they build.

A specification is ``kind`` or ``kind:key=value,key=value``; it is what a game record
stores per seat and what ``--seat 1=random`` passes on the command line.  ``human`` is a
valid kind here (seats a person); the front end that runs the game provides that agent.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field

from netjer.agents.base import Agent
from netjer.agents.heuristic import HeuristicAgent
from netjer.agents.ismcts import ISMCTSAgent
from netjer.agents.random_agent import RandomAgent
from netjer.core.errors import ConfigError
from netjer.i18n import N_, join_list
from netjer.i18n_sentences import Sentence


def _number(
    kind: str, params: dict[str, str], key: str, cast: Callable[[str], float], *, probability: bool = False
) -> float | None:
    """The parameter ``key`` of ``params`` as a number, or None if it is not given.

    It must be positive and finite, or with ``probability`` a number from 0 to 1 (both
    included).

    Raises:
        ConfigError: naming the accepted range, if the value is not a number (a whole one
            for ``cast=int``) or is out of range.
    """
    if key not in params:
        return None
    text = params[key]
    whole = cast is int
    try:
        value = cast(text)
    except ValueError:
        try:
            float(text)
        except ValueError:
            whole = False  # not a number at all, whole or not
        message = NOT_WHOLE if whole else NOT_A_NUMBER
        raise ConfigError(Sentence(message, kind=kind, key=key, text=text)) from None
    valid = 0 <= value <= 1 if probability else math.isfinite(value) and value > 0
    if not valid:
        message = OUT_OF_RANGE[probability, whole]
        raise ConfigError(Sentence(message, kind=kind, key=key, text=text))
    return value


#: An agent parameter that is not a number, or not a whole one.
NOT_A_NUMBER = N_("agent '{kind}': {key}='{text}' is not a number")
NOT_WHOLE = N_("agent '{kind}': {key}='{text}' is not a whole number")
#: ``eval=...`` given to a search that plays every playout to the end.
EVAL_WITHOUT_DEPTH = N_("agent 'ismcts': eval={text} needs depth=N (it scores the playouts cut after N actions)")
#: An agent parameter out of its range, by (a probability?, a whole number?).
OUT_OF_RANGE = {
    (True, True): N_("agent '{kind}': {key} must be a whole number from 0 to 1, got {text}"),
    (True, False): N_("agent '{kind}': {key} must be a number from 0 to 1, got {text}"),
    (False, True): N_("agent '{kind}': {key} must be a positive, finite whole number, got {text}"),
    (False, False): N_("agent '{kind}': {key} must be a positive, finite number, got {text}"),
}


def _flag(kind: str, params: dict[str, str], key: str) -> bool:
    value = params.get(key, "0").lower()
    if value not in ("0", "1", "true", "false", "yes", "no"):
        message = N_("agent '{kind}': {key} must be 0 or 1, got '{text}'")
        raise ConfigError(Sentence(message, kind=kind, key=key, text=params[key]))
    return value in ("1", "true", "yes")


def _ismcts(params: dict[str, str], seed: int) -> Agent:
    iterations = _number("ismcts", params, "iterations", int)
    seconds = _number("ismcts", params, "time", float)
    c = _number("ismcts", params, "c", float)
    depth = _number("ismcts", params, "depth", int)
    contempt = _number("ismcts", params, "contempt", float, probability=True)
    rollout_version = _number("ismcts", params, "rollout_version", int)
    opponents_version = _number("ismcts", params, "opponents_version", int)
    evaluation = params.get("eval")
    if evaluation is not None and depth is None:
        raise ConfigError(Sentence(EVAL_WITHOUT_DEPTH, text=evaluation))
    return ISMCTSAgent(
        seed,
        iterations=int(iterations) if iterations is not None else None,
        seconds=seconds if seconds is not None else 1.0,
        exploration=c if c is not None else 1.0,
        rollout=params.get("rollout", "random"),
        max_playout=int(depth) if depth is not None else None,
        evaluate=(evaluation or "heuristic") if depth is not None else None,
        guided=_flag("ismcts", params, "guided"),
        opponents=params.get("opponents"),
        contempt=contempt or 0.0,
        rollout_version=int(rollout_version or 1),
        opponents_version=int(opponents_version or 1),
    )


def _heuristic(params: dict[str, str], seed: int) -> Agent:
    text = params.get("temperature", "0")
    try:
        temperature = float(text)
    except ValueError:
        message = N_("agent 'heuristic': temperature={text} is not a number")
        raise ConfigError(Sentence(message, text=repr(text))) from None
    if not (math.isfinite(temperature) and temperature >= 0):
        message = N_("agent 'heuristic': temperature must be a finite number >= 0, got {text}")
        raise ConfigError(Sentence(message, text=text))
    return HeuristicAgent(
        seed,
        epsilon=_number("heuristic", params, "epsilon", float, probability=True) or 0.0,
        temperature=temperature,
        plan=params.get("plan", "greedy"),
        version=int(_number("heuristic", params, "version", int) or 1),
    )


#: Agent kinds a computer plays, and how to build each from (params, seed).
AGENT_FACTORIES: dict[str, Callable[[dict[str, str], int], Agent]] = {
    "random": lambda params, seed: RandomAgent(seed),
    "heuristic": _heuristic,
    "ismcts": _ismcts,
}
#: Parameters each kind accepts: ``heuristic:epsilon=0.05`` (a random legal action with that
#: probability, for varied games), ``temperature=0.1`` (a soft choice among near-equal moves;
#: 0, the default, is the plain greedy choice), ``plan=greedy|reply|rollout`` (``reply``: weigh the
#: next god's best reply before a raid or a Conflict and value every god power; ``rollout``:
#: value each action of a turn by playing on to the next Conflict, the stronger heuristic; Ankh only,
#: except that Dioses del Nilo's heuristic has ``rollout`` too: each action played on to the game's
#: end; see :class:`netjer.agents.heuristic.HeuristicAgent`), ``version=1|2|3`` (1, the default: today's
#: heuristic; 2: Ankh's stakes-weighted heuristic that plans its second action, docs/balance.md;
#: 3: version 2 with no action that changes nothing, its rollouts playing its own moves and cards),
#: ``ismcts:time=1.0`` (seconds per decision, default 1),
#: ``iterations=N`` (instead of time; deterministic), ``c=1.0`` (UCB exploration),
#: ``rollout=random|heuristic``, ``depth=N`` (cut each playout after N actions and score it
#: with the game's evaluation, offered next to its heuristic: see
#: :func:`netjer.agents.heuristic.heuristic_evaluation`), ``eval=heuristic|value`` (with ``depth``:
#: the hand-written evaluation, the default, or Ankh's learned value network,
#: :mod:`netjer.agents.value`), ``guided=1`` (expand the playout
#: policy's choice first), ``opponents=heuristic`` (the other seats' decisions in the tree
#: follow the game's heuristic: an opponent model; ``opponents=mixture``: each iteration draws
#: the heuristic, Ankh's second heuristic or no model), ``contempt=0.5`` (a drawn playout counts
#: -0.5 for the searching seat: draw aversion, from 0 to 1, default 0), ``rollout_version=3`` and
#: ``opponents_version=3`` (the heuristic's version that the heuristic playouts, or the opponent
#: model, play; default 1; see :class:`netjer.agents.ismcts.ISMCTSAgent`).
AGENT_PARAMS: dict[str, frozenset[str]] = {
    "random": frozenset(),
    "heuristic": frozenset({"epsilon", "temperature", "plan", "version"}),
    "ismcts": frozenset(
        {
            "time",
            "iterations",
            "c",
            "rollout",
            "depth",
            "eval",
            "guided",
            "opponents",
            "contempt",
            "rollout_version",
            "opponents_version",
        }
    ),
}
HUMAN = "human"


@dataclass(frozen=True)
class AgentSpec:
    """A parsed agent specification.

    Attributes:
        kind: ``"human"`` or a key of :data:`AGENT_FACTORIES`.
        params: the ``key=value`` parameters, as strings.
    """

    kind: str
    params: dict[str, str] = field(default_factory=dict)

    @property
    def is_human(self) -> bool:
        """Whether a person plays this seat."""
        return self.kind == HUMAN

    def __str__(self) -> str:
        if not self.params:
            return self.kind
        return self.kind + ":" + ",".join(f"{k}={v}" for k, v in self.params.items())


def known_kinds() -> list[str]:
    """Every accepted agent kind, ``human`` first."""
    return [HUMAN, *AGENT_FACTORIES]


def parse_agent_spec(text: str) -> AgentSpec:
    """Parse ``kind`` or ``kind:key=value,...``.

    Raises:
        ConfigError: for an unknown kind, an unknown or repeated parameter, or a malformed
            text.
    """
    kind, _, rest = text.strip().partition(":")
    kind = kind.strip().lower()
    if kind not in known_kinds():
        message = N_("unknown agent '{kind}'; choose one of: {kinds}")
        raise ConfigError(Sentence(message, kind=kind, kinds=join_list(known_kinds())))
    params: dict[str, str] = {}
    if rest.strip():
        for item in rest.split(","):
            key, eq, value = item.partition("=")
            key = key.strip()
            if not eq or not key:
                message = N_("agent parameter '{item}' in '{text}' is not of the form key=value")
                raise ConfigError(Sentence(message, item=item, text=text))
            if key in params:
                raise ConfigError(Sentence(N_("agent '{kind}': parameter '{key}' given twice"), kind=kind, key=key))
            params[key] = value.strip()
    allowed = AGENT_PARAMS.get(kind, frozenset())
    unknown = sorted(set(params) - allowed)
    if unknown:
        accepted = join_list(sorted(allowed)) or "-"
        message = N_("agent '{kind}' has no parameter '{key}' (accepted: {accepted})")
        raise ConfigError(Sentence(message, kind=kind, key=unknown[0], accepted=accepted))
    return AgentSpec(kind, params)


def split_agent_specs(text: str) -> list[str]:
    """Split a comma-separated list of agent specifications into its agents.

    Args:
        text: e.g. ``"ismcts:time=1,c=2,heuristic"``.

    Returns:
        The specifications in order, e.g. ``["ismcts:time=1,c=2", "heuristic"]``: a piece
        ``key=value`` without a ``:`` after an agent that has parameters stays inside that
        agent's parameters; empty pieces are dropped.  Nothing is checked here
        (:func:`parse_agent_spec` does that).
    """
    parts: list[str] = []
    for piece in text.split(","):
        if parts and "=" in piece and ":" not in piece and ":" in parts[-1]:
            parts[-1] += "," + piece
        elif piece.strip():
            parts.append(piece)
    return parts


def make_agent(spec: str | AgentSpec, seed: int = 0) -> Agent:
    """Build the computer agent of ``spec``, seeded.

    Raises:
        ConfigError: if the specification is invalid or names ``human`` (a front end seats
            humans itself).
    """
    parsed = parse_agent_spec(spec) if isinstance(spec, str) else spec
    if parsed.is_human:
        message = N_("a human seat is played through a front end (terminal or web), not built here")
        raise ConfigError(Sentence(message))
    agent = AGENT_FACTORIES[parsed.kind](parsed.params, seed)
    agent.name = str(parsed)
    return agent
