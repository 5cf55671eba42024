from __future__ import annotations

from typing import Optional

import httpx


class VoicelibError(Exception):
    """A failed API call: the API's ``{"error": {"code", "message"}}`` and the HTTP status.

    ``code`` is the stable snake_case code to branch on (``insufficient_points``,
    ``voice_not_found``, ``rate_limited``...). A non-JSON answer (a proxy's page) gets
    the code ``http_<status>``.
    """

    def __init__(
        self,
        status: int,
        code: str,
        message: str,
        request_id: Optional[str] = None,
        retry_after_seconds: Optional[float] = None,
        retryable: Optional[bool] = None,
    ) -> None:
        super().__init__(f"{message} ({code}, HTTP {status})")
        self.status = status
        self.code = code
        self.message = message
        self.request_id = request_id
        self.retry_after_seconds = retry_after_seconds
        self.retryable = retryable

    @classmethod
    def from_response(cls, response: httpx.Response) -> "VoicelibError":
        """Builds the error from a failed response whose body has been read."""
        error: dict = {}
        try:
            body = response.json()
            if isinstance(body, dict) and isinstance(body.get("error"), dict):
                error = body["error"]
        except ValueError:
            pass
        code = error.get("code") if isinstance(error.get("code"), str) else f"http_{response.status_code}"
        message = error.get("message") if isinstance(error.get("message"), str) else (
            f"HTTP {response.status_code}: {response.text[:200]}"
        )
        retry_after = response.headers.get("retry-after")
        return cls(
            response.status_code,
            code,
            message,
            request_id=response.headers.get("x-request-id"),
            retry_after_seconds=float(retry_after) if retry_after and retry_after.isdigit() else None,
            retryable=error.get("retryable") if isinstance(error.get("retryable"), bool) else None,
        )
