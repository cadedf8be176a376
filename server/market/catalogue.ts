import type { StockGroup } from '../../domain/market/instrument';
import { roundToBistTick, toSteps, fromSteps } from '../../domain/market/ticks';
import type { Instrument } from './source';

/**
 * What the simulator lists and where each price starts (late 2026 levels). Static facts live
 * in `instrument`; `price`, `volatility` and `turnover` only seed the simulated process.
 */
export type CatalogueEntry = {
  instrument: Instrument;
  /** Starting price, canonical decimal at the instrument's scale (an index: its starting level). */
  price: string;
  /** Typical daily log-return standard deviation. */
  volatility: number;
  /** Typical traded value a day, in the quote currency (TRY, USDT). */
  turnover: number;
};

type StockRow = [
  symbol: string,
  name: string,
  price: string,
  group: StockGroup,
  t1: boolean,
  turnoverM: number,
];

const STOCKS: readonly StockRow[] = [
  ['THYAO', 'Türk Hava Yolları A.O.', '318.50', 1, false, 9000],
  ['GARAN', 'Türkiye Garanti Bankası A.Ş.', '142.30', 1, false, 6500],
  ['AKBNK', 'Akbank T.A.Ş.', '71.40', 1, false, 6000],
  ['ISCTR', 'Türkiye İş Bankası A.Ş. (C)', '15.62', 1, false, 4500],
  ['YKBNK', 'Yapı ve Kredi Bankası A.Ş.', '36.18', 1, false, 4800],
  ['HALKB', 'Türkiye Halk Bankası A.Ş.', '27.84', 1, false, 1800],
  ['VAKBN', 'Türkiye Vakıflar Bankası T.A.O.', '29.06', 1, false, 1600],
  ['TSKB', 'Türkiye Sınai Kalkınma Bankası A.Ş.', '13.47', 1, false, 700],
  ['ASELS', 'Aselsan Elektronik Sanayi ve Ticaret A.Ş.', '214.60', 1, false, 7000],
  ['BIMAS', 'BİM Birleşik Mağazalar A.Ş.', '596.00', 1, false, 2500],
  ['KCHOL', 'Koç Holding A.Ş.', '188.40', 1, false, 2800],
  ['SAHOL', 'Hacı Ömer Sabancı Holding A.Ş.', '104.20', 1, false, 2200],
  ['EREGL', 'Ereğli Demir ve Çelik Fabrikaları T.A.Ş.', '31.56', 1, false, 2600],
  ['TUPRS', 'Tüpraş-Türkiye Petrol Rafinerileri A.Ş.', '192.70', 1, false, 3000],
  ['SISE', 'Türkiye Şişe ve Cam Fabrikaları A.Ş.', '42.38', 1, false, 1500],
  ['FROTO', 'Ford Otomotiv Sanayi A.Ş.', '112.80', 1, false, 1400],
  ['TOASO', 'Tofaş Türk Otomobil Fabrikası A.Ş.', '268.25', 1, false, 900],
  ['PGSUS', 'Pegasus Hava Taşımacılığı A.Ş.', '254.50', 1, false, 2400],
  ['TCELL', 'Turkcell İletişim Hizmetleri A.Ş.', '112.40', 1, false, 2000],
  ['TTKOM', 'Türk Telekomünikasyon A.Ş.', '64.85', 1, false, 900],
  ['KRDMD', 'Kardemir Karabük Demir Çelik Sanayi ve Ticaret A.Ş. (D)', '31.24', 1, false, 1100],
  ['PETKM', 'Petkim Petrokimya Holding A.Ş.', '22.46', 1, false, 1000],
  ['ARCLK', 'Arçelik A.Ş.', '146.90', 1, false, 700],
  ['ENKAI', 'Enka İnşaat ve Sanayi A.Ş.', '86.35', 1, false, 800],
  ['EKGYO', 'Emlak Konut Gayrimenkul Yatırım Ortaklığı A.Ş.', '22.14', 1, false, 1300],
  ['KOZAL', 'Koza Altın İşletmeleri A.Ş.', '34.72', 1, false, 1200],
  ['TAVHL', 'TAV Havalimanları Holding A.Ş.', '338.75', 1, false, 700],
  ['MGROS', 'Migros Ticaret A.Ş.', '642.50', 1, false, 800],
  ['ULKER', 'Ülker Bisküvi Sanayi A.Ş.', '134.60', 1, false, 600],
  ['ALARK', 'Alarko Holding A.Ş.', '118.30', 1, false, 500],
  ['ASTOR', 'Astor Enerji A.Ş.', '118.50', 1, false, 1500],
  ['HEKTS', 'Hektaş Ticaret T.A.Ş.', '5.38', 2, false, 400],
  ['SASA', 'SASA Polyester Sanayi A.Ş.', '3.92', 2, false, 1800],
  ['VESTL', 'Vestel Elektronik Sanayi ve Ticaret A.Ş.', '47.12', 2, false, 450],
  ['DOHOL', 'Doğan Şirketler Grubu Holding A.Ş.', '19.86', 2, false, 350],
  ['KONTR', 'Kontrolmatik Teknoloji Enerji ve Mühendislik A.Ş.', '39.80', 2, true, 600],
  ['ODAS', 'Odaş Elektrik Üretim Sanayi Ticaret A.Ş.', '7.64', 3, true, 300],
  ['AYES', 'Ayes Çelik Hasır ve Çit Sanayi A.Ş.', '24.36', 3, true, 120],
  ['MEGAP', 'Mega Polietilen Köpük Sanayi ve Ticaret A.Ş.', '11.28', 3, true, 150],
];

