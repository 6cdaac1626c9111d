import { useStore } from "@nanostores/react";
import { Button } from "@primer/react";
import type { Command } from "../commands/commandRegistry.ts";
import { useCommands } from "../commands/useCommands.ts";
import { FlagsPanel } from "../flags/FlagsPanel.tsx";
import { InterestSummary } from "../interests/InterestSummary.tsx";
import { $signedIn } from "../session/sessionStore.ts";
import { HotkeyHint } from "../shortcuts/HotkeyHint.tsx";
import { reportCommandsFor } from "../userReports/reportCommands.ts";
import { useIsNotifiableVasp } from "../userReports/useIsNotifiableVasp.ts";
import { type ActionSubject, openActionDialog } from "./actionDialogs.ts";

const group = "Act on this page";

/**
 * The actions of a subject page (issue "Act on findings"): flag, indicate interest, see interested
 * investigators, add to a case, escalate, notify a service provider and the user reports that
 * belong here, as palette commands with hotkeys and as buttons; and the flags on the subject.
 * Writing needs the editor role (docs/API.md), so viewers get the reading commands only.
 */
export function SubjectActions({ subject }: { subject: ActionSubject }) {
  const view = useStore($signedIn);
  const canWrite = view?.role === "editor" || view?.role === "admin";
  const notifiable = useIsNotifiableVasp(subject);
  const noun = subject.kind === "customEntity" ? "custom entity" : subject.kind;
  const write: Command[] = [
    {
      id: "action.flag",
      title: `Flag this ${noun}`,
      group,
      keys: "a f",
      keywords: ["user attribution", "report to provider"],
      run: () => openActionDialog({ kind: "flag", subject }),
    },
    {
      id: "action.interest",
      title: "Indicate interest",
      group,
      keys: "a i",
      keywords: ["collaborate", "investigators"],
      run: () => openActionDialog({ kind: "interest", subject }),
    },
    {
      id: "action.attach",
      title: "Add to a case",
      group,
      keys: "a c",
      keywords: ["case", "attach", "relatable"],
      run: () => openActionDialog({ kind: "attach", subject }),
    },
    {
      id: "action.escalate",
      title: "Escalate to a colleague",
      group,
      keys: "a e",
      keywords: ["assign", "case", "notify"],
      run: () => openActionDialog({ kind: "escalate", subject }),
    },
    ...(notifiable
      ? [
          {
            id: "action.notify",
            title: "Notify this service provider",
            group,
            keys: "a n",
            keywords: ["beacon", "vasp", "exchange", "urgent"],
            run: () => openActionDialog({ kind: "notify", subject }),
          },
        ]
      : []),
    ...reportCommandsFor(subject),
  ];
  useCommands([
    {
      id: "action.investigators",
      title: "View interested investigators",
      group,
      keys: "a v",
      keywords: ["interest", "collaborate", "reveal"],
      run: () => openActionDialog({ kind: "investigators", subject }),
    },
    ...(canWrite ? write : []),
  ]);
  const button = (id: string, label: string, run: () => void) => (
    <Button size="small" onClick={run} trailingVisual={() => <HotkeyHint id={id} size="small" />}>
      {label}
    </Button>
  );
  return (
    <>
      <nav className="sleuth-subject-actions" aria-label="Actions">
        {canWrite ? button("action.flag", "Flag", () => openActionDialog({ kind: "flag", subject })) : null}
        {canWrite
          ? button("action.interest", "Indicate interest", () =>
              openActionDialog({ kind: "interest", subject }),
            )
          : null}
        {button("action.investigators", "Interested investigators", () =>
          openActionDialog({ kind: "investigators", subject }),
        )}
        {canWrite
          ? button("action.attach", "Add to case", () => openActionDialog({ kind: "attach", subject }))
          : null}
        {canWrite
          ? button("action.escalate", "Escalate", () => openActionDialog({ kind: "escalate", subject }))
          : null}
        {canWrite && notifiable
          ? button("action.notify", "Notify service provider", () =>
              openActionDialog({ kind: "notify", subject }),
            )
          : null}
      </nav>
      <InterestSummary subject={subject} />
      <FlagsPanel urn={subject.urn} />
    </>
  );
}
