import { useStore } from "@nanostores/react";
import { useQueryClient } from "@tanstack/react-query";
import { showError, showMessage } from "../messages/messageStore.ts";
import { sleuthClient } from "../session/sleuthClient.ts";
import "./actions.css";
import { caseMessages } from "@sleuth/sdk";
import { useLocation } from "wouter";
import { AttachDialog } from "../cases/AttachDialog.tsx";
import { EscalateDialog } from "../cases/EscalateDialog.tsx";
import { NewCaseDialog } from "../cases/NewCaseDialog.tsx";
import { NotifyTargetsDialog } from "../cases/NotifyTargetsDialog.tsx";
import { FlagDialog } from "../flags/FlagDialog.tsx";
import { InterestedInvestigatorsDialog } from "../interests/InterestedInvestigatorsDialog.tsx";
import { InterestSidebar } from "../interests/InterestSidebar.tsx";
import { NotifyVaspDialog } from "../userReports/NotifyVaspDialog.tsx";
import { ReportDialog } from "../userReports/ReportDialog.tsx";
import { $actionDialog, closeActionDialog, openActionDialog } from "./actionDialogs.ts";
import { casePath } from "./workspacePaths.ts";

/** Renders the action dialog the palette, a hotkey or a button opened (mounted once, in the shell). */
export function ActionDialogs() {
  const dialog = useStore($actionDialog);
  const client = useQueryClient();
  const [, navigate] = useLocation();
  if (!dialog) return null;
  const close = closeActionDialog;
  switch (dialog.kind) {
    case "flag":
      return <FlagDialog subject={dialog.subject} onClose={close} onFlagged={dialog.onFlagged} />;
    case "interest":
      return (
        <InterestSidebar
          trmResourceUrns={[dialog.subject.urn]}
          title={dialog.subject.label}
          onClose={close}
        />
      );
    case "investigators":
      return (
        <InterestedInvestigatorsDialog
          urn={dialog.subject.urn}
          title={dialog.subject.label}
          onClose={close}
          onIndicateInterest={() => openActionDialog({ kind: "interest", subject: dialog.subject })}
        />
      );
    case "attach":
      return <AttachDialog subject={dialog.subject} onClose={close} />;
    case "escalate":
      return <EscalateDialog trmUrn={dialog.subject.urn} alias={dialog.subject.label} onClose={close} />;
    case "notify":
      return <NotifyVaspDialog subject={dialog.subject} onClose={close} />;
    case "notifyTargets":
      return <NotifyTargetsDialog onClose={close} />;
    case "report":
      return <ReportDialog kind={dialog.reportKind} subject={dialog.subject} onClose={close} />;
    case "newCase": {
      const attach = dialog.attach;
      return (
        <NewCaseDialog
          onClose={close}
          onCreated={async (created) => {
            close();
            if (attach) {
              try {
                await sleuthClient.cases.attach(created.id, { resourceUrn: attach.urn });
                void client.invalidateQueries({ queryKey: ["cases"] });
                showMessage({ variant: "success", title: `${caseMessages.attached} (${created.name})` });
              } catch (error) {
                showError(caseMessages.attachFailed, error);
              }
            } else {
              navigate(casePath(created.id));
            }
          }}
        />
      );
    }
  }
}
