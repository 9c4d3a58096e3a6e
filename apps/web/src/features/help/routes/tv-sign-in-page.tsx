import {
  HelpArticle,
  HelpLink,
  HelpSection,
  HelpTip,
} from '@/features/help/components/help-article';
import { paths } from '@/lib/paths';

/** /help/tv/sign-in: password or QR pairing. */
export function TvSignInHelpPage() {
  return (
    <HelpArticle
      eyebrow="TV player"
      title="TV sign in"
      lead="Sign the Screenline player in with your email and password, or pair it by scanning a QR code with your phone."
    >
      <HelpSection title="Before you start">
        <ul>
          <li>Open the Screenline player on the TV or Android device connected to your screen.</li>
          <li>
            Only account holders can sign a TV in. Pairing needs a phone that is already signed in
            to Screenline.
          </li>
          <li>
            Create at least one <HelpLink to={paths.help.adSpaces}>ad space</HelpLink> first, so the
            TV has something to play.
          </li>
        </ul>
      </HelpSection>

      <HelpSection title="Sign in with email and password">
        <ol>
          <li>On the TV, choose to sign in with email.</li>
          <li>Enter the email and password of your Screenline account with the remote control.</li>
          <li>Confirm. The TV signs in and goes to setup.</li>
        </ol>
      </HelpSection>

      <HelpSection title="Pair with a QR code">
        <ol>
          <li>
            On the TV, choose to pair with a QR code. The TV shows a QR code holding a one-time
            pairing code.
          </li>
          <li>
            Scan it with your phone’s camera. The phone opens Screenline; sign in there if asked.
          </li>
          <li>Check the code shown on the phone matches the TV and approve.</li>
          <li>The TV signs in automatically within a few seconds and goes to setup.</li>
        </ol>
        <HelpTip>
          The QR code renews itself before it expires, so an old photo of it will not work. Scan the
          one on screen.
        </HelpTip>
      </HelpSection>

      <HelpSection title="Next step">
        <p>
          Once signed in, choose which ad space the TV plays: see{' '}
          <HelpLink to={paths.help.tvSetup}>TV setup</HelpLink>.
        </p>
      </HelpSection>
    </HelpArticle>
  );
}
