"""OpenSpiel adapter: every Netjer game registered as a Python game of ``pyspiel``.

Usage (needs the ``openspiel`` extra)::

    from netjer.adapters import openspiel
    game = openspiel.load_game("aton")                    # pyspiel.load_game("netjer_aton")
    game = openspiel.load_game("nile", columns=5, seed=7)
    pyspiel.random_sim_test(game, num_sims=5, serialize=True, verbose=False)

Importing this module registers ``netjer_<name>`` for every game of
:mod:`netjer.games.registry`; nothing here is specific to one game.

How our games are presented to OpenSpiel (docs/research.md has the full account):

* **Chance.** A Netjer state draws all its randomness (deals, shuffles, Aton's War) from a
  generator seeded once, at the start.  So the game opens with :data:`SEED_BYTES` chance
  nodes, each choosing one byte of the 64-bit seed uniformly (``max_chance_outcomes`` 256);
  after the eighth the kernel state is built and play begins.  Every later random event is a
  fixed function of that seed and the actions, exactly as if chance had drawn an infinite
  random tape at the start, so ``EXPLICIT_STOCHASTIC`` is truthful: ``apply_action`` is
  deterministic and every chance node lists its outcomes and probabilities.  No player sees
  the seed.  Game parameter ``seed`` (default -1) fixes the seed for a reproducible deal: each
  chance node then has a single outcome with probability 1.
* **Actions.** Player actions are the kernel's fixed integer codes
  (``Game.action_to_int``), so ``num_distinct_actions`` is the game's own.
* **Length.** ``max_game_length`` counts decisions (not chance nodes): the kernel game's
  proven ``max_game_length()`` when it has one (Dioses del Nilo), otherwise a measured cap
  (Aton: see :data:`netjer.adapters.common.MEASURED_LENGTHS`) beyond which the game is
  truncated and scored as a draw.  Parameter ``max_game_length`` lowers the cap.
* **Observations.** Strings and tensors come from ``observation(seat)`` alone (never the
  true state): the string is the observation's canonical JSON prefixed with the public move
  number; the tensor is :mod:`netjer.adapters.encoding`'s encoding of it.  The kernel's
  observation is cumulative (it carries the public log), so the information-state string
  is that same text; the information-state tensor is the observation tensor (a fixed-size
  summary that drops the text log).  Public observers (``private_info=NONE``) use the
  spectator view ``observation(None)``; ``ALL_PLAYERS`` is refused.
* **Resampling.** ``resample_from_infostate(p, sampler)`` returns a state whose kernel state
  is ``determinize(p, rng)`` with ``rng`` seeded from two draws of ``sampler``.  Like a
  determinization, the result has an empty OpenSpiel history: it is a position to search,
  not a game to replay.
* **Serialization.** A state pickles as its game record (options, seed, actions in
  notation), which replays to the identical state; a resampled state, which has no record,
  pickles its kernel state.
"""

from __future__ import annotations

import json
import pickle
from dataclasses import dataclass
from functools import cache
from typing import Any

import numpy as np

try:
    import pyspiel
except ImportError as err:  # pragma: no cover - depends on the installed extras
    raise ImportError("netjer.adapters.openspiel needs OpenSpiel: pip install 'netjer[openspiel]'") from err

from netjer.adapters.common import (
    Session,
    flat_param,
    length_bound,
    options_from_params,
    player_range,
    scalar_options,
    utility,
)
from netjer.adapters.encoding import Encoder, encoder_for
from netjer.core.errors import ConfigError, IllegalActionError, RecordError
from netjer.core.game import Game
from netjer.core.record import GameRecord
from netjer.core.rng import Rng
from netjer.core.state import TERMINAL, State
from netjer.games.registry import game_class, game_names, make_game

#: Prefix of our games' OpenSpiel names: ``netjer_aton``.
PREFIX = "netjer_"
#: Chance nodes at the start of a game, each choosing one byte of the seed.
SEED_BYTES = 8
#: Outcomes of each seed chance node.
BYTE_VALUES = 256
_CHANCE = int(pyspiel.PlayerId.CHANCE)
assert int(pyspiel.PlayerId.TERMINAL) == TERMINAL
#: Parameters the adapter adds to the game's own options.
RESERVED = frozenset({"seed", "max_game_length"})
#: Largest fixed seed: OpenSpiel's integer game parameters are 32-bit (``int``).
MAX_SEED = (1 << 31) - 1


