import { randomToken } from '../../ids.js';
import type { Caller } from './accounts.js';

/**
 * Short-lived, single-use tokens that open one speech WebSocket from a browser, which cannot set an
 * `Authorization` header on a WebSocket and must never put the key in a URL
 * (`POST /api/v1/tts/ws-token`). Kept in this process's memory: with several API processes, the
 * socket must reach the process that issued its token (docs/decisions.md).
 */
export const SOCKET_TOKEN_SECONDS = 60;

export class SocketTokens {
  private readonly tokens = new Map<string, { caller: Caller; expires: number }>();

  issue(caller: Caller): { token: string; expires_in: number } {
    this.sweep();
    const token = `wst_${randomToken(24)}`;
    this.tokens.set(token, { caller, expires: Date.now() + SOCKET_TOKEN_SECONDS * 1000 });
    return { token, expires_in: SOCKET_TOKEN_SECONDS };
  }

  /** The caller a token was issued to, once: the token is gone after this call. Null when unknown or expired. */
  redeem(token: string): Caller | null {
    const entry = this.tokens.get(token);
    this.tokens.delete(token);
    if (!entry || entry.expires < Date.now()) return null;
    return entry.caller;
  }

  private sweep(): void {
    const now = Date.now();
    for (const [token, entry] of this.tokens) if (entry.expires < now) this.tokens.delete(token);
  }
}
