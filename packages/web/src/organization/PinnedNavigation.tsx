import { Link } from "wouter";
import { navigationDestinations } from "./navigationDestinations.ts";
import { usePreference } from "./preferenceQueries.ts";

/** 000 §3 pinned navigation: the destinations the user pinned, as links under the header. */
export function PinnedNavigation() {
  const pinned = usePreference("pinned-navigation")?.pinned ?? [];
  const shown = navigationDestinations.filter((destination) => pinned.includes(destination.id));
  if (shown.length === 0) return null;
  return (
    <nav aria-label="Pinned" className="sleuth-pinned-nav" data-testid="pinned-navigation">
      {shown.map((destination) => (
        <Link key={destination.id} href={destination.path}>
          {destination.label}
        </Link>
      ))}
    </nav>
  );
}
