/**
 * Saves what a POST answers as a file (the lists' CSV exports): the server streams every page of the filters;
 * the browser keeps the file under the name the answer gives (`content-disposition`), or `fallbackName`.
 * @throws ApiError - when the server refuses (a bad filter, no permission) or the network fails
 */
import { ApiError } from './client';

export const downloadPost = (url: string, body: unknown, fallbackName: string) =>
  save(
    fetch(url, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', 'x-mbo-client': 'web' },
      body: JSON.stringify(body),
    }),
    fallbackName,
  );

/** Saves what a GET answers as a file (one payout's transactions). */
export const downloadGet = (url: string, fallbackName: string) =>
  save(fetch(url, { credentials: 'same-origin', headers: { 'x-mbo-client': 'web' } }), fallbackName);

async function save(request: Promise<Response>, fallbackName: string) {
  const response = await request;
  if (!response.ok) throw new ApiError(response.status, 'export failed');
  const blob = await response.blob();
  const name =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  saveBlob(blob, name);
}

/** Hands bytes to the browser as a file download under `name` (an export, a stored document). */
export function saveBlob(blob: Blob, name: string) {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}
