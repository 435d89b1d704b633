/** Cross-window agent connections: a panel in one window driving a chart in another (iframe, opener). */
export { serveFrameConnections } from './serve-frame-connections.js';
export { connectFramePort } from './connect-frame-port.js';
export { FrameConnectError } from './frame-connect-error.js';
export { FRAME_CONNECT_MESSAGE, type FrameClientMessage, type FrameHostMessage } from './frame-messages.js';
