/** Types of the virtual modules the build's plugins serve. */
declare module 'virtual:qr?*' {
  /** The address of a QR code of the address after `?`, an SVG picture (src/cli/qrVitePlugin.ts). */
  const src: string;
  export default src;
}
