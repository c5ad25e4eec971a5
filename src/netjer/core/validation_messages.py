"""Pydantic's validation errors as catalogue sentences (issue 32): each error type a Netjer
model raises (a field missing or not accepted, a value of the wrong type, out of range, too
long, not one of the choices) is one message with the field's path as ``{field}``, so that the
server and the terminal can tell it in the reader's language.  The English messages keep
Pydantic's wording; an error type not listed here is told with a generic message naming it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from pydantic import BaseModel, ValidationError

from netjer.i18n import N_, Nn_, join_list
from netjer.i18n_sentences import Sentence, one_after_another

#: The value types Pydantic checks, by error type: the message saying which was expected.
_TYPES = {
    "int_type": N_("{field}: Input should be a valid integer"),
    "int_parsing": N_("{field}: Input should be a valid integer"),
    "int_from_float": N_("{field}: Input should be a valid integer"),
    "float_type": N_("{field}: Input should be a valid number"),
    "float_parsing": N_("{field}: Input should be a valid number"),
    "finite_number": N_("{field}: Input should be a finite number"),
    "string_type": N_("{field}: Input should be a valid string"),
    "bool_type": N_("{field}: Input should be a valid boolean"),
    "bool_parsing": N_("{field}: Input should be a valid boolean"),
    "dict_type": N_("{field}: Input should be a valid dictionary"),
    "model_type": N_("{field}: Input should be a valid dictionary"),
    "model_attributes_type": N_("{field}: Input should be a valid dictionary"),
    "list_type": N_("{field}: Input should be a valid list"),
    "tuple_type": N_("{field}: Input should be a valid list"),
    "none_required": N_("{field}: Input should be null"),
    "missing": N_("{field}: Field required"),
    "extra_forbidden": N_("{field}: Extra inputs are not permitted"),
    "string_pattern_mismatch": N_("{field}: Input does not have the expected form"),
}
#: Bounds, by error type: the message and the context entry holding the bound.
_BOUNDS = {
    "greater_than": (N_("{field}: Input should be greater than {bound}"), "gt"),
    "greater_than_equal": (N_("{field}: Input should be greater than or equal to {bound}"), "ge"),
    "less_than": (N_("{field}: Input should be less than {bound}"), "lt"),
    "less_than_equal": (N_("{field}: Input should be less than or equal to {bound}"), "le"),
}
#: Lengths, by error type: singular and plural messages and the context entry of the count.
_LENGTHS = {
    "string_too_short": (
        Nn_(
            "{field}: String should have at least {n} character",
            "{field}: String should have at least {n} characters",
        ),
        "min_length",
    ),
    "string_too_long": (
        Nn_(
            "{field}: String should have at most {n} character",
            "{field}: String should have at most {n} characters",
        ),
        "max_length",
    ),
    "too_short": (
        Nn_(
            "{field}: List should have at least {n} item",
            "{field}: List should have at least {n} items",
        ),
        "min_length",
    ),
    "too_long": (
        Nn_(
            "{field}: List should have at most {n} item",
            "{field}: List should have at most {n} items",
        ),
        "max_length",
    ),
}
#: A choice among listed values (``Literal``, an enum).
ONE_OF = N_("{field}: Input should be one of {values}")
#: A value another library's validator refused, in its own (English) words.
REFUSED = N_("{field}: the value is not accepted: {reason}")
#: Any other error type, named as Pydantic names it.
NOT_ACCEPTED = N_("{field}: the value is not accepted ({kind})")


class FieldProblem(ValueError):
    """What a validator of ours raises: a catalogue message about the field it checks, with
    ``{field}`` where the field's path goes (filled by :func:`problem_sentence`, which knows it).

    Attributes:
        message_id: the message (``N_("{field}: must be odd, got {value}")``).
        params: its other placeholders' values.
    """

    def __init__(self, message_id: str, /, **params: int | str) -> None:
        super().__init__(message_id.format(field="the value", **params))
        self.message_id = message_id
        self.params = dict(params)


#: The whole options (a check of several fields together), where no field is at fault.
WHOLE_OPTIONS = N_("(options)")
#: An option as the lobby shows it (its title, in the reader's language) and as it is typed.
OPTION_NAMED = N_("{title} (option {option})")
#: An item of a list, counted from 1 (Pydantic's location counts from 0).
ITEM = N_("{field}, item {position}")
#: A field inside another (a nested model's field, a union's member), named as it is typed.
INSIDE = N_("{field}, field {key}")


def option_titles(model: type[BaseModel]) -> dict[str, str]:
    """The titles of ``model``'s fields as its JSON Schema gives them to the lobby (Pydantic's
    ``"Guardian Slots"`` for ``guardian_slots``, or the ``title`` a field sets): English
    catalogue messages of the game's domain, by field name."""
    properties: Mapping[str, Any] = model.model_json_schema().get("properties", {})
    return {name: str(prop["title"]) for name, prop in properties.items() if "title" in prop}


