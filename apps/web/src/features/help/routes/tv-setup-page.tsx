import {
  HelpArticle,
  HelpLink,
  HelpSection,
  HelpTip,
} from '@/features/help/components/help-article';
import { HelpFigure } from '@/features/help/components/help-figure';
import { HELP_FIGURES } from '@/features/help/help-figures';
import { paths } from '@/lib/paths';

/** /help/tv/setup: assigning the TV to an ad space, as the player's setup screen works. */
export function TvSetupHelpPage() {
  return (
    <HelpArticle
      eyebrow="TV player"
      title="TV setup"
      lead="Assign a signed-in TV to one of your ad spaces so it knows what to play."
    >
      <HelpSection title="Choose the ad space">
        <ol>
          <li>
            After <HelpLink to={paths.help.tvSignIn}>signing in</HelpLink>, the TV lists your ad
            spaces by name, each with its location. Only screen owner accounts have ad spaces.
          </li>
          <li>
            Use the arrow keys on the remote to move to the ad space this screen belongs to, and
            press OK to choose it. A tick marks the chosen one. Left and Right stay in a row of ad
            spaces; Up and Down move along a column.
          </li>
          <li>
            An ad space that already has a TV says so on its card, with when that TV was last seen.
            Choosing it asks first: <strong>Play it here too</strong> sets this TV up for it as well
            (the other TV keeps playing until you sign it out from its menu or on the{' '}
            <HelpLink to={paths.advertiser.tvs}>TVs</HelpLink> page); Back or{' '}
            <strong>Cancel</strong> keeps your earlier choice.
          </li>
          <li>
            The <strong>Continue to Player</strong> button at the bottom stays disabled until an ad
            space is chosen. Press Down from the list: the focus lands on it. Press OK to save the
            choice. <strong>Sign out</strong>, at the bottom left, asks before it signs the TV out.
          </li>
        </ol>
        <HelpFigure {...HELP_FIGURES.tvSetup} />
        <p>
          The TV then downloads everything the ad space’s schedule needs and starts playing. It
          remembers the choice: after a restart or a power cut it comes straight back to the same ad
          space and plays from what it has stored, even before the network is back. If the ad space
          was deleted meanwhile, the TV asks you to choose again.
        </p>
      </HelpSection>

      <HelpSection title="No Ad Spaces Found">
        <p>
          If your account has no ad spaces yet, the TV says “No Ad Spaces Found” and shows a QR
          code. Scan it to open the <HelpLink to={paths.advertiser.adSpaces}>Ad spaces</HelpLink>{' '}
          page on your phone and create one, then press <strong>Refresh</strong> on the TV (it has
          the focus already, so OK is enough): the list appears.
        </p>
      </HelpSection>

      <HelpSection title="The player menu">
        <p>
          While the TV plays, press <strong>OK</strong>, <strong>Back</strong> or{' '}
          <strong>Menu</strong> on the remote to open the player’s menu (the first time it plays,
          the TV says so at the bottom of the screen for a few seconds). It offers:
        </p>
        <ul>
          <li>
            <strong>Change ad space</strong>: the list again, with the current ad space chosen; pick
            another and continue. No sign-in needed: the TV uses its own connection to your account.
          </li>
          <li>
            <strong>Device info</strong>: which TV this is, the player’s version, and the ad space
            and location it plays.
          </li>
          <li>
            <strong>Sign out</strong>: disconnects the TV from your account and stops playback,
            after you confirm.
          </li>
        </ul>
        <p>Press Back again to close the menu.</p>
      </HelpSection>

      <HelpSection title="Using the same TV again">
        <p>
          Each TV is one device on your account. Signing it in again, by password or by QR code, or
          choosing another ad space for it, keeps the same device record: it does not pile up
          duplicates, and its history in the proof of play report continues. Deleting the ad space,
          signing the TV out (on the TV, or on the{' '}
          <HelpLink to={paths.advertiser.tvs}>TVs</HelpLink> page), changing or resetting your
          password, or deleting your account disconnects it; it then says it was signed out and
          waits for a new sign-in. A TV in use stays connected for good; one left off for more than
          two weeks may have to be signed in again.
        </p>
        <HelpTip>
          The <HelpLink to={paths.advertiser.adSpaces}>Ad spaces</HelpLink> page shows each screen’s
          TV: online or offline, what it is showing, whether its content is downloaded, its player
          version and storage (<strong>TV status…</strong> in the row’s menu).
        </HelpTip>
      </HelpSection>

      <HelpSection title="What happens next">
        <p>
          Read the <HelpLink to={paths.help.tvPlayer}>TV player guide</HelpLink> to learn how
          playback, downloading and offline caching, and proof of play work.
        </p>
      </HelpSection>
    </HelpArticle>
  );
}
