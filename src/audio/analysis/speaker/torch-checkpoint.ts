import { AppError } from '../../../errors.js';

/**
 * Reads the float tensors of a PyTorch checkpoint saved in the legacy (pre-1.6, not zip) format,
 * without Python or torch: Resemblyzer's `pretrained.pt` is one. The file is five pickles (magic
 * number, protocol version, system info, the saved object, the storage keys) followed by each
 * storage's raw little-endian data, prefixed by its element count (int64).
 *
 * Only the pickle opcodes such a file uses are understood (protocol 2). The object's classes are
 * never instantiated: a tensor becomes a view description (storage, offset, size, stride), anything
 * else an opaque value. Tensors are read from the `model_state` dictionary (or the object itself).
 */

/** A tensor as float32 values in row-major order, with its shape. */
export interface CheckpointTensor {
  shape: number[];
  values: Float32Array;
}

class Global {
  constructor(readonly name: string) {}
}
class Opaque {}
const MARK = Symbol('mark');

interface StorageRef {
  key: string;
  type: string;
}
interface TensorRef {
  storage: StorageRef;
  offset: number;
  size: number[];
  stride: number[];
}

const ITEM_BYTES: Record<string, number> = {
  FloatStorage: 4,
  DoubleStorage: 8,
  HalfStorage: 2,
  LongStorage: 8,
  IntStorage: 4,
  ShortStorage: 2,
  CharStorage: 1,
  ByteStorage: 1,
  BoolStorage: 1,
};

function bad(why: string): AppError {
  return new AppError('provider_error', `Not a readable PyTorch checkpoint: ${why}`, { retryable: false });
}

/** One pickle from `bytes` at `start`: its value and where the next byte is. */
function unpickle(
  bytes: Uint8Array,
  start: number,
  storageTypes: Map<string, string>,
): { value: unknown; end: number } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const text = new TextDecoder();
  const stack: unknown[] = [];
  const memo = new Map<number, unknown>();
  let at = start;
  const u8 = (): number => {
    if (at >= bytes.length) throw bad('truncated pickle');
    return bytes[at++]!;
  };
  const u32 = () => {
    const v = view.getUint32(at, true);
    at += 4;
    return v;
  };
  const popMark = (): unknown[] => {
    const index = stack.lastIndexOf(MARK);
    if (index < 0) throw bad('pickle MARK missing');
    const items = stack.splice(index);
    items.shift();
    return items;
  };
  const line = (): string => {
    const end = bytes.indexOf(0x0a, at);
    const s = text.decode(bytes.subarray(at, end));
    at = end + 1;
    return s;
  };
  const setItems = (target: unknown, items: unknown[]) => {
    if (!(target instanceof Map)) return;
    for (let i = 0; i + 1 < items.length; i += 2) target.set(items[i], items[i + 1]);
  };
  for (;;) {
    if (at >= bytes.length) throw bad('pickle without STOP');
    const op = u8();
    switch (op) {
      case 0x80: at += 1; break; // PROTO
      case 0x2e: return { value: stack.pop(), end: at }; // STOP
      case 0x28: stack.push(MARK); break; // MARK
      case 0x7d: stack.push(new Map()); break; // EMPTY_DICT
      case 0x5d: stack.push([]); break; // EMPTY_LIST
      case 0x29: stack.push([]); break; // EMPTY_TUPLE
      case 0x4e: stack.push(null); break; // NONE
      case 0x88: stack.push(true); break; // NEWTRUE
      case 0x89: stack.push(false); break; // NEWFALSE
      case 0x4b: stack.push(u8()); break; // BININT1
      case 0x4d: stack.push(view.getUint16(at, true)); at += 2; break; // BININT2
      case 0x4a: stack.push(view.getInt32(at, true)); at += 4; break; // BININT
      case 0x47: stack.push(view.getFloat64(at, false)); at += 8; break; // BINFLOAT (big-endian)
      case 0x8a: { // LONG1: little-endian two's complement of n bytes
        const n = u8();
        let v = 0n;
        for (let i = n - 1; i >= 0; i -= 1) v = (v << 8n) | BigInt(bytes[at + i]!);
        if (n > 0 && (bytes[at + n - 1]! & 0x80) !== 0) v -= 1n << BigInt(8 * n);
        at += n;
        stack.push(Number(v));
        break;
      }
      case 0x58: { // BINUNICODE
        const n = u32();
        stack.push(text.decode(bytes.subarray(at, at + n)));
        at += n;
        break;
      }
      case 0x8c: { // SHORT_BINUNICODE
        const n = u8();
        stack.push(text.decode(bytes.subarray(at, at + n)));
        at += n;
        break;
      }
      case 0x63: stack.push(new Global(`${line()} ${line()}`)); break; // GLOBAL
      case 0x71: memo.set(u8(), stack.at(-1)); break; // BINPUT
      case 0x72: memo.set(u32(), stack.at(-1)); break; // LONG_BINPUT
      case 0x68: stack.push(memo.get(u8())); break; // BINGET
      case 0x6a: stack.push(memo.get(u32())); break; // LONG_BINGET
      case 0x85: stack.push([stack.pop()]); break; // TUPLE1
      case 0x86: { const b = stack.pop(); stack.push([stack.pop(), b]); break; } // TUPLE2
      case 0x87: { const c = stack.pop(); const b = stack.pop(); stack.push([stack.pop(), b, c]); break; } // TUPLE3
      case 0x74: stack.push(popMark()); break; // TUPLE
      case 0x6c: stack.push(popMark()); break; // LIST
      case 0x61: { const v = stack.pop(); (stack.at(-1) as unknown[]).push(v); break; } // APPEND
      case 0x65: { const items = popMark(); (stack.at(-1) as unknown[]).push(...items); break; } // APPENDS
      case 0x73: { const v = stack.pop(); const k = stack.pop(); setItems(stack.at(-1), [k, v]); break; } // SETITEM
      case 0x75: { const items = popMark(); setItems(stack.at(-1), items); break; } // SETITEMS
      case 0x62: stack.pop(); break; // BUILD: object state is not needed
      case 0x51: { // BINPERSID: ('storage', type, key, location, size, view)
        const pid = stack.pop() as unknown[];
        const type = pid[1] instanceof Global ? pid[1].name.split(' ')[1]! : String(pid[1]);
        storageTypes.set(String(pid[2]), type);
        stack.push({ key: String(pid[2]), type } satisfies StorageRef);
        break;
      }
      case 0x52: { // REDUCE
        const args = stack.pop() as unknown[];
        const callable = stack.pop();
        const name = callable instanceof Global ? callable.name : '';
        if (name === 'collections OrderedDict') stack.push(new Map());
        else if (name === 'torch._utils _rebuild_tensor_v2' || name === 'torch._utils _rebuild_tensor') {
          const [storage, offset, size, stride] = args as [StorageRef, number, number[], number[]];
          stack.push({ storage, offset, size: [...size], stride: [...stride] } satisfies TensorRef);
        } else if (name === 'torch._utils _rebuild_parameter') stack.push(args[0]);
        else stack.push(new Opaque());
        break;
      }
      default:
        throw bad(`pickle opcode 0x${op.toString(16)} at byte ${at - 1}`);
    }
  }
}

