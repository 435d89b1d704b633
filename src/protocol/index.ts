export type * from './tool-result.js';
export type * from './chart-context.js';
export type * from './chart-agent-port.js';
export type * from './agent-events.js';
export * from './handshake.js';
