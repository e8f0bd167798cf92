// In place of axios' XMLHttpRequest adapter (lib/adapters/xhr.js), the browser's: in Node its default export is
// `false` (there is no XMLHttpRequest), which is what this says without bundling the adapter's code. The module
// itself is that value: axios is an ES module package, so esbuild hands its default import the whole of
// `module.exports` (an object there would be taken for an adapter, and every request would fail).
'use strict';
module.exports = false;
