import { useStore } from "@nanostores/react";
import { Button, Label, Spinner } from "@primer/react";
import { overallRefreshStatus, refreshPartLabels, refreshParts, refreshStatusTexts } from "@sleuth/sdk";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useCommands } from "../commands/useCommands.ts";
import { announce } from "../messages/messageStore.ts";
import { $signedIn } from "../session/sessionStore.ts";
import { sleuthClient } from "../session/sleuthClient.ts";
import { HotkeyHint } from "../shortcuts/HotkeyHint.tsx";
import { openCustomEntityDialog } from "./customEntityDialogs.ts";
import { customEntityQueries } from "./customEntityQueries.ts";

const statusVariant = { processing: "attention", failed: "danger", succeeded: "success" } as const;

/**
 * The custom entity page's header actions: the 000 §4 refresh status (polled every 5 s until the
 * four parts succeed), and Share (a s), Rename (a r), Refresh data (a u), Addresses (a a) and
 * Delete (a d, asks first), each also a palette command.
 * Editing actions are offered to editors only (002 §6); the server enforces it regardless.
 */
export function CustomEntityActions({ uuid }: { uuid: string }) {
  const detail = useQuery(customEntityQueries.detail(uuid));
  const status = useQuery(customEntityQueries.refreshStatus(uuid));
  const queryClient = useQueryClient();
  const overall = status.data ? overallRefreshStatus(status.data) : null;
  const editor = detail.data?.permission === "editor";
  // 000 §6 feature flags: sharing is offered while the organization's customEntitySharing flag is on.
  const sharing = useStore($signedIn)?.featureFlags.customEntitySharing ?? true;
  const name = detail.data?.name ?? "";

  const previous = useRef(overall);
  useEffect(() => {
    if (previous.current === "processing" && overall && overall !== "processing") {
      announce(`Refresh ${overall}`);
      void queryClient.invalidateQueries({ queryKey: ["customEntities", "detail", uuid] });
      void queryClient.invalidateQueries({ queryKey: ["metrics"] });
    }
    previous.current = overall;
  }, [overall, queryClient, uuid]);

  const refresh = useMutation({
    mutationFn: () => sleuthClient.customEntities.refresh(uuid),
    onSuccess: (answer) => {
      queryClient.setQueryData(["customEntities", "refresh", uuid], answer);
      announce("Refreshing the custom entity's data");
    },
  });
  const share = () => openCustomEntityDialog({ kind: "share", uuid, name });
  const rename = () => openCustomEntityDialog({ kind: "rename", uuid, name });
  const remove = () => openCustomEntityDialog({ kind: "delete", uuid, name });
  const editResources = () => openCustomEntityDialog({ kind: "resources", uuid, name });

  useCommands(
    editor
      ? [
          ...(sharing
            ? [
                {
                  id: "customEntity.share",
                  title: "Share custom entity",
                  group: "This page",
                  keys: "a s",
                  run: share,
                },
              ]
            : []),
          {
            id: "customEntity.rename",
            title: "Rename custom entity",
            group: "This page",
            keys: "a r",
            run: rename,
          },
          {
            id: "customEntity.refresh",
            title: "Refresh custom entity data",
            group: "This page",
            keys: "a u",
            run: () => refresh.mutate(),
          },
          {
            id: "customEntity.resources",
            title: "Edit the custom entity's addresses…",
            group: "This page",
            keys: "a a",
            keywords: ["add", "remove", "resources", "urns"],
            run: editResources,
          },
          {
            id: "customEntity.delete",
            title: "Delete custom entity…",
            group: "This page",
            keys: "a d",
            keywords: ["remove"],
            run: remove,
          },
        ]
      : [],
  );

  return (
    <div className="sleuth-entity-actions" data-testid="custom-entity-actions">
      {overall ? (
        <Label
          variant={statusVariant[overall]}
          data-testid="refresh-status"
          title={refreshParts
            .map((part) => `${refreshPartLabels[part]}: ${status.data?.[part] ?? "processing"}`)
            .join(", ")}
        >
          {overall === "processing" ? <Spinner size="small" srText={null} /> : null}{" "}
          {refreshStatusTexts[overall]}
        </Label>
      ) : null}
      {detail.data ? <Label variant="secondary">You: {detail.data.permission}</Label> : null}
      {editor ? (
        <>
          {sharing ? (
            <Button
              size="small"
              onClick={share}
              trailingVisual={() => <HotkeyHint id="customEntity.share" />}
            >
              Share
            </Button>
          ) : null}
          <Button
            size="small"
            onClick={rename}
            trailingVisual={() => <HotkeyHint id="customEntity.rename" />}
          >
            Rename
          </Button>
          <Button
            size="small"
            onClick={() => refresh.mutate()}
            trailingVisual={() => <HotkeyHint id="customEntity.refresh" />}
            loading={refresh.isPending}
          >
            Refresh data
          </Button>
          <Button
            size="small"
            onClick={editResources}
            trailingVisual={() => <HotkeyHint id="customEntity.resources" />}
          >
            Addresses
          </Button>
          <Button
            size="small"
            variant="danger"
            onClick={remove}
            trailingVisual={() => <HotkeyHint id="customEntity.delete" />}
          >
            Delete
          </Button>
        </>
      ) : null}
    </div>
  );
}
