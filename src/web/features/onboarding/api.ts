/**
 * The onboarding application's calls (spec §7) for the wizard: the draft adapter (load, autosave with
 * keepalive, submit), the widget services (uploads with progress, downloads, section and category lists),
 * and the UTM values of the landing page.
 */
import { api, ApiError } from '../../api/client';
import { answersOf, APPLICATION_URL, type Application } from '../../api/application';
import type { DraftAdapter } from '../../../engine/react/adapter';
import type { Draft } from '../../../engine/core/drafts';
import { UploadRejected, type WidgetServices } from '../../../engine/widgets/services';
import { landingUtm } from '../../app/utm';

/** Starts the account's application, with the landing page's UTM values. */
export const startApplication = () =>
  api<Application>('POST', APPLICATION_URL, { advertisement: landingUtm() ?? undefined });

/** Fetch keeps a keepalive body to 64 KiB; a larger application is saved without it (then only on blur/step). */
const KEEPALIVE_LIMIT = 60 * 1024;

/** The draft on the server: load it, save it (keepalive, so a closing tab still saves), submit it. */
export function applicationAdapter(id: string, initial: Application): DraftAdapter {
  return {
    load: async () => ({ flow: 'onboarding', version: initial.flow_version, data: answersOf(initial) }),
    save: async (draft: Draft) => {
      const body = { ...draft.data, advertisement: landingUtm() ?? undefined };
      const keepalive = JSON.stringify(body).length < KEEPALIVE_LIMIT;
      const saved = await api<Application & { field_errors?: Record<string, string> }>(
        'PUT',
        `${APPLICATION_URL}/${encodeURIComponent(id)}`,
        body,
        { keepalive },
      );
      return saved.field_errors ? { fieldErrors: saved.field_errors } : undefined;
    },
    submit: async () => {
      try {
        await api('POST', `${APPLICATION_URL}/${encodeURIComponent(id)}/submit`);
      } catch (error) {
        if (error instanceof ApiError && error.status === 422) return { fieldErrors: error.fieldErrors };
        throw error;
      }
    },
  };
}

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

export const applicationServices: WidgetServices = { upload, download, options };
