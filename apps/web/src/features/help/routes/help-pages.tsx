import {
  PACING_MARGIN_PERCENT,
  PACING_MAX_FACTOR,
  PACING_MIN_FACTOR,
} from '@screenline/shared/campaign';
import {
  HelpArticle,
  HelpLink,
  HelpSection,
  HelpTip,
} from '@/features/help/components/help-article';
import { BillingRules } from '@/features/help/components/billing-rules';
import { HelpFigure } from '@/features/help/components/help-figure';
import { HELP_FIGURES } from '@/features/help/help-figures';
import { paths } from '@/lib/paths';
import {
  CLOCK_SKEW_WORDS,
  HOLD_GRACE_WORDS,
  PLAY_MAX_AGE_WORDS,
  SETTLE_DELAY_WORDS,
  SLOT_TOLERANCE_WORDS,
} from '@/lib/proof-of-play';

/*
 * The help pages for each area of the app, one component per route. The words match the app:
 * page titles, button labels, field names, statuses and the limits of packages/shared
 * (platform-settings.ts defaults; a super-user may change them, so pages say "by default").
 */

export function AdvertiserDashboardHelpPage() {
  return (
    <HelpArticle
      eyebrow="Screen owners"
      title="Screen owner dashboard"
      lead="Your dashboard (Dashboard in the sidebar) shows what is left to set up, what you earned and what every screen plays now."
    >
      <HelpFigure {...HELP_FIGURES.screenOwnerDashboard} />
      <HelpSection title="Getting started">
        <p>
          Until everything is set up, the dashboard opens with a <strong>Getting started</strong>{' '}
          list, “2 of 6 done” and so on. Each step ticks itself off once it is done and its button
          opens the page where you do it:
        </p>
        <ol>
          <li>
            <strong>Add a location</strong>: each venue with its address and time zone (
            <HelpLink to={paths.help.locations}>Locations</HelpLink>).
          </li>
          <li>
            <strong>Add an ad space</strong>: one for every screen at a location (
            <HelpLink to={paths.help.adSpaces}>Ad spaces</HelpLink>).
          </li>
          <li>
            <strong>Upload content</strong>: images and videos go into your{' '}
            <HelpLink to={paths.help.content}>content library</HelpLink>.
          </li>
          <li>
            <strong>Build a playlist</strong>: content in order, how long images show, and ad slots
            (<HelpLink to={paths.help.playlists}>Playlists</HelpLink>).
          </li>
          <li>
            <strong>Schedule it</strong>: which playlist plays on which screen, on which days and
            hours (<HelpLink to={paths.help.schedule}>Schedule</HelpLink>).
          </li>
          <li>
            <strong>Connect a TV</strong>: open the Screenline player on the TV and sign in or scan
            its QR code (<HelpLink to={paths.help.tvSignIn}>TV sign in</HelpLink>).
          </li>
        </ol>
        <p>
          If your email is not verified yet, a <strong>Verify your email</strong> notice links to
          your profile, where you can have the link sent again.
        </p>
      </HelpSection>
      <HelpSection title="Earnings">
        <p>
          The <strong>Earnings</strong> card shows what paid campaigns earned in your ad slots this
          month and in all, after commission, and what is available to pay out, with links to{' '}
          <HelpLink to={paths.help.monetize}>Monetize</HelpLink> and{' '}
          <HelpLink to={paths.help.wallet}>Wallet</HelpLink>.
        </p>
      </HelpSection>
      <HelpSection title="Your screens">
        <ul>
          <li>
            <strong>At a glance</strong> counts your locations, ad spaces (by status: online,
            offline, never connected) and playlists.
          </li>
          <li>
            <strong>Your screens</strong> lists every ad space with a thumbnail of its TV’s newest
            screenshot (or what should be playing where the TV could not take one), what it plays
            now and how much of today is scheduled, on its location’s clock. Press the thumbnail for
            the screen’s <strong>On screen now</strong> on the ad spaces page.
          </li>
          <li>
            <strong>Screens needing attention</strong> names the ones to look at: offline (its TV
            has stopped reporting), never connected (no TV has connected yet), or nothing scheduled
            and no default playlist (it shows the idle screen). Each comes with the button that
            fixes it, such as <strong>Connect a TV</strong> or <strong>Schedule a playlist</strong>.
          </li>
        </ul>
        <HelpTip>
          On a phone, the sidebar opens with the menu button at the top left. Your profile, this
          help centre and Sign out are in the menu under your name at the top right.
        </HelpTip>
      </HelpSection>
    </HelpArticle>
  );
}

