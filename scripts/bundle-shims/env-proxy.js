// Stands in for `proxy-from-env` and axios' helpers/shouldBypassProxy.js (see README.md): axios reads the proxy
// environment variables only without `proxy: false`, and the transport always sets it; VS Code applies the user's
// proxy settings to Node's http/https.
'use strict';
function unused() {
  throw new Error("Standards Explorer does not use axios' proxy option (its proxy environment helpers are left out of the bundle).");
}
module.exports = unused;
module.exports.getProxyForUrl = unused;
