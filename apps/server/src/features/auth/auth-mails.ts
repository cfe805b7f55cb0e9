import type { Mail } from '../../email/mailer';
import { escapeHtml } from '../../lib/html';

function layout(title: string, lines: string[], link: { label: string; url: string }, footer: string) {
  const html = `<!doctype html><html lang="en"><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1a1b1e">
<h1 style="font-size:20px">${escapeHtml(title)}</h1>
${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n')}
<p><a href="${escapeHtml(link.url)}" style="display:inline-block;padding:10px 16px;background:#4c6ef5;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(link.label)}</a></p>
<p style="color:#666;font-size:13px">${escapeHtml(footer)}</p>
</body></html>`;
  const text = [title, '', ...lines, '', `${link.label}: ${link.url}`, '', footer].join('\n');
  return { html, text };
}

export function verificationMail(publicUrl: string, to: string, displayName: string, token: string): Mail {
  const url = `${publicUrl}/verification-sent?token=${encodeURIComponent(token)}`;
  return {
    to,
    subject: 'Verify your email for Accountry',
    ...layout(
      `Welcome to Accountry, ${displayName}!`,
      [
        'Please confirm that this is your email address by opening the link below. The link works once and expires in 24 hours.',
      ],
      { label: 'Verify my email', url },
      'If you did not create an Accountry account, you can ignore this email.',
    ),
  };
}

export function passwordResetMail(publicUrl: string, to: string, token: string): Mail {
  const url = `${publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
  return {
    to,
    subject: 'Reset your Accountry password',
    ...layout(
      'Reset your password',
      [
        'Someone asked to reset the password of your Accountry account. Open the link below to choose a new one. The link works once and expires in 1 hour.',
        'Setting a new password signs you out on every device.',
      ],
      { label: 'Choose a new password', url },
      'If you did not ask for this, ignore this email: your password stays as it is.',
    ),
  };
}

/** To the owner of an address someone tried to sign up with: the sign-up answer itself never says it is taken. */
export function signUpAttemptMail(publicUrl: string, to: string): Mail {
  return {
    to,
    subject: 'Someone tried to sign up to Accountry with your email',
    ...layout(
      'You already have an Accountry account',
      [
        'Someone just tried to create a new Accountry account with this email address, which already has one.',
        'If that was you, sign in instead. Forgot your password? Choose "Forgot your password?" on the sign-in page.',
      ],
      { label: 'Sign in to Accountry', url: `${publicUrl}/signin` },
      'If it was not you, you can ignore this email: nothing about your account has changed.',
    ),
  };
}
