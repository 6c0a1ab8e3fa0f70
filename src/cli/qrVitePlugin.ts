/**
 * `virtual:qr?<address>`: the address of a QR code of `<address>` drawn at build time — an SVG file among the
 * build's assets (hashed, cached like them), so the sign-in page ships a small picture rather than a QR library,
 * and the picture is an image the browser fetches as one, not markup inside the JavaScript. Under the dev server
 * the same picture as a data address.
 */
import type { Plugin } from 'vite';
import { renderSVG } from 'uqr';

const PREFIX = 'virtual:qr?';

export function qrPlugin(): Plugin {
  let serving = false;
  return {
    name: 'mbo-qr',
    configResolved(config) {
      serving = config.command === 'serve';
    },
    resolveId: (id) => (id.startsWith(PREFIX) ? `\0${id}` : undefined),
    load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return undefined;
      const address = decodeURIComponent(id.slice(PREFIX.length + 1));
      const svg = renderSVG(address, { border: 1 });
      if (serving)
        return `export default ${JSON.stringify(`data:image/svg+xml,${encodeURIComponent(svg)}`)};`;
      const ref = this.emitFile({ type: 'asset', name: 'qr.svg', source: svg });
      return `export default import.meta.ROLLUP_FILE_URL_${ref};`;
    },
  };
}
