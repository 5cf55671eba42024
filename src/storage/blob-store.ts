import type { Readable } from 'node:stream';

/** Inclusive byte range, as in an HTTP Range header. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where finished audio lives. The local-disk store serves one machine; an S3 store serves a
 * cluster. Keys are opaque paths like `audio/gen_x.mp3`.
 */
export interface BlobStore {
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /**
   * Stores the contents of the local file `file` under `key`, leaving the file as it is. The
   * local-disk store links it into place instead of copying its bytes where both share a
   * filesystem (the spool and the store under `DATA_DIR`).
   */
  putFile(key: string, file: string, contentType: string): Promise<void>;
  /** Size in bytes, or null when the blob does not exist. */
  size(key: string): Promise<number | null>;
  /** Streams the whole blob or one byte range of it. */
  read(key: string, range?: ByteRange): Promise<Readable>;
  delete(key: string): Promise<void>;
  /**
   * A URL the store itself serves without the API key, or null when the service must serve
   * the blob (local disk).
   */
  publicUrl(key: string): Promise<string | null>;
  /**
   * Removes what writes cut short by a killed process left behind, called once at start-up.
   * Returns how many were removed.
   */
  sweepPartialWrites(): Promise<number>;
  /** Releases connections; the store is not used afterwards. */
  close(): Promise<void>;
}
