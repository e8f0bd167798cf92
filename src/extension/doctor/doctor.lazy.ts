/** The Connection Doctor: loaded on first use (its own bundle: esbuild.js). */
export { copyDoctorReport, runConnectionDoctor } from './command';
