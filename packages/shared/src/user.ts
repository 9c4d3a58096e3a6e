import { z } from 'zod';
import { text } from './text';

export const ROLES = ['advertiser', 'publisher'] as const;
export const ZRole = z.enum(ROLES);
export type TRole = z.infer<typeof ZRole>;

/** Labels used in the UI: the spec calls advertisers "screen owners" and publishers "ad buyers". */
export const ROLE_LABELS: Record<TRole, string> = {
  advertiser: 'Screen owner',
  publisher: 'Ad buyer',
};

/** A person's name, as the profile stores it; Better Auth's sign-up and update-user follow it too. */
export const ZName = text()
  .trim()
  .min(1, 'Enter your name.')
  .max(120, 'Keep it under 120 characters.');
const ZCompany = text().trim().max(120, 'Keep it under 120 characters.');
const ZPhone = text()
  .trim()
  .max(32, 'Keep it under 32 characters.')
  .regex(/^[+0-9 ().-]*$/, 'Use digits, spaces and + ( ) . - only.');

/** GET /api/v1/me: the auth account merged with the stored profile. */
export const ZMe = z.object({
  uid: text(),
  email: text(),
  emailVerified: z.boolean(),
  role: ZRole.nullable(),
  isSU: z.boolean(),
  /** Two-factor sign-in is on: super-users need it for admin pages, everyone for payouts. */
  twoFactorEnabled: z.boolean(),
  name: text(),
  company: text(),
  phone: text(),
  createdAt: text(),
});
export type TMe = z.infer<typeof ZMe>;

/** PATCH /api/v1/me. isSU is never accepted; role is accepted once, at onboarding. */
export const ZUpdateMe = z
  .strictObject({
    name: ZName.optional(),
    company: ZCompany.optional(),
    phone: ZPhone.optional(),
    role: ZRole.optional(),
  })
  .refine((v) => Object.keys(v).length > 0, { message: 'Nothing to update.' });
export type TUpdateMe = z.infer<typeof ZUpdateMe>;

/** The onboarding form: role, name and company are required there. */
export const ZOnboarding = z.object({
  role: ZRole,
  name: ZName,
  company: ZCompany.min(1, 'Enter your company.'),
});
export type TOnboarding = z.infer<typeof ZOnboarding>;

/** The profile form. */
export const ZProfileForm = z.object({ name: ZName, company: ZCompany, phone: ZPhone });
export type TProfileForm = z.infer<typeof ZProfileForm>;
