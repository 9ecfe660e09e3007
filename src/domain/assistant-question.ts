import { z } from 'zod';

export const ASSISTANT_QUESTION_MAX_LENGTH = 500;

/** What the Knowledge Assistant is asked (POST /api/assistant); the same schema serves the chat form. */
export const assistantQuestionSchema = z.object({
  question: z
    .string({ error: 'Please type a question' })
    .trim()
    .min(1, 'Please type a question')
    .max(ASSISTANT_QUESTION_MAX_LENGTH, `Please keep your question to ${ASSISTANT_QUESTION_MAX_LENGTH} characters or fewer`),
});
export type AssistantQuestion = z.output<typeof assistantQuestionSchema>;
