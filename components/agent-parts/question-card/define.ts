import { AgentQuestionCard } from './agent-question-card.js';

if (!customElements.get('chart-agent-question-card')) customElements.define('chart-agent-question-card', AgentQuestionCard);
