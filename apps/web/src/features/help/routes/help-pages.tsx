import {
  HelpArticle,
  HelpLink,
  HelpSection,
  HelpTip,
} from '@/features/help/components/help-article';
import { paths } from '@/lib/paths';

/* The help pages for each area of the app, one component per route. */

export function AdvertiserDashboardHelpPage() {
  return (
    <HelpArticle
      eyebrow="Screen owners"
      title="Screen owner dashboard"
      lead="Your dashboard is the starting point: it lists the steps to get your first screen playing."
    >
      <HelpSection title="The order to set things up in">
        <ol>
          <li>
            Add a <HelpLink to={paths.help.locations}>location</HelpLink> for each venue.
          </li>
          <li>
            Register each screen as an <HelpLink to={paths.help.adSpaces}>ad space</HelpLink>.
          </li>
          <li>
            Upload images and videos to your{' '}
            <HelpLink to={paths.help.content}>content library</HelpLink>.
          </li>
          <li>
            Build a <HelpLink to={paths.help.playlists}>playlist</HelpLink>.
          </li>
          <li>
            <HelpLink to={paths.help.schedule}>Schedule</HelpLink> it on your screens.
          </li>
          <li>
            Sign a <HelpLink to={paths.help.tvSignIn}>TV</HelpLink> in and assign it to the ad
            space.
          </li>
          <li>
            Optionally turn on <HelpLink to={paths.help.monetize}>monetization</HelpLink>.
          </li>
        </ol>
      </HelpSection>
      <HelpSection title="Finding your way">
        <p>
          The sidebar holds every page for screen owners. On a phone, open it with the menu button
          at the top left. Your profile, help and sign-out are in the menu under your name at the
          top right.
        </p>
      </HelpSection>
    </HelpArticle>
  );
}

export function LocationsHelpPage() {
  return (
    <HelpArticle
      eyebrow="Screen owners"
      title="Locations"
      lead="A location is a venue where you have one or more screens."
    >
      <HelpSection title="What a location holds">
        <ul>
          <li>A name and the address (street, city, region, postal code, country).</li>
          <li>
            The time zone. Schedules run in the location’s local time, daylight saving included, so
            choose it carefully.
          </li>
          <li>
            The venue type (retail, food and drink, transit, fitness, office, health, education,
            hospitality or other).
          </li>
          <li>
            An audience estimate: weekly footfall, age bands and gender split. Ad buyers see it as
            your own estimate.
          </li>
        </ul>
      </HelpSection>
      <HelpSection title="Why it matters">
        <p>
          Ad buyers can target campaigns by city and venue type, so accurate locations bring more
          matching campaigns to your <HelpLink to={paths.help.monetize}>monetized</HelpLink>{' '}
          screens.
        </p>
      </HelpSection>
    </HelpArticle>
  );
}

export function AdSpacesHelpPage() {
  return (
    <HelpArticle
      eyebrow="Screen owners"
      title="Ad spaces"
      lead="An ad space is one screen at one of your locations."
    >
      <HelpSection title="Creating an ad space">
        <ul>
          <li>
            Give it a name people on site will recognise, such as “Front window” or “Counter”.
          </li>
          <li>Choose its location, orientation (landscape or portrait) and resolution.</li>
          <li>Pick a default playlist: it plays whenever no schedule applies.</li>
        </ul>
      </HelpSection>
      <HelpSection title="Connecting a TV">
        <p>
          Sign the Screenline player in on the TV and select this ad space during{' '}
          <HelpLink to={paths.help.tvSetup}>setup</HelpLink>. The ad space then shows whether its TV
          is online, which version it runs and what it is playing.
        </p>
        <HelpTip>
          A TV counts as offline when it misses two check-ins in a row. Check its power and network
          first.
        </HelpTip>
      </HelpSection>
    </HelpArticle>
  );
}

