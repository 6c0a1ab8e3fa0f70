/**
 * What the form widgets need from the API (any flow): uploads with progress (./upload.ts), downloads of stored files, and the
 * lists `apiSelect` and `multiSelect` fields pick from (business sections and their categories, the stores),
 * and the lookups that fill a field from another's answer (an IBAN's bank).
 */
import { api, ApiError } from './client';
import { uploadWithProgress, storedFileAddress } from './upload';
import { PLAIN_UPLOAD_LIMIT, resumableUpload } from './resumableUpload';
import { saveBlob } from './download';
import { fileNameOf, type WidgetServices } from '../../engine/widgets/services';
import type { IbanLookup, NamedList } from '../../contract/application';
import type { Connections } from '../../contract/capital';
import type { Static } from '../../contract/common';
import { safeFileName } from '../../domain/fileName';

/**
 * Uploads with progress: to the form's upload call, or — a file larger than it takes (a bank statement up to
 * 150000 KB) — as a resumable upload, which survives a dropped connection.
 */
const upload = (file: File, onProgress: (fraction: number) => void, signal: AbortSignal) =>
  file.size > PLAIN_UPLOAD_LIMIT
    ? resumableUpload(file, onProgress, signal)
    : uploadWithProgress('/merchant/api/v2/upload', 'file', file, onProgress, signal);

/** A stored file's bytes, read through the download call (same origin, the session's cookie). */
async function storedFile(url: string) {
  const response = await fetch(storedFileAddress(url), {
    credentials: 'same-origin',
    headers: { 'x-mbo-client': 'web' },
  });
  if (!response.ok) throw new ApiError(response.status, 'failed to read the stored file');
  return response.blob();
}

/**
 * Saves a stored file: the download call's attachment form (the bytes, typed by their content, with a safe
 * name), kept in a blob so a refusal is an error the widget shows rather than a page the browser opens.
 */
async function download(url: string) {
  const blob = await storedFile(url);
  // The name the address carries, ending in the type the server found in the bytes (as the server names it).
  const name = safeFileName(fileNameOf(url), blob.type);
  saveBlob(blob, name);
}

/** A stored image as an object URL, for the upload field's thumbnail (the server types the bytes by their content). */
async function preview(url: string) {
  const blob = await storedFile(url);
  return blob.type.startsWith('image/') ? URL.createObjectURL(blob) : null;
}

/** Lists from the server for `apiSelect` and `multiSelect` fields. */
async function options(source: string, parent: unknown, language: string) {
  if (source === 'stores') {
    const { items } = await api<{ items: { id: string; name: string }[] }>('GET', '/merchant/api/v1/stores');
    return items.map((store) => ({ value: store.id, label: store.name }));
  }
  const lang = language === 'ar' ? 'ar' : 'en';
  const path =
    source === 'sections'
      ? `/merchant/api/v1/application/sections?lang=${lang}`
      : source === 'categories'
        ? `/merchant/api/v1/application/sections/${encodeURIComponent(String(parent))}/categories?lang=${lang}`
        : null;
  if (!path) throw new Error(`no list "${source}"`);
  const { items } = await api<Static<typeof NamedList>>('GET', path);
  return items.map((item) => ({ value: item.id, label: item.name }));
}

/** What a source knows about a field's value (`ui:options.lookup`): the IBAN check names the bank. */
async function lookup(source: string, value: string) {
  if (source !== 'iban') throw new Error(`no lookup "${source}"`);
  const answer = await api<Static<typeof IbanLookup>>(
    'GET',
    `/partners/application/api/v1/iban/${encodeURIComponent(value)}`,
  );
  return answer.valid ? answer : null;
}

/**
 * A connector's platforms for a merchant, and connecting one with the token its consent page gave (capital
 * spec §7 `{connector}/connections` and `/connect`): bound to the merchant by the form that knows it.
 */
export function connectorServices(merchantId: string): Pick<WidgetServices, 'connections' | 'connect'> {
  const base = (source: string) => `/merchant/api/v1/capital/${encodeURIComponent(source)}`;
  return {
    connections: (source) =>
      // The contract's answer, taken as the engine's type: a field renamed on either side fails here.
      api<Static<typeof Connections>>(
        'GET',
        `${base(source)}/connections?merchant_id=${encodeURIComponent(merchantId)}`,
      ),
    connect: async (source, platform, publicToken) => {
      await api('POST', `${base(source)}/connect`, {
        platform,
        merchant_id: merchantId,
        public_token: publicToken,
      });
    },
  };
}

/** The widget services of every form in the app. */
export const widgetServices: WidgetServices = { upload, download, preview, options, lookup };
