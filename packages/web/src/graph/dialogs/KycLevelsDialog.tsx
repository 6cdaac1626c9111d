import { Dialog, Text } from "@primer/react";
import { kycLevels } from "@sleuth/sdk";
import { useFocusReturnRef } from "../../keyboard/focusReturn.ts";

// What each level means; the spec names the levels only (002 §9), the explanations are ours.
const explanations: Record<keyof typeof kycLevels, string> = {
  1: "Little identity checking: an email or phone number, small limits.",
  2: "Identity documents checked before larger amounts move.",
  3: "Identity, address and source of funds verified.",
};

/** 002 §2 / §9 KYC levels info: what the 1 (weak), 2 (moderate) and 3 (strong) levels mean. */
export function KycLevelsDialog({ onClose }: { onClose: () => void }) {
  const returnFocusRef = useFocusReturnRef();
  return (
    <Dialog
      title="KYC levels"
      onClose={onClose}
      width="medium"
      returnFocusRef={returnFocusRef}
      footerButtons={[{ buttonType: "primary", content: "Close", onClick: onClose }]}
    >
      <Text as="p">How strictly a service checks who its customers are.</Text>
      <dl className="sleuth-graph-side-details" data-testid="kyc-levels">
        {([1, 2, 3] as const).map((level) => (
          <div key={level}>
            <dt>
              {level} ({kycLevels[level]})
            </dt>
            <dd>{explanations[level]}</dd>
          </div>
        ))}
      </dl>
    </Dialog>
  );
}
