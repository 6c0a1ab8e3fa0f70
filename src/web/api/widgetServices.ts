/**
 * What the form widgets need from the API (any flow): uploads with progress, downloads of stored files, and the
 * lists `apiSelect` fields pick from (business sections and their categories), and the lookups that fill a field
 * from another's answer (an IBAN's bank).
 */
import { api, ApiError } from './client';
import { UploadRejected, type WidgetServices } from '../../engine/widgets/services';

/** Uploads with progress (fetch cannot report upload progress; XMLHttpRequest can). */
function upload(file: File, onProgress: (fraction: number) => void, signal: AbortSignal) {
  return new Promise<{ url: string }>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', '/merchant/api/v2/upload');
    request.withCredentials = true;
    request.setRequestHeader('x-mbo-client', 'web');
    request.responseType = 'json';
    request.upload.onprogress = (event) => event.lengthComputable && onProgress(event.loaded / event.total);
    request.onload = () => {
      const body = (request.response ?? {}) as { url?: string; type?: string };
      if (request.status === 201 && body.url) return resolve({ url: body.url });
      if (request.status === 415) return reject(new UploadRejected('badType'));
      if (request.status === 413) return reject(new UploadRejected('tooLarge'));
      reject(new ApiError(request.status, 'failed to upload'));
    };
    request.onerror = () => reject(new ApiError(0, 'network error'));
    request.onabort = () => reject(new DOMException('aborted', 'AbortError'));
    signal.addEventListener('abort', () => request.abort());
    const form = new FormData();
    form.append('file', file, file.name);
    request.send(form);
  });
}

/** Saves a stored file through the download call (`mime_type`, base64 `data`). */
async function download(url: string) {
  const file = await api<{ mime_type: string; data: string; name: string }>(
    'GET',
    `/merchant/api/v2/download?url=${encodeURIComponent(url)}`,
  );
  const bytes = Uint8Array.from(atob(file.data), (c) => c.charCodeAt(0));
  const href = URL.createObjectURL(new Blob([bytes], { type: file.mime_type }));
  const link = document.createElement('a');
  link.href = href;
  link.download = file.name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}

interface NamedItem {
  id: number;
  name: string;
}

/** Lists from the server for `apiSelect` fields. */
async function options(source: string, parent: unknown, language: string) {
  const lang = language === 'ar' ? 'ar' : 'en';
  const path =
    source === 'sections'
      ? `/merchant/api/v1/application/sections?lang=${lang}`
      : source === 'categories'
        ? `/merchant/api/v1/application/sections/${encodeURIComponent(String(parent))}/categories?lang=${lang}`
        : null;
  if (!path) throw new Error(`no list "${source}"`);
  const { items } = await api<{ items: NamedItem[] }>('GET', path);
  return items.map((item) => ({ value: item.id, label: item.name }));
}

/** What a source knows about a field's value (`ui:options.lookup`): the IBAN check names the bank. */
async function lookup(source: string, value: string) {
  if (source !== 'iban') throw new Error(`no lookup "${source}"`);
  const answer = await api<{ valid: boolean; bank_name: string | null }>(
    'GET',
    `/partners/application/api/v1/iban/${encodeURIComponent(value)}`,
  );
  return answer.valid ? answer : null;
}

/** The widget services of every form in the app. */
export const widgetServices: WidgetServices = { upload, download, options, lookup };
