"""The official OpenAI Python client against voicelib's /v1 routes.

Run by test/http/openai-python.test.ts (so `npm test` runs it) with a real server:
VOICELIB_URL is the server, VOICELIB_KEY a funded pro key, VOICELIB_POOR_KEY a key with 1 point.
"""

import json
import math
import os
import struct
import subprocess
import tempfile
import urllib.request

import openai
import pytest
from openai import OpenAI

URL = os.environ["VOICELIB_URL"]
KEY = os.environ["VOICELIB_KEY"]
POOR_KEY = os.environ["VOICELIB_POOR_KEY"]
TEXT = "Hello there. This is the OpenAI compatible speech route. It speaks three sentences."


@pytest.fixture(scope="module")
def client() -> OpenAI:
    # No retries: a 4xx/5xx must surface once, as the client's typed error.
    return OpenAI(base_url=f"{URL}/v1", api_key=KEY, max_retries=0)


def native(path: str, key: str = KEY) -> dict:
    request = urllib.request.Request(f"{URL}{path}", headers={"Authorization": f"Bearer {key}"})
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.load(response)


def points() -> int:
    return native("/api/v1/ping")["points"]


def ffprobe(data: bytes, *input_args: str) -> dict:
    with tempfile.NamedTemporaryFile() as file:
        file.write(data)
        file.flush()
        out = subprocess.run(
            ["ffprobe", "-v", "error", *input_args, "-show_streams", "-show_format", "-of", "json", file.name],
            check=True,
            capture_output=True,
        ).stdout
    return json.loads(out)


