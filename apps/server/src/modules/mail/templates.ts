/** Small HTML + text mails with the product name. Every value is escaped. */
const esc = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

function layout(
  product: string,
  heading: string,
  paragraphs: string[],
  action: { label: string; url: string },
) {
  const html = `<!doctype html><html><body style="margin:0;background:#0e1016;font-family:Inter,Segoe UI,Arial,sans-serif;color:#eef0f6">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" style="max-width:520px;background:#161a23;border:1px solid #2a3040;border-radius:14px" cellpadding="0" cellspacing="0">
<tr><td style="padding:32px">
<div style="font-size:20px;font-weight:700;color:#ff5c9a;margin-bottom:24px">${esc(product)}</div>
<h1 style="font-size:20px;margin:0 0 16px">${esc(heading)}</h1>
${paragraphs.map((p) => `<p style="font-size:15px;line-height:1.5;color:#9aa3b5;margin:0 0 16px">${esc(p)}</p>`).join('\n')}
<p style="margin:24px 0"><a href="${esc(action.url)}" style="background:#ff5c9a;color:#14060c;text-decoration:none;font-weight:600;padding:12px 20px;border-radius:8px;display:inline-block">${esc(action.label)}</a></p>
<p style="font-size:13px;color:#9aa3b5;word-break:break-all">${esc(action.url)}</p>
</td></tr></table></td></tr></table></body></html>`;
  const text = `${product}\n\n${heading}\n\n${paragraphs.join('\n\n')}\n\n${action.label}: ${action.url}\n`;
  return { html, text };
}

export function verificationMail(product: string, name: string, url: string) {
  return {
    subject: `Verify your email for ${product}`,
    ...layout(
      product,
      'Verify Your Email Address',
      [
        `Hi ${name},`,
        `Confirm this address to finish setting up your ${product} account. The link works for 24 hours.`,
        'If you did not sign up, you can ignore this mail.',
      ],
      { label: 'Verify email', url },
    ),
  };
}

export function resetPasswordMail(product: string, name: string, url: string) {
  return {
    subject: `Reset your ${product} password`,
    ...layout(
      product,
      'Reset your password',
      [
        `Hi ${name},`,
        'Someone asked to reset the password of your account. The link works for one hour and only once.',
        'If it was not you, ignore this mail: your password stays as it is.',
      ],
      { label: 'Choose a new password', url },
    ),
  };
}

export function changeEmailMail(product: string, name: string, newEmail: string, url: string) {
  return {
    subject: `Confirm your new email for ${product}`,
    ...layout(
      product,
      'Confirm your new email',
      [
        `Hi ${name},`,
        `You asked to change your ${product} email to ${newEmail}. Confirm it with the link below.`,
      ],
      { label: 'Confirm new email', url },
    ),
  };
}

/** To the owner of an email someone tried to sign up with again (sign-up tells nobody else). */
export function signUpAttemptMail(product: string, name: string, url: string) {
  return {
    subject: `Someone tried to sign up for ${product} with your email`,
    ...layout(
      product,
      'You already have an account',
      [
        `Hi ${name},`,
        `Someone just tried to create a new ${product} account with this email address. You already have one, so nothing was created.`,
        'If it was you and you have forgotten your password, you can choose a new one with the link below. If it was not you, you can ignore this mail: your account is unchanged.',
      ],
      { label: 'Reset your password', url },
    ),
  };
}

/** One line of the daily digest: what happened and where to see it (an absolute URL). */
export interface DigestLine {
  text: string;
  url: string;
}

/**
 * The daily notification digest ("Also by email"): the unread notifications not mailed before,
 * each linked; `more` counts those left out of the list; `settingsUrl` turns the mail off.
 */
export function digestMail(
  product: string,
  name: string,
  lines: DigestLine[],
  more: number,
  urls: { notifications: string; settings: string },
) {
  const total = lines.length + more;
  const subject =
    total === 1
      ? `You have 1 new notification on ${product}`
      : `You have ${total} new notifications on ${product}`;
  const moreText = more > 0 ? `…and ${more} more.` : '';
  const offText = `You get this mail because "Also by email" is on. Turn it off in your notification settings: ${urls.settings}`;
  const item = (l: DigestLine) =>
    `<li style="font-size:15px;line-height:1.5;margin:0 0 12px"><a href="${esc(l.url)}" style="color:#eef0f6">${esc(l.text)}</a></li>`;
  const html = `<!doctype html><html><body style="margin:0;background:#0e1016;font-family:Inter,Segoe UI,Arial,sans-serif;color:#eef0f6">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" style="max-width:520px;background:#161a23;border:1px solid #2a3040;border-radius:14px" cellpadding="0" cellspacing="0">
<tr><td style="padding:32px">
<div style="font-size:20px;font-weight:700;color:#ff5c9a;margin-bottom:24px">${esc(product)}</div>
<h1 style="font-size:20px;margin:0 0 16px">${esc(subject)}</h1>
<p style="font-size:15px;line-height:1.5;color:#9aa3b5;margin:0 0 16px">${esc(`Hi ${name},`)}</p>
<ul style="padding-left:20px;margin:0 0 16px">
${lines.map(item).join('\n')}
</ul>
${moreText ? `<p style="font-size:15px;color:#9aa3b5;margin:0 0 16px">${esc(moreText)}</p>` : ''}
<p style="margin:24px 0"><a href="${esc(urls.notifications)}" style="background:#ff5c9a;color:#14060c;text-decoration:none;font-weight:600;padding:12px 20px;border-radius:8px;display:inline-block">See all notifications</a></p>
<p style="font-size:13px;color:#9aa3b5">You get this mail because "Also by email" is on. <a href="${esc(urls.settings)}" style="color:#9aa3b5">Turn it off in your notification settings</a>.</p>
</td></tr></table></td></tr></table></body></html>`;
  const text = [
    product,
    '',
    subject,
    '',
    `Hi ${name},`,
    '',
    ...lines.map((l) => `- ${l.text}\n  ${l.url}`),
    ...(moreText ? ['', moreText] : []),
    '',
    `See all notifications: ${urls.notifications}`,
    '',
    offText,
    '',
  ].join('\n');
  return { subject, html, text };
}