export function LocationsHelpPage() {
  return (
    <HelpArticle
      eyebrow="Screen owners"
      title="Locations"
      lead="A location is a venue where you have one or more screens. Its time zone decides when scheduled playlists play."
    >
      <HelpFigure {...HELP_FIGURES.locations} />
      <HelpSection title="Adding a location">
        <p>
          On <HelpLink to={paths.advertiser.locations}>Locations</HelpLink>, choose{' '}
          <strong>Add location</strong> and fill in:
        </p>
        <ul>
          <li>
            <strong>Name</strong> (such as “Riverside Mall, north entrance”) and{' '}
            <strong>Venue type</strong>: Retail, Food and drink, Transit, Fitness, Office, Health,
            Education, Hospitality or Other.
          </li>
          <li>
            <strong>Address</strong>: street address, city, region, postal code and country.
          </li>
          <li>
            <strong>Time zone</strong>: search by city or region. Schedules run in this zone,
            daylight saving included, so choose it carefully.
          </li>
          <li>
            <strong>Map position</strong> (optional): latitude and longitude in decimal degrees,
            both or neither.
          </li>
          <li>
            <strong>Audience estimate</strong> (optional): weekly footfall, age bands (% of the
            audience: under 18, 18–24, … 65 and over, at most 100 % together) and gender split. Ad
            buyers see these audience demographics as your own estimate.
          </li>
        </ul>
        <p>
          Choose <strong>Save location</strong>. The table lists each location’s name, city, venue
          type, time zone and number of ad spaces.
        </p>
      </HelpSection>
      <HelpSection title="Changing or deleting a location">
        <p>
          Use the row’s actions menu: <strong>Edit…</strong> opens the same form;{' '}
          <strong>Delete location</strong> removes it and its audience estimate for good. A location
          that still has ad spaces cannot be deleted until they are gone.
        </p>
      </HelpSection>
      <HelpSection title="Why it matters">
        <p>
          Ad buyers target campaigns by city and venue type and see your audience estimate, so
          accurate locations bring more matching campaigns to your{' '}
          <HelpLink to={paths.help.monetize}>monetized</HelpLink> screens.
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
      lead="An ad space is one screen at one of your locations. A TV signs in and picks it to play its content."
    >
      <HelpFigure {...HELP_FIGURES.adSpaces} />
      <HelpSection title="Adding an ad space">
        <p>
          Add a <HelpLink to={paths.help.locations}>location</HelpLink> first. Then, on{' '}
          <HelpLink to={paths.advertiser.adSpaces}>Ad spaces</HelpLink>, choose{' '}
          <strong>Add ad space</strong>:
        </p>
        <ul>
          <li>
            <strong>Name</strong>: the TV’s list shows it, so use one people on site recognise, such
            as “Lobby screen”.
          </li>
          <li>
            <strong>Location</strong>, <strong>Orientation</strong> (landscape or portrait) and{' '}
            <strong>Resolution</strong>: a common size, or <strong>Custom…</strong> with width and
            height in pixels (64 to 16,384).
          </li>
          <li>
            <strong>Default playlist</strong>: plays whenever no schedule entry is active. With{' '}
            <strong>None (idle screen)</strong> the TV shows a neutral idle screen then.
          </li>
          <li>
            <strong>Tags (optional)</strong>: words such as “lobby, berlin, menu boards”, separated
            by commas. Case and extra spaces do not count (“Lobby” is “lobby”); up to 20 tags of up
            to 40 characters each.
          </li>
        </ul>
      </HelpSection>
      <HelpSection title="Many screens at once">
        <p>
          <strong>Filter by tag</strong> above the table lists only the screens carrying a tag. Tick
          the boxes in the first column (or the one in the header for every screen shown) and the
          bar above the table offers:
        </p>
        <ul>
          <li>
            <strong>Default playlist…</strong>: one default playlist for all of them.
          </li>
          <li>
            <strong>Add tag…</strong> and <strong>Remove tag…</strong>.
          </li>
          <li>
            <strong>Add to group…</strong>: into one of your groups of chosen screens;{' '}
            <strong>New group…</strong> makes one from the selection.
          </li>
          <li>
            <strong>Monetize…</strong>: asks for monetization of each at the floor price you enter,
            exactly as <HelpLink to={paths.help.monetize}>Monetize</HelpLink> does for one; each
            request is reviewed on its own.
          </li>
          <li>
            <strong>Send command…</strong>: one command (refresh content, reload, restart, identify,
            take a screenshot) to the TVs of all of them.
          </li>
        </ul>
        <p>
          A change reaches all the selected screens or none of them. Their TVs take it at their next
          update, within seconds when they are online.
        </p>
        <p>
          <strong>Send a command…</strong>, above the table, sends one to the selected screens or to
          a group: every screen in the group when you send it (a tag group by the tags it matches
          then).
        </p>
      </HelpSection>
      <HelpSection title="Groups">
        <p>
          Under the table, <strong>Groups</strong> lists your groups. <strong>New group</strong>{' '}
          makes one of two kinds:
        </p>
        <ul>
          <li>
            <strong>By tags</strong>: every screen carrying all of the tags you give, now and later.
            Tag a new screen “lobby” and it joins the “lobby” group by itself.
          </li>
          <li>
            <strong>Chosen screens</strong>: the screens you tick.
          </li>
        </ul>
        <p>
          A <HelpLink to={paths.help.schedule}>schedule entry</HelpLink> on a group plays on every
          screen in it, each on its own location’s clock. A screen that joins or leaves a scheduled
          group updates on its own. <strong>Delete</strong> removes the group and its schedule
          entries, never the screens.
        </p>
      </HelpSection>
      <HelpSection title="The ad spaces table">
        <p>
          Each row shows the name, location and screen (orientation and resolution), what is on
          screen, the status, and on a wide window what is playing now and the default playlist. The
          status is:
        </p>
        <ul>
          <li>
            <strong>Online</strong>: its TV reported in the last two minutes (a TV reports about
            once a minute).
          </li>
          <li>
            <strong>Offline</strong>: a TV reported before, but not lately.
          </li>
          <li>
            <strong>Never connected</strong>: no TV has signed in and chosen it yet.
          </li>
          <li>
            <strong>Scheduled off</strong>: its TV is silent during the off hours of its power
            schedule, as planned. It is not offline and no alert is sent.
          </li>
        </ul>
        <p>
          <strong>Update pending</strong> means the TV has not taken your latest changes yet: it
          switches once every file is downloaded.
        </p>
        <p>
          <strong>On screen</strong> is a thumbnail of the newest screenshot from the screen’s TV,
          with the time it was taken; press it for <strong>On screen now</strong>. Where the TV
          could not capture, it says what should be playing instead (the reason shows when you point
          at it); “No screenshot yet” until a TV has sent one. While the page is open the thumbnails
          are refreshed every five minutes (the TVs of the first 50 screens listed are asked for new
          ones), and <strong>Refresh screenshots</strong> asks every online TV of the listed screens
          at once. Your dashboard shows the same thumbnails.
        </p>
      </HelpSection>
      <HelpSection title="The row’s actions">
        <ul>
          <li>
            <strong>Edit…</strong>: change the name, location, screen or default playlist.
          </li>
          <li>
            <strong>Connect a TV…</strong>: how to sign a TV in, by password or QR code (see{' '}
            <HelpLink to={paths.help.tvSignIn}>TV sign in</HelpLink>).
          </li>
          <li>
            <strong>TV status…</strong>: what the TV said in its last report: what it shows, whether
            its content is downloaded (“Up to date” or how far the download is), its player version
            and the storage it uses, and whether its browser keeps the files (“Persistent”).
          </li>
          <li>
            <strong>Proof of play</strong>: every play the TV reported for the days you choose (the
            last 7 or 30 days, or your own range): totals, plays by day and by item, and{' '}
            <strong>Download CSV</strong> with one row per play. These are the impressions of the{' '}
            <HelpLink to={paths.help.tvPlayer}>TV player guide</HelpLink>. Its{' '}
            <strong>Ad plays</strong> say how many paid plays were billed, which were not and why,
            and how many are still settling (see{' '}
            <HelpLink to={paths.help.monetize}>what is billed</HelpLink>).
          </li>
          <li>
            <strong>On screen now…</strong>: a screenshot of what the TV shows, taken when you open
            it and every five minutes while it stays open (<strong>Take a screenshot now</strong>{' '}
            asks at once). Where the TV cannot capture (a video its platform plays outside the page,
            say), it says why and what should be playing instead. The same window sends the TV a
            command: <strong>Refresh content</strong> (fetch the latest schedule now),{' '}
            <strong>Restart playback</strong>, <strong>Reload player</strong> and{' '}
            <strong>Identify</strong> (the screen’s name and a four-character code on the TV for 10
            seconds, the same code the commands list shows beside the TV). Each command goes from{' '}
            <strong>Sent</strong> to <strong>Delivered</strong> (the TV got it) to{' '}
            <strong>Done</strong> or <strong>Failed</strong>; one sent to an offline TV waits until
            it is back, and reads <strong>Expired</strong> after 15 minutes.
          </li>
          <li>
            <strong>Power schedule…</strong>: the hours the screen should be on, in its location’s
            time zone: <strong>Always on</strong>, or <strong>On at set hours</strong> with one or
            more sets of days and hours (an end before the start runs past midnight; the same time
            for both is all day). Outside them the TV shows black and, where the TV allows a web app
            to, turns its panel off (see the{' '}
            <HelpLink to={paths.help.tvPlayer}>TV player guide</HelpLink>). It plays and records
            nothing then, is not counted as offline, and ads are not billed: a paid play dated in
            the off hours is stored as <strong>Screen scheduled off</strong>. The{' '}
            <HelpLink to={paths.help.schedule}>schedule</HelpLink> shades the off hours, and ad
            buyers’ estimates of your slot seconds count only the on hours.
          </li>
          <li>
            <strong>Delete</strong>: removes the ad space for good. If it is on the schedule, you
            are asked again (<strong>Delete with its schedule</strong>) before its schedule entries
            go with it. Its TV then waits for a new setup.
          </li>
        </ul>
        <HelpTip>
          Offline? Check that the TV is on, the Screenline player is open and the network is up.
        </HelpTip>
      </HelpSection>
      <HelpSection title="Emergency takeover">
        <p>
          <strong>Emergency takeover</strong>, at the top of the page, shows a message, an image or
          a playlist at once on all of your screens, the ones you choose, or a group’s (the screens
          in it when the takeover starts; the log keeps which ones they were). It replaces
          everything, ads included, and no ad is billed while it shows. It lights screens in the off
          hours of their power schedule too, until it ends. Online TVs switch within seconds; a TV
          that is offline shows it when it reconnects, if it is still on.
        </p>
        <p>
          While it runs, a banner above the table says who started it and when, where it shows (the
          TVs that confirmed it) and when it ends; <strong>End now</strong> ends it on every screen.
          Otherwise it ends by itself after the time you chose.
        </p>
      </HelpSection>
      <HelpSection title="Alerts">
        <p>
          Under <HelpLink to={paths.profile}>Profile → Screen alerts</HelpLink> choose who is
          e-mailed (up to 10 addresses) and, if you like, a webhook URL that receives each alert as
          a signed JSON POST. You are told:
        </p>
        <ul>
          <li>
            when a screen has not reported for the minutes you choose (10 by default) during its on
            hours, and once more when it is back;
          </li>
          <li>when a TV’s download has made no progress for 30 minutes;</li>
          <li>when a TV has used 90 % of the storage its browser allows.</li>
        </ul>
        <p>
          Each alert names what the screen should be playing now and, for a monetized screen, what
          ad revenue the outage costs an hour (its floor price × the share of its playlist that is
          ad slots). One problem sends one message when it starts and one when it ends; when 5 or
          more screens fail at once you get one digest instead. Nothing is sent about a screen in
          the off hours of its power schedule, and an outage counts from the start of its on hours.
        </p>
      </HelpSection>
    </HelpArticle>
  );
}

