"""Blocking client: ``with Client(url, api_key=...) as vl: vl.tts.create(...)``."""
from __future__ import annotations

from typing import Any, Iterator, List, Optional, Sequence

import httpx

from . import _calls as calls
from .models import (
    Captions, CloneResult, Deleted, DesignPreviews, GenerationRecord, HistoryPage, Languages, Lexicon,
    LexiconEntry, LexiconSummary, Me, Models, Ping, SavedDesign, Speech, Voice, VoicePage,
)

DEFAULT_TIMEOUT = httpx.Timeout(300.0, connect=10.0)  # seconds: long texts synthesize for a while


class SpeechStream:
    """POST /api/v1/tts/stream as it arrives: iterate for byte chunks; close (or ``with``) when done."""

    def __init__(self, response: httpx.Response) -> None:
        self._response = response
        self.generation_id: Optional[str] = response.headers.get("x-generation-id")
        self.content_type: Optional[str] = response.headers.get("content-type")
        self.engine: Optional[str] = response.headers.get("x-voice-engine")

    def __iter__(self) -> Iterator[bytes]:
        try:
            yield from self._response.iter_bytes()
        finally:
            self._response.close()

    def close(self) -> None:
        self._response.close()

    def __enter__(self) -> "SpeechStream":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()


class _Tts:
    def __init__(self, client: "Client") -> None:
        self._c = client

    def create(self, text: str, voice: str, **options: Any) -> Speech:
        """Synthesizes; options as the API: model, format, speed, temperature, captions,
        lexicon_ids (up to 3 lexicon ids, the first listed winning)..."""
        return self._c._run(calls.tts_create(text, voice, options))

    def get(self, generation_id: str) -> GenerationRecord:
        return self._c._run(calls.tts_get(generation_id))

    def audio(self, generation_id: str, range: Optional[str] = None) -> bytes:
        """The stored audio; ``range`` as in HTTP (``bytes=0-99``)."""
        return self._c._run(calls.tts_audio(generation_id, range))

    def captions(self, generation_id: str, **query: Any) -> str:
        """SRT text; query: mode (phrase|word), max_words, uppercase."""
        return self._c._run(calls.tts_captions(generation_id, "srt", query))

    def captions_json(self, generation_id: str, **query: Any) -> Captions:
        return self._c._run(calls.tts_captions(generation_id, "json", query))

    def delete(self, generation_id: str) -> Deleted:
        return self._c._run(calls.tts_delete(generation_id))

    def stream(self, text: str, voice: str, **options: Any) -> SpeechStream:
        """The audio while it is synthesized (options as create, lexicon_ids included).
        Refusals raise here, before any byte is read."""
        http = self._c._http
        request = http.build_request("POST", "/api/v1/tts/stream", json=calls.tts_body(text, voice, options))
        response = http.send(request, stream=True)
        if response.is_error:
            response.read()
            response.close()
            calls.check(response)
        return SpeechStream(response)

    def list(self, **query: Any) -> HistoryPage:
        """One page of history, newest first; query: limit, cursor, voice_id, model, status."""
        return self._c._run(calls.tts_list(query))

    def history(self, **query: Any) -> Iterator[GenerationRecord]:
        """Every generation matching the query, newest first, fetching pages as needed."""
        while True:
            page = self.list(**query)
            yield from page["generations"]
            if not page["has_more"] or not page.get("next_cursor"):
                return
            query = {**query, "cursor": page["next_cursor"]}


