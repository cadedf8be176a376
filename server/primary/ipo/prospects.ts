import type { LocalizedText } from '../../db/schema/content';

/**
 * What the prospectus of each catalogue IPO stock that the seed does not offer says (the seeded
 * ones carry theirs in ./seed.ts): the operator's `ipo create` falls back on it for the texts it
 * was not given.
 */
export const PROSPECTS: Readonly<Record<string, { summary: LocalizedText; sector: LocalizedText }>> = {
  TRKYA: {
    summary: {
      'tr-TR': 'Trakya bölgesinde ayçiçeği, buğday ve kanola üretimi ve depolaması.',
      'en-US': 'Sunflower, wheat and canola farming and storage in Thrace.',
    },
    sector: { 'tr-TR': 'Tarım', 'en-US': 'Agriculture' },
  },
  KRDNZ: {
    summary: {
      'tr-TR': 'Karadeniz limanları arasında konteyner taşımacılığı ve depolama.',
      'en-US': 'Container shipping and warehousing between Black Sea ports.',
    },
    sector: { 'tr-TR': 'Lojistik', 'en-US': 'Logistics' },
  },
  GAPEN: {
    summary: {
      'tr-TR': 'Güneydoğu Anadolu’da güneş enerjisi santralleri kurulumu ve işletmesi.',
      'en-US': 'Building and running solar power plants in south-eastern Anatolia.',
    },
    sector: { 'tr-TR': 'Enerji', 'en-US': 'Energy' },
  },
  ISTKS: {
    summary: {
      'tr-TR': 'Hazır giyim markalarına pamuklu ve geri dönüştürülmüş kumaş üretimi.',
      'en-US': 'Cotton and recycled fabrics for clothing brands.',
    },
    sector: { 'tr-TR': 'Tekstil', 'en-US': 'Textiles' },
  },
  ANTLY: {
    summary: {
      'tr-TR': 'Antalya Serbest Bölgesi’nde motor yat ve yelkenli imalatı.',
      'en-US': 'Motor yachts and sailing boats built in the Antalya Free Zone.',
    },
    sector: { 'tr-TR': 'Denizcilik', 'en-US': 'Marine' },
  },
  BRSOT: {
    summary: {
      'tr-TR': 'Otomobil üreticilerine koltuk iskeleti ve metal aksam üretimi.',
      'en-US': 'Seat frames and metal parts for car makers.',
    },
    sector: { 'tr-TR': 'Otomotiv', 'en-US': 'Automotive' },
  },
  KNYSU: {
    summary: {
      'tr-TR': 'Tarımsal sulama için damla sulama sistemleri ve pompalar.',
      'en-US': 'Drip irrigation systems and pumps for farming.',
    },
    sector: { 'tr-TR': 'Sanayi', 'en-US': 'Industry' },
  },
  VANGD: {
    summary: {
      'tr-TR': 'Süt ürünleri ve otlu peynir üretimi ile yurt içi dağıtımı.',
      'en-US': 'Dairy products and herbed cheese, made and sold across Turkey.',
    },
    sector: { 'tr-TR': 'Gıda', 'en-US': 'Food' },
  },
  MRDNM: {
    summary: {
      'tr-TR': 'Bej mermer ocakları işletmesi ve blok mermer ihracatı.',
      'en-US': 'Beige marble quarries and block marble exports.',
    },
    sector: { 'tr-TR': 'Madencilik', 'en-US': 'Mining' },
  },
  EDRNK: {
    summary: {
      'tr-TR': 'Geri dönüştürülmüş kartondan gıda ve e-ticaret ambalajı.',
      'en-US': 'Food and e-commerce packaging from recycled board.',
    },
    sector: { 'tr-TR': 'Ambalaj', 'en-US': 'Packaging' },
  },
  KARSP: {
    summary: {
      'tr-TR': 'Kars gravyeri ve kaşar peyniri üretimi ile soğuk zincir dağıtımı.',
      'en-US': 'Kars gruyère and kashar cheese, made and shipped in a cold chain.',
    },
    sector: { 'tr-TR': 'Gıda', 'en-US': 'Food' },
  },
  TRBZN: {
    summary: {
      'tr-TR': 'Fındık kırma, kavurma ve ezme üretimi ile ihracatı.',
      'en-US': 'Hazelnut shelling, roasting and spreads, for export.',
    },
    sector: { 'tr-TR': 'Gıda', 'en-US': 'Food' },
  },
  ESKSH: {
    summary: {
      'tr-TR': 'Yer ve duvar seramiği ile vitrifiye üretimi.',
      'en-US': 'Floor and wall tiles and sanitary ware.',
    },
    sector: { 'tr-TR': 'Sanayi', 'en-US': 'Industry' },
  },
  MANSA: {
    summary: {
      'tr-TR': 'Çekirdeksiz kuru üzüm işleme, paketleme ve ihracatı.',
      'en-US': 'Seedless raisins, processed, packed and exported.',
    },
    sector: { 'tr-TR': 'Tarım', 'en-US': 'Agriculture' },
  },
};
