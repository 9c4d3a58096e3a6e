import { HelpArticle, HelpLink, HelpSection } from '@/features/help/components/help-article';
import { HelpFigure } from '@/features/help/components/help-figure';
import { HelpVideo } from '@/features/help/components/help-video';
import { HELP_FIGURES } from '@/features/help/help-figures';
import { paths } from '@/lib/paths';
import walkthrough from '@/features/help/assets/intro-walkthrough.json';
import walkthroughVideo from '@/features/help/assets/intro-walkthrough.webm';
import walkthroughCaptions from '@/features/help/assets/intro-walkthrough.vtt';

/**
 * /help/introduction: the walkthrough video, What is it, Who is it for, How does it work (with a
 * screenshot for each role), Why use it; HelpArticle adds the footer link to /help.
 */
export function IntroductionPage() {
  return (
    <HelpArticle
      eyebrow="Getting started"
      title="What is Screenline?"
      lead="Screenline runs the screens in your venues and gives ad buyers a way to buy time on them."
    >
      <HelpVideo
        src={walkthroughVideo}
        captions={walkthroughCaptions}
        title={`Screenline in ${walkthrough.seconds} seconds: a screen owner’s pages, then an ad buyer’s`}
        width={walkthrough.width}
        height={walkthrough.height}
        steps={walkthrough.steps}
      />
      <HelpSection title="What is it">
        <p>
          Screenline is a digital signage service with an advertising marketplace built in. Screen
          owners use it to decide what every screen shows and when. Ad buyers use it to put their
          ads on those screens, paying only for the seconds their ads are actually shown.
        </p>
        <p>
          It has two parts: this web app, where you set everything up, and the Screenline TV player,
          which runs on a smart TV or Android device next to each screen and plays what you
          scheduled, even when the internet drops.
        </p>
      </HelpSection>

      <HelpSection title="Who is it for">
        <ul>
          <li>
            <strong>Screen owners</strong>: shops, cafés, gyms, clinics, offices and anyone else
            with screens in a venue. You manage locations, screens, content, playlists and
            schedules, and can earn from ad slots.
          </li>
          <li>
            <strong>Ad buyers</strong>: brands and local businesses that want to reach people in
            those venues. You build campaigns, choose where and when they run, and follow the
            results.
          </li>
          <li>
            <strong>Administrators</strong>: the Screenline team, who review wallet top-ups,
            campaigns, payouts and monetization requests.
          </li>
        </ul>
        <p id="role-names">
          On screen, Screenline only ever says <strong>screen owner</strong> and{' '}
          <strong>ad buyer</strong>. The system keeps the roles under older names, which you may
          meet in page addresses (<code>/advertiser/…</code>, <code>/publisher/…</code>), in exports
          and in the API: <code>advertiser</code> is the screen owner and <code>publisher</code> is
          the ad buyer. Note that this is the reverse of the usual industry words, where publishers
          own the screens and advertisers buy the time.
        </p>
      </HelpSection>

      <HelpSection title="How does it work">
        <h3 className="mt-2 text-lg font-semibold text-foreground">For screen owners</h3>
        <HelpFigure {...HELP_FIGURES.screenOwnerDashboard} />
        <ol>
          <li>
            Add your <HelpLink to={paths.help.locations}>locations</HelpLink> and register each
            screen as an <HelpLink to={paths.help.adSpaces}>ad space</HelpLink>.
          </li>
          <li>
            Upload images and videos to your{' '}
            <HelpLink to={paths.help.content}>content library</HelpLink> and arrange them into{' '}
            <HelpLink to={paths.help.playlists}>playlists</HelpLink>.
          </li>
          <li>
            <HelpLink to={paths.help.schedule}>Schedule</HelpLink> playlists onto screens by date,
            weekday and time of day.
          </li>
          <li>
            Sign a TV in and assign it to the ad space; it starts playing (see{' '}
            <HelpLink to={paths.help.tvSignIn}>TV sign in</HelpLink>).
          </li>
          <li>
            Optionally <HelpLink to={paths.help.monetize}>monetize</HelpLink> the screen so paid
            campaigns fill its ad slots.
          </li>
        </ol>
        <h3 className="mt-4 text-lg font-semibold text-foreground">For ad buyers</h3>
        <HelpFigure {...HELP_FIGURES.adBuyerDashboard} />
        <ol>
          <li>
            Fund your <HelpLink to={paths.help.wallet}>wallet</HelpLink> and upload your creatives.
          </li>
          <li>
            Create an <HelpLink to={paths.help.adCampaigns}>ad campaign</HelpLink>: screens or
            targeting, dates, dayparts, bid and budget.
          </li>
          <li>
            After review, your campaign plays in the ad slots of matching screens; every showing is
            recorded and billed per second.
          </li>
        </ol>
      </HelpSection>

      <HelpSection title="Why use it">
        <ul>
          <li>
            One place for every screen in every venue, with schedules in each location’s own time
            zone.
          </li>
          <li>
            Screens keep playing offline: the player stores everything it needs before it plays.
          </li>
          <li>Idle screen time becomes income for owners, without selling ads yourself.</li>
          <li>Buyers pay for seconds actually shown, never more than their budget.</li>
          <li>
            Analytics on both sides: impressions, seconds shown, spend and QR scans per campaign,
            day and screen for buyers; proof of play and earnings per screen for owners; and the
            audience demographics owners declare for each venue (weekly footfall, age bands, gender
            split), which buyers see when they target.
          </li>
        </ul>
        <p>
          Ready? <HelpLink to={paths.signUp}>Create an account</HelpLink>, or{' '}
          <HelpLink to={paths.contact}>contact us</HelpLink> with questions.
        </p>
      </HelpSection>
    </HelpArticle>
  );
}
