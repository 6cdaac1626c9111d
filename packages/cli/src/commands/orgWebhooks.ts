import type { NotificationDelivery, WebhookEndpoint } from "@sleuth/sdk";
import type { Command } from "commander";
import type { CliIo } from "../io.ts";
import { type Column, renderTable } from "../output/table.ts";
import { formatTime } from "../output/time.ts";
import { action } from "../session.ts";

function deliveryColumns(tty: boolean): Column<NotificationDelivery>[] {
  return [
    { header: "when", value: (row) => formatTime(row.createdAt, tty) },
    { header: "event", value: (row) => row.kind },
    { header: "endpoint", value: (row) => row.recipient },
    { header: "state", value: (row) => row.state },
    { header: "tries", value: (row) => String(row.attempts), align: "right" },
    { header: "status", value: (row) => (row.responseStatus === null ? "" : String(row.responseStatus)) },
    { header: "error", value: (row) => row.lastError ?? "" },
  ];
}

const endpointColumns: Column<WebhookEndpoint>[] = [
  { header: "uuid", value: (row) => row.uuid, shrink: false },
  { header: "url", value: (row) => row.url },
  { header: "secret", value: (row) => row.secretHint },
];

/**
 * `sleuth org webhooks [list|add <url>|remove <uuid>|deliveries]`: issue 40, the current
 * organization's webhook endpoints and their delivery log (admins).
 */
export function registerOrgWebhooks(org: Command, io: CliIo): void {
  const webhooks = org
    .command("webhooks")
    .description("the organization's webhook endpoints and delivery log (admins)");
  webhooks
    .command("list", { isDefault: true })
    .description("the endpoints")
    .option("--json", "print JSON")
    .action(
      action(io, async (session, command) => {
        const { client } = await session.scopedClient();
        const list = await client.notifications.webhooks.list();
        if (command.opts<{ json?: boolean }>().json) return session.out.json(list);
        if (list.length === 0)
          return session.out.info("No webhook endpoints: `sleuth org webhooks add <url>`.");
        session.out.data(
          renderTable(list, endpointColumns, { tty: session.out.tty, width: session.out.width }),
        );
      }),
    );
  webhooks
    .command("add")
    .description("add an endpoint; prints its signing secret (shown this once) on stdout")
    .argument("<url>")
    .action(
      action(io, async (session, command) => {
        const [url] = command.processedArgs as [string];
        const { client } = await session.scopedClient();
        const created = await client.notifications.webhooks.create(url);
        session.out.data(created.secret);
        session.out.info(
          `Endpoint ${created.uuid} added. Keep the secret: it signs every delivery (docs/API.md "Webhooks").`,
        );
      }),
    );
  webhooks
    .command("remove")
    .description("remove an endpoint")
    .argument("<uuid>")
    .action(
      action(io, async (session, command) => {
        const [uuid] = command.processedArgs as [string];
        const { client } = await session.scopedClient();
        await client.notifications.webhooks.remove(uuid);
        session.out.info("Endpoint removed.");
      }),
    );
  webhooks
    .command("deliveries")
    .description("the delivery log, newest first")
    .option("--limit <n>", "rows", "50")
    .option("--json", "print JSON")
    .action(
      action(io, async (session, command) => {
        const options = command.opts<{ limit: string; json?: boolean }>();
        const { client } = await session.scopedClient();
        const { deliveries } = await client.notifications.webhooks.deliveries({
          limit: Number(options.limit),
        });
        if (options.json) return session.out.json(deliveries);
        if (deliveries.length === 0) return session.out.info("No deliveries yet.");
        session.out.data(
          renderTable(deliveries, deliveryColumns(session.out.tty), {
            tty: session.out.tty,
            width: session.out.width,
          }),
        );
      }),
    );
}
