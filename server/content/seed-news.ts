import type { LocalizedText } from '../db/schema/content';

/** A seeded article; `daysAgo` dates it relative to the first run. */
export type SeedArticle = {
  daysAgo: number;
  title: LocalizedText;
  summary: LocalizedText;
  body: LocalizedText;
};

/**
 * Market-education articles: general explanations only, no real-world events, prices or
 * recommendations (this is a paper-money sandbox; nothing here is investment advice).
 * Bodies use only simple tags; the client sanitizes them again.
 */
/**
 * The article on equal distribution, as the allocation runs it (domain/ipo/leftover-rule.ts
 * `application_time`): the lots left that cannot be split equally go one each in application-time
 * order, not pro rata (its first text said "the rest pro rata"; seed step 0205 corrects databases
 * seeded with that).
 */
export const EQUAL_DISTRIBUTION_ARTICLE = {
  title: { 'tr-TR': 'Halka arzda eşit dağıtım', 'en-US': 'Equal distribution in IPOs' },
  summary: {
    'tr-TR':
      'Eşit dağıtımda lotlar talep edenler arasında turlarla eşit bölünür; eşit bölünemeyen artan lotlar başvuru zamanı sırasıyla birer birer verilir.',
    'en-US':
      'In equal distribution, lots are split equally among applicants in rounds; the lots left that cannot be split equally go one each, in order of application time.',
  },
  body: {
    'tr-TR':
      "<p>Türkiye'deki halka arzlarda sık kullanılan <strong>eşit dağıtım</strong> yönteminde:</p><ul><li>Her yatırımcı yalnızca bir talepte bulunabilir.</li><li>Bireysel yatırımcılara ayrılan lotlar talepte bulunanlar arasında eşit paylaştırılır. Payı kadar ya da daha azını isteyen istediğini alır; kalan lotlar daha fazlasını isteyenler arasında yeniden eşit bölünür.</li><li>Eşit bölünemeyen artan lotlar, daha fazlasını isteyen yatırımcılara başvuru zamanı sırasıyla birer lot olarak verilir.</li><li>Kurumsal yatırımcılara ayrılan dilim ise talep oranında dağıtılır.</li></ul><p>Talep sayısı arttıkça kişi başına düşen lot azalır. Seans, başvurudan önce tahmini lot sayısını ve iade tarihini gösterir; tahmin bir söz değildir.</p>",
    'en-US':
      '<p>In <strong>equal distribution</strong>, common in Turkish IPOs:</p><ul><li>Each investor may apply once.</li><li>The lots for retail investors are shared equally among applicants. Whoever asked for no more than the share gets what they asked for; the lots left are split equally again among those wanting more.</li><li>The lots left that cannot be split equally go one each to those applicants, in order of application time.</li><li>The institutional tranche is allotted pro rata to demand.</li></ul><p>The more applicants, the fewer lots each one gets. Seans shows an expected-lots estimate and the refund date before you apply; an estimate is not a promise.</p>',
  },
};

