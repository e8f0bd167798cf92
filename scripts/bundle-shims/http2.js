// axios' Node adapter imports `http2` at load time, and loading Node's http2 takes ~14 ms; axios reaches it only
// for a request made with `httpVersion: 2`, which the extension never makes. This stand-in loads the real module on
// first use instead. `__esModule` is answered without loading, so esbuild's interop wrapper does not trigger it.
'use strict';
let real;
const load = () => (real ??= require('node:http2'));
module.exports = new Proxy(
  {},
  {
    get: (_, name) => (name === '__esModule' ? undefined : load()[name]),
    has: (_, name) => name in load(),
  },
);
