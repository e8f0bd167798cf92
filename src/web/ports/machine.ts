/** The browser's src/core/machine.ts: the cores the browser reports (a web worker sees `navigator` too). */
import type * as NodeMachine from '../../core/machine';

export const coreCount: typeof NodeMachine.coreCount = () =>
  (globalThis as { navigator?: { hardwareConcurrency?: number } }).navigator?.hardwareConcurrency || 2;
