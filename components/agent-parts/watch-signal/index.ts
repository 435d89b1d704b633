export { watchSignal } from './watch-signal.js';
