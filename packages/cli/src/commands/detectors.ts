import {
  alertCountLabel,
  type Detector,
  type DetectorAlert,
  defaultDetectorName,
  detectorMessages,
  displayAddress,
} from "@sleuth/sdk";
import type { Command } from "commander";
import type { CliIo } from "../io.ts";
import { type Column, renderTable } from "../output/table.ts";
import { formatTime } from "../output/time.ts";
import { action } from "../session.ts";
import { addressSubjectOf } from "./addressSubject.ts";

function detectorColumns(tty: boolean): Column<Detector>[] {
  return [
    { header: "uuid", value: (detector) => detector.uuid, shrink: false },
    { header: "name", value: (detector) => detector.name },
    { header: "address", value: (detector) => detector.addressUrn },
    // 000 §9: 'NO ALERTS' for none (the JSON keeps the number).
    { header: "alerts", value: (detector) => alertCountLabel(detector.alertCount), align: "right" },
    {
      header: "last alert",
      value: (detector) => (detector.lastAlertAt ? formatTime(detector.lastAlertAt, tty) : ""),
    },
    { header: "created", value: (detector) => formatTime(detector.createdAt, tty) },
  ];
}

function alertColumns(tty: boolean): Column<DetectorAlert>[] {
  return [
    { header: "when", value: (alert) => formatTime(alert.transactionTimestamp, tty) },
    { header: "direction", value: (alert) => alert.direction },
    {
      header: "usd",
      value: (alert) => (alert.amountUsd === null ? "" : alert.amountUsd.toFixed(2)),
      align: "right",
    },
    { header: "transaction", value: (alert) => alert.transactionUrn, shrink: false },
    { header: "detector", value: (alert) => alert.detectorUuid },
  ];
}

/**
 * `sleuth detectors list|create|delete|alerts`: 002 §4 detectors, a saved watch on an address that
 * raises an alert when a new transfer touches it, over the SDK's detector calls.
 */
export function registerDetectors(program: Command, io: CliIo): void {
  const detectors = program
    .command("detectors")
    .description("list, create and delete detectors (watches on addresses) and read their alerts");

  detectors
    .command("list")
    .description("the organization's detectors, newest first")
    .option("--json", "print the detectors as JSON")
    .action(
      action(io, async (session, command) => {
        const { client } = await session.scopedClient();
        const list = await client.detectors.list();
        if (command.opts<{ json?: boolean }>().json) return session.out.json(list);
        if (list.length === 0) return session.out.info(detectorMessages.none);
        session.out.data(
          renderTable(list, detectorColumns(session.out.tty), {
            tty: session.out.tty,
            width: session.out.width,
          }),
        );
      }),
    );

  detectors
    .command("create")
    .description("watch an address: an alert is raised when a new transfer touches it (editors)")
    .argument("<address>", "the address to watch")
    .option("--chain <chain>", "its chain (default: the first chain the address fits)")
    .option("--name <name>", "a name for the detector (default: 'Transfers of <address>')")
    .option("--json", "print the detector as JSON")
    .action(
      action(io, async (session, command) => {
        const [address] = command.processedArgs as [string];
        const options = command.opts<{ chain?: string; name?: string; json?: boolean }>();
        const { client } = await session.scopedClient();
        const subject = await addressSubjectOf(session, client, address, options.chain);
        const detector = await client.detectors.create({
          addressUrn: subject.urn,
          name: options.name ?? defaultDetectorName(displayAddress(subject.chain, subject.address)),
        });
        if (options.json) return session.out.json(detector);
        session.out.data(detector.uuid);
        session.out.info(detectorMessages.created);
      }),
    );

  detectors
    .command("delete")
    .description("delete a detector and its alerts")
    .argument("<uuid>", "the detector's uuid")
    .action(
      action(io, async (session, command) => {
        const [uuid] = command.processedArgs as [string];
        const { client } = await session.scopedClient();
        await client.detectors.delete(uuid);
        session.out.info(`Deleted detector ${uuid}.`);
      }),
    );

  detectors
    .command("alerts")
    .description("the alerts detectors raised, newest first")
    .option("--detector <uuid>", "only this detector's alerts")
    .option("--limit <n>", "at most this many", "50")
    .option("--json", "print the alerts as JSON")
    .action(
      action(io, async (session, command) => {
        const options = command.opts<{ detector?: string; limit: string; json?: boolean }>();
        const { client } = await session.scopedClient();
        const alerts = await client.detectors.alerts({
          detectorUuid: options.detector,
          limit: options.limit,
        });
        if (options.json) return session.out.json(alerts);
        if (alerts.length === 0) return session.out.info(detectorMessages.noAlerts);
        session.out.data(
          renderTable(alerts, alertColumns(session.out.tty), {
            tty: session.out.tty,
            width: session.out.width,
          }),
        );
      }),
    );
}
