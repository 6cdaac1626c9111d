// Notifications benchmark (issue 40): 10,000 notifications queued in the outbox (5,000 events, each
// one e-mail and one webhook), delivered by the server's worker to a loopback SMTP server (npm
// smtp-server) and a loopback HTTP receiver; none may be lost or doubled. Reports the delivery rate
// and what the outbox holds (the table's size in the store, this process's memory while it drains).
// PGlite in memory, then PostgreSQL (DATABASE_URL when set, else a throwaway cluster). Results go to
// the "## Notifications" section of docs/PERFORMANCE.md.
//   node scripts/bench/notifications.ts
import { availableParallelism, cpus, loadavg } from "node:os";
import {
  demoAccounts,
  migrate,
  openPgliteStore,
  openPostgresStore,
  queueNotification,
  type Store,
  seedDemoAccounts,
} from "@sleuth/server";
import { startSmtpReceiver, startWebhookReceiver } from "../../tests/helpers/notificationReceivers.ts";
import { startPostgresCluster } from "../../tests/helpers/postgresCluster.ts";
import { startBenchServer } from "./benchServer.ts";
import { markdownTable, writePerformanceSection } from "./performanceDoc.ts";

const events = 5_000;
const perTransaction = 250;
const mb = (bytes: number) => bytes / 1024 / 1024;

interface StoreRun {
  store: string;
  queueMs: number;
  deliverMs: number;
  emails: { received: number; distinct: number };
  webhooks: { received: number; distinct: number };
  sentRows: number;
  failedRows: number;
  tableBytes: number;
  idleRss: number;
  peakRss: number;
  idleHeap: number;
  peakHeap: number;
  load: [number, number];
}

async function measure(storeName: string, store: Store): Promise<StoreRun> {
  const loadAtStart = loadavg()[0] ?? 0;
  await migrate(store);
  await seedDemoAccounts(store);
  const smtp = await startSmtpReceiver({ parse: false });
  const hooks = await startWebhookReceiver();
  const server = await startBenchServer(store, {
    SLEUTH_SMTP_URL: smtp.url,
    SLEUTH_NOTIFY_RETRY_MS: "50",
  });
  try {
    const demo = server.client;
    demo.useOrganization(demoAccounts.organization.uuid);
    await demo.notifications.webhooks.create(`${hooks.url}/bench`);
    const [organization] = await store.query<{ id: number }>("SELECT id FROM organizations WHERE uuid = $1", [
      demoAccounts.organization.uuid,
    ]);
    const settings = { emailEnabled: true, consoleUrl: () => server.baseUrl };
    const idle = process.memoryUsage();
    let peakRss = idle.rss;
    let peakHeap = idle.heapUsed;
    const sampler = setInterval(() => {
      const now = process.memoryUsage();
      peakRss = Math.max(peakRss, now.rss);
      peakHeap = Math.max(peakHeap, now.heapUsed);
    }, 20);

    // Queued as events queue them: inside transactions of the store, here 250 events each.
    const queueStarted = performance.now();
    for (let first = 0; first < events; first += perTransaction) {
      await store.transaction(async (tx) => {
        for (let index = first; index < Math.min(events, first + perTransaction); index += 1) {
          await queueNotification(tx, settings, {
            organizationId: organization!.id,
            causedByUserId: server.demoUserId,
            event: {
              kind: "organization-invitation",
              member: { name: "", email: `member-${index}@bench.example` },
              role: "viewer",
              by: { name: "Bench", email: "bench@sleuth.example" },
            },
            addresses: [`member-${index}@bench.example`],
          });
        }
      });
    }
    const queueMs = performance.now() - queueStarted;
    const [size] = await store.query<{ bytes: string | number }>(
      "SELECT pg_total_relation_size('notification_outbox') AS bytes",
    );
    const deliverStarted = performance.now();
    for (;;) {
      const [left] = await store.query<{ open: boolean }>(
        "SELECT EXISTS (SELECT 1 FROM notification_outbox WHERE state IN ('queued', 'sending')) AS open",
      );
      if (!left?.open) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const deliverMs = performance.now() - deliverStarted;
    clearInterval(sampler);
    // Anything sent twice would arrive after its row was marked: wait a little before counting.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const [states] = await store.query<{ sent: string | number; failed: string | number }>(
      "SELECT count(*) FILTER (WHERE state = 'sent') AS sent, count(*) FILTER (WHERE state = 'failed') AS failed FROM notification_outbox",
    );
    const hookIds = hooks.received.map((hook) => String(hook.headers["sleuth-delivery"]));
    return {
      store: storeName,
      queueMs,
      deliverMs,
      emails: {
        received: smtp.messages.length,
        distinct: new Set(smtp.messages.map((mail) => mail.to[0])).size,
      },
      webhooks: { received: hooks.received.length, distinct: new Set(hookIds).size },
      sentRows: Number(states?.sent),
      failedRows: Number(states?.failed),
      tableBytes: Number(size?.bytes),
      idleRss: idle.rss,
      peakRss,
      idleHeap: idle.heapUsed,
      peakHeap,
      load: [loadAtStart, loadavg()[0] ?? 0],
    };
  } finally {
    await server.close();
    await smtp.close();
    await hooks.close();
    await store.close();
  }
}

