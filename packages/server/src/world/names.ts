import type { Random } from "./random.ts";

// Fictional names only: the demo world must not attribute made-up addresses to real companies or
// people. Domains use the reserved .example TLD (RFC 2606).

const plainWords = [
  "Harbor",
  "Cobalt",
  "Granite",
  "Summit",
  "Pioneer",
  "Atlas",
  "Maple",
  "Aurora",
  "Cedar",
  "Ember",
  "Falcon",
  "Glacier",
  "Horizon",
  "Juniper",
  "Kestrel",
  "Lumen",
  "Meridian",
  "Nimbus",
  "Orchid",
  "Polar",
  "Quartz",
  "Sable",
  "Tidal",
  "Vector",
  "Willow",
  "Zephyr",
  "Copper",
  "Lantern",
  "Birch",
  "Coral",
  "Fjord",
  "Grove",
  "Heron",
  "Iris",
  "Jade",
  "Larch",
  "Mistral",
  "Pine",
  "Ridge",
  "Slate",
  "Thistle",
  "Vale",
  "Wren",
  "Alder",
  "Basalt",
  "Cirrus",
  "Dune",
  "Flint",
  "Garnet",
  "Hazel",
];

const darkWords = [
  "Obsidian",
  "Nightshade",
  "Hollow",
  "Umbra",
  "Cinder",
  "Wraith",
  "Grim",
  "Ashen",
  "Murk",
  "Viper",
  "Raven",
  "Onyx",
  "Shade",
  "Dusk",
  "Thorn",
  "Gloom",
  "Crypt",
  "Black",
  "Hex",
  "Void",
];

const givenNames = [
  "Viktor",
  "Mara",
  "Dorian",
  "Ilse",
  "Anton",
  "Greta",
  "Oren",
  "Talia",
  "Casimir",
  "Nadia",
];
const familyNames = [
  "Halden",
  "Kessel",
  "Varga",
  "Brandt",
  "Morrow",
  "Sorel",
  "Draven",
  "Lisko",
  "Ferro",
  "Quill",
];

export type NameStyle =
  | { kind: "service"; suffixes: readonly string[] }
  | { kind: "dark"; suffixes: readonly string[]; joined?: boolean }
  | { kind: "person" };

/** Draws names that are unique within one world. */
export class NameDrawer {
  readonly #random: Random;
  readonly #taken = new Set<string>();

  constructor(random: Random) {
    this.#random = random;
  }

  draw(style: NameStyle): string {
    for (let attempt = 0; ; attempt++) {
      const name = this.#candidate(style, attempt);
      if (!this.#taken.has(name)) {
        this.#taken.add(name);
        return name;
      }
    }
  }

  #candidate(style: NameStyle, attempt: number): string {
    const random = this.#random;
    const tail = attempt >= 20 ? ` ${attempt}` : "";
    switch (style.kind) {
      case "service":
        return `${random.pick(plainWords)} ${random.pick(style.suffixes)}${tail}`;
      case "dark": {
        const first = random.pick(darkWords);
        const suffix = random.pick(style.suffixes);
        return `${style.joined ? `${first}${suffix}` : `${first} ${suffix}`}${tail}`;
      }
      case "person":
        return `${random.pick(givenNames)} ${random.pick(familyNames)}${tail}`;
    }
  }
}

/** The URN slug of a name: lowercase words joined by hyphens. */
export function slugOf(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}
