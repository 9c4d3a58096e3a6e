import { Navigate, type RouteObject } from 'react-router';
import { LoadingScreen } from '@/components/loading-screen';
import { RequireAuth } from '@/app/guards/require-auth';
import { RequireSuperUser } from '@/app/guards/require-super-user';
import { RootRedirect } from '@/app/guards/root-redirect';
import { RootLayout } from '@/app/layouts/root-layout';
import { RouteErrorPage } from '@/app/route-error-page';

/*
 * The route table of SPEC §2. Every page (and the heavier layouts) loads lazily; the root's
 * HydrateFallback is the loading screen. Guards are ordinary layout routes around their pages.
 */

const redirect = (to: string): RouteObject['element'] => <Navigate to={to} replace />;

const dashboardLayout: RouteObject['lazy'] = async () => ({
  Component: (await import('@/app/layouts/dashboard-layout')).DashboardLayout,
});

const advertiserRoutes: RouteObject[] = [
  { index: true, element: redirect('/advertiser/dashboard') },
  {
    path: 'dashboard',
    lazy: async () => ({
      Component: (await import('@/features/dashboard/routes/advertiser-dashboard-page'))
        .AdvertiserDashboardPage,
    }),
  },
  {
    path: 'locations',
    lazy: async () => ({
      Component: (await import('@/features/locations/routes/locations-page')).LocationsPage,
    }),
  },
  {
    path: 'ad-spaces',
    lazy: async () => ({
      Component: (await import('@/features/ad-spaces/routes/ad-spaces-page')).AdSpacesPage,
    }),
  },
  {
    path: 'monetize',
    lazy: async () => ({
      Component: (await import('@/features/monetization/routes/monetize-page')).MonetizePage,
    }),
  },
  {
    path: 'schedule',
    lazy: async () => ({
      Component: (await import('@/features/schedule/routes/schedule-page')).SchedulePage,
    }),
  },
  {
    path: 'playlists',
    children: [
      {
        index: true,
        lazy: async () => ({
          Component: (await import('@/features/playlists/routes/playlist-pages')).PlaylistsPage,
        }),
      },
      {
        path: 'new',
        lazy: async () => ({
          Component: (await import('@/features/playlists/routes/playlist-pages')).NewPlaylistPage,
        }),
      },
      {
        path: 'edit/:playlistId',
        lazy: async () => ({
          Component: (await import('@/features/playlists/routes/playlist-pages')).EditPlaylistPage,
        }),
      },
      {
        path: 'view/:playlistId/player',
        lazy: async () => ({
          Component: (await import('@/features/playlists/routes/playlist-pages'))
            .PlaylistPlayerPage,
        }),
      },
    ],
  },
  { path: 'content', element: redirect('/content') },
  { path: 'wallet', element: redirect('/wallet') },
];

const publisherRoutes: RouteObject[] = [
  { index: true, element: redirect('/publisher/dashboard') },
  {
    path: 'dashboard',
    lazy: async () => ({
      Component: (await import('@/features/dashboard/routes/publisher-dashboard-page'))
        .PublisherDashboardPage,
    }),
  },
  {
    path: 'ad-campaigns',
    children: [
      {
        index: true,
        lazy: async () => ({
          Component: (await import('@/features/ad-campaigns/routes/ad-campaign-pages'))
            .AdCampaignsPage,
        }),
      },
      {
        path: 'new',
        lazy: async () => ({
          Component: (await import('@/features/ad-campaigns/routes/ad-campaign-pages'))
            .NewAdCampaignPage,
        }),
      },
      {
        path: 'view/:id/overview',
        lazy: async () => ({
          Component: (await import('@/features/ad-campaigns/routes/ad-campaign-pages'))
            .AdCampaignOverviewPage,
        }),
      },
      {
        path: 'view/:id/results',
        lazy: async () => ({
          Component: (await import('@/features/ad-campaigns/routes/ad-campaign-pages'))
            .AdCampaignResultsPage,
        }),
      },
    ],
  },
  { path: 'wallet', element: redirect('/wallet') },
  { path: 'content', element: redirect('/content') },
];

