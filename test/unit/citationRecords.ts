/** Catalogue records for the citation tests (unit and integration), as the public catalogues list them. */

/**
 * Editions the real slice lacks: the outdated-edition cases. Some are also in publicRecords.ts, but the order here is
 * part of the test data: the sandbox generates each standard's clauses from its position.
 */
export const CITED_RECORDS = [
  {
    urn: 'urn:iso:std:iso:17301:-1:ed-1:stage-95.99',
    reference: 'ISO 17301-1:2016',
    title: 'Cereals and pulses - Specifications and test methods - Part 1: Rice',
    status: 'withdrawn',
  },
  {
    urn: 'urn:iso:std:iso:17301:-1:ed-2:stage-60.60',
    reference: 'ISO 17301-1:2023',
    title: 'Cereals and pulses - Specifications and test methods - Part 1: Rice',
    status: 'current',
  },
  { urn: 'urn:iso:std:iso:9001:ed-5:stage-90.93', reference: 'ISO 9001:2015', title: 'Quality management systems - Requirements', status: 'current' },
  { urn: 'urn:iso:std:iso:9001:ed-4:stage-95.99', reference: 'ISO 9001:2008', title: 'Quality management systems - Requirements', status: 'withdrawn' },
  {
    urn: 'urn:iso:std:iso-iec:27001:ed-3:stage-60.60',
    reference: 'ISO/IEC 27001:2022',
    title: 'Information security management systems - Requirements',
    status: 'current',
  },
  {
    urn: 'urn:iso:std:iso-iec:27001:ed-2:stage-95.99',
    reference: 'ISO/IEC 27001:2013',
    title: 'Information security management systems - Requirements',
    status: 'withdrawn',
  },
  { urn: 'urn:iec:std:iec:62304:2006-05:::', reference: 'IEC 62304:2006', title: 'Medical device software - Software life cycle processes', status: 'current' },
  {
    urn: 'urn:iec:std:iec:62304:2006-05:::||amd:1:2015-06',
    reference: 'IEC 62304:2006/AMD1:2015',
    title: 'Amendment 1 - Medical device software',
    status: 'current',
  },
  {
    urn: 'urn:iec:std:iec:62304:2006-05::csv:+amd:1:2015-06',
    reference: 'IEC 62304:2006+AMD1:2015 CSV',
    title: 'Medical device software - Software life cycle processes',
    status: 'current',
  },
  // An older edition the catalogue still calls current: outdated by its year.
  { urn: 'urn:iso:std:iso:13485:ed-2', reference: 'ISO 13485:2003', title: 'Medical devices - Quality management systems', status: 'current' },
  { urn: 'urn:iso:std:iso:13485:ed-3', reference: 'ISO 13485:2016', title: 'Medical devices - Quality management systems', status: 'current' },
  {
    urn: 'urn:iso:std:iso:26262:-6:ed-2:stage-60.60',
    reference: 'ISO 26262-6:2018',
    title: 'Road vehicles - Functional safety - Part 6: Product development at the software level',
    status: 'current',
  },
];
