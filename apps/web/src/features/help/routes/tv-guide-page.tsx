import {
  HelpArticle,
  HelpLink,
  HelpSection,
  HelpTip,
} from '@/features/help/components/help-article';
import { paths } from '@/lib/paths';

/** /help/tv/player: the five sections of SPEC §2's TV guide. */
export function TvGuidePage() {
  return (
    <HelpArticle
      eyebrow="TV player"
      title="TV player guide"
      lead="How the Screenline player on your TV plays content, works offline and counts ad impressions."
    >
      <HelpSection title="What is the TV Player">
        <p>
          The Screenline TV player is the app that runs on a smart TV or Android device connected to
          your screen. It signs in to your account, is assigned to one of your ad spaces, and then
          plays that ad space’s schedule on its own, all day, without anyone touching it.
        </p>
        <p>
          To get it running, see <HelpLink to={paths.help.tvSignIn}>TV sign in</HelpLink> and{' '}
          <HelpLink to={paths.help.tvSetup}>TV setup</HelpLink>.
        </p>
      </HelpSection>

      <HelpSection title="How Does Playback Work">
        <ul>
          <li>
            The player downloads the playlists scheduled for its ad space and works out what should
            play right now, in the location’s time zone.
          </li>
          <li>
            Images are shown for the duration set in the playlist; videos play to their end, and a
            playlist with a single video loops it.
          </li>
          <li>
            When you change a playlist or schedule, the player fetches the new version and switches
            to it.
          </li>
          <li>
            Ad slots in a playlist are filled with campaign content only when monetization is
            enabled for that ad space; otherwise they are skipped.
          </li>
        </ul>
      </HelpSection>

      <HelpSection title="Downloading & Caching Content">
        <p>
          Before a new schedule starts, the player downloads every image and video it needs and
          checks that each file arrived complete. Files are kept on the device, so playback
          continues from local storage when the internet connection drops.
        </p>
        <p>
          A file that fails to download is retried and never played half-finished. Files no longer
          used by any schedule are cleaned up periodically to free space.
        </p>
      </HelpSection>

      <HelpSection title="Ad Impressions Tracking">
        <p>
          Each time an ad is shown, the player records an impression: which campaign and creative,
          on which screen, when, and for how many seconds. Impressions are saved on the device first
          and synced to Screenline periodically, so none are lost while offline.
        </p>
        <p>
          Ad buyers are billed per second shown (cost per second, CPS), never beyond their budget,
          and screen owners are credited their share. Campaign results also include QR code scans
          when the ad shows a QR code.
        </p>
      </HelpSection>

      <HelpSection title="Best Practices">
        <ul>
          <li>
            Keep the device powered and connected; turn off sleep and power-saving modes that switch
            it off.
          </li>
          <li>Use a reliable internet connection for the first downloads, which can be large.</li>
          <li>
            Check your schedules regularly, especially before holidays and special opening hours.
          </li>
          <li>
            Place QR codes where viewers can comfortably scan them: eye level, within a few metres.
          </li>
        </ul>
        <HelpTip>
          After changing which ad space a TV plays, open the player’s setup on that TV; see{' '}
          <HelpLink to={paths.help.tvSetup}>TV setup</HelpLink>.
        </HelpTip>
      </HelpSection>
    </HelpArticle>
  );
}