const adminRoutes: RouteObject[] = [
  { index: true, element: redirect('/admin/wallet-approvals') },
  {
    path: 'wallet-approvals',
    lazy: async () => ({
      Component: (await import('@/features/admin/routes/admin-pages')).WalletApprovalsPage,
    }),
  },
  {
    path: 'ad-campaign-approvals',
    lazy: async () => ({
      Component: (await import('@/features/admin/routes/admin-pages')).AdCampaignApprovalsPage,
    }),
  },
  {
    path: 'payout-approvals',
    lazy: async () => ({
      Component: (await import('@/features/admin/routes/admin-pages')).PayoutApprovalsPage,
    }),
  },
  {
    path: 'ad-playlists',
    children: [
      {
        index: true,
        lazy: async () => ({
          Component: (await import('@/features/admin/routes/admin-pages')).AdPlaylistsPage,
        }),
      },
      {
        path: 'edit/:playlistId',
        lazy: async () => ({
          Component: (await import('@/features/admin/routes/admin-pages')).EditAdPlaylistPage,
        }),
      },
      {
        path: 'view/:playlistId/player',
        lazy: async () => ({
          Component: (await import('@/features/admin/routes/admin-pages')).AdPlaylistPlayerPage,
        }),
      },
    ],
  },
  {
    path: 'monetization',
    lazy: async () => ({
      Component: (await import('@/features/admin/routes/admin-pages')).MonetizationPage,
    }),
  },
  {
    path: 'monetization-approvals',
    lazy: async () => ({
      Component: (await import('@/features/admin/routes/admin-pages')).MonetizationApprovalsPage,
    }),
  },
  {
    path: 'page-views',
    lazy: async () => ({
      Component: (await import('@/features/analytics/routes/page-views-page')).PageViewsPage,
    }),
  },
];

const helpPages = () => import('@/features/help/routes/help-pages');

