"""GET /metrics parsed with prometheus_client's reference text parser (it keeps histogram labels)."""
import os

import httpx
import pytest
from prometheus_client.parser import text_string_to_metric_families

from voicelib import Client


def scrape(url: str) -> dict:
    token = os.environ.get("VOICELIB_METRICS_TOKEN")
    if not token:
        pytest.fail("VOICELIB_METRICS_TOKEN is not set")
    assert httpx.get(f"{url}/metrics").status_code == 401
    response = httpx.get(f"{url}/metrics", headers={"authorization": f"Bearer {token}"})
    assert response.status_code == 200
    samples = {}
    for family in text_string_to_metric_families(response.text):
        for sample in family.samples:
            samples[(sample.name, tuple(sorted(sample.labels.items())))] = sample.value
    return samples


def value(samples: dict, name: str, **labels: str) -> float:
    return sum(v for (n, ls), v in samples.items() if n == name and all((k, w) in ls for k, w in labels.items()))


def test_a_generation_moves_the_histograms(vl: Client, url: str, voice: str):
    before = scrape(url)
    speech = vl.tts.create("Metrics, observed from Python.", voice, model="v-lite", format="WAV")
    after = scrape(url)
    engine = speech.engine
    moved = lambda name, **labels: value(after, name, **labels) - value(before, name, **labels)  # noqa: E731
    assert moved("voicelib_synthesis_seconds_count", engine=engine) >= 1
    assert moved("voicelib_synthesis_seconds_sum", engine=engine) > 0
    assert moved("voicelib_synthesis_real_time_factor_count", engine=engine) >= 1
    assert moved("voicelib_http_request_duration_seconds_count", route="/api/v1/tts", method="POST", status="200") == 1
    assert moved("voicelib_generations_total", model="v-lite", engine=engine) == 1
    assert moved("voicelib_points_charged_total", kind="generation") == speech.points_used
