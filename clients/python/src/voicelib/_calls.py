"""Requests and answer parsing shared by Client and AsyncClient (which only differ in I/O)."""
from __future__ import annotations

import base64
from dataclasses import dataclass, field
from typing import Any, Callable, Dict, Optional, Sequence
from urllib.parse import quote

import httpx

from .errors import VoicelibError
from .models import LexiconEntry, Speech

PLS_MEDIA_TYPE = "application/pls+xml"


def _json(response: httpx.Response) -> Any:
    return response.json()


@dataclass
class Call:
    method: str
    path: str
    params: Optional[Dict[str, Any]] = None
    json: Optional[Dict[str, Any]] = None
    headers: Dict[str, str] = field(default_factory=dict)
    parse: Callable[[httpx.Response], Any] = _json
    content: Optional[bytes] = None  # a body other than JSON (a PLS document), sent as it is

    def request(self, http: Any) -> httpx.Request:
        params = {k: _param(v) for k, v in (self.params or {}).items() if v is not None}
        return http.build_request(
            self.method, self.path, params=params, json=self.json, content=self.content, headers=self.headers
        )


def _param(value: Any) -> Any:
    return ("true" if value else "false") if isinstance(value, bool) else value


def _drop_none(values: Dict[str, Any]) -> Dict[str, Any]:
    return {k: v for k, v in values.items() if v is not None}


def check(response: httpx.Response) -> httpx.Response:
    """Raises the API's error for a failed response whose body has been read."""
    if response.is_error:
        raise VoicelibError.from_response(response)
    return response


def tts_body(text: str, voice: str, options: Dict[str, Any]) -> Dict[str, Any]:
    return _drop_none({"text": text, "voice": voice, **options})


def ping() -> Call:
    return Call("GET", "/api/v1/ping")


def me() -> Call:
    return Call("GET", "/api/v1/me")


def models() -> Call:
    return Call("GET", "/api/v1/models")


def languages() -> Call:
    return Call("GET", "/api/v1/voices/languages")


def tts_create(text: str, voice: str, options: Dict[str, Any]) -> Call:
    return Call(
        "POST",
        "/api/v1/tts",
        json=tts_body(text, voice, options),
        parse=lambda r: Speech.from_json(r.json(), r.headers.get("x-voice-engine")),
    )


def tts_get(generation_id: str) -> Call:
    return Call("GET", f"/api/v1/tts/{generation_id}")


def tts_audio(generation_id: str, range_header: Optional[str]) -> Call:
    headers = {"range": range_header} if range_header else {}
    return Call("GET", f"/api/v1/tts/{generation_id}/audio", headers=headers, parse=lambda r: r.content)


def tts_captions(generation_id: str, fmt: str, query: Dict[str, Any]) -> Call:
    parse: Callable[[httpx.Response], Any] = (lambda r: r.text) if fmt == "srt" else _json
    return Call("GET", f"/api/v1/tts/{generation_id}/captions", params={**query, "format": fmt}, parse=parse)


def tts_delete(generation_id: str) -> Call:
    return Call("DELETE", f"/api/v1/tts/{generation_id}")


def tts_list(query: Dict[str, Any]) -> Call:
    return Call("GET", "/api/v1/tts", params=query)


def voices_list(query: Dict[str, Any]) -> Call:
    return Call("GET", "/api/v1/voices", params=query)


def pick_voice(id_or_name: str, page: Dict[str, Any]) -> Any:
    """An exact id or slug wins over a case-insensitive name; 404 voice_not_found otherwise."""
    voices = page["voices"]
    wanted = id_or_name.lower()
    for voice in voices:
        if voice["id"] == id_or_name or voice.get("slug") == id_or_name:
            return voice
    for voice in voices:
        if voice["name"].lower() == wanted:
            return voice
    raise VoicelibError(404, "voice_not_found", f'No voice with the id, slug or name "{id_or_name}"')


def clones(query: Dict[str, Any]) -> Call:
    return Call("GET", "/api/v1/voices/clones", params=query)


def clone(name: str, language: str, audio: bytes, transcript: Optional[str], options: Dict[str, Any]) -> Call:
    sample = _drop_none({"audio_base64": base64.b64encode(audio).decode("ascii"), "transcript": transcript})
    body = _drop_none({"name": name, "language": language, "samples": [sample], **options})
    return Call("POST", "/api/v1/voices/clones", json=body)


def delete_clone(voice_id: str) -> Call:
    return Call("DELETE", f"/api/v1/voices/clones/{voice_id}")


def designs(query: Dict[str, Any]) -> Call:
    return Call("GET", "/api/v1/voices/designs", params=query)


def design_previews(prompt: str, options: Dict[str, Any]) -> Call:
    return Call("POST", "/api/v1/voices/designs/previews", json=_drop_none({"prompt": prompt, **options}))


def save_design(preview_id: str, name: str, options: Dict[str, Any]) -> Call:
    return Call("POST", "/api/v1/voices/designs", json=_drop_none({"preview_id": preview_id, "name": name, **options}))


def delete_design(voice_id: str) -> Call:
    return Call("DELETE", f"/api/v1/voices/designs/{voice_id}")


def _lexicon(lexicon_id: str) -> str:
    # Quoted: an id is the caller's string, and a "/" or "?" in it must not reach another route.
    return f"/api/v1/lexicons/{quote(lexicon_id, safe='')}"


def _lexicon_body(name: str, entries: Sequence[LexiconEntry], language: Optional[str]) -> Dict[str, Any]:
    return _drop_none({"name": name, "language": language, "entries": list(entries)})


def _pls(pls_text: str) -> Dict[str, Any]:
    return {"content": pls_text.encode("utf-8"), "headers": {"content-type": f"{PLS_MEDIA_TYPE}; charset=utf-8"}}


def lexicons_list() -> Call:
    return Call("GET", "/api/v1/lexicons", parse=lambda r: r.json()["lexicons"])


def lexicon_create(name: str, entries: Sequence[LexiconEntry], language: Optional[str]) -> Call:
    return Call("POST", "/api/v1/lexicons", json=_lexicon_body(name, entries, language))


def lexicon_get(lexicon_id: str) -> Call:
    return Call("GET", _lexicon(lexicon_id), params={"format": "json"})


def lexicon_update(lexicon_id: str, name: str, entries: Sequence[LexiconEntry], language: Optional[str]) -> Call:
    return Call("PUT", _lexicon(lexicon_id), json=_lexicon_body(name, entries, language))


def lexicon_delete(lexicon_id: str) -> Call:
    return Call("DELETE", _lexicon(lexicon_id))


def lexicon_import_pls(name: Optional[str], pls_text: str) -> Call:
    return Call("POST", "/api/v1/lexicons", params={"name": name}, **_pls(pls_text))


def lexicon_replace_pls(lexicon_id: str, pls_text: str, name: Optional[str]) -> Call:
    return Call("PUT", _lexicon(lexicon_id), params={"name": name}, **_pls(pls_text))


def lexicon_export_pls(lexicon_id: str) -> Call:
    return Call("GET", _lexicon(lexicon_id), params={"format": "pls"}, parse=lambda r: r.text)
