/**
 * Where uploaded files' bytes live. Locally: files under DATA_DIR/uploads, named by their random id (never by
 * the name the merchant gave). The rows in the `files` table say whose a file is; this only holds bytes, so an
 * S3-compatible store can take its place behind the same three calls.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, readFile, rename, rm, writeFile } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';

export interface FileStore {
  put(id: string, bytes: Buffer): Promise<void>;
  /** The bytes, or null when there is no such file. */
  get(id: string): Promise<Buffer | null>;
  /**
   * The file as a stream, never held whole in memory (a 150 MB statement downloaded), with its size and first bytes
   * (its type is told from them before a byte is sent); null when there is no such file.
   */
  open(id: string, headLength: number): Promise<StoredStream | null>;
  /** Removes the bytes; a file already gone is no error. */
  delete(id: string): Promise<void>;
  /**
   * Takes a finished resumable upload's bytes as file `id` without reading them into memory: a file on this machine's
   * disk is moved (or streamed) and gone afterwards; an object in the bucket is copied there by the bucket itself
   * (its staging object is the resumable store's to remove).
   */
  adopt(id: string, from: StagedBytes, size: number): Promise<void>;
}

/** A stored file being read: its size, its first bytes, and the whole of it as a stream. */
export interface StoredStream {
  size: number;
  head: Buffer;
  body: Readable;
}

/** Where a finished resumable upload's bytes wait: a file on this machine's disk, or an object in the S3 bucket. */
export type StagedBytes = { file: string } | { key: string };

/**
 * A finished resumable upload as the file service checks and keeps it: its size, ranges of its bytes (its type and
 * whether a PDF asks for a password are told from a few of them, never the whole file), where its bytes wait, and a
 * way to remove what is left of it once kept or refused.
 */
export interface FinishedUpload {
  id: string;
  name?: string;
  size: number;
  read(position: number, length: number): Promise<Buffer>;
  staged: StagedBytes;
  discard(): Promise<void>;
}

const SAFE_ID = /^[0-9a-f-]{36}$/;

export function localFileStore(directory: string): FileStore {
  const at = (id: string) => {
    if (!SAFE_ID.test(id)) throw new Error(`not a file id: ${id}`);
    return path.join(directory, id.slice(0, 2), id);
  };
  return {
    async put(id, bytes) {
      const file = at(id);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, bytes, { flag: 'wx' });
    },
    async get(id) {
      try {
        return await readFile(at(id));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async open(id, headLength) {
      let handle;
      try {
        handle = await open(at(id), 'r');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
      // One open file for the head and the stream (the stream closes it when done or torn down).
      try {
        const { size } = await handle.stat();
        const head = Buffer.alloc(Math.min(headLength, size));
        await handle.read(head, 0, head.length, 0);
        return { size, head, body: handle.createReadStream({ start: 0, autoClose: true }) };
      } catch (error) {
        await handle.close();
        throw error;
      }
    },
    async delete(id) {
      await rm(at(id), { force: true });
    },
    async adopt(id, staged) {
      // A bucket's object only reaches a bucket's store (the resumable store is S3 exactly when this is).
      if (!('file' in staged))
        throw new Error(`the local file store cannot take the S3 object ${staged.key}`);
      const from = staged.file;
      const file = at(id);
      await mkdir(path.dirname(file), { recursive: true });
      try {
        await rename(from, file);
      } catch (error) {
        // Another disk (EXDEV): copied as a stream, then the upload's copy goes.
        if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
        await pipeline(createReadStream(from), createWriteStream(file, { flags: 'wx' }));
        await rm(from, { force: true });
      }
    },
  };
}

/** The types uploads may have (spec §5: jpeg, png, pdf), told by their first bytes, never by the file name. */
export const FILE_SIGNATURES: { extension: 'jpeg' | 'png' | 'pdf'; mime: string; magic: number[] }[] = [
  { extension: 'jpeg', mime: 'image/jpeg', magic: [0xff, 0xd8, 0xff] },
  { extension: 'png', mime: 'image/png', magic: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { extension: 'pdf', mime: 'application/pdf', magic: [0x25, 0x50, 0x44, 0x46, 0x2d] }, // %PDF-
];

/**
 * The file's real type from its content (three signatures do not need a library).
 * @returns - the matching signature, or null for anything else (a text file named .pdf included)
 */
export function sniffFileType(bytes: Buffer) {
  return FILE_SIGNATURES.find((s) => s.magic.every((byte, i) => bytes[i] === byte)) ?? null;
}
