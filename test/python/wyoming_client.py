"""The `wyoming` package's own client against voicelib's Wyoming server, as Home Assistant uses it.

Run by test/wyoming/wyoming.test.ts: WYOMING_PORT is the server's port, VOICELIB_VOICE a catalog
voice id. Prints one JSON line, RESULT {...}, with what each exchange returned.
"""

import asyncio
import json
import os

from wyoming.audio import AudioChunk, AudioStart, AudioStop
from wyoming.client import AsyncTcpClient
from wyoming.error import Error
from wyoming.info import Describe, Info
from wyoming.tts import Synthesize, SynthesizeChunk, SynthesizeStart, SynthesizeStop, SynthesizeStopped, SynthesizeVoice

PORT = int(os.environ["WYOMING_PORT"])
VOICE = os.environ["VOICELIB_VOICE"]


async def describe():
    async with AsyncTcpClient("127.0.0.1", PORT, read_timeout=15) as c:
        await c.write_event(Describe().event())
        while (ev := await c.read_event()) is not None:
            if Info.is_type(ev.type):
                info = Info.from_event(ev)  # raises on a missing required field
                tts = info.tts[0]
                return {
                    "name": tts.name,
                    "streaming": tts.supports_synthesize_streaming,
                    "voices": len(tts.voices),
                    "has_voice": any(v.name == VOICE for v in tts.voices),
                    "languages": sorted({l for v in tts.voices for l in v.languages})[:400],
                }


async def read_audio(c, until):
    types, pcm, formats = [], bytearray(), set()
    while True:
        ev = await c.read_event()
        if ev is None:
            types.append("closed")
            break
        types.append(ev.type)
        if Error.is_type(ev.type):
            err = Error.from_event(ev)
            if await c.read_event() is None:
                types.append("closed")
            return {"types": types, "error": err.text, "code": err.code}
        if AudioStart.is_type(ev.type):
            s = AudioStart.from_event(ev)
            formats.add((s.rate, s.width, s.channels))
        if AudioChunk.is_type(ev.type):
            ch = AudioChunk.from_event(ev)
            formats.add((ch.rate, ch.width, ch.channels))
            pcm += ch.audio
        if ev.type == until:
            break
    return {"types": types, "seconds": len(pcm) / 48000, "formats": sorted(formats)}


def compress(types):
    out = []
    for t in types:
        if t == "audio-chunk" and out and out[-1] == "audio-chunk*":
            continue
        out.append("audio-chunk*" if t == "audio-chunk" else t)
    return out


async def one_shot(text, voice):
    async with AsyncTcpClient("127.0.0.1", PORT, read_timeout=60) as c:
        await c.write_event(Synthesize(text=text, voice=voice).event())
        r = await read_audio(c, AudioStop().event().type)
        r["types"] = compress(r["types"])
        return r


async def streaming(chunks, voice):
    async with AsyncTcpClient("127.0.0.1", PORT, read_timeout=60) as c:
        # As Home Assistant: start, the deltas, the compatibility copy of the whole text, stop.
        await c.write_event(SynthesizeStart(voice=voice).event())
        for t in chunks:
            await c.write_event(SynthesizeChunk(text=t).event())
        await c.write_event(Synthesize(text="".join(chunks), voice=voice).event())
        await c.write_event(SynthesizeStop().event())
        r = await read_audio(c, SynthesizeStopped().event().type)
        r["types"] = compress(r["types"])
        return r


async def main():
    result = {
        "describe": await describe(),
        "one_shot": await one_shot("Hello from Home Assistant. The kitchen lights are on.", SynthesizeVoice(name=VOICE)),
        "default_voice": await one_shot("No voice was chosen.", None),
        "streaming": await streaming(["Hello there my ", "friend, this is ", "streamed. And a second ", "sentence."], SynthesizeVoice(name=VOICE)),
        "unknown_voice": await one_shot("Who is speaking?", SynthesizeVoice(name="voice_nobody")),
    }
    print("RESULT " + json.dumps(result))


asyncio.run(main())
