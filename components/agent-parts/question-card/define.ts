import { AgentQuestionCard } from './agent-question-card.js';

if (!customElements.get('agent-question-card')) customElements.define('agent-question-card', AgentQuestionCard);