export function PlaylistsHelpPage() {
  return (
    <HelpArticle
      eyebrow="Screen owners"
      title="Playlists"
      lead="A playlist is what a screen plays: images, videos and ad slots in a loop."
    >
      <HelpFigure {...HELP_FIGURES.playlistEditor} />
      <HelpSection title="Building a playlist">
        <ol>
          <li>
            <HelpLink to={paths.help.content}>Upload</HelpLink> your images and videos first.
          </li>
          <li>
            On <HelpLink to={paths.advertiser.playlists}>Playlists</HelpLink>, choose{' '}
            <strong>New playlist</strong> and give it a name, such as “Weekday mornings”.
          </li>
          <li>
            <strong>Add from library</strong>: pick images and videos; they are added in the order
            you pick them.
          </li>
          <li>
            <strong>Add ad slot</strong> where paid campaigns may play, and set its length.
          </li>
          <li>
            Reorder items by dragging their handle, or with the keyboard: focus the handle, press
            Space, move with the arrow keys and press Space again. Remove an item with its remove
            button.
          </li>
          <li>
            Choose <strong>Save playlist</strong> (<strong>Save changes</strong> later).
          </li>
        </ol>
      </HelpSection>
      <HelpSection title="What plays how">
        <ul>
          <li>
            <strong>Images</strong> show for the duration you set: 10 seconds unless you change it,
            from 1 second to 24 hours.
          </li>
          <li>
            <strong>Videos</strong> play to their end, muted.
          </li>
          <li>
            <strong>Ad slots</strong> last 1 second to 1 hour. They play paid campaigns only on a{' '}
            <HelpLink to={paths.help.monetize}>monetized</HelpLink> ad space; anywhere else the TV
            skips them and plays nothing extra.
          </li>
        </ul>
        <p>A playlist holds at most 500 items.</p>
      </HelpSection>
      <HelpSection title="Versions, preview and the list">
        <p>
          Every save makes a new version (“Saved: version 3”); screens playing the playlist pick it
          up by themselves. <strong>Preview</strong> plays the saved version full screen, with the
          same player a TV runs; press Esc or <strong>Exit preview</strong> to leave.
        </p>
        <p>
          The list shows each playlist’s items, duration and where it is used (scheduled on, or the
          default of, which ad spaces), with <strong>Edit</strong>, <strong>Preview</strong>,{' '}
          <strong>Duplicate</strong> and <strong>Delete</strong>. A playlist in use cannot be
          deleted: the dialog lists the schedule entries and ad spaces to take it off first.
        </p>
        <HelpTip>
          Leaving the editor with unsaved changes asks first (<strong>Stay</strong> or{' '}
          <strong>Leave without saving</strong>).
        </HelpTip>
      </HelpSection>
    </HelpArticle>
  );
}

