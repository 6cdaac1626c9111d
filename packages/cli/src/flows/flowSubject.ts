import {
  ApiError,
  chainById,
  type FlowValueType,
  parseUrn,
  recognizeIdentifier,
  type SleuthClient,
  subjectFieldsFor,
} from "@sleuth/sdk";
import { CliError } from "../errors.ts";

export interface CliFlowSubject {
  valueType: FlowValueType;
  urn: string;
}

/**
 * The subject a flow command is about: an address, entity or custom-entity URN as given, or an
 * address (with `--chain`, or on each chain its form fits until one is known to the server).
 */
export async function resolveCliSubject(
  client: SleuthClient,
  input: string,
  chain: string | undefined,
): Promise<CliFlowSubject> {
  const parts = parseUrn(input.trim());
  if (parts?.kind === "address") return { valueType: "address", urn: input.trim() };
  if (parts?.kind === "entity") return { valueType: "entity", urn: input.trim() };
  if (parts?.kind === "custom-entity") return { valueType: "custom-entity", urn: input.trim() };
  if (parts)
    throw new CliError(`a ${parts.kind} has no flows: give an address, an entity or a custom entity`);
  const wanted = chain === undefined ? undefined : chainById(chain)?.id;
  if (chain !== undefined && !wanted) throw new CliError(`unknown chain: ${chain}`);
  const candidates = recognizeIdentifier(input, { recognizeInet: false }).filter(
    (candidate) => candidate.kind === "address" && (wanted === undefined || candidate.chain === wanted),
  );
  if (candidates.length === 0)
    throw new CliError(`not an address or a URN${wanted ? ` on ${wanted}` : ""}: ${input}`);
  if (candidates.length === 1) return { valueType: "address", urn: candidates[0]!.urn };
  // One form on several chains (a 0x address): the first chain the server knows it on.
  for (const candidate of candidates) {
    try {
      await client.flows.summary("address", subjectFieldsFor("address", candidate.urn));
      return { valueType: "address", urn: candidate.urn };
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 404)) throw error;
    }
  }
  throw new CliError(`no chain knows ${input}; name one with --chain`);
}