/** The float tensors of the checkpoint's `model_state` (or top-level) dictionary, by name. */
export function readTorchCheckpoint(file: Uint8Array): Map<string, CheckpointTensor> {
  let at = 0;
  const storageTypes = new Map<string, string>();
  const next = () => {
    const { value, end } = unpickle(file, at, storageTypes);
    at = end;
    return value;
  };
  next(); // magic number
  next(); // protocol version
  next(); // system info
  const saved = next();
  const keys = next();
  if (!Array.isArray(keys)) throw bad('no storage key list');
  const state = saved instanceof Map && saved.get('model_state') instanceof Map ? saved.get('model_state') : saved;
  if (!(state instanceof Map)) throw bad('no state dictionary');
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
  const storages = new Map<string, { offset: number; count: number }>();
  for (const key of keys) {
    if (at + 8 > file.length) throw bad('truncated storage');
    const count = Number(view.getBigInt64(at, true));
    at += 8;
    storages.set(String(key), { offset: at, count });
    const item = ITEM_BYTES[storageTypes.get(String(key)) ?? ''];
    if (item === undefined) throw bad(`storage ${String(key)} of unknown type`);
    at += count * item;
  }
  const out = new Map<string, CheckpointTensor>();
  for (const [name, ref] of state) {
    if (!isTensorRef(ref) || ref.storage.type !== 'FloatStorage') continue;
    const storage = storages.get(ref.storage.key);
    if (storage === undefined) throw bad(`storage ${ref.storage.key} missing`);
    const count = ref.size.reduce((a, b) => a * b, 1);
    const values = new Float32Array(count);
    const index = new Array<number>(ref.size.length).fill(0);
    for (let i = 0; i < count; i += 1) {
      let element = ref.offset;
      for (let d = 0; d < index.length; d += 1) element += index[d]! * ref.stride[d]!;
      if (element >= storage.count) throw bad(`tensor ${String(name)} runs past its storage`);
      values[i] = view.getFloat32(storage.offset + element * 4, true);
      for (let d = index.length - 1; d >= 0; d -= 1) {
        index[d] = index[d]! + 1;
        if (index[d]! < ref.size[d]!) break;
        index[d] = 0;
      }
    }
    out.set(String(name), { shape: ref.size, values });
  }
  return out;
}

function isTensorRef(value: unknown): value is TensorRef {
  return typeof value === 'object' && value !== null && 'storage' in value && 'stride' in value;
}
