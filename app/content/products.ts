/**
 * Copy of the six insurance product pages (/insurance/{slug}).
 *
 * The agency's name, phone numbers, licensed-state count and promises are never
 * written here: they are read from the stored profile's facts, and the pages are built
 * once per facts object.
 */

import { perSite, type SiteFacts } from "./site-facts";

export type ProductSlug =
  | "contractors"
  | "general-liability"
  | "commercial-trucking"
  | "commercial-property"
  | "hoa"
  | "investment-property";

export type ProductItem = { title: string; description: string };

export type ProductFaq = { question: string; answer: string };

export type ProductPage = {
  /** The URL is /insurance/{slug}. */
  slug: ProductSlug;
  /** The name shown in the quote form and emails. */
  serviceType: string;
  /** Used as "{pageTitle} | {agency name}". */
  pageTitle: string;
  /** 140-160 characters. */
  metaDescription: string;
  hero: { title: string; description: string; imageAlt: string };
  /** Exactly 8. */
  coverage: ProductItem[];
  /** Exactly 8. */
  benefits: ProductItem[];
  /** Exactly 8: concrete consequences of being uninsured or underinsured. */
  risks: ProductItem[];
  /** Exactly 5. */
  faqs: ProductFaq[];
};

/** The six product pages' slugs, in menu order. */
export const productSlugs: ProductSlug[] = [
  "contractors",
  "general-liability",
  "commercial-trucking",
  "commercial-property",
  "hoa",
  "investment-property",
];

