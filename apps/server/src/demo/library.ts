import { API } from '@screenline/shared/api-paths';
import { MEDIA_TYPES, renderSlide, type TSlide, type TSlideFormat } from './creatives';
import type { TDemoClient, TDemoSession } from './demo-client';
import { ZId } from './seed-helpers';

// The libraries: the slides each account's content is generated from, drawn, stored through
// the storage API and added to the library.

type TColors = TSlide['colors'];
const PALETTES: Record<string, TColors> = {
  espresso: { from: '#3b2418', to: '#8a5a3b', accent: '#f4c27a', text: '#fff8ee' },
  berry: { from: '#4a1036', to: '#b8325e', accent: '#ffd166', text: '#ffffff' },
  forest: { from: '#0f3d2e', to: '#2f8f5b', accent: '#c7f464', text: '#f4fff8' },
  ocean: { from: '#0b2545', to: '#1f6fb2', accent: '#7fdbff', text: '#ffffff' },
  sunset: { from: '#ff6b35', to: '#c81d4e', accent: '#fff3b0', text: '#ffffff' },
  night: { from: '#101020', to: '#3a2f7a', accent: '#ff8fab', text: '#ffffff' },
  sand: { from: '#f6e7c8', to: '#e0b77c', accent: '#7a3e12', text: '#2b1a0c' },
  ramen: { from: '#2b0f0a', to: '#a3311b', accent: '#ffcf56', text: '#fff6e8' },
};

interface TCreativePlan {
  key: string;
  name: string;
  slide: Omit<TSlide, 'width' | 'height' | 'format'>;
  format: TSlideFormat;
  portrait?: boolean;
}

export const OWNER_SLIDES: TCreativePlan[] = [
  {
    key: 'welcome',
    name: 'Welcome to Lindenhof',
    format: 'png',
    slide: {
      tag: 'WELCOME',
      headline: 'Good morning,\nKreuzberg',
      subline: 'Fresh pastries from 7:00 · Oat milk at no extra cost',
      footer: 'Café Lindenhof · Oranienstraße 25',
      colors: PALETTES.espresso!,
    },
  },
  {
    key: 'breakfast',
    name: 'Breakfast menu',
    format: 'jpeg',
    slide: {
      tag: 'UNTIL 11:30',
      headline: 'Breakfast\nfrom €6.90',
      subline: 'Shakshuka · Granola bowl · Sourdough & jam',
      footer: 'Ask at the counter for today’s specials',
      colors: PALETTES.sand!,
    },
  },
  {
    key: 'lunch',
    name: 'Lunch specials',
    format: 'webp',
    slide: {
      tag: 'LUNCH 11:30–14:00',
      headline: 'Soup + bread\n€8.50',
      subline: 'Pumpkin & ginger today · vegan · add a coffee for €2',
      footer: 'Café Lindenhof · Kreuzberg',
      colors: PALETTES.forest!,
    },
  },
  {
    key: 'window',
    name: 'Window: open now',
    format: 'png',
    portrait: true,
    slide: {
      tag: 'OPEN',
      headline: 'Come in,\nwe’re\nopen',
      subline: 'Mon–Sat 7:00–20:00',
      footer: 'Café Lindenhof',
      colors: PALETTES.berry!,
    },
  },
  {
    key: 'classes',
    name: 'Class timetable',
    format: 'jpeg',
    slide: {
      tag: 'TODAY',
      headline: 'Spin 7:00 · HIIT 12:15\nYoga 18:30',
      subline: 'Book in the Hudson app · bring a towel',
      footer: 'Hudson Fitness · Chelsea',
      colors: PALETTES.ocean!,
    },
  },
  {
    key: 'challenge',
    name: 'November challenge',
    format: 'webp',
    slide: {
      tag: 'CHALLENGE',
      headline: '30 days,\n30 workouts',
      subline: 'Sign up at the front desk · prizes every Friday',
      footer: 'Hudson Fitness',
      colors: PALETTES.sunset!,
    },
  },
  {
    key: 'platform',
    name: 'Platform information',
    format: 'png',
    slide: {
      tag: 'PLATFORM 3',
      headline: 'Next trains\nevery 3 min',
      subline: 'Yamanote Line · please stand behind the yellow line',
      footer: 'Shibuya Station Kiosk',
      colors: PALETTES.night!,
    },
  },
  {
    key: 'kiosk',
    name: 'Kiosk snacks',
    format: 'jpeg',
    slide: {
      tag: 'KIOSK',
      headline: 'Onigiri ¥180\nHot tea ¥150',
      subline: 'Open until 23:00 · IC cards welcome',
      footer: 'Shibuya Station Kiosk',
      colors: PALETTES.forest!,
    },
  },
];

