import type { ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { LoadingScreen } from '@/components/loading-screen';
import { RequireAuth } from '@/app/guards/require-auth';
import { RequireSuperUser } from '@/app/guards/require-super-user';
import { RootRedirect } from '@/app/guards/root-redirect';
import { RootLayout } from '@/app/layouts/root-layout';
import { RouteErrorPage } from '@/app/route-error-page';
import { below, paths } from '@/lib/paths';

/*
 * The route table of SPEC §2. Every page (and the heavier layouts) loads lazily; the root's
 * HydrateFallback is the loading screen. Guards are ordinary layout routes around their pages.
 * Paths are absolute and come from the paths table, so the table reads as the list of URLs.
 */

type TLazy = NonNullable<RouteObject['lazy']>;

/** A route whose component is the export `name` of a module loaded on first visit. */
function lazyPage<TName extends string>(
  load: () => Promise<Record<TName, ComponentType>>,
  name: TName,
): TLazy {
  return async () => ({ Component: (await load())[name] });
}

const redirect = (to: string): RouteObject['element'] => <Navigate to={to} replace />;

const dashboardLayout = lazyPage(() => import('@/app/layouts/dashboard-layout'), 'DashboardLayout');
const playlistPages = () => import('@/features/playlists/routes/playlist-pages');
const campaignPages = () => import('@/features/ad-campaigns/routes/ad-campaign-pages');
const adminMoneyPages = {
  walletApprovals: () => import('@/features/admin-money/routes/wallet-approvals-page'),
  payoutApprovals: () => import('@/features/admin-money/routes/payout-approvals-page'),
  monetizationApprovals: () => import('@/features/admin-money/routes/monetization-approvals-page'),
  platformSettings: () => import('@/features/admin-money/routes/platform-settings-page'),
  auditLog: () => import('@/features/admin-money/routes/audit-log-page'),
};
const adPlaylistPages = () => import('@/features/admin-ad-playlists/routes/ad-playlist-pages');
const helpPages = () => import('@/features/help/routes/help-pages');
const contentPages = {
  library: () => import('@/features/content/routes/content-library-page'),
  generate: () => import('@/features/content/routes/generate-content-page'),
};

const advertiser = paths.advertiser;
const advertiserRoutes: RouteObject[] = [
  { index: true, element: redirect(advertiser.dashboard) },
  {
    path: advertiser.dashboard,
    lazy: lazyPage(
      () => import('@/features/dashboard/routes/advertiser-dashboard-page'),
      'AdvertiserDashboardPage',
    ),
  },
  {
    path: advertiser.locations,
    lazy: lazyPage(() => import('@/features/locations/routes/locations-page'), 'LocationsPage'),
  },
  {
    path: advertiser.adSpaces,
    lazy: lazyPage(() => import('@/features/ad-spaces/routes/ad-spaces-page'), 'AdSpacesPage'),
  },
  {
    path: advertiser.tvs,
    lazy: lazyPage(() => import('@/features/devices/routes/devices-page'), 'DevicesPage'),
  },
  {
    path: advertiser.monetize,
    lazy: lazyPage(() => import('@/features/monetization/routes/monetize-page'), 'MonetizePage'),
  },
  {
    path: advertiser.approvals,
    lazy: lazyPage(
      () => import('@/features/campaign-approvals/routes/approvals-page'),
      'CampaignApprovalsPage',
    ),
  },
  {
    path: advertiser.schedule,
    lazy: lazyPage(() => import('@/features/schedule/routes/schedule-page'), 'SchedulePage'),
  },
  { path: advertiser.playlists, lazy: lazyPage(playlistPages, 'PlaylistsPage') },
  { path: advertiser.newPlaylist, lazy: lazyPage(playlistPages, 'NewPlaylistPage') },
  { path: advertiser.editPlaylist, lazy: lazyPage(playlistPages, 'EditPlaylistPage') },
  { path: advertiser.content, element: redirect(paths.content.library) },
  { path: advertiser.wallet, element: redirect(paths.wallet) },
];

const publisher = paths.publisher;
const publisherRoutes: RouteObject[] = [
  { index: true, element: redirect(publisher.dashboard) },
  {
    path: publisher.dashboard,
    lazy: lazyPage(
      () => import('@/features/dashboard/routes/publisher-dashboard-page'),
      'PublisherDashboardPage',
    ),
  },
  { path: publisher.adCampaigns, lazy: lazyPage(campaignPages, 'AdCampaignsPage') },
  { path: publisher.newAdCampaign, lazy: lazyPage(campaignPages, 'NewAdCampaignPage') },
  { path: publisher.adCampaignOverview, lazy: lazyPage(campaignPages, 'AdCampaignOverviewPage') },
  {
    path: publisher.adCampaignResults,
    lazy: lazyPage(
      () => import('@/features/ad-campaigns/routes/campaign-results-page'),
      'AdCampaignResultsPage',
    ),
  },
  { path: publisher.wallet, element: redirect(paths.wallet) },
  { path: publisher.content, element: redirect(paths.content.library) },
];

const admin = paths.admin;
const adminRoutes: RouteObject[] = [
  { index: true, element: redirect(admin.walletApprovals) },
  {
    path: admin.walletApprovals,
    lazy: lazyPage(adminMoneyPages.walletApprovals, 'WalletApprovalsPage'),
  },
  {
    path: admin.adCampaignApprovals,
    lazy: lazyPage(
      () => import('@/features/admin/routes/ad-campaign-approvals-page'),
      'AdCampaignApprovalsPage',
    ),
  },
  {
    path: admin.adCampaigns,
    lazy: lazyPage(
      () => import('@/features/admin/routes/admin-campaigns-page'),
      'AdminCampaignsPage',
    ),
  },
  {
    path: admin.payoutApprovals,
    lazy: lazyPage(adminMoneyPages.payoutApprovals, 'PayoutApprovalsPage'),
  },
  { path: admin.auditLog, lazy: lazyPage(adminMoneyPages.auditLog, 'AuditLogPage') },
  { path: admin.adPlaylists, lazy: lazyPage(adPlaylistPages, 'AdPlaylistsPage') },
  { path: admin.editAdPlaylist, lazy: lazyPage(adPlaylistPages, 'EditAdPlaylistPage') },
  {
    path: admin.monetization,
    lazy: lazyPage(adminMoneyPages.platformSettings, 'PlatformSettingsPage'),
  },
  {
    path: admin.monetizationApprovals,
    lazy: lazyPage(adminMoneyPages.monetizationApprovals, 'MonetizationApprovalsPage'),
  },
  {
    path: admin.proofOfPlay,
    lazy: lazyPage(() => import('@/features/admin/routes/proof-of-play-page'), 'ProofOfPlayPage'),
  },
  {
    path: admin.pageViews,
    lazy: lazyPage(() => import('@/features/analytics/routes/page-views-page'), 'PageViewsPage'),
  },
  {
    path: admin.contactMessages,
    lazy: lazyPage(
      () => import('@/features/contact/routes/admin-contact-messages-page'),
      'AdminContactMessagesPage',
    ),
  },
];

const help = paths.help;
const helpRoutes: RouteObject[] = [
  {
    index: true,
    lazy: lazyPage(() => import('@/features/help/routes/help-home-page'), 'HelpHomePage'),
  },
  {
    path: help.introduction,
    lazy: lazyPage(() => import('@/features/help/routes/introduction-page'), 'IntroductionPage'),
  },
  { path: help.advertiserDashboard, lazy: lazyPage(helpPages, 'AdvertiserDashboardHelpPage') },
  { path: help.locations, lazy: lazyPage(helpPages, 'LocationsHelpPage') },
  { path: help.adSpaces, lazy: lazyPage(helpPages, 'AdSpacesHelpPage') },
  { path: help.schedule, lazy: lazyPage(helpPages, 'ScheduleHelpPage') },
  { path: help.monetize, lazy: lazyPage(helpPages, 'MonetizeHelpPage') },
  { path: help.advertiserContent, element: redirect(help.content) },
  { path: help.playlists, lazy: lazyPage(helpPages, 'PlaylistsHelpPage') },
  { path: below(help.playlists), element: redirect(help.playlists) },
  { path: help.publisherDashboard, lazy: lazyPage(helpPages, 'PublisherDashboardHelpPage') },
  { path: help.adCampaigns, lazy: lazyPage(helpPages, 'AdCampaignsHelpPage') },
  { path: below(help.adCampaigns), element: redirect(help.adCampaigns) },
  { path: help.content, lazy: lazyPage(helpPages, 'ContentHelpPage') },
  { path: help.wallet, lazy: lazyPage(helpPages, 'WalletHelpPage') },
  { path: help.profile, lazy: lazyPage(helpPages, 'ProfileHelpPage') },
  {
    path: help.tvSignIn,
    lazy: lazyPage(() => import('@/features/help/routes/tv-sign-in-page'), 'TvSignInHelpPage'),
  },
  {
    path: help.tvSetup,
    lazy: lazyPage(() => import('@/features/help/routes/tv-setup-page'), 'TvSetupHelpPage'),
  },
  {
    path: help.tvPlayer,
    lazy: lazyPage(() => import('@/features/help/routes/tv-guide-page'), 'TvGuidePage'),
  },
  // /help/tv itself is the TV section's own address: it opens the TV guide. SPEC sends "any
  // other tv path" to the ad campaigns help; that stays for unknown sub-paths (docs/decisions.md).
  { path: help.tv, element: redirect(help.tvPlayer) },
  { path: below(help.tv), element: redirect(help.adCampaigns) },
  { path: below(help.home), element: redirect(help.home) },
];

export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    HydrateFallback: LoadingScreen,
    ErrorBoundary: RouteErrorPage,
    children: [
      // Public
      { index: true, Component: RootRedirect },
      {
        lazy: lazyPage(() => import('@/app/layouts/auth-layout'), 'AuthLayout'),
        children: [
          {
            path: paths.signIn,
            lazy: lazyPage(() => import('@/features/auth/routes/signin-page'), 'SignInPage'),
          },
          {
            path: paths.signUp,
            lazy: lazyPage(() => import('@/features/auth/routes/signup-page'), 'SignUpPage'),
          },
          {
            path: paths.forgotPassword,
            lazy: lazyPage(
              () => import('@/features/auth/routes/forgot-password-page'),
              'ForgotPasswordPage',
            ),
          },
        ],
      },
      {
        lazy: lazyPage(() => import('@/app/layouts/help-layout'), 'HelpLayout'),
        children: [
          { path: help.home, children: helpRoutes },
          {
            path: paths.contact,
            lazy: lazyPage(() => import('@/features/contact/routes/contact-page'), 'ContactPage'),
          },
        ],
      },

      // Signed in
      {
        Component: RequireAuth,
        children: [
          { path: paths.dashboard, Component: RootRedirect },
          // Full screen, outside the dashboard layout: nothing but the preview and its exit.
          {
            path: advertiser.playlistPlayer,
            lazy: lazyPage(playlistPages, 'PlaylistPlayerPage'),
          },
          {
            lazy: lazyPage(() => import('@/app/layouts/minimal-layout'), 'MinimalLayout'),
            children: [
              {
                path: paths.onboarding,
                lazy: lazyPage(
                  () => import('@/features/onboarding/routes/onboarding-page'),
                  'OnboardingPage',
                ),
              },
              {
                path: paths.pair,
                lazy: lazyPage(() => import('@/features/pairing/routes/pair-page'), 'PairPage'),
              },
            ],
          },
          {
            lazy: dashboardLayout,
            children: [
              {
                path: paths.content.library,
                lazy: lazyPage(contentPages.library, 'ContentLibraryPage'),
              },
              {
                path: paths.content.generate,
                lazy: lazyPage(contentPages.generate, 'GenerateContentPage'),
              },
              {
                path: paths.profile,
                lazy: lazyPage(
                  () => import('@/features/profile/routes/profile-page'),
                  'ProfilePage',
                ),
              },
              {
                path: paths.wallet,
                lazy: lazyPage(() => import('@/features/wallet/routes/wallet-page'), 'WalletPage'),
              },
              { path: advertiser.root, children: advertiserRoutes },
              { path: publisher.root, children: publisherRoutes },
            ],
          },
        ],
      },

      // Super-users
      {
        Component: RequireSuperUser,
        children: [
          // Full screen, outside the dashboard layout, as the playlist preview.
          { path: admin.adPlaylistPlayer, lazy: lazyPage(adPlaylistPages, 'AdPlaylistPlayerPage') },
          { path: admin.root, lazy: dashboardLayout, children: adminRoutes },
        ],
      },

      {
        path: '*',
        lazy: lazyPage(() => import('@/app/not-found-page'), 'NotFoundPage'),
      },
    ],
  },
];
