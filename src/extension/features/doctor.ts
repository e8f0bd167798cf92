/** The Connection Doctor: loaded on first use (src/lazy.ts). */
export { copyDoctorReport, runConnectionDoctor } from '../doctor/command';
