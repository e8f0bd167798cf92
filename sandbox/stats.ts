/** Request counters read by tests through GET /__sandbox/stats. */
export type ServiceRoute = 'listStandards' | 'listClauses' | 'getClause';

export interface SandboxStats {
  tokenRequests: number;
  tokenFailures: number;
  requests: Record<ServiceRoute, number>;
  byStatus: Record<string, number>;
  notModified: number;
  faults: Record<string, number>;
}

export function emptyStats(): SandboxStats {
  return {
    tokenRequests: 0,
    tokenFailures: 0,
    requests: { listStandards: 0, listClauses: 0, getClause: 0 },
    byStatus: {},
    notModified: 0,
    faults: {},
  };
}
