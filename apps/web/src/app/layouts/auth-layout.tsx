import { Link, Outlet } from 'react-router';
import { CalendarClock, ChartNoAxesCombined, MonitorPlay } from 'lucide-react';
import { Logo } from '@/components/logo';
import { ThemeButton } from '@/components/theme-button';
import { paths } from '@/lib/paths';

const HIGHLIGHTS = [
  {
    icon: MonitorPlay,
    title: 'Run every screen from one place',
    text: 'Locations, screens, playlists and schedules for all your venues.',
  },
  {
    icon: CalendarClock,
    title: 'The right content at the right time',
    text: 'Schedules follow each location’s own time zone, down to the hour.',
  },
  {
    icon: ChartNoAxesCombined,
    title: 'Earn from idle ad slots',
    text: 'Ad buyers fill your slots with approved campaigns, billed per second shown.',
  },
];

/** Sign-in, sign-up and password pages: the form on the left, what Screenline is on the right. */
export function AuthLayout() {
  return (
    <div className="grid min-h-dvh lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
      <div className="flex flex-col">
        <header className="flex items-center justify-between px-4 py-3 sm:px-8 sm:py-5">
          <Link to={paths.signIn} className="rounded-md">
            <Logo className="text-lg" />
          </Link>
          <ThemeButton />
        </header>
        <main
          id="main"
          className="flex flex-1 items-start justify-center px-4 pt-6 pb-12 sm:items-center sm:px-8"
        >
          <div className="w-full max-w-sm">
            <Outlet />
          </div>
        </main>
        <footer className="flex flex-wrap justify-center gap-x-6 gap-y-2 px-4 pb-6 text-sm text-muted-foreground">
          <Link className="rounded hover:text-foreground" to={paths.help.home}>
            Help
          </Link>
          <Link className="rounded hover:text-foreground" to={paths.help.introduction}>
            What is Screenline?
          </Link>
          <Link className="rounded hover:text-foreground" to={paths.contact}>
            Contact
          </Link>
        </footer>
      </div>
      <aside className="relative hidden overflow-hidden bg-linear-to-br from-indigo-600 to-violet-700 lg:flex lg:flex-col lg:justify-center lg:p-16 dark:from-indigo-950 dark:to-violet-950">
        <div aria-hidden className="absolute -top-24 -right-24 size-96 rounded-full bg-white/10" />
        <div aria-hidden className="absolute -bottom-32 -left-16 size-80 rounded-full bg-white/5" />
        <div className="relative max-w-md text-white">
          <p className="text-sm font-medium tracking-wide uppercase opacity-80">
            Digital signage & ad marketplace
          </p>
          <h2 className="mt-3 text-3xl font-semibold tracking-tight text-balance">
            Your screens, your schedule, and a marketplace for the slots in between.
          </h2>
          <ul className="mt-10 grid gap-6">
            {HIGHLIGHTS.map(({ icon: Icon, title, text }) => (
              <li key={title} className="flex gap-4">
                <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-white/15">
                  <Icon aria-hidden className="size-5" />
                </span>
                <span>
                  <span className="block font-medium">{title}</span>
                  <span className="block text-sm opacity-80">{text}</span>
                </span>
              </li>
            ))}
          </ul>
        </div>
      </aside>
    </div>
  );
}
