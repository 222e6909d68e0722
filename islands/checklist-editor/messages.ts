/** The checklist editor's own texts (documentation §8, exactly); what every editor says is in islands/shared/document-editor/messages.ts. */
export const messages = {
  noQuestions: 'No Questions Found In Checklist',
} as const;
