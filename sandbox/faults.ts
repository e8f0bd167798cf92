/**
 * Fault injection for the service routes: `429:0.1,503:0.05,drop:0.02,malformed:0.01,slow:0.05`. Each service
 * request draws once from a generator seeded by the sandbox seed, so a run is repeatable.
 */
import { Random, hash32 } from './random';

export const FAULT_KINDS = ['429', '500', '502', '503', '504', 'drop', 'malformed', 'slow'] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

export interface FaultRule {
  kind: FaultKind;
  probability: number;
}

/** Parses a fault spec; throws with a message naming the bad part. */
export function parseFaults(spec: string | undefined): FaultRule[] {
  if (!spec || !spec.trim()) return [];
  const rules: FaultRule[] = [];
  for (const part of spec.split(',')) {
    const [kind, value, extra] = part.trim().split(':');
    if (!(FAULT_KINDS as readonly string[]).includes(kind) || value === undefined || extra !== undefined) {
      throw new Error(`Bad fault "${part.trim()}": expected KIND:PROBABILITY with KIND one of ${FAULT_KINDS.join(', ')}`);
    }
    const probability = Number(value);
    if (!Number.isFinite(probability) || probability < 0 || probability > 1) {
      throw new Error(`Bad fault probability in "${part.trim()}": expected a number from 0 to 1`);
    }
    rules.push({ kind: kind as FaultKind, probability });
  }
  const total = rules.reduce((sum, rule) => sum + rule.probability, 0);
  if (total > 1 + 1e-9) throw new Error(`Fault probabilities add up to ${total}, more than 1`);
  return rules;
}

export class FaultInjector {
  private rules: FaultRule[];
  private readonly random: Random;

  constructor(seed: number, spec: string | undefined) {
    this.rules = parseFaults(spec);
    this.random = new Random(hash32(`faults|${seed}`));
  }

  set(spec: string | undefined): void {
    this.rules = parseFaults(spec);
  }

  /** The fault for the next service request, if any. */
  draw(): FaultKind | undefined {
    if (this.rules.length === 0) return undefined;
    const roll = this.random.next();
    let cumulative = 0;
    for (const rule of this.rules) {
      cumulative += rule.probability;
      if (roll < cumulative) return rule.kind;
    }
    return undefined;
  }
}