const runs: StoreRun[] = [await measure("PGlite (in memory)", await openPgliteStore())];
const givenUrl = process.env.DATABASE_URL;
const cluster = givenUrl ? null : await startPostgresCluster();
try {
  runs.push(
    await measure(
      givenUrl ? "PostgreSQL (DATABASE_URL)" : "PostgreSQL (throwaway cluster)",
      await openPostgresStore((givenUrl ?? cluster?.url)!),
    ),
  );
} finally {
  cluster?.stop();
}

const total = events * 2;
const lines = [
  "## Notifications",
  "",
  `\`node scripts/bench/notifications.ts\`, ${new Date().toISOString().slice(0, 10)}, ${availableParallelism()} cores (${cpus()[0]?.model.trim() ?? "unknown CPU"}), Node ${process.versions.node}:`,
  `${events.toLocaleString("en-US")} events queued in the outbox (issue 40), each one e-mail and one webhook, so`,
  `${total.toLocaleString("en-US")} notifications, written ${perTransaction} events to a transaction as routes write them (\`queueNotification\`), then`,
  "delivered by the server's own worker (its defaults: 20 rows claimed at a time under a lease, four pooled SMTP",
  "connections) to an smtp-server and an HTTP receiver on loopback in the same process. Delivery is timed from the",
  "last commit to the moment no row is queued or sending. Lost or doubled: every recipient and every delivery id",
  "must arrive exactly once (counted a second after the outbox drained). The outbox's size is",
  "`pg_total_relation_size` of the table with all rows queued; memory is this process's (server, worker and both",
  "receivers), sampled every 20 ms while the outbox drains.",
  "",
  "PGlite runs every statement (the worker's claims and marks, the benchmark's polls) one at a time on this",
  "process's one JavaScript thread, beside nodemailer and both receivers; PostgreSQL runs them in its own",
  "processes: that is the gap between the stores, and what limits PGlite's delivery rate.",
  "",
  ...markdownTable(
    ["measure", ...runs.map((run) => run.store)],
    [
      ["queued (5,000 events in transactions)", ...runs.map((run) => `${(run.queueMs / 1000).toFixed(2)} s`)],
      ["delivered, all 10,000", ...runs.map((run) => `${(run.deliverMs / 1000).toFixed(2)} s`)],
      [
        "delivery rate",
        ...runs.map((run) => `${Math.round(total / (run.deliverMs / 1000)).toLocaleString("en-US")} / s`),
      ],
      [
        "e-mails received / distinct recipients",
        ...runs.map(
          (run) =>
            `${run.emails.received.toLocaleString("en-US")} / ${run.emails.distinct.toLocaleString("en-US")}`,
        ),
      ],
      [
        "webhooks received / distinct deliveries",
        ...runs.map(
          (run) =>
            `${run.webhooks.received.toLocaleString("en-US")} / ${run.webhooks.distinct.toLocaleString("en-US")}`,
        ),
      ],
      [
        "rows sent / failed",
        ...runs.map((run) => `${run.sentRows.toLocaleString("en-US")} / ${run.failedRows}`),
      ],
      [
        "outbox table with every row queued",
        ...runs.map(
          (run) => `${mb(run.tableBytes).toFixed(1)} MB (${Math.round(run.tableBytes / total)} B a row)`,
        ),
      ],
      [
        "RSS before → peak while draining",
        ...runs.map((run) => `${mb(run.idleRss).toFixed(0)} → ${mb(run.peakRss).toFixed(0)} MB`),
      ],
      [
        "heap used before → peak",
        ...runs.map((run) => `${mb(run.idleHeap).toFixed(0)} → ${mb(run.peakHeap).toFixed(0)} MB`),
      ],
      [
        "load average, start → end",
        ...runs.map((run) => `${run.load[0].toFixed(1)} → ${run.load[1].toFixed(1)}`),
      ],
    ],
    ["left", ...runs.map(() => "right" as const)],
  ),
];
writePerformanceSection("## Notifications", lines.join("\n"));
console.log(lines.join("\n"));
const broken = runs.filter(
  (run) =>
    run.emails.received !== events ||
    run.emails.distinct !== events ||
    run.webhooks.received !== events ||
    run.webhooks.distinct !== events,
);
if (broken.length > 0) {
  console.error(`lost or doubled notifications on ${broken.map((run) => run.store).join(", ")}`);
  process.exitCode = 1;
}
