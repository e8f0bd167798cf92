// In place of axios' XMLHttpRequest adapter (lib/adapters/xhr.js), the browser's: in Node its export is `false`
// (there is no XMLHttpRequest), which is what this says without bundling the adapter's code.
'use strict';
exports.default = false;
exports.__esModule = true;
