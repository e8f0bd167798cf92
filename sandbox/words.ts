/** Vocabulary for plausible standard titles and clause text. Synthetic, but shaped like published standards. */

/** Subject areas: a main title element and the committee that would own it. */
export const SUBJECTS: ReadonlyArray<{ title: string; committee: string }> = [
  { title: 'Quality management systems', committee: 'ISO/TC 176' },
  { title: 'Information security, cybersecurity and privacy protection', committee: 'ISO/IEC JTC 1/SC 27' },
  { title: 'Information technology', committee: 'ISO/IEC JTC 1' },
  { title: 'Road vehicles', committee: 'ISO/TC 22' },
  { title: 'Medical devices', committee: 'ISO/TC 210' },
  { title: 'Medical electrical equipment', committee: 'IEC/TC 62' },
  { title: 'Environmental management systems', committee: 'ISO/TC 207' },
  { title: 'Occupational health and safety management systems', committee: 'ISO/TC 283' },
  { title: 'Energy management systems', committee: 'ISO/TC 301' },
  { title: 'Safety of machinery', committee: 'ISO/TC 199' },
  { title: 'Household and similar electrical appliances', committee: 'IEC/TC 61' },
  { title: 'Functional safety of electrical/electronic/programmable electronic safety-related systems', committee: 'IEC/TC 65' },
  { title: 'Industrial communication networks', committee: 'IEC/TC 65' },
  { title: 'Execution of steel structures and aluminium structures', committee: 'CEN/TC 135' },
  { title: 'Plastics', committee: 'ISO/TC 61' },
  { title: 'Textiles', committee: 'ISO/TC 38' },
  { title: 'Water quality', committee: 'ISO/TC 147' },
  { title: 'Acoustics', committee: 'ISO/TC 43' },
  { title: 'Geographic information', committee: 'ISO/TC 211' },
  { title: 'Financial services', committee: 'ISO/TC 68' },
  { title: 'Software and systems engineering', committee: 'ISO/IEC JTC 1/SC 7' },
  { title: 'Ergonomics of human-system interaction', committee: 'ISO/TC 159' },
  { title: 'Petroleum and natural gas industries', committee: 'ISO/TC 67' },
  { title: 'Ships and marine technology', committee: 'ISO/TC 8' },
  { title: 'Aircraft and space vehicles', committee: 'ISO/TC 20' },
  { title: 'Fire safety', committee: 'ISO/TC 92' },
  { title: 'Metallic materials', committee: 'ISO/TC 164' },
  { title: 'Photography', committee: 'ISO/TC 42' },
  { title: 'Cranes', committee: 'ISO/TC 96' },
  { title: 'Electromagnetic compatibility (EMC)', committee: 'IEC/TC 77' },
];

export const PART_TITLES: readonly string[] = [
  'Requirements', 'Guidelines', 'Vocabulary', 'Fundamentals and vocabulary', 'General requirements',
  'Requirements with guidance for use', 'Test methods', 'Specification', 'Code of practice',
  'Guidance on the application', 'Determination of tensile properties', 'Particular requirements for basic safety',
  'Measurement and evaluation', 'Conformity assessment', 'Terminology', 'Design principles',
  'Information security controls', 'Risk management', 'Data exchange format', 'Calibration and verification',
  'Performance requirements', 'Symbols and labelling', 'Sampling procedures', 'Profiles for interoperability',
  'Environmental conditions and testing', 'Marking and packaging', 'Installation and maintenance',
];

export const NOUNS: readonly string[] = [
  'organization', 'management system', 'process', 'interested party', 'risk', 'requirement', 'procedure',
  'specimen', 'test method', 'measurement', 'document', 'record', 'supplier', 'product', 'service', 'control',
  'objective', 'audit', 'nonconformity', 'corrective action', 'competence', 'interface', 'component', 'system',
  'operator', 'equipment', 'sample', 'tolerance', 'performance', 'configuration', 'data set', 'asset',
  'information', 'protocol', 'hazard', 'boundary', 'lifecycle', 'verification', 'validation', 'calibration',
];

export const VERBS: readonly string[] = [
  'shall determine', 'shall establish', 'shall maintain', 'shall document', 'shall ensure', 'should consider',
  'shall monitor', 'may specify', 'shall evaluate', 'shall retain', 'shall define', 'should review',
  'shall identify', 'shall implement', 'can include', 'shall verify', 'shall record', 'should apply',
];

export const ADJECTIVES: readonly string[] = [
  'relevant', 'documented', 'appropriate', 'applicable', 'external', 'internal', 'measurable', 'suitable',
  'adequate', 'effective', 'planned', 'nominal', 'specified', 'intended', 'controlled', 'recognized',
];

export const CLAUSE_TITLES: readonly string[] = [
  'Context of the organization', 'Leadership', 'Planning', 'Support', 'Operation', 'Performance evaluation',
  'Improvement', 'General', 'Principle', 'Apparatus', 'Reagents and materials', 'Sampling', 'Procedure',
  'Calculation and expression of results', 'Test report', 'Precision', 'Requirements', 'Design',
  'Marking', 'Classification', 'Documentation', 'Verification', 'Risk assessment', 'Resources',
  'Competence', 'Awareness', 'Communication', 'Monitoring, measurement, analysis and evaluation',
  'Internal audit', 'Management review', 'Nonconformity and corrective action', 'Continual improvement',
  'Control of externally provided processes', 'Preparation of test specimens', 'Conditioning',
  'Information to be supplied by the purchaser', 'Safety requirements', 'Interfaces', 'Conformance',
];

export const ANNEX_TITLES: readonly string[] = [
  'Clarification of new structure, terminology and concepts', 'Examples of calculation', 'Test data',
  'Correspondence between this document and other standards', 'Guidance on the use of this document',
  'Precision data from interlaboratory tests', 'Typical values', 'Measurement uncertainty',
  'Relationship between this document and the essential requirements of EU Directives', 'Bibliography of test methods',
];

export const FORMULA_SYMBOLS: readonly string[] = ['R', 'σ', 'ε', 'F', 'A₀', 'L₀', 'n', 'μ', 'ρ', 'T'];
