/**
 * A resumable upload (docs/uploads.md) of a file larger than the plain upload call takes — a bank statement up to
 * 150000 KB (capital §5, §9) — over the tus protocol (tus-js-client): progress as it goes, a dropped connection
 * resumed by itself from the last byte the server kept, and the same file chosen again after a reload resumed rather
 * than sent again (the browser keeps each upload's address by the file's name, size and date). A refusal the person
 * can act on (not a PDF, too large, the day's quota) is an UploadRejected, as from the plain call.
 */
import { DetailedError, Upload } from 'tus-js-client';
import { ApiError } from './client';
import { UploadRejected } from '../../engine/widgets/services';
import type { Uploaded } from './upload';

export const RESUMABLE_ENDPOINT = '/merchant/api/v1/uploads/resumable';
/** Above the plain upload call's limit (10000 KB), an upload is resumable. */
export { PLAIN_UPLOAD_BYTES as PLAIN_UPLOAD_LIMIT } from '../../domain/uploads';

const REFUSALS: Record<number, UploadRejected['reason']> = { 413: 'tooLarge', 415: 'badType', 429: 'quota' };

/** A stored file's address once the upload is complete (asked again, so a reload after the last byte finds it too). */
async function storedOf(uploadUrl: string, name: string): Promise<Uploaded> {
  const response = await fetch(`${new URL(uploadUrl, window.location.href).pathname}/file`, {
    credentials: 'same-origin',
    headers: { 'x-mbo-client': 'web' },
  });
  if (!response.ok) throw new ApiError(response.status, 'failed to read the uploaded file');
  const body = (await response.json()) as { url: string; name?: string };
  return { url: body.url, name: body.name ?? name };
}

/** The stored file in the last PATCH's answer, or null when it has none (a resumed upload that was complete). */
function answerOf(body: string | undefined): (Omit<Uploaded, 'name'> & { name?: string }) | null {
  try {
    const parsed = JSON.parse(body ?? '') as { url?: unknown; name?: unknown; password_protected?: unknown };
    if (typeof parsed.url !== 'string') return null;
    return {
      url: parsed.url,
      name: typeof parsed.name === 'string' ? parsed.name : undefined,
      password_protected: parsed.password_protected === true,
    };
  } catch {
    return null;
  }
}

export function resumableUpload(
  file: File,
  onProgress: (fraction: number) => void,
  signal: AbortSignal,
): Promise<Uploaded> {
  return new Promise<Uploaded>((resolve, reject) => {
    const upload = new Upload(file, {
      endpoint: RESUMABLE_ENDPOINT,
      metadata: { filename: file.name, filetype: file.type },
      headers: { 'x-mbo-client': 'web' },
      // A phone on a mobile network: tried again after 1, 3, 5, 10 and 20 seconds, each from where it got.
      retryDelays: [0, 1000, 3000, 5000, 10_000, 20_000],
      removeFingerprintOnSuccess: true,
      // A refusal for what the file is (type, size, quota) or whose it is will not change by sending it again.
      onShouldRetry: (error) => {
        const status = error.originalResponse?.getStatus() ?? 0;
        return status === 0 || status === 409 || status === 423 || status >= 500;
      },
      onProgress: (sent, total) => onProgress(total > 0 ? sent / total : 0),
      // The last PATCH answers the stored file (with whether the PDF asks for a password); a reload after the last
      // byte asks for it again.
      onSuccess: ({ lastResponse }) => {
        const stored = answerOf(lastResponse.getBody());
        if (stored) resolve({ ...stored, name: stored.name ?? file.name });
        else void storedOf(upload.url!, file.name).then(resolve, reject);
      },
      onError: (error) => {
        const status = error instanceof DetailedError ? (error.originalResponse?.getStatus() ?? 0) : 0;
        const reason = REFUSALS[status];
        reject(reason ? new UploadRejected(reason) : new ApiError(status, 'failed to upload'));
      },
    });
    signal.addEventListener('abort', () => {
      void upload.abort();
      reject(new DOMException('aborted', 'AbortError'));
    });
    // The same file chosen again (after a reload, or a failure): on from the last byte the server kept.
    void upload.findPreviousUploads().then((previous) => {
      if (previous[0]) upload.resumeFromPreviousUpload(previous[0]);
      upload.start();
    });
  });
}
