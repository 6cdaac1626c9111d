// Writes packages/sdk/src/index.ts: the SDK's public surface listed explicitly (as TanStack Query's
// query-core/src/index.ts does), every name each domain folder's index.ts exports, folder by folder.
// Rerun after a folder's index.ts changes: `npx -y pnpm@12 exec node scripts/lib/sdkRootIndex.ts`.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const src = fileURLToPath(new URL("../../packages/sdk/src/", import.meta.url));
const exportList = /export\s+(type\s+)?\{([^}]*)\}\s+from\s+"[^"]+";/g;

const blocks: string[] = [];
for (const folder of readdirSync(src).sort()) {
  const index = join(src, folder, "index.ts");
  if (!statSync(join(src, folder)).isDirectory() || !statSync(index, { throwIfNoEntry: false })) continue;
  const values: string[] = [];
  const types: string[] = [];
  for (const match of readFileSync(index, "utf8").matchAll(exportList)) {
    for (const raw of match[2]!.split(",")) {
      const entry = raw.trim();
      if (!entry) continue;
      const name = entry
        .replace(/^type\s+/, "")
        .split(/\s+as\s+/)
        .pop()!;
      if (match[1] || entry.startsWith("type ")) types.push(name);
      else values.push(name);
    }
  }
  const from = `"./${folder}/index.ts"`;
  if (types.length > 0)
    blocks.push(`export type {\n  ${[...new Set(types)].sort().join(",\n  ")},\n} from ${from};`);
  if (values.length > 0)
    blocks.push(`export {\n  ${[...new Set(values)].sort().join(",\n  ")},\n} from ${from};`);
}
writeFileSync(
  join(src, "index.ts"),
  `// The SDK's public surface: every API call, rule and constant of the specification, listed by name.
// Generated from each domain folder's index.ts by scripts/lib/sdkRootIndex.ts; rerun it after one changes.
${blocks.join("\n")}\n`,
);
