/**
 * Wyoming's framing (the protocol Home Assistant speaks to local speech services): each event is a
 * JSON header line (`type`, and `data_length` / `payload_length` when a data block or a payload
 * follows), then `data_length` bytes of JSON data, then `payload_length` bytes of payload. Data may
 * also sit in the header's `data`; a data block is merged over it. We always write data as a block:
 * Home Assistant's reader refuses header lines over 64 KiB, and `info` lists hundreds of voices.
 */
export interface WyomingEvent {
  type: string;
  data: Record<string, unknown>;
  payload: Buffer | null;
}

/** Longest header line accepted (the Python reader's limit). */
const MAX_HEADER = 64 * 1024;
/** Largest data block or payload accepted from a client: text events are small. */
const MAX_BLOCK = 1024 * 1024;

export class WyomingProtocolError extends Error {}

/** Reads events from a byte stream that may split them anywhere. */
export class EventReader {
  private buffer: Buffer = Buffer.alloc(0);
  private header: { type: string; data: Record<string, unknown>; dataLength: number; payloadLength: number } | null = null;

  /** Adds bytes; returns the events now complete. Throws WyomingProtocolError on malformed input. */
  push(bytes: Buffer): WyomingEvent[] {
    this.buffer = this.buffer.length === 0 ? bytes : Buffer.concat([this.buffer, bytes]);
    const events: WyomingEvent[] = [];
    for (;;) {
      if (!this.header) {
        const newline = this.buffer.indexOf(0x0a);
        if (newline < 0) {
          if (this.buffer.length > MAX_HEADER) throw new WyomingProtocolError('event header line is too long');
          break;
        }
        this.header = parseHeader(this.buffer.subarray(0, newline).toString('utf8'));
        this.buffer = this.buffer.subarray(newline + 1);
      }
      const { dataLength, payloadLength } = this.header;
      if (this.buffer.length < dataLength + payloadLength) break;
      let data = this.header.data;
      if (dataLength > 0) data = { ...data, ...parseObject(this.buffer.subarray(0, dataLength).toString('utf8')) };
      const payload = payloadLength > 0 ? Buffer.from(this.buffer.subarray(dataLength, dataLength + payloadLength)) : null;
      events.push({ type: this.header.type, data, payload });
      this.buffer = this.buffer.subarray(dataLength + payloadLength);
      this.header = null;
    }
    return events;
  }
}

function parseObject(text: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new WyomingProtocolError('event is not valid JSON');
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new WyomingProtocolError('event is not a JSON object');
  return value as Record<string, unknown>;
}

function length(value: unknown, name: string): number {
  if (value === undefined || value === null) return 0;
  if (!Number.isInteger(value) || (value as number) < 0 || (value as number) > MAX_BLOCK) {
    throw new WyomingProtocolError(`${name} must be a whole number of bytes up to ${MAX_BLOCK}`);
  }
  return value as number;
}

function parseHeader(line: string) {
  const header = parseObject(line);
  if (typeof header['type'] !== 'string' || header['type'] === '') throw new WyomingProtocolError('event has no type');
  const inline = header['data'];
  return {
    type: header['type'],
    data: inline !== null && typeof inline === 'object' && !Array.isArray(inline) ? (inline as Record<string, unknown>) : {},
    dataLength: length(header['data_length'], 'data_length'),
    payloadLength: length(header['payload_length'], 'payload_length'),
  };
}

/** One event as bytes: header line, data block, payload. */
export function encodeEvent(type: string, data?: Record<string, unknown>, payload?: Buffer): Buffer {
  const block = data && Object.keys(data).length > 0 ? Buffer.from(JSON.stringify(data), 'utf8') : null;
  const header = {
    type,
    version: '1.10.2',
    ...(block ? { data_length: block.length } : {}),
    ...(payload && payload.length > 0 ? { payload_length: payload.length } : {}),
  };
  return Buffer.concat([Buffer.from(`${JSON.stringify(header)}\n`, 'utf8'), ...(block ? [block] : []), ...(payload && payload.length > 0 ? [payload] : [])]);
}