export const BUYER_SLIDES: TCreativePlan[] = [
  {
    key: 'latte',
    name: 'Oat latte launch',
    format: 'jpeg',
    slide: {
      tag: 'NEW',
      headline: 'The Aurora\nOat Latte',
      subline: 'Roasted in small batches · now in 40 cafés',
      footer: 'aurora-coffee.example · scan for 20% off',
      colors: PALETTES.espresso!,
    },
  },
  {
    key: 'beans',
    name: 'Single-origin beans',
    format: 'png',
    slide: {
      tag: 'SINGLE ORIGIN',
      headline: 'Ethiopia\nYirgacheffe',
      subline: 'Notes of jasmine, bergamot and honey',
      footer: 'Aurora Coffee Roasters',
      colors: PALETTES.sand!,
    },
  },
  {
    key: 'night',
    name: 'Cold brew delivery',
    format: 'webp',
    slide: {
      tag: 'DELIVERY',
      headline: 'Cold brew\nto your door',
      subline: 'Order by 22:00, delivered by 7:00',
      footer: 'aurora-coffee.example/delivery',
      colors: PALETTES.night!,
    },
  },
];

export const BUYER2_SLIDES: TCreativePlan[] = [
  {
    key: 'ramen',
    name: 'Tonkotsu lunch set',
    format: 'jpeg',
    slide: {
      tag: 'LUNCH SET',
      headline: 'Tonkotsu\n+ gyoza ¥1,200',
      subline: 'Every weekday 11:00–15:00',
      footer: 'Ramen Bar Kaito · 2 min from Shibuya',
      colors: PALETTES.ramen!,
    },
  },
  {
    key: 'ramen-night',
    name: 'Late-night ramen',
    format: 'webp',
    slide: {
      tag: 'UNTIL 2:00',
      headline: 'Late-night\nramen',
      subline: 'Shio · Shoyu · Miso',
      footer: 'Ramen Bar Kaito',
      colors: PALETTES.berry!,
    },
  },
];

/** Draws the slides at `scale` of 1920×1080, stores them and adds them to the library: ids by key. */
export async function addSlides(
  client: TDemoClient,
  session: TDemoSession,
  plans: readonly TCreativePlan[],
  scale: number,
): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  const long = Math.round(1920 * scale);
  const short = Math.round(1080 * scale);
  const sized = plans.map((plan) => ({
    plan,
    width: plan.portrait ? short : long,
    height: plan.portrait ? long : short,
  }));
  // Encoding runs off the main thread: all at once, then stored in order.
  const drawn = await Promise.all(
    sized.map(({ plan, width, height }) =>
      renderSlide({ ...plan.slide, width, height, format: plan.format }),
    ),
  );
  for (const [index, { plan, width, height }] of sized.entries()) {
    const bytes = drawn[index]!;
    const extension = plan.format === 'jpeg' ? 'jpg' : plan.format;
    const objectPath = `users/${session.userId}/content/${plan.key}.${extension}`;
    await client.upload(session, objectPath, bytes, MEDIA_TYPES[plan.format]);
    const made = ZId.parse(
      await client.call({
        method: 'POST',
        url: API.content,
        cookie: session.cookie,
        payload: { name: plan.name, objectPath, kind: 'image', width, height },
      }),
    );
    ids.set(plan.key, made.id);
  }
  return ids;
}
