import { describe, expect, test } from "vitest";
import { alphabetOfToken } from "./textAlphabet.ts";

describe("issue 42 the alphabet a doubtful line is read again in", () => {
  test("issue 42 each kind of identifier, as the page pass misread it, is re-read in its own alphabet", () => {
    // An EIP-55 address with an O for its 0x's 0: hex with capitals.
    expect(alphabetOfToken("Ox002e08000achbaE2155Fab7AC01929564949070d")).toBe("hex");
    // A lowercase address and a transaction hash with an l for a 1: lowercase hex only.
    expect(alphabetOfToken("0x1fd6267f0d86f62d88172b998390afee2alf54b6")).toBe("hexLower");
    expect(alphabetOfToken("16aec2e1964167eb7dfe9aef3e766099")).toBe("hexLower");
    // bech32 with its 1 read as l.
    expect(alphabetOfToken("bclgyta9a3we4dp42yh4vz8wgpw3dkqg2mk6grjng4cn")).toBe("bech32");
    expect(alphabetOfToken("ltc1qg82tgq4nhz5rqeplrdsxkfdk9tkqajwgaadjz4")).toBe("bech32");
    // Base58 of Bitcoin and Tron.
    expect(alphabetOfToken("1Hpj6qm917nMF3VKKTB")).toBe("base58");
    expect(alphabetOfToken("TFdTr9C3BqQrzKBXqSxJfA")).toBe("base58");
  });
});
