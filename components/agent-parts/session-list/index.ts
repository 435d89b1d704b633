export { renderSessionList, type SessionListStrings } from './render-session-list.js';
