// The order the runner starts test files in (vitest's `sequence.sequencer`): the longest first, so
// the two workers finish together instead of one running a long file alone at the end.
// Vitest's own order keeps the groups (`sequence.groupOrder`) and runs each project's files together:
// a worker that is not isolated (`isolate: false`) carries on with the next file of its project in
// the same process, and a file of another project would end that process. Within a project vitest
// goes by the durations of the last run, which a fresh clone has not got, then by file size, which
// says little about time (a short file may start seven servers). So the files below start first, in
// this order, whatever their size; the rest follow, largest first.
import { relative } from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * The files that take longest on an idle 2-core machine, longest first. A file of more than about
 * 20 s belongs here (docs/ARCHITECTURE.md "Keeping the test command fast"), and shorter ones that
 * still outlast most files help the workers finish together. The order is that of file durations
 * measured in session 33 (the server and cli projects in a run of their own, the browser files in
 * a whole run and in runs of their own), which a busy machine stretches but hardly reorders.
 */
export const longestFirst: readonly string[] = [
  "tests/server/importJobs.test.ts",
  "tests/server/entrypoints.test.ts",
  "tests/server/hardening.test.ts",
  "tests/server/ethereumFollowerCrash.test.ts",
  "tests/server/pgliteFaults.test.ts",
  "tests/server/loadShedding.test.ts",
  "tests/server/postgresOutage.test.ts",
  "tests/server/exportCrashPostgres.test.ts",
  "tests/server/notifications.test.ts",
  "tests/server/rollupSettle.test.ts",
  "tests/server/importKillPostgres.test.ts",
  "tests/server/routeFuzzPglite.test.ts",
  "tests/server/notificationCrash.test.ts",
  "tests/server/store.test.ts",
  "tests/server/exportTables.test.ts",
  "tests/server/exportCrashPglite.test.ts",
  "tests/server/routeFuzzPostgres.test.ts",
  "tests/server/actions.test.ts",
  "tests/server/imageScan.test.ts",
  "tests/server/slowClients.test.ts",
  "tests/server/runImport.test.ts",
  "tests/server/importBadFiles.test.ts",
  "tests/server/rollupHotWallet.test.ts",
  "tests/browser/graph.test.ts",
  "tests/browser/search.test.ts",
  "tests/browser/customEntities.test.ts",
  "tests/browser/triageFlows.test.ts",
  "tests/browser/console.test.ts",
  "tests/browser/displayRules.test.ts",
  "tests/browser/actions.test.ts",
  "tests/browser/imageSearch.test.ts",
  "tests/browser/transfers.test.ts",
  "tests/browser/searchResults.test.ts",
  "tests/browser/messages.test.ts",
  "tests/browser/flows.test.ts",
  "tests/browser/categories.test.ts",
  "tests/browser/triageLicense.test.ts",
  "tests/browser/downloads.test.ts",
  "tests/browser/namedCounterparties.test.ts",
  "tests/browser/triage.test.ts",
  "tests/browser/subjectPages.test.ts",
  "tests/cli/graph.test.ts",
  "tests/cli/batch.test.ts",
  "tests/cli/namedCounterparties.test.ts",
  "tests/cli/transfers.test.ts",
];

export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    // Vitest's order (groups, projects, then the last run's durations or size), made stable...
    const sorted = await super.sort(files);
    const position = new Map(sorted.map((spec, index) => [spec, index]));
    const rank = (spec: TestSpecification): number => {
      const index = longestFirst.indexOf(relative(this.ctx.config.root, spec.moduleId));
      return index === -1 ? longestFirst.length : index;
    };
    // ...with the listed files moved to the front of their project.
    return sorted.sort((a, b) => {
      const groupOrder = a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder;
      if (groupOrder !== 0) return groupOrder;
      if (a.project.name !== b.project.name) return position.get(a)! - position.get(b)!;
      return rank(a) - rank(b) || position.get(a)! - position.get(b)!;
    });
  }
}