/** The six product pages with `site`'s facts, in page order: contractors, general liability, trucking, property, HOA, investment property. */
export const productPagesFor = perSite((site): ProductPage[] => {
  const { agency, licensedStateCount, promises } = site;

  const contractors: ProductPage = {
    slug: "contractors",
    serviceType: "Contractors Insurance",
    pageTitle: "Contractors Insurance",
    metaDescription:
      "Contractors insurance for GCs and trades: general liability, workers' comp, commercial auto, tools and equipment, builders risk, umbrella and license bonds.",
    hero: {
      title: "Contractors Insurance Built for the Jobsite",
      description: `General liability, workers' compensation, auto, equipment and bonds for general contractors and specialty trades, placed with ${promises.carriers} carriers that understand construction risk. Tell us about your work and a licensed agent will call you back within ${promises.contactMinutes} minutes.`,
      imageAlt: "Contractor in a hard hat reviewing building plans on a residential construction site",
    },
    coverage: [
      {
        title: "General Liability",
        description:
          "Covers third-party bodily injury and property damage arising from your operations, including completed operations claims that surface after a job is finished. We add the additional insured, waiver of subrogation and primary and non-contributory endorsements your contracts call for.",
      },
      {
        title: "Workers' Compensation",
        description:
          "Pays medical bills and lost wages for employees hurt on the job, and in most cases makes those benefits the employee's exclusive remedy against you. Texas is the one state where private employers can generally opt out, while most other states require it once you have employees.",
      },
      {
        title: "Commercial Auto",
        description:
          "Liability and physical damage coverage for the pickups, service vans, dump trucks and trailers your business owns. Hired and non-owned auto coverage responds when employees drive rented or personal vehicles on company errands.",
      },
      {
        title: "Tools & Equipment Floater",
        description:
          "An inland marine contractor's equipment floater covers tools, machinery and rented equipment against theft and damage, whether they're in the shop, in transit or on the jobsite.",
      },
      {
        title: "Builders Risk",
        description:
          "Insures a structure under construction, plus materials stored on site or in transit, against fire, wind, theft and vandalism until the project is complete. It can be written for a single project or as a reporting form covering all your jobs.",
      },
      {
        title: "Contractor's Pollution Liability",
        description:
          "Covers cleanup costs and third-party claims when your work causes or worsens a pollution condition, such as mold, a fuel or chemical spill, or disturbed contaminated soil. The standard general liability pollution exclusion leaves these losses uncovered.",
      },
      {
        title: "Commercial Umbrella",
        description:
          "Adds limits, often $1 million to $5 million or more, above your general liability, auto and employer's liability policies for large jobs and contracts that demand higher limits.",
      },
      {
        title: "License & Permit Bonds",
        description:
          "Surety bonds that many cities, counties and states require before issuing a contractor license or permit. We also help arrange bid, performance and payment bonds for larger projects.",
      },
    ],
    benefits: [
      {
        title: "Certificates Without the Wait",
        description:
          "Send us the holder's name and the contract requirements and we issue the certificate of insurance with the right additional insured and waiver wording, so paperwork doesn't keep you off the jobsite.",
      },
      {
        title: "Contract Review Before Signing",
        description:
          "We read the insurance section of your subcontract or master service agreement and flag requirements your current policy can't meet, like per-project aggregates or primary and non-contributory wording.",
      },
      {
        title: "Markets for Every Trade",
        description: `From roofers and remodelers to electricians, plumbers and HVAC technicians, we shop ${promises.carriers} carriers, including specialty markets that write higher-hazard trades.`,
      },
      {
        title: "Premiums That Track Payroll",
        description:
          "General liability and workers' comp are usually rated on payroll or revenue and audited after the policy year, so we help you estimate accurately and avoid a surprise audit bill.",
      },
      {
        title: "Jobs Outside Texas",
        description: `Bidding work across state lines? We're licensed in ${licensedStateCount} states and can extend your workers' comp, auto and liability program to out-of-state projects.`,
      },
      {
        title: "One Package, One Renewal",
        description:
          "Coordinating general liability, auto, equipment and umbrella coverage closes gaps between policies and gives you one agent and one renewal conversation each year.",
      },
      {
        title: "Jobsite Claims Reporting",
        description: `Report a jobsite injury, damaged property or stolen equipment through our ${promises.claimsSupport} claims support, and we stay involved with the adjuster until the claim is resolved.`,
      },
      {
        title: "New Contractors Welcome",
        description:
          "Just licensed, or leaving a crew to start your own company? We place new ventures with carriers that write businesses without a prior loss history.",
      },
    ],
    risks: [
      {
        title: "Locked Out of Jobs",
        description:
          "Most general contractors and property owners won't let a subcontractor on site without a certificate showing the limits and endorsements in the contract, so uninsured subs lose the work.",
      },
      {
        title: "Completed Work Lawsuits",
        description:
          "A leak, collapse or fire traced to your work can lead to a claim years after you were paid, and without completed operations coverage the defense and settlement come out of your pocket.",
      },
      {
        title: "Non-Subscriber Injury Suits",
        description:
          "A Texas non-subscriber sued by an injured worker can't argue that the worker was partly at fault or that a co-worker caused the injury, which makes negligence claims far harder to defend.",
      },
      {
        title: "Stolen Tools Stall Work",
        description:
          "Trailer and truck-box theft is common on jobsites, and replacing saws, compressors and generators out of pocket can stop a job for days.",
      },
      {
        title: "Backcharges and Terminated Contracts",
        description:
          "If your contract requires additional insured status and your policy doesn't provide it, the general contractor can backcharge you for its own defense costs or terminate your subcontract.",
      },
      {
        title: "Owner's Personal Assets",
        description:
          "A serious injury claim can exceed everything a small contracting business is worth, and a sole proprietor has no company structure standing between a judgment and personal savings.",
      },
      {
        title: "Environmental Cleanup Bills",
        description:
          "Cleaning up a fuel spill or remediating mold after a water intrusion claim can cost tens of thousands of dollars or more, paid by you when there's no pollution coverage.",
      },
      {
        title: "Suspended Licenses and Permits",
        description:
          "Without the required bond or proof of insurance, a city or licensing board can refuse or suspend your license or permit, halting jobs already on the schedule.",
      },
    ],
    faqs: [
      {
        question: "Is workers' compensation required for contractors in Texas?",
        answer:
          "Texas is the only state where private employers can generally choose not to carry workers' compensation, and employers who opt out are called non-subscribers. Non-subscribers must file a notice with the Texas Department of Insurance and inform their employees, and they lose key legal defenses if an injured worker sues. Contractors on Texas public-entity construction projects must cover their workers, and many general contractors require coverage in their subcontracts.",
      },
      {
        question: "What do additional insured, waiver of subrogation and primary and non-contributory mean?",
        answer:
          "Additional insured status extends your general liability policy to protect the general contractor or owner for claims arising from your work. A waiver of subrogation stops your insurer from suing them to recover what it paid, and primary and non-contributory wording means your policy pays first without asking their insurer to share the loss. Most commercial contracts require all three, and each is added to your policy by endorsement.",
      },
      {
        question: "How much general liability does a contractor need?",
        answer:
          "Many contracts require $1 million per occurrence and $2 million aggregate, and larger commercial or public projects often add an umbrella of $1 million to $5 million. The right limit depends on your trade, your project sizes and what your contracts demand, so we review them before quoting.",
      },
      {
        question: "Does my general liability policy cover my tools or the building I'm working on?",
        answer:
          "No. General liability pays for injury and damage you cause to others, not for your own equipment or the project under construction. Tools and equipment need an inland marine floater, and the structure needs builders risk, which the contract assigns to either the owner or the contractor.",
      },
      {
        question: "How fast can I get a quote and a certificate?",
        answer: `Call ${agency.phone.primary.display} or submit the quote form and a licensed agent contacts you within ${promises.contactMinutes} minutes during office hours (${agency.hours.open} ${agency.hours.zone}). Many contractor quotes come back in about ${promises.quoteMinutes} minutes once we have your trade, payroll, revenue and loss history. Certificates are issued as soon as coverage is bound.`,
      },
    ],
  };

  const generalLiability: ProductPage = {
    slug: "general-liability",
    serviceType: "General Liability Insurance",
    pageTitle: "General Liability Insurance",
    metaDescription:
      "General liability insurance for small businesses: bodily injury, property damage, advertising injury and products coverage, with $1M/$2M limits and fast COIs.",
    hero: {
      title: "General Liability Insurance for Everyday Business Risks",
      description: `A customer slips in your store, an employee damages a client's property, a competitor says your ad copied theirs: general liability answers those claims. Compare options from ${promises.carriers} carriers and hear from a licensed agent within ${promises.contactMinutes} minutes.`,
      imageAlt: "Small business owner greeting customers at the counter of a retail shop",
    },
    coverage: [
      {
        title: "Bodily Injury",
        description:
          "Pays medical costs, lost-wage claims and legal judgments when a customer, vendor or visitor is hurt because of your premises, products or operations.",
      },
      {
        title: "Property Damage",
        description:
          "Covers damage you or your employees cause to other people's property, such as a client's storefront window broken while your staff unloads a delivery.",
      },
      {
        title: "Personal & Advertising Injury",
        description:
          "Responds to claims of libel, slander, false arrest, wrongful eviction, and using another company's advertising idea or slogan in your own ads.",
      },
      {
        title: "Products-Completed Operations",
        description:
          "Covers injury or damage caused by a product you make, sell or distribute, or by work you've finished, after it leaves your hands. It carries its own aggregate limit, separate from the general aggregate.",
      },
      {
        title: "Medical Payments",
        description:
          "Pays modest medical bills for a member of the public hurt on your premises regardless of fault, often up to $5,000 or $10,000 per person, which can keep a minor injury from turning into a lawsuit.",
      },
      {
        title: "Damage to Rented Premises",
        description:
          "Covers fire damage you cause to a building or space you rent, plus other damage to premises rented to you for seven or fewer consecutive days, under a separate sublimit.",
      },
      {
        title: "Legal Defense Costs",
        description:
          "The insurer hires and pays defense attorneys even when a suit is groundless, and on standard forms those defense costs are paid in addition to your limits.",
      },
      {
        title: "Occurrence and Aggregate Limits",
        description:
          "A common structure is $1 million per occurrence with a $2 million general aggregate, which caps each claim at $1 million and all claims in the policy year at $2 million.",
      },
    ],
    benefits: [
      {
        title: "Meet Lease and Contract Terms",
        description:
          "Landlords, clients and vendors routinely require proof of general liability before signing, and we match your limits and endorsements to what the agreement actually says.",
      },
      {
        title: "Certificates on Request",
        description:
          "We issue certificates of insurance to landlords, customers and event venues, and add them as additional insureds when your policy allows.",
      },
      {
        title: "Save With a BOP",
        description:
          "Many small businesses qualify for a business owner's policy that packages general liability with property and business income coverage, usually for less than buying them separately.",
      },
      {
        title: "Rated in the Right Class",
        description:
          "Premiums are driven by your classification code, revenue or payroll, location and claims history, so we make sure you're rated in the class that matches what you actually do.",
      },
      {
        title: "Limits That Grow With You",
        description:
          "Start with the limits your current contracts require and add an umbrella as you take on bigger clients, without rebuilding your whole insurance program.",
      },
      {
        title: "Standard and Specialty Markets",
        description: `We compare ${promises.carriers} carriers, from standard markets for offices and retail to excess and surplus lines carriers for harder-to-place operations.`,
      },
      {
        title: "Coverage Across State Lines",
        description: `With licenses in ${licensedStateCount} states, we can insure branch locations and operations outside Texas on one coordinated policy.`,
      },
      {
        title: "Help When a Claim Arrives",
        description: `When a customer threatens to sue, reach our ${promises.claimsSupport} claims support; we help you report it correctly and keep the carrier moving on your defense.`,
      },
    ],
    risks: [
      {
        title: "Slip-and-Fall Judgments",
        description:
          "One fall on a wet floor can produce a claim for surgery, rehab and lost wages that runs well into six figures, paid from business funds if you're uninsured.",
      },
      {
        title: "Defense Bills Even When Innocent",
        description:
          "Answering a lawsuit, taking depositions and filing motions can cost tens of thousands of dollars before a court ever decides who was at fault.",
      },
      {
        title: "Lost Leases and Customers",
        description:
          "Without a certificate of insurance, landlords can refuse to renew your lease and larger customers can drop you from their approved vendor lists.",
      },
      {
        title: "Product Injury Claims",
        description:
          "If something you sell injures a customer, your business can be named in the suit alongside the manufacturer, even if you never altered the product.",
      },
      {
        title: "Advertising Disputes",
        description:
          "A claim that your website, social post or flyer used a competitor's slogan or disparaged another business can bring a demand letter and legal fees you'd pay alone.",
      },
      {
        title: "Liens and Account Levies",
        description:
          "An unpaid judgment can become a lien on business property and a levy on business bank accounts, disrupting payroll and supplier payments.",
      },
      {
        title: "Landlord Subrogation Claims",
        description:
          "If a fire you cause damages your leased space, the landlord's insurer pays the repairs and can then pursue your business to recover every dollar.",
      },
      {
        title: "Shut Out of Events",
        description:
          "Trade shows, farmers markets and event venues require vendors to show liability coverage, so an uninsured business can't take part.",
      },
    ],
    faqs: [
      {
        question: "What's the difference between the per-occurrence limit and the aggregate limit?",
        answer:
          "The per-occurrence limit is the most the policy pays for any one claim, while the aggregate is the most it pays for all claims during the policy period. With a $1M/$2M policy, two $1 million claims would use up the general aggregate for the year. Products-completed operations usually has its own separate aggregate.",
      },
      {
        question: "Does general liability cover my employees if they get hurt at work?",
        answer:
          "No. Injuries to your own employees are excluded and belong under workers' compensation, or under a non-subscriber employer's liability policy for Texas businesses that opt out of the workers' comp system. General liability is for injuries to customers, visitors and other third parties.",
      },
      {
        question: "What is a business owner's policy (BOP), and should I get one?",
        answer:
          "A BOP combines general liability with property and business income coverage for small and mid-sized businesses that meet a carrier's eligibility rules on size, revenue and type of operation. It often costs less than separate policies. Businesses with higher hazards, large fleets or specialized operations may need standalone coverage instead.",
      },
      {
        question: "How do I get a certificate of insurance for a client or landlord?",
        answer: `Send us the certificate holder's name, address and any contract requirements, such as additional insured status or a waiver of subrogation. We confirm your policy supports that wording and issue the certificate. Email ${agency.email} or call ${agency.phone.primary.display}.`,
      },
      {
        question: "How much does general liability insurance cost?",
        answer:
          "Cost depends on your industry classification, revenue or payroll, location, limits and claims history. A low-risk office may pay a few hundred dollars a year, while restaurants, manufacturers and contractors pay considerably more. We quote several carriers so you can compare real numbers instead of estimates.",
      },
    ],
  };

  const commercialTrucking: ProductPage = {
    slug: "commercial-trucking",
    serviceType: "Commercial Trucking Insurance",
    pageTitle: "Commercial Trucking Insurance",
    metaDescription:
      "Commercial trucking insurance for owner-operators and fleets: $750,000 FMCSA liability, cargo, physical damage, bobtail and MCS-90 and BMC-91X filings.",
    hero: {
      title: "Commercial Trucking Insurance for Owner-Operators and Fleets",
      description: `Primary liability, cargo, physical damage and the federal and state filings that keep your authority active, from agents who know DOT compliance. Get a licensed agent on the phone within ${promises.contactMinutes} minutes and keep your trucks moving.`,
      imageAlt: "Semi truck pulling a dry van trailer on a Texas highway at sunrise",
    },
    coverage: [
      {
        title: "Primary Auto Liability",
        description:
          "Pays for injuries and property damage your truck causes to others; federal rules require at least $750,000 for for-hire carriers of general freight, $1,000,000 for oil and $5,000,000 for certain hazardous materials. Most brokers and shippers expect $1,000,000.",
      },
      {
        title: "Motor Truck Cargo",
        description:
          "Covers the freight you haul against loss or damage from collisions, fire, theft and other covered causes, and many brokers require at least $100,000 per load. Reefer breakdown coverage can be added for temperature-sensitive freight.",
      },
      {
        title: "Physical Damage",
        description:
          "Comprehensive and collision coverage that repairs or replaces your tractor and trailer after a wreck, fire, theft, hail or vandalism, up to the stated value on your policy. Lenders and lessors require it on financed equipment.",
      },
      {
        title: "Bobtail & Non-Trucking Liability",
        description:
          "For owner-operators leased to a motor carrier, non-trucking liability covers the truck when it's driven for personal use and not under dispatch. Bobtail forms are similar but turn on whether a trailer is attached, so we match the form to your lease.",
      },
      {
        title: "Trailer Interchange",
        description:
          "Covers physical damage to a trailer you don't own while it's in your possession under a written trailer interchange agreement, which intermodal and drop-trailer freight usually requires.",
      },
      {
        title: "MCS-90 Endorsement",
        description:
          "The federally required endorsement that guarantees the public is paid up to the federal minimum after a crash, even if your policy wouldn't otherwise cover it. The insurer can then seek reimbursement from you, so it's no substitute for proper coverage.",
      },
      {
        title: "Federal and State Filings",
        description:
          "We file the BMC-91X with FMCSA to activate and maintain your operating authority, plus Form E liability and Form H cargo filings for states that require them for intrastate authority.",
      },
      {
        title: "Occupational Accident",
        description:
          "For independent owner-operators without workers' compensation, pays medical expenses, disability income and death benefits after an on-the-job injury. Many motor carriers require it from leased drivers.",
      },
    ],
    benefits: [
      {
        title: "New Authority Specialists",
        description:
          "Just received your MC number? We work with carriers that write new ventures and get your BMC-91X filed so FMCSA can activate your authority without delay.",
      },
      {
        title: "CSA Score Review",
        description:
          "We go over your CSA BASIC scores and inspection history with you, because out-of-service violations and crash data weigh heavily on trucking premiums.",
      },
      {
        title: "Broker-Ready Certificates",
        description:
          "Brokers and shippers want certificates showing auto liability, cargo limits and sometimes reefer or trailer interchange coverage, and we send them so you can book the load.",
      },
      {
        title: "Fleet Programs as You Grow",
        description:
          "Adding trucks? We quote fleet programs with scheduled units, driver lists and deductible options that can lower the per-truck cost as you scale.",
      },
      {
        title: "DOT Compliance Support",
        description:
          "Help with driver qualification files, vehicle inspection and maintenance programs, and DOT audit preparation, which can improve both your safety rating and your underwriting.",
      },
      {
        title: "Interstate and Intrastate Know-How",
        description: `Licensed in ${licensedStateCount} states, we handle interstate operations along with the intrastate filings Texas and other states require.`,
      },
      {
        title: "Roadside Claims Reporting",
        description: `Wrecks don't wait for business hours, and ${promises.claimsSupport} claims support means you can report an accident or cargo loss right from the roadside.`,
      },
      {
        title: "Specialty Trucking Markets",
        description: `Trucking rates vary widely between insurers, so we shop ${promises.carriers} carriers, including specialty trucking markets, and show you side-by-side options.`,
      },
    ],
    risks: [
      {
        title: "Revoked Operating Authority",
        description:
          "When your liability coverage is cancelled, the insurer's notice to FMCSA starts a 30-day clock, and your operating authority is revoked if no replacement filing arrives.",
      },
      {
        title: "Catastrophic Crash Verdicts",
        description:
          "Jury awards in serious truck crashes can reach well beyond $1 million, and anything above your limits becomes a claim against your business and personal assets.",
      },
      {
        title: "Turned Away by Brokers",
        description:
          "Brokers verify insurance before tendering loads, so missing or low liability and cargo limits mean fewer loads and lower-paying freight.",
      },
      {
        title: "Out-of-Service Orders",
        description:
          "Operating without the required financial responsibility can lead to out-of-service orders and civil penalties after a roadside inspection or compliance review.",
      },
      {
        title: "Paying for the Load",
        description:
          "A rollover or reefer failure can destroy a load worth $100,000 or more, and the shipper or broker will hold you responsible for its value.",
      },
      {
        title: "Losing Your Truck",
        description:
          "Without physical damage coverage, a total loss wipes out your equipment and leaves you making loan payments on a truck you can no longer drive.",
      },
      {
        title: "Off-Dispatch Accidents",
        description:
          "A leased owner-operator who crashes while off dispatch may find the motor carrier's policy doesn't respond, leaving the claim uninsured without non-trucking liability.",
      },
      {
        title: "Higher Premiums After Lapses",
        description:
          "A gap in continuous coverage marks you as a higher risk to underwriters and can raise what you pay for years after you reinstate.",
      },
    ],
    faqs: [
      {
        question: "What are the FMCSA minimum insurance requirements for trucks?",
        answer:
          "For-hire interstate carriers hauling general freight in vehicles of 10,001 pounds or more must carry at least $750,000 in primary liability. The minimum is $1,000,000 for oil and most other hazardous materials, and $5,000,000 for the most dangerous hazmat, such as certain explosives, poison-inhalation-hazard materials and large bulk tank shipments. These are legal floors, and most brokers and shippers require $1,000,000.",
      },
      {
        question: "How much does commercial truck insurance cost for an owner-operator?",
        answer:
          "Owner-operators running under their own authority typically pay about $8,000 to $15,000 per year for liability, cargo and physical damage. Where you land in that range depends on your driving record, radius of operation, the cargo you haul, the value of your equipment and your years of experience. New authorities and hazmat haulers often pay more, while leased drivers who only need non-trucking liability and physical damage pay much less.",
      },
      {
        question: "What's the difference between the MCS-90 and the BMC-91X?",
        answer:
          "The BMC-91X is the filing your insurer submits to FMCSA as proof that you carry the required liability coverage, and it keeps your operating authority active. The MCS-90 is an endorsement on the policy itself that guarantees payment to the public up to the federal minimum, even for a loss the policy would otherwise exclude. Interstate for-hire carriers need both.",
      },
      {
        question: "Do I need bobtail or non-trucking liability if I'm leased to a carrier?",
        answer:
          "In most cases, yes. The motor carrier's policy covers you while you're under dispatch, but most leases require you to carry your own coverage for driving off dispatch. Check whether your lease names bobtail or non-trucking liability, because the two forms are triggered differently.",
      },
      {
        question: "How do CSA scores affect my premium?",
        answer:
          "Underwriters review your FMCSA Compliance, Safety, Accountability data, including BASIC measures for unsafe driving, hours of service and vehicle maintenance. High percentiles or recent out-of-service violations can raise rates or limit which insurers will quote you. We review your scores before we shop, and our compliance services can help you bring them down over time.",
      },
    ],
  };

  const commercialProperty: ProductPage = {
    slug: "commercial-property",
    serviceType: "Commercial Property Insurance",
    pageTitle: "Commercial Property Insurance",
    metaDescription:
      "Commercial property insurance for buildings, equipment and inventory: replacement cost, business income, wind and hail, ordinance or law and flood options.",
    hero: {
      title: "Commercial Property Insurance That Rebuilds What You Own",
      description: `Protect your building, equipment, inventory and income from fire, wind, hail, theft and burst pipes, with values and deductibles set correctly from the start. A licensed agent will reach you within ${promises.contactMinutes} minutes to review your property.`,
      imageAlt: "Modern commercial office building with a landscaped entrance under a clear sky",
    },
    coverage: [
      {
        title: "Building Coverage",
        description:
          "Covers the structure you own, including permanently installed fixtures, machinery and equipment, against fire, wind, hail, lightning, vandalism and other covered perils.",
      },
      {
        title: "Business Personal Property",
        description:
          "Protects furniture, computers, inventory, stock and supplies at your location, whether you own the building or lease your space.",
      },
      {
        title: "Business Income & Extra Expense",
        description:
          "Replaces lost net income and continuing expenses while you're shut down after a covered loss, plus the extra cost of operating from a temporary location to reopen faster.",
      },
      {
        title: "Equipment Breakdown",
        description:
          "Covers sudden mechanical or electrical failure of HVAC systems, boilers, compressors, refrigeration and production machinery, which standard property forms exclude.",
      },
      {
        title: "Ordinance or Law",
        description:
          "Pays to demolish undamaged portions and rebuild to current building codes after a covered loss, costs a basic property policy won't pick up on older buildings.",
      },
      {
        title: "Wind & Hail",
        description:
          "Windstorm and hail are among the most frequent commercial property losses in Texas, and many policies apply a separate percentage deductible to them. Along the coast, wind coverage may need to come from the Texas Windstorm Insurance Association.",
      },
      {
        title: "Separate Flood Policy",
        description:
          "Flood is excluded from commercial property forms, so we place separate coverage through the National Flood Insurance Program or a private flood carrier, with excess flood for high-value buildings.",
      },
      {
        title: "Tenant Improvements & Betterments",
        description:
          "For businesses that lease, covers the build-out you paid for, such as walls, flooring, lighting and fixtures that become part of the landlord's building.",
      },
    ],
    benefits: [
      {
        title: "Replacement Cost Settlement",
        description:
          "We set up coverage on a replacement cost basis wherever it's available, so claims pay to rebuild with new materials instead of a depreciated value.",
      },
      {
        title: "Insurance-to-Value Reviews",
        description:
          "We estimate current rebuilding costs with construction cost data so your building limit keeps pace with materials and labor prices and you avoid a coinsurance penalty.",
      },
      {
        title: "Agreed Value Options",
        description:
          "An agreed value endorsement suspends the coinsurance clause for the policy term, removing uncertainty about whether you carried a high enough limit.",
      },
      {
        title: "Deductible Strategy",
        description:
          "We translate a percentage wind and hail deductible into actual dollars and help you balance premium savings against what you can absorb after a storm.",
      },
      {
        title: "Blanket Limits for Multiple Locations",
        description:
          "Own more than one building? A blanket limit applies one combined amount across your locations, so a single underinsured site can draw on the total.",
      },
      {
        title: "Package Policy Savings",
        description:
          "Qualifying businesses can combine property and general liability in a package policy for simpler billing and often a lower combined premium.",
      },
      {
        title: "Lender Requirements Handled",
        description:
          "We list mortgagees and loss payees correctly and send evidence of property insurance to your lender so closings and refinances stay on schedule.",
      },
      {
        title: "Storm Claims Assistance",
        description: `After hail or wind damage, our ${promises.claimsSupport} claims support helps you document the damage, file promptly and work with the adjuster on both the building and the lost income.`,
      },
    ],
    risks: [
      {
        title: "Rebuilding From Savings",
        description:
          "A fire that destroys a $1 million building leaves an uninsured owner paying for demolition, debris removal and reconstruction alone.",
      },
      {
        title: "Coinsurance Penalty",
        description:
          "Insure a $1 million building for $600,000 under an 80% coinsurance clause and a $200,000 loss pays only $150,000, before the deductible is subtracted.",
      },
      {
        title: "Depreciated Claim Checks",
        description:
          "On an actual cash value policy, a 15-year-old roof destroyed by hail may pay only a fraction of its replacement cost once depreciation is taken.",
      },
      {
        title: "Income Stops, Bills Don't",
        description:
          "Without business income coverage, rent, loan payments and payroll keep coming due during months of repairs while no revenue comes in.",
      },
      {
        title: "Code Upgrade Costs",
        description:
          "An older building must meet current code when it's rebuilt, and without ordinance or law coverage those required upgrades can add substantially to the bill.",
      },
      {
        title: "Uninsured Flood Damage",
        description:
          "Water from a flash flood isn't covered by a standard property policy, and NFIP coverage generally has a 30-day waiting period, so buying after a storm forecast is too late.",
      },
      {
        title: "Loan Default and Force-Placement",
        description:
          "Commercial lenders require property insurance, and letting it lapse can trigger lender-placed coverage at a much higher premium or a default under the loan.",
      },
      {
        title: "Customers Gone for Good",
        description:
          "A long closure sends customers and employees to competitors, and a business that can't fund a quick reopening may never win them back.",
      },
    ],
    faqs: [
      {
        question: "What's the difference between replacement cost and actual cash value?",
        answer:
          "Replacement cost pays what it takes to repair or replace damaged property with new materials of like kind and quality. Actual cash value subtracts depreciation, so older roofs, equipment and inventory pay out far less. Replacement cost carries a higher premium but leaves a much smaller gap after a loss.",
      },
      {
        question: "How does the coinsurance clause work?",
        answer:
          "Most commercial property policies require you to insure the building to a set percentage of its value, commonly 80%, 90% or 100%. If your limit falls short of that percentage at the time of a loss, the claim is reduced proportionally, even for a partial loss. Regular valuation reviews or an agreed value endorsement help you avoid the penalty.",
      },
      {
        question: "Why is my wind and hail deductible a percentage?",
        answer:
          "In hail- and wind-prone areas, including much of Texas, carriers often set a separate deductible of 1% to 5% of the building's insured value instead of a flat dollar amount. On a $2 million building, a 2% deductible means you pay the first $40,000 of a wind or hail claim. We quote several deductible levels so you can see the premium trade-off.",
      },
      {
        question: "Does commercial property insurance cover flooding?",
        answer:
          "No. Flood, including storm surge and rising water, is excluded from standard commercial property policies. You need a separate policy from the NFIP, which offers up to $500,000 each for building and contents, or from a private flood carrier for higher limits.",
      },
      {
        question: "What does business income insurance pay for?",
        answer:
          "It replaces the net income you would have earned and covers continuing expenses such as payroll, rent and loan payments while you're closed after a covered property loss. Most policies start paying after a waiting period, often 72 hours, and continue through the period of restoration. Extra expense coverage adds the cost of temporary space or expedited repairs to reopen sooner.",
      },
    ],
  };

  const hoa: ProductPage = {
    slug: "hoa",
    serviceType: "HOA Insurance",
    pageTitle: "HOA Insurance",
    metaDescription:
      "HOA and condo association insurance: master property policy, general liability, directors and officers, crime and fidelity, umbrella and workers' comp.",
    hero: {
      title: "HOA and Condo Association Insurance",
      description: `Master property, liability, D&O and crime coverage for homeowners and condominium associations, built around your governing documents and reserve study. Board members and community managers hear from a licensed agent within ${promises.contactMinutes} minutes.`,
      imageAlt: "Townhome community with a shared pool and landscaped common area",
    },
    coverage: [
      {
        title: "Master Property Policy",
        description:
          "Insures association-owned buildings and common areas such as clubhouses, pools, gates, fences and mailbox kiosks, and for condominiums, the shared building structure itself.",
      },
      {
        title: "Common Area Liability",
        description:
          "Covers injury and damage claims arising from common areas, like a fall on a cracked sidewalk, an injury at the community pool or a gate closing on a resident's car.",
      },
      {
        title: "Directors & Officers Liability",
        description:
          "Defends volunteer board members and the association against wrongful-act claims such as breach of fiduciary duty, selective covenant enforcement, discrimination or disputed architectural decisions.",
      },
      {
        title: "Crime & Fidelity",
        description:
          "Reimburses the association for funds lost to employee dishonesty, forgery and computer fraud, and, when the policy includes it, theft by the property management company.",
      },
      {
        title: "Association Umbrella",
        description:
          "Adds liability limits above the association's general liability and other underlying policies, which matters for communities with pools, playgrounds, lakes or private roads.",
      },
      {
        title: "Association Workers' Comp",
        description:
          "Covers employees the association hires directly, such as groundskeepers, maintenance staff and pool attendants. It's optional for Texas associations, but without it an injured employee can sue the association directly.",
      },
      {
        title: "Shared Equipment Breakdown",
        description:
          "Covers mechanical and electrical failure of elevators, boilers, pool pumps, gate operators and HVAC systems serving shared spaces.",
      },
      {
        title: "Cyber Liability",
        description:
          "Pays breach response costs and liability claims if owners' payment details or personal information held by the association or its online portal is compromised.",
      },
    ],
    benefits: [
      {
        title: "Matched to Your Declaration",
        description:
          "We read your declaration, CC&Rs and bylaws to confirm the master policy covers exactly what your documents require the association to insure.",
      },
      {
        title: "Reserve Study Alignment",
        description:
          "We compare building limits with your reserve study and current construction costs so the master policy keeps pace with what it would actually cost to rebuild.",
      },
      {
        title: "Bare-Walls or All-In Clarity",
        description:
          "We confirm whether your master policy is bare-walls, single-entity or all-in, so owners know exactly what their HO-6 unit policies need to pick up.",
      },
      {
        title: "Board Meeting Support",
        description:
          "We present renewal options to the board, explain coverage changes in plain language and answer owner questions at annual meetings.",
      },
      {
        title: "Management Company Coordination",
        description:
          "We work directly with your community manager on owner certificate requests and mortgage lender questionnaires so unit sales and refinances close on time.",
      },
      {
        title: "Community Association Programs",
        description: `We access ${promises.carriers} carriers, including programs built specifically for homeowners associations, condominiums and townhome communities.`,
      },
      {
        title: "Volunteers Stay on the Board",
        description:
          "Solid D&O coverage makes it easier to recruit and keep board volunteers, who may hesitate to serve if a dispute with a neighbor could cost them personally.",
      },
      {
        title: "Claims Guidance for Boards",
        description: `When a storm damages common areas, our ${promises.claimsSupport} claims support helps the board document damage, meet deadlines and coordinate with owners whose units were affected.`,
      },
    ],
    risks: [
      {
        title: "Special Assessments on Owners",
        description:
          "If the master policy is underinsured, the shortfall after a fire or storm is usually passed to owners through a special assessment that can run thousands of dollars per unit.",
      },
      {
        title: "Directors Sued Personally",
        description:
          "Without D&O coverage, volunteer directors can be named individually in lawsuits over budgets, fines or architectural denials and left funding their own defense.",
      },
      {
        title: "Embezzled Reserve Funds",
        description:
          "A treasurer or management company employee who diverts reserve funds can drain years of savings, and without crime coverage the money may never be recovered.",
      },
      {
        title: "Amenity Injury Lawsuits",
        description:
          "A serious injury at the pool, playground or fitness room can bring a claim larger than the association's entire annual operating budget.",
      },
      {
        title: "Failed Lender Reviews",
        description:
          "A condominium whose master policy or fidelity coverage falls short of lender requirements can become ineligible for conventional financing, making units harder to sell.",
      },
      {
        title: "Unit Damage Disputes",
        description:
          "When the declaration and the master policy don't line up, owners and the association can end up in costly disputes over who pays for interior damage after a water leak.",
      },
      {
        title: "Employee Injury Claims",
        description:
          "A maintenance worker hurt on association property can sue the association directly if it has no workers' compensation, because general liability excludes injuries to its own employees.",
      },
      {
        title: "Breaching Governing Documents",
        description:
          "Most declarations, and many state condominium laws, require the association to carry specific coverage, and falling short exposes the board to claims from owners.",
      },
    ],
    faqs: [
      {
        question: "What's the difference between a bare-walls and an all-in condo master policy?",
        answer:
          "A bare-walls policy covers the building structure but not interior finishes like cabinets, flooring and fixtures, which owners insure on their own HO-6 policies. A single-entity policy adds the finishes as originally built, and an all-in policy also covers improvements owners have made. Your declaration usually dictates which type the association must carry.",
      },
      {
        question: "Do HOAs need directors and officers insurance?",
        answer:
          "In most cases, yes. Board decisions on assessments, rule enforcement, vendor contracts and architectural approvals regularly lead to owner lawsuits, and general liability doesn't cover those wrongful-act claims. D&O pays defense costs and settlements and protects the personal assets of volunteer board members.",
      },
      {
        question: "Does the crime policy cover theft by our property management company?",
        answer:
          "Only if it's written to. Many crime policies cover the association's own employees and volunteers but need an endorsement to treat the management company and its staff as employees. We check that wording and set the limit at least equal to the funds the manager can access, reserves included.",
      },
      {
        question: "How do we know our buildings are insured for the right amount?",
        answer:
          "Start from a current replacement cost appraisal, not market value or the component budget in your reserve study. We compare the master policy limit with appraised rebuilding costs and recent construction inflation and recommend updates at each renewal. Carrying too little can trigger coinsurance penalties and special assessments after a major loss.",
      },
      {
        question: "How quickly can our board get a quote?",
        answer: `Send us your declaration, current policies, five years of loss runs and your latest reserve study or appraisal, and a licensed agent from ${agency.name} will contact your board within ${promises.contactMinutes} minutes. Association programs are underwritten carefully, so we'll give you a realistic timeline for the full proposal based on your number of units and buildings.`,
      },
    ],
  };

  const investmentProperty: ProductPage = {
    slug: "investment-property",
    serviceType: "Investment Property Insurance",
    pageTitle: "Investment Property Insurance",
    metaDescription:
      "Landlord insurance for rental properties: DP-3 dwelling coverage, loss of rents, premises liability, vacancy and short-term rental options and portfolio plans.",
    hero: {
      title: "Investment Property Insurance for Landlords",
      description: `Coverage for single-family rentals, duplexes, condos and vacation rentals, from one house to a full portfolio held in an LLC. Tell us about your properties and a licensed agent will call within ${promises.contactMinutes} minutes.`,
      imageAlt: "Row of single-family rental homes with a For Rent sign in the front yard",
    },
    coverage: [
      {
        title: "Dwelling Coverage (DP-3)",
        description:
          "Open-perils protection for the rental home itself, usually on a replacement cost basis, covering fire, wind, hail, burst pipes and other causes of loss not specifically excluded.",
      },
      {
        title: "Other Structures",
        description: "Covers detached garages, fences, sheds and carports on the rental property.",
      },
      {
        title: "Landlord Personal Property",
        description:
          "Protects appliances, furnishings and lawn equipment you provide for tenants' use, which a tenant's renters policy won't cover.",
      },
      {
        title: "Loss of Rents",
        description:
          "Fair rental value coverage replaces the rent you lose while a covered loss makes the property unfit to live in, until repairs are complete.",
      },
      {
        title: "Premises Liability",
        description:
          "Covers claims from tenants, guests and neighbors hurt on the property, such as a fall on broken steps. Dwelling policies don't include it automatically, so we add it by endorsement or a separate policy.",
      },
      {
        title: "Vacancy & Renovation Coverage",
        description:
          "Protection for properties between tenants or under renovation, since standard landlord policies restrict vandalism and glass breakage coverage once a dwelling has been vacant for more than 60 consecutive days.",
      },
      {
        title: "Short-Term Rental Coverage",
        description:
          "Policies designed for nightly and weekly vacation rentals, covering guest-caused damage, guest liability and lost booking income that long-term landlord forms often exclude.",
      },
      {
        title: "Landlord Umbrella",
        description: "Adds $1 million or more of liability above the underlying coverage on every rental you own, under one shared limit.",
      },
    ],
    benefits: [
      {
        title: "Portfolio Policies",
        description:
          "Own several rentals? A multi-property policy puts them on one schedule with one renewal date, often at better pricing than separate policies.",
      },
      {
        title: "LLC Named Insured Done Right",
        description:
          "We list the LLC or trust that holds title as the named insured, with you and your lender in the right places, so ownership isn't questioned at claim time.",
      },
      {
        title: "Landlord Specialty Carriers",
        description: `From long-term single-family rentals to small multifamily and vacation homes, we shop ${promises.carriers} carriers, including insurers that specialize in rental property.`,
      },
      {
        title: "Renters Insurance Requirements",
        description:
          "We explain how requiring tenants to carry renters insurance shifts tenant-caused liability and belongings losses off your policy and helps protect your loss history.",
      },
      {
        title: "Rentals in Other States",
        description: `Buying out of state? Our licenses in ${licensedStateCount} states let you keep properties in different markets with one agent and consistent coverage.`,
      },
      {
        title: "Lender and Closing Support",
        description:
          "We issue evidence of insurance with your lender listed as mortgagee before closing, including DSCR and portfolio loans that require rent loss coverage.",
      },
      {
        title: "After-Hours Loss Reporting",
        description: `A burst pipe at a rental in the middle of the night can be reported through our ${promises.claimsSupport} claims support, so mitigation starts fast and lost rent is documented.`,
      },
      {
        title: "Credits for Upgrades",
        description:
          "Updated roofs, monitored alarms, water-leak sensors and higher deductibles can all lower landlord premiums, and we make sure carriers apply those credits.",
      },
    ],
    risks: [
      {
        title: "Lost Rent During Repairs",
        description:
          "A kitchen fire can keep a rental empty for months while the mortgage, property taxes and HOA dues keep coming due with no rent to cover them.",
      },
      {
        title: "Tenant and Guest Lawsuits",
        description:
          "Landlords are regularly sued over falls on stairs, broken railings and poor lighting, and defending even a weak claim is expensive.",
      },
      {
        title: "Denied Vacancy Claims",
        description:
          "Vandalism discovered after a long vacancy may be excluded, and other claims reduced, if the property sat empty beyond the policy's vacancy limit.",
      },
      {
        title: "Homeowners Policy Denials",
        description:
          "Insuring a rental on a standard homeowners policy can lead to a denied claim, because those policies are written for homes the owner lives in.",
      },
      {
        title: "Short-Term Rental Gaps",
        description:
          "Damage or injury involving a paying guest can be excluded under a long-term landlord policy, and platform host protections carry their own limits and exclusions.",
      },
      {
        title: "Judgments Beyond Your Limits",
        description:
          "A serious injury at one rental can produce a judgment larger than your policy limit, putting the equity in your other properties at risk.",
      },
      {
        title: "Lender Force-Placed Insurance",
        description:
          "If coverage lapses, your mortgage servicer can buy force-placed insurance at a much higher cost that protects its loan, not your equity or rental income.",
      },
      {
        title: "Ownership Mismatch Problems",
        description:
          "When the deed is in an LLC but the policy names you personally, the carrier may question insurable interest and delay or dispute a claim.",
      },
    ],
    faqs: [
      {
        question: "What is a DP-3 policy, and how is it different from homeowners insurance?",
        answer:
          "A DP-3 is a dwelling fire policy built for non-owner-occupied homes, covering the structure on an open-perils basis and usually at replacement cost. Unlike a homeowners policy, it doesn't automatically include liability or cover the tenant's belongings, and it includes fair rental value coverage for lost rent. It's the standard choice for one- to four-family rentals.",
      },
      {
        question: "What happens to my coverage if the property is vacant?",
        answer:
          "Most landlord policies limit coverage once a property has been vacant for more than 60 consecutive days, commonly excluding vandalism and glass breakage and sometimes reducing other claims. If you expect a longer vacancy or a renovation, tell us before that deadline so we can add a vacancy permit or move the property to a vacant dwelling policy.",
      },
      {
        question: "Do I need a different policy for a short-term rental?",
        answer:
          "Usually. Long-term landlord forms often exclude or limit rentals to guests by the night or week, and homeowners policies generally exclude business use. A short-term rental policy covers guest damage, liability and lost booking income, filling gaps that platform host guarantees leave open.",
      },
      {
        question: "Should the policy be in my name or my LLC's name?",
        answer:
          "The named insured should match whoever holds title, so if the LLC owns the property, the LLC should be the named insured. You can be added as an additional insured, and your lender should be listed as mortgagee. A mismatch can complicate claims and blur the separation between you and the LLC.",
      },
      {
        question: "Can I insure all my rental properties on one policy?",
        answer: `Yes. A portfolio or blanket policy can cover several rentals on one schedule with a single renewal, and you add properties as you buy them. ${agency.name} shops multi-property programs across ${promises.carriers} carriers, and a licensed agent will contact you within ${promises.contactMinutes} minutes to review your schedule.`,
      },
    ],
  };

  return [contractors, generalLiability, commercialTrucking, commercialProperty, hoa, investmentProperty];
});

export function productBySlug(site: SiteFacts, slug: string | undefined): ProductPage | undefined {
  return productPagesFor(site).find((page) => page.slug === slug);
}
