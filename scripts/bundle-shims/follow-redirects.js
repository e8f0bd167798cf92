// Stands in for `follow-redirects` in the extension bundle (see README.md). axios only takes these transports when
// `maxRedirects > 0`; the transport always sets 0 and follows redirects itself, so reaching them is a bug.
function unused() {
  throw new Error('Standards Explorer follows redirects itself (maxRedirects: 0); follow-redirects is left out of the bundle.');
}
const transport = { request: unused, get: unused };
module.exports = { http: transport, https: transport, wrap: unused };