const helpRoutes: RouteObject[] = [
  {
    index: true,
    lazy: async () => ({
      Component: (await import('@/features/help/routes/help-home-page')).HelpHomePage,
    }),
  },
  {
    path: 'introduction',
    lazy: async () => ({
      Component: (await import('@/features/help/routes/introduction-page')).IntroductionPage,
    }),
  },
  {
    path: 'advertiser/dashboard',
    lazy: async () => ({ Component: (await helpPages()).AdvertiserDashboardHelpPage }),
  },
  {
    path: 'advertiser/locations',
    lazy: async () => ({ Component: (await helpPages()).LocationsHelpPage }),
  },
  {
    path: 'advertiser/ad-spaces',
    lazy: async () => ({ Component: (await helpPages()).AdSpacesHelpPage }),
  },
  {
    path: 'advertiser/schedule',
    lazy: async () => ({ Component: (await helpPages()).ScheduleHelpPage }),
  },
  {
    path: 'advertiser/monetize',
    lazy: async () => ({ Component: (await helpPages()).MonetizeHelpPage }),
  },
  { path: 'advertiser/content', element: redirect('/help/content') },
  {
    path: 'advertiser/playlists',
    lazy: async () => ({ Component: (await helpPages()).PlaylistsHelpPage }),
  },
  { path: 'advertiser/playlists/*', element: redirect('/help/advertiser/playlists') },
  {
    path: 'publisher/dashboard',
    lazy: async () => ({ Component: (await helpPages()).PublisherDashboardHelpPage }),
  },
  {
    path: 'publisher/ad-campaigns',
    lazy: async () => ({ Component: (await helpPages()).AdCampaignsHelpPage }),
  },
  { path: 'publisher/ad-campaigns/*', element: redirect('/help/publisher/ad-campaigns') },
  { path: 'content', lazy: async () => ({ Component: (await helpPages()).ContentHelpPage }) },
  { path: 'wallet', lazy: async () => ({ Component: (await helpPages()).WalletHelpPage }) },
  { path: 'profile', lazy: async () => ({ Component: (await helpPages()).ProfileHelpPage }) },
  {
    path: 'tv/sign-in',
    lazy: async () => ({
      Component: (await import('@/features/help/routes/tv-sign-in-page')).TvSignInHelpPage,
    }),
  },
  {
    path: 'tv/setup',
    lazy: async () => ({
      Component: (await import('@/features/help/routes/tv-setup-page')).TvSetupHelpPage,
    }),
  },
  {
    path: 'tv/player',
    lazy: async () => ({
      Component: (await import('@/features/help/routes/tv-guide-page')).TvGuidePage,
    }),
  },
  { path: 'tv/*', element: redirect('/help/publisher/ad-campaigns') },
  { path: '*', element: redirect('/help') },
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
        lazy: async () => ({ Component: (await import('@/app/layouts/auth-layout')).AuthLayout }),
        children: [
          {
            path: 'signin',
            lazy: async () => ({
              Component: (await import('@/features/auth/routes/signin-page')).SignInPage,
            }),
          },
          {
            path: 'signup',
            lazy: async () => ({
              Component: (await import('@/features/auth/routes/signup-page')).SignUpPage,
            }),
          },
          {
            path: 'forgot-password',
            lazy: async () => ({
              Component: (await import('@/features/auth/routes/forgot-password-page'))
                .ForgotPasswordPage,
            }),
          },
        ],
      },
      {
        lazy: async () => ({ Component: (await import('@/app/layouts/help-layout')).HelpLayout }),
        children: [
          { path: 'help', children: helpRoutes },
          {
            path: 'contact',
            lazy: async () => ({
              Component: (await import('@/features/contact/routes/contact-page')).ContactPage,
            }),
          },
        ],
      },

      // Signed in
      {
        Component: RequireAuth,
        children: [
          { path: 'dashboard', Component: RootRedirect },
          {
            lazy: async () => ({
              Component: (await import('@/app/layouts/minimal-layout')).MinimalLayout,
            }),
            children: [
              {
                path: 'onboarding',
                lazy: async () => ({
                  Component: (await import('@/features/onboarding/routes/onboarding-page'))
                    .OnboardingPage,
                }),
              },
              {
                path: 'pair',
                children: [
                  {
                    index: true,
                    lazy: async () => ({
                      Component: (await import('@/features/pairing/routes/pair-page')).PairPage,
                    }),
                  },
                ],
              },
            ],
          },
          {
            lazy: dashboardLayout,
            children: [
              {
                path: 'content',
                children: [
                  {
                    index: true,
                    lazy: async () => ({
                      Component: (await import('@/features/content/routes/content-library-page'))
                        .ContentLibraryPage,
                    }),
                  },
                  {
                    path: 'generate',
                    lazy: async () => ({
                      Component: (await import('@/features/content/routes/generate-content-page'))
                        .GenerateContentPage,
                    }),
                  },
                ],
              },
              {
                path: 'profile',
                lazy: async () => ({
                  Component: (await import('@/features/profile/routes/profile-page')).ProfilePage,
                }),
              },
              {
                path: 'wallet',
                lazy: async () => ({
                  Component: (await import('@/features/wallet/routes/wallet-page')).WalletPage,
                }),
              },
              { path: 'advertiser', children: advertiserRoutes },
              { path: 'publisher', children: publisherRoutes },
            ],
          },
        ],
      },

      // Super-users
      {
        Component: RequireSuperUser,
        children: [{ path: 'admin', lazy: dashboardLayout, children: adminRoutes }],
      },

      {
        path: '*',
        lazy: async () => ({ Component: (await import('@/app/not-found-page')).NotFoundPage }),
      },
    ],
  },
];
