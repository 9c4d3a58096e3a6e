// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import type { TMail } from './mail.service';
import * as templates from './templates';

/**
 * Stored XSS through mail (OWASP ASVS 5.0 V1.2.1 output encoding for the HTML context, V3.2.2
 * text rendered as text): every template, filled with markup wherever a user's text goes (names
 * of ad spaces and campaigns, refusal reasons, contact messages), renders no live markup.
 */

const PAYLOADS = [
  '<img src=x onerror="window.__xss=1">',
  '"><svg onload="window.__xss=1">',
  "'><script>window.__xss=1</script>",
  'javascript:window.__xss=1',
];

const URL = 'https://screenline.example';

/** Templates with a second form: the contact answer without the sender's words (issue 18 item 7). */
const VARIANTS: Record<string, (p: string) => TMail> = {
  'contactAnswerMail:unquoted': (p) =>
    templates.contactAnswerMail('x@example.com', null, `${p}\n\n${p}`, URL),
};

/** Every template, with `p` wherever user text goes. */
const MAILS: Record<string, (p: string) => TMail> = {
  resetPasswordMail: () => templates.resetPasswordMail('a@example.com', URL),
  verifyEmailMail: () => templates.verifyEmailMail('a@example.com', URL),
  existingAccountSignUpMail: () =>
    templates.existingAccountSignUpMail('a@example.com', `${URL}/signin`, `${URL}/forgot-password`),
  contactMessageMail: (p) =>
    templates.contactMessageMail(
      'admin@example.com',
      { name: p, email: 'x@example.com', subject: p, message: `${p}\n\n${p}` },
      URL,
    ),
  contactAnswerMail: (p) =>
    templates.contactAnswerMail(
      'x@example.com',
      { name: p, subject: p, message: `${p}\n\n${p}`, sentOn: p },
      p,
      URL,
    ),
  topUpApprovedMail: (p) => templates.topUpApprovedMail('a@example.com', p, URL),
  topUpRejectedMail: (p) => templates.topUpRejectedMail('a@example.com', '€10.00', p, URL),
  payoutApprovedMail: (p) => templates.payoutApprovedMail('a@example.com', p, URL),
  payoutRejectedMail: (p) => templates.payoutRejectedMail('a@example.com', '€10.00', p, URL),
  payoutPaidMail: (p) => templates.payoutPaidMail('a@example.com', p, URL),
  monetizationApprovedMail: (p) => templates.monetizationApprovedMail('a@example.com', p, URL),
  monetizationRejectedMail: (p) => templates.monetizationRejectedMail('a@example.com', p, p, URL),
  monetizationSuspendedMail: (p) => templates.monetizationSuspendedMail('a@example.com', p, p, URL),
  campaignApprovedMail: (p) =>
    templates.campaignApprovedMail('a@example.com', { name: p, budget: '€10.00' }, URL),
  campaignRejectedMail: (p) =>
    templates.campaignRejectedMail('a@example.com', { name: p, reason: p }, URL),
  campaignDeclinedOnSpaceMail: (p) =>
    templates.campaignDeclinedOnSpaceMail('a@example.com', { name: p, adSpace: p, reason: p }, URL),
  campaignExpiredOnSpaceMail: (p) =>
    templates.campaignExpiredOnSpaceMail('a@example.com', { name: p, adSpaces: [p, p] }, URL),
  // The subject and paragraphs name the owner's screens and playlists (modules/alerts).
  screenAlertMail: (p) =>
    templates.screenAlertMail('a@example.com', `Offline: ${p}`, [p, `${p} is back.`], URL),
};

/** The DOM of the jsdom environment (the server's type library has no DOM types). */
interface TElement {
  tagName: string;
  getAttributeNames(): string[];
  getAttribute(name: string): string | null;
}
interface TDocument {
  querySelectorAll(selector: string): Iterable<TElement>;
  body: { textContent: string | null };
}
const { DOMParser } = globalThis as unknown as {
  DOMParser: new () => { parseFromString(html: string, type: 'text/html'): TDocument };
};

/** The only elements and attributes the layout writes. */
const ELEMENTS = new Set(['HTML', 'HEAD', 'BODY', 'DIV', 'H1', 'P', 'A']);
const ATTRIBUTES = new Set(['style', 'href']);

describe('mail templates', () => {
  it('has a case for every template', () => {
    const exported = Object.keys(templates).filter((name) => name.endsWith('Mail'));
    expect(Object.keys(MAILS).sort()).toEqual(exported.sort());
    // A second form of one template (its name plus a colon and a word) is a case of its own.
    expect(Object.keys(VARIANTS).every((name) => exported.includes(name.split(':')[0]!))).toBe(
      true,
    );
  });

  for (const [name, render] of Object.entries({ ...MAILS, ...VARIANTS })) {
    it(`V1.2.1 ${name} renders user text as text, never as markup`, () => {
      for (const payload of PAYLOADS) {
        const mail = render(payload);
        const doc = new DOMParser().parseFromString(mail.html, 'text/html');
        for (const element of doc.querySelectorAll('*')) {
          expect(ELEMENTS.has(element.tagName), `${name}: <${element.tagName}>`).toBe(true);
          for (const attribute of element.getAttributeNames())
            expect(ATTRIBUTES.has(attribute), `${name}: ${attribute}=`).toBe(true);
        }
        for (const link of doc.querySelectorAll('a'))
          expect(link.getAttribute('href'), name).toMatch(/^https:\/\/screenline\.example(\/|$)/);
        // What was escaped reads back literally wherever the template shows it.
        if (
          name !== 'resetPasswordMail' &&
          name !== 'verifyEmailMail' &&
          name !== 'existingAccountSignUpMail'
        )
          expect(doc.body.textContent, name).toContain(payload);
        expect(mail.subject, name).not.toMatch(/[\r\n]/);
      }
    });
  }
});