export function PlaylistsHelpPage() {
  return (
    <HelpArticle
      eyebrow="Screen owners"
      title="Playlists"
      lead="A playlist is an ordered loop of content that a screen plays."
    >
      <HelpSection title="What goes in a playlist">
        <ul>
          <li>
            <strong>Images</strong> are shown for the number of seconds you set.
          </li>
          <li>
            <strong>Videos</strong> play to their end.
          </li>
          <li>
            <strong>Ad slots</strong> reserve time (in seconds) for paid campaigns. They play only
            on monetized screens; elsewhere they are skipped.
          </li>
        </ul>
        <p>
          Drag items to reorder them. Every change creates a new version, which TVs pick up
          automatically.
        </p>
      </HelpSection>
      <HelpSection title="Previewing">
        <p>
          Open a playlist’s preview to watch it exactly as a TV will play it, ad slots included.
        </p>
      </HelpSection>
    </HelpArticle>
  );
}

export function ScheduleHelpPage() {
  return (
    <HelpArticle
      eyebrow="Screen owners"
      title="Schedule"
      lead="Schedules decide which playlist plays on which screen, and when."
    >
      <HelpSection title="A schedule entry">
        <ul>
          <li>The ad space and the playlist.</li>
          <li>A first day and, optionally, a last day.</li>
          <li>The weekdays, and a start and end time, in the location’s time zone.</li>
          <li>A priority, for when entries overlap.</li>
        </ul>
      </HelpSection>
      <HelpSection title="When entries overlap">
        <p>
          The entry with the highest priority wins; between equal priorities, the one changed most
          recently. When no entry applies, the ad space’s default playlist plays, and without one
          the screen shows a neutral Screenline idle screen.
        </p>
        <HelpTip>
          Use the schedule preview to check what will play on a screen at any local time you choose.
        </HelpTip>
      </HelpSection>
    </HelpArticle>
  );
}

export function MonetizeHelpPage() {
  return (
    <HelpArticle
      eyebrow="Screen owners"
      title="Monetize"
      lead="Let paid campaigns fill the ad slots in your playlists, and earn a share of what buyers pay."
    >
      <HelpSection title="How to turn it on">
        <ol>
          <li>Add ad slots to the playlists of the screens you want to monetize.</li>
          <li>
            Request monetization for the ad space and set your floor price: the lowest cost per
            second you accept.
          </li>
          <li>
            The Screenline team reviews the request. Once approved, matching campaigns start filling
            your ad slots.
          </li>
        </ol>
      </HelpSection>
      <HelpSection title="Earnings">
        <p>
          Every second an ad is shown on your screen is billed to the buyer, and your share is
          credited to your <HelpLink to={paths.help.wallet}>wallet</HelpLink>. You can request a
          payout of your available earnings. You can withdraw a screen from monetization at any
          time.
        </p>
      </HelpSection>
    </HelpArticle>
  );
}

export function PublisherDashboardHelpPage() {
  return (
    <HelpArticle
      eyebrow="Ad buyers"
      title="Ad buyer dashboard"
      lead="Your dashboard lists the steps from an empty account to a running campaign."
    >
      <HelpSection title="Getting your first campaign live">
        <ol>
          <li>
            Request a top-up of your <HelpLink to={paths.help.wallet}>wallet</HelpLink>.
          </li>
          <li>
            Upload your creatives to your{' '}
            <HelpLink to={paths.help.content}>content library</HelpLink>.
          </li>
          <li>
            Create an <HelpLink to={paths.help.adCampaigns}>ad campaign</HelpLink> and send it for
            review.
          </li>
          <li>Follow its results once it is running.</li>
        </ol>
      </HelpSection>
    </HelpArticle>
  );
}

