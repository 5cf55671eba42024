import pytest

from voicelib import AsyncClient, VoicelibError


@pytest.mark.anyio
async def test_async_client(url: str, api_key: str, voice: str, served_paths: dict):
    async with AsyncClient(url, api_key) as vl:
        assert (await vl.ping())["ok"] is True
        assert (await vl.voices.get(voice))["id"] == voice
        speech = await vl.tts.create("Asynchronous hello.", voice, model="v-lite", format="WAV")
        assert speech.audio[:4] == b"RIFF"
        srt = await vl.tts.captions(speech.id)
        assert "-->" in srt
        with pytest.raises(VoicelibError) as info:
            await vl.tts.create("Hello", voice, model="v-ultra")
        assert (info.value.status, info.value.code) == (422, "unknown_model")
        await vl.tts.delete(speech.id)
        assert "/api/v1/tts/stream" in served_paths
        stream = await vl.tts.stream("Streaming, asynchronously.", voice, model="v-lite", format="WAV")
        assert (stream.generation_id or "").startswith("gen_")
        audio = b"".join([chunk async for chunk in stream])
        assert audio[:4] == b"RIFF"
        assert "get" in served_paths.get("/api/v1/tts", {})
        # Newest first: the stream's record (written before its last byte left) leads.
        records = [r async for r in vl.tts.history(limit=1)]
        assert records[0]["id"] == stream.generation_id
