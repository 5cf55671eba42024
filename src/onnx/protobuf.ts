/**
 * Just enough protobuf wire format to read and extend ONNX models without a protobuf library:
 * walking a message's fields (views into the buffer, no copies, so a 90 MB model's initializers
 * are skipped, not decoded) and encoding new varint, string and message fields. Messages are
 * extended by appending fields, which protobuf defines as merging into the message.
 */

export const WIRE_VARINT = 0;
export const WIRE_FIXED64 = 1;
export const WIRE_LENGTH = 2;
export const WIRE_FIXED32 = 5;

export interface Field {
  field: number;
  wire: number;
  /** Varint fields: the value (exact up to 2^53, enough for ONNX enums, lengths and counts). */
  value: number;
  /** Length-delimited fields: the payload, a view into the message. */
  bytes: Uint8Array;
  /** Where the field starts (its key) and ends in the message, in bytes. */
  start: number;
  end: number;
}

export class ProtobufError extends Error {}

function readVarint(data: Uint8Array, offset: number): { value: number; next: number } {
  let value = 0;
  let scale = 1;
  for (let i = offset; i < data.length && i < offset + 10; i += 1) {
    const byte = data[i]!;
    value += (byte & 0x7f) * scale;
    scale *= 128;
    if ((byte & 0x80) === 0) return { value, next: i + 1 };
  }
  throw new ProtobufError(`truncated varint at byte ${offset}`);
}

/** The fields of one message in order; throws ProtobufError on malformed data. */
export function* fields(data: Uint8Array): Generator<Field> {
  let offset = 0;
  while (offset < data.length) {
    const start = offset;
    const key = readVarint(data, offset);
    const field = Math.floor(key.value / 8);
    const wire = key.value % 8;
    offset = key.next;
    let value = 0;
    let bytes = data.subarray(offset, offset);
    if (wire === WIRE_VARINT) {
      const v = readVarint(data, offset);
      value = v.value;
      offset = v.next;
    } else if (wire === WIRE_LENGTH) {
      const length = readVarint(data, offset);
      offset = length.next + length.value;
      if (offset > data.length) throw new ProtobufError(`field ${field} runs past the end`);
      bytes = data.subarray(length.next, offset);
    } else if (wire === WIRE_FIXED64) {
      offset += 8;
    } else if (wire === WIRE_FIXED32) {
      offset += 4;
    } else {
      throw new ProtobufError(`unsupported wire type ${wire} at byte ${start}`);
    }
    if (offset > data.length || field === 0) throw new ProtobufError(`malformed field at byte ${start}`);
    yield { field, wire, value, bytes, start, end: offset };
  }
}

const utf8 = new TextDecoder();
const utf8Encoder = new TextEncoder();

export function decodeString(bytes: Uint8Array): string {
  return utf8.decode(bytes);
}

function varintBytes(value: number): number[] {
  if (!Number.isSafeInteger(value) || value < 0) throw new ProtobufError(`cannot encode ${value}`);
  const out: number[] = [];
  let v = value;
  do {
    const low = v % 128;
    v = Math.floor(v / 128);
    out.push(v > 0 ? low | 0x80 : low);
  } while (v > 0);
  return out;
}

export function concatBytes(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, p) => sum + p.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** The key and length that start a length-delimited field of `length` bytes. */
export function lengthHead(field: number, length: number): Uint8Array {
  return Uint8Array.from([...varintBytes(field * 8 + WIRE_LENGTH), ...varintBytes(length)]);
}

/** A length-delimited field (a string, bytes or an embedded message). */
export function lengthField(field: number, payload: Uint8Array): Uint8Array {
  return concatBytes([lengthHead(field, payload.length), payload]);
}

export function stringField(field: number, text: string): Uint8Array {
  return lengthField(field, utf8Encoder.encode(text));
}

export function varintField(field: number, value: number): Uint8Array {
  return Uint8Array.from([...varintBytes(field * 8 + WIRE_VARINT), ...varintBytes(value)]);
}

/** A packed repeated int32 field (negative values are 10-byte varints; the low 32 bits hold them). */
export function packedInt32s(bytes: Uint8Array): number[] {
  const out: number[] = [];
  let offset = 0;
  while (offset < bytes.length) {
    let value = 0;
    let shift = 0;
    let byte: number;
    do {
      if (offset >= bytes.length) throw new ProtobufError('truncated packed varint');
      byte = bytes[offset]!;
      offset += 1;
      if (shift < 32) value |= (byte & 0x7f) << shift;
      shift += 7;
    } while (byte & 0x80);
    out.push(value | 0);
  }
  return out;
}
