/**
 * HTML character references in page titles and descriptions: numeric ones, the Latin-1 names (HTML 4,
 * U+00A0–U+00FF in order) and the other names that show up in titles. Unknown names stay as written.
 */
const LATIN1 = ('nbsp iexcl cent pound curren yen brvbar sect uml copy ordf laquo not shy reg macr deg plusmn sup2 sup3 '
  + 'acute micro para middot cedil sup1 ordm raquo frac14 frac12 frac34 iquest Agrave Aacute Acirc Atilde Auml Aring AElig '
  + 'Ccedil Egrave Eacute Ecirc Euml Igrave Iacute Icirc Iuml ETH Ntilde Ograve Oacute Ocirc Otilde Ouml times Oslash Ugrave '
  + 'Uacute Ucirc Uuml Yacute THORN szlig agrave aacute acirc atilde auml aring aelig ccedil egrave eacute ecirc euml igrave '
  + 'iacute icirc iuml eth ntilde ograve oacute ocirc otilde ouml divide oslash ugrave uacute ucirc uuml yacute thorn yuml').split(' ')

const OTHERS: Record<string, number> = {
  amp: 0x26, lt: 0x3c, gt: 0x3e, quot: 0x22, apos: 0x27, OElig: 0x152, oelig: 0x153, Scaron: 0x160, scaron: 0x161,
  Yuml: 0x178, fnof: 0x192, circ: 0x2c6, tilde: 0x2dc, ensp: 0x2002, emsp: 0x2003, thinsp: 0x2009, zwnj: 0x200c,
  zwj: 0x200d, lrm: 0x200e, rlm: 0x200f, ndash: 0x2013, mdash: 0x2014, lsquo: 0x2018, rsquo: 0x2019, sbquo: 0x201a,
  ldquo: 0x201c, rdquo: 0x201d, bdquo: 0x201e, dagger: 0x2020, Dagger: 0x2021, bull: 0x2022, hellip: 0x2026,
  permil: 0x2030, prime: 0x2032, Prime: 0x2033, lsaquo: 0x2039, rsaquo: 0x203a, oline: 0x203e, euro: 0x20ac,
  trade: 0x2122, larr: 0x2190, uarr: 0x2191, rarr: 0x2192, darr: 0x2193, harr: 0x2194, hearts: 0x2665, star: 0x2606,
  check: 0x2713, nbhy: 0x2011, colon: 0x3a, comma: 0x2c, period: 0x2e, excl: 0x21, quest: 0x3f, num: 0x23,
  dollar: 0x24, percnt: 0x25, lpar: 0x28, rpar: 0x29, ast: 0x2a, plus: 0x2b, sol: 0x2f, semi: 0x3b, equals: 0x3d,
  commat: 0x40, lsqb: 0x5b, rsqb: 0x5d, bsol: 0x5c, lowbar: 0x5f, verbar: 0x7c, vert: 0x7c, lcub: 0x7b, rcub: 0x7d,
  NewLine: 0x0a, Tab: 0x09,
}

const NAMED = new Map<string, number>(Object.entries(OTHERS))
LATIN1.forEach((name, i) => NAMED.set(name, 0xa0 + i))

/** Code points that a numeric reference may not produce are replaced (as browsers do). */
function fromCodePoint(code: number): string {
  if (!Number.isFinite(code) || code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return '\uFFFD'
  return String.fromCodePoint(code)
}

export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text
  return text.replace(/&(?:#[xX]([0-9a-fA-F]{1,8})|#([0-9]{1,10})|([A-Za-z][A-Za-z0-9]{1,31}));?/g, (whole, hex, dec, name) => {
    if (hex !== undefined) return fromCodePoint(parseInt(hex, 16))
    if (dec !== undefined) return fromCodePoint(parseInt(dec, 10))
    const code = NAMED.get(name)
    return code === undefined ? whole : String.fromCodePoint(code)
  })
}
