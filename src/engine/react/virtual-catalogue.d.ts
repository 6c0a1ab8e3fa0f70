/** Types of the virtual modules the catalogue Vite plugin serves (src/cli/catalogueVitePlugin.ts). */
declare module 'virtual:catalogue/index' {
  // An ambient module cannot import relatively at its top, so the type is referenced inline.
  // eslint-disable-next-line @typescript-eslint/consistent-type-imports
  export const flows: Record<string, () => Promise<import('./catalogueTypes').FlowModule>>;
}

declare module 'virtual:qr?*' {
  /** A QR code of the address after `?`, as SVG markup (src/cli/qrVitePlugin.ts). */
  const svg: string;
  export default svg;
}
