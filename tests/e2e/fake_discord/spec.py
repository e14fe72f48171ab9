"""Discord's OpenAPI description: every route's request schema, checked with jsonschema (Draft 2020-12)."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote

from jsonschema import Draft202012Validator, validators
from jsonschema.exceptions import ValidationError, best_match
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

SPEC_ENV = "BVUNZO_DISCORD_OPENAPI"
# Vendored with its licence (tests/vendor/discord-api), so every clone validates every request body.
_DEFAULT_SPEC = Path(__file__).resolve().parents[2] / "vendor" / "discord-api" / "openapi.json"
_URI = "urn:discord:openapi"
_MAX_ERRORS = 5


def spec_path() -> Path:
    return Path(os.environ.get(SPEC_ENV) or _DEFAULT_SPEC)


def _pointer(*parts: str) -> str:
    return "".join("/" + quote(p.replace("~", "~0").replace("/", "~1")) for p in parts)


def _where(error: ValidationError) -> str:
    path = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in error.absolute_path)
    return f"${path}"


_ONE_OF = Draft202012Validator.VALIDATORS["oneOf"]
_ANY_OF = Draft202012Validator.VALIDATORS["anyOf"]


def _one_of(validator: Any, one_of: list[Any], instance: Any, schema: Any) -> Iterator[ValidationError]:
    """Draft 2020-12's oneOf, the answer unchanged: when exactly one branch holds it has nothing to say,
    and the others need no list of errors to learn that they fail; otherwise its own words."""
    if _holding(validator, one_of, instance, stop_at=2) != 1:
        yield from _ONE_OF(validator, one_of, instance, schema)


def _any_of(validator: Any, any_of: list[Any], instance: Any, schema: Any) -> Iterator[ValidationError]:
    """Draft 2020-12's anyOf, the answer unchanged: silent when a branch holds, else its own words."""
    if not _holding(validator, any_of, instance, stop_at=1):
        yield from _ANY_OF(validator, any_of, instance, schema)


def _holding(validator: Any, branches: list[Any], instance: Any, *, stop_at: int) -> int:
    """How many branches the instance holds, counting no further than `stop_at`.

    Two shapes are decided without a validator: a list of constants (Discord's enums: ActionTypes has 79)
    and a branch whose object schema fixes its `type` field to values the instance's `type` is not
    (Discord's component and option unions), which cannot hold whatever else the instance has.
    """
    if all(_is_constant(branch) for branch in branches):
        return min(stop_at, sum(1 for branch in branches if _same(branch["const"], instance)))
    tag = instance.get("type") if isinstance(instance, dict) else None
    tagged = type(tag) is int
    holding = 0
    for branch in branches:
        if tagged and (allowed := _TYPE_TAGS.get(id(branch))) is not None and tag not in allowed:
            continue
        if validator.evolve(schema=branch).is_valid(instance):
            holding += 1
            if holding == stop_at:
                break
    return holding


_CONSTANT_KEYS = frozenset({"const", "title", "description"})


def _is_constant(branch: Any) -> bool:
    return isinstance(branch, dict) and "const" in branch and branch.keys() <= _CONSTANT_KEYS


def _same(constant: Any, instance: Any) -> bool:
    """JSON Schema's equality for the scalars Discord's enums hold: true is not 1, 1 is 1.0."""
    if isinstance(constant, bool) or isinstance(instance, bool):
        return type(constant) is type(instance) and constant == instance
    if isinstance(constant, (dict, list)) or isinstance(instance, (dict, list)):
        return False  # no enum of Discord's lists a structure: a structure is no scalar's equal
    return bool(constant == instance)


# id() of a union's branch `{"$ref": ...}` -> the integer `type` values its object schema allows. The
# document these belong to lives as long as the process (request_schemas keeps it), so ids stay its own.
_TYPE_TAGS: dict[int, frozenset[int]] = {}


def _note_type_tags(document: dict[str, Any]) -> None:
    schemas = document["components"]["schemas"]
    prefix = "#/components/schemas/"
    stack: list[Any] = [document]
    while stack:
        node = stack.pop()
        if isinstance(node, list):
            stack.extend(node)
            continue
        if not isinstance(node, dict):
            continue
        for key in ("oneOf", "anyOf"):
            for branch in node.get(key, ()) if isinstance(node.get(key), list) else ():
                ref = branch.get("$ref", "") if isinstance(branch, dict) else ""
                if len(branch) == 1 and ref.startswith(prefix):
                    target = schemas.get(ref.removeprefix(prefix), {})
                    enum = target.get("properties", {}).get("type", {}).get("enum")
                    if isinstance(enum, list) and enum and all(type(v) is int for v in enum):
                        _TYPE_TAGS[id(branch)] = frozenset(enum)
        stack.extend(node.values())


