"""Writes what pydantic v2 gives as the JSON Schema of some tool-argument models, one
schema per file, and next to each a JSONL of argument objects with pydantic's own
verdict on them: `python3 generate.py ../../../tests/data/generators`.

The cases try, for every numeric field, each end of its bounds (`ge`/`le`/`gt`/`lt`,
from the field's metadata) and the first value beyond, or for a field without bounds a
few plain values; the verdict is `Model.model_validate_json(text)`, not a validator of
ours.
"""

import enum
import json
import sys
from pathlib import Path
from typing import Annotated, Literal, Optional, Union

import annotated_types
from pydantic import BaseModel, Field, ValidationError, conint, confloat


class BookFlight(BaseModel):
    """Book a flight for some passengers."""

    origin: str = Field(description="IATA code of the departure airport")
    passengers: conint(ge=1, le=9)
    max_price: Optional[float] = None
    seat_row: int = Field(default=10, ge=1, le=60)
    infants: Annotated[int, Field(ge=0, lt=3)] = 0


class Search(BaseModel):
    """Search the catalogue."""

    query: str
    limit: Optional[int] = Field(default=None, ge=1, le=100)
    offset: int = 0
    min_score: float = Field(default=0.0, ge=0.0, le=1.0)
    page_size: Annotated[int, Field(gt=0, lt=50)] = 20
    boost: Optional[float] = None


class Priority(str, enum.Enum):
    low = "low"
    normal = "normal"
    high = "high"


class Item(BaseModel):
    sku: str
    quantity: conint(gt=0)
    unit_price: confloat(ge=0)


class PlaceOrder(BaseModel):
    """Place an order."""

    items: list[Item]
    priority: Priority = Priority.normal
    discount_percent: Optional[conint(ge=0, le=100)] = None


class Point(BaseModel):
    x: int
    y: int


class Insert(BaseModel):
    action: Literal["insert"]
    text: str


class Delete(BaseModel):
    action: Literal["delete"]
    count: conint(ge=1)


class Undo(BaseModel):
    """Undo the last edit."""

    action: Literal["undo"]


class EditDoc(BaseModel):
    """Edit a document: one action per call."""

    doc_id: str
    edit: Annotated[Union[Insert, Delete, Undo], Field(discriminator="action")]
    anchor: Optional[Point] = None
    retries: conint(ge=0, le=5) = 0


MODELS = [
    ("pydantic_book_flight", BookFlight,
     {"origin": "LHR", "passengers": 2, "max_price": None, "seat_row": 10, "infants": 0}),
    ("pydantic_search", Search,
     {"query": "lamp", "limit": None, "offset": 0, "min_score": 0.0, "page_size": 20,
      "boost": None}),
    ("pydantic_place_order", PlaceOrder,
     {"items": [{"sku": "A-1", "quantity": 1, "unit_price": 2.5}], "priority": "normal",
      "discount_percent": None}),
    ("pydantic_edit_doc", EditDoc,
     {"doc_id": "d1", "edit": {"action": "delete", "count": 2}, "anchor": {"x": 1, "y": 2},
      "retries": 0}),
]

HOLE = "\u0001HOLE\u0001"


def numeric_fields(model, prefix=""):
    """(JSON pointer, python type, bounds) of every numeric field, nested models too."""
    for name, info in model.model_fields.items():
        ann = info.annotation
        args = getattr(ann, "__args__", ())
        if getattr(ann, "__origin__", None) is list and isinstance(args[0], type) \
                and issubclass(args[0], BaseModel):
            yield from numeric_fields(args[0], f"{prefix}/{name}/0")
            continue
        inner = [a for a in args if a is not type(None)] if args else [ann]
        base = inner[0] if inner else ann
        metadata = list(info.metadata) + list(getattr(base, "__metadata__", ()))
        origin = getattr(base, "__origin__", base)
        # conint/confloat are Annotated[int, ...]: their bounds are in __metadata__.
        for m in getattr(base, "__metadata__", ()):
            metadata.extend(getattr(m, "metadata", []) or [])
        if origin in (int, float):
            bounds = {}
            for m in metadata:
                for key in ("ge", "le", "gt", "lt"):
                    v = getattr(m, key, None)
                    if v is not None:
                        bounds[key] = v
            yield f"{prefix}/{name}", origin, bounds, type(None) in args


def values(py, bounds, nullable):
    """Values to try: each bound, the first beyond, or plain values without bounds."""
    step = 1 if py is int else 0.5
    out = []
    for key, v in bounds.items():
        out.append((v, f"{key} {v}"))
        out.append((v - step if key in ("ge", "gt") else v + step, f"beyond {key}"))
        if key in ("gt", "lt"):
            out.append((v + step if key == "gt" else v - step, f"inside {key}"))
    if not bounds:
        if py is int:
            out += [(0, "zero"), (-1, "negative"), (2**63, "beyond i64")]
            # Not 2**64: pydantic takes it, but a JSON reader without arbitrary precision
            # reads it as a float (see tests/data/generators/README.md).
        else:
            out += [(0.25, "a fraction"), (1e308, "large"), (-1e308, "large negative")]
    if py is int:
        out.append((1.5, "not an integer"))
    if nullable:
        out.append((None, "None"))
    return out


def write(out_dir, name, model, base):
    schema = model.model_json_schema()
    (out_dir / f"{name}.json").write_text(json.dumps(schema, indent=2) + "\n")
    lines = []
    for at, py, bounds, nullable in numeric_fields(model):
        doc = json.loads(json.dumps(base))
        parent = doc
        keys = at.strip("/").split("/")
        for k in keys[:-1]:
            parent = parent[int(k)] if isinstance(parent, list) else parent[k]
        parent[keys[-1]] = HOLE
        template = json.dumps(doc, separators=(",", ":"))
        hole = json.dumps(HOLE)
        for value, why in values(py, bounds, nullable):
            text = template.replace(hole, json.dumps(value))
            try:
                model.model_validate_json(text)
                valid = True
            except ValidationError:
                valid = False
            lines.append(json.dumps({"field": at, "type": py.__name__, "value": json.dumps(value),
                                     "why": why, "valid": valid, "text": text},
                                    separators=(",", ":")))
    (out_dir / f"{name}.cases.jsonl").write_text("".join(line + "\n" for line in lines))


def main():
    out_dir = Path(sys.argv[1])
    out_dir.mkdir(parents=True, exist_ok=True)
    for name, model, base in MODELS:
        model.model_validate(base)
        write(out_dir, name, model, base)


if __name__ == "__main__":
    main()
