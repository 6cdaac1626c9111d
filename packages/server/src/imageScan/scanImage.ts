import { type ImageScanRead, identifierReadsFromPasses, identifierReadsInText } from "@sleuth/sdk";
import { decodeImage } from "./decodeImage.ts";
import { type NearIdentifiers, nearStoredReads, nearTokens } from "./nearMatches.ts";
import {
  type GreyImage,
  ocrScale,
  pngOfGrey,
  rotatedMask,
  scaledGrey,
  skewAngle,
  stackRegions,
  thickenedGrey,
  thresholdedGrey,
  typicalLineHeight,
} from "./pageImage.ts";
import { readQrCodes, withoutBoxes } from "./readQrCodes.ts";
import { readText, type TextLine } from "./readText.ts";
import {
  confirmedByStore,
  heldBackCandidates,
  type KnownIdentifiers,
  nearTokenGroups,
} from "./storeConfirmation.ts";
import { alphabetOfToken, type TextAlphabet } from "./textAlphabet.ts";
import type { Box } from "./textCandidates.ts";
import { type InkMask, inkMaskOf } from "./textCandidates.ts";
import { hexGlyphs, type PassRead, passSpelling, ReadVotes } from "./uncheckedReads.ts";

/**
 * How a region is read again: scaled relative to the best text height, thresholded or not, its
 * strokes thickened or not.
 */
interface Reread {
  boost: number;
  threshold: boolean;
  bold?: boolean;
}

// Issue 42: recall first. The whole page is read once; the lines that still hold a long run of
// letters and digits no checksummed identifier explains are read again, cut out, bigger and
// thresholded, then at other scales: OCR errs differently each way. The last is much bigger and
// thresholded, unlike the page's own read: a scale near the page's repeats the page's misreads, and
// a hash two passes misread alike would pass for confirmed.
const rereads: readonly Reread[] = [
  { boost: 1.35, threshold: true },
  { boost: 0.9, threshold: false },
  { boost: 1.7, threshold: false },
  { boost: 2.3, threshold: true },
  // Strokes thickened: tesseract drops or doubles thin glyphs (a 1, an f) of a light face at every
  // scale alike, and reads them otherwise when they are bolder.
  { boost: 1.5, threshold: false, bold: true },
];

// A token this long may be an identifier or a piece of one.
const minDoubtfulToken = 16;
// An identifier wraps over at most this many lines (a hash in large text on a phone).
const maxWrapLines = 4;
// Lines closer than this many line heights below one another may be one wrapped identifier.
const wrapGap = 1.2;

/**
 * The identifiers in lines a pass read from `image`, each unchecked one with how sure the OCR was of
 * its digits and where it read them.
 */
function passReads(lines: readonly TextLine[], image: GreyImage): PassRead[] {
  return identifierReadsInText(lines.map((line) => line.text).join("\n"), "text").map((read) => {
    const glyphs = read.checksummed ? null : hexGlyphs(lines, read.identifier);
    return {
      ...read,
      confidences: glyphs?.confidences ?? null,
      glyphs: glyphs === null ? null : { image, ...glyphs },
    };
  });
}

/** Whether a token is explained by an identifier found: some eight-character piece of it is in one. */
function isExplained(token: string, identifiers: readonly string[]): boolean {
  const lower = token.toLowerCase();
  const pieces = [
    lower.slice(0, 8),
    lower.slice(lower.length / 2 - 4, lower.length / 2 + 4),
    lower.slice(-8),
  ];
  return identifiers.some((identifier) => pieces.some((piece) => identifier.toLowerCase().includes(piece)));
}

/** A line to read again, the long token that makes it doubtful, and the alphabet that token seems in. */
interface DoubtfulLine {
  index: number;
  token: string;
  alphabet: TextAlphabet;
}

const isHex = (alphabet: TextAlphabet) => alphabet === "hex" || alphabet === "hexLower";

