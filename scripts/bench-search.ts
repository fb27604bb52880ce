/**
 * `npm run bench:search`: the back office's search at 100,000 leads. Seeds a fresh database (PostgreSQL, in
 * a database of its own on the server TEST_DATABASE_URL or DATABASE_URL names, dropped afterwards; and the
 * embedded database with BENCH_EMBEDDED=1), then times what the inbox's screen and GET /api/leads run for a
 * search: one page of 50 and the count (listLeads), each query BENCH_ROUNDS (20) times after a warm-up,
 * and prints the median and the 95th percentile.
 *
 *   npm run bench:search                         100,000 leads on PostgreSQL
 *   BENCH_LEADS=500000 npm run bench:search      another size
 *   BENCH_EMBEDDED=1 npm run bench:search        the embedded database too
 */
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import pg from "pg";
import { leadView, listLeads } from "../app/features/leads-inbox/inbox.server";
import type { LeadFilters } from "../app/features/leads-inbox/schema";
import { type DatabaseHandle, openDatabase } from "../db/client";
import { runMigrations } from "../db/migrate";

if (process.argv.includes("--help")) {
  console.log(`Usage: npm run bench:search

Seeds BENCH_LEADS (100,000) leads into a fresh PostgreSQL database on the server TEST_DATABASE_URL or
DATABASE_URL names (dropped afterwards), and into the embedded database with BENCH_EMBEDDED=1, then times
the inbox's search (a page of 50 and the count) BENCH_ROUNDS (20) times per query.`);
  process.exit(0);
}

const LEADS = Number(process.env.BENCH_LEADS ?? 100_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);
const server = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;

