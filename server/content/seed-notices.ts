import type { LocalizedText } from '../db/schema/content';

type SeedText = { daysAgo: number; title: LocalizedText; body: LocalizedText };

/** Platform notices: plain facts about the sandbox, no urgency, nothing promised. */
export const SEED_NOTICES: (SeedText & { pinned: boolean })[] = [
  {
    daysAgo: 40,
    pinned: true,
    title: { 'tr-TR': 'Seans deneme ortamına hoş geldiniz', 'en-US': 'Welcome to the Seans sandbox' },
    body: {
      'tr-TR':
        'Seans bir deneme (sandbox) ortamıdır: tüm bakiyeler sanaldır, gerçek para yatırılamaz ve çekilemez. Emirler piyasa kaynağının ürettiği fiyatlardan gerçekleşir. Buradaki hiçbir içerik yatırım tavsiyesi değildir.',
      'en-US':
        'Seans is a sandbox: every balance is paper money, and no real money can be deposited or withdrawn. Orders fill at prices printed by the market source. Nothing here is investment advice.',
    },
  },
  {
    daysAgo: 35,
    pinned: false,
    title: { 'tr-TR': 'Borsa İstanbul işlem saatleri', 'en-US': 'Borsa İstanbul trading hours' },
    body: {
      'tr-TR':
        'Pay piyasasında sürekli işlem seansı hafta içi 10:00–18:00 (İstanbul saati) arasındadır. Resmî tatillerde ve yarım günlerde saatler değişir; uygulamadaki piyasa durumu satırı açık ya da kapalı olduğunu ve bir sonraki açılışı gösterir. Kripto paralar 7/24 işlem görür.',
      'en-US':
        'The continuous session of the equity market runs 10:00–18:00 Istanbul time on weekdays. Public holidays and half days change the hours; the market-status line in the app shows whether the market is open and when it next opens. Coins trade 24/7.',
    },
  },
  {
    daysAgo: 28,
    pinned: false,
    title: { 'tr-TR': 'T+1 kilitli paylar nasıl çalışır?', 'en-US': 'How T+1 locked shares work' },
    body: {
      'tr-TR':
        'Bazı paylar (örneğin brüt takastaki paylar ve halka arzdan alınan paylar) alındıkları gün satılamaz. Bu paylar bir sonraki işlem gününe kadar pozisyonlarınızda "kilitli" olarak görünür ve o gün satılabilir hâle gelir.',
      'en-US':
        'Some shares (for example those under gross settlement, and shares from an IPO) cannot be sold on the day they are bought. They show as "locked" in your positions until the next trading day, when they become sellable.',
    },
  },
  {
    daysAgo: 21,
    pinned: false,
    title: { 'tr-TR': 'Demo ve gerçek hesap', 'en-US': 'Demo and real accounts' },
    body: {
      'tr-TR':
        'Her kullanıcının bir demo ve bir gerçek hesabı vardır; ikisi ayrı bakiyelerle çalışır. Demo hesap sanal bir başlangıç bakiyesiyle açılır ve sıfırlanabilir; para yatırma ve çekme yoktur. Bu deneme ortamında "gerçek" hesap da sanal parayla çalışır.',
      'en-US':
        'Every user has a demo and a real account, each with its own balances. The demo account starts with a virtual balance and can be reset; it has no deposits or withdrawals. In this sandbox the "real" account runs on paper money too.',
    },
  },
  {
    daysAgo: 6,
    pinned: false,
    title: { 'tr-TR': 'Planlı bakım penceresi', 'en-US': 'Planned maintenance window' },
    body: {
      'tr-TR':
        'Bakım çalışmaları piyasa saatleri dışında, mümkün olduğunca hafta sonu yapılır ve önceden bu sayfada duyurulur. Bakım sırasında uygulama kısa bir süre yanıt vermeyebilir; bekleyen emirleriniz ve bakiyeleriniz korunur.',
      'en-US':
        'Maintenance happens outside market hours, at weekends where possible, and is announced here beforehand. During maintenance the app may not respond for a short while; your open orders and balances are kept.',
    },
  },
];

/** Platform messages every user sees in the message centre, including users who join later. */
export const SEED_MESSAGES: SeedText[] = [
  {
    daysAgo: 40,
    title: { 'tr-TR': "Seans'a hoş geldiniz", 'en-US': 'Welcome to Seans' },
    body: {
      'tr-TR':
        'Burada hisse, halka arz ve kripto işlemlerini sanal parayla deneyebilirsiniz. Kazanç ya da getiri vaadi yoktur; sonuçlar yalnızca piyasa kaynağının fiyatlarına ve sizin emirlerinize bağlıdır. Emir, hesap ve kimlik doğrulama bildirimleriniz bu mesaj merkezinde görünür.',
      'en-US':
        "Here you can try stock, IPO and crypto trading with paper money. No gain or return is promised; results depend only on the market source's prices and your own orders. Notices about your orders, accounts and identity verification appear in this message center.",
    },
  },
  {
    daysAgo: 39,
    title: { 'tr-TR': 'Nasıl destek alırım?', 'en-US': 'How to get support' },
    body: {
      'tr-TR':
        'Sorularınız için menüdeki Müşteri Hizmetleri sohbetini kullanın; mesajlarınızı ortamın operatörü yanıtlar. Çalışanlarımız sizden asla giriş, işlem ya da para çekme şifrenizi veya doğrulama kodunuzu istemez; bunları kimseyle paylaşmayın.',
      'en-US':
        'For questions, use the Customer Service chat in the menu; the sandbox operator answers your messages. Our staff will never ask for your login, transaction or withdrawal password or a verification code; do not share them with anyone.',
    },
  },
];
