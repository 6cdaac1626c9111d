export { MessageRegion } from "./MessageRegion.tsx";
export { NoOrganization } from "./NoOrganization.tsx";
export { SignedInLayout } from "./SignedInLayout.tsx";
export { Splash } from "./Splash.tsx";
