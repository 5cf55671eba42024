#!/usr/bin/env python3
"""Writes test/fixtures/naturalness/expected.json: DNSMOS P.835 ratings of the speaker fixture
recordings (test/fixtures/speaker, 16 kHz) made by the reference implementation, for the parity test
of src/audio/analysis/naturalness (test/audio/naturalness-judge).

Reference: microsoft/DNS-Challenge DNSMOS/dnsmos_local.py, its P.835 loop and non-personalized
polynomials as written, with onnxruntime; the audio is given at 16 kHz, so librosa's loader (which
would only read the file) is not needed. Run once, with any venv that has numpy, soundfile and
onnxruntime (the voice-metrics kit's does):

  $VENV/bin/python scripts/naturalness-judge-fixture.py DIR/dnsmos/sig_bak_ovr.onnx
"""
import glob, json, math, os, sys
import numpy as np
import onnxruntime as ort
import soundfile as sf

model = sys.argv[1]
session = ort.InferenceSession(model, providers=["CPUExecutionProvider"])
SR, INPUT_LENGTH = 16000, 9.01
p_ovr = np.poly1d([-0.06766283, 1.11546468, 0.04602535])
p_sig = np.poly1d([-0.08397278, 1.22083953, 0.0052439])
p_bak = np.poly1d([-0.13166888, 1.60915514, -0.39604546])


def rate(audio):
    len_samples = int(INPUT_LENGTH * SR)
    while len(audio) < len_samples:
        audio = np.append(audio, audio)
    num_hops = int(np.floor(len(audio) / SR) - INPUT_LENGTH) + 1
    sig, bak, ovr = [], [], []
    for idx in range(num_hops):
        seg = audio[int(idx * SR): int((idx + INPUT_LENGTH) * SR)]
        if len(seg) < len_samples:
            continue
        raw = session.run(None, {"input_1": np.array(seg).astype("float32")[np.newaxis, :]})[0][0]
        sig.append(p_sig(raw[0])); bak.append(p_bak(raw[1])); ovr.append(p_ovr(raw[2]))
    return {"sig": round(float(np.mean(sig)), 6), "bak": round(float(np.mean(bak)), 6), "ovrl": round(float(np.mean(ovr)), 6)}


here = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "test", "fixtures")
out = {}
for path in sorted(glob.glob(os.path.join(here, "speaker", "*.wav"))):
    audio, rate_hz = sf.read(path, dtype="float32")
    assert rate_hz == SR, path
    out[os.path.basename(path)] = rate(audio)
os.makedirs(os.path.join(here, "naturalness"), exist_ok=True)
with open(os.path.join(here, "naturalness", "expected.json"), "w") as f:
    json.dump({"reference": "DNS-Challenge dnsmos_local.py (P.835, non-personalized) with onnxruntime", "clips": out}, f, indent=1)
    f.write("\n")
print(json.dumps(out))
