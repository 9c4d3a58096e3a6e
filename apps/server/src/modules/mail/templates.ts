import type { TMail } from './mail.service';

export const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

function layout(
  title: string,
  paragraphs: string[],
  action: { label: string; url: string },
): string {
  const body = paragraphs
    .map((p) => `<p style="margin:0 0 16px;white-space:pre-line">${escapeHtml(p)}</p>`)
    .join('');
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#111827;background:#f9fafb;padding:24px">
<div style="max-width:520px;margin:auto;background:#fff;border-radius:12px;padding:32px">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(title)}</h1>${body}
<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#4f46e5;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none">${escapeHtml(action.label)}</a></p>
<p style="font-size:12px;color:#6b7280">If the button does not work, open this link: ${escapeHtml(action.url)}</p>
</div></body></html>`;
}

export function resetPasswordMail(to: string, url: string): TMail {
  const lines = [
    'Someone asked to reset the password of your Screenline account.',
    'The link below works once and expires in one hour. If it was not you, ignore this email.',
  ];
  return {
    to,
    subject: 'Reset your Screenline password',
    text: `${lines.join('\n\n')}\n\nReset your password: ${url}\n`,
    html: layout('Reset your password', lines, { label: 'Choose a new password', url }),
  };
}

export function verifyEmailMail(to: string, url: string): TMail {
  const lines = [
    'Confirm that this is your email address to finish setting up your Screenline account.',
    'The link expires in 24 hours.',
  ];
  return {
    to,
    subject: 'Confirm your email for Screenline',
    text: `${lines.join('\n\n')}\n\nConfirm your email: ${url}\n`,
    html: layout('Confirm your email', lines, { label: 'Confirm email', url }),
  };
}

/**
 * Sent instead of an answer when someone signs up with an address that has an account: the
 * sign-up page answers the same either way (issue 18 item 7), so the owner of the address learns
 * here what to do.
 */
export function existingAccountSignUpMail(to: string, signInUrl: string, resetUrl: string): TMail {
  const lines = [
    'Someone, probably you, tried to create a Screenline account with this email address. It already has an account, so no new one was made.',
    `If it was you, sign in with your password. Forgot it? Choose a new one at ${resetUrl}`,
    'If it was not you, ignore this email: nothing changed in your account.',
  ];
  return {
    to,
    subject: 'You already have a Screenline account',
    text: `${lines.join('\n\n')}\n\nSign in: ${signInUrl}\n`,
    html: layout('You already have an account', lines, { label: 'Sign in', url: signInUrl }),
  };
}

export function contactMessageMail(
  to: string,
  from: { name: string; email: string; subject: string; message: string },
  adminUrl: string,
): TMail {
  const lines = [`${from.name} <${from.email}> wrote:`, from.subject, from.message];
  return {
    to,
    subject: `Contact form: ${from.subject}`,
    text: `${lines.join('\n\n')}\n\nRead and answer it: ${adminUrl}\n`,
    html: layout('New contact message', lines, { label: 'Read and answer it', url: adminUrl }),
  };
}

/**
 * A super-user's answer to a contact message, to the address the sender gave. Everything the
 * sender or the super-user wrote is escaped in the HTML by `layout`; the subject is one line.
 * `original` is null when the address is not known to be the sender's (contact.service.ts):
 * then nothing the sender wrote (name, subject, message) is in the mail.
 */
export function contactAnswerMail(
  to: string,
  original: { name: string; subject: string; message: string; sentOn: string } | null,
  answer: string,
  publicUrl: string,
): TMail {
  const action = { label: 'Write to us again', url: `${publicUrl}/contact` };
  const subject = original
    ? `Re: ${original.subject}`.replace(/\s+/g, ' ').trim()
    : 'Your message to Screenline';
  const lines = original
    ? [
        `Hello ${original.name},`,
        answer,
        `You wrote to us on ${original.sentOn}:`,
        original.message,
      ]
    : [
        'Hello,',
        answer,
        `This answers a message sent to the Screenline team from this address through ${publicUrl}/contact. If you did not write to us, ignore this email.`,
      ];
  return {
    to,
    subject,
    text: `${lines.join('\n\n')}\n\n${action.label}: ${action.url}\n`,
    html: layout('An answer from the Screenline team', lines, action),
  };
}

/**
 * A super-user's decision on a user's request (issue 9 item 5): what was decided, the reason
 * when refused (escaped like every paragraph), and a link to where the user sees it.
 */
function decisionMail(
  to: string,
  decision: { subject: string; title: string; lines: string[]; reason?: string | null },
  action: { label: string; url: string },
): TMail {
  const lines = decision.reason
    ? [...decision.lines, `The reason given: ${decision.reason}`]
    : decision.lines;
  return {
    to,
    subject: decision.subject,
    text: `${lines.join('\n\n')}\n\n${action.label}: ${action.url}\n`,
    html: layout(decision.title, lines, action),
  };
}

const walletLink = (publicUrl: string) => ({
  label: 'Open your wallet',
  url: `${publicUrl}/wallet`,
});
const monetizeLink = (publicUrl: string) => ({
  label: 'Open monetization',
  url: `${publicUrl}/advertiser/monetize`,
});

export function topUpApprovedMail(to: string, amount: string, publicUrl: string): TMail {
  return decisionMail(
    to,
    {
      subject: `Your top-up of ${amount} is in your wallet`,
      title: 'Top-up approved',
      lines: [`Your top-up of ${amount} was approved and added to your Screenline wallet.`],
    },
    walletLink(publicUrl),
  );
}

export function topUpRejectedMail(
  to: string,
  amount: string,
  reason: string,
  publicUrl: string,
): TMail {
  return decisionMail(
    to,
    {
      subject: `Your top-up of ${amount} was not approved`,
      title: 'Top-up not approved',
      lines: [`Your top-up request of ${amount} was not approved; nothing was added.`],
      reason,
    },
    walletLink(publicUrl),
  );
}

export function payoutApprovedMail(to: string, amount: string, publicUrl: string): TMail {
  return decisionMail(
    to,
    {
      subject: `Your payout of ${amount} was approved`,
      title: 'Payout approved',
      lines: [
        `Your payout of ${amount} was approved. We will tell you when the bank transfer is made.`,
      ],
    },
    walletLink(publicUrl),
  );
}

export function payoutRejectedMail(
  to: string,
  amount: string,
  reason: string,
  publicUrl: string,
): TMail {
  return decisionMail(
    to,
    {
      subject: `Your payout of ${amount} was not approved`,
      title: 'Payout not approved',
      lines: [`Your payout of ${amount} was not approved; the amount is back in your wallet.`],
      reason,
    },
    walletLink(publicUrl),
  );
}

export function payoutPaidMail(to: string, amount: string, publicUrl: string): TMail {
  return decisionMail(
    to,
    {
      subject: `Your payout of ${amount} was sent`,
      title: 'Payout sent',
      lines: [
        `Your payout of ${amount} was sent to your bank account. Banks take up to a few working days.`,
      ],
    },
    walletLink(publicUrl),
  );
}

export function monetizationApprovedMail(to: string, adSpace: string, publicUrl: string): TMail {
  return decisionMail(
    to,
    {
      subject: `${adSpace} is open to paid campaigns`,
      title: 'Monetization approved',
      lines: [
        `The ad slots of ${adSpace} now play paid campaigns; what they earn goes to your wallet.`,
      ],
    },
    monetizeLink(publicUrl),
  );
}

export function monetizationRejectedMail(
  to: string,
  adSpace: string,
  reason: string,
  publicUrl: string,
): TMail {
  return decisionMail(
    to,
    {
      subject: `Monetization of ${adSpace} was not approved`,
      title: 'Monetization not approved',
      lines: [`Your request to monetize ${adSpace} was not approved. You may ask again.`],
      reason,
    },
    monetizeLink(publicUrl),
  );
}

export function monetizationSuspendedMail(
  to: string,
  adSpace: string,
  reason: string,
  publicUrl: string,
): TMail {
  return decisionMail(
    to,
    {
      subject: `Monetization of ${adSpace} was suspended`,
      title: 'Monetization suspended',
      lines: [
        `The ad slots of ${adSpace} no longer play paid campaigns. You may ask for monetization again.`,
      ],
      reason,
    },
    monetizeLink(publicUrl),
  );
}

/** A super-user approved a buyer's campaign (issue 9 item 5): its budget is now held. */
export function campaignApprovedMail(
  to: string,
  campaign: { name: string; budget: string },
  url: string,
): TMail {
  const lines = [
    `Your campaign “${campaign.name}” was approved.`,
    `Its budget of ${campaign.budget} is now held from your wallet; what it does not spend returns to your wallet when it ends or you cancel it.`,
  ];
  return {
    to,
    subject: `Campaign approved: ${campaign.name}`,
    text: `${lines.join('\n\n')}\n\nOpen the campaign: ${url}\n`,
    html: layout('Campaign approved', lines, { label: 'Open the campaign', url }),
  };
}

/** A super-user refused a buyer's campaign, with the reason (escaped in the HTML by `layout`). */
export function campaignRejectedMail(
  to: string,
  campaign: { name: string; reason: string },
  url: string,
): TMail {
  const lines = [
    `Your campaign “${campaign.name}” was not approved.`,
    `The reason: ${campaign.reason}`,
    'You can change the campaign and submit it again. No money was moved.',
  ];
  return {
    to,
    subject: `Campaign not approved: ${campaign.name}`,
    text: `${lines.join('\n\n')}\n\nOpen the campaign: ${url}\n`,
    html: layout('Campaign not approved', lines, { label: 'Open the campaign', url }),
  };
}

/** A screen owner declined a buyer's campaign on one screen (issue 22): it runs elsewhere. */
export function campaignDeclinedOnSpaceMail(
  to: string,
  campaign: { name: string; adSpace: string; reason: string },
  url: string,
): TMail {
  const lines = [
    `The owner of the screen “${campaign.adSpace}” declined your campaign “${campaign.name}” there.`,
    `The reason: ${campaign.reason}`,
    'It keeps running on the other screens that approved it. No money is spent on that screen.',
  ];
  return {
    to,
    subject: `Declined on a screen: ${campaign.name}`,
    text: `${lines.join('\n\n')}\n\nOpen the campaign: ${url}\n`,
    html: layout('Declined on a screen', lines, { label: 'Open the campaign', url }),
  };
}

/** A screen owner did not decide on a buyer's campaign within the deadline (issue 22). */
export function campaignExpiredOnSpaceMail(
  to: string,
  campaign: { name: string; adSpaces: string[] },
  url: string,
): TMail {
  const lines = [
    `The owners of these screens did not decide on your campaign “${campaign.name}” within 48 hours: ${campaign.adSpaces.join(', ')}.`,
    'It does not play there; it keeps running on the screens that approved it, and no money is spent on the others.',
  ];
  return {
    to,
    subject: `Not decided in time: ${campaign.name}`,
    text: `${lines.join('\n\n')}\n\nOpen the campaign: ${url}\n`,
    html: layout('Not decided in time', lines, { label: 'Open the campaign', url }),
  };
}

/**
 * A screen alert or a digest of several (modules/alerts): one paragraph per event, and a link to
 * the ad spaces page.
 */
export function screenAlertMail(
  to: string,
  subject: string,
  paragraphs: string[],
  adSpacesUrl: string,
): TMail {
  const footer =
    'You get these because this address is on the alert list of a Screenline account. Change the list under Profile → Screen alerts.';
  return {
    to,
    subject,
    text: `${paragraphs.join('\n\n')}\n\nYour screens: ${adSpacesUrl}\n\n${footer}\n`,
    html: layout(subject, [...paragraphs, footer], {
      label: 'Open your ad spaces',
      url: adSpacesUrl,
    }),
  };
}
