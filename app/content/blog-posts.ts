/**
 * The blog's six built-in articles (spec 000 section 3), written by the agency's own people
 * (app/content/team.ts) as HTML limited to p, h2, h3, strong, em, ul, ol, li and a.
 * The spec gives five reading times (8, 8, 10, 12 and 10 minutes); the articles are long enough for
 * those to be honest at 200 words a minute (a unit test checks it), and the sixth's is the one its
 * text gives at that speed (lib/html-text.ts readingTime: the same test keeps the two equal).
 *
 * The closing paragraphs name the agency and its figures from the stored profile's facts, so the
 * articles are built once per facts object (`builtInPostsFor`); their ids, slugs, dates and reading
 * times are the same for every agency.
 *
 * Only server code imports this module: pages receive the articles through their loaders, never
 * in a JavaScript chunk.
 */
import { perSite } from "./site-facts";
import { defaultTeam } from "./team";

export type BlogAuthor = { name: string; role: string; avatar: string | null };

/**
 * A post as displayed (spec 000 section 3), built-in or stored (features/blog/mapping.ts maps a stored
 * one). `publishDate` is ISO: a date (built-in posts) or a timestamp.
 */
export type DisplayedPost = {
  id: string;
  slug: string;
  title: string;
  description: string;
  content: string;
  publishDate: string;
  readingTime: number;
  tags: string[];
  imageUrl: string;
  author: BlogAuthor;
};

function staffAuthor(firstName: string): BlogAuthor {
  const member = defaultTeam.find((m) => m.name.startsWith(`${firstName} `));
  if (!member) throw new Error(`No team member named ${firstName}`);
  return { name: member.name, role: member.role, avatar: null };
}

const daniel = staffAuthor("Daniel");
const maria = staffAuthor("Maria");
const jenna = staffAuthor("Jenna");

