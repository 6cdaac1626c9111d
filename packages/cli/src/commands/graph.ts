import { readFile, writeFile } from "node:fs/promises";
import { resolve } from "node:path";
import {
  type GraphSummary,
  graphCsvFileName,
  graphExportAvailable,
  graphMessages,
  parseTrmFile,
  type SavedGraph,
  type SleuthClient,
  toGexf,
  toGraphCsv,
  toGraphml,
  toGraphSvg,
} from "@sleuth/sdk";
import { type Command, Option } from "commander";
import { CliError } from "../errors.ts";
import type { CliIo } from "../io.ts";
import { type Column, renderTable } from "../output/table.ts";
import { formatTime } from "../output/time.ts";
import { action } from "../session.ts";
import { graphPng } from "./graphPicture.ts";

const exportFormats = ["trm", "csv", "graphml", "gexf", "svg", "png"] as const;
type ExportFormat = (typeof exportFormats)[number];

function graphColumns(tty: boolean): Column<GraphSummary>[] {
  return [
    { header: "name", value: (graph) => graph.name ?? "(unnamed)" },
    { header: "nodes", value: (graph) => String(graph.nodeCount) },
    { header: "edges", value: (graph) => String(graph.edgeCount) },
    { header: "updated", value: (graph) => formatTime(graph.updatedAt, tty) },
    { header: "id", value: (graph) => graph.graphId },
  ];
}

/** The file in a format: the .trm from the server, the others drawn or written from the saved graph. */
async function exportFile(
  client: SleuthClient,
  graphId: string,
  format: ExportFormat,
  includeOrgNames: boolean,
): Promise<{ text: string | Uint8Array; fileName: string }> {
  if (format === "trm") {
    const { fileName, file } = await client.graphs.export(graphId, { includeOrgNames });
    return { text: `${JSON.stringify(file, null, 2)}\n`, fileName };
  }
  const graph: SavedGraph = await client.graphs.get(graphId);
  const base = graphCsvFileName(graph.name).replace(/\.csv$/, "");
  if (format === "csv")
    // 002 §4: everything, every group, as the dialog exports with all selected.
    return {
      text: toGraphCsv(graph.document, graphExportAvailable(graph.document)),
      fileName: `${base}.csv`,
    };
  if (format === "graphml")
    return { text: toGraphml(graph.document, graph.name), fileName: `${base}.graphml` };
  if (format === "svg" || format === "png") {
    // 002 §8: a graph with nothing to draw cannot be exported as a picture.
    if (graph.document.nodes.length === 0) throw new CliError(graphMessages.exportFailed);
    return format === "svg"
      ? { text: toGraphSvg(graph.document, graph.name), fileName: `${base}.svg` }
      : { text: await graphPng(graph.document, graph.name), fileName: `${base}.png` };
  }
  return { text: toGexf(graph.document, graph.name), fileName: `${base}.gexf` };
}

/** 002 §7 graphs from the terminal: list the organization's graphs, export one, import a .trm file. */
export function registerGraph(program: Command, io: CliIo): void {
  const graph = program.command("graph").description("list, export and import saved investigation graphs");

  graph
    .command("list")
    .description("the current organization's saved graphs, most recently changed first")
    .option("--json", "print the graph records as JSON")
    .action(
      action(io, async (session, command) => {
        const { client } = await session.scopedClient();
        const graphs = await client.graphs.list();
        if (command.opts<{ json?: boolean }>().json) {
          session.out.json(graphs);
          return;
        }
        if (graphs.length === 0) {
          session.out.info("No saved graphs in this organization.");
          return;
        }
        session.out.data(
          renderTable(graphs, graphColumns(session.out.tty), {
            tty: session.out.tty,
            width: session.out.width,
          }),
        );
      }),
    );

  graph
    .command("export")
    .description("export a saved graph as .trm, CSV, GraphML, GEXF, or an SVG or PNG picture")
    .argument("<graphId>", "the graph's id (`sleuth graph list` shows them)")
    .addOption(new Option("--format <format>", "file format").choices(exportFormats).default("trm"))
    .option("-o, --output <file>", "write to this file (- or none: standard output)")
    .option("--include-org-names", "with --format trm: name the organization in the file")
    .addHelpText(
      "after",
      `
The .trm file is a versioned JSON document (docs/API.md "The .trm file") that \`sleuth graph
import\` reads back as the same graph. GraphML and GEXF open in Gephi, yEd and Maltego. SVG and PNG
draw the whole graph as the console's picture export does, at most 10000 px on a side (002 §5);
a PNG goes to a file (-o), or to standard output only when that is not a terminal.

Examples:
  sleuth graph export 6f1c… -o case.trm
  sleuth graph export 6f1c… --format graphml > case.graphml
  sleuth graph export 6f1c… --format png -o case.png`,
    )
    .action(
      action(io, async (session, command) => {
        const [graphId] = command.processedArgs as [string];
        const options = command.opts<{ format: ExportFormat; output?: string; includeOrgNames?: boolean }>();
        const { client } = await session.scopedClient();
        const { text, fileName } = await exportFile(
          client,
          graphId,
          options.format,
          Boolean(options.includeOrgNames),
        );
        if (!options.output || options.output === "-") {
          if (typeof text === "string") session.out.data(text);
          else if (session.out.tty)
            throw new CliError("A PNG is binary: write it to a file with -o FILE, or pipe it.");
          else session.io.stdout.write(text);
          return;
        }
        await writeFile(resolve(io.cwd, options.output), text);
        session.out.info(`Wrote ${options.output} (${fileName}).`);
      }),
    );

  graph
    .command("import")
    .description("save a .trm file as a new graph of the current organization (editor role)")
    .argument("<file>", "the .trm file")
    .option("--name <name>", "save under this name instead of the file's")
    .option("--json", "print the saved graph's record as JSON")
    .action(
      action(io, async (session, command) => {
        const [path] = command.processedArgs as [string];
        const options = command.opts<{ name?: string; json?: boolean }>();
        let file: ReturnType<typeof parseTrmFile>;
        try {
          file = parseTrmFile(await readFile(resolve(io.cwd, path), "utf8"));
        } catch (error) {
          throw new CliError(`${path}: ${(error as Error).message}`);
        }
        const { client } = await session.scopedClient();
        const saved = await client.graphs.create({ name: options.name ?? file.name, document: file.graph });
        const { document: _, ...record } = saved;
        if (options.json) session.out.json(record);
        else session.out.data(saved.graphId);
        session.out.info(
          `Saved ${saved.name ?? "an unnamed graph"}: ${saved.nodeCount} nodes, ${saved.edgeCount} edges.`,
        );
      }),
    );
}
