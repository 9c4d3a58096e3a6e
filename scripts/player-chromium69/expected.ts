// What the player's screens must show, shared by the journeys. Update with the screens.

/** What the player's first screen (sign-in, issue 8) must show. Update with the screen. */
export const EXPECTED = {
  heading: 'Screenline TV',
  control: 'Sign in',
  /** Reached from nothing focused by ArrowDown, one press each: the sign-in form top to bottom. */
  keyboardPath: ['tv-email', 'tv-password', 'Sign in'],
  /** The pairing code as the TV shows it. */
  codePattern: /^[A-Z2-9]{4}-[A-Z2-9]{4}$/,
  /** The QR code must be big enough to scan from a few metres (26rem less its padding). */
  minQrSize: 380,
  /** Styles that only apply when the stylesheet was understood. */
  bodyBackground: 'rgb(11, 15, 25)',
  controlBackground: 'rgb(79, 70, 229)',
  headingFontSize: '48px',
  logoSize: 64,
  /** Setup (issue 8 item 4). */
  setup: {
    empty: 'No Ad Spaces Found',
    /** The ad spaces the phone adds, as the TV lists them (by name). */
    spaces: ['Bar screen', 'Door screen', 'Till screen', 'Window screen'],
    /** The space a TV is set up for over HTTP first: its card says so, choosing it asks. */
    hasTv: 'Door screen',
    location: 'Harbour, Springfield',
    continue: 'Continue to Player',
    minQrSize: 300,
    /** After Continue: the playing screen, idle for a space without a playlist. */
    idle: {
      title: 'Waiting for content',
      status: 'Nothing is scheduled for this ad space now.',
    },
  },
  /** The playback journey: the playlist [image, clip] and how long the server stays away. */
  playback: { imageSeconds: 3, offlineSeconds: 10 },
};
