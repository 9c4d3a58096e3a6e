import type { TRole } from '@screenline/shared/user';
import { paths } from '@/lib/paths';

/** Pages that must never be a continue target (they would send a signed-in user in circles). */
const AUTH_PAGES: readonly string[] = [paths.signIn, paths.signUp];

/**
 * Accepts only same-origin relative paths: "/x…", never "//host" or "/\host" (both are read as
 * another origin by browsers), never an absolute URL.
 */
export function safeRedirectPath(value: unknown): string | null {
  if (typeof value !== 'string' || !value.startsWith(paths.home)) return null;
  if (value.startsWith('//') || value.startsWith('/\\')) return null;
  // Control characters and backslashes can be normalised into another origin by URL parsers.
  if (value.includes('\\') || [...value].some((char) => char.charCodeAt(0) < 0x20)) return null;
  const base = 'http://screenline.invalid';
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return null;
  }
  if (url.origin !== base) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** A role's dashboard: /advertiser/dashboard or /publisher/dashboard. */
export function roleDashboard(role: TRole): string {
  switch (role) {
    case 'advertiser':
      return paths.advertiser.dashboard;
    case 'publisher':
      return paths.publisher.dashboard;
  }
}

/**
 * Where a signed-in user lands (sign-in, /, /dashboard, the logo): the one place that decides it,
 * so a gate in front (e.g. a step the account must finish first) composes with it. A super-user
 * works in the approval queues, so lands there whether or not they also hold a role (issue 21
 * item 1); an owner or a buyer on their dashboard; anyone else on the role chooser.
 */
export function homeFor(user: { role: TRole | null; isSU: boolean }): string {
  if (user.isSU) return paths.admin.root;
  return user.role === null ? paths.onboarding : roleDashboard(user.role);
}

/**
 * Where the sign-in page continues (SPEC §2): the redirectTo query value, else the origin passed as
 * navigation state, else the user's home (homeFor).
 */
export function continueTarget({
  search,
  state,
  user,
}: {
  search: string;
  state: unknown;
  user: { role: TRole | null; isSU: boolean };
}): string {
  const fromQuery = safeRedirectPath(new URLSearchParams(search).get('redirectTo'));
  const fromState =
    typeof state === 'object' && state !== null && 'from' in state
      ? safeRedirectPath(state.from)
      : null;
  for (const candidate of [fromQuery, fromState]) {
    if (candidate && !AUTH_PAGES.includes(new URL(candidate, 'http://x').pathname))
      return candidate;
  }
  return homeFor(user);
}

/** /signin?redirectTo=<path+query>, as the signed-in guard sends anonymous visitors. */
export function signInPathFor(pathWithQuery: string): string {
  return `${paths.signIn}?${new URLSearchParams({ redirectTo: pathWithQuery }).toString()}`;
}
