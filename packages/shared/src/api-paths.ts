/**
 * Every HTTP path of ours the server registers (issue 20 item 4), in Fastify's pattern syntax:
 * the server registers its routes with these values and the web app and the TV player build
 * their request URLs from them with `apiPath`, so a renamed route breaks the compile, not a
 * screen. apps/server/test/api-paths.test.ts checks both ways that this table is exactly what
 * the server registers; lint forbids `/api/v1` literals elsewhere (eslint.config.js).
 * Better Auth's own routes (its catch-all under /api/auth) are not here: see AUTH_PATHS.
 */
export const API = {
  health: '/api/health',

  // The signed-in user and the sign-in rules
  me: '/api/v1/me',
  authPolicy: '/api/v1/auth/policy',

  // Locations
  locations: '/api/v1/locations',
  location: '/api/v1/locations/:id',

  // Ad spaces (screens)
  adSpaces: '/api/v1/ad-spaces',
  adSpacesBulk: '/api/v1/ad-spaces/bulk',
  adSpace: '/api/v1/ad-spaces/:id',
  adSpaceApprovalPolicy: '/api/v1/ad-spaces/:id/approval-policy',
  adSpacePlaying: '/api/v1/ad-spaces/:id/playing',
  adSpacePlays: '/api/v1/ad-spaces/:id/plays',
  adSpacePowerSchedule: '/api/v1/ad-spaces/:id/power-schedule',
  adSpaceScreenshot: '/api/v1/ad-spaces/:id/screenshot.jpg',
  adSpaceScreenshots: '/api/v1/ad-spaces/:id/screenshots',
  adSpaceCampaignApproval: '/api/v1/ad-spaces/:adSpaceId/campaign-approvals/:campaignId',
  screenshots: '/api/v1/screenshots',

  // Screen groups
  screenGroups: '/api/v1/screen-groups',
  screenGroup: '/api/v1/screen-groups/:id',

  // Content library and storage
  content: '/api/v1/content',
  contentItem: '/api/v1/content/:id',
  storageUsage: '/api/v1/storage/usage',

  // Playlists and schedules
  playlists: '/api/v1/playlists',
  playlist: '/api/v1/playlists/:id',
  playlistDuplicate: '/api/v1/playlists/:id/duplicate',
  scheduleEntries: '/api/v1/schedule-entries',
  scheduleEntry: '/api/v1/schedule-entries/:id',

  // TVs: paired devices, pairing, remote commands, takeovers
  devices: '/api/v1/devices',
  device: '/api/v1/devices/:id',
  pairingRequest: '/api/v1/pairing/requests/:userCode',
  deviceCommands: '/api/v1/device-commands',
  takeovers: '/api/v1/takeovers',
  takeoverEnd: '/api/v1/takeovers/:id/end',

  // The TV player's own calls
  playerDevices: '/api/v1/player/devices',
  playerDevice: '/api/v1/player/device',
  playerAdSpaces: '/api/v1/player/ad-spaces',
  playerManifest: '/api/v1/player/manifest',
  playerEvents: '/api/v1/player/events',
  playerHeartbeat: '/api/v1/player/heartbeat',
  playerImpressions: '/api/v1/player/impressions',
  playerScreenshot: '/api/v1/player/screenshot',
  playerCommandAck: '/api/v1/player/commands/:id/ack',
  playerTakeoverShown: '/api/v1/player/takeovers/:id/shown',

  // Alerts
  alertIncidents: '/api/v1/alerts/incidents',
  alertSettings: '/api/v1/alerts/settings',

  // Campaigns (ad buyers) and their approvals by screen owners
  campaigns: '/api/v1/campaigns',
  campaign: '/api/v1/campaigns/:id',
  campaignCancel: '/api/v1/campaigns/:id/cancel',
  campaignPause: '/api/v1/campaigns/:id/pause',
  campaignResume: '/api/v1/campaigns/:id/resume',
  campaignSubmit: '/api/v1/campaigns/:id/submit',
  campaignResults: '/api/v1/campaigns/:id/results',
  campaignSpaceApprovals: '/api/v1/campaigns/:id/space-approvals',
  campaignApprovals: '/api/v1/campaign-approvals',
  approvalPolicies: '/api/v1/approval-policies',
  marketplaceAdSpaces: '/api/v1/marketplace/ad-spaces',
  publisherDashboard: '/api/v1/publisher/dashboard',

  // Monetization and earnings (screen owners)
  monetizationRequests: '/api/v1/monetization-requests',
  monetizationRequestWithdraw: '/api/v1/monetization-requests/:id/withdraw',
  earnings: '/api/v1/earnings',
  platformSettings: '/api/v1/platform-settings',

  // Wallet
  wallet: '/api/v1/wallet',
  walletTransactions: '/api/v1/wallet/transactions',
  walletTopUps: '/api/v1/wallet/top-ups',
  walletPayouts: '/api/v1/wallet/payouts',
  walletEarnings: '/api/v1/wallet/earnings',
  walletEarningsPlays: '/api/v1/wallet/earnings/plays',
  walletReceipts: '/api/v1/wallet/receipts',
  walletReceiptPdf: '/api/v1/wallet/receipts/:id/pdf',

  // Contact and analytics
  contactMessages: '/api/v1/contact-messages',
  analyticsPageViews: '/api/v1/analytics/page-views',

  // Super-users
  adminAdPlaylists: '/api/v1/admin/ad-playlists',
  adminAdPlaylist: '/api/v1/admin/ad-playlists/:adSpaceId',
  adminAuditLog: '/api/v1/admin/audit-log',
  adminCampaigns: '/api/v1/admin/campaigns',
  adminCampaignApprove: '/api/v1/admin/campaigns/:id/approve',
  adminCampaignReject: '/api/v1/admin/campaigns/:id/reject',
  adminContactMessages: '/api/v1/admin/contact-messages',
  adminContactMessage: '/api/v1/admin/contact-messages/:id',
  adminContactMessageAnswer: '/api/v1/admin/contact-messages/:id/answer',
  adminContactMessageClose: '/api/v1/admin/contact-messages/:id/close',
  adminContactMessageReopen: '/api/v1/admin/contact-messages/:id/reopen',
  adminLedgerAudit: '/api/v1/admin/ledger/audit',
  adminMonetizationRequests: '/api/v1/admin/monetization-requests',
  adminMonetizationRequestApprove: '/api/v1/admin/monetization-requests/:id/approve',
  adminMonetizationRequestReject: '/api/v1/admin/monetization-requests/:id/reject',
  adminMonetizationRequestSuspend: '/api/v1/admin/monetization-requests/:id/suspend',
  adminPageViews: '/api/v1/admin/page-views',
  adminPageViewVariants: '/api/v1/admin/page-views/variants',
  adminPayouts: '/api/v1/admin/payouts',
  adminPayoutApprove: '/api/v1/admin/payouts/:id/approve',
  adminPayoutReject: '/api/v1/admin/payouts/:id/reject',
  adminPayoutMarkPaid: '/api/v1/admin/payouts/:id/mark-paid',
  adminPayoutDestination: '/api/v1/admin/payouts/:id/destination',
  adminPlatformSettings: '/api/v1/admin/platform-settings',
  adminProofOfPlay: '/api/v1/admin/proof-of-play',
  adminTopUps: '/api/v1/admin/top-ups',
  adminTopUpApprove: '/api/v1/admin/top-ups/:id/approve',
  adminTopUpReject: '/api/v1/admin/top-ups/:id/reject',

  // Development only: the mailbox that shows the emails sent while SMTP is not configured
  devMailbox: '/api/v1/dev/mailbox',
  devMailboxPage: '/dev/mailbox',

  // A QR code's scan: redirects to its campaign's destination
  qrScan: '/q/:code',

  // The storage service (Firebase Storage's REST shape; packages/storage-client)
  storageObjects: '/v0/b/:bucket/o',
  storageObject: '/v0/b/:bucket/o/*',
} as const;

