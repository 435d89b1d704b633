export { renderApprovalCard, type ApprovalCardOptions, type ApprovalCardStrings } from './render-approval-card.js';
