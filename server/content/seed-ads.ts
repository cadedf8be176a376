import type { LocalizedText } from '../db/schema/content';

/**
 * A banner drawn inline as SVG, so the app shows it offline and never loads images from another
 * host. The words live in the ad's title (localized), not in the picture.
 */
function banner(from: string, to: string, mark: string): string {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="720" height="240" viewBox="0 0 720 240">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">` +
    `<stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>` +
    `<rect width="720" height="240" rx="24" fill="url(#g)"/>${mark}</svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

const chartLine =
  '<polyline points="60,180 160,150 250,165 350,110 450,125 550,70 660,90" fill="none" stroke="#ffffff" stroke-opacity="0.8" stroke-width="8" stroke-linecap="round" stroke-linejoin="round"/>';
const phone =
  '<rect x="300" y="40" width="120" height="170" rx="18" fill="none" stroke="#ffffff" stroke-opacity="0.85" stroke-width="8"/><circle cx="360" cy="185" r="8" fill="#ffffff" fill-opacity="0.85"/>';
const info =
  '<circle cx="360" cy="120" r="70" fill="none" stroke="#ffffff" stroke-opacity="0.85" stroke-width="8"/><rect x="352" y="105" width="16" height="55" rx="6" fill="#ffffff" fill-opacity="0.85"/><circle cx="360" cy="85" r="9" fill="#ffffff" fill-opacity="0.85"/>';

export const SEED_ADS: { title: LocalizedText; imageUrl: string; link: string; sort: number }[] = [
  {
    sort: 10,
    title: {
      'tr-TR': 'Sanal parayla pratik yapın: gerçek para riske girmez',
      'en-US': 'Practice with paper money: no real money at risk',
    },
    imageUrl: banner('#1e3a5f', '#0f766e', chartLine),
    link: '/pages/user/about',
  },
  {
    sort: 20,
    title: { 'tr-TR': "Seans'ı telefonunuza ekleyin", 'en-US': 'Add Seans to your phone' },
    imageUrl: banner('#312e81', '#1e40af', phone),
    link: '/pages/common/download',
  },
  {
    sort: 30,
    title: {
      'tr-TR': 'İşlem yapmadan önce risk bildirimini okuyun',
      'en-US': 'Read the risk disclosure before you trade',
    },
    imageUrl: banner('#3f3f46', '#7c2d12', info),
    link: '/pages/common/disclaimer',
  },
];
