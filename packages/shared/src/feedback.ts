import { z } from 'zod';
import { plainText } from './plain-text';

/** The rate-us form: rate the platform and report problems with it. */
export const FEEDBACK_CATEGORIES = ['general', 'bug', 'safety', 'payments', 'suggestion', 'other'] as const;
export const FEEDBACK_CATEGORY_LABELS: Record<(typeof FEEDBACK_CATEGORIES)[number], string> = {
  general: 'General feedback',
  bug: 'Something is broken',
  safety: 'Fraud or safety concern',
  payments: 'Buying, selling and handover',
  suggestion: 'Suggestion',
  other: 'Other',
};

export const feedbackInputSchema = z.strictObject({
  rating: z
    .number({ error: 'Choose a rating from 1 to 5' })
    .int()
    .min(1, 'Choose a rating from 1 to 5')
    .max(5, 'Choose a rating from 1 to 5'),
  category: z.enum(FEEDBACK_CATEGORIES, { error: 'Choose a category' }),
  message: z
    .string({ error: 'Message is required' })
    .overwrite(plainText)
    .trim()
    .min(10, 'Please write at least 10 characters')
    .max(2000, 'Please keep the message under 2000 characters'),
  email: z.union([z.literal(''), z.email('Please enter a valid email address.').max(254)]).optional(),
});
export type FeedbackInput = z.infer<typeof feedbackInputSchema>;

export const feedbackCreatedSchema = z.object({ id: z.string(), createdAt: z.number() });
