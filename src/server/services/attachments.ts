/**
 * Images attached to something a merchant sends (a dispute's challenge, a support ticket): addresses answered by
 * an upload, of files the caller or a colleague uploaded, images only, at most `max`. Anything else is a field
 * problem at `/attachments/<index>` — another account's file "does not exist".
 */
import { fieldError, type FieldError } from '../errors';
import type { FileRepository } from '../repositories/files';
import { fileIdOf } from './files';

export async function ownImages(
  files: FileRepository,
  accountId: string,
  urls: string[],
  max: number,
  problems: Record<string, FieldError>,
): Promise<{ url: string; name: string }[]> {
  if (urls.length > max) problems['/attachments'] = fieldError('validation:error.maxItems', { limit: max });
  const colleagues = await files.colleaguesOf(accountId);
  const images: { url: string; name: string }[] = [];
  for (const [index, url] of urls.entries()) {
    const fileId = fileIdOf(url);
    const file = fileId ? await files.file(fileId) : undefined;
    if (!file || !colleagues.includes(file.accountId) || !file.mimeType.startsWith('image/'))
      problems[`/attachments/${index}`] = fieldError('validation:error.fileNotFound');
    else images.push({ url, name: file.name });
  }
  return images;
}
