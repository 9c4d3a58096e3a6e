import {
  HelpArticle,
  HelpLink,
  HelpSection,
  HelpTip,
} from '@/features/help/components/help-article';
import { HelpFigure } from '@/features/help/components/help-figure';
import { HelpVideo } from '@/features/help/components/help-video';
import { HELP_FIGURES } from '@/features/help/help-figures';
import { paths } from '@/lib/paths';
import demo from '@/features/help/assets/tv-sign-in-demo.json';
import demoVideo from '@/features/help/assets/tv-sign-in-demo.webm';
import demoCaptions from '@/features/help/assets/tv-sign-in-demo.vtt';

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

      <HelpSection title="The sign-in screen">
        <p>
          On the TV’s browser, open your Screenline address followed by <strong>/tv</strong>. The TV
          shows both ways to sign in at once: the email form, and beside it (above it on a TV
          standing upright) a QR code with an eight-character code such as{' '}
          <strong>ABCD-EFGH</strong> in large letters. Use the arrow keys of the remote to move
          between the fields and buttons, and OK or Enter to choose.
        </p>
        <HelpFigure {...HELP_FIGURES.tvSignIn} />
      </HelpSection>

      <HelpSection title="Watch it">
        <HelpVideo
          src={demoVideo}
          captions={demoCaptions}
          title={`A TV signing in with email and password, then set up, in ${demo.seconds} seconds`}
          width={demo.width}
          height={demo.height}
          steps={demo.steps}
        />
      </HelpSection>

      <HelpSection title="Sign in with email and password">
        <ol>
          <li>Press the down arrow to reach the Email field and type your account’s email.</li>
          <li>Press down again for Password and type it.</li>
          <li>Press down to Sign in and press OK. The TV signs in.</li>
        </ol>
        <HelpTip>
          A wrong email or password is said on screen; the focus stays on Sign in, so press up to
          correct the password.
        </HelpTip>
      </HelpSection>

      <HelpSection title="Pair with a QR code">
        <ol>
          <li>
            Scan the QR code with your phone’s camera. It opens <strong>/pair</strong> on
            Screenline; sign in there if asked, and the page comes back to the same code.
          </li>
          <li>
            No camera at hand? Open <HelpLink to={paths.pair}>/pair</HelpLink> on any signed-in
            device and type the code the TV shows.
          </li>
          <li>
            Check the code on the phone matches the TV, and that the device, where it asked from and
            when look like the TV in front of you. Then choose <strong>Link this TV</strong> (or{' '}
            <strong>Cancel</strong> if it is not your TV).
          </li>
          <li>
            The TV signs in by itself within a few seconds and shows your ad spaces. Linking lets it
            only choose its ad space and play; it cannot see or change anything else in your
            account.
          </li>
        </ol>
        <div className="max-w-xs">
          <HelpFigure {...HELP_FIGURES.tvPairPhone} />
        </div>
        <HelpTip>
          Each code lasts a few minutes (ten unless your operator changed it) and works once. The TV
          shows a new one before the old one expires, and after a cancel, so always scan the one on
          screen.
        </HelpTip>
      </HelpSection>

      <HelpTip>
        Never link a code someone sent you. Whoever holds that TV would play on your account. If it
        happened, sign the TV out on the <HelpLink to={paths.advertiser.tvs}>TVs</HelpLink> page, or
        change your password, which signs out every TV.
      </HelpTip>

      <HelpSection title="What the TV may say">
        <ul>
          <li>
            <strong>The phone cancelled the link</strong>: someone chose Cancel; scan the new code
            to try again.
          </li>
          <li>
            <strong>The last code expired</strong>: it was not used in time; a new one is shown.
          </li>
          <li>
            <strong>The TV cannot reach Screenline</strong>: check the TV’s network; it keeps trying
            by itself.
          </li>
          <li>
            <strong>This TV was signed out</strong>: its owner signed it out on the TVs page,
            changed or reset the password, or deleted its ad space. Sign it in again.
          </li>
        </ul>
        <p>
          The TV stays signed in when it is switched off and on again, offline too. To sign it out,
          press <strong>Back</strong> or <strong>Menu</strong> on the remote while it plays and
          choose <strong>Sign out</strong> (see{' '}
          <HelpLink to={paths.help.tvSetup}>TV setup</HelpLink>).
        </p>
      </HelpSection>

      <HelpSection title="Next step">
        <p>
          Once signed in, the TV says which account it uses and lists your ad spaces to choose the
          one it plays: see <HelpLink to={paths.help.tvSetup}>TV setup</HelpLink>.
        </p>
      </HelpSection>
    </HelpArticle>
  );
}
