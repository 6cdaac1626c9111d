import { Dialog, Spinner, Text } from "@primer/react";
import { type GraphNode, parseUrn, readOpReturn, truncateMiddle } from "@sleuth/sdk";
import { useQuery } from "@tanstack/react-query";
import { useFocusReturnRef } from "../../keyboard/focusReturn.ts";
import { sleuthClient } from "../../session/sleuthClient.ts";

function OpReturnBody({ node }: { node: GraphNode }) {
  const parts = parseUrn(node.trmUrn);
  const hash = parts?.kind === "transaction" ? parts.hash : null;
  const chain = parts?.kind === "transaction" ? parts.chain : null;
  const query = useQuery({
    queryKey: ["graph", "opReturn", node.trmUrn],
    enabled: hash !== null,
    queryFn: ({ signal }) =>
      sleuthClient.search.transactions({ tx_hashes: [hash!], exclude_transfers: true }, { signal }),
  });
  if (query.isPending) return <Spinner size="small" srText="Loading the transaction…" />;
  if (query.isError)
    return (
      <Text as="p" role="alert">
        The transaction could not be loaded. Please try again later.
      </Text>
    );
  const row = query.data.find((entry) => entry.chain === chain);
  const view = row?.op_return ? readOpReturn(row.op_return) : null;
  if (!view)
    return (
      <Text as="p" data-testid="op-return-empty">
        This transaction carries no OP_RETURN data.
      </Text>
    );
  return (
    <dl className="sleuth-graph-side-details" data-testid="op-return">
      <dt>Text</dt>
      <dd className="sleuth-break">{view.text ?? "Not text: the payload is binary."}</dd>
      <dt>Hex ({view.bytes} bytes)</dt>
      <dd className="sleuth-mono sleuth-break">{view.hex}</dd>
    </dl>
  );
}

/** 002 §2 OP_RETURN data viewer: the selected transaction's OP_RETURN payload, as text and hex. */
export function OpReturnDialog({ node, onClose }: { node: GraphNode; onClose: () => void }) {
  const returnFocusRef = useFocusReturnRef();
  return (
    <Dialog
      title="OP_RETURN data"
      subtitle={`Transaction ${truncateMiddle(node.label, 12, 8)}`}
      onClose={onClose}
      width="medium"
      returnFocusRef={returnFocusRef}
      footerButtons={[{ buttonType: "primary", content: "Close", onClick: onClose }]}
    >
      <OpReturnBody node={node} />
    </Dialog>
  );
}
