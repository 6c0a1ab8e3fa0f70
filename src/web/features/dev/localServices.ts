/**
 * Widget services that work inside the browser, for the wizard playground:
 * an "upload" reads the file (with real progress events) and keeps it as an
 * object URL for this page; a resend waits a moment; a connector lists its platforms, one connected, and
 * cannot connect more (its consent page is the server's). Nothing leaves the browser.
 */
import type { WidgetServices } from '../../../engine/widgets/services';

export const PLAYGROUND_KNOWN_IBAN = 'SA0380000000608010167519';

export const localServices: WidgetServices = {
  knownIban: PLAYGROUND_KNOWN_IBAN,
  upload: (file, onProgress, signal) =>
    new Promise((resolve, reject) => {
      const reader = new FileReader();
      reader.onprogress = (event) => event.lengthComputable && onProgress(event.loaded / event.total);
      reader.onload = () => {
        onProgress(1);
        const url = URL.createObjectURL(file);
        resolve({ url: `${url}#${encodeURIComponent(file.name)}` });
      };
      reader.onerror = () => reject(reader.error ?? new Error('read failed'));
      signal.addEventListener('abort', () => {
        reader.abort();
        reject(new DOMException('aborted', 'AbortError'));
      });
      reader.readAsArrayBuffer(file);
    }),
  download: async (url) => {
    const link = document.createElement('a');
    link.href = url;
    link.download = decodeURIComponent(url.split('#')[1] ?? 'file');
    link.click();
  },
  // A copy of the kept file, as the widget revokes what it is given.
  preview: async (url) => {
    const blob = await (await fetch(url.split('#')[0]!)).blob();
    return blob.type.startsWith('image/') ? URL.createObjectURL(blob) : null;
  },
  resendOtp: () => new Promise((resolve) => setTimeout(resolve, 300)),
  connections: async () => ({
    sandbox: true,
    items: [
      { platform: 'amazon', connected: false, consent_url: null },
      { platform: 'shopify', connected: true, consent_url: null },
      { platform: 'woo_commerce', connected: false, consent_url: null },
    ],
  }),
};
