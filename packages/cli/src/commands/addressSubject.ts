import {
  type ChainId,
  chainIdSchema,
  recognizeIdentifier,
  type SleuthClient,
  triageMessages,
} from "@sleuth/sdk";
import { CliError } from "../errors.ts";
import type { Session } from "../session.ts";

/**
 * The address and its chain: `--chain` when given, else the first chain (registry order) the address
 * fits among those the server searches (a `0x` address is read as Ethereum's).
 */
export async function addressSubjectOf(
  session: Session,
  client: SleuthClient,
  address: string,
  chainOption: string | undefined,
): Promise<{ chain: ChainId; address: string; urn: string }> {
  let chains: ChainId[];
  if (chainOption !== undefined) {
    const chain = chainIdSchema.safeParse(chainOption.trim().toLowerCase());
    if (!chain.success) throw new CliError(`unknown chain "${chainOption}"`);
    chains = [chain.data];
  } else {
    const configuration = await client.search.configuration();
    if (configuration.notice) session.out.warn(configuration.notice);
    const { excludedChains } = configuration;
    chains = recognizeIdentifier(address, { recognizeInet: false, excludedChains })
      .filter((identifier) => identifier.kind === "address")
      .map((identifier) => identifier.chain as ChainId);
  }
  const match = recognizeIdentifier(address, { recognizeInet: false }).find(
    (identifier) => identifier.kind === "address" && identifier.chain === chains[0],
  );
  if (!match) throw new CliError(`${triageMessages.invalidAddress} (${address})`);
  return { chain: match.chain as ChainId, address: match.value, urn: match.urn };
}
