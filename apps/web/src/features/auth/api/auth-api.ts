import type {
  ChangePasswordInput,
  MeResponse,
  ProfileUpdate,
  SessionInfo,
  SessionUser,
  SignInInput,
  SignUpInput,
} from '@accountry/shared/auth';
import type { EmailPreferences, UnsubscribeReply } from '@accountry/shared/email-preferences';
import type { AccountActivity } from '@accountry/shared/account-activity';
import type { EmailChangeInput, EmailUndoStatus } from '@accountry/shared/email-change';
import type { DataExportInput } from '@accountry/shared/data-export';
import type { DeleteAccountInput } from '@accountry/shared/account-deletion';
import type { RecoveryCodes, TwoFactorEnableInput, TwoFactorSetup } from '@accountry/shared/two-factor';
import { PASSKEY_ROUTES, type Passkey, type PasskeyList } from '@accountry/shared/passkeys';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/browser';
import { api, apiFile, toQuery } from '../../../lib/api';
import { fetchTwoFactorStatus } from '../../../components/confirm-identity/two-factor-key';

/** The options the server wrote for the browser's WebAuthn call, passed on as they are. */
type PasskeyOptions = { options: Record<string, unknown> };
const passkeyPath = (route: string, id: string) => route.replace(':id', encodeURIComponent(id));

/** The account endpoints of our server. */
export const authApi = {
  signIn: (input: SignInInput) => api<MeResponse>('/api/auth/signin', { body: input }),
  signUp: (input: SignUpInput) => api<{ email: string }>('/api/auth/signup', { body: input }),
  verifyEmail: (token: string) => api<{ email: string }>('/api/auth/verify-email', { body: { token } }),
  resendVerification: (email: string) => api<{ message: string }>('/api/auth/resend-verification', { body: { email } }),
  requestReset: (email: string) => api<{ message: string }>('/api/auth/password-reset/request', { body: { email } }),
  resetStatus: (token: string) => api<{ email: string }>('/api/auth/password-reset/status', { body: { token } }),
  confirmReset: (token: string, password: string) =>
    api<{ email: string }>('/api/auth/password-reset/confirm', { body: { token, password } }),
  signOut: () => api<void>('/api/auth/signout', { method: 'POST' }),
  sessions: () => api<{ sessions: SessionInfo[] }>('/api/auth/sessions'),
  endSession: (id: string) => api<void>(`/api/auth/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  activity: (cursor?: string) => api<AccountActivity>(`/api/profile/activity${toQuery({ cursor })}`),
  updateProfile: (patch: ProfileUpdate) => api<{ user: SessionUser }>('/api/profile', { method: 'PATCH', body: patch }),
  changePassword: (input: ChangePasswordInput) => api<void>('/api/profile/password', { body: input }),
  changeEmail: (input: EmailChangeInput) => api<{ message: string }>('/api/profile/email', { body: input }),
  confirmEmailChange: (token: string) => api<{ email: string }>('/api/auth/confirm-email-change', { body: { token } }),
  undoEmailStatus: (token: string) => api<EmailUndoStatus>('/api/auth/undo-email-change/status', { body: { token } }),
  undoEmailChange: (token: string, password: string) =>
    api<{ email: string }>('/api/auth/undo-email-change', { body: { token, password } }),
  deleteAccount: (input: DeleteAccountInput) => api<void>('/api/profile/delete', { body: input }),
  downloadData: (input: DataExportInput) => apiFile('/api/profile/data-export', { body: input }),
  emailPreferences: () => api<EmailPreferences>('/api/profile/email-preferences'),
  setEmailPreferences: (prefs: EmailPreferences) =>
    api<EmailPreferences>('/api/profile/email-preferences', { method: 'PUT', body: prefs }),
  unsubscribeStatus: (token: string) => api<UnsubscribeReply>('/api/email/unsubscribe/status', { body: { token } }),
  // The List-Unsubscribe URL itself (decision 216): the token in the query, as a mail app posts it.
  unsubscribe: (token: string) =>
    api<UnsubscribeReply>(`/api/email/unsubscribe${toQuery({ token })}`, { method: 'POST' }),
  twoFactor: fetchTwoFactorStatus,
  startTwoFactor: (password: string) => api<TwoFactorSetup>('/api/profile/two-factor/setup', { body: { password } }),
  resendTwoFactorEmailCode: () =>
    api<{ emailedTo: string }>('/api/profile/two-factor/setup/email-code', { method: 'POST', body: {} }),
  enableTwoFactor: (input: TwoFactorEnableInput) =>
    api<RecoveryCodes>('/api/profile/two-factor/enable', { body: input }),
  disableTwoFactor: (input: { password: string; code: string }) =>
    api<void>('/api/profile/two-factor/disable', { body: input }),
  newRecoveryCodes: (input: { password: string; code: string }) =>
    api<RecoveryCodes>('/api/profile/two-factor/recovery-codes', { body: input }),
  passkeys: () => api<PasskeyList>(PASSKEY_ROUTES.list),
  passkeyOptions: (input: { password: string; code?: string }) =>
    api<PasskeyOptions>(PASSKEY_ROUTES.registrationOptions, { body: input }),
  addPasskey: (input: { name: string; credential: RegistrationResponseJSON }) =>
    api<{ passkey: Passkey }>(PASSKEY_ROUTES.list, { body: input }),
  renamePasskey: (id: string, name: string) =>
    api<{ passkey: Passkey }>(passkeyPath(PASSKEY_ROUTES.passkey, id), { method: 'PATCH', body: { name } }),
  removePasskey: (id: string, password: string) =>
    api<void>(passkeyPath(PASSKEY_ROUTES.remove, id), { body: { password } }),
  passkeySignInOptions: () => api<PasskeyOptions>(PASSKEY_ROUTES.signInOptions, { body: {} }),
  passkeySignIn: (input: { credential: AuthenticationResponseJSON; remember: boolean }) =>
    api<MeResponse>(PASSKEY_ROUTES.signIn, { body: input }),
};
