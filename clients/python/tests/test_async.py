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


@pytest.mark.anyio
async def test_async_lexicons(url: str, api_key: str, voice: str):
    async with AsyncClient(url, api_key) as vl:
        entries = [{"text": "W3C", "alias": "World Wide Web Consortium"}, {"text": "tomato", "ipa": "təmˈɑːtoʊ"}]
        created = await vl.lexicons.create("Async lexicon", entries)
        lexicon_id = created["lexicon_id"]
        assert created["language"] == "en"
        assert await vl.lexicons.get(lexicon_id) == created
        assert any(s["lexicon_id"] == lexicon_id for s in await vl.lexicons.list())
        updated = await vl.lexicons.update(lexicon_id, "Async, renamed", entries[:1])
        assert [e["text"] for e in updated["entries"]] == ["W3C"]
        imported = await vl.lexicons.import_pls(None, await vl.lexicons.export_pls(lexicon_id))
        assert (imported["name"], imported["entries"]) == ("Async, renamed", updated["entries"])
        replaced = await vl.lexicons.replace_pls(imported["lexicon_id"], await vl.lexicons.export_pls(lexicon_id), "Again")
        assert replaced["name"] == "Again"

        speech = await vl.tts.create("The W3C met.", voice, model="v-lite", format="WAV", lexicon_ids=[lexicon_id])
        assert speech.audio[:4] == b"RIFF" and speech.warnings == []
        words = (await vl.tts.captions_json(speech.id, mode="word"))["words"]
        assert [w["word"] for w in words] == ["The", "W3C", "met."]
        await vl.tts.delete(speech.id)

        with pytest.raises(VoicelibError) as info:
            await vl.lexicons.import_pls("Broken", "<lexicon><lexeme>")
        assert (info.value.status, info.value.code) == (400, "bad_request")
        for made in (lexicon_id, imported["lexicon_id"]):
            assert (await vl.lexicons.delete(made))["deleted"] is True
        with pytest.raises(VoicelibError) as info:
            await vl.lexicons.get(lexicon_id)
        assert (info.value.status, info.value.code) == (404, "not_found")
