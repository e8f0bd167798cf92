/** Catalogue records for the citation tests (unit and integration), as the public catalogues list them. */
import { PUBLIC_EDITIONS } from './publicRecords';

/** Editions the real slice lacks: the outdated-edition cases. */
export const CITED_RECORDS = [
  ...PUBLIC_EDITIONS,
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
  {
    urn: 'urn:iso:std:iso-iec:27001:ed-2:stage-95.99',
    reference: 'ISO/IEC 27001:2013',
    title: 'Information security management systems - Requirements',
    status: 'withdrawn',
  },
  { urn: 'urn:iso:std:iso:13485:ed-2', reference: 'ISO 13485:2003', title: 'Medical devices - Quality management systems', status: 'current' },
  { urn: 'urn:iso:std:iso:13485:ed-3', reference: 'ISO 13485:2016', title: 'Medical devices - Quality management systems', status: 'current' },
  {
    urn: 'urn:iso:std:iso:26262:-6:ed-2:stage-60.60',
    reference: 'ISO 26262-6:2018',
    title: 'Road vehicles - Functional safety - Part 6: Product development at the software level',
    status: 'current',
  },
];