/** The six articles with `site`'s facts, in the order of the spec; the pages list them newest first. */
export const builtInPostsFor = perSite((site): readonly DisplayedPost[] => {
  const { agency, licensedStateCount, promises } = site;

  const contractorTrends = `
<p>If your contractor's insurance renewal felt harder this year than it did five years ago, you are not imagining it. Carriers are asking more questions, reading contracts more closely and pricing liability with more caution, while many contractors are taking on larger jobs with tighter contract requirements. This article walks through the trends we see as an independent agency placing contractor accounts with many carriers, and what you can do before your next renewal to keep coverage broad and premiums predictable.</p>
<p>A word of caution before we start: insurance markets vary by state, trade, company size and loss history. Treat what follows as a guide to the questions to ask, not a forecast of your own premium.</p>
<h2>1. General liability pricing keeps climbing, especially for higher limits</h2>
<p>General liability (GL) is the policy most contracts ask for first, and it is where many contractors have felt the steadiest increases. Jury awards in injury cases have grown faster than general inflation in many parts of the country, a trend the industry calls social inflation, and the cost of defending a construction claim has risen with it.</p>
<p>The effect is sharpest on umbrella and excess liability. A carrier that once offered a $10 million umbrella to a mid-size contractor may now cap its share at $5 million or less, so reaching the same total limit takes more layers, each with its own premium and its own underwriting. If a project owner or general contractor requires high limits, start that conversation early: building an excess tower takes time.</p>
<p>What you can do:</p>
<ul>
<li><strong>Report exposures accurately.</strong> GL premium is usually based on payroll or revenue by classification. Underestimating to lower the deposit premium only moves the bill to the audit.</li>
<li><strong>Clean up your classifications.</strong> A remodeler coded as a general contractor, or a roofer coded for new commercial work when most jobs are residential re-roofs, can pay the wrong rate and may face coverage questions after a claim.</li>
<li><strong>Show your controls.</strong> Written safety programs, jobsite inspections, subcontract agreements and quality-control checklists all give an underwriter reasons to offer better terms.</li>
</ul>
<h2>2. Additional insured and completed operations requirements are getting stricter</h2>
<p>Almost every commercial construction contract now asks you to name the owner, the general contractor and sometimes the lender or architect as additional insureds on your GL policy. The details matter more than ever:</p>
<ul>
<li><strong>Ongoing and completed operations.</strong> Contracts commonly ask for additional insured status for both ongoing work and completed operations, often on ISO forms CG 20 10 and CG 20 37 or their equivalents. A blanket endorsement that covers ongoing operations only does not satisfy a contract that also requires completed operations coverage.</li>
<li><strong>Primary and non-contributory wording.</strong> Owners want your policy to respond first and not seek contribution from theirs. That takes a specific endorsement; a line typed on a certificate does not create it.</li>
<li><strong>Waiver of subrogation.</strong> Contracts often ask you to give up your insurer's right to recover from the other party. Your GL, auto, workers' compensation and umbrella policies may each need their own waiver endorsement.</li>
<li><strong>How long completed operations must last.</strong> Some contracts require you to keep completed operations coverage in force for several years after the project ends. Construction defect claims can surface long after the work is finished; Texas generally bars most suits against those who build or repair improvements to real property ten years after substantial completion, and other states set their own deadlines.</li>
</ul>
<p>Some carriers have narrowed their blanket additional insured forms or added conditions, such as requiring a written contract signed before the loss. Have your agent compare the endorsements on your policy with the insurance exhibit of each significant contract before you sign it, not after a claim.</p>
<p>Texas contractors should also know about the state's anti-indemnity law, Chapter 151 of the Texas Insurance Code. For most construction contracts it limits clauses that require you to indemnify another party for that party's own negligence, and it limits additional insured requirements that would give the same broad protection. There are exceptions, including certain claims by your own employees and some residential work, so ask your attorney how it applies to a particular contract.</p>
<h2>3. Subcontractor risk transfer is under the microscope</h2>
<p>For general contractors, one of the biggest drivers of GL cost is what happens with subcontractors. Carriers audit it closely, and the rule is simple: if a subcontractor has no insurance, or insurance that does not protect you, your carrier treats that sub's work as your own exposure. At audit, the cost of uninsured subcontractors is typically added to your premium base, sometimes at a higher rate than your own payroll.</p>
<p>A sound subcontractor program includes:</p>
<ol>
<li>A written subcontract for every sub, signed before work starts, with indemnity, insurance requirements and additional insured wording that match what your own contracts require of you.</li>
<li>Certificates of insurance collected before the first day on site, together with copies of the additional insured and waiver endorsements, not just the certificate.</li>
<li>Limits at least equal to the ones your carrier requires, on GL, auto, workers' compensation and umbrella.</li>
<li>A system that tracks expiration dates and stops payment or site access when coverage lapses.</li>
<li>A review of each sub's policy for exclusions that matter to your work, such as residential, height or classification limitations.</li>
</ol>
<h2>4. Builders risk needs closer attention to values and theft</h2>
<p>Builders risk covers a building while it is under construction, including materials on site and often materials in transit or stored elsewhere. Who buys it depends on the contract: on many commercial projects the owner does; on spec homes and much residential work the builder does.</p>
<p>Three issues come up again and again:</p>
<ul>
<li><strong>Completed value.</strong> Builders risk is usually written for the full completed value of the project. When material and labor costs rise during a job, a limit set at the start may fall short. Ask whether the policy can be adjusted as change orders add value.</li>
<li><strong>Theft and vandalism.</strong> Copper wire, appliances and tools are attractive targets on open jobsites. Many policies carry a separate theft deductible, or cover theft of materials only once they are installed or secured.</li>
<li><strong>Wind and hail deductibles.</strong> In Texas and other storm-prone states, builders risk often carries a percentage deductible for wind and hail or named storms. Know the dollar amount before a storm, not after.</li>
</ul>
<h2>5. Workers' compensation: Texas is different</h2>
<p>Texas is the only state where most private employers may choose not to carry workers' compensation. Employers who opt out are called nonsubscribers, and the choice has real consequences:</p>
<ul>
<li>A nonsubscriber sued by an injured employee for negligence loses key common-law defenses, such as arguing that the employee was partly at fault or that a coworker caused the injury.</li>
<li>Nonsubscribers must file an annual notice with the Texas Department of Insurance, Division of Workers' Compensation, and tell employees that the company does not carry coverage.</li>
<li>Many general contractors and owners require workers' compensation from every subcontractor anyway, and public construction projects in Texas generally require coverage for everyone working on the project.</li>
<li>Once you work in another state, that state's rules apply. Most states require coverage, so a Texas crew sent to a job in Oklahoma, Louisiana or Arkansas may need it even if the company is a nonsubscriber at home.</li>
</ul>
<p>Some nonsubscribers buy occupational accident or employer's liability coverage instead. These can help, but they are not a workers' compensation policy, and they do not give you the protection from lawsuits that the workers' compensation system provides. If you are weighing the choice, compare the total cost, including potential lawsuits and lost contracts, not just the premium.</p>
<p>For subscribers, the experience modification rate (EMR) remains the number to watch. It compares your claims history with what is expected for businesses of your size and trade, and many general contractors use it to prequalify subcontractors. Reporting injuries promptly and bringing employees back to modified duty when they are able both help keep it down.</p>
<h2>6. Commercial auto keeps getting more expensive</h2>
<p>Commercial auto has been one of the hardest lines for contractors for several years. Repair costs have risen with the sensors and electronics in newer trucks, and injury claims from auto accidents can be severe. Underwriters look closely at driver records, so a single employee with several violations can raise the premium for the whole fleet or make the account hard to place.</p>
<p>Practical steps include pulling motor vehicle records before hiring drivers and at least once a year after that, and considering telematics or dash cameras, which some carriers reward. Do not forget hired and non-owned auto coverage if employees run errands in their own cars.</p>
<h2>A renewal checklist for 2025</h2>
<ol>
<li>Start 90 to 120 days before expiration, especially if you need umbrella limits above $5 million.</li>
<li>Gather five years of loss runs for every line, and be ready to explain large or open claims.</li>
<li>Update payroll, revenue and subcontracted costs by trade, with realistic projections for the coming year.</li>
<li>Collect subcontractor certificates and endorsements, and close any gaps before the audit.</li>
<li>List your key contracts and their insurance requirements so your agent can confirm the endorsements match.</li>
<li>Document your safety program, training and jobsite inspections.</li>
<li>Review your equipment schedule and builders risk values.</li>
</ol>
<p>${agency.name} works with contractors in the ${licensedStateCount} states where we are licensed, and we compare coverage from ${promises.carriers} carriers so you can see the differences in forms and exclusions, not just in price. If your renewal is coming up, <a href="/insurance/contractors">see how we insure contractors</a> or <a href="/contact">contact us</a> to start early.</p>
`;

  const cyberInsurance = `
<p>Small businesses often assume hackers are only interested in large companies. In practice, many attacks are not aimed at anyone in particular. Criminals send phishing emails by the thousands, scan the internet for unpatched systems and take whatever they can get. A contractor with a bookkeeping laptop, a trucking company with a dispatch system or a property manager with tenant records all hold something worth stealing or locking up: money, data and the ability to keep working.</p>
<p>Cyber insurance is built for those events. This guide explains what a typical cyber policy covers, how it differs from the coverage you may already have, what insurers now expect before they will offer a policy, and what Texas law requires of you after a data breach.</p>
<h2>Why your other policies probably do not cover it</h2>
<p>Commercial property policies are written for physical loss: fire, wind, theft of things you can touch. Data is generally not treated as covered property, and a ransomware attack usually causes no physical damage at all. General liability policies commonly exclude claims arising from access to or disclosure of confidential or personal information. Some package policies include a small amount of data breach coverage, often with low limits. A standalone cyber policy fills the gap.</p>
<h2>First-party coverage: your own costs</h2>
<p>First-party coverage pays what an incident costs your business directly. Common parts include:</p>
<ul>
<li><strong>Incident response.</strong> Lawyers who specialize in breaches (often called breach coaches), forensic investigators who find out what happened and how far the attacker got, and help deciding who must be notified. Many insurers connect you with these firms from the first phone call.</li>
<li><strong>Notification and credit monitoring.</strong> Letters, call centers and identity protection services for the people affected.</li>
<li><strong>Data restoration.</strong> Recovering or recreating data and software damaged in the attack.</li>
<li><strong>Business interruption.</strong> Lost income and extra expenses while your systems are down, after a waiting period stated in hours. Some policies extend this to outages at a provider you depend on, such as a cloud software vendor.</li>
<li><strong>Cyber extortion.</strong> Response costs and, where lawful and approved by the insurer, ransom payments.</li>
<li><strong>Public relations.</strong> Help deciding what to tell customers and the public.</li>
</ul>
<h2>Third-party coverage: claims against you</h2>
<p>Third-party coverage responds when others hold you responsible:</p>
<ul>
<li><strong>Network security and privacy liability.</strong> Defense and damages if customers, employees or business partners sue because their information was exposed, or because your compromised systems spread malware to theirs.</li>
<li><strong>Regulatory defense and penalties.</strong> The cost of responding to a state attorney general or other regulator, and fines and penalties where the law allows them to be insured.</li>
<li><strong>Payment card costs.</strong> Assessments and fines imposed under your merchant agreement when card data is compromised.</li>
<li><strong>Media liability.</strong> Claims such as copyright or trademark infringement or defamation arising from your website and social media content.</li>
</ul>
<h2>Ransomware: the claim that changed the market</h2>
<p>Ransomware encrypts your files and demands payment for the key, and many attackers now copy data first and threaten to publish it. Even a business with good backups can face days of downtime, forensic work to confirm what was taken, and notification duties if personal information was exposed.</p>
<p>If it happens to you, call your insurer's breach hotline or your agent before you contact the attackers or pay anything. Policies usually require the insurer's consent before a ransom is paid or vendors are hired, and paying a sanctioned person or group can violate federal law; the U.S. Treasury's Office of Foreign Assets Control has warned businesses and their advisers about exactly that risk. The insurer's response team handles these questions every day.</p>
<h2>Social engineering and funds transfer fraud</h2>
<p>Some of the most expensive losses for small businesses involve no hacking of your own systems at all. A criminal who has taken over a vendor's email account sends a convincing invoice with new bank details, or someone posing as the owner asks the bookkeeper to wire money urgently. Because an employee sends the money voluntarily, many crime and cyber policies treat it differently from theft.</p>
<p>Check how your coverage handles three related situations:</p>
<ul>
<li><strong>Funds transfer fraud:</strong> a criminal instructs your bank to move money without your authorization.</li>
<li><strong>Social engineering fraud:</strong> your own employee is tricked into sending money. This is often covered only by a specific insuring agreement, with a sublimit well below the policy limit.</li>
<li><strong>Invoice manipulation:</strong> your customer pays a fraudulent invoice that appears to come from you, and you cannot collect the money you earned.</li>
</ul>
<p>Many policies require, and every business should adopt, a rule that any change to payment instructions is confirmed by phone using a number you already had on file, never one given in the email.</p>
<h2>What insurers expect before they will quote</h2>
<p>Cyber underwriting has become far more detailed. Applications ask specific questions about your security controls, and some insurers scan your internet-facing systems before quoting. Controls that are commonly required or strongly expected include:</p>
<ul>
<li><strong>Multi-factor authentication (MFA)</strong> on email, remote access such as VPN or remote desktop, and administrator accounts. This is frequently a condition of coverage, not just a rating factor.</li>
<li><strong>Backups</strong> kept separate from your network or protected from deletion, and tested by actually restoring data.</li>
<li><strong>Endpoint detection and response (EDR)</strong> software on computers and servers, a step beyond traditional antivirus.</li>
<li><strong>Prompt patching</strong> of operating systems, firewalls and remote access tools, especially for vulnerabilities known to be exploited.</li>
<li><strong>Phishing training</strong> for employees, repeated through the year.</li>
<li><strong>Limited administrator rights</strong>, so that one compromised account cannot take over the whole network.</li>
</ul>
<p>Answer the application accurately. If it says MFA is in place everywhere and the attacker came in through an account without it, the insurer may dispute the claim. If a control is not in place yet, tell your agent; it is far better to plan the fix with the underwriter than to argue about it after a loss.</p>
<h2>Texas data breach notification law</h2>
<p>If your business owns or licenses computerized sensitive personal information, the Texas Identity Theft Enforcement and Protection Act (Chapter 521 of the Texas Business and Commerce Code) applies. Sensitive personal information includes a person's name together with items such as a Social Security number, a driver's license number, or a financial account number with the code needed to use it, as well as certain health information. In short:</p>
<ul>
<li>You must notify affected individuals without unreasonable delay and no later than 60 days after you determine that a breach occurred.</li>
<li>If the breach involves at least 250 Texas residents, you must also notify the Texas Attorney General, using the form on the Attorney General's website. Since a 2023 amendment, that notice is due as soon as practicable and no later than 30 days after you determine the breach occurred.</li>
<li>If you must notify more than 10,000 people at one time, you must also notify the nationwide consumer reporting agencies.</li>
<li>Affected residents of other states are covered by their own states' laws, with different definitions and deadlines.</li>
</ul>
<p>These deadlines run while you are still investigating, which is one reason the legal and forensic help inside a cyber policy is so valuable. Laws change, so confirm the current requirements with the breach counsel assigned to your claim.</p>
<h2>What cyber policies usually do not cover</h2>
<p>Cyber forms differ more than most commercial policies, but some limits are common:</p>
<ul>
<li><strong>Bodily injury and physical damage</strong>, which are left to your general liability and property policies.</li>
<li><strong>Improvements to your systems</strong> after an attack beyond restoring what you had, although some policies now pay for limited upgrades.</li>
<li><strong>Incidents that began before the policy</strong> or that you knew about when you applied.</li>
<li><strong>Widespread infrastructure failures</strong>, such as an outage of a power grid or of the internet itself, and acts of war, under wording that varies by insurer.</li>
<li><strong>Lost future profits</strong> from reputational harm after you have recovered, unless the policy specifically includes them.</li>
</ul>
<p>Read the definitions of "computer system" and "insured" as well: whether employees' own devices, or systems run by your vendors, are included can decide a claim.</p>
<h2>Buying tips</h2>
<ol>
<li>Choose limits based on your realistic downtime and the amount of personal data you hold, not on the cheapest option.</li>
<li>Look at the sublimits for social engineering, business interruption and regulatory penalties, not only the headline limit.</li>
<li>Understand the waiting period before business interruption coverage starts.</li>
<li>Ask whether you must use the insurer's panel of vendors, and whether your own IT provider can be approved.</li>
<li>Cyber policies are usually written on a claims-made basis: keep coverage continuous and watch the retroactive date when you change insurers.</li>
<li>Keep the insurer's breach hotline number somewhere you can reach when your network is down.</li>
</ol>
<p>${agency.name} compares cyber and crime coverage from several carriers and can help you answer the security questions accurately. <a href="/contact">Contact us</a> to talk it through, or read our <a href="/blog/risk-management-for-small-businesses">risk management guide</a> for the wider picture.</p>
`;

  const contractorsGuide = `
<p>Whether you run a one-truck handyman business or a general contracting firm with a dozen crews, insurance decides which jobs you can bid, which general contractors will hire you, and whether one bad day on a jobsite becomes a setback or the end of the business. This guide explains each coverage a contractor typically needs, what it does and does not do, and how to read the insurance section of a contract before you sign it.</p>
<h2>General liability: the foundation</h2>
<p>Commercial general liability (CGL) insurance pays for bodily injury and property damage you cause to others, and for the legal defense that comes with those claims. A standard CGL policy has three main parts:</p>
<ul>
<li><strong>Coverage A, bodily injury and property damage liability</strong>: a visitor trips over your materials, your crew floods a finished unit below, a ladder falls on a parked car.</li>
<li><strong>Coverage B, personal and advertising injury</strong>: claims such as libel, slander or certain advertising mistakes.</li>
<li><strong>Coverage C, medical payments</strong>: small medical bills for someone hurt on your premises or by your operations, regardless of fault.</li>
</ul>
<p>Limits are written as an amount per occurrence plus aggregate limits for the policy year. Many contracts ask for $1,000,000 per occurrence and $2,000,000 in the general aggregate, with a separate products-completed operations aggregate. If you work on several projects at once, a per-project aggregate endorsement keeps one large claim on one job from using up the limit for all the others.</p>
<p>What GL does not do is just as important. It is not a warranty or a performance guarantee: it generally does not pay to redo your own faulty work, although it may cover damage that faulty work causes to other property. It excludes most pollution, professional design errors, injuries to your own employees, and damage to vehicles and equipment you own. Read the exclusions page: some policies exclude residential work, work above certain heights or specific trades, which may not match what you actually do.</p>
<h2>Workers' compensation and employer's liability</h2>
<p>Workers' compensation pays medical bills and part of the lost wages of employees injured on the job, regardless of fault. The policy also includes employer's liability coverage, which defends you when an injury leads to a lawsuit the workers' compensation system does not bar, such as a claim by an injured worker's family. Employer's liability limits are often $100,000 for each accident, $500,000 for disease as a policy limit and $100,000 for disease for each employee; many contracts ask for $500,000 or $1,000,000 on each.</p>
<p>In most states coverage is mandatory once you have employees. Texas is the exception: private employers may choose not to subscribe, but nonsubscribers give up important legal defenses if an injured employee sues, must file notices with the state, and are shut out of jobs whose contracts require coverage. Public construction projects in Texas generally require it for everyone on the project. Sole proprietors, partners and some corporate officers can often exclude themselves to save premium, but then they are not covered if they are hurt.</p>
<p>Premium is based on payroll by job classification, adjusted by your experience modification rate once you are large enough to qualify for one. Classify employees correctly: a carpenter and a clerical worker carry very different rates, and misclassification is a common source of audit bills.</p>
<h2>Commercial auto</h2>
<p>Personal auto policies generally exclude or limit coverage for vehicles used in a business, and they do not cover vehicles titled to a company. Commercial auto covers the trucks, vans and trailers you own or lease, and it can cover vehicles you hire or rent and employees' own cars when they drive them on your business (hired and non-owned auto).</p>
<p>Contracts usually ask for a $1,000,000 combined single limit and coverage for "any auto," which is broader than covering only the vehicles listed on your policy. Tools and equipment carried in the truck are generally not covered by the auto policy; that is the job of inland marine coverage.</p>
<h2>Inland marine: tools, equipment and materials</h2>
<p>Despite the name, inland marine covers property that moves. For contractors, the key forms are:</p>
<ul>
<li><strong>Contractor's equipment floater.</strong> Covers mobile equipment such as excavators, skid steers and generators, usually on a schedule with a value for each item, plus a blanket limit for smaller tools. Ask whether equipment you rent or borrow is included; rental agreements often make you responsible for it.</li>
<li><strong>Installation floater.</strong> Covers materials and equipment you are installing until the owner accepts the work, for trades such as HVAC, electrical and plumbing that a builders risk policy may not protect.</li>
<li><strong>Builders risk.</strong> Covers a structure under construction. The contract says whether the owner or the contractor buys it.</li>
</ul>
<p>Check the valuation: replacement cost pays to buy a new item, while actual cash value deducts depreciation, which can leave you well short on older equipment. Check the theft conditions too: some forms require visible signs of forced entry, or exclude tools left in an unattended vehicle overnight.</p>
<h2>Umbrella and excess liability</h2>
<p>An umbrella or excess policy adds limits above your GL, auto and employer's liability policies. If a serious auto accident produces a judgment larger than your $1,000,000 auto limit, the umbrella pays the difference up to its own limit. Larger commercial projects often require $2,000,000 to $5,000,000 or more of umbrella coverage.</p>
<p>Two details matter: whether the policy follows the terms of the underlying policies (follow form) or has its own, possibly narrower, terms; and whether it extends additional insured status and primary and non-contributory wording the way your contracts require.</p>
<h2>Bonds are not insurance</h2>
<p>Surety bonds guarantee that you will do what you promised. Unlike insurance, a bond does not protect you: if the surety pays a claim, it expects you to repay it, and you will usually sign a personal indemnity agreement when you apply. Common bonds include:</p>
<ul>
<li><strong>Bid bonds</strong>, guaranteeing that you will sign the contract and provide the required bonds if you win the job.</li>
<li><strong>Performance bonds</strong>, guaranteeing completion of the work according to the contract.</li>
<li><strong>Payment bonds</strong>, guaranteeing that your subcontractors and suppliers will be paid.</li>
<li><strong>License and permit bonds</strong>, required by some cities and states before you can pull permits.</li>
</ul>
<p>Federal construction contracts above a set dollar threshold require performance and payment bonds under the Miller Act, and most states have similar laws for public work. In Texas, Chapter 2253 of the Government Code requires payment and performance bonds on public work contracts above certain amounts. Sureties underwrite your finances, experience and backlog, so bring accountant-prepared financial statements and a work-in-progress schedule when you apply.</p>
<h2>Other coverages worth discussing</h2>
<ul>
<li><strong>Contractors pollution liability</strong> for mold, lead paint, asbestos disturbance, fuel spills and other exposures that the GL pollution exclusion removes.</li>
<li><strong>Professional liability</strong> if you provide design, design-build or construction management services.</li>
<li><strong>Commercial property</strong> for your office, shop or yard and what is in them.</li>
<li><strong>Cyber and crime coverage</strong>, since construction payments are a favorite target of fraudulent wire instructions.</li>
</ul>
<h2>Certificates of insurance: what they prove and what they do not</h2>
<p>A certificate of insurance, usually an ACORD 25 form, summarizes your coverage on the day it is issued. It is evidence of insurance, not insurance: it cannot add coverage your policy does not contain. If a contract requires you to name the owner as an additional insured, the certificate should reference the endorsement that does it, and many general contractors now ask for a copy of that endorsement as well.</p>
<p>Texas regulates certificates in Chapter 1811 of the Texas Insurance Code, which generally prohibits certificates that alter or extend the terms of the policy or contain false or misleading information, and requires certificate forms to be standard forms or approved by the Texas Department of Insurance. That is why an agent may decline to type special contract language onto a certificate: the fix is the right endorsement, not different words on the certificate.</p>
<p>Ask your agent how fast they issue certificates. Many jobs cannot start until the general contractor has one, and same-day turnaround is a reasonable expectation.</p>
<h2>How to read the insurance section of a contract</h2>
<p>Before signing, send the insurance requirements, often an exhibit at the back of the contract, to your agent. Look for:</p>
<ol>
<li><strong>Limits</strong> for each policy, including the umbrella, and whether aggregates must apply per project.</li>
<li><strong>Additional insured requirements</strong>: which parties, and whether for ongoing operations, completed operations or both.</li>
<li><strong>Primary and non-contributory</strong> wording.</li>
<li><strong>Waivers of subrogation</strong> on each policy.</li>
<li><strong>Completed operations duration</strong>, such as keeping coverage for several years after completion.</li>
<li><strong>Notice of cancellation</strong>: standard policies notify only the named insured unless an endorsement is added.</li>
<li><strong>Indemnity clauses</strong> that may require you to answer for another party's negligence, which insurance may not fully back up.</li>
<li><strong>Requirements you must pass down</strong> to your own subcontractors.</li>
</ol>
<p>Gaps found before signing can usually be fixed with an endorsement or a negotiated change. Gaps found after a claim are much harder to solve.</p>
<h2>Putting it together by type of contractor</h2>
<ul>
<li><strong>A solo handyman or specialty tradesperson</strong> without employees usually starts with general liability, commercial auto for the work truck and a tools floater. Workers' compensation may still be needed if a general contractor requires it, and once the first employee is hired.</li>
<li><strong>A specialty subcontractor with crews</strong>, such as an electrician, plumber or framer, adds workers' compensation, an umbrella, and the additional insured, primary and non-contributory and waiver endorsements general contractors require, plus an installation floater where materials are at risk before the owner accepts them.</li>
<li><strong>A general contractor</strong> needs all of that, plus a strong subcontractor compliance program, builders risk when the contract assigns it, bonds for public and many larger private jobs, and higher umbrella limits.</li>
<li><strong>A remodeler or home builder</strong> should pay particular attention to residential exclusions, completed operations coverage and, for new homes, how long after completion claims can still be brought.</li>
</ul>
<h2>What drives your premium</h2>
<p>Underwriters look at your trade and the kind of work you do (residential or commercial, new construction or remodeling), your payroll and revenue, how much you subcontract and whether your subcontractors are insured, your years of experience, your loss history over the last three to five years, and your safety practices. Clean records, written safety programs and well-documented subcontractor controls all help you get better terms.</p>
<p>Expect an audit after each policy year on GL and workers' compensation. The auditor compares your actual payroll, revenue and subcontract costs with the estimates used to set the deposit premium, and you pay more or get money back. Keeping payroll records by classification and a file of subcontractor certificates makes the audit quick and the result predictable.</p>
<h2>Getting started</h2>
<p>${agency.name} insures contractors, from specialty trades to general contractors, in ${licensedStateCount} states. We compare coverage from ${promises.carriers} carriers, review contract requirements before you bid, and turn certificates around quickly. <a href="/insurance/contractors">Learn about our contractors insurance</a>, read about <a href="/blog/2025-contractors-insurance-trends">this year's renewal trends</a>, or <a href="/contact">contact us</a> for a quote.</p>
`;

  const commercialProperty = `
<p>Commercial property insurance looks simple on the declarations page: a building, a limit, a deductible. The details underneath decide whether a claim pays what it actually costs to rebuild. This guide covers how property policies value a loss, how the coinsurance clause can shrink a payment, why business income coverage matters as much as the building limit, and the Texas issues that catch owners by surprise: wind and hail deductibles and windstorm coverage on the coast.</p>
<h2>What a commercial property policy covers</h2>
<p>Most commercial property policies are built from standard forms that cover some or all of the following:</p>
<ul>
<li><strong>Building</strong>: the structure, permanently installed fixtures, machinery and equipment, and often outdoor fixtures.</li>
<li><strong>Business personal property</strong>: furniture, inventory, equipment and supplies and, for tenants, the improvements and betterments they paid for.</li>
<li><strong>Personal property of others</strong> in your care, such as customer goods you are repairing or storing.</li>
<li><strong>Additional coverages and extensions</strong>: debris removal, preservation of property, fire department service charges, pollutant cleanup and others, usually with modest limits.</li>
</ul>
<p>Which causes of loss are covered depends on the form. Basic and broad forms list the perils they cover, such as fire, lightning, windstorm, hail, explosion and vandalism. The special form, the most common choice, covers direct physical loss unless it is excluded or limited. Even the special form excludes important causes: flood, earthquake and other earth movement, wear and tear, gradual deterioration, most mold, and usually water that backs up through sewers or drains unless you add that coverage.</p>
<h2>Owners, tenants and the lease</h2>
<p>Who insures what is usually settled by the lease, and it is worth reading before you buy coverage. In many commercial leases the landlord insures the building and passes the cost to tenants through common area or operating charges, while each tenant insures its own contents and the improvements it paid for. Triple-net leases often go further and require the tenant to pay for, or even buy, the property insurance on the building. Leases also commonly require tenants to carry business income coverage, to name the landlord on their liability policy, and to waive claims against the landlord for losses their own insurance covers.</p>
<p>Mismatches are common. A tenant who spent $150,000 building out a restaurant may assume the landlord's policy covers those improvements when it does not, or a landlord may be carrying coverage on a building the lease obliges a tenant to insure. A short review of the lease with your agent avoids both gaps and paying twice.</p>
<h2>Blanket or scheduled limits</h2>
<p>If you own several buildings, or contents at several locations, each can have its own limit (scheduled) or a single limit can apply across all of them (blanket). A blanket limit lets a loss at one building draw on the combined amount, which helps when one value turns out to be low. Insurers usually require a current statement of values and may still cap what any one location can receive, so blanket limits do not replace accurate valuations.</p>
<h2>Replacement cost or actual cash value</h2>
<p>The valuation clause decides how much a covered loss is worth.</p>
<ul>
<li><strong>Replacement cost</strong> pays what it costs to repair or replace damaged property with new property of like kind and quality, without a deduction for depreciation. Most policies pay replacement cost only once you actually repair or replace; until then they pay actual cash value.</li>
<li><strong>Actual cash value (ACV)</strong> is generally replacement cost minus depreciation. A 15-year-old roof that would cost $200,000 to replace may be worth only a fraction of that after depreciation for its age and condition.</li>
<li><strong>Functional replacement cost</strong>, sometimes used for older buildings, pays to replace with materials that serve the same function at lower cost, such as drywall instead of plaster.</li>
</ul>
<p>In Texas, roofs deserve special attention. After years of hail claims, many carriers value roofs above a certain age at actual cash value, use roof payment schedules that reduce the payment as the roof ages, or exclude cosmetic damage to metal roofs that does not let water in. Two quotes with similar premiums can treat the same roof very differently, so compare the roof terms, not just the price.</p>
<h2>Coinsurance: the clause that penalizes underinsurance</h2>
<p>Most commercial property policies include a coinsurance clause, typically 80%, 90% or 100%. It requires you to carry a limit of at least that percentage of the property's value at the time of the loss. If you carry less, the insurer pays only a proportion of any loss, even a small partial one.</p>
<p>The standard calculation divides the limit you carried by the limit you should have carried, multiplies the loss by that ratio, and then subtracts the deductible.</p>
<p><strong>A worked example.</strong> Your building would cost $1,000,000 to replace. The policy has an 80% coinsurance clause and a $5,000 deductible, so you should carry at least $800,000. You carry $600,000. A fire causes $200,000 of damage.</p>
<ol>
<li>Limit carried divided by limit required: $600,000 / $800,000 = 0.75.</li>
<li>Loss multiplied by that ratio: $200,000 x 0.75 = $150,000.</li>
<li>Minus the deductible: $150,000 - $5,000 = $145,000.</li>
</ol>
<p>The insurer pays $145,000. Had you carried $800,000 or more, it would have paid $195,000, the $200,000 loss minus the deductible. The underinsurance cost you $50,000 on a loss well below your limit.</p>
<p>Ways to avoid the penalty:</p>
<ul>
<li>Have the building's replacement cost estimated by an appraiser or with the insurer's valuation tools, and update it as construction costs change.</li>
<li>Ask for an <strong>agreed value</strong> endorsement, which suspends coinsurance for the policy period once the insurer accepts your statement of values.</li>
<li>Add an <strong>inflation guard</strong> endorsement that raises the limit automatically during the year.</li>
<li>Remember that coinsurance applies to business personal property too: count inventory at its seasonal peak.</li>
</ul>
<h2>Business income and extra expense</h2>
<p>A fire that closes your business for six months costs far more than the repairs. Business income coverage pays the net income you would have earned plus continuing expenses, such as the payroll you keep paying, rent, loan payments and taxes, during the period of restoration. Extra expense coverage pays reasonable costs to keep operating or to reopen sooner, such as renting temporary space or equipment.</p>
<p>Points to check:</p>
<ul>
<li><strong>Waiting period.</strong> The standard business income form does not pay for the first 72 hours after the damage; some policies use a shorter or longer period.</li>
<li><strong>Limit or time period.</strong> Some policies pay the actual loss sustained for up to 12 months; others set a dollar limit that has to be estimated with a worksheet and may carry its own coinsurance. Estimate how long a rebuild would really take, including permits and supply delays.</li>
<li><strong>Extended period of indemnity.</strong> After you reopen, it may take months for customers to return. The standard extension is short, often 60 days, and can be lengthened by endorsement.</li>
<li><strong>Civil authority and dependent properties.</strong> Coverage can extend to closures ordered by authorities because of damage nearby, and to losses caused by damage at a key supplier or customer, usually with limits.</li>
<li><strong>Rental income.</strong> Landlords and investment property owners can insure lost rents the same way.</li>
</ul>
<h2>Equipment breakdown</h2>
<p>Property policies usually exclude mechanical and electrical breakdown. Equipment breakdown coverage, added by endorsement or bought as a separate policy, covers the sudden breakdown of boilers, air conditioning and refrigeration systems, electrical panels, production machinery, computers and similar equipment. It typically pays to repair or replace the equipment, the resulting business income loss and the spoilage of perishable goods. Some forms also pay to restore data lost when the equipment holding it breaks down, usually with a modest sublimit. For restaurants, medical offices, manufacturers and any building whose tenants depend on HVAC, it is an inexpensive coverage that is used often.</p>
<h2>Ordinance or law coverage</h2>
<p>When an older building is damaged, building codes may require upgrades during the repair: sprinklers, accessibility changes, new wiring, or even demolition of the whole building if a large enough portion is damaged. Standard policies pay to restore what you had, not to meet new codes. Ordinance or law coverage fills that gap in three parts:</p>
<ul>
<li><strong>Coverage A</strong>: the value of the undamaged part of the building that must be torn down.</li>
<li><strong>Coverage B</strong>: the cost to demolish and remove the undamaged part.</li>
<li><strong>Coverage C</strong>: the increased cost to rebuild to current codes.</li>
</ul>
<p>Any building more than a few years old should be reviewed for this coverage, especially one in a flood zone, where local rules may require a substantially damaged building to be elevated or brought up to current standards.</p>
<h2>Texas wind and hail deductibles</h2>
<p>Hail and wind are among the most frequent causes of commercial property claims in Texas, and insurers have responded with deductibles that work differently from the flat deductible on the rest of the policy. A wind and hail deductible is often a percentage of the building's insured value, not of the loss. Common options are 1%, 2% and 5%.</p>
<p>The difference is large. On a building insured for $1,200,000, a 2% wind and hail deductible is $24,000 per occurrence. If a hailstorm causes $60,000 of roof damage, you collect $36,000. Some policies apply the percentage to each building separately, others to the total value at the location, so read the wording. When you compare quotes, convert each deductible to dollars and ask yourself whether you could pay that amount after a storm.</p>
<p>Other wind and hail terms to check include whether cosmetic damage is excluded, how the roof is valued, and whether a separate deductible applies to named storms.</p>
<h2>The Texas coast and TWIA</h2>
<p>Along the Texas coast, many private insurers exclude wind and hail from property policies. The Texas Windstorm Insurance Association (TWIA) was created by the Legislature to provide wind and hail coverage in the designated catastrophe area: the 14 first-tier coastal counties and part of Harris County. A TWIA policy covers only wind and hail; the rest of your property coverage comes from a standard policy with wind excluded.</p>
<p>Things to know:</p>
<ul>
<li>Buildings generally must be built to the windstorm building code and have the required certificate of compliance to be eligible, so keep the inspection records for new construction, additions and roof replacements.</li>
<li>TWIA has maximum limits that may be lower than the value of larger commercial buildings; excess wind coverage can be bought for the difference.</li>
<li>Neither TWIA nor a standard property policy covers flood. Flood coverage comes from the National Flood Insurance Program (NFIP) or a private flood policy. NFIP policies for commercial buildings are capped at $500,000 for the building and $500,000 for contents, and most new NFIP policies have a 30-day waiting period.</li>
</ul>
<h2>Vacancy: a trap for investment property owners</h2>
<p>Standard property forms reduce or remove coverage when a building has been vacant for more than 60 consecutive days. Under the common wording, losses from vandalism, sprinkler leakage, building glass breakage, water damage and theft are not covered, and other covered losses are reduced by 15%. If a building will be empty between tenants or during a renovation, tell your agent in advance. A vacancy permit endorsement or a vacant building policy can keep coverage in place.</p>
<h2>Protective safeguards and other conditions</h2>
<p>If you receive a discount for a sprinkler system, a central station alarm or other protection, the policy may require you to keep it working and may exclude or reduce coverage if it was out of service without notice to the insurer. Know the conditions that apply to your building, such as required inspections, hood cleaning for commercial kitchens, or roof maintenance.</p>
<h2>How a property claim works</h2>
<p>After a loss, report it promptly and protect the property from further damage: tarp the roof, shut off the water, board up openings, and keep the receipts, since reasonable mitigation costs are generally part of the claim. Photograph everything before cleanup, and keep damaged items until the adjuster has seen them. The insurer can ask for a sworn proof of loss and for records supporting your values and lost income.</p>
<p>On replacement cost claims, expect the insurer to pay actual cash value first and the remaining depreciation once repairs are complete, so keep invoices and proof of payment. If you and the insurer agree that a loss is covered but disagree on the amount, most commercial property policies contain an appraisal clause that lets each side choose an appraiser, with an umpire to settle differences. Texas law also sets deadlines for insurers to acknowledge, investigate and pay claims, and a separate set of rules applies to lawsuits over weather-related claims, so talk to your agent early if a claim stalls.</p>
<h2>A commercial property review checklist</h2>
<ol>
<li>Confirm building values with a current replacement cost estimate.</li>
<li>Update business personal property values, including inventory at its seasonal peak.</li>
<li>Check how buildings and roofs are valued: replacement cost, actual cash value or a roof schedule.</li>
<li>Convert every deductible, especially wind and hail, into dollars.</li>
<li>Estimate a realistic restoration period and set business income limits to match.</li>
<li>Add equipment breakdown, ordinance or law, sewer backup and flood coverage where they fit.</li>
<li>Compare each lease's insurance requirements with the coverage you actually carry.</li>
<li>Tell your agent about vacancies, renovations and changes in occupancy.</li>
<li>Keep photos, receipts and an inventory stored somewhere other than the building.</li>
</ol>
<p>${agency.name} insures office buildings, retail centers, warehouses, shops and investment properties in Texas and the other states where we are licensed. <a href="/insurance/commercial-property">Learn about our commercial property coverage</a>, see how we cover <a href="/insurance/investment-property">investment properties</a>, or <a href="/contact">ask us to review</a> your current policy.</p>
`;

  const riskManagement = `
<p>Insurance is one tool for handling risk, and it works best as the last line of defense rather than the first. The businesses that get the best coverage at the best price are usually the ones that prevent losses, keep the losses they cannot prevent small, and can show an underwriter how they do it. You do not need a risk manager on staff to do this well. You need a simple, repeatable process: identify your risks, assess which matter most, control what you can, transfer what you cannot afford to keep, and review the results every year.</p>
<h2>Step 1: Identify your risks</h2>
<p>Start with a list. Walk through your business and ask what could injure someone, damage property, stop your operations, drain your bank account or land you in court. It helps to think in categories:</p>
<ul>
<li><strong>Property</strong>: buildings, equipment, inventory, vehicles and the data on your computers.</li>
<li><strong>Liability</strong>: injuries to customers and the public, damage to other people's property, products you sell or install, professional advice, and contracts that make you responsible for others.</li>
<li><strong>People</strong>: employee injuries, the loss of a key person, hiring and firing practices, and employee dishonesty.</li>
<li><strong>Vehicles</strong>: who drives, how often, how far and what they haul.</li>
<li><strong>Operations</strong>: suppliers you depend on, a single customer who produces most of your revenue, utility and internet outages, and seasonal swings.</li>
<li><strong>Cyber and fraud</strong>: ransomware, stolen data and fake payment instructions.</li>
<li><strong>Legal and regulatory</strong>: licensing, safety rules, employment law and privacy law.</li>
</ul>
<p>Good sources for the list include your own loss history (ask your agent for loss runs, the insurers' record of your claims), near misses that could have become claims, the contracts and leases you have signed, the questions on recent insurance applications, and conversations with the employees who do the work every day. They often know exactly where the next accident will happen.</p>
<h2>Step 2: Assess what matters most</h2>
<p>Not every risk deserves the same attention. For each item on your list, estimate how often it is likely to happen (frequency) and how bad it would be if it did (severity). A simple grid with low, medium and high on each side is enough.</p>
<ul>
<li><strong>High frequency, low severity</strong>: minor vehicle damage, small slip-and-fall claims, petty theft. These are often best handled with prevention and a deductible you can afford.</li>
<li><strong>Low frequency, high severity</strong>: a fatal truck accident, a fire that destroys your shop, a lawsuit over a structural failure. These threaten the business, and they are where insurance and contractual transfer matter most.</li>
<li><strong>High frequency, high severity</strong>: if something is both likely and severe, the activity itself probably needs to change.</li>
<li><strong>Low frequency, low severity</strong>: monitor and accept.</li>
</ul>
<p>Look beyond the direct cost. A serious injury also brings lost productivity, higher premiums at renewal, management time and, possibly, a damaged reputation with customers.</p>
<h2>Step 3: Control the risk</h2>
<p>Risk control means reducing how often losses happen, how severe they are, or both. The options are:</p>
<ul>
<li><strong>Avoidance</strong>: declining a type of work, a commodity or a customer whose risk outweighs the reward.</li>
<li><strong>Prevention</strong>: training, maintenance, inspections and safe procedures that stop losses before they happen.</li>
<li><strong>Reduction</strong>: measures that limit the damage once a loss happens, such as sprinklers, fire extinguishers, backups and an emergency plan.</li>
<li><strong>Separation</strong>: keeping inventory in more than one place, or backups away from the main network.</li>
</ul>
<p>Examples of loss control that underwriters notice:</p>
<ul>
<li>A written safety program with documented training and regular workplace or jobsite inspections.</li>
<li>Driver standards: checking motor vehicle records before hiring and at least yearly, clear rules on phone use, and telematics or dash cameras.</li>
<li>Housekeeping and maintenance: clear walkways, good lighting, repaired flooring, and regular roof, electrical and HVAC inspections.</li>
<li>Fall protection, machine guarding and lockout procedures where the work requires them. In construction, federal OSHA rules generally require fall protection at heights of six feet or more.</li>
<li>Injury and illness records: many employers with more than ten employees must keep OSHA injury and illness logs, although some lower-hazard industries are exempt.</li>
<li>Cyber controls: multi-factor authentication, tested backups, and callback verification of any change in payment instructions.</li>
</ul>
<p>Many insurers offer loss control services at no extra charge: inspections, safety training material, driver programs and written recommendations. Take the recommendations seriously and document what you did about them. An unaddressed recommendation can affect your renewal terms, and it looks much worse if it is connected to a later claim.</p>
<h2>Step 4: Transfer the risk</h2>
<p>Some risks are too large to keep. Transfer moves the financial consequences to someone else, in two main ways.</p>
<p><strong>Insurance</strong> is the obvious one. The right program depends on your operations, but the core for most small businesses is general liability, property, commercial auto, workers' compensation and an umbrella, with cyber, professional liability, crime and other coverages added as your risks require.</p>
<p><strong>Contracts</strong> are the other. Indemnity clauses, additional insured requirements and waivers of subrogation shift responsibility between the parties. If you hire subcontractors or vendors, require them to carry insurance and to name you as an additional insured, and collect proof before they start work. When customers and landlords ask the same of you, check that your insurance actually supports what you agreed to. Contractual transfer works only when the other party really has the insurance, the wording is enforceable, and the paperwork can be found after a claim.</p>
<h2>Step 5: Decide what to retain</h2>
<p>Every business keeps some risk, through deductibles, self-insured retentions, exclusions and losses above its limits. Retention makes sense when losses are small and predictable, and a higher deductible can lower premiums. The test is whether you could pay the deductible, or several deductibles in one year, without hurting the business. Set money aside for the risks you choose to keep, and find out which risks you are keeping only because nobody has looked.</p>
<p>Check percentage deductibles in particular. A 2% wind and hail deductible on a building insured for $1,000,000 means $20,000 out of pocket for each storm, which is easy to overlook when the policy's main deductible is $2,500. Some businesses arrange a line of credit in advance so that a large retained loss does not become a cash crisis.</p>
<h2>An example: a small HVAC contractor</h2>
<p>To see how the steps fit together, picture a heating and air conditioning contractor with eight employees, five service vans and a small shop. This is an illustration, not a real client.</p>
<p><strong>Identify.</strong> The owner lists van accidents, technicians hurt on ladders and in attics, fire or water damage caused during installations, theft of equipment from vans and the shop, a ransomware attack on the scheduling software, and the owner's own absence if she were injured.</p>
<p><strong>Assess.</strong> Van accidents are the most likely serious loss, because the vans are on the road all day. A fire started during a furnace installation is rare but could be very costly. Ladder falls and heat illness in attics are both likely and potentially severe.</p>
<p><strong>Control.</strong> She checks every driver's record each year, installs dash cameras, adds ladder and attic heat procedures to the safety program, has technicians photograph each job before and after, and turns on multi-factor authentication for the scheduling system.</p>
<p><strong>Transfer.</strong> She confirms commercial auto with hired and non-owned coverage, general liability with completed operations, workers' compensation, a tools and equipment floater, an umbrella and a cyber policy, and she requires certificates from the duct cleaning company she subcontracts to.</p>
<p><strong>Retain.</strong> She chooses a higher deductible on the vans' physical damage coverage, since those losses are frequent, moderate and affordable, and uses the savings toward the umbrella.</p>
<h2>Common blind spots</h2>
<ul>
<li><strong>Key people.</strong> If the business depends on one or two people, consider key person life and disability coverage and a plan for who makes decisions in their absence.</li>
<li><strong>Growth.</strong> New states, new services and new vehicles often go unreported until a claim, when it is too late to add them.</li>
<li><strong>Other people's property.</strong> Customer equipment, rented machinery and leased space can each come with responsibilities your policies do not automatically cover.</li>
<li><strong>Employment practices.</strong> Claims from employees alleging discrimination, harassment or wrongful termination are excluded by general liability and need their own coverage.</li>
</ul>
<h2>Claims: handling the losses that still happen</h2>
<p>How a claim is handled can change its cost dramatically. A few practices make a real difference:</p>
<ol>
<li><strong>Report promptly.</strong> Policies require notice as soon as practicable, and late notice can put coverage at risk. For workers' compensation, fast reporting gets the injured employee into care sooner and usually lowers the cost of the claim. If you are not sure whether something is a claim, call your agent anyway.</li>
<li><strong>Protect people and property.</strong> Get medical care for anyone injured. Policies generally require you to take reasonable steps to prevent further damage, such as tarping a roof or shutting off water; keep the receipts.</li>
<li><strong>Document everything.</strong> Photos, video, witness names, police report numbers, and notes written while memories are fresh. Keep damaged property until the adjuster has seen it, unless safety requires otherwise.</li>
<li><strong>Do not admit fault or promise payment.</strong> Be courteous and helpful, but leave questions of liability to the insurer, which may have defenses you are not aware of.</li>
<li><strong>Send legal papers immediately.</strong> If you receive a demand letter or a lawsuit, forward it to your agent or insurer the same day. The deadline to respond can be short.</li>
<li><strong>Cooperate and stay involved.</strong> Answer adjusters promptly and ask for regular updates on open claims.</li>
<li><strong>Bring injured employees back.</strong> A return-to-work program with light or modified duty helps the employee recover and lowers the cost of the claim.</li>
</ol>
<p>Open claims carry reserves, the insurer's estimate of what each claim will finally cost, and those reserves appear on your loss runs. Reviewing open claims with your agent and the adjuster before renewal keeps stale reserves from making your loss history look worse than it is.</p>
<h2>Step 6: Review every year</h2>
<p>Risk management is not a one-time project. Once a year, ideally about 90 days before your insurance renewal, update your list of risks, review the claims and near misses of the past year, check whether loss control recommendations were completed, and confirm that your coverage still matches your operations. New services, new states, new vehicles, a new building or a big new contract can each change the picture.</p>
<p>A short written business continuity plan belongs in this review: who does what if the building is unusable, where the backups are, how to reach employees and customers, and which suppliers you could switch to.</p>
<h2>How an agent can help</h2>
<p>An independent agent sees many businesses' losses and can point out risks you have not considered, compare how different carriers' forms handle them, and connect you with carriers' loss control resources. At ${agency.name}, our team reviews operations, contracts and loss runs with clients before each renewal, and we stay involved in claims until they close, with ${promises.claimsSupport} claims reporting. <a href="/contact">Contact us</a> to schedule a review, or read our guides to <a href="/blog/cyber-security-insurance-for-small-businesses">cyber insurance</a> and <a href="/blog/commercial-property-insurance-explained">commercial property insurance</a>.</p>
`;

  const truckingMinimums = `
<p>Every motor carrier works with two sets of insurance requirements. The first comes from federal law: the minimum financial responsibility a carrier must prove before the Federal Motor Carrier Safety Administration (FMCSA) will grant or keep its operating authority. The second comes from the market: what freight brokers and shippers require before they will tender a load. The second set is almost always higher. This article explains both, along with the filings and coverages that owner-operators and small fleets need to understand.</p>
<h2>Federal minimum liability limits</h2>
<p>FMCSA's financial responsibility rules (49 CFR Part 387) set minimum levels of public liability coverage, meaning bodily injury, property damage and environmental restoration, for motor carriers in interstate commerce. For for-hire carriers of property in vehicles with a gross vehicle weight rating of 10,001 pounds or more, the minimums are:</p>
<ul>
<li><strong>$750,000</strong> for general freight (non-hazardous property).</li>
<li><strong>$1,000,000</strong> for oil, hazardous waste and certain other hazardous materials.</li>
<li><strong>$5,000,000</strong> for the most dangerous hazardous materials, including hazardous substances carried in bulk (for example in large cargo tanks), certain classes of explosives, poison inhalation hazard materials, and highway route controlled quantities of radioactive materials.</li>
</ul>
<p>Some private carriers of hazardous materials are subject to the same kinds of minimums, and passenger carriers have their own, higher requirements. Carriers operating only within Texas follow state rules administered by the Texas Department of Motor Vehicles, which differ from the federal ones.</p>
<p>The $750,000 figure is a legal floor, not a recommendation. A serious accident involving a loaded tractor-trailer can produce claims far above it, and, as the section on brokers shows, most brokers will not work with a carrier that carries only the minimum.</p>
<h2>The MCS-90 endorsement</h2>
<p>The auto liability policies of interstate for-hire carriers carry the MCS-90 endorsement. It is not ordinary coverage. It guarantees that the insurer will pay a final judgment for public liability up to the federal minimum even if the policy would not otherwise cover the accident, for example when the truck involved was not listed on the policy or the driver was excluded. If the insurer pays under the MCS-90 for a loss the policy does not cover, the carrier must reimburse the insurer.</p>
<p>In other words, the MCS-90 protects the public, not you. Keeping your vehicle and driver schedules accurate is what protects you: an unlisted truck in an accident may still lead to a payment to the injured party, followed by a bill from your insurer.</p>
<h2>Filings: how FMCSA knows you are insured</h2>
<p>FMCSA does not accept a certificate of insurance as proof. Your insurer files proof electronically:</p>
<ul>
<li><strong>Form BMC-91 or BMC-91X</strong> evidences your public liability coverage. Your operating authority will not become active until a liability filing and a designation of process agents (Form BOC-3) are on record.</li>
<li><strong>Form BMC-34</strong> evidences cargo insurance for household goods carriers, the property carriers for which FMCSA still requires cargo coverage.</li>
<li><strong>Form BMC-84 or BMC-85</strong> evidences the $75,000 of financial security that freight brokers and freight forwarders must maintain, through a surety bond or a trust fund.</li>
</ul>
<p>If your policy is cancelled, the insurer notifies FMCSA, and your authority can be revoked if replacement coverage is not filed before the cancellation takes effect. Never let a filing lapse while you are still hauling: loads in progress, broker relationships and your compliance record all suffer.</p>
<h2>What brokers typically require</h2>
<p>Brokers set their own carrier requirements, and they vary. The following are common in carrier setup packets:</p>
<ul>
<li><strong>Auto liability of $1,000,000</strong>, above the federal minimum. Some shippers and brokers require more for certain freight.</li>
<li><strong>Motor truck cargo of $100,000</strong> per load is typical. High-value freight such as electronics, pharmaceuticals or alcohol can require $250,000 or more.</li>
<li><strong>General liability</strong>, often $1,000,000 per occurrence, particularly when drivers load or unload at customer facilities.</li>
<li><strong>Workers' compensation</strong> for employee drivers, or occupational accident coverage for contracted owner-operators, depending on the broker and the state.</li>
<li><strong>Insurers rated A- or better</strong> by AM Best, or a similar financial strength standard. Some brokers will not accept certain insurers.</li>
<li><strong>The broker as certificate holder</strong>, and sometimes as an additional insured on your liability policy.</li>
<li><strong>Operating history and safety</strong>: a minimum time with active authority, no conditional or unsatisfactory safety rating, and acceptable CSA scores, which many brokers screen automatically.</li>
</ul>
<p>Read the broker-carrier agreement as well. Many make the carrier liable for cargo loss at the full value of the goods, regardless of what the cargo policy excludes or its limit. Know what your cargo policy excludes before you sign.</p>
<h2>Cargo coverage: read the exclusions</h2>
<p>Motor truck cargo insurance covers the freight you haul when it is damaged or lost. It is also the coverage whose wording varies most. Common limitations include:</p>
<ul>
<li><strong>Commodity exclusions</strong> for goods such as electronics, tobacco, alcohol, jewelry, pharmaceuticals or livestock. If you haul an excluded commodity, you have no cargo coverage on that load.</li>
<li><strong>Unattended vehicle conditions</strong> that limit theft coverage when the truck is left unattended, sometimes unless it is locked, alarmed or parked in a secured lot.</li>
<li><strong>Refrigeration breakdown</strong> coverage, which reefer carriers usually have to add specifically, and which may require maintenance records for the unit.</li>
<li><strong>Scheduled vehicles only</strong>, meaning cargo is covered only on the trucks and trailers listed on the policy.</li>
<li><strong>Limits per vehicle or per occurrence</strong>, which matter when two of your loaded trucks sit at the same terminal.</li>
</ul>
<p>Before you accept a new type of freight, check your cargo policy. It takes a few minutes and can save you from paying a claim out of pocket.</p>
<h2>The rest of a trucking insurance program</h2>
<ul>
<li><strong>Physical damage</strong> covers your own tractors and trailers for collision and for other losses such as fire, theft and hail. Vehicles are usually insured for a stated amount, so make sure it reflects what each unit is worth today. Lenders and lessors require it.</li>
<li><strong>Non-trucking liability</strong> (often called bobtail, although the two are not always identical) is for owner-operators leased to a motor carrier. The motor carrier's policy covers you while you are under its dispatch; non-trucking liability covers you when you drive the truck for personal, non-business purposes. It does not cover you while hauling under dispatch, so understand which policy applies when.</li>
<li><strong>Trailer interchange</strong> covers damage to trailers you pull under a written interchange agreement but do not own.</li>
<li><strong>Uninsured and underinsured motorist</strong> coverage pays for injuries caused by drivers without enough insurance; many states require insurers to offer it.</li>
<li><strong>Occupational accident</strong> coverage protects owner-operators who are not covered by workers' compensation.</li>
</ul>
<h2>Your own authority or leased to a carrier?</h2>
<p>Many owner-operators start by leasing their truck to an established motor carrier. Under a lease, the carrier's authority and its primary liability policy usually cover loads hauled under its dispatch, and the owner-operator buys non-trucking liability, physical damage and occupational accident coverage. Federal leasing rules (49 CFR Part 376) require a written lease that spells out, among other things, who is responsible for insurance and which costs the carrier may charge back to the owner-operator. Read those charge-back terms: some carriers pass on part of their insurance cost or their deductible.</p>
<p>Running under your own authority means buying primary liability and cargo coverage yourself, keeping your own filings current and finding your own freight, often through brokers. It usually costs more at first, but it gives you control over your lanes, your rates and your insurance program.</p>
<h2>What drives the price</h2>
<p>Trucking insurance is priced on many factors, among them driver experience (many insurers want at least two years of commercial driving experience), driving records, the commodities you haul, your radius and the states you run in, where the trucks are garaged, the value of the equipment, your safety scores, and your loss history, usually for the past three years. New authorities typically pay more than established carriers because they have no track record yet.</p>
<p>For an owner-operator with their own authority, annual premiums of roughly $8,000 to $15,000 are a common range, but that is a broad indication, not a quote. New authorities, young drivers, hazardous commodities and long-haul operations can cost considerably more.</p>
<p>You can influence the price more than you might think. Hire experienced drivers and check their records before they drive, keep inspection and maintenance records current, address CSA alerts instead of waiting for them to age off, and avoid gaps in coverage, which underwriters treat as a warning sign. When you shop, give your agent complete information up front: three years of loss runs, a driver list with license numbers and dates of birth, a vehicle list with values, your commodities and your radius. Incomplete submissions tend to produce slower and higher quotes.</p>
<h2>Checklist for a new authority</h2>
<ol>
<li>Obtain a USDOT number, and apply for operating authority (an MC number) if you will haul regulated freight for hire across state lines.</li>
<li>File Form BOC-3 through a process agent.</li>
<li>Bind liability coverage and have your insurer file the BMC-91 or BMC-91X, plus any state filings you need.</li>
<li>Register with the Unified Carrier Registration (UCR) program and, for qualifying vehicles, under IRP and IFTA.</li>
<li>Register with the FMCSA Drug and Alcohol Clearinghouse and enroll your drivers in a drug and alcohol testing program.</li>
<li>Build driver qualification files and a vehicle inspection and maintenance program before your first audit.</li>
<li>Collect the requirements of the brokers whose freight you want to haul, and buy coverage that meets them, not just the federal minimum.</li>
</ol>
<p>${agency.name} places trucking insurance for owner-operators and fleets and handles the federal and state filings. Our team can also review your CSA scores and help you prepare for a DOT audit. <a href="/insurance/commercial-trucking">Learn about our trucking insurance</a> or <a href="/quote">request a trucking quote</a>; during office hours we get back to you within ${promises.contactMinutes} minutes.</p>
`;

  return [
    {
      id: "1",
      slug: "2025-contractors-insurance-trends",
      title: "2025 Contractors Insurance Trends: What Builders Should Expect at Renewal",
      description:
        "Rising liability costs, stricter additional insured and completed operations requirements, subcontractor audits, builders risk values and Texas workers' comp choices: what contractors should prepare for in 2025.",
      content: contractorTrends,
      publishDate: "2025-03-24",
      readingTime: 8,
      tags: ["Contractors", "Industry Trends"],
      imageUrl: "/illustrations/contractors.svg",
      author: daniel,
    },
    {
      id: "2",
      slug: "cyber-security-insurance-for-small-businesses",
      title: "Cyber Security Insurance for Small Businesses: What It Covers and What Insurers Expect",
      description:
        "First-party and third-party cyber coverage, ransomware, social engineering fraud, the security controls insurers now require, and what Texas law expects after a data breach.",
      content: cyberInsurance,
      publishDate: "2025-03-23",
      readingTime: 8,
      tags: ["Cyber Insurance", "Small Business"],
      imageUrl: "/illustrations/general-liability.svg",
      author: jenna,
    },
    {
      id: "3",
      slug: "contractors-guide-to-insurance",
      title: "The Contractor's Guide to Insurance: Coverages, Bonds, Certificates and Contracts",
      description:
        "General liability, workers' comp, commercial auto, tools and equipment, umbrella, surety bonds and certificates of insurance, plus how to read the insurance section of a construction contract.",
      content: contractorsGuide,
      publishDate: "2025-03-22",
      readingTime: 10,
      tags: ["Contractors", "Coverage Guide"],
      imageUrl: "/illustrations/contractors.svg",
      author: daniel,
    },
    {
      id: "4",
      slug: "commercial-property-insurance-explained",
      title: "Commercial Property Insurance Explained: Valuation, Coinsurance, Business Income and Texas Wind",
      description:
        "Replacement cost or actual cash value, coinsurance with a worked example, business income, equipment breakdown, ordinance or law, Texas wind and hail deductibles, and TWIA on the coast.",
      content: commercialProperty,
      publishDate: "2025-03-21",
      readingTime: 12,
      tags: ["Commercial Property", "Texas"],
      imageUrl: "/illustrations/commercial-property.svg",
      author: daniel,
    },
    {
      id: "5",
      slug: "risk-management-for-small-businesses",
      title: "Risk Management for Small Businesses: Identify, Assess, Control and Transfer",
      description:
        "A practical risk management process for small businesses: find and rank your risks, prevent losses, transfer what you cannot keep, and handle claims so they cost less.",
      content: riskManagement,
      publishDate: "2025-03-20",
      readingTime: 10,
      tags: ["Risk Management", "Small Business"],
      imageUrl: "/illustrations/general-liability.svg",
      author: jenna,
    },
    {
      id: "6",
      slug: "commercial-trucking-insurance-fmcsa-minimums",
      title: "Commercial Trucking Insurance: FMCSA Minimums and What Brokers Require",
      description:
        "The $750,000 federal minimum and the hazmat limits, the MCS-90 and BMC-91X filings, the $1,000,000 liability and $100,000 cargo most brokers expect, and a checklist for a new authority.",
      content: truckingMinimums,
      publishDate: "2025-03-21",
      // The spec does not give this one: computed from the article's length.
      readingTime: 9,
      tags: ["Commercial Trucking", "Compliance"],
      imageUrl: "/illustrations/commercial-trucking.svg",
      author: maria,
    },
  ];
});
