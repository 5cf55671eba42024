"""models.py is written by hand: this keeps it to clients/openapi.json, the document the server
serves (test/clients/generated.test.ts fails when that file is stale). Every TypedDict in models.py,
and the Speech dataclass, is mapped below to the schema it mirrors; its fields must be that
schema's properties, no more and no fewer. A new model with no mapping fails too."""
from __future__ import annotations

import dataclasses
import inspect
import json
import pathlib
from typing import Any, Callable, Dict, List, Set

import pytest

from voicelib import models

DOCUMENT: Dict[str, Any] = json.loads((pathlib.Path(__file__).resolve().parents[2] / "openapi.json").read_text("utf-8"))


def resolve(schema: Dict[str, Any]) -> Dict[str, Any]:
    while "$ref" in schema or "anyOf" in schema:
        if "$ref" in schema:
            schema = DOCUMENT["components"]["schemas"][schema["$ref"].rsplit("/", 1)[-1]]
        else:
            # A nullable object (`Optional[...]` in models.py): its object branch.
            schema = next(s for s in schema["anyOf"] if s.get("type") == "object" or "$ref" in s)
    return schema


def body(method: str, path: str, status: str = "200", *steps: str) -> Callable[[], Dict[str, Any]]:
    """The JSON body schema of a response, then into `steps`: a property name, or "[]" for items."""

    def find() -> Dict[str, Any]:
        schema = resolve(DOCUMENT["paths"][path][method]["responses"][status]["content"]["application/json"]["schema"])
        for step in steps:
            schema = resolve(schema["items"] if step == "[]" else schema["properties"][step])
        return schema

    return find


def component(name: str, *steps: str) -> Callable[[], Dict[str, Any]]:
    def find() -> Dict[str, Any]:
        schema = resolve(DOCUMENT["components"]["schemas"][name])
        for step in steps:
            schema = resolve(schema["items"] if step == "[]" else schema["properties"][step])
        return schema

    return find


# Each model of models.py and the wire schema it types.
SCHEMAS: Dict[str, Callable[[], Dict[str, Any]]] = {
    "ApiErrorBody": component("ErrorResponse", "error"),
    "Ping": body("get", "/api/v1/ping"),
    "Me": body("get", "/api/v1/me"),
    "Plan": body("get", "/api/v1/me", "200", "plan"),
    "Usage": body("get", "/api/v1/me", "200", "clones"),
    "Models": body("get", "/api/v1/models"),
    "Model": body("get", "/api/v1/models", "200", "models", "[]"),
    "Languages": body("get", "/api/v1/voices/languages"),
    "Language": body("get", "/api/v1/voices/languages", "200", "languages", "[]"),
    "Accent": body("get", "/api/v1/voices/languages", "200", "languages", "[]", "accents", "[]"),
    "Voice": component("Voice"),
    "Refinement": component("Voice", "refinement"),
    # The clones and designs pages: the voices page plus the slot counts.
    "VoicePage": body("get", "/api/v1/voices/clones"),
    "GenerationRecord": body("get", "/api/v1/tts", "200", "generations", "[]"),
    "HistoryPage": body("get", "/api/v1/tts"),
    "Captions": body("get", "/api/v1/tts/{id}/captions"),
    "WordTiming": body("get", "/api/v1/tts/{id}/captions", "200", "words", "[]"),
    "TextWarning": body("post", "/api/v1/tts", "200", "warnings", "[]"),
    "CloneResult": body("post", "/api/v1/voices/clones"),
    "DesignPreviews": body("post", "/api/v1/voices/designs/previews"),
    "Preview": body("post", "/api/v1/voices/designs/previews", "200", "previews", "[]"),
    "SavedDesign": body("post", "/api/v1/voices/designs"),
    "Deleted": body("delete", "/api/v1/tts/{id}"),
    # GET /api/v1/lexicons/{id} (format=json); POST and PUT answer the same (checked below).
    "Lexicon": body("get", "/api/v1/lexicons/{id}"),
    "LexiconEntry": body("get", "/api/v1/lexicons/{id}", "200", "entries", "[]"),
    "LexiconSummary": body("get", "/api/v1/lexicons", "200", "lexicons", "[]"),
    "Speech": body("post", "/api/v1/tts"),
}

# Speech decodes the answer: its fields named otherwise, and those that do not come from the body.
RENAMED: Dict[str, Dict[str, str]] = {"Speech": {"audio": "audio_base64"}}
NOT_IN_BODY: Dict[str, Set[str]] = {"Speech": {"engine", "raw"}}  # X-Voice-Engine; the body itself


def declared_models() -> List[str]:
    names = []
    for name, value in vars(models).items():
        # Private bases (the required half of a TypedDict with optional keys) are not models.
        if name.startswith("_") or not inspect.isclass(value) or value.__module__ != models.__name__:
            continue
        if hasattr(value, "__required_keys__") or dataclasses.is_dataclass(value):
            names.append(name)
    return sorted(names)


def fields(name: str) -> Set[str]:
    model = getattr(models, name)
    names = {f.name for f in dataclasses.fields(model)} if dataclasses.is_dataclass(model) else set(model.__annotations__)
    names -= NOT_IN_BODY.get(name, set())
    return {RENAMED.get(name, {}).get(field, field) for field in names}


def test_every_model_is_mapped_to_a_schema():
    assert declared_models() == sorted(SCHEMAS)


@pytest.mark.parametrize("name", sorted(SCHEMAS))
def test_model_fields_are_the_schema_properties(name: str):
    properties = set(SCHEMAS[name]()["properties"])
    declared = fields(name)
    assert (sorted(properties - declared), sorted(declared - properties)) == ([], []), (
        f"{name}: (in clients/openapi.json only, in models.py only)"
    )


def test_lexicon_writes_answer_a_lexicon():
    """lexicons.create, update, import_pls and replace_pls return Lexicon: the POST and PUT answers."""
    lexicon = set(SCHEMAS["Lexicon"]()["properties"])
    assert set(body("post", "/api/v1/lexicons", "201")()["properties"]) == lexicon
    assert set(body("put", "/api/v1/lexicons/{id}")()["properties"]) == lexicon


def test_the_check_sees_a_drift():
    """A property the document gained and the model lacks is reported."""
    schema = dict(SCHEMAS["Ping"]())
    schema["properties"] = {**schema["properties"], "new_field": {"type": "string"}}
    assert set(schema["properties"]) - fields("Ping") == {"new_field"}
