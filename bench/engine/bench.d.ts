/** The benchmark's generated data, aliased by bench/engine/run.ts (`@bench` → .tmp/bench-engine). */
declare module '@bench/locales.json' {
  const texts: Record<string, unknown>;
  export default texts;
}
declare module '@bench/data.json' {
  const data: { a: Record<string, unknown>; b: Record<string, unknown>; schemas: Record<string, object> };
  export default data;
}
