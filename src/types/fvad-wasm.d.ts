/** `@echogarden/fvad-wasm` ships no types: its default export is an Emscripten module factory. */
declare module '@echogarden/fvad-wasm' {
  const factory: (options?: object) => Promise<unknown>;
  export default factory;
}
