/**
 * Uploads and downloads (spec §5, §7): jpeg, png or pdf — told by the content, not the name — up to
 * 10000 KB; a file is only ever served to the account that uploaded it or its merchant's users, and to
 * nobody else it "does not exist".
 *
 * A stored file's address is `<PUBLIC_URL>/uploads/<id>#<name>`: the id is random, the name after `#` is
 * only for showing. The address is not served as such; `GET /merchant/api/v2/download?url=` is the way in.
 *
 * Hardening (issue 14): a file's type is told again from its bytes when it is served, and its name is made
 * safe (`safeFileName`: no bidi or control characters, no markup, the type's extension), so a PNG with HTML
 * appended is only ever a PNG. An account uploads at most `quota` files and bytes in a rolling day (429 past
 * it), and a file no draft or business profile points at a day after its upload is removed (`sweep`).
 */
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { fieldError, HttpError, notFound } from '../errors';
import type { FileRepository } from '../repositories/files';
import { FILE_SIGNATURES, sniffFileType, type FileStore, type FinishedUpload } from '../storage';
import { safeFileName } from '../../domain/fileName';
import { PLAIN_UPLOAD_BYTES, RESUMABLE_UPLOAD_BYTES } from '../../domain/uploads';
import type { Clock } from '../clock';

export const FILE_URL_PATH = '/uploads';

type FileExtension = (typeof FILE_SIGNATURES)[number]['extension'];
const ALL_TYPES: readonly FileExtension[] = FILE_SIGNATURES.map((s) => s.extension);
/** Spec §5 / §9: default maximum 10000 KB; bank statements 150000 KB, as resumable uploads (domain/uploads.ts). */
export const MAX_UPLOAD_BYTES = PLAIN_UPLOAD_BYTES;
export const MAX_RESUMABLE_BYTES = RESUMABLE_UPLOAD_BYTES;

/** A PDF's first and last bytes looked at for its `/Encrypt` dictionary (pdfIsEncrypted). */
const PDF_HEAD_BYTES = 64 * 1024;
const PDF_TAIL_BYTES = 1024 * 1024;

/**
 * Whether a PDF asks for a password to open: its trailer (or a linearized file's first one) names an `/Encrypt`
 * dictionary. Read from the file's first 64 KB (`head`, already read for its type) and last 1 MB, never the whole
 * file.
 */
async function pdfIsEncrypted(head: Buffer, file: Pick<FinishedUpload, 'size' | 'read'>): Promise<boolean> {
  if (head.includes('/Encrypt')) return true;
  const tailFrom = Math.max(0, file.size - PDF_TAIL_BYTES);
  return (await file.read(tailFrom, file.size - tailFrom)).includes('/Encrypt');
}

/** A stored file as it is served: its type as its bytes say, a safe name, and its bytes as a stream. */
export interface StoredFile {
  size: number;
  body: Readable;
  mimeType: string;
  name: string;
}

/**
 * A stored file's bytes in memory, for the answers that carry them in JSON (base64): only a file a plain upload could
 * have made (10000 KB); a larger one (a bank statement) is refused with the way to get it.
 */
