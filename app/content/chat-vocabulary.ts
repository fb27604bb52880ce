/**
 * The chat assistant's trade vocabulary: the words visitors use for what the site's pages call by
 * another name, the lines of insurance the agency does not write, and the words that show a question
 * is in another language. The offline engine (app/features/chat/local-engine.server.ts) reads these;
 * docs/decisions/040-assistant-knowledge.md says how.
 *
 * Each vocabulary entry folds a phrase into concept tokens (words starting with "_"); tokens joined by
 * "|" are alternatives, any of which answers the phrase ("food truck": a restaurant, general liability
 * or commercial auto passage), where tokens apart must all be found. The same folding
 * runs on the question and on every passage of the site, so "18-wheeler" in a question meets "semi"
 * or "tractor-trailer" on a page, and "warehouse" meets the commercial property pages (whose passages
 * carry the line's name as context). Patterns run in order on lower-case text without accents: a
 * longer, more specific phrase comes before the words it contains ("food truck" before "truck").
 */

export type VocabularyEntry = readonly [pattern: RegExp, replacement: string];

export const tradeVocabulary: readonly VocabularyEntry[] = [
  // Phrases whose words mean something else on their own.
  [/\bopen[- ]perils?\b/g, " openperil "],
  [/\bhours? of service\b/g, " hoursofservice "],
  [/\b(?:office|business|opening|working) hours\b/g, " _hours "],
  [/\bmotor carriers?\b/g, " _motorcarrier "],
  [/\b(?:do|can|will|would) (?:you|u|ya|yall|y'all)(?: guys)? (cover|insure|handle|do|work with|help with)\b/g, " _offer $1 "],
  [/\b(?:kinds?|sorts?) of\b/g, " types of "],
  // What happens to a visitor's data and texts (before "how long" means speed and "opt out" a non-subscriber).
  [
    /\bhow long (?:do|will|does|would) (?:you|the agency|your agency) (?:keep|hold|store|retain)\b|\bretention\b|\bretain(?:s|ed)?\b|\bdelete (?:my|your) (?:data|information)\b/g,
    " _retention ",
  ],
  [
    /\bopt(?:ing)?[- ]out of (?:texts?|text messages|sms|messages)\b|\bunsubscrib(?:e|ing)\b|\bstop (?:getting |receiving )?(?:texts?|text messages|sms|messages)\b|\breply stop(?: to opt[- ]out)?\b/g,
    " _optout _sms ",
  ],
  [/\bupload(?:s|ed|ing)?\b|\battach(?:es|ed|ing)?\b|\bsend (?:you )?(?:my |our )?(?:files|documents)\b/g, " _upload "],
  [
    /\bbrand[- ]new\b(?: (?:business|company|companies|carrier|carriers|authority|authorities|venture|ventures))?|\bnew (?:business|businesses|company|companies|ventures?|authority|authorities|operators?)\b|\bstart-?ups?\b|\bjust (?:started|starting|licensed)\b|\bstarting (?:a|my|our) (?:business|company)\b/g,
    " _newbusiness ",
  ],
  // Around the clock: the claims promise ("24/7") and what visitors call it.
  [
    /\b24 ?(?:\/|-|x| hours? a day,? ) ?7\b|\b24 hours\b|\baround the clock\b|\bafter[- ]hours?\b|\bovernight\b|\bmiddle of the night\b|\bat night\b|\bany ?time\b|\bholidays?\b|\bemergenc(?:y|ies)\b/g,
    " _anytime ",
  ],
  [/\bweekends?\b/g, " _hours _anytime "],
  // The call-back promise: how fast someone answers a request.
  [
    /\bcall(?:s|ed)? (?:me|you|us) back\b|\bcall[- ]?backs?\b|\brespon(?:d|ds|se|ses)\b|\bget(?:s|ting)? back to (?:me|us|you)\b|\bhear(?:ing)? back\b/g,
    " _promise ",
  ],
  [/\b(?:offer(?:s|ed|ing)?|sell(?:s|ing)?|provide(?:s|d)?)\b/g, " _offer "],
  [/\bhow much (?:is|are|will|would|for|money)\b/g, " _price "],
  [/\binfo\b/g, " information "],
  [/\bnon[- ]?trucking(?: liability)?\b|\bntl\b/g, " _ntl "],
  [/\bbob[- ]?tail(?:ing|s)?\b/g, " _bobtail "],
  // Vehicles that are businesses of their own, before "truck".
  [/\bfood (?:trucks?|trailers?|carts?)\b|\bconcession (?:trucks?|trailers?|stands?)\b/g, " _restaurant|_gl|_commauto "],
  [/\bbox[- ]?trucks?\b|\bstraight trucks?\b|\bcargo vans?\b|\bdelivery (?:vans?|trucks?)\b/g, " _truck|_commauto "],
  [
    /\bcommercial (?:auto|vehicles?|cars?)\b|\bbusiness (?:auto|vehicles?|cars?)\b|\bwork (?:trucks?|vans?|vehicles?)\b|\bfleet\b/g,
    " _commauto ",
  ],
  [
    /\b(?:18|eighteen)[- ]?wheel(?:er|ers|s)?\b|\btractor[- ]?trailers?\b|\bbig[- ]?rigs?\b|\bsemi(?:[- ]?trucks?)?s?\b|\blorr(?:y|ies)\b|\bhaul(?:s|ing|er|ers)?\b/g,
    " _truck ",
  ],
  [/\btruck(?:s|ing|er|ers)?\b|\brigs?\b/g, " _truck "],
  [
    /\brestaurants?\b|\bcafes?\b|\bbakery\b|\bbakeries\b|\bcater(?:er|ers|ing)\b|\bfood service\b|\bdiners?\b|\bbars?\b|\btaverns?\b|\bpubs?\b|\bbrewer(?:y|ies)\b/g,
    " _restaurant ",
  ],
  [/\bshort[- ]term rentals?\b|\bvacation rentals?\b|\bnightly rentals?\b|\bair ?bnbs?\b|\bvrbo\b/g, " _shortterm "],
  [/\bloss(?:es)? of rents?\b|\bfair rental value\b|\brent(?:al)? loss\b|\blost rents?\b/g, " _lossofrent "],
  [
    /\binvestment propert(?:y|ies)\b|\brental propert(?:y|ies)\b|\brental (?:homes?|houses?|units?)\b|\brentals?\b|\blandlords?\b|\btenants?\b(?! improvements?)|\bduplex(?:es)?\b|\bfourplex(?:es)?\b/g,
    " _investment ",
  ],
  [
    /\b(?:condo(?:minium)?|homeowners?'?|home owners?'?|community|property owners?'?) associations?\b|\b(?:hoa|condo) boards?\b|\bhoas?\b|\bpoas?\b/g,
    " _hoa ",
  ],
  // Buildings a business owns or leases: commercial property.
  [
    /\bwarehouses?\b|\bstorage buildings?\b|\bself[- ]storage\b|\bmini[- ]storage\b|\bdistribution cent(?:er|re)s?\b/g,
    " warehouse _comprop ",
  ],
  [
    /\bcommercial (?:property|properties|buildings?|real estate)\b|\bbusiness (?:property|building|premises)\b|\boffice buildings?\b|\bstrip (?:centers?|malls?)\b|\bshopping cent(?:er|re)s?\b/g,
    " _comprop ",
  ],
  [/\bindependent (?:insurance )?(?:agency|agencies|agents?|brokers?)\b|\bcaptive (?:agents?|agency|agencies)\b/g, " _independent "],
  [/\bwho owns\b|\bowners? of (?:the|your|this) (?:agency|company|business)\b|\bfound(?:er|ers|ed)\b|\bwho runs\b/g, " _founder "],
  [/\bdirectors? (?:and|&) officers?\b|\bd\s*(?:&|and|n)\s*o\b/g, " _dno "],
  [/\berrors? (?:and|&) omissions?\b|\be\s*&\s*o\b|\bprofessional liability\b|\bmalpractice\b/g, " _eando "],
  [/\b(?:commercial )?general liability\b|\bcgl\b|\bgl\b|\bslip(?:s|ped)?[- ]and[- ]falls?\b/g, " _gl "],
  [/\bwork(?:er|ers|man|mans|men|mens)?'?s?'? ?comp(?:ensation)?\b|\bcomp\b/g, " _workcomp "],
  [/\bnon-?subscri(?:bers?|ption|bing)\b|\bopt(?:ing|ed)? out\b/g, " _nonsubscriber "],
  [
    /\bcertificates? of (?:liability )?insurance\b|\bcertificates?\b|\bcerts?\b|\bcois?\b|\bproof of (?:insurance|coverage)\b|\bevidence of (?:property )?insurance\b/g,
    " _coi ",
  ],
  [/\bumbrellas?\b|\bexcess liability\b/g, " _umbrella "],
  [/\bbusiness owners?'? polic(?:y|ies)\b|\bbops?\b/g, " _bop "],
  [/\bhail(?:storms?)?\b|\bwind(?:storms?)?\b/g, " _windhail "],
  [/\bfloods?(?:ing|ed)?\b|\brising water\b|\bstorm surge\b/g, " _flood "],
  [/\bvacan(?:t|cy|cies)\b|\bunoccupied\b|\bsits? empty\b|\bempty\b/g, " _vacant "],
  [
    /\bcost(?:s|ing)?\b|\bprices?\b|\bpricing\b|\bpremiums?\b|\brates?\b|\bexpensive\b|\bcheap(?:er|est)?\b|\bafford(?:able)?\b/g,
    " _price ",
  ],
  [/\bquot(?:e|es|ed|ing)\b|\bestimates?\b/g, " _quote "],
  [/\blicen[cs](?:e|es|ed|ing)\b/g, " _license "],
  [/\bhours?\b|\bopen\b|\bclosed?\b|\bsaturdays?\b|\bsundays?\b/g, " _hours "],
  [/\bphone(?: numbers?)?\b|\btelephone\b|\bcall(?:s|ing|ed)?\b/g, " _phone "],
  [/\be-?mail(?:s|ed|ing)?\b/g, " _email "],
  [/\baddress(?:es)?\b|\blocated\b|\blocation\b|\boffices?\b|\bwhere are you\b/g, " _address "],
  [/\bfirst notice of loss\b|\bfnol\b|\bclaims?\b|\bwrecks?\b|\baccidents?\b|\bcrash(?:es|ed)?\b/g, " _claim "],
  [/\bcargo\b|\bfreight\b|\bloads?\b/g, " _cargo "],
  [/\bfederal motor carrier safety administration\b|\bfmcsa\b/g, " fmcsa "],
  [/\busdot\b|\bdot\b/g, " _dot "],
  [/\bgcs?\b|\bgeneral contractors?\b/g, " _gc "],
  [/\bsubs\b|\bsub-?contract(?:ors?|s)?\b/g, " _sub "],
  [/\bemployees?\b|\bworkers?\b|\bstaff\b|\bcrews?\b/g, " _employee "],
  [/\bhurt\b|\binjur(?:y|ies|ed|es)\b/g, " _injury "],
  [/\bsteal(?:s|ing)?\b|\bstole(?:n)?\b|\btheft\b|\bembezzl(?:e|ed|ing|ement)\b/g, " _theft "],
  [/\bsame[- ]day\b|\btoday\b|\bquick(?:ly)?\b|\bfast(?:er)?\b|\bhow long\b|\bsoon\b|\bright away\b|\basap\b|\bturnaround\b/g, " _fast "],
  [/\bno money down\b|\bmoney down\b|\bdown payments?\b|\b0 down\b|\bno down\b|\bpayment plans?\b|\bfinanc(?:e|ing)\b/g, " _down "],
  [/\bcarriers?\b|\binsurers?\b|\binsurance companies\b/g, " _carrier "],
  [
    /\bjob openings?\b|\bopen positions?\b|\bhiring\b|\bcareers?\b|\bemployment\b|\bjobs? (?:at|with) (?:you|your)\b|\b(?:like to )?work (?:for|at|with) (?:you|your)\b|\bapply for\b/g,
    " _job ",
  ],
  [
    /\btestimonials?\b|\b(?:customer|client|google|online|good|bad|any|have|see|read|your) reviews?\b|\breviews? (?:from|of|about) (?:your )?(?:customers|clients)\b|\bwhat (?:do )?(?:your |our )?(?:customers|clients) (?:say|think)\b/g,
    " _review ",
  ],
  [/\bdocuments?\b|\bpaperwork\b|\bloss runs?\b/g, " _document "],
  [/\bpersonal (?:data|information|details)\b|\bprivacy\b|\b(?:my|your) (?:data|information)\b/g, " _privacy "],
  [/\btext messages?\b|\btexting\b|\btexts? (?:me|you)\b|\bsms\b/g, " _sms "],
  [/\b(?:days?|weeks?|months?)\b/g, " _duration "],
];

/**
 * Concept tokens that name a line the agency writes (or a business it insures): a question that holds
 * one is about the agency's own work, whatever else it mentions ("do my tenants need renters insurance").
 */
export const ownLineConcepts: ReadonlySet<string> = new Set([
  "_truck",
  "_commauto",
  "_investment",
  "_shortterm",
  "_hoa",
  "_comprop",
  "_gl",
  "_gc",
  "_sub",
  "_restaurant",
  "_workcomp",
  "_bop",
  "_umbrella",
  "_dno",
  "_eando",
  "contractor",
  "busines",
  "commercial",
]);

/**
 * Lines of insurance the agency does not write, as visitors name them, with the name the answer uses.
 * A question naming one (and none of the agency's own lines) is told so and offered an agent, never
 * a passage about something else. Patterns see the question in lower case without accents.
 */
export const linesWeDoNotWrite: readonly { name: string; pattern: RegExp }[] = [
  { name: "life insurance", pattern: /\b(?:life insurance|term life|whole life|universal life|final expense|burial insurance)\b/ },
  {
    name: "health insurance",
    pattern: /\b(?:health|medical|dental|vision|medicare|medicaid|obamacare|aca) (?:insurance|plans?|coverage)\b|\bmedicare\b/,
  },
  { name: "disability insurance", pattern: /\b(?:short|long)[- ]term disability\b|\bdisability insurance\b/ },
  {
    name: "personal auto insurance",
    pattern:
      /\b(?:personal|my own|family|teen(?:age)?(?:r'?s)?|my (?:wife|husband|son|daughter|kid)'?s?) (?:auto|car|vehicle)s?(?: insurance)?\b|\b(?:car|auto) insurance for (?:me|myself|my (?:family|teen(?:ager)?|son|daughter|wife|husband|kids?))\b/,
  },
  {
    name: "homeowners insurance for the home you live in",
    pattern: /\b(?:homeowners?'?|home) (?:insurance|polic(?:y|ies)|coverage)\b(?!.*\b(?:rent|tenant|lease|airbnb|vrbo))|\bho-?3\b/,
  },
  { name: "renters insurance", pattern: /\brenters?'?s? (?:insurance|polic(?:y|ies))\b|\bho-?4\b/ },
  { name: "pet insurance", pattern: /\bpet insurance\b|\binsurance for my (?:dog|cat|pet)\b/ },
  { name: "travel insurance", pattern: /\btravel insurance\b|\btrip (?:cancellation|insurance)\b/ },
  {
    name: "motorcycle, boat or RV insurance",
    pattern: /\b(?:motorcycle|boat|jet ?ski|watercraft|rv|motorhome|atv) (?:insurance|polic(?:y|ies)|coverage)\b/,
  },
  { name: "crop or farm insurance", pattern: /\b(?:crop|farm|ranch|livestock) insurance\b/ },
  { name: "phone or device insurance", pattern: /\b(?:phone|iphone|device|laptop) insurance\b/ },
];

/**
 * Everyday words of the languages visitors in the agency's states most often write in besides
 * English (Spanish, Vietnamese without its marks, Portuguese, French, German). A question with several
 * of these and few English words is in another language: the agent's contact answers it, not a passage.
 */
export const otherLanguageWords: Readonly<Record<string, ReadonlySet<string>>> = {
  es: new Set(
    `el la los las de del que por para con una uno un es son mi mis su sus tu como cuanto cuanta cuantos cuesta
    cuando donde quien puedo puede pueden tienen tiene tengo necesito necesita quiero seguro seguros aseguranza
    camion camiones negocio empresa casa hola gracias buenos buenas dias tardes usted ustedes ofrecen cubre
    poliza precio hablan espanol ayuda estoy hay muy pero tambien`.split(/\s+/),
  ),
  vi: new Set(`toi ban co khong bao nhieu xe tai bao hiem cho cua la va gia nha cong ty duoc xin chao cam on`.split(/\s+/)),
  pt: new Set(`voce vocês nao sim meu minha quanto custa seguro empresa caminhao obrigado ola com uma para`.split(/\s+/)),
  fr: new Set(`le les des une est je vous nous avez combien assurance camion entreprise bonjour merci pour avec`.split(/\s+/)),
  de: new Set(`der die das und ist ich sie wir haben wie viel kostet versicherung lkw firma hallo danke mit fur`.split(/\s+/)),
};