export function AdCampaignsHelpPage() {
  return (
    <HelpArticle
      eyebrow="Ad buyers"
      title="Ad campaigns"
      lead="A campaign puts your creatives into the ad slots of screens that match your targeting."
    >
      <HelpSection title="Building a campaign">
        <ul>
          <li>
            <strong>Creatives</strong>: images or videos from your content library.
          </li>
          <li>
            <strong>Targeting</strong>: pick ad spaces directly, or target by city, venue type and
            screen orientation.
          </li>
          <li>
            <strong>Dates and dayparts</strong>: when the campaign may run.
          </li>
          <li>
            <strong>Bid</strong>: what you pay per second shown. It must be at least the floor price
            of each screen.
          </li>
          <li>
            <strong>Budget</strong>: the total, and optionally a daily cap.
          </li>
          <li>
            <strong>Link</strong>: optionally, a web address shown as a QR code on your ad. Scans
            are counted.
          </li>
        </ul>
      </HelpSection>
      <HelpSection title="Review and states">
        <p>
          A campaign starts as a draft. When you send it for review, the Screenline team approves or
          rejects it with a reason; a rejected campaign can be edited and sent again. On approval,
          its budget is held from your wallet. An approved campaign runs between its dates; you can
          pause and resume it. What is left of the budget returns to your wallet when it ends or is
          cancelled.
        </p>
      </HelpSection>
      <HelpSection title="Results">
        <p>
          Results show impressions, seconds shown, spend and QR scans, by day and by screen, and on
          how many screens your creatives are ready to play. You are never charged beyond your
          budget.
        </p>
      </HelpSection>
    </HelpArticle>
  );
}

export function ContentHelpPage() {
  return (
    <HelpArticle
      eyebrow="Your account"
      title="Content library"
      lead="Your images and videos, for playlists and campaigns."
    >
      <HelpSection title="Uploading">
        <ul>
          <li>
            Upload images and videos. Large files upload in parts, and an upload can be paused and
            resumed.
          </li>
          <li>Match your screens’ orientation and resolution for the sharpest result.</li>
          <li>
            Videos are checked after upload; their length and a thumbnail appear when processing
            finishes.
          </li>
        </ul>
      </HelpSection>
      <HelpSection title="Using content">
        <p>
          Screen owners add content to <HelpLink to={paths.help.playlists}>playlists</HelpLink>; ad
          buyers use it as campaign creatives. The TV player downloads each file once and keeps it
          for offline playback.
        </p>
      </HelpSection>
    </HelpArticle>
  );
}

export function WalletHelpPage() {
  return (
    <HelpArticle
      eyebrow="Your account"
      title="Wallet"
      lead="Every account has a wallet: money in, money out, and every movement listed."
    >
      <HelpSection title="For ad buyers">
        <ul>
          <li>
            Request a top-up with the bank transfer reference, and attach the receipt if you have
            it.
          </li>
          <li>
            The Screenline team checks the transfer and approves the top-up, which credits your
            wallet.
          </li>
          <li>
            Approving a campaign holds its budget; unspent budget returns when the campaign ends.
          </li>
        </ul>
      </HelpSection>
      <HelpSection title="For screen owners">
        <ul>
          <li>
            Your share of every ad shown on your monetized screens is credited to your wallet.
          </li>
          <li>
            Request a payout of your available earnings to your bank account; it is approved, then
            paid.
          </li>
        </ul>
      </HelpSection>
      <HelpSection title="History">
        <p>
          Every top-up, hold, charge, earning and payout appears in your wallet history with its
          date and amount.
        </p>
      </HelpSection>
    </HelpArticle>
  );
}

export function ProfileHelpPage() {
  return (
    <HelpArticle
      eyebrow="Your account"
      title="Profile and security"
      lead="Manage your details, your sign-in email and your password."
    >
      <HelpSection title="Your details">
        <p>
          Change your name, company and phone number on your{' '}
          <HelpLink to={paths.profile}>profile</HelpLink> at any time.
        </p>
      </HelpSection>
      <HelpSection title="Email verification">
        <p>
          We send a verification link when you sign up. If it expired or got lost, use “Resend
          verification email” on your profile. Links work once and expire after a while.
        </p>
      </HelpSection>
      <HelpSection title="Password">
        <p>
          Change your password on your profile; this signs you out on every other device. Forgot it?
          Use <HelpLink to={paths.forgotPassword}>Reset your password</HelpLink> on the sign-in
          page.
        </p>
      </HelpSection>
      <HelpSection title="Deleting your account">
        <p>
          In the danger zone of your profile you can delete your account after confirming your
          password. Your data is removed and this cannot be undone.
        </p>
      </HelpSection>
    </HelpArticle>
  );
}
