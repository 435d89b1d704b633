/* global window, document */
// Loaded before anything else on a test page: every Content-Security-Policy violation of the page,
// from its first element on, in `window.cspViolations` (directive, blocked URI, source and sample).
window.cspViolations = [];
document.addEventListener('securitypolicyviolation', (e) => {
  window.cspViolations.push(
    `${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}:${e.columnNumber} ${e.sample}`,
  );
});