@dataclass(frozen=True)
class Spec:
    """Everything a game instance's states share (built once per set of parameters).

    Attributes:
        name: the Netjer game name.
        game: the kernel game.
        encoder: the observation-tensor encoder.
        cap: the decision cap (proven bound or measured cap, maybe lowered by parameter).
        seed: the fixed seed, or ``None`` when chance draws it.
        params: the OpenSpiel parameters this spec was built from.
    """

    name: str
    game: Game
    encoder: Encoder
    cap: int
    seed: int | None
    params: tuple[tuple[str, Any], ...]


@cache
def _spec(name: str, params: tuple[tuple[str, Any], ...]) -> Spec:
    _, json_keys = scalar_options(name)
    flat = dict(params)
    game = make_game(name, options_from_params(flat, json_keys, set(RESERVED)))
    cap, _, _ = length_bound(game)
    wanted = int(flat.get("max_game_length", -1))
    if wanted == 0 or wanted < -1:
        raise ConfigError(f"max_game_length must be -1 (the game's own cap) or a positive number, got {wanted}")
    if wanted > 0:
        cap = min(cap, wanted)
    seed = int(flat.get("seed", -1))
    if not -1 <= seed <= MAX_SEED:
        raise ConfigError(f"seed must be -1 (drawn by chance) or 0 to {MAX_SEED}, got {seed}")
    return Spec(name, game, encoder_for(game), cap, seed if seed >= 0 else None, params)


def _key(params: dict[str, Any]) -> tuple[tuple[str, Any], ...]:
    return tuple(sorted(params.items()))


class _Payload:
    """The Python side of an OpenSpiel state (its only attribute, so cheap to copy).

    ``PyState::Clone`` deep-copies a state's attributes and ``Serialize`` pickles them: this
    class makes the copy a kernel ``clone()`` and the pickle a game record.
    """

    __slots__ = ("seed_bytes", "session", "spec")

    def __init__(self, spec: Spec, seed_bytes: list[int], session: Session | None) -> None:
        self.spec = spec
        self.seed_bytes = seed_bytes
        self.session = session

    def __deepcopy__(self, memo: dict[int, Any]) -> _Payload:
        session = self.session
        return _Payload(self.spec, list(self.seed_bytes), session.clone() if session is not None else None)

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        session = self.session
        spec = self.spec
        if session is None:
            return _restore, (spec.name, spec.params, list(self.seed_bytes), None, None, 0)
        state = session.state
        if len(state.history) == session.moves:
            record = GameRecord.from_state(state, ["openspiel"] * spec.game.num_players).to_json()
            return _restore, (spec.name, spec.params, list(self.seed_bytes), record, None, session.moves)
        # A determinization (resample_from_infostate) has no record: keep the kernel state.
        return _restore, (spec.name, spec.params, list(self.seed_bytes), None, pickle.dumps(state), session.moves)


def _restore(
    name: str,
    params: tuple[tuple[str, Any], ...],
    seed_bytes: list[int],
    record: str | None,
    pickled: bytes | None,
    moves: int,
) -> _Payload:
    """Rebuild a :class:`_Payload` from its pickle (a game record replays; see ``__reduce__``)."""
    spec = _spec(name, params)
    if record is not None:
        state: State = GameRecord.from_json(record).replay(spec.game)
        if len(state.history) != moves:
            raise RecordError(f"a serialized state of {moves} decisions holds a record of {len(state.history)}")
    elif pickled is not None:
        state = pickle.loads(pickled)
    else:
        return _Payload(spec, seed_bytes, None)
    return _Payload(spec, seed_bytes, Session(spec.game, state, moves, spec.cap))


def _outcome_text(outcomes: list[int]) -> str:
    return "0 to 255" if len(outcomes) == BYTE_VALUES else " ".join(map(str, outcomes)) + " (the fixed seed's byte)"


def _check_seat(player: Any, players: int) -> None:
    """Raise ValueError unless ``player`` is a seat number 0 .. ``players`` - 1."""
    if isinstance(player, bool) or not isinstance(player, int | np.integer) or not 0 <= player < players:
        raise ValueError(f"no seat {player!r}: the seats are 0 to {players - 1}")


def _draw(sampler: Any) -> int:
    """32 random bits from one draw of an OpenSpiel probability sampler (a float in [0, 1))."""
    u = sampler()
    if isinstance(u, bool) or not isinstance(u, int | float | np.floating) or not 0 <= u < 1:
        raise ValueError(f"the probability sampler must return numbers in [0, 1), got {u!r}")
    return int(u * (1 << 32))