export const SEED_NEWS: SeedArticle[] = [
  {
    daysAgo: 34,
    title: { 'tr-TR': 'Limit emir nedir?', 'en-US': 'What is a limit order?' },
    summary: {
      'tr-TR':
        'Limit emir, alırken ödemeye razı olduğunuz en yüksek, satarken kabul ettiğiniz en düşük fiyatı belirler.',
      'en-US':
        'A limit order sets the highest price you will pay when buying, or the lowest you will accept when selling.',
    },
    body: {
      'tr-TR':
        "<p><strong>Limit emir</strong>, işlemin hangi fiyattan gerçekleşebileceğine sınır koyar. Alış emri belirlediğiniz fiyattan ya da daha ucuza, satış emri belirlediğiniz fiyattan ya da daha pahalıya gerçekleşir.</p><ul><li>Karşı tarafta uygun fiyatlı emir yoksa emriniz defterde bekler.</li><li>Emir kısmen gerçekleşebilir; kalan miktar beklemeye devam eder.</li><li>Bekleyen emri iptal edebilirsiniz.</li></ul><p>Piyasa emri ise o anki en iyi fiyatlardan hemen gerçekleşir ama fiyatı garanti etmez. Seans'ta emirler sanal parayla, piyasa kaynağının ürettiği fiyatlardan gerçekleşir.</p>",
      'en-US':
        '<p>A <strong>limit order</strong> puts a bound on the price of a trade. A buy fills at your price or cheaper, a sell at your price or higher.</p><ul><li>If no matching order is on the other side, yours waits in the book.</li><li>An order can fill partly; the rest keeps waiting.</li><li>You can cancel an order that is still waiting.</li></ul><p>A market order fills at once at the best prices available but does not guarantee the price. In Seans, orders are paper money and fill at prices printed by the market source.</p>',
    },
  },
  {
    daysAgo: 29,
    title: { 'tr-TR': "Borsa İstanbul'da fiyat adımları", 'en-US': 'Tick sizes on Borsa İstanbul' },
    summary: {
      'tr-TR': 'Bir hissenin fiyatı, fiyat seviyesine göre belirlenen adımlarla değişir.',
      'en-US': 'A share price moves in steps that depend on the price level.',
    },
    body: {
      'tr-TR':
        '<p>Pay piyasasında emir fiyatı, fiyat seviyesine göre belirlenen <strong>fiyat adımının</strong> katı olmalıdır:</p><ul><li>20 TL altı: 0,01 TL</li><li>20 – 49,98 TL: 0,02 TL</li><li>50 – 99,95 TL: 0,05 TL</li><li>100 – 249,90 TL: 0,10 TL</li><li>250 – 499,75 TL: 0,25 TL</li><li>500 – 999,50 TL: 0,50 TL</li><li>1.000 TL ve üzeri: 1,00 TL</li></ul><p>Adıma uymayan fiyatlı emir kabul edilmez. Güncel kurallar için <a href="https://www.borsaistanbul.com">Borsa İstanbul</a> duyurularına bakın.</p>',
      'en-US':
        '<p>On the equity market, an order price must be a multiple of the <strong>tick size</strong> for its price level:</p><ul><li>Below 20 TL: 0.01 TL</li><li>20 – 49.98 TL: 0.02 TL</li><li>50 – 99.95 TL: 0.05 TL</li><li>100 – 249.90 TL: 0.10 TL</li><li>250 – 499.75 TL: 0.25 TL</li><li>500 – 999.50 TL: 0.50 TL</li><li>1,000 TL and above: 1.00 TL</li></ul><p>An order at a price off the grid is rejected. See <a href="https://www.borsaistanbul.com">Borsa İstanbul</a> announcements for the current rules.</p>',
    },
  },
  {
    daysAgo: 24,
    title: { 'tr-TR': 'Komisyon ve BSMV', 'en-US': 'Commission and BSMV' },
    summary: {
      'tr-TR': 'Emir maliyeti komisyon, komisyon üzerinden BSMV ve borsa payından oluşur.',
      'en-US': 'The cost of an order is commission, BSMV on that commission, and the exchange fee.',
    },
    body: {
      'tr-TR':
        "<p>Her emirde üç kalem maliyet vardır:</p><ul><li><strong>Komisyon:</strong> aracı kurumun işlem tutarı üzerinden aldığı ücret.</li><li><strong>BSMV:</strong> Banka ve Sigorta Muameleleri Vergisi; komisyonun %5'i kadardır.</li><li><strong>Borsa payı:</strong> borsanın işlem tutarı üzerinden aldığı pay.</li></ul><p>Seans bu kalemleri emri göndermeden önce gösterir ve her birini hesap hareketlerinize ayrı kayıt olarak yazar.</p>",
      'en-US':
        "<p>Every order has three cost items:</p><ul><li><strong>Commission:</strong> the broker's fee on the trade value.</li><li><strong>BSMV:</strong> the Banking and Insurance Transactions Tax, 5% of the commission.</li><li><strong>Exchange fee:</strong> the exchange's share of the trade value.</li></ul><p>Seans shows these before you send an order and writes each one to your account history as its own entry.</p>",
    },
  },
  {
    daysAgo: 19,
    title: EQUAL_DISTRIBUTION_ARTICLE.title,
    summary: EQUAL_DISTRIBUTION_ARTICLE.summary,
    body: EQUAL_DISTRIBUTION_ARTICLE.body,
  },
  {
    daysAgo: 14,
    title: { 'tr-TR': 'Kripto paralarda oynaklık riski', 'en-US': 'Volatility risk in crypto assets' },
    summary: {
      'tr-TR': 'Kripto varlıklar 7/24 işlem görür ve fiyatları kısa sürede sert değişebilir.',
      'en-US': 'Crypto assets trade around the clock and their prices can move sharply in a short time.',
    },
    body: {
      'tr-TR':
        "<p>Kripto varlık fiyatları hisse senetlerine göre çok daha <strong>oynak</strong> olabilir. Piyasa gece ve hafta sonu da açıktır; fiyat siz uyurken değişebilir.</p><ul><li>Kaldıraç hem kârı hem zararı büyütür.</li><li>Zarar durdur emirleri, hızlı hareketlerde beklenenden farklı fiyattan gerçekleşebilir.</li><li>Kaybetmeyi göze alamayacağınız tutarla işlem yapmayın.</li></ul><p>Seans'ta bakiyeler sanaldır; burada edindiğiniz deneyim gerçek piyasadaki sonuçları garanti etmez.</p>",
      'en-US':
        '<p>Crypto prices can be far more <strong>volatile</strong> than shares. The market is open at night and at weekends; prices move while you sleep.</p><ul><li>Leverage magnifies gains and losses alike.</li><li>Stop orders can fill at a different price than expected in fast moves.</li><li>Never trade with money you cannot afford to lose.</li></ul><p>Balances in Seans are paper money; experience gained here does not guarantee results in a real market.</p>',
    },
  },
  {
    daysAgo: 9,
    title: { 'tr-TR': 'Günlük fiyat marjları', 'en-US': 'Daily price limits' },
    summary: {
      'tr-TR': 'Bir hisse bir günde önceki kapanışa göre belirli bir bandın dışına çıkamaz.',
      'en-US': 'A share cannot trade outside a band around the previous close within one day.',
    },
    body: {
      'tr-TR':
        "<p>Borsa İstanbul'da her payın günlük <strong>fiyat marjı</strong> vardır; bu bandın dışındaki fiyatlı emirler reddedilir. Bant, payın işlem gördüğü pazara ve gruba göre değişir.</p><p>Bir pay tavan fiyattayken alış emriyle karşılaşacak satıcı bulmak zorlaşır; Seans tavandaki paylarda alış emrini kabul etmez ve nedenini gösterir.</p>",
      'en-US':
        '<p>Each share on Borsa İstanbul has a daily <strong>price band</strong>; orders priced outside it are rejected. The band depends on the market and group the share trades in.</p><p>When a share is at its upper limit, buyers rarely find sellers; Seans does not accept buy orders for a share at its upper limit and says why.</p>',
    },
  },
  {
    daysAgo: 4,
    title: {
      'tr-TR': 'Piyasa emri ile limit emir arasındaki fark',
      'en-US': 'Market orders versus limit orders',
    },
    summary: {
      'tr-TR': 'Piyasa emri hız, limit emir fiyat kontrolü sağlar; ikisinin de bedeli vardır.',
      'en-US': 'A market order gives speed, a limit order price control; each has a cost.',
    },
    body: {
      'tr-TR':
        '<p><strong>Piyasa emri</strong> karşı taraftaki en iyi fiyatlardan hemen gerçekleşir. Derinliği az olan bir payda, büyük bir piyasa emri birden fazla fiyat kademesinden gerçekleşebilir.</p><p><strong>Limit emir</strong> fiyatı kontrol eder ama gerçekleşmeyebilir. Hangisinin uygun olduğu işlemin amacına bağlıdır; bu metin bir yatırım tavsiyesi değildir.</p>',
      'en-US':
        '<p>A <strong>market order</strong> fills at once against the best prices on the other side. In a thinly traded share, a large market order can fill across several price levels.</p><p>A <strong>limit order</strong> controls the price but may not fill. Which suits you depends on what you are trying to do; this text is not investment advice.</p>',
    },
  },
];
