import re
import subprocess

import pytest

from voicelib import Client, VoicelibError

from conftest import wait_ready

RAINBOW = (
    "The rainbow is a division of white light into many beautiful colors. These take the shape of a long "
    "round arch, with its path high above, and its two ends apparently beyond the horizon."
)


def test_account_models_languages(vl: Client):
    assert vl.ping()["ok"] is True
    me = vl.me()
    assert me["plan"]["name"] == "pro"
    models = vl.models()
    assert models["default"] in [m["key"] for m in models["models"]]
    assert len(vl.languages()["languages"]) > 500


def test_errors_carry_the_api_code(vl: Client, url: str):
    with Client(url, "vl_not_a_real_key") as stranger:
        with pytest.raises(VoicelibError) as info:
            stranger.ping()
    assert info.value.status == 401
    with pytest.raises(VoicelibError) as info:
        vl.tts.create("Hello", "voice_does_not_exist")
    assert (info.value.status, info.value.code) == (404, "voice_not_found")
    assert info.value.request_id and info.value.request_id.startswith("req_")


def test_tts_lifecycle(vl: Client, voice: str):
    speech = vl.tts.create("Python speaks, then reads its captions.", voice, model="v-lite", format="WAV")
    assert speech.audio[:4] == b"RIFF"
    assert speech.engine == "espeak-ng"
    assert speech.points_used > 0
    assert speech.warnings == []
    assert wait_ready(vl, speech.id)["status"] == "ready"
    assert speech.audio_url is None  # the answer is given before the hosted copy exists
    assert vl.tts.audio(speech.id) == speech.audio
    assert vl.tts.audio(speech.id, range="bytes=0-99") == speech.audio[:100]
    srt = vl.tts.captions(speech.id, mode="word", uppercase=True)
    assert re.match(r"1\n00:00:00,\d{3} --> ", srt)
    assert "PYTHON" in srt
    words = vl.tts.captions_json(speech.id)["words"]
    assert any(w["word"].lower().startswith("captions") for w in words)
    assert vl.tts.delete(speech.id) == {"ok": True, "id": speech.id, "deleted": True}
    with pytest.raises(VoicelibError) as info:
        vl.tts.get(speech.id)
    assert info.value.code == "not_found"


def test_markup_warnings(vl: Client, voice: str):
    speech = vl.tts.create("Hello [grumpy] there.", voice, model="v-lite", format="WAV")
    assert [w["code"] for w in speech.warnings] == ["unknown_tag"]
    assert "grumpy" in speech.warnings[0]["message"]
    vl.tts.delete(speech.id)


def test_voices_clone_and_design(vl: Client, voice: str):
    page = vl.voices.list(limit=3)
    assert len(page["voices"]) == 3
    preset = vl.voices.get(voice)
    assert preset["id"] == voice
    assert vl.voices.get(preset["name"].upper())["id"] == voice
    with pytest.raises(VoicelibError) as info:
        vl.voices.get("no such voice at all")
    assert info.value.code == "voice_not_found"

    # Real speech as the recording, in a format of its own (MP3 through ffmpeg) to clone from.
    wav = vl.tts.create(RAINBOW, voice, model="v-lite", format="WAV", sample_rate=22050).audio
    mp3 = subprocess.run(
        ["ffmpeg", "-hide_banner", "-loglevel", "error", "-i", "pipe:0", "-f", "mp3", "pipe:1"],
        input=wav, capture_output=True, check=True,
    ).stdout
    clone = vl.voices.clone("Python clone", "en-US", mp3)
    assert clone["type"] == "clone"
    assert vl.voices.get("python clone")["id"] == clone["id"]
    assert vl.voices.clones()["used"] == 1
    vl.voices.delete_clone(clone["id"])
    assert vl.voices.clones()["used"] == 0

    previews = vl.voices.design_previews(
        "A bright, cheerful young male voice with an Irish accent", count=1, preview_text="Hello from Python."
    )
    assert previews["points_used"] > 0
    saved = vl.voices.save_design(previews["previews"][0]["preview_id"], "Python design")
    assert saved["type"] == "designed"
    vl.voices.delete_design(saved["id"])
    assert vl.voices.designs()["used"] == 0


def test_stream(vl: Client, voice: str, served_paths: dict):
    assert "/api/v1/tts/stream" in served_paths
    with vl.tts.stream("Streaming from Python.", voice, model="v-lite", format="WAV") as stream:
        assert stream.generation_id and stream.generation_id.startswith("gen_")
        audio = b"".join(stream)
    assert audio[:4] == b"RIFF" and len(audio) > 10_000
    with pytest.raises(VoicelibError) as info:
        vl.tts.stream("x", "voice_does_not_exist")
    assert info.value.code == "voice_not_found"


def test_history(vl: Client, voice: str, served_paths: dict):
    assert "get" in served_paths.get("/api/v1/tts", {})
    ids = [vl.tts.create(t, voice, model="v-lite", format="WAV").id for t in ("One.", "Two.", "Three.")]
    page = vl.tts.list(limit=2, model="v-lite")
    assert len(page["generations"]) == 2 and page["has_more"] is True
    seen = [g["id"] for g in vl.tts.history(limit=2, model="v-lite")]
    assert [i for i in seen if i in ids] == list(reversed(ids))