def _check_payload(spec: Spec, payload: Any, history: list[int]) -> None:
    """Check a deserialized payload against the deserializing game (``spec``) and the
    OpenSpiel history already restored (see :meth:`NetjerState.__setattr__`)."""
    if not isinstance(payload, _Payload):
        raise RecordError(f"the serialized data is not a Netjer state (got {type(payload).__name__})")
    other = payload.spec
    if other is not spec and (other.name, other.game.options_dict(), other.cap, other.seed) != (
        spec.name,
        spec.game.options_dict(),
        spec.cap,
        spec.seed,
    ):
        raise RecordError(
            f"a state of another game or other options ({PREFIX}{other.name}, {dict(other.params)}) "
            f"cannot be deserialized by {PREFIX}{spec.name} ({dict(spec.params)})"
        )
    if not history:
        return  # a new initial state, or a resampled one (no history)
    session = payload.session
    moves = session.moves if session is not None else 0
    expected = list(payload.seed_bytes)
    if session is not None and len(session.state.history) == moves:
        code = spec.game.action_to_int
        expected += [code(a) for a in session.state.history]
    if len(history) != len(payload.seed_bytes) + moves or history[: len(expected)] != expected:
        raise RecordError(
            f"the serialized history ({len(history)} actions) disagrees with the serialized state "
            f"({len(payload.seed_bytes)} seed bytes and {moves} decisions)"
        )


class NetjerState(pyspiel.State):  # type: ignore[misc]  # pyspiel has no type stubs
    """An OpenSpiel state wrapping a kernel state (see the module docstring).

    Seat numbers are the kernel's; chance is ``pyspiel.PlayerId.CHANCE`` during the
    :data:`SEED_BYTES` seed draws, ``TERMINAL`` once the game is over or truncated.
    """

    def __init__(self, game: NetjerGame, spec: Spec) -> None:
        super().__init__(game)
        self._p = _Payload(spec, [], None)

    def __setattr__(self, name: str, value: Any) -> None:
        """Attributes are set directly only by ``__init__``, :meth:`resample_from_infostate`
        and OpenSpiel's ``deserialize_state`` (which sets the unpickled ``_p`` on a new
        initial state of the deserializing game, after its history): a ``_p`` replacing
        another must be a state of the same game and options, agreeing with the history.

        Raises:
            RecordError: for a serialized state of another game or other options, or one
                whose history disagrees with it (nothing is changed).
        """
        if name == "_p":
            current = self.__dict__.get("_p")
            if current is not None:
                _check_payload(current.spec, value, self.history())
        super().__setattr__(name, value)

    # --- pyspiel.State API ---------------------------------------------------------------

    def current_player(self) -> int:
        """The seat to act, ``CHANCE`` while the seed is drawn, or ``TERMINAL``."""
        session = self._p.session
        if session is None:
            return _CHANCE
        return session.current_player  # TERMINAL (-4) is OpenSpiel's value too

    def is_terminal(self) -> bool:
        """True once the game has ended (or was truncated at the length cap)."""
        session = self._p.session
        return session is not None and session.over

    def _legal_actions(self, player: int) -> list[int]:
        session = self._p.session
        assert session is not None
        return session.legal_codes()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The next seed byte: uniform over 0-255, or the fixed seed's byte with probability 1."""
        payload = self._p
        seed = payload.spec.seed
        if seed is not None:
            return [((seed >> (8 * len(payload.seed_bytes))) & 0xFF, 1.0)]
        p = 1.0 / BYTE_VALUES
        return [(b, p) for b in range(BYTE_VALUES)]

    def _apply_action(self, action: int) -> None:
        payload = self._p
        session = payload.session
        if session is not None:
            session.apply_code(action)
            return
        outcomes = [b for b, _ in self.chance_outcomes()]
        if not (0 <= action < BYTE_VALUES and (len(outcomes) == BYTE_VALUES or action in outcomes)):
            raise IllegalActionError(
                f"seed byte {action}",
                "OpenSpiel adapter: the seed draw",
                f"chance's outcomes here are {_outcome_text(outcomes)}",
            )
        payload.seed_bytes.append(int(action))
        if len(payload.seed_bytes) == SEED_BYTES:
            seed = int.from_bytes(bytes(payload.seed_bytes), "little")
            spec = payload.spec
            payload.session = Session(spec.game, spec.game.new_initial_state(seed), 0, spec.cap)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == _CHANCE:
            return f"seed byte {len(self._p.seed_bytes) + 1}: {action}"
        session = self._p.session
        if session is not None:
            return str(session.action(action))
        return str(self._p.spec.game.int_to_action(action))

    def returns(self) -> list[float]:
        """The kernel's returns at the end; zeros before it and after a truncation."""
        session = self._p.session
        if session is None:
            return [0.0] * self._p.spec.game.num_players
        return session.returns()

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> NetjerState:
        """A state of ``player_id``'s information set, hidden facts re-drawn (``determinize``).

        Args:
            player_id: the seat whose information set is kept.
            probability_sampler: a callable returning floats in ``[0, 1)``; two draws seed
                the determinization's generator.

        Raises:
            ValueError: if ``player_id`` is not a seat, or the sampler returns something
                other than a number in ``[0, 1)``.
        """
        payload = self._p
        spec = payload.spec
        _check_seat(player_id, spec.game.num_players)
        bits = (_draw(probability_sampler) << 32) | _draw(probability_sampler)
        new = NetjerState(self.get_game(), spec)
        session = payload.session
        if session is None:
            # No seat has seen anything yet: any seed is consistent with what they know,
            # unless the seed is a fixed (public) parameter.
            rng = Rng(bits)
            drawn = len(payload.seed_bytes)
            new._p.seed_bytes = (
                list(payload.seed_bytes) if spec.seed is not None else [rng.below(BYTE_VALUES) for _ in range(drawn)]
            )
            return new
        det = session.state.determinize(player_id, Rng(bits))
        new._p = _Payload(spec, list(payload.seed_bytes), Session(spec.game, det, session.moves, session.cap))
        return new

    def __str__(self) -> str:
        """The full state (hidden information included) as JSON, for debugging and tests."""
        payload = self._p
        session = payload.session
        if session is None:
            return f"seed bytes drawn: {payload.seed_bytes}"
        return json.dumps({"moves": session.moves, "state": session.state.full_state()}, sort_keys=True)

    # --- conveniences ----------------------------------------------------------------------

    @property
    def kernel_state(self) -> State | None:
        """The wrapped kernel state (``None`` while the seed is drawn).  It holds hidden
        information: agents must use observations."""
        session = self._p.session
        return session.state if session is not None else None