export async function bytesOf(file: StoredFile): Promise<Buffer> {
  if (file.size > PLAIN_UPLOAD_BYTES) {
    file.body.destroy();
    throw new HttpError(
      406,
      `the file is ${Math.ceil(file.size / 1000)} KB, too large to answer in JSON: ask for it with disposition=attachment`,
    );
  }
  const chunks: Buffer[] = [];
  for await (const chunk of file.body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The quota's window, and how long after its upload a file nobody's answers point at is removed. */
const DAY_MS = 24 * 60 * 60_000;

export interface FilesDeps {
  repository: FileRepository;
  store: FileStore;
  publicUrl: string;
  clock: Clock;
  /** Per account per rolling day (UPLOAD_DAILY_FILES, UPLOAD_DAILY_MB). */
  quota: { files: number; bytes: number };
}

const FILE_PATH = new RegExp(`^${FILE_URL_PATH}/([0-9a-f-]{36})$`);

/** The file id in one of our file addresses, or null for anything else. */
export function fileIdOf(url: string): string | null {
  try {
    return FILE_PATH.exec(new URL(url).pathname)?.[1] ?? null;
  } catch {
    return null;
  }
}

export function createFileService(deps: FilesDeps) {
  const { repository, store } = deps;

  /**
   * A stored file whose uploader `may` be read, its type told by its first bytes and its name made safe; else "not
   * found". Its bytes are a stream (`body`), never held whole: a 150 MB statement is sent as it is read.
   */
  async function read(url: string, may: (owner: string) => Promise<boolean>): Promise<StoredFile> {
    const id = fileIdOf(url);
    const row = id ? await repository.file(id) : undefined;
    if (!row || !(await may(row.accountId))) throw notFound('file not found');
    const stored = await store.open(row.id, 16);
    const type = stored ? sniffFileType(stored.head) : null;
    if (!stored || !type) {
      stored?.body.destroy();
      throw notFound('file not found');
    }
    return {
      size: stored.size,
      body: stored.body,
      mimeType: type.mime,
      name: safeFileName(row.name, type.mime),
    };
  }

  /** 429 when one more file of `size` bytes would pass the account's rolling day's quota. */
  async function withinQuota(accountId: string, size: number, field: string) {
    const used = await repository.uploadedSince(accountId, new Date(deps.clock.now().getTime() - DAY_MS));
    if (used.count + 1 > deps.quota.files || used.bytes + size > deps.quota.bytes) {
      const megabytes = Math.floor(deps.quota.bytes / 1_000_000);
      throw new HttpError(
        429,
        `upload quota reached: at most ${deps.quota.files} files and ${megabytes} MB a day`,
        { [field]: fieldError('widgets:upload.quota', { files: deps.quota.files, megabytes }) },
        { quota: { files: deps.quota.files, megabytes } },
      );
    }
  }

  /** A stored file's address, as an upload answers it. */
  const addressOf = (row: { id: string; name: string }) =>
    `${deps.publicUrl}${FILE_URL_PATH}/${row.id}#${encodeURIComponent(row.name)}`;

  return {
    withinQuota,

    /** A file the account uploaded, by id (a finished resumable upload's), as an upload answers it; else 404. */
    async uploaded(accountId: string, id: string) {
      const row = await repository.file(id);
      if (!row || row.accountId !== accountId) throw notFound('file not found');
      return { url: addressOf(row), name: row.name, mime_type: row.mimeType, size: row.size };
    },

    /**
     * Takes a finished resumable upload (on this machine's disk or in the bucket) as the account's stored file,
     * checked as an upload is — its type told by its first bytes, the quota — without reading it into memory; and
     * says whether the PDF asks for a password. What is left of the upload is gone afterwards, whatever the answer.
     */
    async adopt(
      accountId: string,
      upload: FinishedUpload,
      options: { accept: readonly FileExtension[]; field?: string },
    ) {
      const field = options.field ?? '/file';
      try {
        const { size } = upload;
        // One read of its first bytes: its type, and a PDF's password (pdfIsEncrypted).
        const head = size > 0 ? await upload.read(0, Math.min(PDF_HEAD_BYTES, size)) : Buffer.alloc(0);
        const type = size > 0 ? sniffFileType(head) : null;
        if (!type || !options.accept.includes(type.extension))
          throw new HttpError(
            415,
            'file type not allowed',
            { [field]: fieldError('widgets:upload.badType', { extensions: options.accept.join(', ') }) },
            { type: 'FILE_TYPE', accept: options.accept },
          );
        await withinQuota(accountId, size, field);
        const passwordProtected = type.extension === 'pdf' && (await pdfIsEncrypted(head, upload));
        const name = safeFileName(upload.name, type.mime);
        await store.adopt(upload.id, upload.staged, size);
        try {
          await repository.addFile({ id: upload.id, accountId, name, mimeType: type.mime, size });
        } catch (error) {
          await store.delete(upload.id).catch(() => undefined);
          throw error;
        }
        return {
          url: addressOf({ id: upload.id, name }),
          name,
          mime_type: type.mime,
          size,
          password_protected: passwordProtected,
        };
      } finally {
        await upload.discard();
      }
    },

    /**
     * Stores an upload for the account.
     * @param options - the types it may have (told by its bytes) and the field its problems are reported on
     */
    async upload(
      accountId: string,
      file: { name?: string; bytes: Buffer },
      options: { accept?: readonly FileExtension[]; field?: string } = {},
    ) {
      const accept = options.accept ?? ALL_TYPES;
      const field = options.field ?? '/file';
      if (file.bytes.length === 0)
        throw new HttpError(400, 'the file is empty', { [field]: fieldError('widgets:upload.failed') });
      const type = sniffFileType(file.bytes);
      if (!type || !accept.includes(type.extension))
        throw new HttpError(
          415,
          'file type not allowed',
          { [field]: fieldError('widgets:upload.badType', { extensions: accept.join(', ') }) },
          { type: 'FILE_TYPE', accept },
        );
      await withinQuota(accountId, file.bytes.length, field);
      const id = randomUUID();
      const name = safeFileName(file.name, type.mime);
      await store.put(id, file.bytes);
      try {
        await repository.addFile({ id, accountId, name, mimeType: type.mime, size: file.bytes.length });
      } catch (error) {
        // No row will ever point at these bytes (the database is down, say): they go again, or, if the store
        // fails too, stay as an object nothing can reach — never a row without bytes. The caller gets the
        // database's answer (503 while it is unavailable).
        await store.delete(id).catch(() => undefined);
        throw error;
      }
      const bytes = file.bytes;
      const passwordProtected =
        type.extension === 'pdf' &&
        (await pdfIsEncrypted(bytes.subarray(0, PDF_HEAD_BYTES), {
          size: bytes.length,
          read: async (position, length) => bytes.subarray(position, position + length),
        }));
      return {
        url: `${deps.publicUrl}${FILE_URL_PATH}/${id}#${encodeURIComponent(name)}`,
        name,
        mime_type: type.mime,
        password_protected: passwordProtected,
        size: file.bytes.length,
      };
    },

    /** A stored file for the account, its type told by its bytes and its name made safe; else "not found". */
    async file(accountId: string, url: string) {
      return read(url, async (owner) => (await repository.colleaguesOf(accountId)).includes(owner));
    },

    /**
     * A stored file whoever uploaded it: for the provider's reviewers, who read an application's documents (the
     * caller has checked that the address stands in an application they may read).
     */
    async anyFile(url: string) {
      return read(url, async () => true);
    },

    /** Removes files nobody's answers point at a day after their upload; returns how many went. */
    async sweep(limit = 200) {
      const ids = await repository.unreferencedBefore(new Date(deps.clock.now().getTime() - DAY_MS), limit);
      for (const id of ids) {
        // Bytes first: a row without bytes reads as "not found"; bytes without a row would never be found again.
        await store.delete(id);
        await repository.removeFile(id);
      }
      return ids.length;
    },
  };
}

export type FileService = ReturnType<typeof createFileService>;
