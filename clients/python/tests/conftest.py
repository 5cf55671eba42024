"""The tests talk to a real voicelib server: test/clients/python-sdk.test.ts starts one and sets
VOICELIB_URL, VOICELIB_API_KEY, VOICELIB_TEST_VOICE and VOICELIB_METRICS_TOKEN."""
import os
import time

import httpx
import pytest

from voicelib import Client


def _env(name: str) -> str:
    value = os.environ.get(name)
    if not value:
        pytest.fail(f"{name} is not set: run these tests through `npm test -- clients/python-sdk`")
    return value


@pytest.fixture(scope="session")
def url() -> str:
    return _env("VOICELIB_URL")


@pytest.fixture(scope="session")
def api_key() -> str:
    return _env("VOICELIB_API_KEY")


@pytest.fixture(scope="session")
def voice() -> str:
    return _env("VOICELIB_TEST_VOICE")


@pytest.fixture(scope="session")
def served_paths(url: str) -> dict:
    return httpx.get(f"{url}/api/v1/openapi.json").json()["paths"]


@pytest.fixture()
def vl(url: str, api_key: str):
    with Client(url, api_key) as client:
        yield client


@pytest.fixture()
def anyio_backend() -> str:
    return "asyncio"


def wait_ready(vl: Client, generation_id: str) -> dict:
    """The record once its hosted copy is stored (a background upload, about milliseconds)."""
    for _ in range(200):
        record = vl.tts.get(generation_id)
        if record["status"] != "pending":
            return record
        time.sleep(0.05)
    return record
