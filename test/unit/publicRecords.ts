/**
 * Public catalogue records the real slice lacks (current editions and their neighbours), as the public catalogues
 * list them: shared by the Find Standard and the citation tests.
 */
export const PUBLIC_EDITIONS = [
  { urn: 'urn:iso:std:iso:9001:ed-5:stage-90.93', reference: 'ISO 9001:2015', title: 'Quality management systems - Requirements', status: 'current' },
  { urn: 'urn:iso:std:iso:9001:ed-4:stage-95.99', reference: 'ISO 9001:2008', title: 'Quality management systems - Requirements', status: 'withdrawn' },
  {
    urn: 'urn:iso:std:iso-iec:27001:ed-3:stage-60.60',
    reference: 'ISO/IEC 27001:2022',
    title: 'Information security, cybersecurity and privacy protection - Information security management systems - Requirements',
    status: 'current',
  },
  { urn: 'urn:iec:std:iec:62304:2006-05:::', reference: 'IEC 62304:2006', title: 'Medical device software - Software life cycle processes', status: 'current' },
  {
    urn: 'urn:iec:std:iec:62304:2006-05:::||amd:1:2015-06',
    reference: 'IEC 62304:2006/AMD1:2015',
    title: 'Amendment 1 - Medical device software - Software life cycle processes',
    status: 'current',
  },
  {
    urn: 'urn:iec:std:iec:62304:2006-05::csv:+amd:1:2015-06',
    reference: 'IEC 62304:2006+AMD1:2015 CSV',
    title: 'Medical device software - Software life cycle processes',
    status: 'current',
  },
  {
    urn: 'urn:iso:std:iso:10218:-1:ed-3:stage-60.60',
    reference: 'ISO 10218-1:2025',
    title: 'Robotics - Safety requirements - Part 1: Industrial robots',
    status: 'current',
  },
];