export function ScheduleHelpPage() {
  return (
    <HelpArticle
      eyebrow="Screen owners"
      title="Schedule"
      lead="The schedule says which playlist plays on which screen: by date, weekday and time of day, in each location’s time zone."
    >
      <HelpFigure {...HELP_FIGURES.schedule} />
      <HelpSection title="The week view">
        <p>
          Choose the <strong>Ad space</strong> at the top (<strong>Filter screens by tag</strong>{' '}
          narrows the list when your screens have tags). The week shows its entries as blocks, in
          the location’s time (“Times in Europe/Berlin”), with <strong>Previous week</strong>,{' '}
          <strong>This week</strong> and <strong>Next week</strong>. Days when the clocks change are
          marked (“Clocks go forward 02:00 → 03:00, 23 h day”). Part of an entry hidden by a
          stronger one is marked “Partly hidden”.
        </p>
      </HelpSection>
      <HelpSection title="Adding an entry">
        <p>
          Choose <strong>New entry</strong> (or select an entry to edit it) and fill in:
        </p>
        <ul>
          <li>
            <strong>Plays on</strong> (when the screen is in a group):{' '}
            <strong>This screen only</strong>, or one of its{' '}
            <HelpLink to={paths.help.adSpaces}>groups</HelpLink>: the entry then plays on every
            screen of the group, each on its own location’s clock (09:00 in Berlin and 09:00 in New
            York). The week shows such entries with “Group: …”.
          </li>
          <li>
            <strong>Playlist</strong> (or <strong>Build a new playlist</strong>).
          </li>
          <li>
            <strong>First day</strong> and, optionally, <strong>Last day</strong>.
          </li>
          <li>
            <strong>Weekdays</strong>, <strong>Start time</strong> and <strong>End time</strong>. An
            end at or before the start runs into the next day (“Crosses midnight”); start equal to
            end plays the whole day.
          </li>
          <li>
            <strong>Priority</strong>: a whole number from 0 to 100, 50 unless you change it.
          </li>
        </ul>
        <p>
          A screen has at most 200 entries, its groups’ entries included: a group entry counts on
          every screen of the group.
        </p>
        <p>
          <strong>Add entry</strong> saves it; <strong>Delete…</strong> in the dialog removes it.
          Screens follow at their next update, within about a minute.
        </p>
      </HelpSection>
      <HelpSection title="When entries overlap">
        <ol>
          <li>The entry with the highest priority wins.</li>
          <li>On equal priority, the one changed most recently wins.</li>
          <li>
            When no entry applies, the ad space’s default playlist plays; without one, the screen
            shows the idle screen.
          </li>
        </ol>
        <HelpTip>
          <strong>What plays here at…</strong> answers for any date and time you type: the playlist,
          the winning entry and why (or the default playlist, or the idle screen). It also says when
          a time does not exist or happens twice on a clock-change day.
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
      lead="Let paid campaigns fill your screens’ ad slots at a floor price you set, and follow what they earn."
    >
      <HelpFigure {...HELP_FIGURES.monetize} />
      <HelpSection title="Opening a screen to campaigns">
        <ol>
          <li>
            Put ad slots in the <HelpLink to={paths.help.playlists}>playlists</HelpLink> that screen
            plays: campaigns only ever play in ad slots.
          </li>
          <li>
            On <HelpLink to={paths.advertiser.monetize}>Monetize</HelpLink>, choose{' '}
            <strong>Monetize</strong> on the ad space’s row (<strong>Request again</strong> after a
            refusal); the <strong>Request monetization</strong> dialog opens.
          </li>
          <li>
            Enter your <strong>Floor price per second (€)</strong>: the least a campaign must bid to
            play there. The dialog shows the platform’s minimum, by default €0.0001 a second (€0.36
            an hour), and the price per hour of what you type.
          </li>
          <li>
            A super-user reviews the request; you get an email either way. Once approved, campaigns
            whose targeting matches the screen (its city, venue type and orientation) and whose bid
            reaches your floor fill its ad slots. Buyers never see who owns the screen.
          </li>
        </ol>
      </HelpSection>
      <HelpSection title="The states of a request">
        <ul>
          <li>
            <strong>Not monetized</strong>: its ad slots play nothing extra.
          </li>
          <li>
            <strong>Pending</strong>: waiting for a super-user’s review. You may withdraw it.
          </li>
          <li>
            <strong>Approved</strong>: paid campaigns fill its ad slots. <strong>Withdraw</strong>{' '}
            stops that from the TV’s next update; what it earned stays in your wallet.
          </li>
          <li>
            <strong>Rejected</strong> (with the reason) or <strong>Suspended</strong> by a
            super-user, or <strong>Withdrawn</strong> by you: its ad slots play nothing extra, and
            you can ask again.
          </li>
        </ul>
        <p>A screen has one open request at a time.</p>
      </HelpSection>
      <HelpSection title="Choosing what plays on your screens">
        <p>
          On <HelpLink to={paths.advertiser.approvals}>Campaign approvals</HelpLink> (the button at
          the top of Monetize), choose for each screen how campaigns are approved:
        </p>
        <HelpFigure {...HELP_FIGURES.campaignApprovals} />
        <ul>
          <li>
            <strong>I review every campaign</strong>: a campaign plays on that screen only once you
            approve it. It waits under <strong>Waiting for you</strong> with its creatives, the
            advertiser, what it advertises, its dates and its bid. Decide within 48 hours of its
            approval by the platform: after that it is <strong>Not decided in time</strong>, it runs
            on other screens instead, and its buyer is told. You can still approve it later.
          </li>
          <li>
            <strong>Approve automatically unless my rules block it</strong>: campaigns play unless
            you block their advertiser, list only some advertisers, or block what they advertise
            (alcohol, gambling, politics and causes, and the other categories a buyer picks from). A
            campaign that states no category is blocked while you block any category.
          </li>
          <li>
            <strong>Let the platform decide</strong>: every campaign a super-user approved plays.
            This is where every screen starts.
          </li>
        </ul>
        <p>
          <strong>Preview on</strong> a screen plays that screen’s own playlist full screen, as the
          TV would, with the campaign in its ad slots and its QR code. <strong>Decline</strong> asks
          for a reason: the buyer reads it and gets it by email. A change takes effect from the TV’s
          next update, within seconds; a play that started before a campaign was approved on the
          screen is not billed.
        </p>
      </HelpSection>
      <HelpSection title="What is billed, and when">
        <p>
          Your TV reports every ad it shows. A play is billed to its buyer at their bid for the
          seconds it was shown, at most the length of its ad slot plus {SLOT_TOLERANCE_WORDS}, and
          only when it could have happened. A play that breaks a rule is kept and counted under{' '}
          <strong>Not billed</strong> with its reason, and earns nothing.
        </p>
        <BillingRules />
        <p>
          A TV that was offline sends its plays when it is back: plays up to {PLAY_MAX_AGE_WORDS}{' '}
          old are still billed, and a TV’s clock may run up to {CLOCK_SKEW_WORDS} ahead. A play
          shown while a campaign was running is billed even if the buyer pauses or cancels it before
          the play arrives.
        </p>
        <p>
          Plays are settled (billed or refused) within {SETTLE_DELAY_WORDS} of arriving. Until then
          the reports show them as <strong>Settling</strong> and refresh by themselves.
        </p>
      </HelpSection>
      <HelpSection title="Earnings">
        <p>
          Your share of each billed play (80 % by default: the platform keeps a 20 % commission)
          goes to your <HelpLink to={paths.help.wallet}>wallet</HelpLink> as it is settled, and you
          can request a payout of it.
        </p>
        <p>
          The earnings report shows the last 7 or 30 days, or a range you choose (up to 92 days):
          what you earned by day and by ad space, with the paid plays behind it. Each play counts on
          its own local day at its screen (in the screen’s time zone), the day it played, not the
          day its TV sent it. Under it, <strong>Not billed</strong> lists the ad plays on your
          screens that earned nothing, by reason.
        </p>
        <HelpTip>
          When no campaign is playable at that moment, the Screenline team’s house ads may fill the
          slot (unpaid), or the slot is skipped and your next item plays.
        </HelpTip>
      </HelpSection>
    </HelpArticle>
  );
}

