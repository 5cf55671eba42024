"""Schemathesis hooks and checks for voicelib (loaded through SCHEMATHESIS_HOOKS by test/fuzz/harness.ts).

Two checks beyond Schemathesis's own:
- error_shape: every error answer has the contract's body, {"error": {"code", "message"}}, or on the
  OpenAI-compatible /v1/* routes OpenAI's {"error": {"message", "type", "param", "code"}}, or on the
  ElevenLabs-compatible ones (and any request sending xi-api-key) ElevenLabs' {"detail": {"status", "message"}}.
- no_state_change_on_4xx: a 4xx changed nothing. Before every call the harness's state endpoint
  (VOICELIB_FUZZ_STATE_URL) is asked for a digest of balances, ledger, slots used, generations, voices,
  design previews, reservations and keys; after a 4xx it is asked again and both must be equal. The
  endpoint first waits until no generation is pending and no reservation is open, so work a
  previous 2xx left running cannot pass for a change made by the 4xx.
"""
import json
import os
import re
import urllib.request

import schemathesis

STATE_URL = os.environ["VOICELIB_FUZZ_STATE_URL"]
_before = {"snapshot": None}


def _snapshot(moment):
    # `moment` only lets the harness count API calls (one "before" per call).
    with urllib.request.urlopen(f"{STATE_URL}?{moment}", timeout=90) as res:
        return json.load(res)


@schemathesis.hook
def before_call(context, case, kwargs):
    _before["snapshot"] = _snapshot("before")


def _json(response):
    try:
        return json.loads(response.content)
    except (ValueError, TypeError):
        return None


@schemathesis.check
def error_shape(ctx, response, case):
    if response.status_code < 400:
        return None
    body = _json(response)
    path = case.operation.path
    headers = {k.lower(): v for k, v in (case.headers or {}).items()}
    if re.match(r"^/v[12]/(text-to-speech|voices|user|history)(/|$)", path) or "xi-api-key" in headers:
        assert isinstance(body, dict) and isinstance(body.get("detail"), dict), (
            f"ElevenLabs-shaped error without a detail object: {response.content[:200]!r}"
        )
        detail = body["detail"]
        assert isinstance(detail.get("status"), str) and detail["status"], f"detail without a status: {detail}"
        assert isinstance(detail.get("message"), str) and detail["message"], f"detail without a message: {detail}"
        return None
    assert isinstance(body, dict) and isinstance(body.get("error"), dict), (
        f"error answer without an error object: {response.content[:200]!r}"
    )
    error = body["error"]
    if path.startswith("/v1/"):
        keys = {"message", "type", "param", "code"}
        assert keys <= set(error), f"OpenAI-shaped error lacks {sorted(keys - set(error))}: {error}"
        assert isinstance(error["message"], str) and isinstance(error["type"], str), f"bad OpenAI error: {error}"
    else:
        assert isinstance(error.get("code"), str) and error["code"], f"error without a code: {error}"
        assert isinstance(error.get("message"), str) and error["message"], f"error without a message: {error}"
    return None


@schemathesis.check
def no_state_change_on_4xx(ctx, response, case):
    if not 400 <= response.status_code < 500:
        return None
    before = _before["snapshot"]
    assert before is not None, "no state snapshot was taken before this call"
    after = _snapshot("after")
    changed = sorted(name for name in set(before) | set(after) if before.get(name) != after.get(name))
    assert not changed, (
        f"{response.status_code} answer changed state: {', '.join(changed)} "
        f"(before {json.dumps({k: before.get(k) for k in changed})}, after {json.dumps({k: after.get(k) for k in changed})})"
    )
    return None
