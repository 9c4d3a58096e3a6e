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

export type THelpTopic = { to: string; title: string; summary: string; icon: LucideIcon };
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
        icon: LayoutDashboard,
      },
      {
        to: paths.help.locations,
        title: 'Locations',
        summary: 'Venues, addresses and time zones.',
        icon: MapPin,
      },
      {
        to: paths.help.adSpaces,
        title: 'Ad spaces',
        summary: 'Register each screen and connect a TV to it.',
        icon: MonitorPlay,
      },
      {
        to: paths.help.playlists,
        title: 'Playlists',
        summary: 'Order images, videos and ad slots into a loop.',
        icon: ListVideo,
      },
      {
        to: paths.help.schedule,
        title: 'Schedule',
        summary: 'Decide which playlist plays on which screen, and when.',
        icon: CalendarClock,
      },
      {
        to: paths.help.monetize,
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
        to: paths.help.publisherDashboard,
        title: 'Ad buyer dashboard',
        summary: 'Your starting point for running campaigns.',
        icon: LayoutDashboard,
      },
      {
        to: paths.help.adCampaigns,
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
        to: paths.help.content,
        title: 'Content library',
        summary: 'Upload and manage images and videos.',
        icon: Images,
      },
      {
        to: paths.help.wallet,
        title: 'Wallet',
        summary: 'Top-ups, spending, earnings and payouts.',
        icon: Wallet,
      },
      {
        to: paths.help.profile,
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
        to: paths.help.tvSignIn,
        title: 'TV sign in',
        summary: 'Sign a TV in with a password or by scanning a QR code.',
        icon: LogIn,
      },
      {
        to: paths.help.tvSetup,
        title: 'TV setup',
        summary: 'Assign the TV to one of your ad spaces.',
        icon: MonitorCog,
      },
      {
        to: paths.help.tvPlayer,
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
        to: paths.contact,
        title: 'Contact us',
        summary: 'Ask a question or report a problem.',
        icon: Mail,
      },
    ],
  },
];
