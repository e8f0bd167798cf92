/**
 * What this machine offers the background work (scanPace.ts): its number of cores. Node's count here; the browser build
 * puts src/web/ports/machine.ts in its place.
 */
import { availableParallelism } from 'node:os';

export function coreCount(): number {
  return availableParallelism();
}
