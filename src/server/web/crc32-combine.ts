/**
 * CRC-32 (as zlib computes it) of two byte strings joined, from the CRC of each and the second's
 * length, as zlib's crc32_combine does (Node does not expose it). A page's gzip trailer needs the
 * CRC of the whole page; its large rest never changes, so its CRC and the shift over its length
 * are computed once (`crc32Shift`), and each response costs 32 steps instead of a pass over the page.
 */

/** CRC-32's polynomial, reflected. */
const POLY = 0xedb88320;

/** a·b modulo the CRC polynomial, both reflected (zlib's multmodp). */
function multiplyModP(a: number, b: number): number {
  let m = 0x80000000;
  let product = 0;
  for (;;) {
    if (a & m) {
      product ^= b;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    b = b & 1 ? (b >>> 1) ^ POLY : b >>> 1;
  }
  return product >>> 0;
}

/** x^(2^k) modulo the polynomial, for k = 0..31 (zlib's x2n_table). */
const powersOfX: number[] = [];
for (let k = 0, p = 1 << 30; k < 32; k++, p = multiplyModP(p, p)) powersOfX.push(p >>> 0);

/** What appending `length` bytes does to a CRC, to pass to crc32Combine: depends on the length only. */
export function crc32Shift(length: number): number {
  // x^(8·length) modulo the polynomial (zlib's x2nmodp(length, 3)).
  let p = 0x80000000;
  for (let n = length, k = 3; n > 0; n = Math.floor(n / 2), k++) if (n % 2 === 1) p = multiplyModP(powersOfX[k & 31]!, p);
  return p >>> 0;
}

/** The CRC-32 of A followed by B, from crc(A), crc(B) and crc32Shift(B's length). */
export function crc32Combine(crcA: number, crcB: number, shiftB: number): number {
  return (multiplyModP(shiftB, crcA) ^ crcB) >>> 0;
}
