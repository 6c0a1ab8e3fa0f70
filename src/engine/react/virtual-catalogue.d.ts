/** Types of the virtual modules the catalogue Vite plugin serves (src/cli/catalogueVitePlugin.ts). */
declare module 'virtual:catalogue/index' {
  export const flows: Record<string, () => Promise<import('./catalogueTypes').FlowModule>>;
}
