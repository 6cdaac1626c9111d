import { useStore } from "@nanostores/react";
import { showsNotifyVaspButtons } from "@sleuth/sdk";
import { useQuery } from "@tanstack/react-query";
import type { ActionSubject } from "../actions/actionDialogs.ts";
import { actionQueries } from "../actions/actionQueries.ts";
import { $signedIn } from "../session/sessionStore.ts";

/** 000 §6: the notify buttons show for entities of the beacon categories while their flag is on. */
export function useIsNotifiableVasp(subject: ActionSubject): boolean {
  const view = useStore($signedIn);
  const vasp = useQuery({ ...actionQueries.vasp(subject.urn), enabled: subject.kind === "entity" });
  if (subject.kind !== "entity" || !vasp.data) return false;
  return showsNotifyVaspButtons(vasp.data.categoryId, view?.featureFlags.beaconCategories === true);
}