const FIRST = [
  "Priya",
  "Luis",
  "Hana",
  "Dana",
  "Marco",
  "Alma",
  "Ben",
  "Keisha",
  "Tomas",
  "Grace",
  "Ravi",
  "Sofia",
  "Andre",
  "Mei",
  "Jamal",
  "Lena",
  "Omar",
  "Ruth",
  "Diego",
  "Nora",
  "Victor",
  "Ingrid",
  "Samuel",
  "Yara",
  "Caleb",
  "Fatima",
  "Hugo",
  "Ivy",
  "Jorge",
  "Kira",
  "Leon",
  "Maya",
  "Nikhil",
  "Olga",
  "Pablo",
  "Quinn",
  "Rosa",
  "Stefan",
  "Tara",
  "Uriel",
];
const LAST = [
  "Natarajan",
  "Ortega",
  "Okafor",
  "Whitfield",
  "Ruiz",
  "Reyes",
  "Cho",
  "Washington",
  "Lindqvist",
  "Abernathy",
  "Patel",
  "Moreno",
  "Baptiste",
  "Zhang",
  "Haddad",
  "Kowalski",
  "Farouk",
  "Brennan",
  "Castillo",
  "Delacroix",
  "Eastwood",
  "Fairbanks",
  "Gallagher",
  "Holloway",
  "Iverson",
  "Jankowski",
  "Kealoha",
  "Lombardi",
  "Mbeki",
  "Novak",
  "Oyelaran",
  "Pemberton",
  "Quintero",
  "Rasmussen",
  "Szabo",
  "Thibodeaux",
  "Underwood",
  "Valdivia",
  "Wojcik",
  "Yamamoto",
  "Zeller",
  "Acosta",
  "Bergstrom",
  "Cardenas",
  "Dubois",
  "Esposito",
  "Fitzgerald",
  "Guerrero",
  "Halvorsen",
  "Ibarra",
];
const MESSAGES = [
  "Two tractors and one flatbed trailer, interstate, need a BMC-91X filing.",
  "Roofing crew of 12, general liability with a waiver of subrogation for a GC.",
  "HOA of 84 townhomes, board wants D&O and crime coverage quotes.",
  "Six-unit apartment building in San Marcos, renewal is next month.",
  "Reefer hauling produce from the Rio Grande Valley, 3 power units.",
  "New venture, authority granted last month, one box truck.",
  "Electrical contractor, need a certificate for a school district job by Friday.",
  "Warehouse building and contents, sprinklered, 40,000 square feet.",
  "Hotshot carrier with a one-ton dually and a gooseneck trailer.",
  "Looking to bundle our commercial auto and workers comp.",
  "Short-term rental investment property, two duplexes.",
  "Landscaping company, 5 employees, trailers and mowers.",
];
const DOMAINS = ["gmail.com", "yahoo.com", "outlook.com", "fleet.example", "builders.example", "hauling.example", "hoa.example"];
const STATUSES = ["new", "contacted", "quoted", "won", "lost"];
const TYPES = ["contact_form", "trucking_quote", "product_page_quote", "hoa_quote_landing"];
const textArray = (values: string[]) => sql.raw(`array[${values.map((v) => `'${v.replaceAll("'", "''")}'`).join(",")}]`);

/** LEADS leads with varied names, emails, phones (several ways of writing them) and messages, newest first. */
async function seed(handle: DatabaseHandle) {
  const [owner] = (
    await handle.db.execute(
      sql`insert into admin_users (email, password_hash, name, role) values ('bench@agency.example', 'x', 'Bench Owner', 'owner') returning id`,
    )
  ).rows as { id: string }[];
  const batch = 25_000;
  for (let from = 1; from <= LEADS; from += batch) {
    const to = Math.min(LEADS, from + batch - 1);
    await handle.db.execute(sql`
      insert into leads (reference, lead_type, submission_type, source, name, email, phone, message, payload, status, received_at, assignee_id)
      select
        'B-' || lpad(i::text, 7, '0'),
        (${textArray(TYPES)})[1 + i % ${TYPES.length}],
        'Benchmark', 'Benchmark',
        (${textArray(FIRST)})[1 + i % ${FIRST.length}] || ' ' || (${textArray(LAST)})[1 + (i / ${FIRST.length}) % ${LAST.length}],
        'lead' || i || '@' || (${textArray(DOMAINS)})[1 + i % ${DOMAINS.length}],
        case i % 3
          when 0 then '(' || (201 + i % 797) || ') 555-' || lpad((i % 10000)::text, 4, '0')
          when 1 then (201 + i % 797) || '.555.' || lpad((i % 10000)::text, 4, '0')
          else '+1 ' || (201 + i % 797) || ' 555 ' || lpad((i % 10000)::text, 4, '0')
        end,
        (${textArray(MESSAGES)})[1 + i % ${MESSAGES.length}],
        case when i % 4 = 1 then jsonb_build_object('legalBusinessName', (${textArray(LAST)})[1 + i % ${LAST.length}] || ' Freight LLC') else '{}'::jsonb end,
        (${textArray(STATUSES)})[1 + i % ${STATUSES.length}],
        now() - make_interval(mins => i),
        case when i % 7 = 0 then ${owner.id}::uuid end
      from generate_series(${from}::int, ${to}::int) as i`);
  }
  await handle.db.execute(sql`analyze leads`);
  return owner.id;
}

/** The queries staff type, from one lead to thousands. */
const QUERIES: { label: string; filters: LeadFilters }[] = [
  { label: "a name (first and last)", filters: { q: "keisha lindqvist" } },
  { label: "a last name", filters: { q: "thibodeaux" } },
  { label: "a phone as (xxx) xxx-xxxx", filters: { q: "(927) 555-4711" } },
  { label: "a phone's last 4 digits", filters: { q: "4711" } },
  { label: "an email", filters: { q: "lead42424@" } },
  { label: "a reference", filters: { q: "b-0042424" } },
  { label: "a business name", filters: { q: "zeller freight" } },
  { label: "a common word (1 lead in 12)", filters: { q: "gooseneck" } },
  { label: "two letters (names only)", filters: { q: "zh" } },
  { label: "nothing matches", filters: { q: "qqqzzzxx" } },
  { label: "mine + new + a word", filters: { q: "reefer", owner: "mine", status: "new" } },
  { label: "no search: a page of all", filters: {} },
  { label: "overdue, unassigned", filters: { overdue: "1", owner: "unassigned" } },
  { label: "a date range + a type", filters: { from: "2026-01-01", to: "2026-12-31", type: "trucking_quote" } },
];

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

async function measure(kind: string, handle: DatabaseHandle) {
  const seedStart = performance.now();
  const ownerId = await seed(handle);
  console.log(`${kind}: ${LEADS.toLocaleString("en-US")} leads seeded in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);
  const view = leadView(ownerId, { slaMinutes: 30, office: { timeZone: "America/Chicago" } } as Parameters<typeof leadView>[1]);
  console.log(`| ${kind}: query | matches | p50 ms | p95 ms |`);
  console.log("|---|---:|---:|---:|");
  for (const { label, filters } of QUERIES) {
    const run = () => listLeads(handle.db, { ...filters, limit: 50 }, view);
    const { total } = await run();
    await run();
    const times: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const start = performance.now();
      await run();
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    console.log(
      `| ${label} | ${total.toLocaleString("en-US")} | ${quantile(times, 0.5).toFixed(1)} | ${quantile(times, 0.95).toFixed(1)} |`,
    );
  }
}

if (!server) {
  console.error(
    "bench:search needs a PostgreSQL server: set TEST_DATABASE_URL or DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test).",
  );
  process.exit(1);
}
const name = `agency_bench_search_${randomBytes(4).toString("hex")}`;
const admin = new pg.Client({ connectionString: server });
await admin.connect();
await admin.query(`create database ${name}`);
const url = new URL(server);
url.pathname = `/${name}`;
try {
  const handle = await openDatabase({ url: url.toString() });
  try {
    await runMigrations(handle);
    await measure("PostgreSQL", handle);
  } finally {
    await handle.close();
  }
} finally {
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}
if (process.env.BENCH_EMBEDDED === "1") {
  const handle = await openDatabase({ dataDir: "memory://" });
  await runMigrations(handle);
  await measure("embedded", handle);
  await handle.close();
}
process.exit(0);
