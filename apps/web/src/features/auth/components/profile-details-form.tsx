import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { reservedNameProblem } from '@accountry/shared/account-rules';
import { profileUpdateSchema, type MeResponse, type ProfileUpdate, type SessionUser } from '@accountry/shared/auth';
import { ACCOUNT_MESSAGES, AUTH_FALLBACK_MESSAGES } from '@accountry/shared/auth-messages';
import type { SelfRole } from '@accountry/shared/roles';
import { ApiRequestError } from '../../../lib/api';
import { focusFirstError, zodFieldErrors } from '../../../lib/forms';
import { toast } from '../../../lib/toast';
import { authApi } from '../api/auth-api';
import { SESSION_QUERY_KEY } from '../../../lib/session';
import { RolePicker } from './role-picker';

/** Display name, phone number and role (an admin's role is managed in the admin area only). */
export function ProfileDetailsForm({ user }: { user: SessionUser }) {
  const queryClient = useQueryClient();
  const isAdmin = user.role === 'admin';
  const [values, setValues] = useState({
    displayName: user.displayName,
    phoneNumber: user.phoneNumber,
    role: (isAdmin ? 'buyer' : user.role) as SelfRole,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const form = useRef<HTMLFormElement>(null);
  const showErrors = (next: Record<string, string>) => focusFirstError(form.current, () => setErrors(next));
  const save = useMutation({
    mutationFn: (patch: ProfileUpdate) => authApi.updateProfile(patch),
    onSuccess: ({ user: updated }) => {
      queryClient.setQueryData<MeResponse>(SESSION_QUERY_KEY, (old) => (old ? { ...old, user: updated } : old));
      // Pages that show roles or names (navigation, listings) follow the new profile.
      void queryClient.invalidateQueries();
      toast.success(ACCOUNT_MESSAGES.profileSaved);
    },
    onError: (err) => {
      if (err instanceof ApiRequestError && Object.keys(err.fields).length) showErrors(err.fields);
      else
        showErrors({
          _:
            err instanceof ApiRequestError && err.status < 500 && err.status > 0
              ? err.message
              : AUTH_FALLBACK_MESSAGES.updateProfile,
        });
    },
  });

  // The button is disabled while saving, which drops the focus: give it back to the button once saved.
  const submit = useRef<HTMLButtonElement>(null);
  const saved = save.isSuccess;
  useEffect(() => {
    if (saved && (!document.activeElement || document.activeElement === document.body)) submit.current?.focus();
  }, [saved]);

  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    const patch: ProfileUpdate = {
      // Only a changed name is sent: a name from before the staff-name rule stays while other fields change.
      ...(values.displayName === user.displayName ? {} : { displayName: values.displayName }),
      phoneNumber: values.phoneNumber,
      ...(isAdmin ? {} : { role: values.role }),
    };
    const parsed = profileUpdateSchema.safeParse(patch);
    if (!parsed.success) return showErrors(zodFieldErrors(parsed.error));
    setErrors({});
    save.mutate(parsed.data);
  };

  return (
    <form ref={form} onSubmit={onSubmit} noValidate aria-label="Profile details">
      <Stack>
        {errors._ && (
          <Alert color="red" role="alert" tabIndex={-1} data-form-error>
            {errors._}
          </Alert>
        )}
        <TextInput
          label="Display name"
          required
          maxLength={40}
          autoComplete="nickname"
          value={values.displayName}
          onChange={(e) => {
            const displayName = e.currentTarget.value;
            setValues((v) => ({ ...v, displayName }));
          }}
          // A name that claims to be staff is said as it is typed, not only when saved.
          error={
            errors.displayName ??
            (values.displayName === user.displayName ? undefined : reservedNameProblem(values.displayName))
          }
        />
        <TextInput
          label="Phone number"
          description="Optional, e.g. +1 555 0100"
          type="tel"
          autoComplete="tel"
          maxLength={25}
          value={values.phoneNumber}
          onChange={(e) => {
            const phoneNumber = e.currentTarget.value;
            setValues((v) => ({ ...v, phoneNumber }));
          }}
          error={errors.phoneNumber}
        />
        {isAdmin ? (
          <Alert color="gray" title="Role: administrator" role="note">
            {ACCOUNT_MESSAGES.adminRoleLocked}
          </Alert>
        ) : (
          <RolePicker
            label="Role"
            value={values.role}
            onChange={(role) => setValues((v) => ({ ...v, role }))}
            error={errors.role}
          />
        )}
        <Group justify="flex-end">
          <Button ref={submit} type="submit" loading={save.isPending}>
            Save profile
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
