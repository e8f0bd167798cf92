/** `import source from './x?worker'`: the bundle of ./x.ts as text (esbuild.js, workerTextPlugin). */
declare module '*?worker' {
  const source: string;
  export default source;
}
