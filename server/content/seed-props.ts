import type { PROP_KEYS } from '../../domain/protocol/content';

type PropKey = (typeof PROP_KEYS)[number];
const p = (...paragraphs: string[]) => paragraphs.map((t) => `<p>${t}</p>`).join('');

/**
 * The long texts (simple HTML, sanitized again on the client). They describe what this
 * sandbox really does with money and data; nothing in them is a promise of returns.
 */
export const SEED_PROPS: Record<PropKey, { 'tr-TR': string; 'en-US': string }> = {
  companyIntroduction: {
    'tr-TR': p(
      "Seans, Türkiye'deki bireysel yatırımcılar için tasarlanmış, mobil öncelikli bir alım satım uygulaması ve onu çalıştıran bir deneme (sandbox) aracı kurumudur.",
      'Borsa İstanbul payları, endeksler, halka arzlar ve kripto paralar üzerinde <strong>sanal parayla</strong> emir verebilir, pozisyon ve bakiyelerinizi takip edebilirsiniz. Fiyatlar yerleşik piyasa simülatöründen ya da yapılandırıldığında kamuya açık bir borsa akışından gelir.',
      'Seans bir yatırım kuruluşu değildir, gerçek para kabul etmez ve yatırım tavsiyesi vermez.',
    ),
    'en-US': p(
      'Seans is a mobile-first trading app designed for retail investors in Turkey, together with the sandbox broker that runs it.',
      'You can place orders on Borsa İstanbul shares, indices, IPOs and crypto assets with <strong>paper money</strong>, and follow your positions and balances. Prices come from the built-in market simulator or, when configured, a public exchange feed.',
      'Seans is not an investment firm, does not accept real money and gives no investment advice.',
    ),
  },
  aboutUs: {
    'tr-TR': p(
      "Seans'ı, gerçek bir aracı kurum uygulamasının nasıl çalıştığını risk almadan öğrenmek ve denemek isteyenler için geliştiriyoruz.",
      'İlkelerimiz: her bakiye hesap hareketlerinin toplamıdır ve her hareketin bir nedeni vardır; her işlem piyasa kaynağının ürettiği bir fiyattan gerçekleşir; koşullar (saatler, ücretler, limitler) işlemden önce gösterilir.',
      'Soru ve önerileriniz için uygulamadaki Müşteri Hizmetleri sohbetini kullanabilirsiniz.',
    ),
    'en-US': p(
      'We build Seans for people who want to learn and try how a real broker app works, without risking money.',
      'Our principles: every balance is the sum of account entries, and every entry has a reason; every trade fills at a price the market source printed; conditions (hours, fees, limits) are shown before you act.',
      'For questions and suggestions, use the Customer Service chat in the app.',
    ),
  },
  disclaimer: {
    'tr-TR': p(
      'Seans bir deneme ortamıdır. Tüm bakiyeler, kârlar ve zararlar sanaldır; gerçek paraya çevrilemez ve gerçek para yatırılamaz.',
      'Uygulamadaki haberler, eğitim içerikleri, göstergeler ve geçmiş sonuçlar yalnızca bilgi amaçlıdır; <strong>yatırım tavsiyesi değildir</strong> ve gelecekteki sonuçları göstermez.',
      'Simülatör fiyatları gerçek piyasayı birebir yansıtmaz. Burada elde ettiğiniz sonuçlar, gerçek bir hesapta aynı sonuçları alacağınız anlamına gelmez.',
    ),
    'en-US': p(
      'Seans is a sandbox. All balances, profits and losses are paper money; they cannot be turned into real money, and no real money can be deposited.',
      'News, educational content, indicators and past results in the app are for information only; they are <strong>not investment advice</strong> and do not predict future results.',
      'Simulator prices do not mirror the real market. Results you get here do not mean you would get the same results in a real account.',
    ),
  },
  riskDisclosure: {
    'tr-TR': p(
      'Pay, kripto para ve özellikle kaldıraçlı sözleşme işlemleri yüksek risk taşır; fiyatlar kısa sürede sert değişebilir ve yatırılan tutarın tamamı kaybedilebilir.',
      'Kaldıraç hem kârı hem zararı büyütür. Sözleşmelerde teminatınız bakım teminatının altına düşerse pozisyonunuz tasfiye edilir; zararınız pozisyonun teminatını aşmaz. Tasfiye fiyatı ve teminat oranı her zaman gösterilir.',
      'Bu ortamda tüm işlemler sanal parayladır. Gerçek bir piyasada işlem yapmadan önce riskleri anlayın ve kaybetmeyi göze alamayacağınız parayla işlem yapmayın.',
    ),
    'en-US': p(
      'Trading shares, crypto assets and especially leveraged contracts carries high risk; prices can move sharply in a short time and you can lose everything you put in.',
      "Leverage magnifies gains and losses alike. If a contract's margin falls below its maintenance margin, the position is liquidated; your loss never exceeds the position's margin. The liquidation price and margin ratio are always shown.",
      'Everything in this sandbox uses paper money. Before trading in a real market, understand the risks and never trade with money you cannot afford to lose.',
    ),
  },
  privacyPolicy: {
    'tr-TR': p(
      'Bu deneme ortamında yalnızca hizmeti çalıştırmak için gereken verileri tutarız: hesap bilgileriniz (e-posta ya da telefon), şifrelerinizin geri çevrilemez özetleri, oturum kayıtları, emirleriniz ve sanal hesap hareketleriniz.',
      'Kimlik doğrulama (KYC) için yüklediğiniz belge görselleri veritabanında saklanır ve <strong>yalnızca size ve ortamın operatörüne</strong> görünür. Doğrulama kodları size gönderilmek üzere operatörün erişebildiği bir kutuda tutulur; hiçbir API yanıtında yer almaz.',
      'Verileriniz yalnızca bu deneme ortamı için kullanılır; satılmaz, reklam için kullanılmaz ve üçüncü kişilerle paylaşılmaz. Uygulama dil, oturum ve görünüm tercihlerinizi tarayıcınızın yerel depolamasında tutar.',
      'Verilerinizle ilgili talepleriniz için Müşteri Hizmetleri sohbeti üzerinden operatöre yazabilirsiniz.',
    ),
    'en-US': p(
      'In this sandbox we keep only the data needed to run the service: your account details (email or phone), one-way hashes of your passwords, session records, your orders and your paper-money account entries.',
      'Document images you upload for identity verification (KYC) are stored in the database and are visible <strong>only to you and the sandbox operator</strong>. Verification codes are kept in an outbox the operator can read in order to deliver them; they never appear in any API answer.',
      "Your data is used for this sandbox only; it is not sold, not used for advertising and not shared with third parties. The app keeps your language, session and display preferences in your browser's local storage.",
      'For any request about your data, write to the operator through the Customer Service chat.',
    ),
  },
};
