// Stands in for `https-proxy-agent` in the extension bundle (see README.md): axios' own proxy option is off
// (`proxy: false`); VS Code applies the user's proxy settings to Node's http/https.
class HttpsProxyAgent {
  constructor() {
    throw new Error("Standards Explorer does not use axios' proxy option (https-proxy-agent is left out of the bundle).");
  }
}
module.exports = HttpsProxyAgent;
module.exports.HttpsProxyAgent = HttpsProxyAgent;
module.exports.default = HttpsProxyAgent;
