#!/usr/bin/env python3
"""Writes test/fixtures/speaker/expected.json: Resemblyzer's embeddings of the fixture recordings,
made by the reference implementation, for the parity test of src/audio/analysis/speaker (test/audio/speaker-encoder).

Reference: the voice-metrics kit's sim.py (../shared/voice-metrics), Resemblyzer 0.1.4's encoder and
preprocessing in numpy (its README: against torch + resemblyzer the largest embedding difference is
3.5e-7 and preprocessing is bit-identical). Run once, with the kit's venv (its setup.sh):

  $VM_VENV/bin/python scripts/speaker-encoder-fixture.py ../shared/voice-metrics
"""
import glob, json, os, sys
import numpy as np

kit = sys.argv[1] if len(sys.argv) > 1 else "../shared/voice-metrics"
sys.path.insert(0, kit)
import sim  # noqa: E402

here = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "test", "fixtures", "speaker")
out = {}
for path in sorted(glob.glob(os.path.join(here, "*.wav"))):
    wav = sim.load_wav(path)  # 16 kHz files: librosa reads them as int16 / 32768, no resampling
    trimmed = sim.preprocess(wav)
    out[os.path.basename(path)] = {"trimmed_samples": int(len(trimmed)),
                                   "embedding": [round(float(v), 8) for v in sim.embed(trimmed)]}
with open(os.path.join(here, "expected.json"), "w") as f:
    json.dump({"reference": "resemblyzer 0.1.4 via voice-metrics sim.py", "clips": out}, f, indent=1)
    f.write("\n")
print(json.dumps({k: v["trimmed_samples"] for k, v in out.items()}))
