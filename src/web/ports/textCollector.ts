/** The browser's src/core/service/textCollector.ts: the same collector over TextDecoder (bodyDecoder.ts's web decoding). */
import { BodyDecoder, webUtf8 } from '../../core/service/bodyDecoder';

export class TextCollector extends BodyDecoder {
  constructor() {
    super(webUtf8());
  }
}
