import { useEffect, useRef, useState } from 'react';
import { Button, Container, Paper, Select, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import {
  FEEDBACK_CATEGORIES,
  FEEDBACK_CATEGORY_LABELS,
  feedbackInputSchema,
  type FeedbackInput,
} from '@accountry/shared/feedback';
import { api, ApiRequestError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useSession } from '../../../lib/session';
import { focusFirstError, zodFieldErrors } from '../../../lib/forms';
import { StarRatingField } from '../../../components/ui/star-rating';

const empty = { rating: 0, category: '', message: '', email: '' };

/** Rate the platform or report a problem with it; kept for the admins. */
export function Component() {
  const { user } = useSession();
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const form = useRef<HTMLFormElement>(null);
  const showFieldErrors = (next: Record<string, string>) => focusFirstError(form.current, () => setErrors(next));
  const submit = useMutation({
    mutationFn: (input: FeedbackInput) => api('/api/feedback', { body: input }),
    onSuccess: () => {
      toast.success('Thank you! Your feedback helps us improve Accountry.', 'Feedback sent');
      setValues(empty);
      setErrors({});
    },
    onError: (err) => {
      if (err instanceof ApiRequestError && Object.keys(err.fields).length) showFieldErrors(err.fields);
      else toast.error(err.message);
    },
  });

  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = feedbackInputSchema.safeParse({ ...values, email: user ? undefined : values.email });
    if (!parsed.success) return showFieldErrors(zodFieldErrors(parsed.error));
    setErrors({});
    submit.mutate(parsed.data);
  };
  // The button is disabled while sending, which drops the focus: give it back to the button once sent or refused.
  const button = useRef<HTMLButtonElement>(null);
  const pending = submit.isPending;
  const wasPending = useRef(false);
  useEffect(() => {
    const lost = !document.activeElement || document.activeElement === document.body;
    if (wasPending.current && !pending && lost) button.current?.focus();
    wasPending.current = pending;
  }, [pending]);
  const set = (k: keyof typeof empty) => (v: string | number | null) => setValues((s) => ({ ...s, [k]: v ?? '' }));

  return (
    <Container size="sm" py="xl">
      <Title order={1}>Rate us</Title>
      <Text c="dimmed" mb="lg">
        Tell us how Accountry is working for you, or report a problem with the platform.
      </Text>
      <Paper ref={form} withBorder p="lg" component="form" onSubmit={onSubmit} noValidate aria-label="Rate us">
        <Stack>
          <StarRatingField id="rating-label" value={values.rating} onChange={set('rating')} error={errors.rating} />
          <Select
            label="Category"
            required
            placeholder="What is it about?"
            data={FEEDBACK_CATEGORIES.map((c) => ({ value: c, label: FEEDBACK_CATEGORY_LABELS[c] }))}
            value={values.category || null}
            onChange={set('category')}
            error={errors.category}
          />
          <Textarea
            label="Message"
            required
            autosize
            minRows={4}
            maxLength={2000}
            value={values.message}
            onChange={(e) => set('message')(e.currentTarget.value)}
            error={errors.message}
          />
          {!user && (
            <TextInput
              label="Email (optional, if you would like a reply)"
              type="email"
              value={values.email}
              onChange={(e) => set('email')(e.currentTarget.value)}
              error={errors.email}
            />
          )}
          <Button ref={button} type="submit" loading={submit.isPending}>
            Send feedback
          </Button>
        </Stack>
      </Paper>
    </Container>
  );
}
