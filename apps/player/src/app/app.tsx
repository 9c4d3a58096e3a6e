/**
 * The TV player's shell. Sign-in (password and QR pairing), ad-space setup and offline playback
 * are built in the player issue; until then the TV says so plainly instead of pretending.
 */
export function App() {
  return (
    <main className="flex h-full flex-col items-center justify-center gap-8 p-12 text-center">
      <div className="flex items-center gap-4">
        <svg aria-hidden="true" viewBox="0 0 32 32" className="h-16 w-16">
          <rect x="3" y="6" width="26" height="17" rx="3" fill="#4f46e5" />
          <rect x="12" y="25" width="8" height="2" rx="1" fill="#4f46e5" />
          <path d="M13 11.5v6l5-3z" fill="#fff" />
        </svg>
        <h1 className="text-5xl font-semibold tracking-tight">Screenline TV</h1>
      </div>
      <p className="max-w-2xl text-2xl text-gray-300">
        The TV player is not available yet. Sign-in, ad-space setup and playback arrive in a coming
        release.
      </p>
      <a
        href="/help/tv/player"
        className="rounded-lg bg-indigo-600 px-8 py-4 text-2xl font-medium text-white outline-none focus-visible:ring-4 focus-visible:ring-indigo-300"
      >
        Read the TV guide
      </a>
    </main>
  );
}