/** Lines holding a long token that no checksummed identifier explains. */
function doubtfulLines(lines: readonly TextLine[], trusted: readonly string[]): DoubtfulLine[] {
  return lines.flatMap((line, index) => {
    const token = line.text
      .split(/[\s,;'"()[\]{}<>=&*]+/)
      .find(
        (token) => token.length >= minDoubtfulToken && /[0-9]/.test(token) && !isExplained(token, trusted),
      );
    if (token === undefined) return [];
    const bare = token.replace(/^\w+:/, "");
    return [{ index, token: bare, alphabet: alphabetOfToken(bare) }];
  });
}

/**
 * Whether a line may hold the rest of a wrapped identifier: one piece of letters and digits (or two,
 * a piece split by the OCR), not a label ("Send to") nor another identifier of another alphabet.
 */
function mayContinue(
  line: TextLine,
  doubtful: readonly DoubtfulLine[],
  index: number,
  alphabet: TextAlphabet,
): boolean {
  const other = doubtful.find((entry) => entry.index === index);
  // A wrapped EIP-55 address may show its capitals on one line only: hex is hex, either case.
  if (other !== undefined) return other.alphabet === alphabet || (isHex(other.alphabet) && isHex(alphabet));
  const pieces = line.text.split(/\s+/).filter((piece) => piece !== "");
  // Read in hex, a label below ("Request") would come out as hex and lengthen a decoy into a hash.
  if (
    (alphabet === "hex" || alphabet === "hexLower") &&
    !pieces.every((piece) => /^[0-9a-fA-FoOlI]+$/.test(piece))
  )
    return false;
  // Two or three pieces: an identifier's rest split by the OCR ("Ft jhEDpEjXx…") holds a digit or a
  // capital within a word, which a label ("Send to") does not.
  return (
    pieces.length === 1 ||
    (pieces.length <= 3 &&
      pieces.every((piece) => /^[A-Za-z0-9]+$/.test(piece)) &&
      pieces.some((piece) => /\d|[a-z][A-Z]/.test(piece)))
  );
}

/** A region of the page to read again, and the alphabet to read it in. */
export interface Region extends Box {
  alphabet: TextAlphabet;
}

/**
 * The regions of the page (in its own pixels) to read again: each doubtful line with the lines just
 * below it that a wrapped identifier would continue on, padded.
 */
function regionsOf(
  lines: readonly TextLine[],
  doubtful: readonly DoubtfulLine[],
  scale: number,
  page: GreyImage,
): Region[] {
  const regions: Region[] = [];
  const taken = new Set<number>();
  for (const { index, token, alphabet: firstAlphabet } of doubtful) {
    if (taken.has(index)) continue;
    const first = lines[index]!;
    let { left, top, right, bottom } = first;
    let wrapped = token;
    const height = bottom - top;
    for (let next = index + 1; next <= index + maxWrapLines - 1 && next < lines.length; next++) {
      const line = lines[next]!;
      const below = line.top >= bottom - height / 2 && line.top - bottom < height * wrapGap;
      const overlaps = line.left < right && line.right > left;
      if (!below || !overlaps || !mayContinue(line, doubtful, next, firstAlphabet)) break;
      taken.add(next);
      wrapped += line.text.replace(/\s+/g, "");
      left = Math.min(left, line.left);
      right = Math.max(right, line.right);
      bottom = line.bottom;
    }
    // Padded, but never past half-way to the lines above and below: a sliver of a label, read in
    // an identifier's alphabet, would come out as a few more characters of it.
    const pad = height * 0.6;
    const beside = lines.filter((line) => line.left < right && line.right > left);
    const above = Math.max(
      top - pad,
      ...beside.filter((line) => line.bottom <= top).map((line) => (line.bottom + top) / 2),
    );
    const below = Math.min(
      bottom + pad,
      ...beside.filter((line) => line.top >= bottom).map((line) => (line.top + bottom) / 2),
    );
    const box = {
      left: Math.max(0, Math.floor((left - pad) / scale)),
      top: Math.max(0, Math.floor(above / scale)),
      right: Math.min(page.width, Math.ceil((right + pad) / scale)),
      bottom: Math.min(page.height, Math.ceil(below / scale)),
    };
    // The case of a wrapped hex identifier is judged on all its lines: an EIP-55 address read in
    // lowercase hex from a line holding few of its capitals would lose the rest of them.
    const joined = alphabetOfToken(wrapped);
    const alphabet = isHex(firstAlphabet) && isHex(joined) ? joined : firstAlphabet;
    regions.push({
      left: box.left,
      top: box.top,
      width: box.right - box.left,
      height: box.bottom - box.top,
      alphabet,
    });
  }
  return regions.filter((region) => region.width > 4 && region.height > 4);
}

/**
 * The regions of the page (in its own pixels) a pass's lines, read from the page scaled by `scale`,
 * send to be read again: those with a long token no `trusted` identifier explains.
 */
export function rereadRegions(
  lines: readonly TextLine[],
  trusted: readonly string[],
  scale: number,
  page: GreyImage,
): Region[] {
  return regionsOf(lines, doubtfulLines(lines, trusted), scale, page);
}

/**
 * A re-read line of an identifier's alphabet with its pieces glued: the OCR splits a slightly
 * rotated or widely spaced identifier where no space is printed, and these regions hold identifiers.
 */
function joinedPieces(line: TextLine): TextLine {
  const pieces = line.text.split(/\s+/).filter((piece) => piece !== "");
  if (pieces.length > 3 || !pieces.every((piece) => /^[A-Za-z0-9]+$/.test(piece))) return line;
  const kept = line.text.split("").flatMap((glyph, index) => (/\s/.test(glyph) ? [] : [index]));
  return {
    ...line,
    text: kept.map((index) => line.text[index]).join(""),
    confidences: kept.map((index) => line.confidences[index] ?? 0),
    glyphs: kept.map((index) => line.glyphs[index] ?? null),
  };
}

/** What one pass of a scan did, for the benchmark: how long it took and what it read. */
export interface ScanPass {
  pass: "page" | `reread ${number}`;
  ms: number;
  /** Tesseract recognitions the pass ran. */
  recognitions: number;
  /** The text the pass read, its lines in order: what to look at when an identifier is missed. */
  text: string;
  /** Its reads without their glyphs: an observer keeping them would keep each pass's image. */
  reads: Array<Omit<PassRead, "glyphs">>;
}

function withoutGlyphs({ glyphs: _, ...read }: PassRead): Omit<PassRead, "glyphs"> {
  return read;
}

/** The page turned level when its text runs at a slant (a photo, a rotated card). */
function levelled(mask: InkMask): InkMask {
  return rotatedMask(mask, skewAngle(mask));
}

/**
 * 002 §3/§4 search by image (issue 42): the identifiers in an image and how each was read. QR codes
 * (payment URIs decoded to their address, then painted over), then OCR of the whole page (dark themes
 * inverted, scaled so its text is the height tesseract reads best), and the doubtful lines again, cut
 * out. A token is kept only when the SDK validates it, OCR's confusions corrected only where a
 * checksum confirms them, wrapped identifiers joined; a read no checksum vouches for (lowercase hex)
 * must come out the same from two passes (or from one, another spelling it but for a glyph lost or
 * added), each of its digits read with confidence by one of them, or its doubtful and misread digits
 * settled by the image's own glyphs (uncheckedReads.ts). Text comes first, in reading order, then the
 * QR codes; each identifier once. `observe` sees each pass (the benchmark's per-pass figures).
 * `known`, the store's lookup, settles what the image alone left in doubt (storeConfirmation.ts);
 * `near`, the store's prefix lookup, then settles tokens whose readings are too many to list
 * (nearMatches.ts). Without them the image alone decides.
 */
export async function scanImage(
  bytes: Uint8Array,
  observe?: (pass: ScanPass) => void,
  known?: KnownIdentifiers,
  near?: NearIdentifiers,
): Promise<ImageScanRead[]> {
  let started = performance.now();
  const image = await decodeImage(bytes);
  // QR codes first: the page is read with them painted over (withoutBoxes).
  const qrCodes = readQrCodes(image);
  const qrReads = identifierReadsInText(qrCodes.payloads.join("\n"), "qr");
  const mask = levelled(withoutBoxes(inkMaskOf(image), qrCodes.boxes));
  const page: GreyImage = { width: mask.width, height: mask.height, grey: mask.grey };
  const lineHeight = typicalLineHeight(mask);
  const scale = ocrScale(mask, lineHeight);
  const scaledPage = scaledGrey(page, scale);
  const pageText = readText(pngOfGrey(scaledPage), "sparse");
  const lines = await pageText;
  const votes = new ReadVotes();
  const pageReads = passReads(lines, scaledPage);
  votes.add(pageReads, passSpelling(lines));
  observe?.({
    pass: "page",
    ms: performance.now() - started,
    recognitions: 1,
    text: lines.map((line) => line.text).join("\n"),
    reads: pageReads.map(withoutGlyphs),
  });
  const texts = [lines.map((line) => line.text).join("\n")];
  const trusted = () => [...votes.checksummed(), ...qrReads.map((read) => read.identifier)];
  // The page's lines stand in the pixels it was read at: a scale near 1 is not applied at all.
  const readScale = scaledPage.width / page.width;
  const regions = rereadRegions(lines, trusted(), readScale, page);
  for (const [number, reread] of rereads.entries()) {
    if (regions.length === 0) break;
    started = performance.now();
    let recognitions = 0;
    const factor = ocrScale(mask, lineHeight, reread.boost);
    const radius = Math.max(8, Math.round(lineHeight * 1.5 * factor));
    const again: TextLine[] = [];
    const reads: PassRead[] = [];
    for (const alphabet of new Set(regions.map((region) => region.alphabet))) {
      const stacked = stackRegions(
        page,
        regions.filter((region) => region.alphabet === alphabet),
        factor,
      );
      const drawn = reread.bold ? thickenedGrey(stacked.image) : stacked.image;
      const seen = reread.threshold ? thresholdedGrey(drawn, radius) : drawn;
      const read = await readText(pngOfGrey(seen), "block", alphabet);
      recognitions++;
      again.push(...read);
      // Each region is read apart: stacked, the lines of one would seem to continue another's.
      for (const [top, bottom] of stacked.parts) {
        const inPart = read.filter((line) => line.top < bottom && line.bottom > top);
        // The lines as read and with their pieces glued are read together: one pass, one vote.
        for (const part of [inPart, inPart.map(joinedPieces)])
          for (const found of passReads(part, seen)) {
            const other = reads.find((other) => other.identifier === found.identifier);
            if (other === undefined) reads.push(found);
            else if (found.confidences !== null) {
              other.confidences =
                other.confidences?.map((confidence, index) =>
                  Math.max(confidence, found.confidences![index] ?? 0),
                ) ?? found.confidences;
              other.glyphs ??= found.glyphs;
            }
          }
      }
    }
    votes.add(reads, passSpelling(again));
    texts.push(again.map((line) => line.text).join("\n"));
    observe?.({
      pass: `reread ${number + 1}`,
      ms: performance.now() - started,
      recognitions,
      text: again.map((line) => line.text).join("\n"),
      reads: reads.map(withoutGlyphs),
    });
    if (!votes.unconfirmed() && doubtfulLines(again, trusted()).length === 0) break;
  }
  const found = votes.kept();
  // Checksummed identifiers no pass read whole, from two passes' reads together.
  if (texts.length > 1)
    for (const read of identifierReadsFromPasses(texts, [
      ...found.map((kept) => kept.identifier),
      ...qrReads.map((read) => read.identifier),
    ]))
      if (!found.some((kept) => kept.identifier === read.identifier)) found.push(read);
  // Issue 42: what the image alone left in doubt, settled by the store's chain data when it holds
  // exactly one of the readings; after everything the image settled, which it never changes.
  if (known !== undefined) {
    const groups = [...votes.heldBack().map(heldBackCandidates), ...nearTokenGroups(texts)];
    const settled = [...found, ...qrReads].map((read) => read.identifier);
    found.push(...(await confirmedByStore(groups, settled, known)));
  }
  if (near !== undefined) {
    const settled = [...found, ...qrReads].map((read) => read.identifier);
    const heldBack = votes.heldBack().flatMap((group) => group.map((spelling) => spelling.identifier));
    found.push(...(await nearStoredReads(nearTokens(texts, heldBack), settled, near)));
  }
  for (const read of qrReads)
    if (!found.some((kept) => kept.identifier === read.identifier)) found.push(read);
  return found;
}
