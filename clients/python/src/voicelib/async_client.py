"""Asyncio client: ``async with AsyncClient(url, api_key=...) as vl: await vl.tts.create(...)``."""
from __future__ import annotations

from typing import Any, AsyncIterator, List, Optional, Sequence

import httpx

from . import _calls as calls
from .client import DEFAULT_TIMEOUT
from .models import (
    Captions, CloneResult, Deleted, DesignPreviews, GenerationRecord, HistoryPage, Languages, Lexicon,
    LexiconEntry, LexiconSummary, Me, Models, Ping, SavedDesign, Speech, Voice, VoicePage,
)


class AsyncSpeechStream:
    """POST /api/v1/tts/stream as it arrives: ``async for`` byte chunks; ``aclose`` when done."""

    def __init__(self, response: httpx.Response) -> None:
        self._response = response
        self.generation_id: Optional[str] = response.headers.get("x-generation-id")
        self.content_type: Optional[str] = response.headers.get("content-type")
        self.engine: Optional[str] = response.headers.get("x-voice-engine")

    async def __aiter__(self) -> AsyncIterator[bytes]:
        try:
            async for chunk in self._response.aiter_bytes():
                yield chunk
        finally:
            await self._response.aclose()

    async def aclose(self) -> None:
        await self._response.aclose()

    async def __aenter__(self) -> "AsyncSpeechStream":
        return self

    async def __aexit__(self, *exc: Any) -> None:
        await self.aclose()


class _Tts:
    def __init__(self, client: "AsyncClient") -> None:
        self._c = client

    async def create(self, text: str, voice: str, **options: Any) -> Speech:
        return await self._c._run(calls.tts_create(text, voice, options))

    async def get(self, generation_id: str) -> GenerationRecord:
        return await self._c._run(calls.tts_get(generation_id))

    async def audio(self, generation_id: str, range: Optional[str] = None) -> bytes:
        return await self._c._run(calls.tts_audio(generation_id, range))

    async def captions(self, generation_id: str, **query: Any) -> str:
        return await self._c._run(calls.tts_captions(generation_id, "srt", query))

    async def captions_json(self, generation_id: str, **query: Any) -> Captions:
        return await self._c._run(calls.tts_captions(generation_id, "json", query))

    async def delete(self, generation_id: str) -> Deleted:
        return await self._c._run(calls.tts_delete(generation_id))

    async def stream(self, text: str, voice: str, **options: Any) -> AsyncSpeechStream:
        http = self._c._http
        request = http.build_request("POST", "/api/v1/tts/stream", json=calls.tts_body(text, voice, options))
        response = await http.send(request, stream=True)
        if response.is_error:
            await response.aread()
            await response.aclose()
            calls.check(response)
        return AsyncSpeechStream(response)

    async def list(self, **query: Any) -> HistoryPage:
        return await self._c._run(calls.tts_list(query))

    async def history(self, **query: Any) -> AsyncIterator[GenerationRecord]:
        while True:
            page = await self.list(**query)
            for record in page["generations"]:
                yield record
            if not page["has_more"] or not page.get("next_cursor"):
                return
            query = {**query, "cursor": page["next_cursor"]}


class _Voices:
    def __init__(self, client: "AsyncClient") -> None:
        self._c = client

    async def list(self, **query: Any) -> VoicePage:
        return await self._c._run(calls.voices_list(query))

    async def get(self, id_or_name: str) -> Voice:
        return calls.pick_voice(id_or_name, await self.list(q=id_or_name))

    async def clones(self, **query: Any) -> VoicePage:
        return await self._c._run(calls.clones(query))

    async def clone(self, name: str, language: str, audio: bytes, transcript: Optional[str] = None,
                    **options: Any) -> CloneResult:
        return await self._c._run(calls.clone(name, language, audio, transcript, options))

    async def delete_clone(self, voice_id: str) -> Deleted:
        return await self._c._run(calls.delete_clone(voice_id))

    async def designs(self, **query: Any) -> VoicePage:
        return await self._c._run(calls.designs(query))

    async def design_previews(self, prompt: str, **options: Any) -> DesignPreviews:
        return await self._c._run(calls.design_previews(prompt, options))

    async def save_design(self, preview_id: str, name: str, **options: Any) -> SavedDesign:
        return await self._c._run(calls.save_design(preview_id, name, options))

    async def delete_design(self, voice_id: str) -> Deleted:
        return await self._c._run(calls.delete_design(voice_id))


class _Lexicons:
    def __init__(self, client: "AsyncClient") -> None:
        self._c = client

    async def list(self) -> List[LexiconSummary]:
        return await self._c._run(calls.lexicons_list())

    async def create(self, name: str, entries: Sequence[LexiconEntry], language: Optional[str] = None) -> Lexicon:
        return await self._c._run(calls.lexicon_create(name, entries, language))

    async def get(self, lexicon_id: str) -> Lexicon:
        return await self._c._run(calls.lexicon_get(lexicon_id))

    async def update(self, lexicon_id: str, name: str, entries: Sequence[LexiconEntry],
                     language: Optional[str] = None) -> Lexicon:
        return await self._c._run(calls.lexicon_update(lexicon_id, name, entries, language))

    async def delete(self, lexicon_id: str) -> Deleted:
        return await self._c._run(calls.lexicon_delete(lexicon_id))

    async def import_pls(self, name: Optional[str], pls_text: str) -> Lexicon:
        return await self._c._run(calls.lexicon_import_pls(name, pls_text))

    async def replace_pls(self, lexicon_id: str, pls_text: str, name: Optional[str] = None) -> Lexicon:
        return await self._c._run(calls.lexicon_replace_pls(lexicon_id, pls_text, name))

    async def export_pls(self, lexicon_id: str) -> str:
        return await self._c._run(calls.lexicon_export_pls(lexicon_id))


class AsyncClient:
    """The voicelib API for asyncio. Failed calls raise :class:`voicelib.VoicelibError`."""

    def __init__(self, base_url: str, api_key: str, *, timeout: Any = DEFAULT_TIMEOUT,
                 http: Optional[httpx.AsyncClient] = None) -> None:
        headers = {"authorization": f"Bearer {api_key}"}
        self._http = http or httpx.AsyncClient(base_url=base_url.rstrip("/"), headers=headers, timeout=timeout)
        if http is not None:
            self._http.headers.update(headers)
        self.tts = _Tts(self)
        self.voices = _Voices(self)
        self.lexicons = _Lexicons(self)

    async def _run(self, call: calls.Call) -> Any:
        return call.parse(calls.check(await self._http.send(call.request(self._http))))

    async def ping(self) -> Ping:
        return await self._run(calls.ping())

    async def me(self) -> Me:
        return await self._run(calls.me())

    async def models(self) -> Models:
        return await self._run(calls.models())

    async def languages(self) -> Languages:
        return await self._run(calls.languages())

    async def aclose(self) -> None:
        await self._http.aclose()

    async def __aenter__(self) -> "AsyncClient":
        return self

    async def __aexit__(self, *exc: Any) -> None:
        await self.aclose()
