"""The official ElevenLabs Python SDK against voicelib's ElevenLabs-compatible /v1 routes.

Run by test/http/elevenlabs-python.test.ts (so `npm test` runs it) with a real server:
VOICELIB_URL is the server, VOICELIB_KEY a funded pro key, VOICELIB_POOR_KEY a key with 1 point,
VOICELIB_VOICE a catalog voice id, VOICELIB_RECORDING a WAV file of speech to clone.
"""

import base64
import io
import json
import os
import subprocess

import pytest
from elevenlabs.client import ElevenLabs
from elevenlabs.core.api_error import ApiError

URL = os.environ["VOICELIB_URL"]
KEY = os.environ["VOICELIB_KEY"]
VOICE = os.environ["VOICELIB_VOICE"]
TEXT = "Hello from the ElevenLabs Python SDK. A second sentence follows."


def client(key=KEY):
    # The SDK retries only 408/409/429/5xx, which none of these calls should meet.
    return ElevenLabs(api_key=key, base_url=URL)


def probe(data):
    out = subprocess.run(
        ["ffprobe", "-v", "error", "-show_streams", "-of", "json", "-"], input=data, capture_output=True, check=True
    )
    return json.loads(out.stdout)["streams"][0]


def test_convert_is_mp3_44100_128_by_default():
    audio = b"".join(client().text_to_speech.convert(VOICE, text=TEXT, model_id="eleven_flash_v2_5"))
    stream = probe(audio)
    assert stream["codec_name"] == "mp3"
    assert stream["sample_rate"] == "44100"
    assert int(stream["bit_rate"]) == 128000


def test_stream_pcm_16000_is_raw_samples():
    audio = b"".join(client().text_to_speech.stream(VOICE, text=TEXT, model_id="v-lite", output_format="pcm_16000"))
    assert audio[:4] != b"RIFF"
    assert len(audio) % 2 == 0
    assert 1.0 < len(audio) / 32000 < 15


def test_with_timestamps_covers_every_character():
    res = client().text_to_speech.convert_with_timestamps(VOICE, text=TEXT, model_id="v-lite")
    assert len(base64.b64decode(res.audio_base_64)) > 1000
    assert "".join(res.alignment.characters) == TEXT
    starts = res.alignment.character_start_times_seconds
    assert starts == sorted(starts)
    assert res.alignment.character_end_times_seconds[-1] > 1.0


def test_stream_with_timestamps_joins_into_the_text():
    chars = []
    audio = b""
    for chunk in client().text_to_speech.stream_with_timestamps(VOICE, text=TEXT, model_id="v-lite", output_format="pcm_24000"):
        if chunk.audio_base_64:
            audio += base64.b64decode(chunk.audio_base_64)
        if chunk.alignment:
            chars.extend(chunk.alignment.characters)
    assert "".join(chars) == TEXT
    assert len(audio) / 48000 > 1.0


def test_voices_models_user_and_history():
    voices = client().voices.get_all().voices
    assert any(v.voice_id == VOICE and v.category == "premade" for v in voices)
    assert client().voices.get(VOICE).voice_id == VOICE
    assert any(m.model_id == "eleven_multilingual_v2" for m in client().models.list())
    user = client().user.get()
    assert user.subscription.tier == "pro"
    assert user.subscription.character_limit > 0
    history = client().history.list(page_size=2)
    assert len(history.history) == 2
    assert history.history[0].history_item_id.startswith("gen_")
    after = client().history.list(page_size=2, start_after_history_item_id=history.history[1].history_item_id)
    assert after.history[0].history_item_id not in {h.history_item_id for h in history.history}


def test_instant_voice_clone_speaks_and_is_deleted():
    with open(os.environ["VOICELIB_RECORDING"], "rb") as f:
        recording = f.read()
    created = client().voices.ivc.create(name="Python clone", files=[io.BytesIO(recording)])
    assert created.requires_verification is False
    audio = b"".join(client().text_to_speech.convert(created.voice_id, text="My own voice.", model_id="v-lite"))
    assert probe(audio)["codec_name"] == "mp3"
    client().voices.delete(created.voice_id)
    with pytest.raises(ApiError) as err:
        client().voices.get(created.voice_id)
    assert err.value.status_code == 404


def test_convert_realtime_streams_text_over_the_websocket():
    # The SDK's only TTS WebSocket helper; it always connects with wss://, so the test puts TLS in
    # front of the server (VOICELIB_TLS_URL, its certificate trusted through SSL_CERT_FILE).
    realtime = ElevenLabs(api_key=KEY, base_url=os.environ["VOICELIB_TLS_URL"])

    def tokens():
        for word in "Streaming text, word by word, into the socket. It answers with audio.".split(" "):
            yield word + " "

    audio = b"".join(realtime.text_to_speech.convert_realtime(VOICE, text=tokens(), model_id="v-lite"))
    stream = probe(audio)
    assert stream["codec_name"] == "mp3"
    assert stream["sample_rate"] == "44100"


def test_errors_are_api_errors_with_the_detail_body():
    with pytest.raises(ApiError) as err:
        b"".join(client().text_to_speech.convert("voice_nobody", text=TEXT))
    assert err.value.status_code == 404
    assert err.value.body["detail"]["status"] == "voice_not_found"
    with pytest.raises(ApiError) as err:
        client("vl_wrong").voices.get_all()
    assert err.value.status_code == 401
    with pytest.raises(ApiError) as err:
        b"".join(client(os.environ["VOICELIB_POOR_KEY"]).text_to_speech.convert(VOICE, text=TEXT))
    assert err.value.status_code == 402
