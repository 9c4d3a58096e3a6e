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

export type THelpTopic = { to: string; title: string; summary: string; icon: LucideIcon };
export type THelpSection = { label: string; topics: THelpTopic[] };

/** Every help page, grouped as the Help home and the help sidebar show them. */
export const HELP_SECTIONS: THelpSection[] = [
  {
    label: 'Getting started',
    topics: [
      {
        to: '/help/introduction',
        title: 'What is Screenline?',
        summary: 'The product in a few minutes: who it is for and how it works.',
        icon: BookOpen,
      },
    ],
  },
  {
    label: 'Screen owners',
    topics: [
      {
        to: '/help/advertiser/dashboard',
        title: 'Screen owner dashboard',
        summary: 'Your starting point and the order to set things up in.',
        icon: LayoutDashboard,
      },
      {
        to: '/help/advertiser/locations',
        title: 'Locations',
        summary: 'Venues, addresses and time zones.',
        icon: MapPin,
      },
      {
        to: '/help/advertiser/ad-spaces',
        title: 'Ad spaces',
        summary: 'Register each screen and connect a TV to it.',
        icon: MonitorPlay,
      },
      {
        to: '/help/advertiser/playlists',
        title: 'Playlists',
        summary: 'Order images, videos and ad slots into a loop.',
        icon: ListVideo,
      },
      {
        to: '/help/advertiser/schedule',
        title: 'Schedule',
        summary: 'Decide which playlist plays on which screen, and when.',
        icon: CalendarClock,
      },
      {
        to: '/help/advertiser/monetize',
        title: 'Monetize',
        summary: 'Let paid campaigns fill your ad slots and earn from them.',
        icon: BadgeDollarSign,
      },
    ],
  },
  {
    label: 'Ad buyers',
    topics: [
      {
        to: '/help/publisher/dashboard',
        title: 'Ad buyer dashboard',
        summary: 'Your starting point for running campaigns.',
        icon: LayoutDashboard,
      },
      {
        to: '/help/publisher/ad-campaigns',
        title: 'Ad campaigns',
        summary: 'Targeting, creatives, budget, review and results.',
        icon: Megaphone,
      },
    ],
  },
  {
    label: 'Your account',
    topics: [
      {
        to: '/help/content',
        title: 'Content library',
        summary: 'Upload and manage images and videos.',
        icon: Images,
      },
      {
        to: '/help/wallet',
        title: 'Wallet',
        summary: 'Top-ups, spending, earnings and payouts.',
        icon: Wallet,
      },
      {
        to: '/help/profile',
        title: 'Profile and security',
        summary: 'Your details, email verification, password and account.',
        icon: UserRound,
      },
    ],
  },
  {
    label: 'TV player',
    topics: [
      {
        to: '/help/tv/sign-in',
        title: 'TV sign in',
        summary: 'Sign a TV in with a password or by scanning a QR code.',
        icon: LogIn,
      },
      {
        to: '/help/tv/setup',
        title: 'TV setup',
        summary: 'Assign the TV to one of your ad spaces.',
        icon: MonitorCog,
      },
      {
        to: '/help/tv/player',
        title: 'TV player guide',
        summary: 'Playback, offline caching and impression tracking.',
        icon: Tv,
      },
    ],
  },
  {
    label: 'Support',
    topics: [
      {
        to: '/contact',
        title: 'Contact us',
        summary: 'Ask a question or report a problem.',
        icon: Mail,
      },
    ],
  },
];
