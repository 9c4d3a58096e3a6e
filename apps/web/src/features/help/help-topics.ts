import {
  BadgeDollarSign,
  BookOpen,
  CalendarClock,
  Images,
  LayoutDashboard,
  ListVideo,
  LogIn,
  Mail,
  MapPin,
  Megaphone,
  MonitorCog,
  MonitorPlay,
  Tv,
  UserRound,
  Wallet,
  type LucideIcon,
} from 'lucide-react';
import { paths } from '@/lib/paths';

export type THelpTopic = {
  to: string;
  title: string;
  summary: string;
  /** Words people may search for that the title and summary do not say. */
  keywords: string[];
  icon: LucideIcon;
};
export type THelpSection = { label: string; topics: THelpTopic[] };

/** Every help page, grouped as the Help home and the help sidebar show them. */
export const HELP_SECTIONS: THelpSection[] = [
  {
    label: 'Getting started',
    topics: [
      {
        to: paths.help.introduction,
        title: 'What is Screenline?',
        summary: 'The product in a few minutes: who it is for and how it works.',
        keywords: [
          'overview',
          'about',
          'walkthrough',
          'video',
          'screen owner',
          'ad buyer',
          'advertiser',
          'publisher',
          'getting started',
          'how it works',
        ],
        icon: BookOpen,
      },
    ],
  },
  {
    label: 'Screen owners',
    topics: [
      {
        to: paths.help.advertiserDashboard,
        title: 'Screen owner dashboard',
        summary: 'Your starting point and the order to set things up in.',
        keywords: [
          'home',
          'getting started',
          'steps',
          'earnings',
          'screens',
          'at a glance',
          'attention',
          'offline',
        ],
        icon: LayoutDashboard,
      },
      {
        to: paths.help.locations,
        title: 'Locations',
        summary: 'Venues, addresses and time zones.',
        keywords: [
          'venue',
          'address',
          'time zone',
          'timezone',
          'footfall',
          'audience',
          'demographics',
          'age',
          'gender',
          'city',
        ],
        icon: MapPin,
      },
      {
        to: paths.help.adSpaces,
        title: 'Ad spaces',
        summary: 'Register each screen and connect a TV to it.',
        keywords: [
          'screen',
          'TV',
          'display',
          'orientation',
          'resolution',
          'default playlist',
          'online',
          'offline',
          'proof of play',
          'status',
          'connect',
          'tags',
          'groups',
          'bulk',
          'many screens',
        ],
        icon: MonitorPlay,
      },
      {
        to: paths.help.playlists,
        title: 'Playlists',
        summary: 'Order images, videos and ad slots into a loop.',
        keywords: [
          'loop',
          'images',
          'videos',
          'ad slot',
          'duration',
          'order',
          'drag',
          'preview',
          'version',
          'duplicate',
        ],
        icon: ListVideo,
      },
      {
        to: paths.help.schedule,
        title: 'Schedule',
        summary: 'Decide which playlist plays on which screen, and when.',
        keywords: [
          'calendar',
          'week',
          'weekdays',
          'time',
          'priority',
          'overlap',
          'daypart',
          'what plays here',
          'default playlist',
          'idle screen',
          'group',
        ],
        icon: CalendarClock,
      },
      {
        to: paths.help.monetize,
        title: 'Monetize',
        summary: 'Let paid campaigns fill your ad slots and earn from them.',
        keywords: [
          'earn',
          'money',
          'income',
          'floor price',
          'ad slots',
          'paid campaigns',
          'commission',
          'earnings',
          'withdraw',
          'approval',
          'billed',
          'not billed',
          'settling',
          'proof of play',
        ],
        icon: BadgeDollarSign,
      },
    ],
  },
  {
    label: 'Ad buyers',
    topics: [
      {
        to: paths.help.publisherDashboard,
        title: 'Ad buyer dashboard',
        summary: 'Your starting point for running campaigns.',
        keywords: [
          'home',
          'getting started',
          'balance',
          'spend',
          'impressions',
          'active campaigns',
          'review',
        ],
        icon: LayoutDashboard,
      },
      {
        to: paths.help.adCampaigns,
        title: 'Ad campaigns',
        summary: 'Targeting, creatives, budget, review and results.',
        keywords: [
          'campaign',
          'ads',
          'advertising',
          'targeting',
          'bid',
          'budget',
          'daily cap',
          'dayparts',
          'creatives',
          'QR code',
          'results',
          'impressions',
          'scans',
          'review',
          'approval',
          'pause',
          'cancel',
          'billed',
          'not billed',
          'settling',
        ],
        icon: Megaphone,
      },
    ],
  },
  {
    label: 'Your account',
    topics: [
      {
        to: paths.help.content,
        title: 'Content library',
        summary: 'Upload and manage images and videos.',
        keywords: [
          'library',
          'upload',
          'images',
          'videos',
          'files',
          'media',
          'creative generator',
          'rename',
          'delete',
          'storage',
        ],
        icon: Images,
      },
      {
        to: paths.help.wallet,
        title: 'Wallet',
        summary: 'Top-ups, spending, earnings and payouts.',
        keywords: [
          'money',
          'balance',
          'top-up',
          'top up',
          'payout',
          'bank transfer',
          'IBAN',
          'receipt',
          'history',
          'CSV',
          'earnings',
          'spend',
          'held',
          'billed',
        ],
        icon: Wallet,
      },
      {
        to: paths.help.profile,
        title: 'Profile and security',
        summary: 'Your details, email verification, password and account.',
        keywords: [
          'account',
          'email',
          'verification',
          'password',
          'delete account',
          'name',
          'company',
          'phone',
          'security',
        ],
        icon: UserRound,
      },
    ],
  },
  {
    label: 'TV player',
    topics: [
      {
        to: paths.help.tvSignIn,
        title: 'TV sign in',
        summary: 'Sign a TV in with a password or by scanning a QR code.',
        keywords: [
          'TV',
          'login',
          'log in',
          'password',
          'QR code',
          'pairing',
          'pair',
          'phone',
          'code',
          'remote',
        ],
        icon: LogIn,
      },
      {
        to: paths.help.tvSetup,
        title: 'TV setup',
        summary: 'Assign the TV to one of your ad spaces.',
        keywords: [
          'TV',
          'ad space',
          'choose',
          'Continue to Player',
          'No Ad Spaces Found',
          'refresh',
          'menu',
          'sign out',
          'device info',
        ],
        icon: MonitorCog,
      },
      {
        to: paths.help.tvPlayer,
        title: 'TV player guide',
        summary: 'Playback, offline caching and impression tracking.',
        keywords: [
          'TV',
          'playback',
          'offline',
          'cache',
          'download',
          'impressions',
          'proof of play',
          'analytics',
          'best practices',
          'QR scans',
        ],
        icon: Tv,
      },
    ],
  },
  {
    label: 'Support',
    topics: [
      {
        to: paths.contact,
        title: 'Contact us',
        summary: 'Ask a question or report a problem.',
        keywords: ['support', 'question', 'problem', 'message', 'email us'],
        icon: Mail,
      },
    ],
  },
];

/** Lower case, accents and punctuation dropped, so "top-up" finds "Top up" and "café" "cafe". */
function normalize(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * The sections whose topics match every word of `query` in their title, summary or keywords
 * (sections left with no topic are dropped). An empty query keeps everything.
 */
export function filterHelpSections(query: string, sections = HELP_SECTIONS): THelpSection[] {
  const words = normalize(query).split(' ').filter(Boolean);
  if (words.length === 0) return sections;
  return sections
    .map((section) => ({
      ...section,
      topics: section.topics.filter((topic) => {
        const haystack = normalize([topic.title, topic.summary, ...topic.keywords].join(' '));
        return words.every((word) => haystack.includes(word));
      }),
    }))
    .filter((section) => section.topics.length > 0);
}