/** What every versioned API path starts with (the session and CSRF plugins check it). */
export const API_V1_PREFIX = '/api/v1/';

export type TApiPaths = typeof API;
export type TApiPath = TApiPaths[keyof TApiPaths];

/**
 * Better Auth's own routes that our clients call by path (the rest go through its client).
 * The server does not register these one by one: its catch-all `/api/auth/*` hands them to
 * Better Auth (modules/auth/auth.routes.ts).
 */
export const AUTH_PATHS = {
  getSession: '/api/auth/get-session',
  token: '/api/auth/token',
  signUpEmail: '/api/auth/sign-up/email',
  signInEmail: '/api/auth/sign-in/email',
  signOut: '/api/auth/sign-out',
  twoFactorEnable: '/api/auth/two-factor/enable',
  twoFactorVerifyTotp: '/api/auth/two-factor/verify-totp',
  deviceCode: '/api/auth/device/code',
  deviceToken: '/api/auth/device/token',
  device: '/api/auth/device',
  deviceApprove: '/api/auth/device/approve',
  deviceDeny: '/api/auth/device/deny',
} as const;

export type TAuthPath = (typeof AUTH_PATHS)[keyof typeof AUTH_PATHS];

/**
 * The parameter names of a pattern: `:name` segments, and `*` for a trailing wildcard (Fastify
 * names it `*`). `'/a/:id/b/:other'` → `'id' | 'other'`.
 */
