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
      const body = (request.response ?? {}) as { url?: string; type?: string; message?: string };
      if (request.status === 201 && body.url) return resolve({ url: body.url });
      if (request.status === 415) return reject(new UploadRejected('badType'));
      if (request.status === 413) return reject(new UploadRejected('tooLarge'));
      if (request.status === 429 && /quota/.test(String(body.message ?? '')))
        return reject(new UploadRejected('quota'));
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

/**
 * Saves a stored file: the download call's attachment form (the bytes, typed by their content, with a safe
 * name), kept in a blob so a refusal is an error the widget shows rather than a page the browser opens.
 */
async function download(url: string) {
  const response = await fetch(
    `/merchant/api/v2/download?disposition=attachment&url=${encodeURIComponent(url)}`,
    {
      credentials: 'same-origin',
      headers: { 'x-mbo-client': 'web' },
    },
  );
  if (!response.ok) throw new ApiError(response.status, 'failed to download');
  const name = contentDispositionName(response.headers.get('content-disposition')) ?? 'file';
  const href = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}

/** The file name of a Content-Disposition header: its UTF-8 `filename*` when there, else `filename`. */
function contentDispositionName(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*=UTF-8''([^;]+)/i.exec(header)?.[1];
  if (extended) return decodeURIComponent(extended);
  return /filename="([^"]*)"/i.exec(header)?.[1] ?? null;
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
