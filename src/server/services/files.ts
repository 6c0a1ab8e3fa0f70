/**
 * Uploads and downloads (spec §5, §7): jpeg, png or pdf — told by the content, not the name — up to
 * 10000 KB; a file is only ever served to the account that uploaded it or its merchant's users, and to
 * nobody else it "does not exist".
 *
 * A stored file's address is `<PUBLIC_URL>/uploads/<id>#<name>`: the id is random, the name after `#` is
 * only for showing. The address is not served as such; `GET /merchant/api/v2/download?url=` is the way in.
 */
import { randomUUID } from 'node:crypto';
import { fieldError, HttpError, notFound } from '../errors';
import type { FileRepository } from '../repositories/files';
import { sniffFileType, type FileStore } from '../storage';

export const FILE_URL_PATH = '/uploads';
/** Spec §5 / §9: default maximum 10000 KB (decimal, as the upload widget shows "10 MB"). */
export const MAX_UPLOAD_BYTES = 10_000 * 1000;

export interface FilesDeps {
  repository: FileRepository;
  store: FileStore;
  publicUrl: string;
}

/** A file name fit to show and to put after `#`: no path, no control characters, at most 120 characters. */
function cleanName(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  // Control characters (code points below 32, and 127) are dropped; a plain loop keeps the lint rule quiet.
  const clean = [...base]
    .filter((c) => c.charCodeAt(0) >= 32 && c.charCodeAt(0) !== 127)
    .join('')
    .trim()
    .slice(-120);
  return clean || 'file';
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

  return {
    async upload(accountId: string, file: { name?: string; bytes: Buffer }) {
      if (file.bytes.length === 0)
        throw new HttpError(400, 'the file is empty', { '/file': fieldError('widgets:upload.failed') });
      const type = sniffFileType(file.bytes);
      if (!type)
        throw new HttpError(
          415,
          'file type not allowed',
          { '/file': fieldError('widgets:upload.badType', { extensions: 'jpeg, png, pdf' }) },
          { type: 'FILE_TYPE', accept: ['jpeg', 'png', 'pdf'] },
        );
      const id = randomUUID();
      const name = cleanName(file.name);
      await store.put(id, file.bytes);
      await repository.addFile({ id, accountId, name, mimeType: type.mime, size: file.bytes.length });
      return {
        url: `${deps.publicUrl}${FILE_URL_PATH}/${id}#${encodeURIComponent(name)}`,
        name,
        mime_type: type.mime,
        size: file.bytes.length,
      };
    },

    async download(accountId: string, url: string) {
      const id = fileIdOf(url);
      const row = id ? await repository.file(id) : undefined;
      if (!row || !(await repository.colleaguesOf(accountId)).includes(row.accountId))
        throw notFound('file not found');
      const bytes = await store.get(row.id);
      if (!bytes) throw notFound('file not found');
      return { mime_type: row.mimeType, name: row.name, data: bytes.toString('base64') };
    },
  };
}

export type FileService = ReturnType<typeof createFileService>;