export function PublisherDashboardHelpPage() {
  return (
    <HelpArticle
      eyebrow="Ad buyers"
      title="Ad buyer dashboard"
      lead="Your dashboard shows your campaigns and money at a glance, and the steps from an empty account to a running campaign."
    >
      <HelpFigure {...HELP_FIGURES.adBuyerDashboard} />
      <HelpSection title="At a glance">
        <ul>
          <li>
            <strong>Active campaigns</strong> and <strong>Awaiting review</strong>: each opens the
            campaign list filtered to them.
          </li>
          <li>
            <strong>Balance</strong>: what your wallet has available to spend (opens the{' '}
            <HelpLink to={paths.help.wallet}>wallet</HelpLink>).
          </li>
          <li>
            <strong>Spend today</strong> and <strong>Impressions today</strong> (UTC day), with the
            totals to date.
          </li>
        </ul>
        <p>
          <strong>All campaigns</strong> and <strong>New campaign</strong> are at the top.
        </p>
      </HelpSection>
      <HelpSection title="Getting your first campaign live">
        <ol>
          <li>
            <strong>Fund your wallet</strong>: request a top-up; campaign budgets are held from your
            wallet when approved.
          </li>
          <li>
            <strong>Upload your creatives</strong>: the images and videos your campaign will show go
            into your <HelpLink to={paths.help.content}>content library</HelpLink>.
          </li>
          <li>
            <strong>Create a campaign</strong>: pick screens or target by city and venue, set dates,
            dayparts, your bid and budget (
            <HelpLink to={paths.help.adCampaigns}>Ad campaigns</HelpLink>).
          </li>
          <li>
            <strong>Follow the results</strong>: impressions, seconds shown, spend and QR scans for
            each campaign.
          </li>
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
      lead="A campaign plays your creatives in the ad slots of screens that match your targeting, and you pay per second shown."
    >
      <HelpFigure {...HELP_FIGURES.adCampaigns} />
      <HelpSection title="Creating a campaign">
        <p>
          On <HelpLink to={paths.publisher.adCampaigns}>Ad campaigns</HelpLink>, choose{' '}
          <strong>New campaign</strong>. The wizard has six steps; <strong>Next</strong> checks the
          step, and the step list at the top reaches any step.
        </p>
        <HelpFigure {...HELP_FIGURES.campaignWizard} />
        <ol>
          <li>
            <strong>Name and creatives</strong>: a campaign name and 1 to 10 images or videos from
            your <HelpLink to={paths.help.content}>library</HelpLink> (
            <strong>Add from your library</strong>; only files that finished processing can be
            picked).
          </li>
          <li>
            <strong>Targeting</strong>: <strong>By city, venue type and orientation</strong> (a
            screen matches when it is in every group you tick; a group left empty includes all), or{' '}
            <strong>Specific screens</strong> from the screens open to campaigns. The{' '}
            <strong>Forecast</strong> beside the steps follows every change (see <em>Forecasts</em>{' '}
            below).
          </li>
          <li>
            <strong>Schedule</strong>: start and end date, and optionally up to 20 dayparts
            (weekdays, from and until). With no daypart it plays all day, every day.
          </li>
          <li>
            <strong>Budget</strong>: your <strong>Bid per second</strong> in euros (up to 6
            decimals; 0.0025 is a quarter of a cent; at least the platform minimum, by default
            €0.0001), the <strong>Total budget</strong> and an optional <strong>Daily cap</strong>{' '}
            (not above the budget). Screens whose floor price is above your bid are listed: the
            campaign will not play there, and the forecast leaves them out.
          </li>
          <li>
            <strong>QR code</strong>: an optional <strong>Destination address</strong> (http or
            https). Your creatives then show a “Scan me” QR code in the corner, and every scan is
            counted before the viewer lands on your page.
          </li>
          <li>
            <strong>Review</strong>: everything in words, each part with a <strong>Change</strong>{' '}
            button. <strong>Save draft</strong> keeps it to finish later;{' '}
            <strong>Submit for review</strong> saves and sends it. A creative whose orientation or
            shape does not fit a targeted screen (a landscape poster on a portrait screen) is named
            with the screen: it would show small, with bars.
          </li>
        </ol>
        <p>
          <strong>Nothing you type is lost.</strong> The wizard keeps what you type in this browser
          as you go, so following <strong>Upload creatives</strong>, reloading or leaving the page
          and coming back brings every field and the step back (“Restored what you typed”).{' '}
          <strong>Discard changes</strong> starts again; saving or submitting clears it.
        </p>
      </HelpSection>
      <HelpSection title="Forecasts">
        <p>
          The <strong>Forecast</strong> is an estimate for an average day of the week, not a
          promise. It counts only:
        </p>
        <ul>
          <li>
            screens open to campaigns that match your targeting and whose floor price your bid
            reaches (the others are listed with the reason);
          </li>
          <li>
            the ad-slot time those screens’ schedules play within your dayparts, read in each
            screen’s own time zone (a Monday to Friday 07:00–10:00 daypart counts 15 hours of the
            week);
          </li>
          <li>
            your share of those slots: the other live campaigns on a screen share them by bid.
          </li>
        </ul>
        <p>
          <strong>Plays per day</strong> and <strong>Spend per day</strong> are a range: the low end
          is your bid against every competing campaign weighed at twice its bid, the high end your
          bid weighed at twice against theirs (pacing moves each campaign within such a factor).
          Alone on a screen you have all of its slots. Your daily cap bounds both ends.
        </p>
      </HelpSection>
      <HelpSection title="Review, states and actions">
        <p>
          Submitting needs at least one monetized screen matching your targeting. A super-user
          approves or rejects it; you get an email either way.
        </p>
        <ul>
          <li>
            <strong>Draft</strong>: edit, submit for review, or delete it.
          </li>
          <li>
            <strong>Pending review</strong>: waiting for the decision; you can cancel it.
          </li>
          <li>
            <strong>Rejected</strong>: the overview says why. Change it and submit it again.
          </li>
          <li>
            <strong>Scheduled</strong> (approved, before its start date) and <strong>Active</strong>
            : on approval the whole budget is held from your wallet; the approval fails if the
            wallet cannot cover it. <strong>Pause</strong> and <strong>Resume</strong> at any time
            (the budget stays held).
          </li>
          <li>
            <strong>Completed</strong> (end date passed or budget spent) or{' '}
            <strong>Canceled</strong> (<strong>Cancel campaign…</strong>): it stops playing at once.
            What is left of the budget stays held for {HOLD_GRACE_WORDS} after the end or the
            cancel, so plays your screens showed while it ran can still arrive and be billed; then
            it returns to your wallet. The overview says how much is still held and when it returns.
            A canceled campaign cannot be sent again.
          </li>
        </ul>
        <p>
          The list filters by status and shows dates, budget, spent and remaining. Each campaign’s
          overview shows its settings, creatives, targeting and history.
        </p>
        <p>
          <strong>Screen owners choose too.</strong> Pick what your campaign advertises in the first
          step: owners may block some categories or advertisers, or review each campaign. The
          overview’s <strong>Screens</strong> card shows each targeted screen as{' '}
          <strong>Approved</strong>, <strong>Waiting for the owner</strong> (with the time they have
          to decide, 48 hours), <strong>Declined</strong> (with their reason; you also get an email)
          or <strong>Not decided in time</strong> (you get an email). Your campaign plays and spends
          only on approved screens, and “Creative ready on N of M screens” counts only those.
        </p>
      </HelpSection>
      <HelpSection title="How your money is spent">
        <p>
          Each play costs the seconds actually shown times your bid, taken from the held budget; a
          play bills at most the length of its ad slot plus {SLOT_TOLERANCE_WORDS}. Spending is
          paced evenly over the campaign’s dates (below), the daily cap counts the screen’s local
          day (in its time zone), and you are never charged beyond your budget.
        </p>
        <p>
          You pay only for plays that could have happened. A play that breaks a rule is kept,
          counted under <strong>Not billed</strong> on your results with its reason, and costs
          nothing:
        </p>
        <BillingRules />
        <p>
          A play shown while your campaign was running is billed even if you pause or cancel it
          before the TV sends it; a TV that was offline sends its plays when it is back, and plays
          more than {PLAY_MAX_AGE_WORDS} old when they arrive are not billed. Plays are billed
          within {SETTLE_DELAY_WORDS} of arriving.
        </p>
      </HelpSection>
      <HelpSection title="Pacing: spending evenly">
        <p>
          A campaign spreads its budget over the hours it may play: its dates and dayparts, in each
          screen’s own time zone. Each day, what is left of the budget is divided by the playing
          hours left, and that is the day’s target (never more than your daily cap). Through the day
          the <strong>even line</strong> rises to that target.
        </p>
        <ul>
          <li>
            <strong>Ahead</strong>: when a day’s spend is more than {PACING_MARGIN_PERCENT} % of its
            target above the line, screens stop playing the campaign until the line catches up.
            Screens pick up the change within about five minutes, so a day can run a little over;
            the next days’ targets are lowered by as much.
          </li>
          <li>
            <strong>Behind</strong> (few screens had room, or it was paused): it gets a larger share
            of the ad slots, up to {PACING_MAX_FACTOR}× what its bid alone would give (and down to{' '}
            {PACING_MIN_FACTOR * 100} % of it when slightly ahead), and what it could not spend
            moves to the days left.
          </li>
        </ul>
        <p>
          <strong>Results</strong> draws your spend against the even line, day by day, and says
          whether the campaign is ahead, on track or behind (more than half a day’s share from the
          line).
        </p>
      </HelpSection>
      <HelpSection title="Results">
        <HelpFigure {...HELP_FIGURES.campaignResults} />
        <p>
          <strong>Results</strong> shows totals, impressions, spend and QR scans by day (each play
          on its screen’s local day; leave the dates empty for the whole campaign), a table by
          screen, and “Creative ready on 3 of 4 screens”: how many matching TVs have downloaded all
          your creatives. <strong>Export CSV</strong> downloads one row per day and screen.
        </p>
        <p>
          <strong>Not billed</strong> lists the plays that cost you nothing, each reason with its
          count. While plays are still being billed, a <strong>Settling</strong> line says how many;
          the figures are final within {SETTLE_DELAY_WORDS}, and the page refreshes by itself.
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
      lead="Your images and videos, ready for playlists and campaigns."
    >
      <HelpFigure {...HELP_FIGURES.content} />
      <HelpSection title="Uploading">
        <ul>
          <li>
            On <HelpLink to={paths.content.library}>Content</HelpLink>, choose{' '}
            <strong>Upload files</strong>, or drop files anywhere on the page: JPEG, PNG, WebP and
            GIF images, MP4 and WebM videos.
          </li>
          <li>
            Large files upload in parts: you can <strong>Pause</strong> and <strong>Resume</strong>{' '}
            an upload, and one cut off by the network continues when it is back (“Offline, waiting
            for the network”).
          </li>
          <li>
            Videos are processed after upload; their length and thumbnail appear when it finishes.
            Only processed items can go in playlists and campaigns.
          </li>
          <li>
            The <strong>Storage</strong> bar shows how much of your space is used.
          </li>
        </ul>
        <HelpTip>
          Match your screens’ orientation and resolution, and keep files small: the TV downloads
          every file before it plays it.
        </HelpTip>
      </HelpSection>
      <HelpSection title="Finding and managing items">
        <p>
          Search by name, filter by <strong>Type</strong>, <strong>Sort</strong>, and switch between
          grid and list view. Each item’s menu has <strong>Preview</strong>,{' '}
          <strong>Rename…</strong> (the file stays the same), <strong>Download</strong> and{' '}
          <strong>Delete</strong>. An item that a playlist or campaign uses cannot be deleted.
        </p>
      </HelpSection>
      <HelpSection title="Creative generator">
        <p>
          No artwork yet? <strong>Create a creative</strong> makes an image from a template: pick a
          template and screen size, type a headline, subline and call to action, choose colours and
          an optional background image from your library, and add a QR code to a web page if you
          like. <strong>Save to library</strong> adds it to your content.
        </p>
      </HelpSection>
      <HelpSection title="Using content">
        <p>
          Screen owners put content in <HelpLink to={paths.help.playlists}>playlists</HelpLink>; ad
          buyers choose it as <HelpLink to={paths.help.adCampaigns}>campaign</HelpLink> creatives. A
          top-up receipt is an image from your library too.
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
      lead="Every account has a wallet: what you can spend or pay out, what is held, and every movement of your money, in euros."
    >
      <HelpFigure {...HELP_FIGURES.wallet} />
      <HelpSection title="The figures">
        <ul>
          <li>
            <strong>Available</strong>: yours to spend on campaigns (ad buyers) or to pay out
            (screen owners).
          </li>
          <li>
            <strong>Held</strong>: in campaigns’ budgets, or in payouts not yet paid. A campaign’s
            budget stays held while it runs and for {HOLD_GRACE_WORDS} after it ends or is canceled,
            so plays its screens showed can still arrive and be billed; what it does not spend comes
            back then.
          </li>
          <li>
            <strong>Pending top-ups</strong>: requested, waiting for the transfer to be confirmed.
          </li>
          <li>
            <strong>Spent, all time</strong> (ad buyers: charged for ad plays, by the second) or{' '}
            <strong>Earned, all time</strong> (screen owners: from ad plays on your screens, after
            commission).
          </li>
        </ul>
      </HelpSection>
      <HelpSection title="When ad plays are billed">
        <p>
          A TV reports every ad it shows. Each play is settled within {SETTLE_DELAY_WORDS} of
          arriving: billed for the seconds shown (at most its ad slot’s length plus{' '}
          {SLOT_TOLERANCE_WORDS}) from the campaign’s held budget, with the screen owner’s share
          credited at the same moment, or refused and never billed. A play is refused when it could
          not have happened or the campaign could not buy it then:
        </p>
        <BillingRules />
        <p>
          Plays that arrive more than {PLAY_MAX_AGE_WORDS} after they played are not billed. See{' '}
          <HelpLink to={paths.help.adCampaigns}>Ad campaigns</HelpLink> and{' '}
          <HelpLink to={paths.help.monetize}>Monetize</HelpLink> for where the counts are shown.
        </p>
      </HelpSection>
      <HelpSection title="Topping up (ad buyers)">
        <ol>
          <li>
            Choose <strong>Top up</strong> and send the request with the <strong>Amount (€)</strong>{' '}
            (by default from €10 to €50,000). A <strong>Receipt (optional)</strong>, a picture of
            the transfer’s confirmation from your library, helps find it sooner.
          </li>
          <li>
            The dialog then shows the platform’s bank account (account holder, IBAN, BIC, bank) and
            your request’s own <strong>Reference</strong>, like SL-7KQ2-M9XD. Transfer the amount
            from your bank and write exactly that reference in the transfer’s reference field. A
            pending request shows the same details again under <strong>How to pay</strong>.
          </li>
          <li>
            A super-user finds your transfer on the bank statement by its reference and credits your
            wallet; you get an email either way, and a refusal says why under{' '}
            <strong>Your top-up requests</strong>. Large amounts (by default above €10,000) are
            approved by two super-users: the request shows <strong>Awaiting second approval</strong>{' '}
            in between.
          </li>
        </ol>
      </HelpSection>
      <HelpSection title="Payouts (screen owners)">
        <ol>
          <li>
            Choose <strong>Request payout</strong>: the <strong>Amount (€)</strong> (by default at
            least €10, and no more than is available), the <strong>Account holder</strong> and the{' '}
            <strong>IBAN</strong> (checked before it is sent).
          </li>
          <li>
            The amount leaves your available balance at once and is held. A super-user approves it
            (two super-users above €10,000 by default: <strong>Awaiting second approval</strong> in
            between) and then pays it by bank transfer; a rejected payout comes back to your wallet.
          </li>
        </ol>
        <p>
          Only the country and the last four characters of your IBAN are ever shown; the Screenline
          team opens the full number only to pay.
        </p>
      </HelpSection>
      <HelpSection title="Ad earnings (screen owners)">
        <p>
          <strong>Ad earnings</strong> has one row per screen, campaign and day (the screen’s own
          day, in its time zone): how many plays and what they earned after commission. A row grows
          during the day as plays are settled. <strong>Show plays</strong> lists the plays behind
          it, each with its time, seconds billed and your share.
        </p>
      </HelpSection>
      <HelpSection title="Receipts">
        <p>
          <strong>Receipts</strong> lists a numbered PDF receipt for every approved top-up, every
          paid payout, and every month in which you spent on campaigns (ad buyers) or earned from
          your screens (screen owners), one line per campaign. A month’s receipt appears once the
          month is over (UTC). Numbers run per year without gaps, like 2026-000042, and each receipt
          shows the platform’s name, address and bank details as they were when it was issued.
          Choose <strong>PDF</strong> to download one.
        </p>
      </HelpSection>
      <HelpSection title="History">
        <p>
          Every top-up, campaign budget, ad play and payout appears in <strong>History</strong> with
          its date, amount, what was held and the balance after it. Filter by kind and by days (UTC
          days), and <strong>Export CSV</strong> for your accounts. For screen owners, each
          settlement of ad plays is left out (they are grouped under <strong>Ad earnings</strong>)
          until you tick <strong>Show each settlement of ad plays</strong>. In the file, a text that
          a spreadsheet could take for a formula (it starts with =, +, -, @) begins with an
          apostrophe, so it shows as text.
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
      lead="Your details, your sign-in email, your password, two-factor sign-in and your account, all on one page."
    >
      <HelpFigure {...HELP_FIGURES.profile} />
      <HelpSection title="Your details">
        <p>
          On your <HelpLink to={paths.profile}>profile</HelpLink>, change your <strong>Name</strong>
          , <strong>Company</strong> and <strong>Phone</strong> and choose{' '}
          <strong>Save changes</strong>. They are how you appear to the Screenline team and on
          receipts. The page also shows your account type (screen owner or ad buyer); to change it,
          contact us.
        </p>
      </HelpSection>
      <HelpSection title="Email verification">
        <p>
          The <strong>Email</strong> card says <strong>Verified</strong> or{' '}
          <strong>Not verified</strong>. We send a verification link when you sign up; if it expired
          or got lost, choose <strong>Resend verification email</strong>, check your inbox and open
          the link.
        </p>
      </HelpSection>
      <HelpSection title="Password">
        <p>
          Enter your <strong>Current password</strong>, the <strong>New password</strong> (at least
          8 characters) twice, and choose <strong>Change password</strong>. This signs you out
          everywhere else and signs out every TV of your account, however it signed in; resetting a
          forgotten password does too. Sign them in again (see{' '}
          <HelpLink to={paths.help.tvSignIn}>TV sign in</HelpLink>). Forgot it? Use{' '}
          <HelpLink to={paths.forgotPassword}>Reset your password</HelpLink> on the sign-in page.
        </p>
      </HelpSection>
      <HelpSection title="Two-factor sign-in">
        <p>
          With two-factor sign-in, signing in asks for a 6-digit code from an authenticator app on
          your phone after the password. Choose <strong>Turn on two-factor sign-in</strong>, enter
          your password, scan the QR code with the app (or type the key shown beside it) and enter
          the code the app shows. You then see ten <strong>recovery codes</strong>: copy or download
          them and keep them apart from your phone. Each one signs you in once if you lose the app;{' '}
          <strong>New recovery codes</strong> replaces them all.
        </p>
        <p>
          Super-users need it for the admin pages, and every payout request asks for a fresh code.
          To turn it off, enter your password and a code from the app (or a recovery code). A TV
          cannot ask for a code: sign a TV in with your phone instead (see{' '}
          <HelpLink to={paths.help.tvSignIn}>TV sign in</HelpLink>).
        </p>
      </HelpSection>
      <HelpSection title="Deleting your account">
        <p>
          In the <strong>Danger zone</strong>, choose <strong>Delete account…</strong>, enter your
          password and confirm with <strong>Delete my account</strong>. Your profile, content and
          settings are deleted for good; this cannot be undone.
        </p>
      </HelpSection>
    </HelpArticle>
  );
}
