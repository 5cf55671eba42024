/** `@echogarden/rnnoise-wasm` ships no types: its default export is an Emscripten module factory. */
declare module '@echogarden/rnnoise-wasm' {
  const factory: () => Promise<unknown>;
  export default factory;
}
