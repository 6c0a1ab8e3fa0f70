/**
 * An upload with progress (fetch cannot report upload progress; XMLHttpRequest can), to any of the API's upload
 * calls: the form's files (`/merchant/api/v2/upload`, field `file`), dispute images (field `asset`). A refusal the
 * person can act on (wrong type, too large, the day's quota) is an UploadRejected, named by the server's message
 * key on the field, or by the status when the body was refused before it was read.
 */
import { ApiError } from './client';
import { UploadRejected } from '../../engine/widgets/services';

const REFUSALS: Record<string, UploadRejected['reason']> = {
  'widgets:upload.badType': 'badType',
  'widgets:upload.tooLarge': 'tooLarge',
  'widgets:upload.quota': 'quota',
};
const STATUS_REFUSALS: Record<number, UploadRejected['reason']> = { 415: 'badType', 413: 'tooLarge' };

export interface Uploaded {
  url: string;
  name: string;
  /** A PDF that asks for a password to open, as the server found it. */
  password_protected?: boolean;
}

export function uploadWithProgress(
  path: string,
  field: string,
  file: File,
  onProgress: (fraction: number) => void,
  signal: AbortSignal,
): Promise<Uploaded> {
  return new Promise<Uploaded>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', path);
    request.withCredentials = true;
    request.setRequestHeader('x-mbo-client', 'web');
    request.responseType = 'json';
    request.upload.onprogress = (event) => event.lengthComputable && onProgress(event.loaded / event.total);
    request.onload = () => {
      const body = (request.response ?? {}) as {
        url?: string;
        name?: string;
        password_protected?: boolean;
        field_errors?: Record<string, { key?: string }>;
      };
      if (request.status === 201 && body.url)
        return resolve({
          url: body.url,
          name: body.name ?? file.name,
          password_protected: body.password_protected === true,
        });
      const reason = REFUSALS[body.field_errors?.[`/${field}`]?.key ?? ''] ?? STATUS_REFUSALS[request.status];
      if (reason) return reject(new UploadRejected(reason));
      reject(new ApiError(request.status, 'failed to upload'));
    };
    request.onerror = () => reject(new ApiError(0, 'network error'));
    request.onabort = () => reject(new DOMException('aborted', 'AbortError'));
    signal.addEventListener('abort', () => request.abort());
    const form = new FormData();
    form.append(field, file, file.name);
    request.send(form);
  });
}

/**
 * Where the browser reads one of our stored files (an image's `src`, a link): the download call's attachment
 * form — the bytes typed by their content, with a safe name, under the merchant's session.
 */
export const storedFileAddress = (url: string) =>
  `/merchant/api/v2/download?disposition=attachment&url=${encodeURIComponent(url)}`;
