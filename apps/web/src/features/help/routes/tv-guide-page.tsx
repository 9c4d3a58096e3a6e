import {
  HelpArticle,
  HelpLink,
  HelpSection,
  HelpTip,
} from '@/features/help/components/help-article';
import { HelpFigure } from '@/features/help/components/help-figure';
import { HELP_FIGURES } from '@/features/help/help-figures';
import { paths } from '@/lib/paths';

/** /help/tv/player: the five sections of SPEC §2's TV guide, as the player works. */
export function TvGuidePage() {
  return (
    <HelpArticle
      eyebrow="TV player"
      title="TV player guide"
      lead="How the Screenline player on your TV plays content, works offline and records what it showed."
    >
      <HelpSection title="What is the TV Player">
        <p>
          The Screenline TV player is the app that runs in the web browser of a smart TV or Android
          device connected to your screen, at your Screenline address followed by{' '}
          <strong>/tv</strong>. It signs in to your account, is assigned to one of your ad spaces,
          and then plays that ad space’s schedule on its own, all day, without anyone touching it.
        </p>
        <p>
          To get it running, see <HelpLink to={paths.help.tvSignIn}>TV sign in</HelpLink> and{' '}
          <HelpLink to={paths.help.tvSetup}>TV setup</HelpLink>. While it plays, the OK, Back or
          Menu key of the remote opens its menu: change ad space, device info, sign out.
        </p>
        <HelpFigure {...HELP_FIGURES.tvPlayer} />
      </HelpSection>

      <HelpSection title="How Does Playback Work">
        <ul>
          <li>
            The player follows the ad space’s <HelpLink to={paths.help.schedule}>schedule</HelpLink>
            , in the location’s time zone (clock changes included). When no schedule entry applies,
            it plays the ad space’s default playlist; with no default playlist it shows a calm idle
            screen.
          </li>
          <li>
            Images are shown for the duration set in the playlist. Videos play to their end; a
            playlist with a single video loops it. Videos play muted.
          </li>
          <li>
            The next item is prepared while the current one plays, so items follow each other
            without black frames. An item that cannot be played is skipped.
          </li>
          <li>
            When you change a playlist or the schedule, Screenline tells the TV at once and it
            switches to the new version as soon as its files are ready.
          </li>
          <li>
            Ad slots in a playlist play campaigns only when{' '}
            <HelpLink to={paths.help.monetize}>monetization</HelpLink> is approved for the ad space;
            otherwise the player goes straight to the next item and plays nothing extra.
          </li>
        </ul>
      </HelpSection>

      <HelpSection title="Downloading & Caching Content">
        <p>
          When a new schedule arrives, the player downloads every image and video it needs before it
          switches to it, and checks each file’s checksum, so a file that arrived damaged or
          incomplete is downloaded again and never played. Until then the TV keeps playing what it
          played before.
        </p>
        <p>
          Files stay on the TV, so playback continues from its own storage when the internet
          connection drops, and after a restart without network. Files no schedule uses any more are
          removed every hour to free space.
        </p>
        <p>
          The <HelpLink to={paths.advertiser.adSpaces}>Ad spaces</HelpLink> page shows for each TV
          whether its content is ready or how far the download is (“Downloading 3/12 files”),
          anything that holds it up (such as not enough storage or a bad file), and, under{' '}
          <strong>TV status…</strong>, the storage it uses.
        </p>
      </HelpSection>

      <HelpSection title="Ad Impressions Tracking">
        <p>
          Every item the player shows, ads included, is recorded on the TV first: what it was, when
          it started and how many seconds it was actually on screen. The TV sends these records to
          Screenline every minute. A record is deleted from the TV only once Screenline has
          confirmed it, and sending one twice does no harm, so records are never lost while the TV
          is offline and never counted twice.
        </p>
        <p>
          Open <strong>Proof of play</strong> from an ad space’s menu on the{' '}
          <HelpLink to={paths.advertiser.adSpaces}>Ad spaces</HelpLink> page to see the plays of any
          days (up to three months at a time): totals, plays by day and by item, and a CSV file with
          one row per play.
        </p>
        <p>
          The TV numbers its records one after another. If some numbers never arrive (for example
          because the TV’s browser data was cleared before it could send them), the report says so:
          “3 records missing between #120 and #124”. Those plays happened but cannot be counted.
        </p>
      </HelpSection>

      <HelpSection title="Remote Commands and Takeovers">
        <p>
          The player keeps a connection open to Screenline, so you can act on a TV you cannot walk
          to. From <strong>On screen now…</strong> on the{' '}
          <HelpLink to={paths.advertiser.adSpaces}>Ad spaces</HelpLink> page you can refresh its
          content, restart playback, reload the player, make it show its name and code for 10
          seconds, or take a screenshot of what it shows. The TV confirms each command when it gets
          it and again when it is done; a TV that is off gets it when it comes back, unless it
          expired.
        </p>
        <p>
          A screenshot is a small picture the TV draws of its own screen (the image or the current
          video frame, with the QR code of an ad). Some TVs cannot draw a video into a picture: then
          the page says so and shows what should be playing.
        </p>
        <p>
          An <strong>emergency takeover</strong> covers the screen with your message, image or
          playlist, stops everything else including ads, and ends when you end it or when its time
          is up. It shows in the off hours of a power schedule too (the panel is turned on for it).
        </p>
      </HelpSection>

      <HelpSection title="Power Schedule: Screen Off After Hours">
        <p>
          With a power schedule on the ad space (Ad spaces → Power schedule…), the player turns the
          screen black outside the on hours and stops playing: no plays are recorded and no ads are
          billed, and the screen is not counted as offline. It keeps checking for new content in the
          background and starts playing again when the on hours begin, offline too (the hours travel
          with the content).
        </p>
        <p>Where the TV lets a web app do more, the panel itself is turned off as well:</p>
        <ul>
          <li>
            <strong>LG webOS</strong>: as an installed webOS app with the power permission, the
            panel is turned off and on (<code>turnOffScreen</code>); in the TV’s web browser the
            screen is only black.
          </li>
          <li>
            <strong>Samsung Tizen</strong>: Samsung signage displays running the player as an
            installed app can mute the panel; consumer TVs and the browser show black.
          </li>
          <li>
            <strong>Android TV</strong>: browsers offer no control; a wrapper app can, and the
            player uses it when present. Otherwise black.
          </li>
        </ul>
        <p>
          To save the most power, also set the TV’s own on and off timers to the same hours: a TV
          switched off by its timer is not reported as offline during the off hours.
        </p>
      </HelpSection>

      <HelpSection title="Best Practices">
        <ul>
          <li>
            Use a wired network connection where you can; Wi-Fi works, but the first downloads can
            be large.
          </li>
          <li>
            Turn off the TV’s sleep, screen saver and power-saving modes so it does not switch
            itself off during opening hours.
          </li>
          <li>
            Let the player keep its files: it asks the TV’s browser for persistent storage, and TV
            status on the Ad spaces page says whether the browser agreed. If it says “Not
            persistent”, bookmark the player’s address or add it to the TV’s home screen: browsers
            keep the files of sites used that way.
          </li>
          <li>
            Keep files small: export videos at the screen’s resolution, and compress images. Smaller
            files download faster and leave room on the TV.
          </li>
          <li>
            Test a playlist with its preview on the web before you schedule it: the preview runs the
            same player.
          </li>
        </ul>
        <HelpTip>
          A screen showing “Offline” on the Ad spaces page has not reported for a few minutes: check
          that the TV is on, the player open and the network up.
        </HelpTip>
      </HelpSection>
    </HelpArticle>
  );
}
