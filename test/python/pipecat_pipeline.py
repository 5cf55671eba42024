"""A Pipecat pipeline whose ElevenLabs TTS service is pointed at voicelib (no network beyond loopback).

Run by test/http/pipecat.test.ts: VOICELIB_URL is the server, VOICELIB_KEY a funded key,
VOICELIB_VOICE a catalog voice id. Two turns are spoken; for each it prints the seconds of 16 kHz
audio and the words Pipecat made from the alignment, then any error frames, as one JSON line.
"""

import asyncio
import json
import os

from pipecat.frames.frames import EndFrame, ErrorFrame, TTSAudioRawFrame, TTSSpeakFrame, TTSTextFrame, TTSStoppedFrame
from pipecat.pipeline.pipeline import Pipeline
from pipecat.pipeline.runner import PipelineRunner
from pipecat.pipeline.task import PipelineParams, PipelineTask
from pipecat.processors.frame_processor import FrameProcessor
from pipecat.services.elevenlabs.tts import ElevenLabsTTSService

TURNS = ["Hello from a Pipecat pipeline. It speaks through voicelib.", "A second turn, with a comma, follows."]


class Sink(FrameProcessor):
    def __init__(self):
        super().__init__()
        self.turns = [{"seconds": 0.0, "words": []}]
        self.errors = []

    async def process_frame(self, frame, direction):
        await super().process_frame(frame, direction)
        turn = self.turns[-1]
        if isinstance(frame, TTSAudioRawFrame):
            turn["seconds"] += len(frame.audio) / (2 * frame.sample_rate)
        elif isinstance(frame, TTSTextFrame):
            turn["words"].append(frame.text)
        elif isinstance(frame, TTSStoppedFrame):
            self.turns.append({"seconds": 0.0, "words": []})
        elif isinstance(frame, ErrorFrame):
            self.errors.append(str(frame.error))
        await self.push_frame(frame, direction)


async def main():
    tts = ElevenLabsTTSService(
        api_key=os.environ["VOICELIB_KEY"],
        voice_id=os.environ["VOICELIB_VOICE"],
        model="eleven_flash_v2_5",
        url=os.environ["VOICELIB_URL"].replace("http", "ws", 1),
    )
    sink = Sink()
    task = PipelineTask(Pipeline([tts, sink]), params=PipelineParams(audio_out_sample_rate=16000))
    await task.queue_frames([TTSSpeakFrame(t) for t in TURNS] + [EndFrame()])
    await asyncio.wait_for(PipelineRunner(handle_sigint=False).run(task), 90)
    turns = [t for t in sink.turns if t["seconds"] > 0 or t["words"]]
    print("RESULT " + json.dumps({"turns": turns, "errors": sink.errors}))


asyncio.run(main())
