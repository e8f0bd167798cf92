// In place of axios' fetch adapter (lib/adapters/fetch.js), which probes `Request`, `Response` and `ReadableStream`
// when it is loaded: in Node, touching those globals loads Node's fetch implementation (undici), ~20 ms of every
// activation. The extension always goes through axios' `http` adapter (Node's http/https, which VS Code's proxy
// support patches), so axios never asks for this one; if it ever did, it reads "not available" and says so.
'use strict';
exports.getFetch = () => false;
exports.default = false;
