/**
 * Files a merchant sends, by the addresses their uploads answered: the caller's own or a colleague's (another
 * account's file "does not exist"). `ownImages`: images attached to something sent (a dispute's challenge, a
 * support ticket), at most `max`, each problem at `/attachments/<index>`; a licence takes `ownFileReader`.
 */
import { fieldError, type FieldError } from '../errors';
import type { FileRepository } from '../repositories/files';
import { fileIdOf } from './files';

/**
 * Reads files by the addresses uploads answered, as the account may use them: its own or a colleague's (another
 * account's file "does not exist": undefined). The colleagues are read once, for every address asked.
 */
export async function ownFileReader(files: FileRepository, accountId: string) {
  const colleagues = await files.colleaguesOf(accountId);
  return async (url: string) => {
    const fileId = fileIdOf(url);
    const file = fileId ? await files.file(fileId) : undefined;
    return file && colleagues.includes(file.accountId) ? file : undefined;
  };
}

export async function ownImages(
  files: FileRepository,
  accountId: string,
  urls: string[],
  max: number,
  problems: Record<string, FieldError>,
): Promise<{ url: string; name: string }[]> {
  if (urls.length > max) problems['/attachments'] = fieldError('validation:error.maxItems', { limit: max });
  const own = await ownFileReader(files, accountId);
  const images: { url: string; name: string }[] = [];
  for (const [index, url] of urls.entries()) {
    const file = await own(url);
    if (!file || !file.mimeType.startsWith('image/'))
      problems[`/attachments/${index}`] = fieldError('validation:error.fileNotFound');
    else images.push({ url, name: file.name });
  }
  return images;
}
