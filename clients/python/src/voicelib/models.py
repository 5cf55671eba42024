"""Wire shapes of the voicelib API (snake_case, as served). Responses are plain dicts typed here."""
from __future__ import annotations

import base64
from dataclasses import dataclass, field
from typing import Any, Dict, List, Literal, Optional, TypedDict

GenerationStatus = Literal["pending", "ready", "failed"]
AudioFormat = Literal["MP3", "WAV", "FLAC", "OGG_OPUS", "LINEAR16", "PCM", "ALAW", "MULAW"]


class _ApiErrorRequired(TypedDict):
    code: str
    message: str


class ApiErrorBody(_ApiErrorRequired, total=False):
    retryable: bool  # only on 502: whether retrying may succeed


class TextWarning(TypedDict):
    """Markup removed or not applied (docs/text.md, "Warnings"): the request still succeeded."""

    code: str
    message: str


class Ping(TypedDict):
    ok: bool
    points: int
    unit: str


class Usage(TypedDict):
    used: int
    limit: int


class Plan(TypedDict):
    name: str
    api_access: bool
    clone_slots: int
    design_slots: int


class Me(TypedDict):
    account_id: str
    plan: Plan
    points: int
    clones: Usage
    designs: Usage
    workspace: Optional[Dict[str, str]]


class Model(TypedDict):
    key: str
    label: str
    steerable: bool
    costMultiplier: float
    supportsTemperature: bool
    supportsDeliveryMode: bool
    description: str


class Models(TypedDict):
    default: str
    models: List[Model]


class Accent(TypedDict):
    name: str
    code: str


class Language(TypedDict):
    name: str
    code: str
    experimental: bool
    accents: List[Accent]
    # What speaks the language on this server (v-pro): a neural or basic engine, None without one.
    tier: Optional[Literal["neural", "basic"]]
    # How well a speech recognizer understood that engine there (docs/voices.md): keys class
    # ("good", "fair", "poor", "unmeasured"), error_rate, metric ("wer", "cer"), engine.
    intelligibility: Dict[str, Any]
    # The language synthesized: the language itself, or the closest one an engine speaks.
    spoken_as: Optional[str]


class Languages(TypedDict):
    languages: List[Language]
    sample_limits: Dict[str, Any]


class Refinement(TypedDict):
    """A clone's background identity search (docs/voices.md, "Refinement")."""

    status: Literal["queued", "running", "done", "failed"]
    similarity: Optional[float]  # speaker similarity of the best fit so far, None before the first
    updated_at: str


class Voice(TypedDict, total=False):
    id: str
    slug: str
    name: str
    type: Literal["preset", "clone", "designed"]
    languages: List[str]
    language_code: str
    accent: str
    category: str
    description: str
    gender: str
    age: str
    tags: List[str]
    created_at: str
    preview_url: str
    refinement: Optional[Refinement]  # clones only; None where it cannot run


class VoicePage(TypedDict, total=False):
    voices: List[Voice]
    total: int
    count: int
    offset: int
    has_more: bool
    used: int  # clones and designs pages only: slots in use
    limit: int  # ... and slots on the plan


class GenerationRecord(TypedDict, total=False):
    """One generation as GET /api/v1/tts/{id} and the history list describe it."""

    id: str
    status: GenerationStatus
    audio_url: Optional[str]
    stream_url: str
    captions_url: str
    format: str
    model: str
    voice_id: str
    characters: int
    points_used: int
    text: Optional[str]  # None on generations made before the service kept the text
    created_at: str
    error: ApiErrorBody


class HistoryPage(TypedDict):
    generations: List[GenerationRecord]
    has_more: bool
    next_cursor: Optional[str]


class WordTiming(TypedDict):
    word: str
    start: float
    end: float


class Captions(TypedDict):
    id: str
    mode: str
    duration: float
    srt: str
    words: List[WordTiming]


class CloneResult(TypedDict, total=False):
    id: str
    name: str
    type: Literal["clone"]
    languages: List[str]
    created_at: str
    used: int
    limit: int
    audio_notes: List[str]
    refinement: Optional[Refinement]


class Preview(TypedDict, total=False):
    preview_id: str
    text: str
    preview_url: str
    audio_base64: str


class DesignPreviews(TypedDict):
    previews: List[Preview]
    points_used: int
    expires_in: int


class SavedDesign(TypedDict):
    id: str
    name: str
    type: Literal["designed"]
    languages: List[str]
    created_at: str
    preview_url: str
    used: int
    limit: int


class Deleted(TypedDict):
    ok: bool
    id: str
    deleted: bool


class _LexiconEntryRequired(TypedDict):
    text: str  # the written form: a word or several, matched on whole words


class LexiconEntry(_LexiconEntryRequired, total=False):
    """One pronunciation: exactly one of ``alias`` (other words spoken) and ``ipa``."""

    alias: str
    ipa: str
    case_sensitive: bool  # default False


class Lexicon(TypedDict):
    """A pronunciation lexicon (docs/text.md, "Lexicons")."""

    lexicon_id: str
    name: str
    language: str
    workspace_id: Optional[str]  # shared with this workspace's members, or None (private)
    owner_account_id: str
    created_at: str
    updated_at: str
    entries: List[LexiconEntry]


class LexiconSummary(TypedDict):
    """A lexicon as GET /api/v1/lexicons lists it: its entries counted, not given."""

    lexicon_id: str
    name: str
    language: str
    workspace_id: Optional[str]
    owner_account_id: str
    created_at: str
    updated_at: str
    entry_count: int


@dataclass
class Speech:
    """POST /api/v1/tts's answer with the audio decoded and the engine that spoke."""

    id: str
    status: GenerationStatus
    audio: bytes
    format: str
    model: str
    points_used: int
    stream_url: str
    captions_url: str
    audio_url: Optional[str] = None
    engine: Optional[str] = None
    captions: Optional[str] = None
    warnings: List[TextWarning] = field(default_factory=list)
    raw: Dict[str, Any] = field(default_factory=dict, repr=False)

    @classmethod
    def from_json(cls, body: Dict[str, Any], engine: Optional[str]) -> "Speech":
        data = str(body["audio_base64"]).split(",", 1)[-1]
        return cls(
            id=body["id"],
            status=body["status"],
            audio=base64.b64decode(data),
            format=body["format"],
            model=body["model"],
            points_used=body["points_used"],
            stream_url=body["stream_url"],
            captions_url=body["captions_url"],
            audio_url=body.get("audio_url"),
            engine=engine,
            captions=body.get("captions"),
            warnings=list(body.get("warnings", [])),
            raw=body,
        )
