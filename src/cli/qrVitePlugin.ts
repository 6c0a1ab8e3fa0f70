/**
 * `virtual:qr?<address>`: a QR code of the address as an SVG string, drawn at build time, so the sign-in page
 * ships the picture (~2 KiB) rather than a QR library.
 */
import type { Plugin } from 'vite';
import { renderSVG } from 'uqr';

const PREFIX = 'virtual:qr?';

export function qrPlugin(): Plugin {
  return {
    name: 'mbo-qr',
    resolveId: (id) => (id.startsWith(PREFIX) ? `\0${id}` : undefined),
    load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return undefined;
      const address = decodeURIComponent(id.slice(PREFIX.length + 1));
      return `export default ${JSON.stringify(renderSVG(address, { border: 1 }))};`;
    },
  };
}
