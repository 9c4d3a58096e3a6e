import {
  BadgeCheck,
  BadgeDollarSign,
  CalendarClock,
  ChartColumn,
  CircleDollarSign,
  ClipboardCheck,
  HandCoins,
  Images,
  LayoutDashboard,
  ListVideo,
  MapPin,
  Megaphone,
  MonitorPlay,
  Wallet,
  WalletCards,
  type LucideIcon,
} from 'lucide-react';
import type { TRole } from '@screenline/shared/user';

export type TNavItem = { to: string; label: string; icon: LucideIcon };
export type TNavGroup = { label: string; items: TNavItem[] };

export const ADVERTISER_NAV: TNavItem[] = [
  { to: '/advertiser/dashboard', label: 'Dashboard', icon: LayoutDashboard },
  { to: '/advertiser/locations', label: 'Locations', icon: MapPin },
  { to: '/advertiser/ad-spaces', label: 'Ad spaces', icon: MonitorPlay },
  { to: '/advertiser/playlists', label: 'Playlists', icon: ListVideo },
  { to: '/advertiser/schedule', label: 'Schedule', icon: CalendarClock },
  { to: '/content', label: 'Content', icon: Images },
  { to: '/advertiser/monetize', label: 'Monetize', icon: BadgeDollarSign },
  { to: '/wallet', label: 'Wallet', icon: Wallet },
];

export const PUBLISHER_NAV: TNavItem[] = [
  { to: '/publisher/dashboard', label: 'Dashboard', icon: LayoutDashboard },
  { to: '/publisher/ad-campaigns', label: 'Ad campaigns', icon: Megaphone },
  { to: '/content', label: 'Content', icon: Images },
  { to: '/wallet', label: 'Wallet', icon: Wallet },
];

export const ADMIN_NAV: TNavItem[] = [
  { to: '/admin/wallet-approvals', label: 'Wallet approvals', icon: WalletCards },
  { to: '/admin/ad-campaign-approvals', label: 'Campaign approvals', icon: ClipboardCheck },
  { to: '/admin/payout-approvals', label: 'Payout approvals', icon: HandCoins },
  { to: '/admin/ad-playlists', label: 'Ad playlists', icon: ListVideo },
  { to: '/admin/monetization', label: 'Monetization', icon: CircleDollarSign },
  { to: '/admin/monetization-approvals', label: 'Monetization approvals', icon: BadgeCheck },
  { to: '/admin/page-views', label: 'Page views', icon: ChartColumn },
];

/** The sidebar for a user: their role's pages, plus the Admin group for super-users. */
export function navigationFor(role: TRole | null, isSU: boolean): TNavGroup[] {
  const groups: TNavGroup[] = [];
  if (role === 'advertiser') groups.push({ label: 'Screen owner', items: ADVERTISER_NAV });
  if (role === 'publisher') groups.push({ label: 'Ad buyer', items: PUBLISHER_NAV });
  if (isSU) groups.push({ label: 'Admin', items: ADMIN_NAV });
  return groups;
}

/** The top bar's section label for a path. */
export function sectionFor(pathname: string): string | null {
  if (pathname.startsWith('/advertiser')) return 'Screen owner';
  if (pathname.startsWith('/publisher')) return 'Ad buyer';
  if (pathname.startsWith('/admin')) return 'Admin';
  return null;
}