def rms_of_wav(data: bytes) -> float:
    samples = struct.unpack(f"<{(len(data) - 44) // 2}h", data[44 : 44 + (len(data) - 44) // 2 * 2])
    return math.sqrt(sum(s * s for s in samples) / len(samples))


@pytest.mark.parametrize(
    "response_format, container, codec",
    [("mp3", "mp3", "mp3"), ("opus", "ogg", "opus"), ("aac", "aac", "aac"), ("flac", "flac", "flac"), ("wav", "wav", "pcm_s16le")],
)
def test_every_format_is_what_it_claims(client, response_format, container, codec):
    audio = client.audio.speech.create(model="tts-1", voice="shimmer", input=TEXT, response_format=response_format)
    probe = ffprobe(audio.content)
    assert container in probe["format"]["format_name"]
    stream = probe["streams"][0]
    assert stream["codec_name"] == codec
    assert stream["channels"] == 1
    assert stream["sample_rate"] == ("48000" if response_format == "opus" else "24000")


def test_pcm_is_raw_24khz_16bit_mono(client):
    pcm = client.audio.speech.create(model="tts-1", voice="shimmer", input=TEXT, response_format="pcm").content
    wav = client.audio.speech.create(model="tts-1", voice="shimmer", input=TEXT, response_format="wav").content
    assert len(pcm) % 2 == 0
    assert len(pcm) == len(wav) - 44
    probe = ffprobe(pcm, "-f", "s16le", "-ar", "24000", "-ac", "1")
    assert abs(float(probe["format"]["duration"]) - len(pcm) / 48000) < 0.01
    assert len(pcm) / 48000 > 2


def test_raw_streaming_with_streaming_response(client):
    with client.audio.speech.with_streaming_response.create(
        model="tts-1", voice="fable", input=TEXT * 3, response_format="mp3"
    ) as response:
        assert response.headers["transfer-encoding"] == "chunked"
        assert response.headers["content-type"] == "audio/mpeg"
        generation_id = response.headers["x-generation-id"]
        data = b"".join(response.iter_bytes())
    assert ffprobe(data)["streams"][0]["codec_name"] == "mp3"
    assert native(f"/api/v1/tts/{generation_id}")["format"] == "MP3"


def test_sse_streaming(client):
    before = points()
    with client.audio.speech.with_streaming_response.create(
        model="gpt-4o-mini-tts", voice="sage", input=TEXT, response_format="pcm", stream_format="sse"
    ) as response:
        assert response.headers["content-type"] == "text/event-stream"
        events = [json.loads(line[6:]) for line in response.iter_lines() if line.startswith("data: ")]
    deltas = [e for e in events if e["type"] == "speech.audio.delta"]
    # The first sentence is a piece of its own, so three sentences give at least two deltas.
    assert len(deltas) >= 2
    done = events[-1]
    assert done["type"] == "speech.audio.done"
    assert done["usage"]["input_tokens"] == len(TEXT)
    audio = b"".join(__import__("base64").b64decode(e["audio"]) for e in deltas)
    assert len(audio) / 48000 > 2
    cost = math.ceil(len(TEXT) / 15)
    assert done["points_used"] == cost
    assert before - points() == cost


def test_points_and_history(client):
    before = points()
    raw = client.audio.speech.with_raw_response.create(model="tts-1-hd", voice="ash", input=TEXT)
    generation_id = raw.headers["x-generation-id"]
    assert len(raw.parse().content) > 1000
    cost = math.ceil(len(TEXT) / 15)
    assert before - points() == cost
    history = native("/api/v1/tts?limit=100")["generations"]
    entry = next(g for g in history if g["id"] == generation_id)
    assert entry["model"] == "v-pro"
    assert entry["points_used"] == cost
    assert entry["characters"] == len(TEXT)


def test_speed(client):
    def seconds(speed: float) -> float:
        return len(client.audio.speech.create(model="tts-1", voice="verse", input=TEXT, response_format="pcm", speed=speed).content) / 48000

    normal, slow, fast = seconds(1.0), seconds(0.25), seconds(3.0)
    assert slow > normal * 2.5
    assert fast < normal * 0.5


def test_instructions_steer_the_steerable_model(client):
    def level(**extra) -> float:
        audio = client.audio.speech.create(model="gpt-4o-mini-tts", voice="coral", input=TEXT, response_format="wav", **extra)
        return rms_of_wav(audio.content)

    assert level(instructions="Speak in a whisper.") < level() * 0.6
    with pytest.raises(openai.UnprocessableEntityError) as refused:
        client.audio.speech.create(model="tts-1", voice="coral", input=TEXT, instructions="Whisper.")
    assert refused.value.code == "unsupported_control"


def test_errors_are_typed(client):
    before = points()
    with pytest.raises(openai.NotFoundError) as voice:
        client.audio.speech.create(model="tts-1", voice="nobody", input=TEXT)
    assert voice.value.body == {"message": 'Voice "nobody" not found', "type": "not_found_error", "param": "voice", "code": "voice_not_found"}
    with pytest.raises(openai.BadRequestError) as empty:
        client.audio.speech.create(model="tts-1", voice="alloy", input="")
    assert empty.value.code == "missing_text"
    with pytest.raises(openai.APIStatusError) as long:
        client.audio.speech.create(model="tts-1", voice="alloy", input="a" * 4097)
    assert long.value.status_code == 413
    with pytest.raises(openai.UnprocessableEntityError) as speed:
        client.audio.speech.create(model="tts-1", voice="alloy", input=TEXT, speed=5)
    assert speed.value.param == "speed"
    with pytest.raises(openai.AuthenticationError):
        OpenAI(base_url=f"{URL}/v1", api_key="vl_wrong", max_retries=0).audio.speech.create(model="tts-1", voice="alloy", input=TEXT)
    with pytest.raises(openai.APIStatusError) as broke:
        OpenAI(base_url=f"{URL}/v1", api_key=POOR_KEY, max_retries=0).audio.speech.create(model="tts-1", voice="alloy", input=TEXT)
    assert broke.value.status_code == 402
    assert points() == before


def test_models(client):
    ids = [m.id for m in client.models.list()]
    assert ids[:3] == ["tts-1", "tts-1-hd", "gpt-4o-mini-tts"]
    assert client.models.retrieve("tts-1").owned_by == "voicelib"
    with pytest.raises(openai.NotFoundError):
        client.models.retrieve("dall-e-3")