class _Voices:
    def __init__(self, client: "Client") -> None:
        self._c = client

    def list(self, **query: Any) -> VoicePage:
        """query: limit, offset, q (filter on id, slug, name), type (preset|clone|designed)."""
        return self._c._run(calls.voices_list(query))

    def get(self, id_or_name: str) -> Voice:
        """A voice by id, slug or name (the API has no single-voice route: this filters the list)."""
        return calls.pick_voice(id_or_name, self.list(q=id_or_name))

    def clones(self, **query: Any) -> VoicePage:
        return self._c._run(calls.clones(query))

    def clone(self, name: str, language: str, audio: bytes, transcript: Optional[str] = None, **options: Any) -> CloneResult:
        """Clones a voice from one recording's bytes (any format ffmpeg reads)."""
        return self._c._run(calls.clone(name, language, audio, transcript, options))

    def delete_clone(self, voice_id: str) -> Deleted:
        return self._c._run(calls.delete_clone(voice_id))

    def designs(self, **query: Any) -> VoicePage:
        return self._c._run(calls.designs(query))

    def design_previews(self, prompt: str, **options: Any) -> DesignPreviews:
        """Paid candidate voices; options: language, preview_text, count, include_audio."""
        return self._c._run(calls.design_previews(prompt, options))

    def save_design(self, preview_id: str, name: str, **options: Any) -> SavedDesign:
        return self._c._run(calls.save_design(preview_id, name, options))

    def delete_design(self, voice_id: str) -> Deleted:
        return self._c._run(calls.delete_design(voice_id))


class _Lexicons:
    """Pronunciation lexicons (docs/text.md, "Lexicons"): JSON, or W3C PLS 1.0 documents in and out.
    Speech uses them by id: ``tts.create(..., lexicon_ids=[...])`` (up to 3; ``tts.stream`` too)."""

    def __init__(self, client: "Client") -> None:
        self._c = client

    def list(self) -> List[LexiconSummary]:
        """Own lexicons and those shared in the caller's workspace, oldest first, with entry counts."""
        return self._c._run(calls.lexicons_list())

    def create(self, name: str, entries: Sequence[LexiconEntry], language: Optional[str] = None) -> Lexicon:
        """Entries are ``{"text", "alias"}`` or ``{"text", "ipa"}``, optionally ``case_sensitive``;
        ``language`` is a BCP-47 tag, ``en`` when omitted."""
        return self._c._run(calls.lexicon_create(name, entries, language))

    def get(self, lexicon_id: str) -> Lexicon:
        return self._c._run(calls.lexicon_get(lexicon_id))

    def update(self, lexicon_id: str, name: str, entries: Sequence[LexiconEntry],
               language: Optional[str] = None) -> Lexicon:
        """Replaces name, language and every entry (PUT); its creator or the workspace owner only."""
        return self._c._run(calls.lexicon_update(lexicon_id, name, entries, language))

    def delete(self, lexicon_id: str) -> Deleted:
        return self._c._run(calls.lexicon_delete(lexicon_id))

    def import_pls(self, name: Optional[str], pls_text: str) -> Lexicon:
        """A new lexicon from a PLS document; ``name=None`` keeps the document's own (``vl:name``)."""
        return self._c._run(calls.lexicon_import_pls(name, pls_text))

    def replace_pls(self, lexicon_id: str, pls_text: str, name: Optional[str] = None) -> Lexicon:
        """Replaces a lexicon with a PLS document's language and entries (and name, as import_pls)."""
        return self._c._run(calls.lexicon_replace_pls(lexicon_id, pls_text, name))

    def export_pls(self, lexicon_id: str) -> str:
        """The lexicon as a W3C PLS 1.0 document, which import_pls reads back as the same lexicon."""
        return self._c._run(calls.lexicon_export_pls(lexicon_id))


class Client:
    """The voicelib API. Failed calls raise :class:`voicelib.VoicelibError`."""

    def __init__(self, base_url: str, api_key: str, *, timeout: Any = DEFAULT_TIMEOUT,
                 http: Optional[httpx.Client] = None) -> None:
        headers = {"authorization": f"Bearer {api_key}"}
        self._http = http or httpx.Client(base_url=base_url.rstrip("/"), headers=headers, timeout=timeout)
        if http is not None:
            self._http.headers.update(headers)
        self.tts = _Tts(self)
        self.voices = _Voices(self)
        self.lexicons = _Lexicons(self)

    def _run(self, call: calls.Call) -> Any:
        return call.parse(calls.check(self._http.send(call.request(self._http))))

    def ping(self) -> Ping:
        return self._run(calls.ping())

    def me(self) -> Me:
        return self._run(calls.me())

    def models(self) -> Models:
        return self._run(calls.models())

    def languages(self) -> Languages:
        return self._run(calls.languages())

    def close(self) -> None:
        self._http.close()

    def __enter__(self) -> "Client":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()


