import { z } from "zod";

/**
 * GET /v1/beacon/vasp?entityUrn= (ours; the specification reads the 000 §3 beacon contact
 * properties from the entity): what the notify flow needs to know about one service provider.
 * The contacts themselves stay on the server; the flow only needs to know whether one exists.
 */
export const beaconVaspSchema = z.object({
  entityUrn: z.string(),
  name: z.string(),
  categoryId: z.number().int(),
  category: z.string(),
  hasBeaconContact: z.boolean(),
  hasLawEnforcementContact: z.boolean(),
});
export type BeaconVasp = z.infer<typeof beaconVaspSchema>;
