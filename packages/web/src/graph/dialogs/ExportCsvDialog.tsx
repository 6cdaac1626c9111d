import { Checkbox, Dialog, FormControl, Text } from "@primer/react";
import {
  type CheckboxState,
  type GraphDocument,
  type GraphExportGroup,
  type GraphExportSelection,
  type GraphExportStep,
  graphCsvFileName,
  graphExportAllState,
  graphExportAvailable,
  graphExportGroupState,
  graphExportGroups,
  graphMessages,
  isGraphExportDownloadDisabled,
  nextGraphExportStep,
  toGraphCsv,
  toggleGraphExportAll,
  toggleGraphExportElement,
  toggleGraphExportGroup,
} from "@sleuth/sdk";
import { useMemo, useRef, useState } from "react";
import { useFocusReturnRef } from "../../keyboard/focusReturn.ts";
import { downloadFile } from "../graphFiles.ts";

function TriStateBox({ state, onChange }: { state: CheckboxState; onChange: () => void }) {
  return (
    <Checkbox checked={state === "checked"} indeterminate={state === "indeterminate"} onChange={onChange} />
  );
}

/**
 * 002 §4 "Export CSV": every element by group (Addresses, Entities, Flows, Transfers, off-chain nodes
 * and connections) with all / none / indeterminate checkboxes; Download is disabled with nothing
 * selected (002 §5); off-chain elements add a warning step before the download. The file is named by
 * the 002 §9 rule.
 */
export function ExportCsvDialog({
  document,
  name,
  onClose,
}: {
  document: GraphDocument;
  name: string | null;
  onClose: () => void;
}) {
  const available = useMemo(() => graphExportAvailable(document), [document]);
  const [selection, setSelection] = useState<GraphExportSelection>(available);
  const [step, setStep] = useState<GraphExportStep>("select");
  const allRef = useRef<HTMLInputElement>(null);
  const returnFocusRef = useFocusReturnRef();
  const labels = useMemo(() => {
    const map = new Map<string, string>();
    for (const node of document.nodes) map.set(node.id, node.label);
    for (const edge of document.edges) {
      const from = map.get(edge.source) ?? edge.source;
      const to = map.get(edge.target) ?? edge.target;
      map.set(edge.id, `${from} → ${to}`);
    }
    return map;
  }, [document]);
  const fileName = graphCsvFileName(name);
  const disabled = isGraphExportDownloadDisabled(selection);

  const confirm = () => {
    const next = nextGraphExportStep(step, selection);
    if (next === "download") {
      downloadFile(fileName, toGraphCsv(document, selection), "text/csv;charset=utf-8");
      onClose();
    } else setStep(next);
  };

  return (
    <Dialog
      title="Export CSV"
      subtitle={fileName}
      onClose={onClose}
      width="large"
      initialFocusRef={allRef}
      returnFocusRef={returnFocusRef}
      footerButtons={[
        {
          buttonType: "default",
          content: step === "select" ? "Cancel" : "Back",
          onClick: step === "select" ? onClose : () => setStep("select"),
        },
        { buttonType: "primary", content: "Download", onClick: confirm, disabled },
      ]}
    >
      {step === "offChainWarning" ? (
        <Text as="p" role="alert" data-testid="graph-export-warning">
          {graphMessages.offChainExportWarning}
        </Text>
      ) : (
        <div className="sleuth-graph-export">
          <FormControl>
            <Checkbox
              ref={allRef}
              checked={graphExportAllState(selection, available) === "checked"}
              indeterminate={graphExportAllState(selection, available) === "indeterminate"}
              onChange={() => setSelection(toggleGraphExportAll(selection, available))}
            />
            <FormControl.Label>Select all</FormControl.Label>
          </FormControl>
          {graphExportGroups.map(({ id, label }) =>
            available[id].length === 0 ? null : (
              <fieldset key={id} className="sleuth-graph-export-group">
                <FormControl>
                  <TriStateBox
                    state={graphExportGroupState(selection, available, id)}
                    onChange={() => setSelection(toggleGraphExportGroup(selection, available, id))}
                  />
                  <FormControl.Label>
                    {label} ({available[id].length})
                  </FormControl.Label>
                </FormControl>
                <ul className="sleuth-graph-export-items">
                  {available[id].map((element) => (
                    <li key={element}>
                      <FormControl>
                        <Checkbox
                          checked={selection[id].includes(element)}
                          onChange={() =>
                            setSelection(toggleGraphExportElement(selection, id as GraphExportGroup, element))
                          }
                        />
                        <FormControl.Label className="sleuth-mono">
                          {labels.get(element) ?? element}
                        </FormControl.Label>
                      </FormControl>
                    </li>
                  ))}
                </ul>
              </fieldset>
            ),
          )}
          {disabled ? <Text as="p">Select something to export.</Text> : null}
        </div>
      )}
    </Dialog>
  );
}