# Discord's components and embeds are oneOf/anyOf of many shapes: a body that holds makes jsonschema
# write out every error of every branch it does not take (most of a check's time) only to drop them.
_Checker = validators.extend(Draft202012Validator, {"oneOf": _one_of, "anyOf": _any_of})


class RequestSchemas:
    """Validators for request bodies, keyed by (method, path template), built on first use."""

    def __init__(self, document: dict[str, Any]) -> None:
        schemas = document["components"]["schemas"]
        # Discord takes snowflakes as numbers too, and discord.py sends some that way
        # (allowed_mentions.users, for one); the spec only lists the string form.
        schemas["SnowflakeType"] = {"anyOf": [schemas["SnowflakeType"], {"type": "integer", "minimum": 0}]}
        self._document = document
        _note_type_tags(document)
        self._registry: Registry[Any] = Registry().with_resource(
            _URI, Resource.from_contents(document, default_specification=DRAFT202012)
        )
        self._validators: dict[tuple[str, str], Draft202012Validator | None] = {}
        # What was found in each body already checked: every bot start sends the same command tree, and
        # checking it against the spec again (about half a second) would find the same thing again.
        self._found: dict[tuple[str, str, str], list[str]] = {}

    def has_route(self, template: str) -> bool:
        return template in self._document["paths"]

    def _validator(self, method: str, template: str) -> Draft202012Validator | None:
        key = (method.lower(), template)
        if key not in self._validators:
            operation = self._document["paths"].get(template, {}).get(key[0], {})
            content = operation.get("requestBody", {}).get("content", {})
            if "application/json" in content:
                ref = _pointer(
                    "paths", template, key[0], "requestBody", "content", "application/json", "schema"
                )
                self._validators[key] = self.validator_for(ref)
            else:
                self._validators[key] = None
        return self._validators[key]

    def response_errors(self, method: str, template: str, status: int, body: Any) -> list[str]:
        """What is wrong with a reply of the fake for that route and status, by the spec's response schema."""
        key = (f"{method.lower()} {status}", template)
        if key not in self._validators:
            operation = self._document["paths"].get(template, {}).get(method.lower(), {})
            content = operation.get("responses", {}).get(str(status), {}).get("content", {})
            self._validators[key] = None
            if "application/json" in content:
                parts = (
                    "paths",
                    template,
                    method.lower(),
                    "responses",
                    str(status),
                    "content",
                    "application/json",
                )
                self._validators[key] = self.validator_for(_pointer(*parts, "schema"))
        validator = self._validators[key]
        return [] if validator is None else _describe(validator, body)

    def validator_for(self, pointer: str) -> Draft202012Validator:
        return _Checker({"$ref": f"{_URI}#{pointer}"}, registry=self._registry)

    def request_errors(self, method: str, template: str, body: Any) -> list[str]:
        """What is wrong with the body for that route, one sentence each (empty: valid or no schema)."""
        validator = self._validator(method, template)
        if validator is None:
            return []
        key = (method.lower(), template, json.dumps(body, sort_keys=True))
        if key not in self._found:
            self._found[key] = _describe(validator, body)
        return list(self._found[key])

    def schema_errors(self, schema_name: str, instance: Any) -> list[str]:
        """Check anything against a named schema, e.g. the fake's own replies against MessageResponse."""
        return _describe(self.validator_for(_pointer("components", "schemas", schema_name)), instance)


def _describe(validator: Draft202012Validator, instance: Any) -> list[str]:
    found = []
    for error in validator.iter_errors(instance):
        # For anyOf/oneOf, best_match digs out the branch that came closest, not "matches none".
        deepest = best_match([error]) or error
        found.append(f"{_where(deepest)}: {deepest.message[:300]}")
        if len(found) == _MAX_ERRORS:
            break
    return found


_loaded: dict[Path, RequestSchemas | None] = {}


def request_schemas() -> RequestSchemas | None:
    """The schemas of the spec file, loaded once per process; None when the file is absent."""
    path = spec_path()
    if path not in _loaded:
        _loaded[path] = (
            RequestSchemas(json.loads(path.read_text(encoding="utf-8"))) if path.is_file() else None
        )
    return _loaded[path]


def unavailable_reason() -> str | None:
    if request_schemas() is None:
        return (
            f"Discord's OpenAPI file is missing at {spec_path()}: it is vendored in tests/vendor/discord-api "
            f"(or set {SPEC_ENV} to a copy), and no request body goes unchecked"
        )
    return None