/**
 * Companies going public through the IPO engine (seeded in server/primary/ipo/seed.ts):
 * fictional names, so nobody mistakes a sandbox offering for a real one. They start at their issue
 * price, are T+1 (DECISIONS §5: IPO shares), belong to no index, and orders in them are refused
 * until their listing date (server/primary/ipo/listing.ts).
 */
export const IPO_STOCKS: readonly StockRow[] = [
  ['EGEGD', 'Ege Doğal Gıda Sanayi A.Ş.', '18.40', 2, true, 150],
  ['ANKYZ', 'Anka Yazılım Teknolojileri A.Ş.', '42.50', 2, true, 200],
  ['MRYEN', 'Marmara Yenilenebilir Enerji A.Ş.', '27.20', 2, true, 180],
  ['KPDTR', 'Kapadokya Turizm İşletmeleri A.Ş.', '11.60', 2, true, 100],
  // Not offered by the seed: candidates the operator may take public. They are neither shown nor
  // traded until an offering dates their listing (server/primary/ipo/listing.ts).
  ['TRKYA', 'Trakya Tarım Ürünleri A.Ş.', '14.80', 2, true, 90],
  ['KRDNZ', 'Karadeniz Lojistik Hizmetleri A.Ş.', '23.60', 2, true, 120],
  ['GAPEN', 'GAP Güneş Enerjisi A.Ş.', '31.40', 2, true, 140],
  ['ISTKS', 'İstanbul Kumaş Sanayi A.Ş.', '9.70', 2, true, 80],
  ['ANTLY', 'Antalya Yat İmalat A.Ş.', '56.20', 2, true, 60],
  ['BRSOT', 'Bursa Otomotiv Yan Sanayi A.Ş.', '38.90', 2, true, 160],
  ['KNYSU', 'Konya Su Teknolojileri A.Ş.', '17.30', 2, true, 70],
  ['VANGD', 'Van Gölü Gıda A.Ş.', '12.40', 2, true, 50],
  ['MRDNM', 'Mardin Mermer Madencilik A.Ş.', '21.80', 2, true, 65],
  ['EDRNK', 'Edirne Kağıt Ambalaj A.Ş.', '8.90', 2, true, 75],
  ['KARSP', 'Kars Peynircilik A.Ş.', '16.20', 2, true, 55],
  ['TRBZN', 'Trabzon Fındık İşleme A.Ş.', '24.70', 2, true, 85],
  ['ESKSH', 'Eskişehir Seramik Sanayi A.Ş.', '19.30', 2, true, 70],
  ['MANSA', 'Manisa Bağ Ürünleri A.Ş.', '13.60', 2, true, 60],
];

const XBANK = ['GARAN', 'AKBNK', 'ISCTR', 'YKBNK', 'HALKB', 'VAKBN', 'TSKB'];
/** The 30 most traded group-1 names stand in for BIST 30. */
const XU030 = STOCKS.filter((row) => row[3] === 1)
  .slice(0, 30)
  .map((row) => row[0]);

type IndexRow = [symbol: string, name: string, level: string, members: readonly string[]];
const INDICES: readonly IndexRow[] = [
  ['XU100', 'BIST 100', '10850.00', STOCKS.map((row) => row[0])],
  ['XU030', 'BIST 30', '11920.00', XU030],
  ['XBANK', 'BIST Banka', '14230.00', XBANK],
];

type CoinRow = [
  symbol: string,
  name: string,
  price: string,
  priceScale: number,
  qtyScale: number,
  turnoverM: number,
];
const COINS: readonly CoinRow[] = [
  ['BTCUSDT', 'Bitcoin', '96250.00', 2, 5, 1500],
  ['ETHUSDT', 'Ethereum', '3412.50', 2, 4, 800],
  ['BNBUSDT', 'BNB', '872.40', 2, 3, 120],
  ['SOLUSDT', 'Solana', '184.36', 2, 3, 300],
  ['XRPUSDT', 'XRP', '2.4125', 4, 1, 250],
  ['DOGEUSDT', 'Dogecoin', '0.21874', 5, 0, 150],
  ['ADAUSDT', 'Cardano', '0.7416', 4, 1, 60],
  ['AVAXUSDT', 'Avalanche', '27.84', 2, 2, 40],
  ['LINKUSDT', 'Chainlink', '19.27', 2, 2, 40],
  ['DOTUSDT', 'Polkadot', '5.214', 3, 2, 20],
  ['TRXUSDT', 'TRON', '0.3042', 4, 1, 30],
  ['LTCUSDT', 'Litecoin', '104.62', 2, 3, 25],
];

