// Just enough Bitcoin script to read address properties (001 §3) out of a spend: the data pushes
// of a scriptSig, and the m-of-n of a multisig redeem script.

const opPushData1 = 0x4c;
const opPushData2 = 0x4d;
const opPushData4 = 0x4e;
const op1 = 0x51;
const op16 = 0x60;
const opCheckMultisig = 0xae;
const opReturn = 0x6a;

function bytesOfHex(hex: string): Uint8Array | null {
  if (hex.length % 2 !== 0 || !/^[0-9a-f]*$/i.test(hex)) return null;
  const bytes = new Uint8Array(hex.length / 2);
  for (let index = 0; index < bytes.length; index++)
    bytes[index] = Number.parseInt(hex.slice(index * 2, index * 2 + 2), 16);
  return bytes;
}

function hexOfBytes(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** The data pushed by a push-only script, or null when it holds other opcodes or is cut short. */
export function scriptPushes(script: Uint8Array): Uint8Array[] | null {
  const pushes: Uint8Array[] = [];
  let at = 0;
  while (at < script.length) {
    const op = script[at]!;
    at++;
    let size: number;
    if (op >= 1 && op < opPushData1) size = op;
    else if (op === opPushData1) {
      size = script[at] ?? -1;
      at += 1;
    } else if (op === opPushData2) {
      size = (script[at] ?? 0) | ((script[at + 1] ?? 0) << 8);
      at += 2;
    } else if (op === opPushData4) {
      size =
        (script[at] ?? 0) |
        ((script[at + 1] ?? 0) << 8) |
        ((script[at + 2] ?? 0) << 16) |
        ((script[at + 3] ?? 0) << 24);
      at += 4;
    } else if (op === 0) {
      pushes.push(new Uint8Array(0));
      continue;
    } else return null;
    if (size < 0 || at + size > script.length) return null;
    pushes.push(script.subarray(at, at + size));
    at += size;
  }
  return pushes;
}

function isPublicKey(bytes: Uint8Array): boolean {
  return (
    (bytes.length === 33 && (bytes[0] === 2 || bytes[0] === 3)) || (bytes.length === 65 && bytes[0] === 4)
  );
}

/** "m-of-n" and the keys of a bare multisig script (OP_m <keys> OP_n OP_CHECKMULTISIG), or null. */
function multisigOf(script: Uint8Array): { multisig: string; keys: Uint8Array[] } | null {
  const first = script[0];
  const last = script[script.length - 1];
  const count = script[script.length - 2];
  if (first === undefined || count === undefined || last !== opCheckMultisig) return null;
  if (first < op1 || first > op16 || count < op1 || count > op16) return null;
  const keys = scriptPushes(script.subarray(1, script.length - 2));
  const m = first - op1 + 1;
  const n = count - op1 + 1;
  if (keys === null || keys.length !== n || m > n || !keys.every(isPublicKey)) return null;
  return { multisig: `${m}-of-${n}`, keys };
}

export interface SpendProperties {
  multisig: string | null;
  publicKeyCompressed: boolean | null;
}

/**
 * What a scriptSig reveals about the address it spends from: a P2PKH spend pushes the public key
 * (33 bytes compressed, 65 not); a P2SH spend pushes its redeem script last, which may be a
 * multisig. Segwit spends keep all this in the witness, which exports do not carry.
 */
export function spendProperties(scriptSigHex: string | null, addressType: string): SpendProperties {
  const none = { multisig: null, publicKeyCompressed: null };
  const script = scriptSigHex === null ? null : bytesOfHex(scriptSigHex);
  if (script === null || script.length === 0) return none;
  const pushes = scriptPushes(script);
  const last = pushes?.at(-1);
  if (!last) return none;
  if (addressType === "pubkeyhash" && isPublicKey(last))
    return { multisig: null, publicKeyCompressed: last.length === 33 };
  if (addressType === "scripthash") {
    const multisig = multisigOf(last);
    if (multisig) {
      return {
        multisig: multisig.multisig,
        publicKeyCompressed: multisig.keys.every((key) => key.length === 33),
      };
    }
  }
  return none;
}

/** The public key of a pay-to-pubkey output (<key> OP_CHECKSIG) says whether it is compressed. */
export function payToPubkeyCompressed(scriptHex: string | null): boolean | null {
  const script = scriptHex === null ? null : bytesOfHex(scriptHex);
  if (script === null) return null;
  if (script.length === 35 && script[0] === 33) return true;
  if (script.length === 67 && script[0] === 65) return false;
  return null;
}

/** The data of an OP_RETURN output script as hex, or null when the script is not one. */
export function opReturnData(scriptHex: string | null): string | null {
  const script = scriptHex === null ? null : bytesOfHex(scriptHex);
  if (script === null || script[0] !== opReturn) return null;
  const pushes = scriptPushes(script.subarray(1));
  if (pushes === null) return hexOfBytes(script.subarray(1));
  return pushes.map(hexOfBytes).join("");
}
