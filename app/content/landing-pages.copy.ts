/**
 * The copy of the six landing pages (/trucking-insurance, /contractors-insurance, ...).
 * Types live in ./landing-pages; this module imports them and nothing imports it back, so a page
 * that only needs the types never loads the copy.
 *
 * The agency's name, phone numbers, licensed-state count, hours and promises are never written
 * as literals: they are read from the stored profile's facts, and the pages are built once per
 * facts object. The call buttons, "Start Your Quote Online", "Live Chat" and the availability note
 * are added by the page, so the copy doesn't repeat them.
 */
import type { BusinessLandingPage, LandingPage, LandingSlug, PropertyLandingPage } from "./landing-pages";
import { coveredTypes } from "./options";
import { perSite, type SiteFacts } from "./site-facts";

/** The six landing pages' slugs, in page order. */
export const landingSlugs: LandingSlug[] = [
  "trucking",
  "contractors",
  "general-liability",
  "commercial-property",
  "hoa",
  "investment-property",
];

/** The six landing pages with `site`'s facts, in page order. */
export const landingPagesFor = perSite((site): LandingPage[] => {
  const { agency, licensedStateCount, promises } = site;

  /** The office hours with their time zone, for answers that need them mid-sentence. */
  const officeHours = `${agency.hours.open} ${agency.hours.zone}`;

  const trucking: BusinessLandingPage = {
    layout: "business",
    slug: "trucking",
    pageTitle: "Commercial Trucking Insurance Quotes",
    metaDescription:
      "Trucking insurance for owner-operators and fleets: primary liability, cargo, physical damage and bobtail, with BMC-91X and Form E filings handled for you.",
    badge: "Commercial Trucking Specialists",
    headline: "Keep Your Authority Active and Your Trucks Loaded",
    tagline: `Liability, cargo and physical damage for owner-operators and fleets, with your federal and state filings done for you. A licensed agent calls you back within ${promises.contactMinutes} minutes.`,
    heroTiles: [
      { icon: "badge", title: "$0 Down Options", text: "Start coverage with no down payment on eligible policies." },
      { icon: "document", title: "Filings Handled", text: "BMC-91X, MCS-90 and Texas Form E submitted for you." },
      { icon: "clock", title: "Same-Day Certificates", text: "Proof of insurance for brokers and shippers once you're bound." },
      { icon: "shield", title: `${promises.claimsSupport} Claims Support`, text: "Report a wreck or a cargo loss from the roadside." },
    ],
    types: {
      heading: "Trucking Coverage We Place",
      intro:
        "Every operation needs a different mix. These six coverages make up most trucking programs, from a single leased owner-operator to a fleet running under its own MC number.",
      items: [
        {
          icon: "shield",
          title: "Primary Auto Liability",
          description:
            "Pays for injuries and damage your truck causes to others. FMCSA sets the floor at $750,000 for general freight, but most brokers won't tender a load to a carrier with less than $1,000,000.",
        },
        {
          icon: "truck",
          title: "Motor Truck Cargo",
          description:
            "Covers the freight on your trailer against fire, collision, theft and other covered causes. Brokers commonly ask for $100,000 per load, and reefer breakdown can be added for temperature-controlled freight.",
        },
        {
          icon: "key",
          title: "Physical Damage",
          description:
            "Collision and comprehensive on your tractor and trailer at a stated value, so a wreck, fire, theft or hailstorm pays to repair or replace the equipment you earn with. Lenders and lessors require it.",
        },
        {
          icon: "map",
          title: "Bobtail / Non-Trucking Liability",
          description:
            "For owner-operators leased to a motor carrier. Non-trucking liability covers personal use while you're off dispatch; bobtail applies when you drive without a trailer. Your lease decides which one you need.",
        },
        {
          icon: "handshake",
          title: "Trailer Interchange",
          description:
            "Covers damage to a trailer you don't own while you're pulling it under a written interchange agreement, which drop-and-hook and intermodal freight usually require.",
        },
        {
          icon: "users",
          title: "Occupational Accident",
          description:
            "Medical, disability and death benefits for independent owner-operators who aren't covered by workers' compensation. Many motor carriers require it before they'll sign your lease.",
        },
      ],
    },
    checklist: {
      heading: "Why Truckers Choose Us",
      items: [
        `A licensed agent calls back within ${promises.contactMinutes} minutes`,
        `Quotes from ${promises.carriers} carriers, including trucking specialists`,
        "New MC authorities and first-year carriers welcome",
        "BMC-91X, MCS-90 and Form E filings handled",
        "Same-day certificates for brokers and shippers",
        `Licensed in ${licensedStateCount} states for interstate operations`,
      ],
    },
    whyChoose: {
      heading: "Why Owner-Operators and Fleets Work With Us",
      intro:
        "Trucking insurance is a compliance product as much as a coverage product. One missed filing can park a truck, so we treat the paperwork as seriously as the policy.",
      cards: [
        {
          icon: "document",
          title: "Filings Done Right the First Time",
          description:
            "We have your BMC-91X filed with FMCSA and, for Texas intrastate work, Form E filed with TxDMV, then confirm they've posted so your authority isn't held up while loads go to someone else.",
        },
        {
          icon: "star",
          title: "New Authorities Welcome",
          description:
            "Just got your MC number? We work with carriers that write new ventures and explain what drives a first-year premium: driving record, radius, commodities and equipment value.",
        },
        {
          icon: "chart",
          title: "CSA Scores Reviewed First",
          description:
            "Underwriters read your inspection and crash history. We go over your BASIC percentiles with you before we shop, so nothing in your file surprises you at quote time.",
        },
        {
          icon: "handshake",
          title: `${promises.carriers} Carriers Compared`,
          description:
            "Trucking rates vary widely from one insurer to the next. We quote standard and specialty trucking markets side by side so you can weigh price against limits and deductibles.",
        },
        {
          icon: "map",
          title: `Licensed in ${licensedStateCount} States`,
          description:
            "Run interstate lanes or stay inside Texas; we cover both, and we can insure fleets with trucks garaged in the other states where we're licensed.",
        },
        {
          icon: "phone",
          title: `${promises.claimsSupport} Claims Support`,
          description:
            "Report a wreck, a cargo claim or a stolen trailer any hour of the day, and we stay involved with the adjuster until the claim is settled.",
        },
      ],
    },
    banner: {
      heading: "Ready to Get Your Trucks Covered?",
      text: `Tell us your radius, commodities and equipment. A licensed agent will call back within ${promises.contactMinutes} minutes and shop your operation across ${promises.carriers} carriers.`,
    },
    help: {
      heading: "Need a Certificate or a Filing Today?",
      text: "A broker waiting on proof of insurance or an authority about to go inactive can't wait on email. Call now and a licensed agent will start on your certificate or filing right away.",
    },
    faqs: [
      {
        question: "How much liability insurance does FMCSA require for trucks?",
        answer:
          "For-hire interstate carriers hauling general freight in vehicles over 10,000 pounds need at least $750,000 of primary liability. The minimum rises to $1,000,000 for oil and many hazardous materials, and to $5,000,000 for certain hazmat such as some explosives and bulk hazardous loads. Your insurer proves the coverage to FMCSA with a BMC-91 or BMC-91X filing and adds the MCS-90 endorsement to the policy. Most brokers still ask for $1,000,000.",
      },
      {
        question: "I only haul inside Texas. What filing do I need?",
        answer:
          "Carriers running commercial motor vehicles only within Texas generally need TxDMV operating authority and a USDOT number, and the insurer files proof of liability coverage with TxDMV on Form E. If any of your loads cross a state line, or are part of a shipment that does, federal rules apply and a for-hire carrier needs MC operating authority with a BMC-91X on file.",
      },
      {
        question: "What's the difference between bobtail and non-trucking liability?",
        answer:
          "Both protect an owner-operator leased to a motor carrier when the carrier's policy doesn't apply, but they're triggered differently. Non-trucking liability covers the truck when it's used for personal purposes and not under dispatch, with or without a trailer. Bobtail turns on whether a trailer is attached and, depending on the form, can respond during some business use. Neither replaces the carrier's coverage while you're under dispatch, and your lease agreement normally says which one it requires.",
      },
      {
        question: "How fast can I get a quote and a certificate for a broker?",
        answer: `A licensed agent contacts you within ${promises.contactMinutes} minutes of your request during office hours (${officeHours}). With your CDL, equipment list, radius and three years of loss runs in hand, many trucking quotes come back the same day. Once coverage is bound, we issue certificates to your brokers and shippers that day, and copies stay available 24/7.`,
      },
    ],
  };

  const contractors: BusinessLandingPage = {
    layout: "business",
    slug: "contractors",
    pageTitle: "Contractors Insurance Quotes",
    metaDescription:
      "Contractors insurance for GCs, electricians, plumbers, HVAC and roofers: general liability, workers' comp, auto and tools, plus same-day certificates.",
    badge: "Contractor Insurance Specialists",
    headline: "Contractors Insurance That Meets the Contract",
    tagline: `General liability, workers' comp, auto and equipment coverage written to the insurance section of your subcontract, with certificates issued the same day. Hear from a licensed agent within ${promises.contactMinutes} minutes.`,
    heroTiles: [
      { icon: "badge", title: "$0 Down Options", text: "Start coverage with no down payment on eligible policies." },
      { icon: "document", title: "Same-Day Certificates", text: "With additional insured and waiver wording your policy supports." },
      { icon: "lock", title: "24/7 Certificate Access", text: "A copy of your certificate whenever a GC asks for one." },
      { icon: "handshake", title: `${promises.carriers} Carriers`, text: "Markets for every trade, roofing included." },
    ],
    types: {
      heading: "Coverage for Every Trade",
      intro:
        "Each trade carries different risks, and carriers price them differently. We place coverage for these trades every day, along with specialty contractors who don't fit a standard class.",
      items: [
        {
          icon: "building",
          title: "General Contractors",
          description:
            "Your liability follows the whole project, including work your subs perform. We help you collect their certificates, because payments to uninsured subcontractors are usually added to your general liability audit.",
        },
        {
          icon: "badge",
          title: "Electricians",
          description:
            "A wiring fault can start a fire months after you finish, so completed operations coverage matters. Texas electrical contractor licenses also require proof of liability insurance on file with TDLR.",
        },
        {
          icon: "home",
          title: "Plumbers",
          description:
            "Water damage from a failed fitting is one of the costliest claims in residential and commercial work. Before you buy, we check for water damage or residential-work exclusions some carriers add.",
        },
        {
          icon: "shield",
          title: "HVAC Contractors",
          description:
            "Installs and service calls in occupied homes and businesses. We check how the pollution exclusion treats carbon monoxide and refrigerant releases, and cover your service vans and the equipment you carry.",
        },
        {
          icon: "hardhat",
          title: "Roofers",
          description:
            "One of the hardest trades to place: many carriers exclude roofing or restrict height, torch-down or residential work. We go to the specialty markets that write roofers, storm-season crews included.",
        },
        {
          icon: "users",
          title: "Carpenters",
          description:
            "Framing and finish carpentry are rated very differently, and the wrong class code shows up at audit. We classify your work correctly and cover the tools and trailers you move from job to job.",
        },
      ],
    },
    checklist: {
      heading: "Why Contractors Choose Us",
      items: [
        "Additional insured, waiver of subrogation and primary & non-contributory wording",
        "Same-day certificates of insurance",
        `A licensed agent on the phone within ${promises.contactMinutes} minutes`,
        `${promises.carriers} carriers, including roofing and high-hazard markets`,
        "Contract insurance requirements reviewed before you sign",
        `Licensed in ${licensedStateCount} states for out-of-state jobs`,
      ],
    },
    whyChoose: {
      heading: "Why Contractors Trust Us With Their Coverage",
      intro:
        "A contractor's policy gets tested twice: once when a general contractor reads your certificate, and again when a claim comes in. We set it up to pass both.",
      cards: [
        {
          icon: "document",
          title: "Endorsements That Match Your Contract",
          description:
            "Additional insured, waiver of subrogation and primary and non-contributory wording are added by endorsement, so the certificate you send says what the GC's contract asks for.",
        },
        {
          icon: "clock",
          title: "Certificates the Same Day",
          description:
            "Send us the certificate holder and the contract requirements, and the certificate goes out the same day. Copies are available 24/7 when the next GC asks.",
        },
        {
          icon: "scale",
          title: "Workers' Comp Decisions in Texas",
          description:
            "Most Texas private employers can opt out of workers' comp, but public projects and many general contractors require it. We explain what being a nonsubscriber means before you decide.",
        },
        {
          icon: "shield",
          title: "Completed Operations Protection",
          description:
            "Claims over finished work can surface years later. We make sure completed operations coverage is included and that your coverage stays continuous from one policy year to the next.",
        },
        {
          icon: "chart",
          title: "Audits Without Surprises",
          description:
            "General liability and workers' comp are rated on payroll, revenue or subcontracted costs and audited after the policy year. We help you estimate accurately and keep sub certificates ready for the auditor.",
        },
        {
          icon: "phone",
          title: `${promises.claimsSupport} Jobsite Claims Support`,
          description:
            "Report an injured worker, a damaged home or stolen tools any hour of the day, and we stay with the claim until the adjuster closes it.",
        },
      ],
    },
    banner: {
      heading: "Bidding a Job That Needs Proof of Insurance?",
      text: `Send us the contract requirements and a licensed agent will call within ${promises.contactMinutes} minutes to quote coverage that meets them.`,
    },
    help: {
      heading: "Need a Certificate for Tomorrow's Job?",
      text: "If a general contractor is holding your start date for a certificate or an endorsement, call now. We'll confirm what your policy allows and get the certificate issued today.",
    },
    faqs: [
      {
        question: "What endorsements do general contractors ask subcontractors for?",
        answer:
          "Most subcontracts ask for three. Additional insured status extends your general liability to the GC and the owner for claims arising from your work, including completed operations. A waiver of subrogation bars your insurer from recovering what it paid from them. Primary and non-contributory wording makes your policy respond first, without asking their insurer to share the loss. Each is added by endorsement, and we confirm your policy carries them before the certificate goes out.",
      },
      {
        question: "Do I need workers' comp as a Texas contractor?",
        answer:
          "Texas is the only state where most private employers may choose not to carry workers' compensation; employers who opt out are called nonsubscribers. A nonsubscriber must notify the Texas Department of Insurance and its employees, and loses common-law defenses such as contributory negligence if an injured employee sues. Contractors on Texas public construction projects must cover their employees, and many general contractors require coverage in their subcontracts, so opting out can cost you work.",
      },
      {
        question: "What is completed operations coverage?",
        answer:
          "It covers injury or property damage caused by your work after the job is finished and handed over, such as a deck that collapses or a leak from a fitting you installed. It's part of most contractor general liability policies, with its own aggregate limit. Many contracts require you to keep it in force, with the GC as an additional insured, for several years after the project is complete.",
      },
      {
        question: "How fast can I get a certificate of insurance?",
        answer: `If you're insured with us, send the holder's name and the contract requirements and we issue the certificate the same business day; copies of existing certificates are available 24/7. For a new policy, a licensed agent contacts you within ${promises.contactMinutes} minutes during office hours (${officeHours}), and certificates go out as soon as coverage is bound.`,
      },
    ],
  };

  const generalLiability: BusinessLandingPage = {
    layout: "business",
    slug: "general-liability",
    pageTitle: "General Liability Insurance Quotes",
    metaDescription:
      "General liability insurance for retail, restaurants, professional services, manufacturing and tech, with limits from $1M to $10M and same-day certificates.",
    badge: "Small Business Liability Specialists",
    headline: "Liability Coverage That Keeps One Claim From Closing Your Doors",
    tagline: `Protection from customer injuries, property damage and advertising claims, at the limits your lease and contracts require. Compare ${promises.carriers} carriers and hear back within ${promises.contactMinutes} minutes.`,
    heroTiles: [
      { icon: "badge", title: "$0 Down Options", text: "No down payment on eligible policies and payment plans." },
      { icon: "document", title: "Same-Day Certificates", text: "Proof of insurance for landlords, clients and venues." },
      { icon: "scale", title: "$1M to $10M Limits", text: "From a standard $1M/$2M policy up to umbrella limits." },
      { icon: "shield", title: `${promises.claimsSupport} Claims Support`, text: "Report an injury or a lawsuit as soon as it happens." },
    ],
    types: {
      heading: "Coverage Shaped Around Your Industry",
      intro:
        "General liability is the base policy for almost every business, but the exposure behind it changes with what you do. Here's what we look at for the businesses we insure most.",
      items: [
        {
          icon: "building",
          title: "Retail",
          description:
            "Customer slip-and-falls, products you sell that injure someone, and damage to a landlord's space. We check that products coverage reaches imported and private-label goods, which some carriers limit.",
        },
        {
          icon: "users",
          title: "Restaurants",
          description:
            "Guest injuries and foodborne illness claims, plus liquor liability if you serve alcohol, because general liability excludes it for businesses that sell or serve drinks. We package it with property where that fits.",
        },
        {
          icon: "handshake",
          title: "Professional Services",
          description:
            "General liability covers client visits, your office and advertising injury, but not mistakes in your advice or work. We pair it with professional liability (E&O) so both sides of your risk are covered.",
        },
        {
          icon: "hardhat",
          title: "Manufacturing",
          description:
            "Products-completed operations is a manufacturer's largest liability exposure and carries its own aggregate limit. We also handle the vendor endorsements and additional insured requirements distributors ask for.",
        },
        {
          icon: "shield",
          title: "Healthcare",
          description:
            "A patient who trips in the waiting room is a general liability claim; a complaint about treatment is a malpractice claim. We make sure both are covered and that your lease's liability terms are met.",
        },
        {
          icon: "lock",
          title: "Technology",
          description:
            "General liability covers your office and advertising injury claims, not a software failure or a data breach. We add technology E&O and cyber liability, which many client contracts now require as well.",
        },
      ],
    },
    checklist: {
      heading: "Why Businesses Choose Us",
      items: [
        `Quotes from ${promises.carriers} standard and specialty carriers`,
        "Same-day certificates for landlords and clients",
        `A licensed agent calls back within ${promises.contactMinutes} minutes`,
        "Limits matched to your lease and contracts",
        "$0 down options on eligible policies",
        `Licensed in ${licensedStateCount} states for multi-location businesses`,
      ],
    },
    whyChoose: {
      heading: "Why Business Owners Choose Us for Liability Coverage",
      intro:
        "Most small businesses buy general liability because a lease or contract requires it. We make sure it does what the contract expects and covers the claims you're most likely to face.",
      cards: [
        {
          icon: "document",
          title: "Lease and Contract Review",
          description:
            "Send us the insurance section of your lease or client agreement. We match the limits, additional insured and waiver requirements before you sign, not after a certificate is rejected.",
        },
        {
          icon: "chart",
          title: "Rated in the Right Class",
          description:
            "Premium depends on your classification, revenue or payroll, location and claims history. A wrong class code can cost you at audit, so we confirm it matches what your business actually does.",
        },
        {
          icon: "building",
          title: "BOP Packages Where You Qualify",
          description:
            "Qualifying small businesses can bundle liability with property and business income coverage in a business owner's policy: one policy, one renewal and often a lower combined premium.",
        },
        {
          icon: "scale",
          title: "Higher Limits When You Need Them",
          description:
            "Start at $1M per occurrence and $2M aggregate, then add an umbrella for $5M or $10M when a larger client, venue or public contract asks for it.",
        },
        {
          icon: "map",
          title: `Licensed in ${licensedStateCount} States`,
          description:
            "Open a second location or take on clients out of state, and your liability program follows you without a change of agent.",
        },
        {
          icon: "phone",
          title: `${promises.claimsSupport} Claims Support`,
          description:
            "When a customer is hurt or a demand letter arrives, report it right away. We help you notify the carrier correctly so your defense starts without delay.",
        },
      ],
    },
    banner: {
      heading: "Need Proof of Insurance to Sign a Lease or Contract?",
      text: `Tell us what the agreement requires. A licensed agent will call within ${promises.contactMinutes} minutes and quote the limits and endorsements it asks for.`,
    },
    help: {
      heading: "Facing a Claim or a Certificate Deadline?",
      text: "Whether a customer was just hurt on your premises or a client needs a certificate before you start work, call now and talk to a licensed agent who can act on it today.",
    },
    faqs: [
      {
        question: "What does general liability insurance cover?",
        answer:
          "It covers claims by third parties, such as customers, visitors and clients, for bodily injury, property damage, and personal and advertising injury arising from your premises, products or operations, and it pays defense costs as well as settlements and judgments. It doesn't cover injuries to your own employees, damage to your own property, your vehicles or errors in professional advice; those need workers' compensation, property, commercial auto and professional liability coverage.",
      },
      {
        question: "How much general liability coverage does my business need?",
        answer:
          "The most common limit is $1 million per occurrence with a $2 million aggregate, which satisfies most leases and small contracts. Larger clients, venues and government contracts may ask for $5 million or more, usually met with an umbrella policy over your general liability. We start from your lease and contracts and recommend limits based on your actual exposure.",
      },
      {
        question: "How much does general liability insurance cost?",
        answer:
          "There's no single price. Premium depends on your industry classification, revenue or payroll, location, limits, deductible and claims history, so an office-based consultancy pays far less than a restaurant or a manufacturer. We quote several carriers so you can compare actual premiums, and eligible policies can start with $0 down.",
      },
      {
        question: "Can you add my landlord or client as an additional insured?",
        answer:
          "Usually, yes. Most general liability policies can add additional insureds by endorsement, either by name or through a blanket endorsement that applies whenever a written contract requires it. Send us the holder's name and the contract wording; once we confirm your policy supports it, we issue the certificate the same day.",
      },
    ],
  };

  const commercialProperty: PropertyLandingPage = {
    layout: "property",
    slug: "commercial-property",
    pageTitle: "Commercial Property Insurance Quotes",
    metaDescription:
      "Commercial property insurance for offices, retail, warehouses, restaurants and medical buildings: replacement cost, business income and wind and hail.",
    badge: "Commercial Property Specialists",
    headline: "Protect the Building Your Business Depends On",
    tagline: `Building, contents and lost-income coverage set to what it would actually cost to rebuild, with Texas wind and hail deductibles explained in dollars. A licensed agent reaches you within ${promises.contactMinutes} minutes.`,
    heroTiles: [
      { icon: "badge", title: "$0 Down Options", text: "Start coverage with no down payment on eligible policies." },
      { icon: "building", title: "Replacement Cost", text: "Claims paid to rebuild, not at a depreciated value." },
      { icon: "clock", title: "Same-Day Quotes", text: "For most complete submissions." },
      { icon: "phone", title: `${promises.claimsSupport} Claims Support`, text: "Report storm or fire damage any hour of the day." },
    ],
    coveredTypes: {
      heading: "Properties We Insure",
      intro:
        "Every type of building brings its own risks. We write coverage for owners and tenants of these properties, from a single storefront to a multi-building portfolio.",
      items: [
        {
          icon: "building",
          title: coveredTypes.commercialProperty[0],
          description:
            "Owner-occupied or leased to tenants. We cover the structure, tenant improvements and rental income, plus equipment breakdown for the HVAC systems and elevators that keep tenants in place.",
        },
        {
          icon: "key",
          title: coveredTypes.commercialProperty[1],
          description:
            "Storefronts, strip centers and shops. Coverage for glass, signs and inventory, with a seasonal limit increase for stock that peaks ahead of the holidays.",
        },
        {
          icon: "truck",
          title: coveredTypes.commercialProperty[2],
          description:
            "Distribution and storage buildings with stock values that rise and fall. We look at sprinklers, roof condition and whether a reporting form fits your inventory better than a fixed limit.",
        },
        {
          icon: "users",
          title: coveredTypes.commercialProperty[3],
          description:
            "Kitchen fires, spoiled food and failed walk-in coolers. We cover the building or your build-out, cooking equipment and food spoilage, and check that your hood suppression system meets the carrier's requirements.",
        },
        {
          icon: "shield",
          title: coveredTypes.commercialProperty[4],
          description:
            "Clinics, dental offices and surgery centers with costly imaging and lab equipment. Equipment breakdown, spoilage of temperature-sensitive medications and business income keep a practice running after a loss.",
        },
      ],
    },
    whyChoose: {
      heading: "Why Property Owners Choose Us",
      intro:
        "A property policy proves its value on the worst day, and the details decide the payout: valuation, coinsurance, deductibles and what happens to your income while you rebuild.",
      cards: [
        {
          icon: "scale",
          title: "Replacement Cost, Not Depreciation",
          description:
            "Actual cash value deducts depreciation from every claim. We quote replacement cost wherever carriers offer it and show you what each option would pay on an aging roof.",
        },
        {
          icon: "chart",
          title: "No Coinsurance Surprises",
          description:
            "An 80% or 90% coinsurance clause shrinks claims on an underinsured building. We update rebuilding costs at each renewal and offer agreed value where it's available.",
        },
        {
          icon: "map",
          title: "Texas Wind and Hail Deductibles",
          description:
            "Percentage deductibles of 1% to 5% are common in Texas. We convert them into dollars and quote alternatives, so you know your share of a hail claim before the storm.",
        },
        {
          icon: "clock",
          title: "Income Protected While You Rebuild",
          description:
            "Rent, payroll and loan payments keep coming due after a fire. Business income and extra expense coverage keeps the business funded until you reopen.",
        },
        {
          icon: "document",
          title: "Code Upgrades and Breakdowns",
          description:
            "Ordinance or law coverage pays to bring an older building up to current code after a loss, and equipment breakdown covers the HVAC, boiler and electrical failures property forms exclude.",
        },
        {
          icon: "handshake",
          title: `${promises.carriers} Carriers, ${licensedStateCount} States`,
          description:
            "Standard, specialty and excess markets for buildings in Texas and the other states where we're licensed, including coastal and hard-to-place properties.",
        },
      ],
    },
    banner: {
      heading: "Is Your Building Insured for Today's Rebuilding Costs?",
      text: `Construction costs have climbed in recent years, and many limits haven't kept up. A licensed agent will call within ${promises.contactMinutes} minutes to review your values and quote ${promises.carriers} carriers.`,
    },
    help: {
      heading: "Storm Damage or a Lender Deadline?",
      text: "If hail just hit your roof or your lender needs evidence of insurance before closing, call now. A licensed agent will walk you through the next step today.",
    },
    faqs: [
      {
        question: "Should I insure my building at replacement cost or actual cash value?",
        answer:
          "Replacement cost pays to repair or rebuild with new materials of like kind and quality; actual cash value subtracts depreciation, so a 15-year-old roof may be paid at a fraction of what a new one costs. Replacement cost carries a higher premium but leaves far less for you to pay after a loss. Some carriers settle older roofs only at actual cash value, which is worth knowing before hail season.",
      },
      {
        question: "What is coinsurance, and how do I avoid a penalty?",
        answer:
          "The coinsurance clause requires you to insure the building for a set share of its value, usually 80%, 90% or 100%. If your limit falls short when a loss happens, the carrier pays only the proportion you carried. A $1,000,000 building under an 80% clause needs at least $800,000 of coverage; insured for $600,000, a $100,000 loss pays $75,000 before the deductible. A current valuation or an agreed value endorsement avoids the penalty.",
      },
      {
        question: "How do wind and hail deductibles work in Texas?",
        answer:
          "Many Texas commercial property policies apply a separate wind and hail deductible set as a percentage of the building's insured value, commonly 1% to 5%, instead of a flat dollar amount. On a building insured for $1,500,000, a 2% deductible means you pay the first $30,000 of a hail claim. Along the Gulf Coast, wind coverage may come from the Texas Windstorm Insurance Association, with its own deductible rules.",
      },
      {
        question: "Does commercial property insurance pay for code upgrades after a loss?",
        answer:
          "Not by default. When a damaged building must be rebuilt to current building codes, a standard policy generally won't pay for the value of undamaged parts that have to be torn down, the cost of demolishing them, or the extra cost of building to code. Ordinance or law coverage pays for all three and matters most for older buildings.",
      },
    ],
  };

  const hoa: PropertyLandingPage = {
    layout: "property",
    slug: "hoa",
    pageTitle: "HOA Insurance Quotes",
    metaDescription:
      "HOA and condo association insurance: master policy, D&O for board members, crime and fidelity coverage for reserve funds, and common area liability.",
    badge: "HOA & Condo Association Specialists",
    headline: "Protect the Community and the Volunteers Who Run It",
    tagline: `Master property, liability, D&O and fidelity coverage matched to your governing documents. Board members and community managers hear from a licensed agent within ${promises.contactMinutes} minutes.`,
    heroTiles: [
      { icon: "building", title: "Master Policy Review", text: "Bare walls, walls-in or all-in, matched to your declaration." },
      { icon: "users", title: "D&O for Board Members", text: "Protection for volunteers making community decisions." },
      { icon: "lock", title: "Reserve Fund Protection", text: "Crime and fidelity limits sized to your reserves." },
      { icon: "badge", title: "$0 Down Options", text: "No down payment on eligible association policies." },
    ],
    coveredTypes: {
      heading: "Communities We Insure",
      intro:
        "What an association must insure depends on how the community is organized. We start from your declaration and plat, then build the program around them.",
      items: [
        {
          icon: "building",
          title: coveredTypes.hoa[0],
          description:
            "The master policy covers the building structure and common elements. We confirm whether your declaration calls for bare walls, walls-in or all-in coverage, so owners know what their HO-6 policies must pick up.",
        },
        {
          icon: "home",
          title: coveredTypes.hoa[1],
          description:
            "Some townhome associations insure roofs and exteriors; others leave each structure to its owner. We read your documents to find out who insures what and close the gaps in between.",
        },
        {
          icon: "map",
          title: coveredTypes.hoa[2],
          description:
            "The association typically owns only the common areas: entry monuments, amenity centers, pools, ponds and trails. We cover that property and the liability that comes with residents and guests using it.",
        },
        {
          icon: "handshake",
          title: coveredTypes.hoa[3],
          description:
            "Residences over retail or office space bring commercial tenants, restaurant kitchens and separate liability exposures. We coordinate the master policy with tenants' insurance and the certificates they owe the association.",
        },
        {
          icon: "lock",
          title: coveredTypes.hoa[4],
          description:
            "Gates, guardhouses, cameras and private streets. We cover gate equipment and claims from vehicles it damages, and review the contracts with your security and access-control vendors.",
        },
      ],
    },
    whyChoose: {
      heading: "Why Boards and Managers Choose Us",
      intro:
        "HOA boards are volunteers making decisions about other people's homes and money. The right program protects the property, the reserves and the board members themselves.",
      cards: [
        {
          icon: "document",
          title: "Matched to Your Governing Documents",
          description:
            "We read the declaration, bylaws and CC&Rs before quoting, so the master policy covers exactly what the association is required to insure.",
        },
        {
          icon: "users",
          title: "D&O That Protects Volunteers",
          description:
            "Directors and officers liability defends board members against claims over assessments, rule enforcement and architectural decisions, which keeps neighbors willing to serve.",
        },
        {
          icon: "lock",
          title: "Fidelity Coverage for Reserves",
          description:
            "Crime and fidelity limits set to at least the funds the association and its manager can reach, reserves included, with the management company covered by endorsement.",
        },
        {
          icon: "chart",
          title: "Rebuilding-Cost Valuations",
          description:
            "We check master policy limits against current rebuilding costs, not market value, to help the association avoid coinsurance penalties and special assessments after a loss.",
        },
        {
          icon: "map",
          title: `Licensed in ${licensedStateCount} States`,
          description: `Association programs for communities in Texas and across the states where we're licensed, shopped among ${promises.carriers} carriers, including insurers that specialize in community associations.`,
        },
        {
          icon: "phone",
          title: `${promises.claimsSupport} Claims Support`,
          description:
            "When a storm damages roofs or common areas, we help the board document the loss, meet reporting deadlines and coordinate with the owners affected.",
        },
      ],
    },
    banner: {
      heading: "Renewal Coming Up? Get a Second Look Before the Board Votes",
      text: `Send us your current policies and declaration. A licensed agent will call within ${promises.contactMinutes} minutes and compare options from ${promises.carriers} carriers.`,
    },
    help: {
      heading: "Need Help With an Owner Request or a Claim?",
      text: "Lender questionnaires, owner certificate requests and storm damage don't wait for the next board meeting. Call now and a licensed agent will help you handle it today.",
    },
    faqs: [
      {
        question: "What do bare walls, walls-in and all-in mean for a condo master policy?",
        answer:
          "They describe where the master policy stops inside each unit. Bare walls covers the structure but not interior finishes. Walls-in, often called single entity, adds the original fixtures, cabinets and flooring as built. All-in also covers improvements owners have made since. Owners insure whatever the master policy doesn't on their own HO-6 policies, and the declaration usually decides which type the association carries.",
      },
      {
        question: "Why does our HOA board need D&O insurance?",
        answer:
          "Board members can be sued personally over decisions they make for the association, such as raising assessments, enforcing rules, denying architectural requests or choosing vendors. General liability covers bodily injury and property damage, not these wrongful-act claims. Directors and officers coverage pays defense costs and settlements and protects volunteers' personal assets.",
      },
      {
        question: "How much fidelity or crime coverage should an HOA carry?",
        answer:
          "Enough to cover the most money the association and its management company can access at any one time, reserve funds included. Governing documents and lenders often set minimums; Fannie Mae, for example, generally requires fidelity coverage for condominium projects with more than 20 units. Make sure the policy covers the management company's employees, which usually takes an endorsement.",
      },
      {
        question: "What do we need to get an HOA insurance quote?",
        answer: `Gather the declaration and bylaws, your current master, liability, D&O and crime policies, five years of loss runs, the number of units and buildings, and the latest reserve study or replacement cost appraisal. A licensed agent contacts the board or manager within ${promises.contactMinutes} minutes during office hours (${officeHours}) and sets a realistic timeline for the full proposal.`,
      },
    ],
  };

  const investmentProperty: PropertyLandingPage = {
    layout: "property",
    slug: "investment-property",
    pageTitle: "Investment Property Insurance Quotes",
    metaDescription:
      "Landlord insurance for rental homes, multi-family, condos, vacation and commercial rentals: DP-3 coverage, loss of rents, liability and vacancy options.",
    badge: "Rental Property Specialists",
    headline: "Protect Your Rentals and the Income They Produce",
    tagline: `Landlord coverage for one rental or a growing portfolio, with lost rent, liability and vacancy options built in. A licensed agent calls within ${promises.contactMinutes} minutes.`,
    heroTiles: [
      { icon: "home", title: "Landlord Policies", text: "DP-3 coverage built for homes you rent out." },
      { icon: "chart", title: "Loss of Rents", text: "Rental income replaced while covered damage is repaired." },
      { icon: "document", title: "Portfolio Scheduling", text: "Several rentals on one schedule and one renewal date." },
      { icon: "badge", title: "$0 Down Options", text: "Start coverage with no down payment on eligible policies." },
    ],
    coveredTypes: {
      heading: "Rental Properties We Insure",
      intro:
        "Long-term, short-term or commercial, each kind of rental needs a different policy form. We match the form to how the property is actually used.",
      items: [
        {
          icon: "home",
          title: coveredTypes.investmentProperty[0],
          description:
            "A DP-3 landlord policy covers the house on an open-perils basis, with fair rental value coverage for lost rent and liability added for tenant and visitor injuries.",
        },
        {
          icon: "building",
          title: coveredTypes.investmentProperty[1],
          description:
            "Duplexes through fourplexes usually fit a dwelling policy; five units and up move to a commercial property and liability policy. Either way, we cover the building, common areas and the rent from every unit.",
        },
        {
          icon: "key",
          title: coveredTypes.investmentProperty[2],
          description:
            "A rented condo needs a unit-owner policy written for rentals, covering the interior finishes the master policy leaves out, loss assessments from the association and your liability as landlord.",
        },
        {
          icon: "map",
          title: coveredTypes.investmentProperty[3],
          description:
            "Nightly and weekly rentals are often excluded from long-term landlord forms. Short-term rental policies cover guest damage, guest injuries and lost bookings, beyond what platform host protections provide.",
        },
        {
          icon: "handshake",
          title: coveredTypes.investmentProperty[4],
          description:
            "Retail, office and industrial space leased to businesses. We align coverage with your lease terms, triple-net included, and help set the liability insurance tenants must carry with you as additional insured.",
        },
      ],
    },
    whyChoose: {
      heading: "Why Landlords and Investors Choose Us",
      intro:
        "Rental properties fail in ways owner-occupied homes don't: vacancies, tenant injuries, short-term guests and lenders who need proof before closing. We build coverage around how you actually rent.",
      cards: [
        {
          icon: "chart",
          title: "Rent Keeps Coming In",
          description:
            "Fair rental value coverage replaces lost rent while a covered fire or storm keeps tenants out, so the mortgage still gets paid.",
        },
        {
          icon: "clock",
          title: "Vacancies Planned For",
          description:
            "Most landlord policies restrict coverage after 60 consecutive days vacant. Tell us about turnovers and renovations, and we'll arrange a vacancy permit or a vacant dwelling policy in time.",
        },
        {
          icon: "document",
          title: "Policies in the Right Name",
          description:
            "If an LLC holds title, the LLC should be the named insured. We set up the named insured, additional insureds and mortgagee correctly so a claim isn't held up over ownership.",
        },
        {
          icon: "scale",
          title: "Liability on Every Door",
          description:
            "Tenant and visitor injury claims are a landlord's largest liability exposure. We add premises liability to each rental and can quote an umbrella over the whole portfolio.",
        },
        {
          icon: "map",
          title: `Licensed in ${licensedStateCount} States`,
          description: `Buying rentals outside Texas? Keep properties in different markets with one agent, and compare ${promises.carriers} carriers for each of them.`,
        },
        {
          icon: "phone",
          title: `${promises.claimsSupport} Claims Support`,
          description:
            "A burst pipe or a fire at a rental can be reported any hour of the day, so mitigation starts quickly and lost rent is documented from day one.",
        },
      ],
    },
    banner: {
      heading: "Adding a Rental to Your Portfolio?",
      text: `Get coverage lined up before closing. A licensed agent will call within ${promises.contactMinutes} minutes and, once coverage is bound, send evidence of insurance to your lender.`,
    },
    help: {
      heading: "Need Proof of Insurance for a Closing or a Claim?",
      text: "If your lender needs a binder by tomorrow or a tenant just reported water damage, call now. A licensed agent will help you take the next step today.",
    },
    faqs: [
      {
        question: "What is a DP-3 landlord policy?",
        answer:
          "A DP-3 is a dwelling policy for one- to four-family homes that the owner rents out rather than lives in. It covers the building against all causes of loss except those specifically excluded, usually at replacement cost, and includes fair rental value coverage for lost rent. Liability isn't automatic on a dwelling policy, so it's added by endorsement or on a separate policy.",
      },
      {
        question: "How does the vacancy clause on a rental property work?",
        answer:
          "Most dwelling and commercial property policies restrict coverage once a property has been vacant for more than 60 consecutive days. Vandalism and glass breakage, and on some forms water damage and theft, are excluded, and other claims can be reduced. If a turnover or renovation will run longer, tell us early so we can add a vacancy permit or move the property to a vacant dwelling policy.",
      },
      {
        question: "Will my landlord policy cover a short-term or vacation rental?",
        answer:
          "Often not. Many long-term landlord and homeowners policies exclude or limit rentals by the night or week, treating them as a business use the policy wasn't written for. A short-term rental policy covers guest-caused damage, guest injuries and lost booking income. Platform host protections carry their own limits and exclusions and aren't a substitute for your own policy.",
      },
      {
        question: "What does loss of rents coverage pay?",
        answer:
          "Loss of rents, also called fair rental value, pays the rent you would have collected while a covered loss, such as a fire or a burst pipe, leaves the property unfit to rent, for the time it reasonably takes to repair. Dwelling policies include it up to a set limit, and commercial policies provide it as business income or rental value coverage. It doesn't cover a tenant who simply stops paying.",
      },
    ],
  };

  return [trucking, contractors, generalLiability, commercialProperty, hoa, investmentProperty];
});

export function landingBySlug(site: SiteFacts, slug: string | undefined): LandingPage | undefined {
  return landingPagesFor(site).find((page) => page.slug === slug);
}
