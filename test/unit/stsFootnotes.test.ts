/**
 * NISO STS footnotes as converters write them: a marker in the text (`<xref ref-type="fn" rid="fn_1"><sup>1</sup>
 * </xref>`) and the footnote's body in an `<fn-group>` at the end of the section or the back matter
 * (metanorma/sts-ruby's iso_sts/feature_doc.xml; mnconvert's rice-en.final.sts.xml writes the `<fn>` inline instead).
 */
import * as assert from 'node:assert/strict';
import { buildDocument, documentText } from '../../src/core/document/index';

const sts = (name: string, attributes: Record<string, unknown> = {}, ...children: unknown[]): Record<string, unknown> => ({
  '@type': name,
  ...attributes,
  content: children,
});

describe('STS footnotes in an fn-group', () => {
  it('each marker once in the text, each footnote once below, no line of bare markers', () => {
    const document = buildDocument(
      sts(
        'sec',
        { id: 'sec_4' },
        sts('label', {}, '4'),
        sts('title', {}, 'General'),
        sts('p', {}, 'Lugols is suitable.', sts('xref', { 'ref-type': 'fn', rid: 'fn_1' }, sts('sup', {}, '1')), ' It is sold widely.'),
        sts('p', {}, 'Use grade 3 water.', sts('xref', { 'ref-type': 'fn', rid: 'fn_2' }, sts('sup', {}, '2'))),
        sts(
          'fn-group',
          {},
          sts('fn', { id: 'fn_1' }, sts('label', {}, sts('sup', {}, '1')), sts('p', {}, 'Lugols is an example of a suitable product.')),
          sts('fn', { id: 'fn_2' }, sts('label', {}, '2)'), sts('p', {}, 'Available at www.iso.org.')),
        ),
      ),
    );
    assert.deepEqual(documentText(document).split('\n'), [
      '4 General',
      'Lugols is suitable.[1] It is sold widely.',
      'Use grade 3 water.[2]',
      '[1]',
      'Lugols is an example of a suitable product.',
      '[2]',
      'Available at www.iso.org.',
    ]);
  });
});
