"""The few protocol buffer fields Anki's newer collections keep their note types' settings in, read by hand.

Only what the Anki reader asks for: a message's top-level fields by number, varints and length-delimited
bytes, with no schema. Anything that does not parse ends the reading; the fields read so far are kept.
"""

from __future__ import annotations

_VARINT, _FIXED64, _BYTES, _FIXED32 = 0, 1, 2, 5
_MOST_VARINT_BYTES = 10


def _varint(data: bytes, at: int) -> tuple[int, int]:
    """The varint starting at `at`, and where it ends; ValueError when it runs off the end or too long."""
    value = shift = 0
    for offset in range(_MOST_VARINT_BYTES):
        if at + offset >= len(data):
            raise ValueError("varint cut short")
        byte = data[at + offset]
        value |= (byte & 0x7F) << shift
        if not byte & 0x80:
            return value, at + offset + 1
        shift += 7
    raise ValueError("varint too long")


def message_fields(data: bytes) -> dict[int, list[int | bytes]]:
    """Each field number of a message with its values in order: integers for varints, bytes for the rest."""
    fields: dict[int, list[int | bytes]] = {}
    at = 0
    try:
        while at < len(data):
            key, at = _varint(data, at)
            number, wire = key >> 3, key & 7
            value: int | bytes
            if wire == _VARINT:
                value, at = _varint(data, at)
            elif wire == _BYTES:
                size, at = _varint(data, at)
                if at + size > len(data):
                    break
                value, at = data[at : at + size], at + size
            elif wire in (_FIXED64, _FIXED32):
                width = 8 if wire == _FIXED64 else 4
                value, at = data[at : at + width], at + width
            else:
                break  # groups, long deprecated, and anything else: nothing Anki writes
            fields.setdefault(number, []).append(value)
    except ValueError:
        pass
    return fields


def first_int(fields: dict[int, list[int | bytes]], number: int) -> int:
    """A varint field's value; 0 (protobuf's default) when the message has none."""
    values = [v for v in fields.get(number, []) if isinstance(v, int)]
    return values[0] if values else 0


def first_text(fields: dict[int, list[int | bytes]], number: int) -> str:
    """A string field's value; empty when the message has none."""
    values = [v for v in fields.get(number, []) if isinstance(v, bytes)]
    return values[0].decode("utf-8", "replace") if values else ""
