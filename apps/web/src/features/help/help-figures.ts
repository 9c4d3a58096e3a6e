import sizes from '@/features/help/assets/sizes.json';
import adBuyerDashboard from '@/features/help/assets/ad-buyer-dashboard.webp';
import adCampaigns from '@/features/help/assets/ad-campaigns.webp';
import adSpaces from '@/features/help/assets/ad-spaces.webp';
import campaignApprovals from '@/features/help/assets/campaign-approvals.webp';
import campaignResults from '@/features/help/assets/campaign-results.webp';
import campaignWizard from '@/features/help/assets/campaign-wizard.webp';
import content from '@/features/help/assets/content.webp';
import locations from '@/features/help/assets/locations.webp';
import monetize from '@/features/help/assets/monetize.webp';
import playlistEditor from '@/features/help/assets/playlist-editor.webp';
import profile from '@/features/help/assets/profile.webp';
import schedule from '@/features/help/assets/schedule.webp';
import screenOwnerDashboard from '@/features/help/assets/screen-owner-dashboard.webp';
import tvPairPhone from '@/features/help/assets/tv-pair-phone.webp';
import tvPlayer from '@/features/help/assets/tv-player.webp';
import tvSetup from '@/features/help/assets/tv-setup.webp';
import tvSignIn from '@/features/help/assets/tv-sign-in.webp';
import wallet from '@/features/help/assets/wallet.webp';

/*
 * The screenshots of the help pages: `npm run help:screenshots` (scripts/help-screenshots.mjs)
 * takes them from the real app with the demo's data and writes their pixel sizes to sizes.json.
 * Alt texts say what the picture shows for someone who cannot see it; captions say where it is.
 */

export type THelpFigure = {
  src: string;
  alt: string;
  caption: string;
  width: number;
  height: number;
};

type TFile = keyof typeof sizes;

function figure(file: TFile, src: string, alt: string, caption: string): THelpFigure {
  return { src, alt, caption, ...sizes[file] };
}

export const HELP_FIGURES = {
  screenOwnerDashboard: figure(
    'screen-owner-dashboard.webp',
    screenOwnerDashboard,
    'The screen owner dashboard: the welcome, counts of locations, ad spaces (3 online, 2 never connected) and playlists, Your screens with an On screen thumbnail, what each plays now and how much of today is scheduled, Screens needing attention, and the Need a hand? card.',
    'A screen owner’s dashboard (Dashboard in the sidebar).',
  ),
  adBuyerDashboard: figure(
    'ad-buyer-dashboard.webp',
    adBuyerDashboard,
    'The ad buyer dashboard: active campaigns, campaigns awaiting review, wallet balance, spend and impressions today, with the All campaigns and New campaign buttons.',
    'An ad buyer’s dashboard (Dashboard in the sidebar).',
  ),
  locations: figure(
    'locations.webp',
    locations,
    'The Locations page: a table of venues with name, city, venue type, time zone and number of ad spaces, and the Add location button.',
    'Locations, with the demo’s venues.',
  ),
  adSpaces: figure(
    'ad-spaces.webp',
    adSpaces,
    'The Ad spaces page: the Emergency takeover and Add ad space buttons, the tag filter, Refresh screenshots and Send a command, then a table of five screens in Berlin, New York and Tokyo with name, location, orientation and resolution, an On screen thumbnail (No screenshot yet), status and what is playing now, above the Groups card.',
    'Ad spaces: each screen with its TV’s status.',
  ),
  playlistEditor: figure(
    'playlist-editor.webp',
    playlistEditor,
    'The playlist editor for “Café all day”, version 1: two images of 10 seconds and a 20-second ad slot in order, each with a drag handle, duration and remove button, and the Add from library, Add ad slot, Preview and Save changes buttons.',
    'Editing a playlist with images, a video and an ad slot.',
  ),
  schedule: figure(
    'schedule.webp',
    schedule,
    'The Schedule page: the ad space picker, the week navigation with New entry, the note that times are in Europe/Berlin, and a week grid where a Lunch rush entry runs 11:30–14:00 Monday to Friday.',
    'The schedule of one ad space, a week at a time.',
  ),
  monetize: figure(
    'monetize.webp',
    monetize,
    'The Monetize page: the How it works note on floor prices and the 20 % commission, then each ad space with its monetization state (Approved, Pending or Not monetized), floor price per second and per hour, and its Withdraw or Monetize button.',
    'Monetize: the state of each screen and what it earned.',
  ),
  campaignApprovals: figure(
    'campaign-approvals.webp',
    campaignApprovals,
    'The Campaign approvals page: Waiting for you, the campaigns on your screens each with its advertiser, category, dates, bid, creatives and a Preview button, and how each screen approves (review every campaign, approve by rules, or let the platform decide).',
    'Campaign approvals: what plays on your screens, and how each screen approves.',
  ),
  adCampaigns: figure(
    'ad-campaigns.webp',
    adCampaigns,
    'The Ad campaigns list: each campaign with its status, dates, budget, spent and remaining amounts, a status filter and the New campaign button.',
    'An ad buyer’s campaigns.',
  ),
  campaignWizard: figure(
    'campaign-wizard.webp',
    campaignWizard,
    'The first step of the new campaign wizard: the list of six steps, the campaign name field and the Add from your library button for creatives.',
    'The campaign wizard’s first step, Name and creatives.',
  ),
  campaignResults: figure(
    'campaign-results.webp',
    campaignResults,
    'A campaign’s results: how many screens have its creatives ready, totals of impressions, time shown, spend and QR scans, the pacing chart of spend against the even line, bar charts of impressions, spend and QR scans by day, and the table by screen.',
    'A running campaign’s results.',
  ),
  content: figure(
    'content.webp',
    content,
    'The content library: thumbnails of images and videos with their names, the search field, type filter, sort and view buttons, the storage bar and the Upload files button.',
    'The content library in grid view.',
  ),
  wallet: figure(
    'wallet.webp',
    wallet,
    'An ad buyer’s wallet: available, held, pending top-ups and spent amounts, the Top up button, an approved top-up request with its reference and PDF receipt, the Receipts list and the history of transactions.',
    'An ad buyer’s wallet.',
  ),
  profile: figure(
    'profile.webp',
    profile,
    'The profile page: account type, the Your details card with name, company and phone, and the Email card saying whether the email is verified.',
    'Your profile.',
  ),
  tvSignIn: figure(
    'tv-sign-in.webp',
    tvSignIn,
    'The Screenline TV sign-in screen: on the left, “Sign in with email” with Email and Password fields and a Sign in button; on the right, “Sign in with your phone” with a large QR code, the address to open on a phone and the pairing code in large letters.',
    'The sign-in screen of the TV player, as a 1920 × 1080 TV shows it.',
  ),
  tvPairPhone: figure(
    'tv-pair-phone.webp',
    tvPairPhone,
    'The Link a TV page on a phone: the code from the TV, the device and the account it will be linked to, and the Link this TV and Cancel buttons.',
    'A phone after scanning the TV’s QR code.',
  ),
  tvSetup: figure(
    'tv-setup.webp',
    tvSetup,
    'The TV setup screen: “Signed in as” with the account’s email, the list of ad spaces each with its location, and the Sign out, Refresh and Continue to Player buttons at the bottom.',
    'TV setup: choosing the ad space this screen plays.',
  ),
  tvPlayer: figure(
    'tv-player.webp',
    tvPlayer,
    'The TV playing full screen: the Café Lindenhof welcome slide, “Good morning, Kreuzberg”, from the schedule of the Counter menu board.',
    'The player at work, full screen.',
  ),
} satisfies Record<string, THelpFigure>;
