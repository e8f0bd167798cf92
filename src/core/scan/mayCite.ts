/**
 * The scan's prefilter: whether a file's text may cite anything at all, by what every citation must hold — a
 * publisher's word (ISO, IEC, EN…), a URN of a standard (":std:"), the service's own address, or a
 * "standards: not-applicable" mark. One search over the text for each, stopping at the first hit; most files of a
 * workspace hold none (three files in four of a node_modules of 5 000), and their text is then neither recognised
 * nor searched for marks: the recogniser, the marks and the address search cost 5–10× the prefilter on such files.
 * Pure: no vscode.
 */
import { PUBLISHER_WORD } from '../citations/recognise';

const MARK = /standards:\s*not-applicable/i;

export function mayCite(text: string, serviceBaseUrl: string | undefined): boolean {
  return PUBLISHER_WORD.test(text) || text.includes(':std:') || (!!serviceBaseUrl && text.includes(serviceBaseUrl)) || MARK.test(text);
}
