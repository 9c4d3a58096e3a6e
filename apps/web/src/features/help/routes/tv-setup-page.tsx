import { HelpArticle, HelpLink, HelpSection } from '@/features/help/components/help-article';
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
            press OK to choose it. A tick marks the chosen one.
          </li>
          <li>
            The <strong>Continue to Player</strong> button at the bottom stays disabled until an ad
            space is chosen. Move down to it and press OK to save the choice.
          </li>
        </ol>
        <p>
          The TV then shows “Ready” with the ad space and its location. It remembers the choice:
          after a restart or a power cut it comes straight back to the same ad space. If the ad
          space was deleted meanwhile, the TV asks you to choose again.
        </p>
      </HelpSection>

      <HelpSection title="No Ad Spaces Found">
        <p>
          If your account has no ad spaces yet, the TV says “No Ad Spaces Found” and shows a QR
          code. Scan it to open the <HelpLink to={paths.advertiser.adSpaces}>Ad spaces</HelpLink>{' '}
          page on your phone and create one, then press <strong>Refresh</strong> on the TV: the list
          appears.
        </p>
      </HelpSection>

      <HelpSection title="Change the ad space or sign out">
        <p>
          On the Ready screen, <strong>Change ad space</strong> shows the list again with the
          current ad space chosen; pick another and continue. The TV keeps the same device record
          however often you set it up. <strong>Sign out</strong> disconnects the TV from your
          account; deleting the ad space or your account disconnects it too.
        </p>
      </HelpSection>

      <HelpSection title="What happens next">
        <p>
          Playing the ad space’s schedule is coming in the next version of the TV player: for now
          the TV confirms which ad space it is set up for. Read the{' '}
          <HelpLink to={paths.help.tvPlayer}>TV player guide</HelpLink> to learn how playback,
          offline caching and impression tracking will work.
        </p>
      </HelpSection>
    </HelpArticle>
  );
}
