import {
  ArrowSwitchIcon,
  GlobeIcon,
  HashIcon,
  type Icon,
  OrganizationIcon,
  StackIcon,
} from "@primer/octicons-react";
import type { SearchSection } from "@sleuth/sdk";

const icons = {
  transactions: ArrowSwitchIcon,
  entities: OrganizationIcon,
  customEntities: StackIcon,
  addresses: HashIcon,
  ips: GlobeIcon,
} as const satisfies Record<SearchSection, Icon>;

export function SearchSectionIcon({ section }: { section: SearchSection }) {
  const SectionIcon = icons[section];
  return <SectionIcon aria-hidden />;
}
