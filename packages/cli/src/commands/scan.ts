import { readFile } from "node:fs/promises";
import { basename, extname, resolve } from "node:path";
import {
  type acceptedImageTypes,
  type ImageScanRead,
  imageScanReadLabel,
  imageUploadMessages,
  isAcceptedImageFile,
} from "@sleuth/sdk";
import type { Command } from "commander";
import { CliError } from "../errors.ts";
import type { CliIo } from "../io.ts";
import { renderTable } from "../output/table.ts";
import { action } from "../session.ts";

// 002 §5: the media type each accepted extension is sent as.
const mediaTypeOfExtension: Record<string, (typeof acceptedImageTypes)[number]> = {
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".png": "image/png",
  ".heic": "image/heic",
  ".webp": "image/webp",
};

/**
 * `sleuth scan <image>`: search by image (002 §4) from the terminal. The server reads the image (OCR
 * and QR codes) and answers the valid identifiers; they are printed one a line on stdout.
 */
export function registerScan(program: Command, io: CliIo): void {
  program
    .command("scan")
    .description("print the addresses and transaction hashes found in an image (screenshot, photo, QR code)")
    .argument("<image>", "a .jpg, .png, .heic or .webp file")
    .option("--json", "print {image, identifiers, reads} as JSON")
    .addHelpText(
      "after",
      `
The image is read on the Sleuth server, never sent elsewhere. An image with no identifier prints
nothing on stdout, says so on stderr and exits 0. On a terminal each identifier is shown with how
it was read (text or QR code, exact or corrected by its checksum, no checksum); piped, stdout holds
the identifiers alone, one a line, and stderr says how each was read.

Examples:
  sleuth scan screenshot.png
  sleuth scan photo.jpg | xargs -n1 sleuth search`,
    )
    .action(
      action(io, async (session, command) => {
        const [path] = command.processedArgs as [string];
        const name = basename(path);
        const type = mediaTypeOfExtension[extname(name).toLowerCase()] ?? "";
        if (!isAcceptedImageFile({ type, name })) throw new CliError(imageUploadMessages.invalidFileType);
        let bytes: Uint8Array<ArrayBuffer>;
        try {
          bytes = new Uint8Array(await readFile(resolve(io.cwd, path)));
        } catch (error) {
          throw new CliError(
            `cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`,
          );
        }
        const { client } = await session.scopedClient();
        session.out.info(`reading ${name}…`);
        const { identifiers, reads } = await client.triage.readImage(new Blob([bytes], { type }), name);
        const howRead = (identifier: string) => {
          const read = reads?.find((candidate) => candidate.identifier === identifier);
          return read === undefined ? "" : imageScanReadLabel(read);
        };
        if (command.opts<{ json?: boolean }>().json) session.out.json({ image: name, identifiers, reads });
        else if (identifiers.length > 0 && session.out.tty && reads !== null)
          session.out.data(
            renderTable(
              identifiers,
              [
                { header: "IDENTIFIER", value: (identifier: string) => identifier, shrink: false },
                { header: "READ FROM", value: howRead },
              ],
              session.out,
            ),
          );
        else if (identifiers.length > 0) {
          session.out.data(`${identifiers.join("\n")}\n`);
          // Issue 42: stdout stays one identifier a line for pipes; how each was read goes beside it.
          for (const read of reads ?? ([] as ImageScanRead[]))
            session.out.info(`${read.identifier}: ${imageScanReadLabel(read)}`);
        }
        if (identifiers.length === 0) session.out.info(imageUploadMessages.noIdentifiersFound);
      }),
    );
}
