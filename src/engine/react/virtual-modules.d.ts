/** Types of the virtual modules the build's plugins serve. */
declare module 'virtual:qr?*' {
  /** A QR code of the address after `?`, as SVG markup (src/cli/qrVitePlugin.ts). */
  const svg: string;
  export default svg;
}
