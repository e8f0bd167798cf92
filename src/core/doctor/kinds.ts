/** Service error kinds after which the doctor is worth offering; apart, so that offering it does not load it. */
export const DOCTOR_KINDS = new Set(['auth', 'forbidden', 'network', 'timeout', 'badResponse', 'notFound']);