/**
 * Tokens sold through coin ICOs (seeded in server/primary/ico/seed.ts): fictional, like
 * the IPO companies. They start at their token price with their token's decimals as quantity
 * scale, and coin orders in them are refused until their listing date (server/primary/ico/listing.ts).
 */
export const ICO_COINS: readonly CoinRow[] = [
  ['NOVAUSDT', 'Nova Network', '0.1200', 4, 1, 5],
  ['LUMAUSDT', 'Luma Protocol', '0.0500', 4, 0, 4],
  ['PERAUSDT', 'Pera Pay', '0.0800', 4, 0, 3],
];

function stock(row: StockRow): CatalogueEntry {
  const [symbol, name, price, group, t1, turnoverM] = row;
  return {
    instrument: {
      symbol,
      name,
      market: 'stock',
      country: 'TR',
      priceScale: 2,
      qtyScale: 0,
      group,
      t1,
      lot: 1,
      base: null,
      quote: null,
      minQty: '1',
      members: [],
    },
    price: fromSteps(roundToBistTick(toSteps(price, 2), 'down'), 2),
    volatility: group === 1 ? 0.022 : 0.03,
    turnover: turnoverM * 1e6,
  };
}

function index(row: IndexRow): CatalogueEntry {
  const [symbol, name, level, members] = row;
  return {
    instrument: {
      symbol,
      name,
      market: 'index',
      country: 'TR',
      priceScale: 2,
      qtyScale: 0,
      group: null,
      t1: false,
      lot: 1,
      base: null,
      quote: null,
      minQty: '0',
      members,
    },
    price: level,
    volatility: 0.015,
    turnover: 0,
  };
}

/** A coin pair's catalogue entry, whoever supplies its grid (this catalogue, or an exchange's rules). */
export function coinInstrument(facts: {
  symbol: string;
  base: string;
  quote: string;
  priceScale: number;
  qtyScale: number;
  minQty: string;
}): Instrument {
  return {
    ...facts,
    name: coinName(facts.base),
    market: 'coin',
    country: '',
    group: null,
    t1: false,
    lot: 1,
    members: [],
  };
}

/** The coin's display name; an asset we don't list shows its ticker. */
export function coinName(base: string): string {
  return [...COINS, ...ICO_COINS].find(([symbol]) => symbol === `${base}USDT`)?.[1] ?? base;
}

function coin(row: CoinRow): CatalogueEntry {
  const [symbol, , price, priceScale, qtyScale, turnoverM] = row;
  return {
    instrument: coinInstrument({
      symbol,
      base: symbol.slice(0, -4),
      quote: 'USDT',
      priceScale,
      qtyScale,
      minQty: fromSteps(1, qtyScale),
    }),
    price,
    volatility: symbol === 'BTCUSDT' ? 0.028 : 0.04,
    turnover: turnoverM * 1e6,
  };
}

/**
 * The USDT/TRY rate (Binance's USDTTRY): what turns the USDT wallets into one TRY portfolio
 * figure. Listed as a coin pair so its ticker and book stream like any other, but not traded
 * on coin spot (its quote is TRY, which the coin wallet does not hold).
 */
export const USDT_TRY = 'USDTTRY';

function usdtTry(): CatalogueEntry {
  return {
    instrument: coinInstrument({
      symbol: USDT_TRY,
      base: 'USDT',
      quote: 'TRY',
      priceScale: 2,
      qtyScale: 1,
      minQty: '0.1',
    }),
    price: '43.85',
    volatility: 0.004,
    turnover: 3_000 * 1e6,
  };
}

/** The benchmark's 200 synthetic stocks: prices spread over every tick tier. */
function benchStocks(): CatalogueEntry[] {
  const rows: StockRow[] = [];
  for (let i = 1; i <= 200; i++) {
    const n = String(i).padStart(3, '0');
    const priceSteps = 300 + ((i * 7919) % 120_000);
    rows.push([`BNC${n}`, `Bench Sanayi ve Ticaret A.Ş. ${n}`, fromSteps(priceSteps, 2), 1, false, 400]);
  }
  return rows.map(stock);
}

/** The instruments of a profile, stocks first, then indices, then coins. */
export function catalogue(profile: 'default' | 'bench'): CatalogueEntry[] {
  const coins = [...COINS.map(coin), usdtTry()];
  if (profile === 'bench') return [...benchStocks(), ...coins];
  return [
    ...STOCKS.map(stock),
    ...IPO_STOCKS.map(stock),
    ...INDICES.map(index),
    ...coins,
    ...ICO_COINS.map(coin),
  ];
}