export type TPathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | TPathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : P extends `${string}/*`
      ? '*'
      : never;

export type TPathParams<P extends string> = { readonly [K in TPathParamNames<P>]: string | number };

/** Query values; `undefined` (and `null`) are left out, an array repeats its key. */
export type TQueryValue = string | number | boolean | null | undefined;
export type TQuery = Readonly<Record<string, TQueryValue | readonly TQueryValue[]>>;

/** What apiPath takes after the pattern: the params when the pattern has any, then a query. */
export type TApiPathArgs<P extends string> = [TPathParamNames<P>] extends [never]
  ? [params?: Readonly<Record<string, never>>, query?: TQuery | URLSearchParams]
  : [params: TPathParams<P>, query?: TQuery | URLSearchParams];

/**
 * `?a=1&b=x` from a query (undefined and null skipped), or '' when nothing is left. A
 * URLSearchParams a caller built already is taken as it is.
 */
export function queryString(query: TQuery | URLSearchParams | undefined): string {
  if (!query) return '';
  if (query instanceof URLSearchParams) {
    const text = query.toString();
    return text === '' ? '' : `?${text}`;
  }
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item !== undefined && item !== null) search.append(key, String(item));
    }
  }
  const text = search.toString();
  return text === '' ? '' : `?${text}`;
}

/**
 * A request path from a pattern of API (or AUTH_PATHS): each `:param` (and a trailing `*`)
 * filled with its value, percent-encoded with encodeURIComponent, then the query.
 * `apiPath(API.adSpace, { id })`, `apiPath(API.content, {}, { limit: 50 })`.
 */
export function apiPath<P extends string>(pattern: P, ...args: TApiPathArgs<P>): string {
  const [params, query] = args;
  const values: Readonly<Record<string, string | number>> = params ?? {};
  const filled = pattern
    .split('/')
    .map((segment) => {
      const name = segment === '*' ? '*' : segment.startsWith(':') ? segment.slice(1) : null;
      if (name === null) return segment;
      const value = values[name];
      if (value === undefined) throw new Error(`apiPath: ${pattern} needs the parameter ${name}`);
      return encodeURIComponent(String(value));
    })
    .join('/');
  return `${filled}${queryString(query)}`;
}
