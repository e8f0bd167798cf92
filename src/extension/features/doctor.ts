/** The Connection Doctor: loaded on first use (src/extension/lazy.ts). */
export { copyDoctorReport, runConnectionDoctor } from '../doctor/command';
