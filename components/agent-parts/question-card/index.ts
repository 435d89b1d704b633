export { AgentQuestionCard, type QuestionCardStrings, type QuestionAnswerDetail } from './agent-question-card.js';
