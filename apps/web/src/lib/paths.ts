/**
 * Every path of the web app (SPEC §2), in one typed table: the route table, the navigation, links
 * and redirects all name a page through it, so a renamed route is one edit and a typo is a type
 * error. Paths with parameters are route patterns: build a link with React Router's typed
 * `generatePath(paths.admin.editAdPlaylist, { playlistId })`, which also encodes the value.
 */
export const paths = {
  home: '/',
  signIn: '/signin',
  signUp: '/signup',
  forgotPassword: '/forgot-password',
  contact: '/contact',
  dashboard: '/dashboard',
  onboarding: '/onboarding',
  pair: '/pair',
  profile: '/profile',
  wallet: '/wallet',
  content: {
    library: '/content',
    generate: '/content/generate',
  },
  advertiser: {
    root: '/advertiser',
    dashboard: '/advertiser/dashboard',
    locations: '/advertiser/locations',
    adSpaces: '/advertiser/ad-spaces',
    tvs: '/advertiser/tvs',
    monetize: '/advertiser/monetize',
    approvals: '/advertiser/monetize/approvals',
    schedule: '/advertiser/schedule',
    playlists: '/advertiser/playlists',
    newPlaylist: '/advertiser/playlists/new',
    editPlaylist: '/advertiser/playlists/edit/:playlistId',
    playlistPlayer: '/advertiser/playlists/view/:playlistId/player',
    content: '/advertiser/content',
    wallet: '/advertiser/wallet',
  },
  publisher: {
    root: '/publisher',
    dashboard: '/publisher/dashboard',
    adCampaigns: '/publisher/ad-campaigns',
    newAdCampaign: '/publisher/ad-campaigns/new',
    adCampaignOverview: '/publisher/ad-campaigns/view/:id/overview',
    adCampaignResults: '/publisher/ad-campaigns/view/:id/results',
    content: '/publisher/content',
    wallet: '/publisher/wallet',
  },
  admin: {
    root: '/admin',
    walletApprovals: '/admin/wallet-approvals',
    adCampaignApprovals: '/admin/ad-campaign-approvals',
    adCampaigns: '/admin/ad-campaigns',
    payoutApprovals: '/admin/payout-approvals',
    adPlaylists: '/admin/ad-playlists',
    editAdPlaylist: '/admin/ad-playlists/edit/:playlistId',
    adPlaylistPlayer: '/admin/ad-playlists/view/:playlistId/player',
    monetization: '/admin/monetization',
    monetizationApprovals: '/admin/monetization-approvals',
    pageViews: '/admin/page-views',
    contactMessages: '/admin/contact-messages',
    auditLog: '/admin/audit-log',
    proofOfPlay: '/admin/proof-of-play',
  },
  help: {
    home: '/help',
    introduction: '/help/introduction',
    advertiserDashboard: '/help/advertiser/dashboard',
    locations: '/help/advertiser/locations',
    adSpaces: '/help/advertiser/ad-spaces',
    schedule: '/help/advertiser/schedule',
    monetize: '/help/advertiser/monetize',
    playlists: '/help/advertiser/playlists',
    advertiserContent: '/help/advertiser/content',
    publisherDashboard: '/help/publisher/dashboard',
    adCampaigns: '/help/publisher/ad-campaigns',
    content: '/help/content',
    wallet: '/help/wallet',
    profile: '/help/profile',
    tvSignIn: '/help/tv/sign-in',
    tvSetup: '/help/tv/setup',
    tvPlayer: '/help/tv/player',
    tv: '/help/tv',
  },
} as const;

/**
 * Where the email verification link lands (Better Auth's callbackURL): the profile, which then
 * says the email is verified. A failed link lands on /profile?error=… instead (same page).
 */
/**
 * Where a super-user without two-factor sign-in is sent (issue 18 item 4): the profile's
 * two-factor section, with a note that admin pages need it.
 */
export const TWO_FACTOR_ENROLMENT = `${paths.profile}?two-factor=required#two-factor`;

export const EMAIL_VERIFIED_LANDING = `${paths.profile}?verified=1`;

/** A path and everything below it ("/help/tv" → "/help/tv/*"), for catch-all redirects. */
export const below = (path: string): string => `${path}/*`;