def field_path(loc: Iterable[Any], titles: Mapping[str, str] | None = None) -> str:
    """A field's location (Pydantic's ``loc``) as the reader should see it: a field of
    ``titles`` by its translated title and its name (``Guardian Slots (option guardian_slots)``), an
    item of a list by its position counted from 1 (``…, item 1``), another field by its name;
    ``(options)`` for the whole.  A field's name is a value, never looked up in the catalogue.

    Args:
        loc: the error's location: field names and list indices (from 0).
        titles: the top-level fields' titles (:func:`option_titles`); none: names only.

    Returns:
        the place: a :class:`Sentence` to tell in the reader's language, or a field's name.
    """
    place: str | None = None
    for part in loc:
        if isinstance(part, int) and place is not None:
            place = Sentence(ITEM, field=place, position=part + 1)
        elif place is None:
            name = str(part)
            title = (titles or {}).get(name)
            place = Sentence(OPTION_NAMED, title=Sentence(title), option=name) if title else name
        else:
            place = Sentence(INSIDE, field=place, key=str(part))
    return place if place is not None else Sentence(WHOLE_OPTIONS)


def _choices(expected: str) -> list[str]:
    """The values of Pydantic's ``expected`` context (``"'a', 'b' or 'c'"``) as a list."""
    return [part for part in re.split(r", | or ", expected) if part]


def problem_sentence(error: Mapping[str, Any], field: str | Sentence) -> Sentence:
    """One entry of ``ValidationError.errors()`` as a sentence about ``field`` (its path as the
    reader should see it: a value, or a sentence told in the reader's language, :func:`field_path`),
    never echoing the input.

    The value error of a validator of ours is its own sentence when it raised one
    (``ValueError(Sentence(...))``), else Pydantic's English words, passed on as a value.
    """
    kind = str(error.get("type", ""))
    ctx: Mapping[str, Any] = error.get("ctx") or {}
    if kind in _TYPES:
        return Sentence(_TYPES[kind], field=field)
    if kind in _BOUNDS:
        message, key = _BOUNDS[kind]
        return Sentence(message, field=field, bound=str(ctx.get(key, "")))
    if kind in _LENGTHS:
        (singular, plural), key = _LENGTHS[kind]
        count = ctx.get(key)
        return Sentence(singular, plural, field=field, n=count if isinstance(count, int) else 0)
    if kind in ("literal_error", "enum") and isinstance(ctx.get("expected"), str):
        return Sentence(ONE_OF, field=field, values=join_list(_choices(ctx["expected"])))
    if kind == "value_error":
        cause = ctx.get("error")
        if isinstance(cause, FieldProblem):
            return Sentence(cause.message_id, field=field, **cause.params)
        reason = str(cause) if isinstance(cause, Exception) else str(error.get("msg", kind))
        return Sentence(REFUSED, field=field, reason=reason)
    return Sentence(NOT_ACCEPTED, field=field, kind=kind)


def validation_sentence(err: ValidationError, limit: int = 10, model: type[BaseModel] | None = None) -> Sentence:
    """Every problem of ``err`` (at most ``limit``) as one sentence, ``field: problem`` each,
    the fields of ``model`` (the options model ``err`` comes from) named by their titles
    (:func:`field_path`)."""
    problems: Sequence[Mapping[str, Any]] = err.errors()[:limit]
    titles = option_titles(model) if model is not None else None
    return one_after_another([problem_sentence(e, field_path(e["loc"], titles)) for e in problems])