class NetjerObserver:
    """OpenSpiel's Python observer interface, built from ``observation(seat)`` only.

    Args:
        spec: the game instance's spec.
        iig_obs_type: what to observe; ``None`` means the seat's own view.  Private info
            ``NONE`` gives the public view; ``ALL_PLAYERS`` is refused (it would reveal every
            hand); perfect recall or not gives the same content (the observation carries the
            public log).
        params: must be empty.

    Raises:
        ValueError: for parameters or an observation type the adapter cannot honour.
    """

    def __init__(self, spec: Spec, iig_obs_type: Any = None, params: dict[str, Any] | None = None) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported; got {params}")
        self.public_only = False
        if iig_obs_type is not None:
            if iig_obs_type.private_info == pyspiel.PrivateInfoType.ALL_PLAYERS:
                raise ValueError("an observer of every player's private information would reveal hidden information")
            if not iig_obs_type.public_info:
                raise ValueError("observations without the public information are not supported")
            self.public_only = iig_obs_type.private_info == pyspiel.PrivateInfoType.NONE
        self.spec = spec
        self.tensor = np.zeros(spec.encoder.size, np.float32)
        self.dict = {"observation": self.tensor}

    def _observation(self, state: NetjerState, player: int) -> dict[str, Any] | None:
        _check_seat(player, self.spec.game.num_players)
        session = state._p.session
        if session is None:
            return None
        return session.observation(None if self.public_only else player)

    def set_from(self, state: NetjerState, player: int) -> None:
        """Fill :attr:`tensor` with ``player``'s view of ``state`` (zeros during the seed draw).

        Raises:
            ValueError: if ``player`` is not a seat of the game (OpenSpiel's C++ checks the
                seat of ``observation_tensor`` and the like, but a Python observer is also
                called directly).
        """
        obs = self._observation(state, player)
        if obs is None:
            self.tensor.fill(0.0)
            return
        self.tensor[:] = self.spec.encoder.encode_array(obs)

    def string_from(self, state: NetjerState, player: int) -> str:
        """``player``'s view as text: ``"move N "`` and the canonical JSON observation.

        Raises:
            ValueError: if ``player`` is not a seat of the game.
        """
        obs = self._observation(state, player)
        if obs is None:
            return f"dealing: {len(state._p.seed_bytes)} of {SEED_BYTES} seed bytes drawn"
        session = state._p.session
        assert session is not None
        return f"move {session.moves} " + json.dumps(obs, sort_keys=True, separators=(",", ":"))


class NetjerGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel has no type stubs
    """An OpenSpiel game for one Netjer game and a set of parameters.

    :func:`register` makes one subclass per Netjer game, with :attr:`netjer_name` set, and
    registers the class itself as the creator (a class, unlike a closure, is never freed
    while the interpreter shuts down, which would crash OpenSpiel's registry).

    Args:
        params: OpenSpiel parameters: the game's options plus ``seed`` and
            ``max_game_length`` (see the module docstring).

    Raises:
        ConfigError: for a bad option.
    """

    #: the Netjer game this class plays (set on the per-game subclasses).
    netjer_name: str = ""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        name = self.netjer_name
        _, coded = scalar_options(name)
        params = {k: (flat_param(k, v, coded) if coded.get(k) == "text" else v) for k, v in (params or {}).items()}
        spec = _spec(name, _key(params))
        kind, low, high = utility(name)
        info = pyspiel.GameInfo(
            num_distinct_actions=spec.game.num_distinct_actions,
            max_chance_outcomes=BYTE_VALUES,
            num_players=spec.game.num_players,
            min_utility=low,
            max_utility=high,
            utility_sum=0.0 if kind == "zero_sum" else None,
            max_game_length=spec.cap,
        )
        super().__init__(game_type(name), info, params)
        self.spec = spec

    def new_initial_state(self) -> NetjerState:
        """The state before the seed draw (a chance node)."""
        return NetjerState(self, self.spec)

    def make_py_observer(self, iig_obs_type: Any = None, params: dict[str, Any] | None = None) -> NetjerObserver:
        """An observer (see :class:`NetjerObserver`)."""
        return NetjerObserver(self.spec, iig_obs_type, params)

    def max_chance_nodes_in_history(self) -> int:
        """The seed draw: :data:`SEED_BYTES` chance nodes."""
        return SEED_BYTES


@cache
def game_type(name: str) -> Any:
    """The ``pyspiel.GameType`` of Netjer game ``name`` (see the module docstring)."""
    cls = game_class(name)
    low, high = player_range(name)
    kind, _, _ = utility(name)
    defaults, _ = scalar_options(name)
    params: dict[str, Any] = {**defaults, "seed": -1, "max_game_length": -1}
    return pyspiel.GameType(
        short_name=PREFIX + name,
        long_name=f"Netjer: {cls.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=(pyspiel.GameType.Utility.ZERO_SUM if kind == "zero_sum" else pyspiel.GameType.Utility.GENERAL_SUM),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=high,
        min_num_players=low,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=params,
    )


#: The per-game subclasses of NetjerGame, by Netjer name.
GAME_CLASSES: dict[str, type[NetjerGame]] = {}


def register(name: str) -> str:
    """Register Netjer game ``name`` with OpenSpiel (once); return its OpenSpiel name.

    Raises:
        ConfigError: for an unknown game.
    """
    short = PREFIX + name
    if short not in pyspiel.registered_names():
        game_class(name)  # unknown name: ConfigError
        qualname = f"NetjerGame_{name}"
        cls = type(qualname, (NetjerGame,), {"netjer_name": name, "__module__": __name__, "__qualname__": qualname})
        # pybind11 pickles a Python game as its class (looked up by module and qualified
        # name) and its game string, so the class must be an attribute of this module.
        globals()[qualname] = cls
        GAME_CLASSES[name] = cls
        pyspiel.register_game(game_type(name), cls)
    return short


def register_all() -> list[str]:
    """Register every Netjer game; return their OpenSpiel names."""
    return [register(name) for name in game_names()]


def load_game(name: str, **params: Any) -> Any:
    """``pyspiel.load_game`` for Netjer game ``name`` (registering it if needed).

    Args:
        name: a Netjer game name (``"aton"``) or its OpenSpiel name (``"netjer_aton"``).
        params: game options and the adapter's ``seed`` / ``max_game_length``.  A list
            option may be given as a list (``guardian_slots=[2, 4, 5]``) or in its flat
            form (``"2;4;5"``), a string option with commas as it is (``gods="ra,isis"``),
            as a list of its items or in its flat form (``"ra;isis"``), any other
            non-scalar option as its value or its flat JSON.

    Raises:
        ConfigError: for an unknown game, a bad option, a list given to a single-valued
            option, a ``seed`` outside -1 to :data:`MAX_SEED` or a ``max_game_length``
            that is neither -1 nor positive.
    """
    name = name.removeprefix(PREFIX)
    short = register(name)
    _, coded = scalar_options(name)
    for key in RESERVED & params.keys():
        value = params[key]
        if isinstance(value, int) and not isinstance(value, bool) and not -(1 << 31) <= value < 1 << 31:
            raise ConfigError(f"{key} must fit OpenSpiel's 32-bit integer parameters, got {value}")
    flat = {key: flat_param(key, value, coded) for key, value in params.items()}
    return pyspiel.load_game(short, flat)


register_all()
