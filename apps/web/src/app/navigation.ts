import {
  BadgeCheck,
  BadgeDollarSign,
  CalendarClock,
  ChartColumn,
  CircleDollarSign,
  ClipboardCheck,
  HandCoins,
  ScrollText,
  Images,
  LayoutDashboard,
  ListVideo,
  Mail,
  MapPin,
  Megaphone,
  MonitorPlay,
  ShieldCheck,
  Tv,
  Wallet,
  WalletCards,
  type LucideIcon,
} from 'lucide-react';
import type { TRole } from '@screenline/shared/user';
import { paths } from '@/lib/paths';

export type TNavItem = { to: string; label: string; icon: LucideIcon };
export type TNavGroup = { label: string; items: TNavItem[] };

export const ADVERTISER_NAV: TNavItem[] = [
  { to: paths.advertiser.dashboard, label: 'Dashboard', icon: LayoutDashboard },
  { to: paths.advertiser.locations, label: 'Locations', icon: MapPin },
  { to: paths.advertiser.adSpaces, label: 'Ad spaces', icon: MonitorPlay },
  { to: paths.advertiser.tvs, label: 'TVs', icon: Tv },
  { to: paths.advertiser.playlists, label: 'Playlists', icon: ListVideo },
  { to: paths.advertiser.schedule, label: 'Schedule', icon: CalendarClock },
  { to: paths.content.library, label: 'Content', icon: Images },
  { to: paths.advertiser.monetize, label: 'Monetize', icon: BadgeDollarSign },
  { to: paths.wallet, label: 'Wallet', icon: Wallet },
];

export const PUBLISHER_NAV: TNavItem[] = [
  { to: paths.publisher.dashboard, label: 'Dashboard', icon: LayoutDashboard },
  { to: paths.publisher.adCampaigns, label: 'Ad campaigns', icon: Megaphone },
  { to: paths.content.library, label: 'Content', icon: Images },
  { to: paths.wallet, label: 'Wallet', icon: Wallet },
];

export const ADMIN_NAV: TNavItem[] = [
  { to: paths.admin.walletApprovals, label: 'Wallet approvals', icon: WalletCards },
  { to: paths.admin.adCampaignApprovals, label: 'Campaign approvals', icon: ClipboardCheck },
  { to: paths.admin.adCampaigns, label: 'Campaigns', icon: Megaphone },
  { to: paths.admin.payoutApprovals, label: 'Payout approvals', icon: HandCoins },
  { to: paths.admin.auditLog, label: 'Audit log', icon: ScrollText },
  { to: paths.admin.adPlaylists, label: 'Ad playlists', icon: ListVideo },
  { to: paths.admin.monetization, label: 'Monetization', icon: CircleDollarSign },
  { to: paths.admin.monetizationApprovals, label: 'Monetization approvals', icon: BadgeCheck },
  { to: paths.admin.proofOfPlay, label: 'Proof of play', icon: ShieldCheck },
  { to: paths.admin.pageViews, label: 'Page views', icon: ChartColumn },
  { to: paths.admin.contactMessages, label: 'Contact messages', icon: Mail },
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
  if (pathname.startsWith(paths.advertiser.root)) return 'Screen owner';
  if (pathname.startsWith(paths.publisher.root)) return 'Ad buyer';
  if (pathname.startsWith(paths.admin.root)) return 'Admin';
  return null;
}
