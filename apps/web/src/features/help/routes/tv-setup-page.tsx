import { HelpArticle, HelpLink, HelpSection } from '@/features/help/components/help-article';
import { paths } from '@/lib/paths';

/** /help/tv/setup: assigning the TV to an ad space. */
export function TvSetupHelpPage() {
  return (
    <HelpArticle
      eyebrow="TV player"
      title="TV setup"
      lead="Assign a signed-in TV to one of your ad spaces so it knows what to play."
    >
      <HelpSection title="Choose the ad space">
        <ol>
          <li>After signing in, the TV lists your ad spaces, each with its name and location.</li>
          <li>
            Use the arrow keys on the remote to highlight the ad space this screen belongs to, and
            press OK.
          </li>
          <li>
            The <strong>Continue to Player</strong> button at the bottom stays disabled until an ad
            space is selected. Press it to save the choice and start playback.
          </li>
        </ol>
      </HelpSection>

      <HelpSection title="No Ad Spaces Found">
        <p>
          If your account has no ad spaces yet, the TV says “No Ad Spaces Found” and shows a QR
          code. Scan it to open the <HelpLink to={paths.advertiser.adSpaces}>Ad spaces</HelpLink>{' '}
          page on your phone and create one, then refresh the list on the TV.
        </p>
      </HelpSection>

      <HelpSection title="What happens next">
        <p>
          The TV downloads the ad space’s schedule and content, then plays it. Read the{' '}
          <HelpLink to={paths.help.tvPlayer}>TV player guide</HelpLink> to learn how playback,
          offline caching and impression tracking work.
        </p>
      </HelpSection>
    </HelpArticle>
  );
}
