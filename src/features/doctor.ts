/** The Connection Doctor: loaded on first use (src/lazy.ts). */
export { runConnectionDoctor } from '../doctor/command';
