import { AgentQuestionCard } from './agent-question-card.js';

// Defined only where there is a registry (a browser), so importing this module in Node (SSR) is safe.
if (typeof customElements !== 'undefined' && !customElements.get('chart-agent-question-card'))
  customElements.define('chart-agent-question-card', AgentQuestionCard);
