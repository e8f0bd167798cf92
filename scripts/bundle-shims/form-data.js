// Stands in for `form-data` in the extension bundle (see README.md): multipart bodies are never sent.
class FormData {
  constructor() {
    throw new Error('Standards Explorer does not send multipart/form-data bodies (form-data is left out of the bundle).');
  }
}
module.exports = FormData;
module.exports.default = FormData;
